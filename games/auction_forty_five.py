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
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from games.base import Game
from games.common import RECORD_SUIT, adds_up_to, other_side
from games.declaration import EntryContext, Field, Option, Rule, TableShape, Variant, When
from games.match import DealScore, Result, Table
from games.terms import counted, problem, said, term
from games.values import Boolean, Choice, Integer, OneOf, PerSide, Seat, SideRef

TRICKS = 5
PER_TRICK = 5
HIGH_TRUMP = 5
TOP_BID = 30
#: The bid to take all five tricks for 60 (option ``thirty_for_sixty``): +60 made, −60 failed.
THIRTY_FOR_SIXTY = "30-for-60"
THIRTY_FOR_SIXTY_STAKE = 60
HIGH_SIDE = 100
HIGH_SIDE_MIN_BID = 20
#: ``defenders_score_at_100 = "when_set"``: defenders at 100+ score only when the bidders fail.
WHEN_SET = "when_set"
#: ``three_sets_lose``: the number of failed bids that loses the game.
SETS_TO_LOSE = 3
SIX_HANDED = 6


@dataclass(frozen=True)
class AuctionState:
    """What the end of the game needs about the last deal, and each side's failed bids so far."""

    #: The bidding side of the last deal played (it goes out first under ``bidder_out_first``).
    last_bidder: str | None = None
    #: Whether that side made its bid (only a made bid can take it out under ``bid_out``).
    last_made: bool = False
    #: Failed bids of each side in the game (``three_sets_lose``).
    sets: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))


def _min_bid(ctx: Any) -> int:
    return int(ctx.options["min_bid"])


def _allowed_special_bids(ctx: Any) -> tuple[str, ...]:
    return (THIRTY_FOR_SIXTY,) if ctx.options.get("thirty_for_sixty") else ()


def _bid_at_100(value: Any, ctx: EntryContext) -> str | None:
    if not ctx.options["bid_20_at_100"] or value == THIRTY_FOR_SIXTY:  # "30 for 60" is above 20
        return None
    totals: Mapping[str, int] = ctx.state
    bidder = ctx.clean["bidder"]
    if totals[bidder] >= HIGH_SIDE and value < HIGH_SIDE_MIN_BID:
        return problem(
            "auction-forty-five",
            "bid_too_low_at_100",
            "%(side)s had %(total)s before this deal: a side at %(high)s or more must bid %(least)s or more, not %(bid)s",
            side=bidder,
            total=totals[bidder],
            high=HIGH_SIDE,
            least=HIGH_SIDE_MIN_BID,
            bid=value,
        )
    return None


def _high_trump_took_a_trick(value: Any, ctx: EntryContext) -> str | None:
    if value is None:
        return None
    if ctx.clean["tricks"][value] < 1:
        return problem(
            "auction-forty-five",
            "high_trump_without_tricks",
            "%(side)s took no trick, so they cannot have won the high trump",
            side=value,
        )
    return None


def _first_dealer(seats: Seat) -> Option:
    """``first_dealer`` among the seats of the table (4, or 6 with ``players = 6``)."""
    return Option(
        "first_dealer",
        seats,
        0,
        term("auction-forty-five", "Who deals the first deal: a seat number, 0–3, or 0–5 with players = 6."),
        label=term("auction-forty-five", "First dealer"),
    )


