#!/usr/bin/env python3
"""Writes long, legal session files for the benchmarks (deterministic: a fixed seed).

    python3 benches/sessions.py DIR

makes in DIR: truc.json, bridge.json, 2500.json, democratie.json, tarot.json (10,000 hands each),
ascenseur.json (the longest legal game: 3 players, 52 cards, 33 rounds), 2500-2000.json (2,000
brasses, for `marque add`), and a folder many/ of 5,000 sessions of every game (for `check`).
"""
import json
import math
import os
import random
import sys

RANKS_2500 = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def session(game, players, options, hands, sid):
    return {"format": "marque-session", "version": 1, "id": sid, "game": game,
            "created": "2026-11-23T20:00:00+01:00", "players": players,
            "options": options, "closed": False, "hands": hands}


def truc(rng, n):
    hands = []
    for _ in range(n):
        w = rng.randrange(2)
        kind = rng.randrange(3)
        if kind == 0:
            hands.append({"calls": [], "winner": w})
        elif kind == 1:
            hands.append({"calls": [{"by": w, "call": "double"}, {"by": 1 - w, "call": "accept"}],
                          "tricks": [w, w]})
        else:
            hands.append({"calls": [{"by": w, "call": "double"}, {"by": 1 - w, "call": "refuse"}]})
    # A partie long enough for every deal: a far target and many manches.
    return session("truc", ["Anne", "Bruno"], {"target": 1000000, "manches": 1000}, hands,
                   "bench-truc")


def bridge(rng, n):
    hands = []
    for _ in range(n):
        if rng.random() < 0.05:
            hands.append({"contract": "pass"})
            continue
        level = rng.randrange(1, 8)
        strain = rng.choice(["C", "D", "H", "S", "NT"])
        dbl = rng.choice(["", "", "", "X", "XX"])
        tricks = max(0, min(13, 6 + level + rng.randrange(-3, 2)))
        h = {"contract": f"{level}{strain}{dbl}", "declarer": rng.choice("NESW"), "tricks": tricks}
        if rng.random() < 0.1:
            h["honours"] = ({"side": rng.choice(["NS", "EW"]), "kind": "aces"} if strain == "NT"
                            else {"side": rng.choice(["NS", "EW"]), "kind": rng.choice(["4", "5"])})
        hands.append(h)
    return session("bridge", ["Anne", "Bruno", "Claire", "David"], {}, hands, "bench-bridge")


def le2500(rng, n, players=4):
    hands = []
    for _ in range(n):
        left = {r: 8 for r in RANKS_2500}

        def cards(k):
            out = []
            for _ in range(k):
                r = rng.choice([r for r in RANKS_2500 if left[r] > 0])
                left[r] -= 1
                out.append(r)
            return out
        laid = [cards(rng.randrange(0, 12)) for _ in range(players)]
        kept = [cards(rng.randrange(0, 5)) for _ in range(players)]
        hands.append({"frime": rng.choice(RANKS_2500), "laid": laid, "hand": kept})
    names = ["Anne", "Bruno", "Claire", "David", "Emma", "Farid"][:players]
    return session("2500", names, {"target": 1000000000}, hands, "bench-2500")


def democratie(rng, n, players=4):
    hands = []
    for _ in range(n):
        per = [{} for _ in range(players)]
        for suit in "SHDC":
            left = 25
            for p in range(players):
                pts = rng.randrange(0, left + 1) if p < players - 1 else left
                per[p][suit] = pts
                left -= pts
        hands.append({"captured": per})
    names = ["Anne", "Bruno", "Claire", "David"][:players]
    return session("democratie", names, {"target": 1000000000}, hands, "bench-democratie")


def ascenseur(rng):
    players = 3
    peak = 52 // players
    rounds = 2 * peak - 1
    hands = []
    for k in range(rounds):
        cards = k + 1 if k < peak else 2 * peak - 1 - k
        dealer = k % players
        order = [(dealer + i) % players for i in range(1, players + 1)]
        bids = [0] * players
        total = 0
        for p in order[:-1]:
            bids[p] = rng.randrange(0, cards + 1)
            total += bids[p]
        last = rng.randrange(0, cards + 1)
        if last == cards - total:
            last = (last + 1) % (cards + 1)
        bids[order[-1]] = last
        tricks = [0] * players
        left = cards
        for p in range(players - 1):
            tricks[p] = rng.randrange(0, left + 1)
            left -= tricks[p]
        tricks[players - 1] = left
        hands.append({"bids": bids, "tricks": tricks})
    return session("ascenseur", ["Anne", "Bruno", "Claire"], {}, hands, "bench-ascenseur")


def tarot(rng, n):
    """A Tarot game at four: each deal a taker, a contract, the bouts and points, now and then
    a petit au bout or a poignée."""
    hands = []
    for _ in range(n):
        bouts = rng.randrange(4)
        # The attack holds its bouts' 4½ points each, the defence the others'.
        lo, hi = math.ceil(4.5 * bouts), math.floor(91 - 4.5 * (3 - bouts))
        h = {"taker": rng.randrange(4),
             "contract": rng.choice(["prise", "prise", "garde", "garde_sans", "garde_contre"]),
             "bouts": bouts, "points": rng.randrange(lo, hi + 1)}
        if rng.random() < 0.1:
            h["petit_au_bout"] = rng.choice(["attack", "defence"])
        if rng.random() < 0.1:
            h["poignees"] = [{"by": rng.randrange(4), "size": "simple"}]
        hands.append(h)
    return session("tarot", ["Anne", "Bruno", "Claire", "David"], {}, hands, "bench-tarot")


def write(path, doc):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2, ensure_ascii=False)
        f.write("\n")


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = random.Random(20261123)
    write(os.path.join(out, "truc.json"), truc(rng, 10000))
    write(os.path.join(out, "bridge.json"), bridge(rng, 10000))
    write(os.path.join(out, "2500.json"), le2500(rng, 10000))
    write(os.path.join(out, "democratie.json"), democratie(rng, 10000))
    write(os.path.join(out, "ascenseur.json"), ascenseur(rng))
    write(os.path.join(out, "tarot.json"), tarot(random.Random(20261204), 10000))
    write(os.path.join(out, "2500-2000.json"), le2500(rng, 2000))
    many = os.path.join(out, "many")
    os.makedirs(many, exist_ok=True)
    makers = [lambda: bridge(rng, rng.randrange(4, 40)), lambda: truc(rng, rng.randrange(4, 40)),
              lambda: ascenseur(rng), lambda: le2500(rng, rng.randrange(2, 20)),
              lambda: democratie(rng, rng.randrange(2, 20))]
    for i in range(5000):
        doc = makers[i % len(makers)]()
        doc["id"] = f"bench-{i:04d}"
        write(os.path.join(many, f"bench-{i:04d}.json"), doc)


if __name__ == "__main__":
    main()
