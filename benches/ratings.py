#!/usr/bin/env python3
"""Ratings of a club's folder beside statistics on it (issue 34), in one run, public tools only:

    python3 benches/ratings.py [--marque target/release/marque] [--sessions 5000] [--runs 5]

A folder of N finished sessions of the five games among a dozen players (benches/club.py), its
index made by a first run; then timed alternately, all through the index:
- `marque stats`;
- `marque stats --ratings` on a folder that did not change (the ladders the index kept);
- `marque stats --ratings` made again (the index's kept ladders taken out before each run,
  its sessions' summaries left).
Target: ratings, kept or made, at most 2x the time of statistics.
"""
import json
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import club  # noqa: E402


def wall(cmd):
    start = time.perf_counter()
    done = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if done.returncode != 0:
        raise SystemExit(f"{cmd} exited {done.returncode}")
    return time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--marque", default=os.path.join(HERE, "..", "target", "release", "marque"))
    ap.add_argument("--sessions", type=int, default=5000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    marque = os.path.abspath(args.marque)
    folder = tempfile.mkdtemp(prefix="marque-club-")
    sys.argv = ["club.py", folder, str(args.sessions)]
    club.main()
    stats = [marque, "stats", "--json", folder]
    ratings = [marque, "stats", "--ratings", "--json", folder]
    index = os.path.join(folder, ".index.json")

    def forget_ratings():
        with open(index, encoding="utf-8") as f:
            kept = json.load(f)
        if kept.pop("ratings", None) is None:
            raise SystemExit("the index kept no ratings")
        with open(index, "w", encoding="utf-8") as f:
            json.dump(kept, f)

    wall(ratings)  # the index made once, with its ratings
    s, kept, made = [], [], []
    for _ in range(args.runs):
        s.append(wall(stats))
        kept.append(wall(ratings))
        forget_ratings()
        made.append(wall(ratings))
    ms = statistics.median(s) * 1000
    ok = True
    print(f"{args.sessions} sessions: stats {ms:.1f} ms")
    for name, runs in (("ratings kept", kept), ("ratings made again", made)):
        m = statistics.median(runs) * 1000
        ratio = m / ms
        ok &= ratio <= 2
        print(f"  {name} {m:.1f} ms: {ratio:.2f}x (floor 2x) {'ok' if ratio <= 2 else 'OVER'}")
    subprocess.run(["rm", "-rf", folder])
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
