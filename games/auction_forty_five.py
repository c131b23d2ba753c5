"""Auction Forty-Five ("120s"): the partnership game of the Spoil Five family (docs/games/auction-forty-five.md).

The table enters who won the auction and for how much, the tricks each partnership took out of 5,
and which partnership won the trick holding the highest trump. Each trick is worth 5 and the high
trump another 5 (30 a deal). A made bid scores by ``made_bid_scores`` (a made 30 always scores 60),
a failed bid loses its amount, and the defenders score what they took (unless
``defenders_score_at_100`` is off and they had 100+). A side at 100 or more must bid at least 20.
The first side to ``target`` (120) wins; when both reach it on one deal, ``end_rule`` decides.
With ``players = 6`` two teams of three alternate round the table (seats 0–5, seat ``i`` on side
``i % 2``) and the deal goes round six seats; the scoring is the same.

What it does not do: the auction itself (holds, overcalls), the discard and draw, or card play; the
trump suit is recorded but never changes a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.base import DealScore, Game, Result, Table
from games.common import RECORD_SUIT, adds_up_to, other_side
from games.declaration import EntryContext, Field, Option, Rule, TableShape, Variant, When
from games.values import Boolean, Choice, Integer, PerSide, Seat, SideRef

TRICKS = 5
PER_TRICK = 5
HIGH_TRUMP = 5
TOP_BID = 30
TOP_BID_SCORE = 60
HIGH_SIDE = 100
HIGH_SIDE_MIN_BID = 20
SIX_HANDED = 6


@dataclass(frozen=True)
class AuctionState:
    """The bidding side of the last deal played (it goes out first under ``bidder_out_first``)."""

    last_bidder: str | None = None


def _min_bid(ctx: Any) -> int:
    return int(ctx.options["min_bid"])


def _bid_at_100(value: Any, ctx: EntryContext) -> str | None:
    totals: Mapping[str, int] = ctx.state
    bidder = ctx.clean["bidder"]
    if totals[bidder] >= HIGH_SIDE and value < HIGH_SIDE_MIN_BID:
        return (
            f"{bidder} had {totals[bidder]} before this deal: a side at {HIGH_SIDE} or more "
            f"must bid {HIGH_SIDE_MIN_BID} or more, not {value}"
        )
    return None


def _high_trump_took_a_trick(value: Any, ctx: EntryContext) -> str | None:
    if value is None:
        return None
    if ctx.clean["tricks"][value] < 1:
        return f"{value} took no trick, so they cannot have won the high trump"
    return None


def _first_dealer(seats: Seat) -> Option:
    """``first_dealer`` among the seats of the table (4, or 6 with ``players = 6``)."""
    return Option(
        "first_dealer", seats, 0, "Who deals the first deal: a seat number, 0–3, or 0–5 with players = 6."
    )


def took(tricks: Mapping[str, int], high_trump: str | None, side: str) -> int:
    """5 per trick, plus 5 when ``side`` won the trick holding the highest trump."""
    return PER_TRICK * tricks[side] + (HIGH_TRUMP if high_trump == side else 0)


class AuctionFortyFive(Game[AuctionState]):
    """Auction Forty-Five as in seed 003 (McNeely), with the Hoyle/Bicycle variants as options."""

    key = "auction-forty-five"
    name = "Auction Forty-Five"
    summary = (
        "Two partnerships bid up to 30 on 5 tricks (5 a trick, 5 for the high trump); "
        "a made 30 scores 60; first side to 120 wins."
    )
    aliases = ("auction-45s", "120s")
    partnerships = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field("bidder", SideRef(), "The side that won the auction."),
        Field(
            "bid",
            Integer(_min_bid, TOP_BID, 5, low_label="min_bid"),
            "The winning bid: a multiple of 5 from min_bid to 30.",
            rules=(
                Rule(
                    "If the bidding side had 100 or more before this deal, the bid must be at least 20.",
                    _bid_at_100,
                ),
            ),
        ),
        Field(
            "tricks",
            PerSide(Integer(0, TRICKS)),
            "Tricks taken by each partnership.",
            rules=(adds_up_to(TRICKS, "tricks"),),
        ),
        Field(
            "high_trump",
            SideRef(),
            "The side that won the trick holding the highest trump played, or null if no trump was played.",
            nullable=True,
            rules=(Rule("The named side took at least 1 trick.", _high_trump_took_a_trick),),
        ),
        Field("trump", RECORD_SUIT, "The trump suit; for the record only.", required=False),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "made_bid_scores",
            Choice(("bid_plus_high_trump", "all_points", "bid_only")),
            "bid_plus_high_trump",
            "What a made bid below 30 scores: bid_plus_high_trump = the bid, plus 5 when the bidders "
            "won the high trump (the seed); all_points = everything the bidders took (Hoyle); "
            "bid_only = the bid.",
        ),
        Option(
            "min_bid",
            Choice((10, 15, 20)),
            15,
            "Lowest bid allowed. A side at 100 or more must still bid 20 or more.",
        ),
        Option("target", Integer(low=1), 120, "Points that win the game (= the match)."),
        Option(
            "end_rule",
            Choice(("bidder_out_first", "higher_total")),
            "bidder_out_first",
            "Who wins when both sides reach the target on the same deal: bidder_out_first = the bidding "
            "side; higher_total = the higher total (equal totals play another deal).",
        ),
        Option(
            "defenders_score_at_100",
            Boolean(),
            True,
            "false: a defending side that had 100 or more before the deal scores nothing, so it can "
            "only go out on its own bid.",
        ),
        Option(
            "players",
            Choice((4, SIX_HANDED)),
            4,
            "4: two partnerships of two. 6: two teams of three, team-mates alternating round the "
            "table (seats 0, 2, 4 against 1, 3, 5); seats and the dealer run 0–5.",
        ),
        _first_dealer(Seat()),
    )
    variants = (
        Variant(
            When("players", (SIX_HANDED,)),
            shape=TableShape(SIX_HANDED, 2, 2, partnerships=True),
            options=(_first_dealer(Seat(SIX_HANDED)),),
        ),
    )

    def start(self, table: Table) -> AuctionState:
        return AuctionState()

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
        bid: int = entry["bid"]
        tricks = {side: int(entry["tricks"][side]) for side in table.sides}
        high_trump: str | None = entry["high_trump"]
        took_by = {side: took(tricks, high_trump, side) for side in table.sides}
        breakdown: list[str] = []

        # A bid of 30 needs all five tricks; any other bid counts the high trump toward it.
        made = tricks[bidder] == TRICKS if bid == TOP_BID else took_by[bidder] >= bid
        what = self._took_text(tricks, high_trump, bidder)
        if not made:
            bidder_score = -bid
            need = "all 5 tricks" if bid == TOP_BID else str(bid)
            breakdown.append(f"{bidder} bid {bid}, took {what}, needed {need}: failed, −{bid}")
        elif bid == TOP_BID:
            bidder_score = TOP_BID_SCORE
            breakdown.append(f"{bidder} bid 30 and took all 5 tricks: made, {TOP_BID_SCORE}")
        else:
            rule = options["made_bid_scores"]
            if rule == "all_points":
                bidder_score = took_by[bidder]
                how = f"all points taken, {bidder_score}"
            elif rule == "bid_only":
                bidder_score = bid
                how = f"the bid, {bid}"
            elif high_trump == bidder:
                bidder_score = bid + HIGH_TRUMP
                how = f"the bid + 5 for the high trump: {bid} + 5 = {bidder_score}"
            else:
                bidder_score = bid
                how = f"the bid, {bid}"
            breakdown.append(f"{bidder} bid {bid}, took {what}: made, {how}")

        defender_score = took_by[defenders]
        defender_what = self._took_text(tricks, high_trump, defenders)
        if not options["defenders_score_at_100"] and totals[defenders] >= HIGH_SIDE:
            breakdown.append(
                f"{defenders} defended at {totals[defenders]} (100 or more): they score nothing "
                f"(took {defender_what})"
            )
            defender_score = 0
        else:
            breakdown.append(f"{defenders} defended and took {defender_what}: {defender_score}")

        scores = {side: bidder_score if side == bidder else defender_score for side in table.sides}
        extra = {"made": made, "took": took_by, "bidder": bidder, "bid": bid}
        return DealScore(scores, tuple(breakdown), extra), AuctionState(bidder)

    @staticmethod
    def _took_text(tricks: Mapping[str, int], high_trump: str | None, side: str) -> str:
        count = tricks[side]
        text = f"{count} trick{'' if count == 1 else 's'} ({PER_TRICK * count})"
        if high_trump == side:
            text += f" + high trump (5) = {PER_TRICK * count + HIGH_TRUMP}"
        return text

    def result(self, table: Table, state: AuctionState, totals: Mapping[str, int], deals: int) -> Result:
        target = table.options["target"]
        reached = [side for side in table.sides if totals[side] >= target]
        if not reached:
            return Result(False)
        if len(reached) == 1:
            return Result(True, reached[0])
        if table.options["end_rule"] == "bidder_out_first" and state.last_bidder is not None:
            return Result(True, state.last_bidder)
        a, b = table.sides
        if totals[a] == totals[b]:
            return Result(False)
        return Result(True, a if totals[a] > totals[b] else b)
