#!/usr/bin/env python3
"""Ratings of a club's folder beside statistics on it (issue 34), in one run, public tools only:

    python3 benches/ratings.py [--marque target/release/marque] [--sessions 5000] [--runs 5]

A folder of N finished sessions of the five games among a dozen players (benches/club.py), its
index made by a first run; then `marque stats` and `marque stats --ratings` timed alternately,
both through the index. Target: ratings at most 2x the time of statistics.
"""
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
    wall(stats)  # the index made once
    s, r = [], []
    for _ in range(args.runs):
        s.append(wall(stats))
        r.append(wall(ratings))
    ms, mr = statistics.median(s) * 1000, statistics.median(r) * 1000
    ratio = mr / ms
    print(f"{args.sessions} sessions: stats {ms:.1f} ms, ratings {mr:.1f} ms: "
          f"{ratio:.2f}x (floor 2x) {'ok' if ratio <= 2 else 'OVER'}")
    subprocess.run(["rm", "-rf", folder])
    sys.exit(0 if ratio <= 2 else 1)


if __name__ == "__main__":
    main()
