"""Back Alley's individual game (the backalley-scorekeeper app): five players who each bid and score
alone over twenty deals of 10 cards down to 1 and back, boards levelled in bidding order, +8 for a
rainbow on a 4-card deal.

It is a :class:`~games.declaration.Variant` of the game (``scoring = individual``): its own entry
(:data:`INDIVIDUAL_FIELDS`) and score (:func:`score_deal`); the table of five and the options are
declared by :mod:`games.back_alley.game`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.back_alley.hands import PARTNERSHIP, BackAlleyState, hand_size, number_bid_points, tricks_field
from games.common import SUITS
from games.declaration import EntryContext, Field, Rule
from games.match import DealScore, Table
from games.terms import counted, problem, said, shaped, term
from games.values import Boolean, Choice, Integer, ListOf, OneOf, PerSide, SideRef

#: The individual game (backalley-scorekeeper): five players, 52 cards, 10 down to 1 and back.
INDIVIDUAL_PLAYERS = 5
INDIVIDUAL_SEQUENCE = "down-up-20"
INDIVIDUAL_MAX_HAND = 10
BOARD = "board"
MADE_PER_TRICK_ALONE = 3
FAILED_PER_TRICK_ALONE = 3
RAINBOW_HAND = 4
RAINBOW_BONUS = 8
BOARD_BASE = 6


def _solo_numbers_fit(value: Mapping[str, Any], ctx: EntryContext) -> str | None:
    n = hand_size(ctx)
    for side, bid in value.items():
        if type(bid) is int and bid > n:
            return counted(
                "back-alley",
                "%(side)s bid %(bid)s, more than the %(count)s card each of this deal",
                "%(side)s bid %(bid)s, more than the %(count)s cards each of this deal",
                n,
                side=side,
                bid=bid,
            )
    return None


def _rainbow_once(value: list[str], ctx: EntryContext) -> str | None:
    twice = sorted({side for side in value if value.count(side) > 1})
    if not twice:
        return None
    return problem(
        "back-alley", "rainbow_twice", "rainbow names %(sides)s more than once", sides=", ".join(twice)
    )


def _rainbow_needs_four_cards(value: list[str], ctx: EntryContext) -> str | None:
    n = hand_size(ctx)
    if value and n != RAINBOW_HAND:
        return problem(
            "back-alley",
            "rainbow_not_four_cards",
            "a rainbow (one card of each suit) needs a 4-card deal; this deal has %(count)s",
            count=n,
        )
    return None


#: The entry of the individual game (``scoring = individual``).
INDIVIDUAL_FIELDS: tuple[Field, ...] = (
    Field(
        "dead",
        Boolean(),
        term(
            "back-alley",
            "Never true in the individual game: every player bids (0 at least), so no deal is dead.",
        ),
        required=False,
        default=False,
        # Out of play here, so the form leaves it out and true is refused on dead.
        when=PARTNERSHIP,
        label=term("back-alley", "All passed"),
        hint=term(
            "back-alley",
            "All four passed: the deal is dead, scores nothing and is dealt again with the same number of cards.",
        ),
    ),
    Field(
        "bids",
        PerSide(OneOf((Integer(0, INDIVIDUAL_MAX_HAND), Choice((BOARD,))))),
        term(
            "back-alley",
            'Each player\'s bid: a number of tricks from 0 to n, or "board" (every trick). There is no '
            "pass. Board levels follow from the bidding order, which starts left of the dealer.",
        ),
        rules=(
            Rule(
                term("back-alley", "Numbers are from 0 to n, the hand size of this deal."), _solo_numbers_fit
            ),
        ),
        label=term("back-alley", "Bids"),
        hint=term(
            "back-alley",
            "Each player's bid: a number of tricks from 0 to the hand size, or board (every trick); there is no pass.",
        ),
    ),
    tricks_field("player", dead_deals=False),
    Field(
        "rainbow",
        ListOf(SideRef()),
        term("back-alley", "The players dealt a rainbow (one card of each suit) in a 4-card deal: +8 each."),
        required=False,
        default=[],
        rules=(
            Rule(term("back-alley", "No side twice."), _rainbow_once),
            Rule(
                term("back-alley", "A non-empty list only in a deal of 4 cards."), _rainbow_needs_four_cards
            ),
        ),
        label=term("back-alley", "Rainbows"),
        hint=term(
            "back-alley", "The players dealt a rainbow (one card of each suit) in a 4-card deal: +8 each."
        ),
    ),
    Field(
        "trump",
        Choice(SUITS),
        term("back-alley", "The trump suit turned from the undealt cards; for the record only."),
        required=False,
        label=term("back-alley", "Trump"),
    ),
)


def board_levels(bids: Mapping[str, Any], order: list[str]) -> dict[str, int]:
    """Individual game: the first board bid in bidding order is level 1, the next level 2, ..."""
    levels: dict[str, int] = {}
    for side in order:
        if bids[side] == BOARD:
            levels[side] = len(levels) + 1
    return levels


def board_value(level: int, scale: str) -> int:
    """Individual game: what a board of ``level`` is worth per card (6, 12, 18, ... or 6, 12, 24, ...)."""
    return BOARD_BASE * (2 ** (level - 1) if scale == "doubling" else level)


def solo_board_points(level: int, value: int, taken: int, n: int) -> tuple[int, str]:
    """Individual game: a board of ``level`` worth ``value`` a card, made with all ``n`` tricks."""
    if taken == n:
        return value * n, said(
            "back-alley",
            "board level %(level)s made (%(n)s of %(n)s): %(value)s × %(n)s = %(points)s",
            level=level,
            n=n,
            value=value,
            points=value * n,
        )
    return -value * n, said(
        "back-alley",
        "board level %(level)s failed (%(taken)s of %(n)s): loses %(value)s × %(n)s = %(points)s",
        level=level,
        taken=taken,
        n=n,
        value=value,
        points=value * n,
    )


def solo_points(bid: int, taken: int) -> tuple[int, str]:
    """Individual game: a 0 bid scores 1 a trick; a number 3 a trick bid plus 1 an overtrick, or −3 a
    trick bid."""
    if bid == 0:
        return taken, said("back-alley", "bid 0: 1 a trick, %(points)s", points=taken)
    return number_bid_points(bid, taken, made=MADE_PER_TRICK_ALONE, failed=FAILED_PER_TRICK_ALONE)


def score_deal(
    table: Table, state: BackAlleyState, entry: Mapping[str, Any], dealer: str
) -> tuple[DealScore, BackAlleyState]:
    """A deal of the individual game: every player on their own, boards levelled in bidding order
    (from the player left of ``dealer``)."""
    n = state.hand_size
    sides = table.sides
    dealer_index = sides.index(dealer)
    order = [sides[(dealer_index + step) % len(sides)] for step in range(1, len(sides) + 1)]
    levels = board_levels(entry["bids"], order)
    rainbow: list[str] = entry["rainbow"]
    contracts: dict[str, dict[str, Any]] = {}
    scores: dict[str, int] = {}
    lines: list[str] = [
        counted(
            "back-alley",
            "%(count)s card each; bidding from %(side)s",
            "%(count)s cards each; bidding from %(side)s",
            n,
            side=order[0],
        )
    ]
    for side in sides:
        bid = entry["bids"][side]
        taken = int(entry["tricks"][side])
        if side in levels:
            contracts[side] = {"type": "board", "level": levels[side]}
            value = board_value(levels[side], str(table.options["board_scale"]))
            points, why = solo_board_points(levels[side], value, taken, n)
        else:
            contracts[side] = {"type": "zero"} if bid == 0 else {"type": "number", "value": bid}
            points, why = solo_points(int(bid), taken)
        if side in rainbow:
            points += RAINBOW_BONUS
            why = said(
                "back-alley",
                "%(why)s; rainbow +%(bonus)s = %(points)s",
                why=why,
                bonus=RAINBOW_BONUS,
                points=points,
            )
        scores[side] = points
        lines.append(shaped("%(side)s: %(why)s", side=side, why=why))
    extra = {"hand_size": n, "dead": False, "contracts": contracts, "rainbow": list(rainbow)}
    return DealScore(scores, tuple(lines), extra), BackAlleyState(state.sequence, state.played + 1)