def took(tricks: Mapping[str, int], high_trump: str | None, side: str) -> int:
    """5 per trick, plus 5 when ``side`` won the trick holding the highest trump."""
    return PER_TRICK * tricks[side] + (HIGH_TRUMP if high_trump == side else 0)


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
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "bidder",
            SideRef(),
            term("auction-forty-five", "The side that won the auction."),
            label=term("auction-forty-five", "Bidding side"),
        ),
        Field(
            "bid",
            OneOf(
                (
                    Integer(_min_bid, TOP_BID, 5, low_label="min_bid"),
                    Choice(
                        (THIRTY_FOR_SIXTY,),
                        allowed=_allowed_special_bids,
                        note=term("auction-forty-five", "only with the option thirty_for_sixty"),
                        labels=((THIRTY_FOR_SIXTY, term("auction-forty-five", "30 for 60")),),
                    ),
                )
            ),
            term(
                "auction-forty-five",
                'The winning bid: a multiple of 5 from min_bid to 30, or "30-for-60" (all five tricks for '
                "60 points, above 30).",
            ),
            rules=(
                Rule(
                    term(
                        "auction-forty-five",
                        "If bid_20_at_100 is true and the bidding side had 100 or more before this deal, the "
                        'bid must be at least 20 ("30-for-60" counts as more than 20).',
                    ),
                    _bid_at_100,
                ),
            ),
            label=term("auction-forty-five", "Bid"),
            hint=term(
                "auction-forty-five",
                "The winning bid: 5 by 5 from the lowest bid to 30, or 30 for 60 (all five tricks for 60 points, above 30).",
            ),
        ),
        Field(
            "tricks",
            PerSide(Integer(0, TRICKS)),
            term("auction-forty-five", "Tricks taken by each partnership."),
            rules=(adds_up_to(TRICKS, "tricks"),),
            label=term("auction-forty-five", "Tricks"),
        ),
        Field(
            "high_trump",
            SideRef(),
            term(
                "auction-forty-five",
                "The side that won the trick holding the highest trump played, or null if no trump was played.",
            ),
            nullable=True,
            rules=(
                Rule(
                    term("auction-forty-five", "The named side took at least 1 trick."),
                    _high_trump_took_a_trick,
                ),
            ),
            label=term("auction-forty-five", "High trump"),
            hint=term(
                "auction-forty-five",
                "The side that won the trick holding the highest trump played; nobody when no trump was played.",
            ),
        ),
        Field(
            "trump",
            RECORD_SUIT,
            term("auction-forty-five", "The trump suit; for the record only."),
            required=False,
            label=term("auction-forty-five", "Trump"),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "made_bid_scores",
            Choice(
                ("bid_plus_high_trump", "all_points", "bid_only"),
                labels=(
                    ("bid_plus_high_trump", term("auction-forty-five", "the bid, + 5 for the high trump")),
                    ("all_points", term("auction-forty-five", "everything taken")),
                    ("bid_only", term("auction-forty-five", "the bid only")),
                ),
            ),
            "bid_plus_high_trump",
            term(
                "auction-forty-five",
                "What a made bid below 30 scores: bid_plus_high_trump = the bid, plus 5 when the bidders "
                "won the high trump (McNeely); all_points = everything the bidders took (Hoyle); "
                "bid_only = the bid.",
            ),
            label=term("auction-forty-five", "A made bid scores"),
            hint=term(
                "auction-forty-five",
                "What a made bid below 30 scores: the bid, plus 5 when the bidders won the high trump (McNeely); everything the bidders took (Hoyle); or the bid alone.",
            ),
        ),
        Option(
            "min_bid",
            Choice((10, 15, 20)),
            15,
            term(
                "auction-forty-five",
                "Lowest bid allowed. The 100-point rule (bid ≥ 20) applies on top while bid_20_at_100 is true.",
            ),
            label=term("auction-forty-five", "Lowest bid"),
            hint=term(
                "auction-forty-five",
                "The lowest bid allowed. A side with 100 or more must still bid 20 while that rule is on.",
            ),
        ),
        Option(
            "target",
            Integer(low=1),
            120,
            term("auction-forty-five", "Points that win the game (= the match)."),
            label=term("auction-forty-five", "Points to win"),
        ),
        Option(
            "end_rule",
            Choice(
                ("bidder_out_first", "higher_total"),
                labels=(
                    ("bidder_out_first", term("auction-forty-five", "the bidders win")),
                    ("higher_total", term("auction-forty-five", "the higher total wins")),
                ),
            ),
            "bidder_out_first",
            term(
                "auction-forty-five",
                "Who wins when both sides reach the target on the same deal: bidder_out_first = the bidding "
                "side; higher_total = the higher total (equal totals play another deal).",
            ),
            label=term("auction-forty-five", "Both sides reach the target"),
            hint=term(
                "auction-forty-five",
                "Who wins when both sides reach the target on the same deal: the bidding side, or the higher total (equal totals play another deal).",
            ),
        ),
        Option(
            "defenders_score_at_100",
            Choice(
                (True, False, WHEN_SET),
                labels=(
                    (True, term("auction-forty-five", "what they took")),
                    (False, term("auction-forty-five", "nothing")),
                    (WHEN_SET, term("auction-forty-five", "what they took, only when the bid fails")),
                ),
            ),
            True,
            term(
                "auction-forty-five",
                "What a defending side that had 100 or more before the deal scores: true = what it took, as "
                'usual; false = nothing, so it can only go out on its own bid; "when_set" = what it took '
                "if the bid failed, nothing if it was made.",
            ),
            label=term("auction-forty-five", "Defenders with 100 or more score"),
            hint=term(
                "auction-forty-five",
                "What a defending side that had 100 or more before the deal scores: what it took, as usual; nothing, so it can only go out on its own bid; or what it took only when the bid failed.",
            ),
        ),
        Option(
            "bid_20_at_100",
            Boolean(),
            True,
            term(
                "auction-forty-five", "Whether a side with 100 or more before the deal must bid at least 20."
            ),
            label=term("auction-forty-five", "At 100, bid at least 20"),
        ),
        Option(
            "thirty_bid_scores",
            Choice((60, 30)),
            60,
            term("auction-forty-five", "What a made bid of 30 scores, whatever made_bid_scores says."),
            label=term("auction-forty-five", "A made 30 scores"),
            hint=term(
                "auction-forty-five", "What a made bid of 30 scores, whatever a made bid below 30 scores."
            ),
        ),
        Option(
            "thirty_for_sixty",
            Boolean(),
            False,
            term("auction-forty-five", 'Allows the "30-for-60" bid: all 5 tricks for +60, or −60.'),
            label=term("auction-forty-five", "30 for 60 bid"),
            hint=term("auction-forty-five", "Allows the 30 for 60 bid: all 5 tricks for +60, or −60."),
        ),
        Option(
            "bid_out",
            Boolean(),
            False,
            term(
                "auction-forty-five",
                "true: only the bidding side can win the game, when it makes its bid and reaches the target.",
            ),
            label=term("auction-forty-five", "Only the bidders go out"),
            hint=term(
                "auction-forty-five",
                "Only the bidding side can win the game, when it makes its bid and reaches the target.",
            ),
        ),
        Option(
            "three_sets_lose",
            Boolean(),
            False,
            term(
                "auction-forty-five", "true: a side whose bid fails for the third time in the game loses it."
            ),
            label=term("auction-forty-five", "Three failed bids lose"),
            hint=term(
                "auction-forty-five", "A side whose bid fails for the third time in the game loses it."
            ),
        ),
        Option(
            "players",
            Choice(
                (4, SIX_HANDED),
                labels=(
                    (4, term("auction-forty-five", "4: two partnerships")),
                    (SIX_HANDED, term("auction-forty-five", "6: two teams of three")),
                ),
            ),
            4,
            term(
                "auction-forty-five",
                "4: two partnerships of two. 6: two teams of three, team-mates alternating round the "
                "table (seats 0, 2, 4 against 1, 3, 5); seats and the dealer run 0–5.",
            ),
            label=term("auction-forty-five", "Players"),
            hint=term(
                "auction-forty-five",
                "Six players make two teams of three, team-mates alternating round the table.",
            ),
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
