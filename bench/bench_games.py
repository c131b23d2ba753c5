"""Replay speed of the rule book: a 1,000-deal match of every registered game, in µs per deal.

For each game in ``games.GAMES`` this builds 1,000 valid deal entries from the samples below, with
options that keep one match going (a huge target, a huge number of deals). A game whose matches end
by themselves after a fixed number of deals (Back Alley's 26) gets as many whole matches as it takes,
back to back. It then times ``Game.replay`` over all of them (best of ``--repeat`` runs) and,
separately, the same replay followed by ``MatchState.as_json()`` (the output document), and prints
µs per deal against the 50 µs/deal target of ``docs/design/conventions.md``. Each game runs with its
default options, then under each of its presets (when the preset keeps the default table), then
with the option sets of its club variants (``VARIANTS``: kraken, individual Back Alley, six players).

What it does not do: check any score (the tests do), or measure the database or the web layer
(``bench/bench_entry.py`` does).

Run on demand: ``.venv/bin/python bench/bench_games.py [--deals 1000] [--repeat 5] [--clock wall|cpu] [KEY ...]``.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.game_samples import SAMPLES, VARIANTS, Sample
from games import GAMES, GameError, find_game
from games.base import Game
from games.match import MatchState

TARGET_US = 50.0


def runs(key: str) -> list[tuple[str, Sample]]:
    """What to time for a game: its sample as it is, under each preset that keeps its table (a
    preset with another table has a variant sample), and each variant's option set."""
    sample = SAMPLES[key]
    out = [("defaults", sample)]
    cls = GAMES[key]
    variants = VARIANTS.get(key, ())
    own = {label for label, _ in variants}
    for preset, values in cls.presets.items():
        label = f"preset={preset}"
        if label not in own and cls.table_shape(values) == cls.table_shape():
            out.append((label, replace(sample, options={**sample.options, "preset": preset})))
    out.extend(variants)
    return out


def build(game: Game[Any], sample: Sample, deals: int) -> list[list[dict[str, Any]]]:
    """``deals`` valid entries, split into whole matches (one, unless the game ends matches itself)."""
    matches: list[list[dict[str, Any]]] = [[]]
    state: MatchState[Any] = game.new_match(list(sample.sides), dict(sample.options))
    for _ in range(deals):
        if state.finished:
            matches.append([])
            state = game.new_match(list(sample.sides), dict(sample.options))
        dealer = state.next_dealer()
        assert dealer is not None
        next_deal = game.next_deal(state.table, state.state, dealer)
        entry = sample.entry(next_deal, len(state.deals))
        state = state.play(entry)
        matches[-1].append(entry)
    return matches


#: The clocks a run can be timed with: wall time, or the process's CPU time, which a machine shared
#: with other work (two cores, a loaded CI box) does not inflate.
CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}


def best_of(repeat: int, run: Callable[[], object], clock: Callable[[], float] = time.perf_counter) -> float:
    """The fastest of ``repeat`` runs, in seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = clock()
        run()
        best = min(best, clock() - start)
    return best


def bench(
    key: str, sample: Sample, deals: int, repeat: int, clock: Callable[[], float] = time.perf_counter
) -> tuple[int, float, float]:
    """(matches, µs per deal for the replay, µs per deal for replay + as_json)."""
    game = find_game(key)
    matches = build(game, sample, deals)
    options, sides = dict(sample.options), list(sample.sides)

    def replay() -> None:
        for entries in matches:
            game.replay(options, sides, entries)

    def replay_and_render() -> None:
        for entries in matches:
            game.replay(options, sides, entries).as_json()

    per_deal = 1e6 / deals
    return (
        len(matches),
        best_of(repeat, replay, clock) * per_deal,
        best_of(repeat, replay_and_render, clock) * per_deal,
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("keys", nargs="*", help="game keys (default: every registered game)")
    parser.add_argument("--deals", type=int, default=1000, help="deals per game (default 1000)")
    parser.add_argument("--repeat", type=int, default=5, help="timed runs; the best counts (default 5)")
    parser.add_argument(
        "--clock", choices=tuple(CLOCKS), default="wall", help="wall time (default) or the process's CPU time"
    )
    parser.add_argument(
        "--smoke",
        action="store_true",
        help="30 deals, one run, no time target: the suite's check that every game still has a sample",
    )
    args = parser.parse_args(argv)
    if args.smoke:
        args.deals, args.repeat = 30, 1
    keys = args.keys or list(GAMES)
    print(
        f"{args.deals} deals per game, best of {args.repeat}, {args.clock} clock; target {TARGET_US:.0f} µs/deal"
    )
    print(
        f"{'game':<20} {'options':<58} {'matches':>7} {'replay µs/deal':>15} {'+as_json µs/deal':>17}  verdict"
    )
    failed = False
    for key in keys:
        if key not in GAMES:
            print(f"{key:<20} skipped: not registered")
            continue
        if key not in SAMPLES:
            print(f"{key:<20} skipped: no sample entries in bench/bench_games.py")
            failed = True
            continue
        for label, sample in runs(key):
            try:
                matches, replay_us, render_us = bench(
                    key, sample, args.deals, args.repeat, CLOCKS[args.clock]
                )
            except GameError as error:
                print(f"{key:<20} {label:<58} sample refused: {error.as_json()}")
                failed = True
                continue
            over = render_us >= TARGET_US and not args.smoke
            failed |= over
            verdict = f"OVER the {TARGET_US:.0f} µs target" if over else f"ok (< {TARGET_US:.0f})"
            print(f"{key:<20} {label:<58} {matches:>7} {replay_us:>15.1f} {render_us:>17.1f}  {verdict}")
    for key in SAMPLES:
        if key not in GAMES and key not in keys:
            print(f"{key:<20} skipped: not registered yet")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
