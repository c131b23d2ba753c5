"""Auction Forty-Five ("120s"): the partnership game of the Spoil Five family (docs/games/auction-forty-five.md).

The table enters who won the auction and for how much, the tricks each partnership took out of 5,
and which partnership won the trick holding the highest trump. Each trick is worth 5 and the high
trump another 5 (30 a deal). A made bid scores by ``made_bid_scores`` (a made 30 scores
``thirty_bid_scores``, 60 by default; a made "30 for 60" scores 60), a failed bid loses its amount
(60 for "30 for 60"), and the defenders score what they took (unless ``defenders_score_at_100`` says
otherwise for a side that had 100+). A side at 100 or more must bid at least 20 while
``bid_20_at_100`` is on. The first side to ``target`` (120) wins; when both reach it on one deal,
``end_rule`` decides. The club variants ``bid_out`` (only the bidders can go out) and
``three_sets_lose`` (a side set three times loses) change how the game ends.
With ``players = 6`` two teams of three alternate round the table (seats 0–5, seat ``i`` on side
``i % 2``) and the deal goes round six seats; the scoring is the same.

What it does not do: the auction itself (holds, overcalls), the discard and draw, or card play; the
trump suit is recorded but never changes a score.

This module holds the state and the rules class (one deal, the match end), as ``games.coinche``
does; the named values, the entry, the options and the six-handed variant are ``declaration.py``,
whose names are importable from here as before.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from games.auction_forty_five.declaration import (
    FIELDS,
    HIGH_SIDE,
    HIGH_SIDE_MIN_BID,
    HIGH_TRUMP,
    OPTIONS,
    PER_TRICK,
    SETS_TO_LOSE,
    SIX_HANDED,
    THIRTY_FOR_SIXTY,
    THIRTY_FOR_SIXTY_STAKE,
    TOP_BID,
    TRICKS,
    VARIANTS,
    WHEN_SET,
)
from games.base import Game
from games.common import other_side
from games.declaration import Field, Option
from games.match import DealScore, Result, Table
from games.terms import counted, said, term


@dataclass(frozen=True)
class AuctionState:
    """What the end of the game needs about the last deal, and each side's failed bids so far."""

    #: The bidding side of the last deal played (it goes out first under ``bidder_out_first``).
    last_bidder: str | None = None
    #: Whether that side made its bid (only a made bid can take it out under ``bid_out``).
    last_made: bool = False
    #: Failed bids of each side in the game (``three_sets_lose``).
    sets: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


def took(tricks: Mapping[str, int], high_trump: str | None, side: str) -> int:
    """5 per trick, plus 5 when ``side`` won the trick holding the highest trump."""
    return PER_TRICK * tricks[side] + (HIGH_TRUMP if high_trump == side else 0)


__all__ = [
    "HIGH_SIDE",
    "HIGH_SIDE_MIN_BID",
    "HIGH_TRUMP",
    "PER_TRICK",
    "SETS_TO_LOSE",
    "SIX_HANDED",
    "THIRTY_FOR_SIXTY",
    "THIRTY_FOR_SIXTY_STAKE",
    "TOP_BID",
    "TRICKS",
    "WHEN_SET",
    "AuctionFortyFive",
    "AuctionState",
    "took",
]


