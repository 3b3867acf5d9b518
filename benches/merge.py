#!/usr/bin/env python3
"""`marque merge` of a long session and its conflict copy (each side added one deal after they
parted), beside `marque score` of the same file as its floor, in the same run: medians of a few
runs, wall time and peak memory (/usr/bin/time).

    cargo build --release && python3 benches/merge.py [--deals 100000] [--runs 5]
"""
import argparse, json, os, shutil, statistics, subprocess, tempfile, time

MARQUE = os.path.join(os.path.dirname(__file__), "..", "target", "release", "marque")


def session(path, n):
    hand = {"contract": "1C", "declarer": "N", "tricks": 7}
    h = json.dumps(hand, separators=(",", ":"))
    entry = lambda i: json.dumps({"at": "2026-11-25T20:00:00+01:00", "action": "add", "hand": i + 1,
                                  "old": None, "new": hand}, separators=(",", ":"))
    with open(path, "w") as f:
        f.write('{\n  "format": "marque-session",\n  "version": 1,\n  "id": "long",\n'
                '  "game": "bridge",\n  "players": ["A", "B", "C", "D"],\n  "options": {},\n'
                '  "closed": false,\n  "hands": [\n')
        f.write(",\n".join("    " + h for _ in range(n)))
        f.write("\n  ],\n  \"log\": [\n")
        f.write(",\n".join("    " + entry(i) for i in range(n)))
        f.write("\n  ]\n}\n")


def timed(args):
    start = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-f", "%M"] + args, capture_output=True, text=True)
    wall = time.perf_counter() - start
    assert out.returncode == 0, out.stderr
    return wall, int(out.stderr.strip().splitlines()[-1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=100_000)
    ap.add_argument("--runs", type=int, default=5)
    a = ap.parse_args()
    work = tempfile.mkdtemp()
    saved = os.path.join(work, "saved")
    os.makedirs(saved)
    main_file = os.path.join(saved, "long.json")
    copy = os.path.join(saved, "long.sync-conflict-20261125-101010-ABCDEFG.json")
    session(main_file, a.deals)
    shutil.copy(main_file, copy)
    for f, deal in [(main_file, "2C"), (copy, "3C")]:
        hand = json.dumps({"contract": deal, "declarer": "N", "tricks": 8})
        subprocess.run([MARQUE, "add", f, hand], check=True)
    folder = os.path.join(work, "folder")
    merges, scores = [], []
    for _ in range(a.runs):
        shutil.rmtree(folder, ignore_errors=True)
        shutil.copytree(saved, folder)
        target = os.path.join(folder, "long.json")
        scores.append(timed([MARQUE, "score", target]))
        merges.append(timed([MARQUE, "merge", target, "--lang", "en"]))
    size = os.path.getsize(main_file)
    m = statistics.median(w for w, _ in merges)
    s = statistics.median(w for w, _ in scores)
    mm = statistics.median(k for _, k in merges)
    sm = statistics.median(k for _, k in scores)
    print(f"{a.deals} deals, {size / 2**20:.1f} MiB a copy, {a.runs} runs")
    print(f"merge: {m * 1000:.0f} ms, {mm / 1024:.0f} MiB peak")
    print(f"score (floor): {s * 1000:.0f} ms, {sm / 1024:.0f} MiB peak")
    print(f"ratio: {m / s:.2f} time, {mm / sm:.1f} memory")
    shutil.rmtree(work)


if __name__ == "__main__":
    main()
