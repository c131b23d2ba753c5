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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games import GAMES, GameError, find_game
from games.base import Game
from games.match import MatchState

TARGET_US = 50.0
HUGE = 10**9

#: What the next entry may depend on: the ``next_deal`` object of README §6 and the entry's index.
EntryMaker = Callable[[Mapping[str, Any], int], dict[str, Any]]


@dataclass(frozen=True)
class Sample:
    """A valid match set-up for a game, and the entries it cycles through."""

    sides: tuple[str, ...]
    options: Mapping[str, Any]
    entries: tuple[dict[str, Any], ...] = ()
    make: EntryMaker | None = None
    note: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)

    def entry(self, next_deal: Mapping[str, Any], index: int) -> dict[str, Any]:
        """The entry for deal ``index`` of the current match."""
        if self.make is not None:
            return self.make(next_deal, index)
        return self.entries[index % len(self.entries)]


def _back_alley(next_deal: Mapping[str, Any], index: int) -> dict[str, Any]:
    n = int(next_deal["hand_size"])
    if index % 7 == 6:
        return {"dead": True}
    if index % 5 == 4:
        return {"bids": ["board", "pass", "pass", "pass"], "tricks": {"Us": n, "Them": 0}, "trump": "spades"}
    return {"bids": [1, 1, "pass", "pass"], "tricks": {"Us": n - n // 2, "Them": n // 2}}


#: Coinche deals valid under every preset but pagat (no declarations there).
COINCHE_PLAIN_DEALS: tuple[dict[str, Any], ...] = (
    {"taker": "NS", "bid": 80, "trump": "hearts", "points": {"NS": 100, "EW": 62}},
    {
        "taker": "EW",
        "bid": 90,
        "trump": "spades",
        "double": "coinche",
        "points": {"NS": 50, "EW": 112},
        "belote": "EW",
    },
    {"dead": True},
    {"taker": "NS", "bid": 110, "trump": "diamonds", "points": {"NS": 75, "EW": 87}},
)
COINCHE_DEALS = (
    *COINCHE_PLAIN_DEALS[:3],
    {
        "taker": "NS",
        "bid": 100,
        "trump": "clubs",
        "points": {"NS": 120, "EW": 42},
        "melds": {"NS": [{"meld": "tierce", "top": "K", "suit": "diamonds"}]},
    },
)
#: A générale made, then one failed (both NS players won tricks).
COINCHE_GENERALE_DEALS = (
    *COINCHE_DEALS,
    {
        "taker": "NS",
        "bid": "generale",
        "trump": "hearts",
        "points": {"NS": 162, "EW": 0},
        "capot": "NS",
        "capot_alone": True,
    },
    {
        "taker": "EW",
        "bid": "generale",
        "trump": "clubs",
        "double": "coinche",
        "points": {"NS": 0, "EW": 162},
        "capot": "EW",
    },
)
AUCTION_45_DEALS: tuple[dict[str, Any], ...] = (
    {"bidder": "Us", "bid": 20, "tricks": {"Us": 3, "Them": 2}, "high_trump": "Us", "trump": "hearts"},
    {"bidder": "Them", "bid": 25, "tricks": {"Us": 2, "Them": 3}, "high_trump": "Us"},
    {"bidder": "Us", "bid": 30, "tricks": {"Us": 5, "Them": 0}, "high_trump": "Us"},
)
#: With "30-for-60" (made, then failed): a side is set now and then, so three_sets_lose ends games.
AUCTION_45_THIRTY_FOR_SIXTY_DEALS = (
    *AUCTION_45_DEALS,
    {"bidder": "Them", "bid": "30-for-60", "tricks": {"Us": 0, "Them": 5}, "high_trump": "Them"},
    {"bidder": "Us", "bid": "30-for-60", "tricks": {"Us": 4, "Them": 1}, "high_trump": "Us"},
)

#: A concours partie's kinds of deal: made with belote, a litige, a dead deal, a dedans that
#: collects the pot, a capot.
BELOTE_DEALS: tuple[dict[str, Any], ...] = (
    {"taker": "NS", "points": {"NS": 92, "EW": 70}, "belote": "NS"},
    {"taker": "EW", "points": {"NS": 81, "EW": 81}},
    {"dead": True},
    {"taker": "NS", "points": {"NS": 60, "EW": 102}, "belote": "NS"},
    {"taker": "EW", "points": {"NS": 0, "EW": 162}, "capot": "EW"},
)
#: ... and with declarations (preset classique), compared in trumps.
BELOTE_MELD_DEALS: tuple[dict[str, Any], ...] = (
    *BELOTE_DEALS,
    {
        "taker": "NS",
        "points": {"NS": 100, "EW": 62},
        "trump": "hearts",
        "melds": {
            "NS": [{"meld": "tierce", "top": "K", "suit": "diamonds"}],
            "EW": [{"meld": "quarte", "top": "Q", "suit": "spades"}],
        },
    },
)

#: One valid set-up per game key (``docs/games/README.md``). A key that is not registered yet is
#: skipped. (Proposal: a ``Game.sample_entry(table, state, index)`` classmethod would let each game
#: keep its own sample next to its rules.)
SAMPLES: dict[str, Sample] = {
    "jam": Sample(
        ("Ann", "Bob"),
        {"target": HUGE},
        (
            {"sequence": "AAAAABBBBABABBAABBBBBBAABA"},
            {"tricks": {"Ann": 14, "Bob": 12}, "runs": {"Ann": [4], "Bob": [4]}},
            {"tricks": {"Ann": 13, "Bob": 13}, "runs": {"Ann": [], "Bob": [5]}},
            {"sequence": "BBBBBABAABBABBAABBAABABBAB"},
        ),
        note="one rubber to a huge target",
    ),
    "tally": Sample(
        ("N", "E", "S", "W"),
        {},
        (
            {"points": {"N": 26, "E": 0, "S": 0, "W": 0}},
            {"points": {"N": 3, "E": 10, "S": -6, "W": 13}},
        ),
        note="open-ended",
    ),
    "coinche": Sample(("NS", "EW"), {"target": HUGE}, COINCHE_DEALS, note="to a huge target"),
    "belote": Sample(("NS", "EW"), {"deals": HUGE}, BELOTE_DEALS, note="a huge number of deals"),
    "klaverjas": Sample(
        ("Wij", "Zij"),
        {"deals": HUGE},
        (
            {"playing": "Wij", "points": {"Wij": 92, "Zij": 70}, "roem": {"Wij": ["stuk"]}, "trump": "clubs"},
            {"playing": "Zij", "points": {"Wij": 87, "Zij": 75}, "roem": {"Zij": ["run4"]}},
            {"playing": "Wij", "points": {"Wij": 81, "Zij": 81}},
            {"playing": "Zij", "verzaakt": "Zij", "roem": {"Zij": ["run3"]}},
        ),
        note="a huge number of deals",
    ),
    "jo-jotte": Sample(
        ("Ely", "Josephine"),
        {"target": HUGE},
        (
            {
                "declarer": "Ely",
                "contract": "spades",
                "tricks": {"Ely": 6, "Josephine": 3},
                "trick_points": {"Ely": 100, "Josephine": 60},
            },
            {
                "declarer": "Josephine",
                "contract": "hearts",
                "double": 2,
                "tricks": {"Ely": 4, "Josephine": 5},
                "trick_points": {"Ely": 70, "Josephine": 90},
                "melds": {"Josephine": [{"meld": "sequence", "length": 3, "top": "K", "suit": "clubs"}]},
                "jo_jotte": "Josephine",
            },
            {"dead": True},
        ),
        note="one game to a huge target",
    ),
    "auction-forty-five": Sample(("Us", "Them"), {"target": HUGE}, AUCTION_45_DEALS, note="to a huge target"),
    "forty-five": Sample(
        ("Us", "Them"),
        {"target": HUGE},
        ({"tricks": {"Us": 3, "Them": 2}}, {"tricks": {"Us": 0, "Them": 5}, "trump": "clubs"}),
        note="to a huge target",
    ),
    "back-alley": Sample(
        ("Us", "Them"), {}, make=_back_alley, note="26-deal matches back to back, with dead deals and boards"
    ),
    "aluette": Sample(
        ("Us", "Them"),
        {"target": HUGE},
        (
            {"sequence": "AAAAAAABB"},
            {"first_to_five": "Them", "opening_run": 0},
            {"sequence": "BABABABAA"},
        ),
        note="to a huge target",
    ),
    "parcellus": Sample(
        ("West", "North", "South"),
        {"target": HUGE},
        (
            {
                "parcels": {"West": 3, "North": 2, "South": 1},
                "cards": {"West": 10, "North": 8, "South": 6},
                "jack_of_hearts": "North",
            },
            {
                "parcels": {"West": 2, "North": 2, "South": 2},
                "cards": {"West": 7, "North": 5, "South": 4},
                "jack_of_hearts": None,
            },
        ),
        note="to a huge target",
    ),
    "matching-trumps": Sample(
        ("Ann", "Ben", "Cy"),
        {"deals": HUGE},
        (
            {"tricks": {"Ann": 4, "Ben": 3, "Cy": 3}, "last_trick": "Ben"},
            {"tricks": {"Ann": 2, "Ben": 1, "Cy": 7}, "last_trick": "Cy"},
        ),
        note="a huge number of deals",
    ),
}


def _back_alley_alone(next_deal: Mapping[str, Any], index: int) -> dict[str, Any]:
    """Individual Back Alley: a board, a number bid, 0 bids; a rainbow on 4-card deals."""
    n = int(next_deal["hand_size"])
    names = ("Ann", "Bob", "Cy", "Dee", "Eve")
    bids: dict[str, Any] = {"Ann": 1, "Bob": 0, "Cy": 0, "Dee": 0, "Eve": 0}
    if index % 3 == 0:
        bids["Cy"] = "board"
    tricks = dict.fromkeys(names, 0)
    tricks["Cy" if index % 3 == 0 else "Ann"] = n
    entry: dict[str, Any] = {"bids": bids, "tricks": tricks}
    if n == 4:
        entry["rainbow"] = ["Dee"]
    return entry


_KLAVERJAS_KRAAK = (
    {"playing": "Wij", "points": {"Wij": 92, "Zij": 70}, "roem": {"Wij": ["stuk"]}, "kraak": "kraak"},
    {"playing": "Zij", "points": {"Wij": 87, "Zij": 75}, "roem": {"Zij": ["run4"]}, "kraak": "rekraak"},
    {"playing": "Wij", "points": {"Wij": 81, "Zij": 81}},
    {"playing": "Zij", "verzaakt": "Zij", "roem": {"Zij": ["run3"]}, "kraak": "superkraak"},
)

#: The option sets of club variants, each with a sample of its own entries (and table).
VARIANTS: dict[str, tuple[tuple[str, Sample], ...]] = {
    "klaverjas": (
        (
            "kraken=whole_score",
            Sample(("Wij", "Zij"), {"deals": HUGE, "kraken": "whole_score"}, _KLAVERJAS_KRAAK),
        ),
        (
            "kraken=card_points,nat_test=card_points,revoke_bonus=100",
            Sample(
                ("Wij", "Zij"),
                {"deals": HUGE, "kraken": "card_points", "nat_test": "card_points", "revoke_bonus": 100},
                _KLAVERJAS_KRAAK,
            ),
        ),
    ),
    "back-alley": (
        (
            "preset=individual",
            Sample(("Ann", "Bob", "Cy", "Dee", "Eve"), {"preset": "individual"}, make=_back_alley_alone),
        ),
        (
            "scoring=individual,board_scale=doubling",
            Sample(
                ("Ann", "Bob", "Cy", "Dee", "Eve"),
                {"scoring": "individual", "deal_sequence": "down-up-20", "board_scale": "doubling"},
                make=_back_alley_alone,
            ),
        ),
        (
            "deal_sequence=down-up-20",
            Sample(("Us", "Them"), {"deal_sequence": "down-up-20"}, make=_back_alley),
        ),
    ),
    "belote": (
        (
            "preset=classique,rounding=complement",
            Sample(
                ("NS", "EW"),
                {"preset": "classique", "target": HUGE, "rounding": "complement"},
                BELOTE_MELD_DEALS,
            ),
        ),
    ),
    "coinche": (
        # Pagat's Coinche has no declarations: its sample leaves the melds out.
        ("preset=pagat", Sample(("NS", "EW"), {"preset": "pagat", "target": HUGE}, COINCHE_PLAIN_DEALS)),
        (
            "ScoreIt",
            Sample(
                ("NS", "EW"),
                {"preset": "ffb", "double_formula": "winner_only", "rounding": "total", "target": HUGE},
                COINCHE_DEALS,
            ),
        ),
        (
            "générale",
            Sample(
                ("NS", "EW"),
                {"generale": True, "double_formula": "winner_only", "target": HUGE},
                COINCHE_GENERALE_DEALS,
            ),
        ),
    ),
    "auction-forty-five": (
        ("players=6", replace(SAMPLES["auction-forty-five"], options={"target": HUGE, "players": 6})),
        (
            "45s-2026",
            Sample(
                ("Us", "Them"),
                {
                    "made_bid_scores": "all_points",
                    "thirty_bid_scores": 30,
                    "thirty_for_sixty": True,
                    "bid_20_at_100": False,
                    "bid_out": True,
                    "three_sets_lose": True,
                    "target": HUGE,
                },
                AUCTION_45_THIRTY_FOR_SIXTY_DEALS,
                note="games end on a third set",
            ),
        ),
        (
            "fortyfives-ai",
            Sample(
                ("Us", "Them"),
                {
                    "made_bid_scores": "all_points",
                    "min_bid": 20,
                    "defenders_score_at_100": "when_set",
                    "target": HUGE,
                },
                AUCTION_45_DEALS,
            ),
        ),
        (
            "fortyfives.net",
            Sample(
                ("Us", "Them"),
                {
                    "made_bid_scores": "all_points",
                    "thirty_bid_scores": 30,
                    "bid_20_at_100": False,
                    "target": HUGE,
                },
                AUCTION_45_DEALS,
            ),
        ),
    ),
}


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
