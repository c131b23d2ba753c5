"""What the simulated tables of the load run enter: plausible deals of the games played.

Pure Python, no Django and no HTTP, so that the locust users (``locustfile.py``) and the run
script (``run.py``, which checks the generators against the rule book before any load) share it.
Each generator takes a seeded ``random.Random`` and the match's side names and returns one deal
entry as a table's phone would post it (docs/games/README.md §7 fields of the game).

What this module does not do: score anything (the server does) or know the match so far; every
entry it makes is valid whatever came before.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

SUITS = ("clubs", "diamonds", "hearts", "spades")


def coinche_deal(rng: random.Random, sides: list[str]) -> dict[str, Any]:
    """A Coinche deal (FFB scale): sometimes dead, sometimes coinched, often with belote."""
    if rng.random() < 0.04:
        return {"dead": True}
    taker = rng.choice(sides)
    defence = sides[1] if taker == sides[0] else sides[0]
    bid = rng.choice((80, 80, 90, 90, 100, 100, 110, 120, 130, 140))
    made = rng.random() < 0.72
    points = rng.randint(min(bid, 152), 152) if made else rng.randint(30, 81)
    entry: dict[str, Any] = {
        "taker": taker,
        "bid": bid,
        "trump": rng.choice(SUITS),
        "points": {taker: points, defence: 162 - points},
    }
    if rng.random() < 0.08:
        entry["double"] = "coinche"
    if rng.random() < 0.25:
        entry["belote"] = rng.choice(sides)
    return entry


def klaverjas_deal(rng: random.Random, sides: list[str]) -> dict[str, Any]:
    """A Klaverjas deal (Amsterdam): the playing side, card points, now and then some roem."""
    playing = rng.choice(sides)
    other = sides[1] if playing == sides[0] else sides[0]
    points = rng.randint(40, 142) if rng.random() < 0.8 else rng.randint(12, 80)
    entry: dict[str, Any] = {
        "playing": playing,
        "trump": rng.choice(SUITS),
        "points": {playing: points, other: 162 - points},
    }
    roem: dict[str, list[str]] = {}
    for side in sides:
        if rng.random() < 0.25:
            roem[side] = [rng.choice(("run3", "run3", "run4"))]
    if rng.random() < 0.15:  # one King and one Queen of trumps: at most one stuk a deal
        roem.setdefault(rng.choice(sides), []).append("stuk")
    if roem:
        entry["roem"] = roem
    return entry


GENERATORS: dict[str, Callable[[random.Random, list[str]], dict[str, Any]]] = {
    "coinche": coinche_deal,
    "klaverjas": klaverjas_deal,
}
