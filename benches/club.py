#!/usr/bin/env python3
"""A club's history for the ratings (issue 34): N sessions of the five games among a dozen
players, each finished (closed by the table), an evening apart, deterministic (a fixed seed).

    python3 benches/club.py DIR [N]

Used to look at the players' screen as a user would, and by benches/ratings.py.
"""
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import sessions  # noqa: E402  (the benchmarks' legal hands)

CLUB = ["Anne", "Bruno", "Claire", "David", "Emma", "Farid", "Gaëlle", "Hugo", "Inès", "Jules",
        "Karim", "Léa"]


def truc_partie(rng):
    """A whole truc partie (the default options: manches to 12, the partie to 2 manches) of
    deals won without a call (a point each), one player a little stronger than the other."""
    edge = rng.uniform(0.35, 0.65)
    points, manches, hands = [0, 0], [0, 0], []
    while max(manches) < 2:
        w = 0 if rng.random() < edge else 1
        hands.append({"calls": [], "winner": w})
        points[w] += 1
        if points[w] >= 12:
            manches[w] += 1
            points = [0, 0]
    return {"format": "marque-session", "version": 1, "game": "truc", "options": {},
            "hands": hands}


def evening(rng, k):
    kind = k % 5
    if kind == 0:
        doc = sessions.bridge(rng, rng.randrange(4, 16))
        players = 4
    elif kind == 1:
        doc = truc_partie(rng)
        players = 2
    elif kind == 2:
        doc = sessions.ascenseur(rng)
        players = 3
    elif kind == 3:
        players = rng.randrange(2, 6)
        doc = sessions.le2500(rng, rng.randrange(2, 8), players)
    else:
        players = rng.randrange(2, 5)
        doc = sessions.democratie(rng, rng.randrange(2, 8), players)
    doc["players"] = rng.sample(CLUB, players)
    doc["id"] = f"club-{k:04d}"
    day, hour = divmod(k, 3)
    doc["created"] = f"2026-{1 + day // 28 % 12:02d}-{1 + day % 28:02d}T{19 + hour}:00:00+01:00"
    doc["closed"] = True
    return doc


def main():
    out = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 300
    os.makedirs(out, exist_ok=True)
    rng = random.Random(20261126)
    for k in range(n):
        doc = evening(rng, k)
        sessions.write(os.path.join(out, f"{doc['id']}.json"), doc)


if __name__ == "__main__":
    main()
