"""Back Alley's partnership game: two partnerships of two, whose bids add up (a board overrides a
partner's number), with the dead deal when all four pass.

The entry (:data:`FIELDS`) and the score of one deal (:func:`score_deal`, :func:`dead_deal`); the match
structure, options and presets are the game's (:mod:`games.back_alley.game`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.back_alley.hands import (
    INDIVIDUAL,
    MAX_HAND,
    BackAlleyState,
    hand_size,
    number_bid_points,
    tricks_field,
    unless_dead,
)
from games.common import SUITS
from games.declaration import EntryContext, Field, Rule
from games.errors import GameError
from games.match import DealScore, Table
from games.terms import counted, problem, said, shaped, term
from games.values import Boolean, Choice, Integer, ListOf, OneOf, SideRef

SEATS = 4
PASS = "pass"
#: Board levels, lowest first, with what each is worth per trick.
BOARDS = {"board": 10, "double-board": 15, "triple-board": 20}
FAILED_NUMBER_PER_TRICK = 5
MADE_NUMBER_PER_TRICK = 5

PARTNERSHIP_PRESETS = ("down-up-26", "down-up-25", "up-down-26")


def _all_pass(bids: Any) -> bool:
    return (
        isinstance(bids, list)
        and len(bids) == SEATS
        and all(type(bid) is str and bid == PASS for bid in bids)
    )


def _dead_has_no_play(value: Any, ctx: EntryContext) -> str | None:
    if value is True:
        if ctx.has("bids") and not _all_pass(ctx.raw["bids"]):
            raise GameError(
                "bids",
                problem(
                    "back-alley",
                    "bids_on_dead_deal",
                    'a dead deal has no bids: leave bids out, or give four "pass"',
                ),
            )
        if ctx.has("tricks"):
            raise GameError(
                "tricks",
                problem("back-alley", "tricks_on_dead_deal", "a dead deal has no tricks: leave tricks out"),
            )
    return None


def _numbers_fit(value: list[Any], ctx: EntryContext) -> str | None:
    n = hand_size(ctx)
    for seat, bid in enumerate(value):
        if type(bid) is int and bid > n:
            return counted(
                "back-alley",
                "seat %(seat)s bid %(bid)s, more than the %(count)s card each of this deal",
                "seat %(seat)s bid %(bid)s, more than the %(count)s cards each of this deal",
                n,
                seat=seat,
                bid=bid,
            )
    return None


def _not_all_pass(value: list[Any], ctx: EntryContext) -> str | None:
    if _all_pass(value) and ctx.clean.get("dead") is not True:
        return problem("back-alley", "all_passed", 'all four passed: enter the deal as dead ({"dead": true})')
    return None


#: The entry of the partnership game (the game's own fields; the individual game has its own).
FIELDS: tuple[Field, ...] = (
    Field(
        "dead",
        Boolean(),
        term(
            "back-alley",
            "true when all four passed: the deal is dead, scores nothing and is dealt again with the "
            "same number of cards.",
        ),
        required=False,
        default=False,
        rules=(
            Rule(
                term(
                    "back-alley",
                    'With true: bids must be absent or four "pass" (else an error on bids), and tricks '
                    "must be absent (else an error on tricks). trump may still be given.",
                ),
                _dead_has_no_play,
            ),
        ),
        label=term("back-alley", "All passed"),
        hint=term(
            "back-alley",
            "All four passed: the deal is dead, scores nothing and is dealt again with the same number of cards.",
        ),
    ),
    Field(
        "bids",
        ListOf(OneOf((Choice((PASS, *BOARDS)), Integer(1, MAX_HAND))), length=SEATS),
        term("back-alley", "The four bids in seat order (seat 0, 1, 2, 3), not in bidding order."),
        required=unless_dead,
        required_text="yes, unless dead",
        rules=(
            Rule(term("back-alley", "Numbers are from 1 to n, the hand size of this deal."), _numbers_fit),
            Rule(
                term("back-alley", 'If all four are "pass", the deal must be entered as dead.'),
                _not_all_pass,
            ),
        ),
        label=term("back-alley", "Bids"),
        hint=term(
            "back-alley",
            "Each player's bid: a number of tricks, board (every trick), or pass; partners' bids add up.",
        ),
    ),
    tricks_field("partnership", dead_deals=True),
    Field(
        "rainbow",
        ListOf(SideRef()),
        term(
            "back-alley",
            "The players dealt a rainbow: used only in the individual game (scoring = individual).",
        ),
        required=False,
        when=INDIVIDUAL,
        neutral=[],
        label=term("back-alley", "Rainbows"),
        hint=term(
            "back-alley", "The players dealt a rainbow (one card of each suit) in a 4-card deal: +8 each."
        ),
    ),
    Field(
        "trump",
        Choice((*SUITS, "no-trump")),
        term("back-alley", "The trump suit, or no-trump when a joker was turned; for the record only."),
        required=False,
        label=term("back-alley", "Trump"),
    ),
)


def contract(first: Any, second: Any) -> dict[str, Any]:
    """A partnership's contract from its two bids: the highest board, else the sum, else none."""
    boards = [bid for bid in (first, second) if isinstance(bid, str) and bid in BOARDS]
    if boards:
        top = max(boards, key=list(BOARDS).index)
        return {"type": "board", "value": top}
    numbers = [bid for bid in (first, second) if type(bid) is int]
    if not numbers:
        return {"type": "none"}
    return {"type": "number", "value": sum(numbers)}