class AuctionFortyFive(Game[AuctionState]):
    """Auction Forty-Five as McNeely scores it, with the Hoyle/Bicycle variants as options."""

    key = "auction-forty-five"
    name = term("auction-forty-five", "Auction Forty-Five")
    summary = term(
        "auction-forty-five",
        "Two partnerships bid up to 30 on 5 tricks (5 a trick, 5 for the high trump); "
        "a made 30 scores 60; first side to 120 wins.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("auction-forty-five", "high trump"),
            term(
                "auction-forty-five",
                "The highest trump played in the deal: 5 points to the side that won its trick.",
            ),
        ),
        (
            term("auction-forty-five", "30 for 60"),
            term("auction-forty-five", "A bid to take all five tricks, worth 60 points, or minus 60."),
        ),
        (
            term("auction-forty-five", "five fingers"),
            term("auction-forty-five", "The Five of trumps, the highest card of the game."),
        ),
    )
    aliases = ("auction-45s", "120s")
    family = "forty-five"
    partnerships = True
    fields: ClassVar[tuple[Field, ...]] = FIELDS
    options: ClassVar[tuple[Option, ...]] = OPTIONS
    variants = VARIANTS

    def start(self, table: Table) -> AuctionState:
        return AuctionState(sets=MappingProxyType(dict.fromkeys(table.sides, 0)))

    def entry_context(
        self, table: Table, state: AuctionState, totals: Mapping[str, int], index: int
    ) -> Mapping[str, int]:
        return totals

    def score(
        self, table: Table, state: AuctionState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, AuctionState]:
        options = table.options
        bidder: str = entry["bidder"]
        defenders = other_side(table.sides, bidder)
        bid: int | str = entry["bid"]
        tricks = {side: int(entry["tricks"][side]) for side in table.sides}
        high_trump: str | None = entry["high_trump"]
        took_by = {side: took(tricks, high_trump, side) for side in table.sides}
        breakdown: list[str] = []

        # A bid of 30 or "30 for 60" needs all five tricks; any other bid counts the high trump toward it.
        all_five = bid in (TOP_BID, THIRTY_FOR_SIXTY)
        made = tricks[bidder] == TRICKS if all_five else took_by[bidder] >= int(bid)
        what = self._took_text(tricks, high_trump, bidder)
        named = term("auction-forty-five", "30 for 60") if bid == THIRTY_FOR_SIXTY else str(bid)
        if not made:
            stake = THIRTY_FOR_SIXTY_STAKE if bid == THIRTY_FOR_SIXTY else int(bid)
            bidder_score = -stake
            need = term("auction-forty-five", "all 5 tricks") if all_five else named
            breakdown.append(
                said(
                    "auction-forty-five",
                    "%(side)s bid %(bid)s, took %(took)s, needed %(need)s: failed, −%(stake)s",
                    side=bidder,
                    bid=named,
                    took=what,
                    need=need,
                    stake=stake,
                )
            )
        else:
            bidder_score, how = self._made_score(options, bid, took_by[bidder], high_trump == bidder)
            breakdown.append(
                said(
                    "auction-forty-five",
                    "%(side)s bid %(bid)s, took %(took)s: made, %(how)s",
                    side=bidder,
                    bid=named,
                    took=what,
                    how=how,
                )
            )

        defender_score = took_by[defenders]
        defender_what = self._took_text(tricks, high_trump, defenders)
        rule = options["defenders_score_at_100"]
        if totals[defenders] >= HIGH_SIDE and (rule is False or (rule == WHEN_SET and made)):
            if rule is False:
                line = said(
                    "auction-forty-five",
                    "%(side)s defended at %(total)s (100 or more): they score nothing (took %(took)s)",
                    side=defenders,
                    total=totals[defenders],
                    took=defender_what,
                )
            else:
                line = said(
                    "auction-forty-five",
                    "%(side)s defended at %(total)s (100 or more) and the bid was made: they score nothing (took %(took)s)",
                    side=defenders,
                    total=totals[defenders],
                    took=defender_what,
                )
            breakdown.append(line)
            defender_score = 0
        else:
            breakdown.append(
                said(
                    "auction-forty-five",
                    "%(side)s defended and took %(took)s: %(score)s",
                    side=defenders,
                    took=defender_what,
                    score=defender_score,
                )
            )

        scores = {side: bidder_score if side == bidder else defender_score for side in table.sides}
        sets = dict(state.sets)
        if not made:
            sets[bidder] += 1
        extra: dict[str, Any] = {"made": made, "took": took_by, "bidder": bidder, "bid": bid}
        if options["three_sets_lose"]:
            extra["sets"] = dict(sets)
            if not made:
                breakdown.append(
                    counted(
                        "auction-forty-five",
                        "%(side)s have been set %(count)s time",
                        "%(side)s have been set %(count)s times",
                        sets[bidder],
                        side=bidder,
                    )
                )
        after = AuctionState(bidder, made, MappingProxyType(sets))
        return DealScore(scores, tuple(breakdown), extra), after

    @staticmethod
    def _made_score(
        options: Mapping[str, Any], bid: int | str, took_points: int, won_high_trump: bool
    ) -> tuple[int, str]:
        """What a made bid scores (Scoring, step 2), and how, in words."""
        if bid == THIRTY_FOR_SIXTY:
            return THIRTY_FOR_SIXTY_STAKE, said(
                "auction-forty-five", "all 5 tricks: %(score)s", score=THIRTY_FOR_SIXTY_STAKE
            )
        if bid == TOP_BID:
            score = int(options["thirty_bid_scores"])
            return score, said("auction-forty-five", "all 5 tricks: a made 30 scores %(score)s", score=score)
        bid = int(bid)
        rule = options["made_bid_scores"]
        if rule == "all_points":
            return took_points, said("auction-forty-five", "all points taken, %(score)s", score=took_points)
        if rule == "bid_plus_high_trump" and won_high_trump:
            return bid + HIGH_TRUMP, said(
                "auction-forty-five",
                "the bid + 5 for the high trump: %(bid)s + 5 = %(score)s",
                bid=bid,
                score=bid + HIGH_TRUMP,
            )
        return bid, said("auction-forty-five", "the bid, %(bid)s", bid=bid)

    @staticmethod
    def _took_text(tricks: Mapping[str, int], high_trump: str | None, side: str) -> str:
        count = tricks[side]
        if high_trump == side:
            return counted(
                "auction-forty-five",
                "%(count)s trick (%(points)s) + high trump (5) = %(total)s",
                "%(count)s tricks (%(points)s) + high trump (5) = %(total)s",
                count,
                points=PER_TRICK * count,
                total=PER_TRICK * count + HIGH_TRUMP,
            )
        return counted(
            "auction-forty-five",
            "%(count)s trick (%(points)s)",
            "%(count)s tricks (%(points)s)",
            count,
            points=PER_TRICK * count,
        )

    def result(self, table: Table, state: AuctionState, totals: Mapping[str, int], deals: int) -> Result:
        options = table.options
        target = options["target"]
        if options["three_sets_lose"]:
            # only the bidding side can be set, so only one side can reach three on a deal
            for side, count in state.sets.items():
                if count >= SETS_TO_LOSE:
                    return Result(True, other_side(table.sides, side))
        if options["bid_out"]:
            bidder = state.last_bidder
            out = bidder is not None and state.last_made and totals[bidder] >= target
            return Result(True, bidder) if out else Result(False)
        reached = [side for side in table.sides if totals[side] >= target]
        if not reached:
            return Result(False)
        if len(reached) == 1:
            return Result(True, reached[0])
        if options["end_rule"] == "bidder_out_first" and state.last_bidder is not None:
            return Result(True, state.last_bidder)
        a, b = table.sides
        if totals[a] == totals[b]:
            return Result(False)
        return Result(True, a if totals[a] > totals[b] else b)
