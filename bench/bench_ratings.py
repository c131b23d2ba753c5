"""Benchmark: the full recompute of a club's ratings, 100,000 matches by default.

Run from the repository root: ``.venv/bin/python bench/bench_ratings.py [--matches N] [--players P]``.

It draws a history (not timed) like a large club's: ``P`` players (default 400) at partnership
tables of four (two sides of two, partners re-drawn each match) with one five-player
free-for-all in ten, the winner drawn from hidden strengths. Then it times:

- ``rate only``: openskill's ``PlackettLuce.rate`` called on teams of the same shapes, built
  beforehand, with nothing else: the floor any replay through openskill pays;
- ``replay``: :func:`seasons.rating.engine.replay` of the whole history from scratch (what the
  ``ratings_update`` task does after a correction to an older match, without the database);
- ``backtest``: the same with a prediction before each match (``manage.py ratings_backtest``).

Target: the replay of 100,000 matches in under 10 s.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from openskill.models import PlackettLuce

from seasons.rating.engine import RatedMatch, backtest, replay

TARGET_SECONDS = 10.0


def history(matches: int, players: int, seed: int = 7) -> list[RatedMatch]:
    rng = random.Random(seed)
    strength = [rng.gauss(0, 1) for _ in range(players)]
    out = []
    for n in range(matches):
        if n % 10 == 9:
            sides = tuple((p,) for p in rng.sample(range(players), 5))
        else:
            a, b, c, d = rng.sample(range(players), 4)
            sides = ((a, c), (b, d))
        power = [sum(strength[p] for p in side) + rng.gauss(0, 1.5) for side in sides]
        order = sorted(range(len(sides)), key=lambda i: -power[i])
        ranks = [0] * len(sides)
        for place, index in enumerate(order):
            ranks[index] = place
        out.append(RatedMatch((n,), sides, tuple(ranks)))
    return out


def rate_only(matches: list[RatedMatch]) -> float:
    """The time of openskill's ``rate`` alone, the teams built beforehand (not timed)."""
    model = PlackettLuce()
    rated = {p: model.rating() for match in matches for side in match.sides for p in side}
    calls = [([[rated[p] for p in side] for side in m.sides], list(m.ranks)) for m in matches]
    started = time.perf_counter()
    for teams, ranks in calls:
        model.rate(teams, ranks=ranks)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--matches", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=400)
    parser.add_argument("--smoke", action="store_true", help="500 matches of 40 players: the suite's check")
    args = parser.parse_args()
    if args.smoke:
        args.matches, args.players = 500, 40
    matches = history(args.matches, args.players)
    print(
        f"{len(matches):,} matches, {args.players} players (9 in 10 two partnerships, 1 in 10 five players)"
    )

    floor = rate_only(matches)
    print(f"rate only   {floor:7.2f} s  ({floor / len(matches) * 1e6:.1f} µs a match)")

    started = time.perf_counter()
    ratings = replay(matches)
    took = time.perf_counter() - started
    print(
        f"replay      {took:7.2f} s  ({took / len(matches) * 1e6:.1f} µs a match, "
        f"{(took - floor) / took:.0%} above the floor); {len(ratings)} players rated"
    )

    started = time.perf_counter()
    result = backtest(matches)
    print(
        f"backtest    {time.perf_counter() - started:7.2f} s  log-loss {result.log_loss:.4f} "
        f"(uniform guess {result.uniform:.4f}) over {result.predicted:,} matches"
    )
    verdict = "within" if took < TARGET_SECONDS else "OVER"
    print(f"target: replay under {TARGET_SECONDS:.0f} s: {verdict}")


if __name__ == "__main__":
    main()
