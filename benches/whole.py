#!/usr/bin/env python3
"""Whole-process figures of the `marque` command line, each beside its floor, measured in the same
run, alternately (A B A B …), median of several runs. Public tools only: the OS's own accounting
of each finished process (os.wait4: user + system CPU, peak resident memory).

    python3 benches/whole.py [--runs N] [--marque target/release/marque]

It writes the sessions with benches/sessions.py into a temporary folder first. Targets (from the
issues): `score` CPU ≤ 0.5× Python's json.load of the same file, and peak memory above the
process's own floor (`marque score` of an empty session) ≤ 2× the file's size (issue 54; shown
as measured too); `add` wall ≤ 2× `cp F G && sync G`; `check` of 5,000 files CPU ≤ 0.5× json.load of
every file (on a folder of sessions as Marque writes them, and the same sessions indented).
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


PEAK = os.path.join(tempfile.gettempdir(), f"marque-bench-peak-{os.getpid()}")


def run(cmd, setup=None):
    """Runs cmd once; returns (cpu seconds, wall seconds, peak KiB, exit status).

    The command runs under /usr/bin/time, which reports its peak memory: a process forked from
    this Python would carry Python's own peak into its figure. The CPU is that of /usr/bin/time
    and the command together (a millisecond for time itself, on both sides of every pair)."""
    if setup:
        setup()
    t0 = time.perf_counter()
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M %x", "-o", PEAK] + cmd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    with open(PEAK) as f:
        peak, code = f.read().split()[-2:]
    return ru.ru_utime + ru.ru_stime, wall, int(peak), int(code)


def pair(a, b, runs, setup_a=None, setup_b=None):
    """Runs a and b alternately after one warm-up each; medians of (cpu, wall, peak) per side."""
    run(a, setup_a)
    run(b, setup_b)
    ra, rb = [], []
    for _ in range(runs):
        ra.append(run(a, setup_a))
        rb.append(run(b, setup_b))
    med = lambda rs, k: statistics.median(r[k] for r in rs)
    bad = [r[3] for r in ra if r[3] != 0]
    return (med(ra, 0), med(ra, 1), med(ra, 2)), (med(rb, 0), med(rb, 1), med(rb, 2)), bad


def own_layout(src, dst):
    """Writes the session src as Marque lays a file out: the known fields a line each, one hand
    a line (sessions.py indents every value, as other tools do)."""
    with open(src) as f:
        doc = json.load(f)
    hands = doc.pop("hands")
    lines = [f'  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}' for k, v in doc.items()]
    body = ",\n".join(lines) + ',\n  "hands": [\n' + ",\n".join(
        "    " + json.dumps(h, separators=(",", ":")) for h in hands) + "\n  ]"
    with open(dst, "w") as f:
        f.write("{\n" + body + "\n}\n")


def verdict(ok):
    return "ok" if ok else "OVER"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--marque", default=os.path.join(HERE, "..", "target", "release", "marque"))
    ap.add_argument("--only", choices=["score", "add", "check"], help="one group of figures")
    args = ap.parse_args()
    marque = os.path.abspath(args.marque)
    want = lambda group: int(args.only in (None, group))
    tmp = tempfile.mkdtemp(prefix="marque-bench-")
    try:
        subprocess.run([sys.executable, os.path.join(HERE, "sessions.py"), tmp], check=True)
        py = [sys.executable, "-c", "import json,sys\nfor f in sys.argv[1:]: json.load(open(f))"]
        empty = os.path.join(tmp, "empty.json")
        with open(empty, "w") as f:
            f.write('{"format":"marque-session","version":1,"game":"truc",'
                    '"players":["A","B"],"hands":[]}')
        base = pair([marque, "score", empty], [marque, "score", empty], args.runs)[0][2]
        print(f"marque score of an empty session: peak {base} KiB (the process's own floor)")
        print()
        print(f"{'work':40} {'marque':>10} {'floor':>10} {'ratio':>6} {'target':>7}")
        for game in ["truc", "bridge", "2500", "democratie", "tarot", "ascenseur"] * want("score"):
            f = os.path.join(tmp, f"{game}.json")
            size = os.path.getsize(f) / 1024
            (cpu, _, peak), (fcpu, _, _), bad = pair([marque, "score", f], py + [f], args.runs)
            ratio = cpu / fcpu if fcpu else float("nan")
            print(f"{'score ' + game + ' CPU (s)':40} {cpu:10.3f} {fcpu:10.3f} {ratio:6.2f} "
                  f"{'≤ 0.5':>7} {verdict(ratio <= 0.5)}{' exit ' + str(bad) if bad else ''}")
            print(f"{'  peak memory / file size':40} {peak:9.0f}K {size:9.0f}K "
                  f"{peak / size:6.2f} {'—':>7}")
            # The longest ascenseur is 4 KiB: the program's own pages weigh more than its file.
            above = (peak - base) / size
            print(f"{'  (above the floor) / file size':40} {peak - base:9.0f}K {size:9.0f}K "
                  f"{above:6.2f} {'≤ 2':>7} "
                  f"{verdict(above <= 2) if game != 'ascenseur' else '— (a 4 KiB file)'}")
        # add: one brasse to a 2,000-brasse session, against copying and syncing the same file:
        # a file as Marque writes it (one hand a line), and the first add to a file laid out by
        # another tool (indented), which Marque rewrites in its own layout.
        pretty = os.path.join(tmp, "2500-2000.json")
        own = os.path.join(tmp, "2500-2000-own.json")
        hand = ('{"frime": "8", "laid": [["A","A","A"], [], ["K","K","K"], []], '
                '"hand": [[], ["3"], [], ["Q"]]}')
        own_layout(pretty, own)
        work = os.path.join(tmp, "add.json")
        copy = os.path.join(tmp, "copy.json")
        for label, src in [("add to 2,000 brasses, wall (s)", own),
                           ("  the same, the file indented", pretty)] * want("add"):
            (_, wall, _), (_, fwall, _), bad = pair(
                [marque, "add", work, hand], ["sh", "-c", f"cp {src} {copy} && sync {copy}"],
                args.runs, setup_a=lambda: shutil.copyfile(src, work))
            print(f"{label:40} {wall:10.4f} {fwall:10.4f} "
                  f"{wall / fwall:6.2f} {'≤ 2':>7} {verdict(wall / fwall <= 2)}"
                  f"{' exit ' + str(bad) if bad else ''}")
        # check: 5,000 session files, with the index cold (removed before each run) and warm;
        # the folder as Marque writes it (its data folder), and the same sessions indented.
        many = os.path.join(tmp, "many")
        mine = os.path.join(tmp, "mine")
        os.makedirs(mine)
        names = sorted(n for n in os.listdir(many) if n.endswith(".json"))
        for n in names:
            own_layout(os.path.join(many, n), os.path.join(mine, n))
        for label, folder in [("as Marque writes them", mine),
                              ("indented by another tool", many)] * want("check"):
            files = [os.path.join(folder, n) for n in names]
            index = os.path.join(folder, ".index.json")
            drop = lambda: os.path.exists(index) and os.remove(index)
            (cold, _, _), (fcpu, _, _), _ = pair([marque, "check", folder], py + files,
                                                args.runs, setup_a=drop)
            (warm, _, _), _, _ = pair([marque, "check", folder], [marque, "check", folder],
                                      args.runs)
            print(f"check 5,000 files {label}:")
            print(f"{'  index cold (made), CPU (s)':40} {cold:10.3f} {fcpu:10.3f} "
                  f"{cold / fcpu:6.2f} {'≤ 0.5':>7} {verdict(cold / fcpu <= 0.5)}")
            print(f"{'  index warm, CPU (s)':40} {warm:10.3f} {fcpu:10.3f} "
                  f"{warm / fcpu:6.2f} {'≤ 0.5':>7} {verdict(warm / fcpu <= 0.5)}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
