#!/usr/bin/env python3
"""`marque evening` beside its floors (issue 51), measured in the same run, alternately, median
of several runs (the OS's own accounting, as benches/whole.py does).

    python3 benches/evening.py [--runs N] [--marque target/release/marque]

A 15-table Mitchell of 27 boards a table (9 rounds of 3: 405 results), deterministic: its CPU
beside Python's json.load of all its files (target ≤ 0.5), its peak memory above an empty
evening's beside the size of its files (target ≤ 2); the same evening at 30 tables, to see that
the time grows no worse than linearly in the results.

Peak memory is given twice. The OS's peak resident size counts the pages of the program's own
code that a run touches: an evening with results runs the deal scoring, the matchpoints and the
writing of travellers, which an empty one never runs, so that part of the difference is code
read from the binary, not memory the evening holds. What the evening holds is its heap: where
Debian's heaptrack is installed its peak heap is measured too, and that is the figure the target
is read against.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from whole import pair, run, verdict  # noqa: E402

CONTRACTS = ["1NT", "2H", "3NT", "4S", "4HX", "6D", "3C", "2SX", "pass"]


def deal(rng):
    c = rng.choice(CONTRACTS)
    if c == "pass":
        return {"contract": "pass"}
    level = int(c[0])
    return {"contract": c, "declarer": rng.choice("NESW"),
            "tricks": max(0, min(13, 6 + level + rng.randint(-2, 2)))}


def mitchell(tables, per, rounds):
    """(round, table, ns, ew, boards) as club-rules.md's Mitchell seats them."""
    for r in range(1, rounds + 1):
        shift = r if tables % 2 == 0 and r > tables // 2 else r - 1
        for t in range(1, tables + 1):
            s = (t + r - 2) % tables + 1
            ew = tables + (t - 1 - shift) % tables + 1
            yield r, t, t, ew, [(s - 1) * per + k for k in range(1, per + 1)]


def write(folder, tables, per, rounds, seed=1, results=True):
    rng = random.Random(seed)
    os.makedirs(folder, exist_ok=True)
    pairs = {str(p): [f"Joueur {p}a", f"Joueur {p}b"] for p in range(1, 2 * tables + 1)}
    ev = {"format": "marque-evening", "version": 1, "id": "bench", "kind": "pairs",
          "movement": {"kind": "mitchell", "tables": tables, "boards_per_round": per,
                       "rounds": rounds},
          "pairs": pairs,
          "tables": [{"table": t, "file": f"bench-t{t}.json"} for t in range(1, tables + 1)]}
    hands = {t: [] for t in range(1, tables + 1)}
    if results:
        for r, t, ns, ew, boards in mitchell(tables, per, rounds):
            for b in boards:
                h = deal(rng)
                h["board"] = b
                hands[t].append(h)
    files = [os.path.join(folder, "bench.evening.json")]
    with open(files[0], "w") as f:
        json.dump(ev, f, ensure_ascii=False, indent=1)
    for t in range(1, tables + 1):
        doc = {"format": "marque-session", "version": 1, "game": "bridge",
               "players": ["N", "E", "S", "W"], "options": {"format": "duplicate"},
               "hands": hands[t]}
        path = os.path.join(folder, f"bench-t{t}.json")
        with open(path, "w") as f:
            f.write("{\n" + ",\n".join(
                f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in doc.items() if k != "hands")
                + ',\n  "hands": [\n' + ",\n".join("    " + json.dumps(h) for h in hands[t])
                + "\n  ]\n}\n")
        files.append(path)
    return files


def heap_peak(cmd, folder):
    """The command's peak heap in KiB by heaptrack (None where it is not installed)."""
    if not (shutil.which("heaptrack") and shutil.which("heaptrack_print")):
        return None
    out = os.path.join(folder, "heap")
    subprocess.run(["heaptrack", "-o", out] + cmd, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    found = [f for f in os.listdir(folder) if f.startswith("heap")]
    if not found:
        return None
    text = subprocess.run(["heaptrack_print", os.path.join(folder, found[0])],
                          capture_output=True, text=True, check=False).stdout
    for f in found:
        os.remove(os.path.join(folder, f))
    m = re.search(r"peak heap memory consumption: ([0-9.]+)([KMG]?)", text)
    if not m:
        return None
    return float(m.group(1)) * {"": 1 / 1024, "K": 1, "M": 1024, "G": 1024 * 1024}[m.group(2)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--marque", default="target/release/marque")
    a = ap.parse_args()
    marque = os.path.abspath(a.marque)
    with tempfile.TemporaryDirectory(prefix="marque-evening-") as tmp:
        files = write(os.path.join(tmp, "e15"), 15, 3, 9)
        empty = write(os.path.join(tmp, "e0"), 15, 3, 9, results=False)
        big = write(os.path.join(tmp, "e30"), 30, 3, 9)
        size = sum(os.path.getsize(f) for f in files)
        loader = [sys.executable, "-c",
                  "import json,sys\nfor p in sys.argv[1:]: json.load(open(p))"] + files
        (cpu, wall, peak), (fcpu, fwall, _), bad = pair(
            [marque, "evening", files[0]], loader, a.runs)
        (_, _, peak0), _, _ = pair([marque, "evening", empty[0]], ["true"], a.runs)
        (cpu30, _, _), _, bad30 = pair([marque, "evening", big[0]], ["true"], a.runs)
        above = (peak - peak0) * 1024 / size
        print(f"marque evening, 15 tables, 405 results, {size / 1024:.0f} KiB of files")
        print(f"  CPU {cpu * 1000:.1f} ms beside json.load {fcpu * 1000:.1f} ms: "
              f"{cpu / fcpu:.2f} (target ≤ 0.5: {verdict(cpu / fcpu <= 0.5)})")
        print(f"  peak resident {peak} KiB, {peak - peak0} KiB above an empty evening's: "
              f"{above:.2f}× its files (the program's code pages the scoring touches included)")
        heap = heap_peak([marque, "evening", files[0]], tmp)
        heap0 = heap_peak([marque, "evening", empty[0]], tmp)
        if heap is None or heap0 is None:
            print("  peak heap: heaptrack is not installed (apt-get install heaptrack)")
        else:
            h = (heap - heap0) * 1024 / size
            print(f"  peak heap {heap:.0f} KiB, {heap - heap0:.1f} KiB above an empty evening's: "
                  f"{h:.2f}× its files (target ≤ 2: {verdict(h <= 2)})")
        print(f"  30 tables, 810 results: CPU {cpu30 * 1000:.1f} ms, "
              f"{cpu30 / cpu:.2f}× the 15 tables' for 2× the results "
              f"(linear: ≤ 2: {verdict(cpu30 / cpu <= 2.2)})")
        if bad or bad30:
            print("  (some runs did not exit 0)", bad, bad30)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