def deal_points(contract_: Mapping[str, Any], taken: int, n: int, failed_board: str) -> tuple[int, str]:
    """One partnership's score for a deal of hand size ``n``, with the reason in words."""
    kind = contract_["type"]
    if kind == "none":
        return taken, said("back-alley", "no contract: 1 a trick, %(points)s", points=taken)
    if kind == "number":
        return number_bid_points(
            int(contract_["value"]), taken, made=MADE_NUMBER_PER_TRICK, failed=FAILED_NUMBER_PER_TRICK
        )
    level = str(contract_["value"])
    per_trick = BOARDS[level]
    if taken == n:
        return per_trick * n, said(
            "back-alley",
            "%(level)s made (%(n)s of %(n)s): %(per_trick)s × %(n)s = %(points)s",
            level=level,
            n=n,
            per_trick=per_trick,
            points=per_trick * n,
        )
    if failed_board == "times_five":
        points = -FAILED_NUMBER_PER_TRICK * n
        return points, said(
            "back-alley",
            "%(level)s failed (%(taken)s of %(n)s): loses 5 × %(n)s = %(lost)s",
            level=level,
            taken=taken,
            n=n,
            lost=-points,
        )
    points = -per_trick * n
    return points, said(
        "back-alley",
        "%(level)s failed (%(taken)s of %(n)s): loses %(per_trick)s × %(n)s = %(lost)s",
        level=level,
        taken=taken,
        n=n,
        per_trick=per_trick,
        lost=-points,
    )


def dead_deal(table: Table, state: BackAlleyState) -> tuple[DealScore, BackAlleyState]:
    """All four passed: nothing scores and the same hand size is dealt again."""
    n = state.hand_size
    sides = table.sides
    extra = {
        "hand_size": n,
        "dead": True,
        "contracts": {side: {"type": "none"} for side in sides},
    }
    breakdown = (
        counted(
            "back-alley",
            "dead deal: all four passed; %(count)s card dealt again",
            "dead deal: all four passed; %(count)s cards dealt again",
            n,
        ),
    )
    return DealScore(dict.fromkeys(sides, 0), breakdown, extra), state


def score_deal(
    table: Table, state: BackAlleyState, entry: Mapping[str, Any]
) -> tuple[DealScore, BackAlleyState]:
    """A played deal: each partnership's contract from its two bids, scored against its tricks."""
    n = state.hand_size
    sides = table.sides
    bids = entry["bids"]
    failed_board = str(table.options["failed_board"])
    contracts: dict[str, dict[str, Any]] = {}
    scores: dict[str, int] = {}
    lines: list[str] = [counted("back-alley", "%(count)s card each", "%(count)s cards each", n)]
    for index, side in enumerate(sides):
        contracts[side] = contract(bids[index], bids[index + 2])
        points, why = deal_points(contracts[side], int(entry["tricks"][side]), n, failed_board)
        scores[side] = points
        lines.append(shaped("%(side)s: %(why)s", side=side, why=why))
    extra = {"hand_size": n, "dead": False, "contracts": contracts}
    return DealScore(scores, tuple(lines), extra), BackAlleyState(state.sequence, state.played + 1)
