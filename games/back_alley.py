"""Back Alley: a Spades-like partnership game over a fixed series of hand sizes (docs/games/back-alley.md).

The table enters the four bids in seat order and the tricks each partnership took, or ``{"dead":
true}`` when all four passed. Partners' numeric bids are added; a board bid (board, double-board,
triple-board) overrides a partner's number. Made numbers score 5 a trick bid plus 1 an overtrick,
failed ones lose 5 a trick bid; boards score 10, 15 or 20 a trick (failed boards lose by
``failed_board``); a side with no contract scores 1 a trick. The k-th played deal has the k-th hand
size of ``deal_sequence``; a dead deal scores nothing, keeps the hand size and passes the deal on.
The game ends after the last hand size; the higher total wins and equal totals are a draw.

With ``scoring = individual`` (preset ``individual``) it is the five-player game of the
backalley-scorekeeper app instead: twenty deals of 10 cards down to 1 and back, every player bids
alone (0 to n, or board), 3 a trick bid plus 1 an overtrick, boards in levels by bidding order
worth ``board_scale``, +8 for a rainbow on a 4-card deal. That game is a :class:`Variant`: its own
table (5 sides), entry and ``first_dealer`` (a side name).

What it does not do: the bidding order (bids are entered in seat order), the trump turn-up, or card
play; the trump suit is recorded but never changes a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from games.base import Game
from games.common import SUITS, best
from games.declaration import EntryContext, Field, Option, Rule, TableShape, Variant, When
from games.errors import GameError, OptionError
from games.facts import Fact, Facts
from games.match import Dealer, DealRecord, DealScore, Result, Table
from games.terms import counted, problem, said, shaped, term
from games.values import Boolean, Choice, Integer, ListOf, OneOf, PerSide, Seat, SideRef

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
    "down-up-20": tuple(range(10, 0, -1)) + tuple(range(1, 11)),
}
#: Each deal sequence in words, for the option's choices and the presets' names.
SEQUENCE_WORDS: Mapping[str, str] = {
    "down-up-26": term("back-alley", "13 cards down to 1, then up to 13 (26 deals)"),
    "down-up-25": term("back-alley", "13 cards down to 1, straight back up (25 deals)"),
    "up-down-26": term("back-alley", "1 card up to 13, then down to 1 (26 deals)"),
    "down-up-20": term("back-alley", "10 cards down to 1, then up to 10 (20 deals)"),
}
PARTNERSHIP_PRESETS = ("down-up-26", "down-up-25", "up-down-26")

#: The individual game (backalley-scorekeeper): five players, 52 cards, 10 down to 1 and back.
INDIVIDUAL = When("scoring", ("individual",))
PARTNERSHIP = When("scoring", ("partnership",))
INDIVIDUAL_PLAYERS = 5
INDIVIDUAL_SEQUENCE = "down-up-20"
INDIVIDUAL_MAX_HAND = 10
BOARD = "board"
MADE_PER_TRICK_ALONE = 3
FAILED_PER_TRICK_ALONE = 3
RAINBOW_HAND = 4
RAINBOW_BONUS = 8
BOARD_BASE = 6


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
    n = _hand_size(ctx)
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


def _tricks_add_up(value: Mapping[str, int], ctx: EntryContext) -> str | None:
    n = _hand_size(ctx)
    if sum(value.values()) != n:
        return problem(
            "back-alley",
            "wrong_total",
            "tricks must add up to %(total)s (the hand size), not %(sum)s",
            total=n,
            sum=sum(value.values()),
        )
    return None


def _unless_dead(raw: Mapping[str, Any]) -> bool:
    return raw.get("dead") is not True


def _solo_numbers_fit(value: Mapping[str, Any], ctx: EntryContext) -> str | None:
    n = _hand_size(ctx)
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
    n = _hand_size(ctx)
    if value and n != RAINBOW_HAND:
        return problem(
            "back-alley",
            "rainbow_not_four_cards",
            "a rainbow (one card of each suit) needs a 4-card deal; this deal has %(count)s",
            count=n,
        )
    return None


def _tricks_field(who: str, *, dead_deals: bool) -> Field:
    return Field(
        "tricks",
        PerSide(Integer(0, _hand_size, high_label="n")),
        term("back-alley", "Tricks taken by each player.")
        if who == "player"
        else term("back-alley", "Tricks taken by each partnership."),
        required=_unless_dead if dead_deals else True,
        required_text="yes, unless dead" if dead_deals else None,
        rules=(
            Rule(term("back-alley", "The values add up to n, the hand size of this deal."), _tricks_add_up),
        ),
        label=term("back-alley", "Tricks"),
    )


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
    _tricks_field("player", dead_deals=False),
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
        bid = int(contract_["value"])
        if taken >= bid:
            over = taken - bid
            points = MADE_NUMBER_PER_TRICK * bid + over
            return points, said(
                "back-alley",
                "bid %(bid)s, took %(taken)s: made, 5 × %(bid)s + %(over)s overtrick(s) = %(points)s",
                bid=bid,
                taken=taken,
                over=over,
                points=points,
            )
        points = -FAILED_NUMBER_PER_TRICK * bid
        return points, said(
            "back-alley",
            "bid %(bid)s, took %(taken)s: failed, loses 5 × %(bid)s = %(lost)s",
            bid=bid,
            taken=taken,
            lost=-points,
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
    if taken >= bid:
        over = taken - bid
        points = MADE_PER_TRICK_ALONE * bid + over
        return points, said(
            "back-alley",
            "bid %(bid)s, took %(taken)s: made, 3 × %(bid)s + %(over)s overtrick(s) = %(points)s",
            bid=bid,
            taken=taken,
            over=over,
            points=points,
        )
    points = -FAILED_PER_TRICK_ALONE * bid
    return points, said(
        "back-alley",
        "bid %(bid)s, took %(taken)s: failed, loses 3 × %(bid)s = %(lost)s",
        bid=bid,
        taken=taken,
        lost=-points,
    )


def _cards(count: int) -> str:
    return counted("back-alley", "%(count)s card", "%(count)s cards", count)


class BackAlley(Game[BackAlleyState]):
    """Back Alley as McNeely scores it, with pagat's deal sequence as the default."""

    key = "back-alley"
    name = term("back-alley", "Back Alley")
    summary = term(
        "back-alley",
        "Two partnerships, 26 deals of 13 cards down to 1 and back up: partners' bids add up, "
        "5 a trick bid plus 1 an overtrick, boards 10/15/20 a trick.",
    )
    glossary: ClassVar[tuple[tuple[str, str], ...]] = (
        (
            term("back-alley", "board"),
            term(
                "back-alley",
                "A bid to take every trick; each further board raises the stakes (10, 15, 20 a trick).",
            ),
        ),
        (
            term("back-alley", "rainbow"),
            term("back-alley", "One card of each suit in a 4-card deal: 8 extra points."),
        ),
        (term("back-alley", "overtrick"), term("back-alley", "A trick taken beyond the bid: 1 point.")),
    )
    aliases = ("back-alley-bridge", "back-street-bridge", "blooper")
    partnerships = True
    fields: ClassVar[tuple[Field, ...]] = (
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
            required=_unless_dead,
            required_text="yes, unless dead",
            rules=(
                Rule(
                    term("back-alley", "Numbers are from 1 to n, the hand size of this deal."), _numbers_fit
                ),
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
        _tricks_field("partnership", dead_deals=True),
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
    options: ClassVar[tuple[Option, ...]] = (
        Option(
            "deal_sequence",
            Choice(tuple(SEQUENCES), labels=tuple(SEQUENCE_WORDS.items())),
            "down-up-26",
            term(
                "back-alley",
                "The hand sizes, one per played deal. down-up-26: 13, 12, …, 1, 1, 2, …, 13 (26 deals); "
                "down-up-25: 13, …, 1, 2, …, 13 (25 deals); up-down-26: 1, 2, …, 13, 13, 12, …, 1 (26 deals); "
                "down-up-20: 10, 9, …, 1, 1, 2, …, 10 (20 deals, the only one of the individual game).",
            ),
            label=term("back-alley", "Hand sizes"),
            hint=term(
                "back-alley",
                "The number of cards of each deal, from the first deal to the last; the individual game deals 10 down to 1 and back up.",
            ),
        ),
        Option(
            "failed_board",
            Choice(
                ("per_trick", "times_five"),
                labels=(
                    ("per_trick", term("back-alley", "its value a card")),
                    ("times_five", term("back-alley", "5 a card")),
                ),
            ),
            "per_trick",
            term(
                "back-alley",
                "Penalty for a failed board: per_trick = minus 10, 15 or 20 per card in the hand (as a made "
                "board scores); times_five = minus 5 per card in the hand, whatever the board level. No "
                "effect in the individual game.",
            ),
            label=term("back-alley", "A failed board loses"),
            hint=term(
                "back-alley",
                "A failed board loses 10, 15 or 20 a card in the hand (as a made board scores), or 5 a card whatever its level. Not in the individual game.",
            ),
        ),
        Option(
            "scoring",
            Choice(
                ("partnership", "individual"),
                labels=(
                    ("partnership", term("back-alley", "two partnerships")),
                    ("individual", term("back-alley", "five on their own")),
                ),
            ),
            "partnership",
            term(
                "back-alley",
                "partnership: two partnerships of two. individual: five players who each bid and score "
                "alone (the backalley-scorekeeper game).",
            ),
            label=term("back-alley", "Players"),
            hint=term("back-alley", "Two partnerships of two, or five players who each bid and score alone."),
        ),
        Option(
            "board_scale",
            Choice(
                ("linear", "doubling"),
                labels=(
                    ("linear", term("back-alley", "6, 12, 18, 24, 30 a card")),
                    ("doubling", term("back-alley", "6, 12, 24, 48, 96 a card")),
                ),
            ),
            "linear",
            term(
                "back-alley",
                "Individual game only: what a board of level L is worth per card, linear = 6 × L (6, 12, "
                "18, 24, 30) or doubling = 6 × 2^(L−1) (6, 12, 24, 48, 96).",
            ),
            label=term("back-alley", "Board values"),
            hint=term(
                "back-alley",
                "Individual game only: what a board is worth a card, by how many boards were bid before it.",
            ),
        ),
        Option(
            "first_dealer",
            Seat(),
            0,
            term(
                "back-alley",
                "Who deals the first deal: a seat number, 0–3; in the individual game a player's name.",
            ),
            label=term("back-alley", "First dealer"),
        ),
    )
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        **{name: {"deal_sequence": name} for name in PARTNERSHIP_PRESETS},
        "individual": {
            "deal_sequence": INDIVIDUAL_SEQUENCE,
            "scoring": "individual",
            "board_scale": "linear",
        },
    }
    default_preset = "down-up-26"
    preset_names: ClassVar[Mapping[str, str]] = {
        **{name: SEQUENCE_WORDS[name] for name in PARTNERSHIP_PRESETS},
        "individual": term("back-alley", "Five players on their own (20 deals)"),
    }
    variants = (
        Variant(
            INDIVIDUAL,
            shape=TableShape(INDIVIDUAL_PLAYERS, INDIVIDUAL_PLAYERS, INDIVIDUAL_PLAYERS, partnerships=False),
            fields=INDIVIDUAL_FIELDS,
            options=(Game.first_dealer_option(),),
        ),
    )

    def check_options(self, table: Table, given: Mapping[str, Any]) -> None:
        super().check_options(table, given)
        options = table.options
        if INDIVIDUAL.holds(options) and options["deal_sequence"] != INDIVIDUAL_SEQUENCE:
            raise OptionError(
                "deal_sequence",
                problem(
                    "back-alley",
                    "individual_sequence",
                    "the individual game is dealt %(sequence)s (10 cards down to 1 and back), not %(given)s",
                    sequence=INDIVIDUAL_SEQUENCE,
                    given=options["deal_sequence"],
                ),
            )

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
            breakdown = (
                counted(
                    "back-alley",
                    "dead deal: all four passed; %(count)s card dealt again",
                    "dead deal: all four passed; %(count)s cards dealt again",
                    n,
                ),
            )
            return DealScore(dict.fromkeys(sides, 0), breakdown, extra), state
        if INDIVIDUAL.holds(table.options):
            return self._score_alone(table, state, entry)
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

    def _score_alone(
        self, table: Table, state: BackAlleyState, entry: Mapping[str, Any]
    ) -> tuple[DealScore, BackAlleyState]:
        """A deal of the individual game: every player on their own, boards levelled in bidding order."""
        n = state.hand_size
        sides = table.sides
        dealer = table.sides.index(str(self.dealer(table, state, state.played)))
        order = [sides[(dealer + step) % len(sides)] for step in range(1, len(sides) + 1)]
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

    def result(self, table: Table, state: BackAlleyState, totals: Mapping[str, int], deals: int) -> Result:
        if not state.over:
            return Result(False)
        return Result(True, best(totals))

    def next_deal(self, table: Table, state: BackAlleyState, dealer: Dealer) -> dict[str, Any]:
        return {"dealer": dealer, "hand_size": state.hand_size}

    def facts(
        self, table: Table, state: BackAlleyState, deals: tuple[DealRecord, ...], result: Result
    ) -> Facts:
        """How many cards each player gets in the next deal."""
        each = counted("back-alley", "%(count)s card each", "%(count)s cards each", state.hand_size)
        return Facts(upcoming=(Fact(term("back-alley", "Hand size"), each),))

    def deal_notes(self, table: Table, record: DealRecord) -> tuple[str, ...]:
        extra = record.score.extra
        return (
            (term("back-alley", "dead"), _cards(extra["hand_size"]))
            if extra["dead"]
            else (_cards(extra["hand_size"]),)
        )
