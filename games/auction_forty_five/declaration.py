"""Auction Forty-Five's one declaration: the named values of its rules, the deal entry's fields with
their checks, the options and the six-handed variant.

Validation, ``python -m games schema auction-forty-five``, the API, the entry form and the tables of
``docs/games/auction-forty-five.md`` are all generated from these values, which the
:class:`~games.auction_forty_five.AuctionFortyFive` class carries.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.common import RECORD_SUIT, adds_up_to
from games.declaration import EntryContext, Field, Option, Rule, TableShape, Variant, When
from games.terms import problem, term
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


#: The deal entry.
FIELDS: tuple[Field, ...] = (
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
#: The options a club may switch on.
OPTIONS: tuple[Option, ...] = (
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
        term("auction-forty-five", "Whether a side with 100 or more before the deal must bid at least 20."),
        label=term("auction-forty-five", "At 100, bid at least 20"),
    ),
    Option(
        "thirty_bid_scores",
        Choice((60, 30)),
        60,
        term("auction-forty-five", "What a made bid of 30 scores, whatever made_bid_scores says."),
        label=term("auction-forty-five", "A made 30 scores"),
        hint=term("auction-forty-five", "What a made bid of 30 scores, whatever a made bid below 30 scores."),
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
        term("auction-forty-five", "true: a side whose bid fails for the third time in the game loses it."),
        label=term("auction-forty-five", "Three failed bids lose"),
        hint=term("auction-forty-five", "A side whose bid fails for the third time in the game loses it."),
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
#: Six players: two teams of three, team-mates alternating round the table.
VARIANTS: tuple[Variant, ...] = (
    Variant(
        When("players", (SIX_HANDED,)),
        shape=TableShape(SIX_HANDED, 2, 2, partnerships=True),
        options=(_first_dealer(Seat(SIX_HANDED)),),
    ),
)
