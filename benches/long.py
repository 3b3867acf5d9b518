#!/usr/bin/env python3
"""Long sessions: every path that reads a whole session, at 10,000 and at 100,000 deals, each
figure beside its floor, measured in the same run (public tools only: /usr/bin/time for peak
memory, os.wait4 for CPU).

    python3 benches/long.py [--runs N] [--marque target/release/marque] [--deals 10000]

A bridge evening of made 7NTs (a rubber every two deals: the game state that grows fastest) and a
truc partie of as many deals. Targets (issue 19): at 10× the deals, each path takes ≤ 12× its
time and holds ≤ 10× the file in memory above an empty session's (`score` ≤ 2×).
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from whole import run  # noqa: E402  (the same measuring as benches/whole.py)


def session(game, players, options, hands):
    return {"format": "marque-session", "version": 1, "id": f"long-{game}", "game": game,
            "created": "2026-11-23T20:00:00+01:00", "players": players, "options": options,
            "closed": False, "hands": hands}


def write(path, doc):
    """One hand a line, as Marque writes a session."""
    hands = doc.pop("hands")
    head = ",\n".join(f"  {json.dumps(k)}: {json.dumps(v)}" for k, v in doc.items())
    with open(path, "w") as f:
        f.write("{\n" + head + ',\n  "hands": [\n')
        f.write(",\n".join("    " + json.dumps(h, separators=(",", ":")) for h in hands))
        f.write("\n  ]\n}\n")


def bridge(n):
    deal = {"contract": "7NT", "declarer": "N", "tricks": 13}
    return session("bridge", ["Anne", "Bruno", "Chloé", "Denis"], {}, [deal] * n)


def truc(n):
    hands = [{"calls": [], "winner": i % 2} for i in range(n)]
    return session("truc", ["Anne", "Bruno"], {"target": 10**9, "manches": 10**6}, hands)


def le2500_events(n):
    """A 2500 partie that never ends, with a table event every tenth entry (issue 32): an
    arrival and a departure early on, then substitutes and agreed points in turn."""
    playing, hands, k = 3, [], 0
    for i in range(n):
        if i % 10 == 9:
            if k == 0:
                hands.append({"event": "join", "player": "Marc", "score": 450})
                playing += 1
            elif k == 1:
                hands.append({"event": "leave", "seat": 1})
                playing -= 1
            elif k % 2:
                hands.append({"event": "replace", "seat": 0, "player": f"R{k}"})
            else:
                hands.append({"event": "adjust", "side": 2, "points": 5, "reason": "accord"})
            k += 1
            continue
        laid = [["K", "K", "K"]] + [[]] * (playing - 1)
        hands.append({"frime": "8", "laid": laid, "hand": [[]] * playing})
    return session("2500", ["Anne", "Bruno", "Chloé"], {"target": 10**12}, hands)


def median(cmd, runs):
    # An export never writes over a file: the one of the last run goes first.
    out = cmd[cmd.index("-o") + 1] if "-o" in cmd else None
    setup = (lambda: os.path.exists(out) and os.remove(out)) if out else None
    rs = [run(cmd, setup) for _ in range(runs)]
    bad = [r[3] for r in rs if r[3] != 0]
    return statistics.median(r[0] for r in rs), statistics.median(r[2] for r in rs), bad


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--deals", type=int, default=10_000, help="the short session; the long is 10×")
    ap.add_argument("--only", default="", help="only the paths whose name contains this")
    ap.add_argument("--marque", default=os.path.join(HERE, "..", "target", "release", "marque"))
    args = ap.parse_args()
    marque = os.path.abspath(args.marque)
    tmp = tempfile.mkdtemp(prefix="marque-long-")
    empty = os.path.join(tmp, "empty.json")
    write(empty, session("truc", ["A", "B"], {}, []))
    _, floor, _ = median([marque, "score", empty], args.runs)
    print(f"marque score of an empty session: peak {floor} KiB (the floor memory is counted above)")
    print(f"{'path':34} {'deals':>7} {'CPU s':>8} {'× short':>8} {'≤':>4} "
          f"{'mem/file':>9} {'≤':>4}")
    ok = True
    for game, make in [("bridge", bridge), ("truc", truc), ("2500+events", le2500_events)]:
        sizes = {}
        for n in (args.deals, args.deals * 10):
            f = os.path.join(tmp, f"{game}-{n}.json")
            write(f, make(n))
            sizes[n] = os.path.getsize(f) / 1024
        paths = [
            ("score", lambda f, n: [marque, "score", f], 12, 2),
            ("score --text", lambda f, n: [marque, "score", "--text", f], 12, 10),
            ("explain (last deal)", lambda f, n: [marque, "explain", f, str(n)], 12, 10),
            ("export csv", lambda f, n: [marque, "export", f, "--format", "csv", "-o",
                                         f + ".csv"], 12, 10),
            ("export pdf", lambda f, n: [marque, "export", f, "--format", "pdf", "-o",
                                         f + ".pdf"], 12, 10),
        ]
        for name, cmd, time_cap, mem_cap in paths:
            if args.only not in name:
                continue
            short = None
            for n in (args.deals, args.deals * 10):
                f = os.path.join(tmp, f"{game}-{n}.json")
                cpu, peak, bad = median(cmd(f, n), args.runs)
                mem = (peak - floor) / sizes[n]
                if short is None:
                    # The short session is the time's floor; its memory is shown, not judged
                    # (the targets are for the long one).
                    short = cpu
                    print(f"{game + ' ' + name:34} {n:7} {cpu:8.3f} {' ' * 13} "
                          f"{mem:9.2f}{' exit ' + str(bad) if bad else ''}")
                    continue
                ratio = cpu / short if short else float("nan")
                good = ratio <= time_cap and mem <= mem_cap and not bad
                ok &= good
                print(f"{game + ' ' + name:34} {n:7} {cpu:8.3f} {ratio:8.1f} {time_cap:>4} "
                      f"{mem:9.2f} {mem_cap:>4} {'ok' if good else 'OVER'}"
                      f"{' exit ' + str(bad) if bad else ''}")
    print("all within targets" if ok else "SOME OVER TARGET")
    subprocess.run(["rm", "-rf", tmp])


if __name__ == "__main__":
    main()
