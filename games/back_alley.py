"""Back Alley: a Spades-like partnership game over a fixed series of hand sizes (docs/games/back-alley.md).

The table enters the four bids in seat order and the tricks each partnership took, or ``{"dead":
true}`` when all four passed. Partners' numeric bids are added; a board bid (board, double-board,
triple-board) overrides a partner's number. Made numbers score 5 a trick bid plus 1 an overtrick,
failed ones lose 5 a trick bid; boards score 10, 15 or 20 a trick (failed boards lose by
``failed_board``); a side with no contract scores 1 a trick. The k-th played deal has the k-th hand
size of ``deal_sequence``; a dead deal scores nothing, keeps the hand size and passes the deal on.
The game ends after the last hand size; the higher total wins and equal totals are a draw.

What it does not do: the bidding order (bids are entered in seat order), the trump turn-up, or card
play; the trump suit is recorded but never changes a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.base import Dealer, DealScore, Game, Result, Table
from games.common import SUITS, best
from games.declaration import EntryContext, Field, Option, Rule
from games.errors import GameError
from games.values import Boolean, Choice, Integer, ListOf, OneOf, PerSide, Seat

MAX_HAND = 13
SEATS = 4
PASS = "pass"
#: Board levels, lowest first, with what each is worth per trick.
BOARDS = {"board": 10, "double-board": 15, "triple-board": 20}
FAILED_NUMBER_PER_TRICK = 5
MADE_NUMBER_PER_TRICK = 5

_DOWN = tuple(range(MAX_HAND, 0, -1))
_UP = tuple(range(1, MAX_HAND + 1))
SEQUENCES: Mapping[str, tuple[int, ...]] = {
    "down-up-26": _DOWN + _UP,
    "down-up-25": _DOWN + _UP[1:],
    "up-down-26": _UP + _DOWN,
}


@dataclass(frozen=True)
class BackAlleyState:
    """The hand sizes of the match and how many deals have been played (dead deals not counted)."""

    sequence: tuple[int, ...]
    played: int = 0

    @property
    def over(self) -> bool:
        """Whether every hand size of the sequence has been played."""
        return self.played >= len(self.sequence)

    @property
    def hand_size(self) -> int:
        """Cards each for the next deal (the last size once the game is over)."""
        return self.sequence[min(self.played, len(self.sequence) - 1)]


def _hand_size(ctx: Any) -> int:
    state: BackAlleyState = ctx.state
    return state.hand_size


def _all_pass(bids: Any) -> bool:
    return (
        isinstance(bids, list)
        and len(bids) == SEATS
        and all(type(bid) is str and bid == PASS for bid in bids)
    )


def _dead_has_no_play(value: Any, ctx: EntryContext) -> str | None:
    if value is True:
        if ctx.has("bids") and not _all_pass(ctx.raw["bids"]):
            raise GameError("bids", 'a dead deal has no bids: leave bids out, or give four "pass"')
        if ctx.has("tricks"):
            raise GameError("tricks", "a dead deal has no tricks: leave tricks out")
    return None


def _numbers_fit(value: list[Any], ctx: EntryContext) -> str | None:
    n = _hand_size(ctx)
    for seat, bid in enumerate(value):
        if type(bid) is int and bid > n:
            return f"seat {seat} bid {bid}, more than the {n} card{'' if n == 1 else 's'} each of this deal"
    return None


def _not_all_pass(value: list[Any], ctx: EntryContext) -> str | None:
    if _all_pass(value) and ctx.clean.get("dead") is not True:
        return 'all four passed: enter the deal as dead ({"dead": true})'
    return None


def _tricks_add_up(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    n = _hand_size(ctx)
    if sum(value.values()) != n:
        return f"tricks must add up to {n} (the hand size), not {sum(value.values())}"
    return None


def _unless_dead(raw: Mapping[str, Any]) -> bool:
    return raw.get("dead") is not True


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
        return taken, f"no contract: 1 a trick, {taken}"
    if kind == "number":
        bid = int(contract_["value"])
        if taken >= bid:
            over = taken - bid
            points = MADE_NUMBER_PER_TRICK * bid + over
            return points, f"bid {bid}, took {taken}: made, 5 × {bid} + {over} overtrick(s) = {points}"
        points = -FAILED_NUMBER_PER_TRICK * bid
        return points, f"bid {bid}, took {taken}: failed, loses 5 × {bid} = {-points}"
    level = str(contract_["value"])
    per_trick = BOARDS[level]
    if taken == n:
        return per_trick * n, f"{level} made ({n} of {n}): {per_trick} × {n} = {per_trick * n}"
    if failed_board == "times_five":
        points = -FAILED_NUMBER_PER_TRICK * n
        return points, f"{level} failed ({taken} of {n}): loses 5 × {n} = {-points}"
    points = -per_trick * n
    return points, f"{level} failed ({taken} of {n}): loses {per_trick} × {n} = {-points}"


class BackAlley(Game[BackAlleyState]):
    """Back Alley as in seed 003 (McNeely), with pagat's deal sequence as the default."""

    key = "back-alley"
    name = "Back Alley"
    summary = (
        "Two partnerships, 26 deals of 13 cards down to 1 and back up: partners' bids add up, "
        "5 a trick bid plus 1 an overtrick, boards 10/15/20 a trick."
    )
    aliases = ("back-alley-bridge", "back-street-bridge", "blooper")
    partnerships = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "dead",
            Boolean(),
            "true when all four passed: the deal is dead, scores nothing and is dealt again with the "
            "same number of cards.",
            required=False,
            default=False,
            rules=(
                Rule(
                    'With true: bids must be absent or four "pass" (else an error on bids), and tricks '
                    "must be absent (else an error on tricks). trump may still be given.",
                    _dead_has_no_play,
                ),
            ),
        ),
        Field(
            "bids",
            ListOf(OneOf((Choice((PASS, *BOARDS)), Integer(1, MAX_HAND))), length=SEATS),
            "The four bids in seat order (seat 0, 1, 2, 3), not in bidding order.",
            required=_unless_dead,
            required_text="yes, unless dead",
            rules=(
                Rule("Numbers are from 1 to n, the hand size of this deal.", _numbers_fit),
                Rule('If all four are "pass", the deal must be entered as dead.', _not_all_pass),
            ),
        ),
        Field(
            "tricks",
            PerSide(Integer(0, _hand_size, high_label="n")),
            "Tricks taken by each partnership.",
            required=_unless_dead,
            required_text="yes, unless dead",
            rules=(Rule("The values add up to n, the hand size of this deal.", _tricks_add_up),),
        ),
        Field(
            "trump",
            Choice((*SUITS, "no-trump")),
            "The trump suit, or no-trump when a joker was turned; for the record only.",
            required=False,
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "deal_sequence",
            Choice(tuple(SEQUENCES)),
            "down-up-26",
            "The hand sizes, one per played deal. down-up-26: 13, 12, …, 1, 1, 2, …, 13 (26 deals); "
            "down-up-25: 13, …, 1, 2, …, 13 (25 deals); up-down-26: 1, 2, …, 13, 13, 12, …, 1 (26 deals).",
        ),
        Option(
            "failed_board",
            Choice(("per_trick", "times_five")),
            "per_trick",
            "Penalty for a failed board: per_trick = minus 10, 15 or 20 per card in the hand (as a made "
            "board scores); times_five = minus 5 per card in the hand, whatever the board level.",
        ),
        Option("first_dealer", Seat(), 0, "Who deals the first deal (a seat number, 0–3)."),
    )
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {name: {"deal_sequence": name} for name in SEQUENCES}
    default_preset = "down-up-26"

    def start(self, table: Table) -> BackAlleyState:
        return BackAlleyState(SEQUENCES[str(table.options["deal_sequence"])])

    def score(
        self, table: Table, state: BackAlleyState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, BackAlleyState]:
        n = state.hand_size
        sides = table.sides
        if entry["dead"]:
            extra = {
                "hand_size": n,
                "dead": True,
                "contracts": {side: {"type": "none"} for side in sides},
            }
            breakdown = (f"dead deal: all four passed; {n} card{'' if n == 1 else 's'} dealt again",)
            return DealScore(dict.fromkeys(sides, 0), breakdown, extra), state
        bids = entry["bids"]
        failed_board = str(table.options["failed_board"])
        contracts: dict[str, dict[str, Any]] = {}
        scores: dict[str, int] = {}
        lines: list[str] = [f"{n} card{'' if n == 1 else 's'} each"]
        for index, side in enumerate(sides):
            contracts[side] = contract(bids[index], bids[index + 2])
            points, why = deal_points(contracts[side], int(entry["tricks"][side]), n, failed_board)
            scores[side] = points
            lines.append(f"{side}: {why}")
        extra = {"hand_size": n, "dead": False, "contracts": contracts}
        return DealScore(scores, tuple(lines), extra), BackAlleyState(state.sequence, state.played + 1)

    def result(self, table: Table, state: BackAlleyState, totals: Mapping[str, int], deals: int) -> Result:
        if not state.over:
            return Result(False)
        return Result(True, best(totals))

    def next_deal(self, table: Table, state: BackAlleyState, dealer: Dealer) -> dict[str, Any]:
        return {"dealer": dealer, "hand_size": state.hand_size}
