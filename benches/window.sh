#!/usr/bin/env bash
# The app in a real window (under Xvfb): how long until its window is up with 5,000 saved
# sessions beside an empty folder, and the main thread's CPU while the pointer moves over a
# 2,000-deal sheet beside a 20-deal one, and over a home screen of 5,000 sessions beside an
# empty one. Public tools only: Xvfb, xdotool, /proc.
#
#     apt-get install -y xvfb xauth xdotool libgl1-mesa-dri libegl-mesa0
#     cargo build --release && bash benches/window.sh
#
# Targets: window up within 300 ms of the empty folder's; the home screen's main-thread CPU at
# most 2x the empty home's; the 2,000-deal sheet's at most 1.5x the 20-deal sheet's.
set -euo pipefail
cd "$(dirname "$0")/.."
marque=${MARQUE:-target/release/marque}
runs=${RUNS:-5}
export DISPLAY=${DISPLAY:-:97}
if ! xdpyinfo >/dev/null 2>&1 && ! xdotool getmouselocation >/dev/null 2>&1; then
  Xvfb "$DISPLAY" -screen 0 1280x800x24 >/dev/null 2>&1 &
  xvfb=$!
  trap 'kill $xvfb 2>/dev/null || true' EXIT
  sleep 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"; [ -n "${xvfb:-}" ] && kill $xvfb 2>/dev/null || true' EXIT
python3 benches/sessions.py "$tmp/gen" >/dev/null
mkdir -p "$tmp/empty" "$tmp/many"
cp "$tmp"/gen/many/*.json "$tmp/many/"
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
strains = ["C", "D", "H", "S", "NT"]
for n in (2000, 20):
    hands = []
    for i in range(n):
        level = 1 + i % 7
        tricks = min(6 + level + i % 3, 13) - (2 if i % 5 == 0 else 0)
        hands.append({"contract": f"{level}{strains[i % 5]}", "declarer": "NESW"[i % 4], "tricks": tricks})
    json.dump({"format": "marque-session", "version": 1, "game": "bridge",
               "players": ["Anne", "Bruno", "Claire", "David"], "hands": hands},
              open(f"{d}/sheet{n}.json", "w"))
PY

now_ms() { date +%s%3N; }
median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

# Milliseconds from start to a visible window named Marque.
window_up() {
  local folder=$1 t0 t1 pid
  t0=$(now_ms)
  MARQUE_DATA_DIR=$folder "$marque" >/dev/null 2>&1 &
  pid=$!
  xdotool search --sync --onlyvisible --name '^Marque$' >/dev/null
  t1=$(now_ms)
  kill $pid; wait $pid 2>/dev/null || true
  echo $((t1 - t0))
}

# Main-thread CPU (ms) of the app while the pointer sweeps the window for 5 s.
main_cpu() {
  local folder=$1; shift
  MARQUE_DATA_DIR=$folder "$marque" "$@" >/dev/null 2>&1 &
  local pid=$!
  local win
  win=$(xdotool search --sync --onlyvisible --name '^Marque$' | head -1)
  sleep 1.5
  local tick before after
  tick=$(getconf CLK_TCK)
  before=$(awk '{print $14 + $15}' /proc/$pid/task/$pid/stat)
  for i in $(seq 1 100); do
    xdotool mousemove --window "$win" $((100 + (i * 37) % 900)) $((150 + (i * 53) % 500))
    sleep 0.05
  done
  after=$(awk '{print $14 + $15}' /proc/$pid/task/$pid/stat)
  kill $pid; wait $pid 2>/dev/null || true
  echo $(( (after - before) * 1000 / tick ))
}

printf '%-48s %8s %8s %6s %s\n' figure marque floor ratio target
e=$(for i in $(seq $runs); do window_up "$tmp/empty"; done | median)
m=$(for i in $(seq $runs); do window_up "$tmp/many"; done | median)
printf '%-48s %6s ms %6s ms %+6d %s\n' "window up, 5,000 sessions vs an empty folder" "$m" "$e" $((m - e)) "≤ +300 ms"
h=$(for i in $(seq 3); do main_cpu "$tmp/many"; done | median)
he=$(for i in $(seq 3); do main_cpu "$tmp/empty"; done | median)
printf '%-48s %6s ms %6s ms %6s %s\n' "home: main-thread CPU, 5,000 vs empty" "$h" "$he" \
  "$(awk -v a="$h" -v b="$he" 'BEGIN {printf "%.2f", (b ? a / b : 0)}')" "≤ 2"
s=$(for i in $(seq 3); do main_cpu "$tmp/empty" open "$tmp/sheet2000.json"; done | median)
se=$(for i in $(seq 3); do main_cpu "$tmp/empty" open "$tmp/sheet20.json"; done | median)
printf '%-48s %6s ms %6s ms %6s %s\n' "sheet: main-thread CPU, 2,000 vs 20 deals" "$s" "$se" \
  "$(awk -v a="$s" -v b="$se" 'BEGIN {printf "%.2f", (b ? a / b : 0)}')" "≤ 1.5"
