"""La Coinche (Belote coinchée / Belote contrée): four players, two partnerships (docs/games/coinche.md).

The table enters the contract (taker, bid, trump, coinche/surcoinche), the card points each side
took (including the 10 for the last trick), who took all eight tricks (``capot``), the belotes
announced and the declarations (melds) of each side; or ``{"dead": true}`` when all four passed.
The module checks the melds (shape, fit, no card in two declarations), finds the side holding the
best declaration, applies the capot bonus, tests the contract (``made_test``, ``tie_rule``, never
on rounded points), moves declarations and belote where the options say so, scores the deal by
one of the three double formulas, keeps the *litige* pot for the next made contract, and ends the
match at ``target`` (candidates, the belote-only rule, ties).

What it does not do: the auction (only the final contract is entered), card play, or any check
that the entered card points could really have been taken (1 card point is scored as entered).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar

from games.base import DealScore, Game, Result, Table
from games.common import SUIT_SYMBOLS, SUITS, adds_up_to, other_side
from games.declaration import EntryContext, Field, Option, Rule
from games.errors import GameError
from games.rounding import round10
from games.values import Boolean, Choice, Integer, ListOf, OneOf, PerSide, Record, Seat, SideRef, Variants

# -- vocabularies ---------------------------------------------------------------------------


class Preset(StrEnum):
    """The three named sets of options."""

    PARLETT = "parlett"
    FFB = "ffb"
    PAGAT = "pagat"


class Contract(StrEnum):
    """The two contracts that are not a suit."""

    NO_TRUMP = "no-trump"
    ALL_TRUMP = "all-trump"


class Double(StrEnum):
    """The doubling of a contract."""

    NONE = "none"
    COINCHE = "coinche"
    SURCOINCHE = "surcoinche"


class MadeTest(StrEnum):
    """How the taker's total is tested (Step 3)."""

    BEAT_DEFENCE = "beat_defence"
    BEAT_DEFENCE_PLUS_TWO = "beat_defence_plus_two"
    REACH_BID = "reach_bid"


class TieRule(StrEnum):
    """What a tie between taker and defence at or above the bid means (Step 3)."""

    FAILED = "failed"
    MADE_IF_BID_REACHED = "made_if_bid_reached"
    LITIGE = "litige"


class DoubleFormula(StrEnum):
    """How the deal scores are computed and doubled (Step 5)."""

    ALL_SCORES = "all_scores"
    WINNER_TAKES_ALL = "winner_takes_all"
    BID_ONLY = "bid_only"


class BeloteOnFailure(StrEnum):
    """Who scores the taker's belote when the contract fails (Step 4)."""

    STAYS = "stays"
    TO_DEFENCE = "to_defence"


class PointScale(StrEnum):
    """Card values at no-trump and all-trump."""

    PARLETT = "parlett"
    FFB = "ffb"


class FinalTie(StrEnum):
    """What two candidates on equal totals do."""

    EXTRA_DEAL = "extra_deal"
    LAST_CONTRACT_WINNER = "last_contract_winner"


class Outcome(StrEnum):
    """The per-deal ``result`` key."""

    MADE = "made"
    FAILED = "failed"
    LITIGE = "litige"
    DEAD = "dead"


class MeldKind(StrEnum):
    """The declarations other than belote."""

    TIERCE = "tierce"
    QUARTE = "quarte"
    QUINTE = "quinte"
    CARRE = "carre"


def _values(enum: type[StrEnum]) -> tuple[str, ...]:
    return tuple(member.value for member in enum)


# -- constants ------------------------------------------------------------------------------

CAPOT = "capot"
#: The contract value V of a capot bid.
CAPOT_VALUE = 250
#: A capot's last trick counts 100 instead of 10.
CAPOT_LAST_TRICK_EXTRA = 90
SUIT_TOTAL = 162
#: Deal totals N at no-trump and all-trump, by point scale.
TOTALS: Mapping[str, Mapping[str, int]] = {
    PointScale.PARLETT.value: {Contract.NO_TRUMP.value: 130, Contract.ALL_TRUMP.value: 258},
    PointScale.FFB.value: {Contract.NO_TRUMP.value: 162, Contract.ALL_TRUMP.value: 162},
}
BELOTE_VALUE = 20
#: The least a taker must reach on an 80 bid under ``reach_bid``.
REACH_BID_80 = 82
LOWEST_BID = 80
#: How much more than the bid ``beat_defence_plus_two`` demands.
PLUS_TWO = 2
#: Most belotes in one deal: one in a suit contract, one per suit at all-trump.
MAX_BELOTES_SUIT = 1
MAX_BELOTES_ALL_TRUMP = 4

#: Sequence order for declarations, highest first, in every suit (trumps included).
SEQUENCE_ORDER = ("A", "K", "Q", "J", "10", "9", "8", "7")
RANKS = SEQUENCE_ORDER
SEQUENCES: Mapping[str, tuple[int, int]] = {
    MeldKind.TIERCE: (3, 20),
    MeldKind.QUARTE: (4, 50),
    MeldKind.QUINTE: (5, 100),
}
#: Carré values and comparison order (weakest first) in a suit or all-trump contract.
CARRE_VALUES: Mapping[str, int] = {"J": 200, "9": 150, "A": 100, "10": 100, "K": 100, "Q": 100}
CARRE_ORDER = ("Q", "K", "10", "A", "9", "J")
#: ... and at no-trump (no carré of Nines).
CARRE_VALUES_NO_TRUMP: Mapping[str, int] = {"A": 200, "10": 150, "K": 100, "Q": 100, "J": 100}
CARRE_ORDER_NO_TRUMP = ("J", "Q", "K", "10", "A")
NEVER_COUNT = ("8", "7")
RANK_WORDS = {"A": "Aces", "K": "Kings", "Q": "Queens", "J": "Jacks", "10": "Tens", "9": "Nines"}

Card = tuple[str, str]


# -- state ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rules:
    """The effective options, read once per match into the values the scoring needs."""

    target: int
    made_test: MadeTest
    tie_rule: TieRule
    formula: DoubleFormula
    multipliers: Mapping[str, int]
    failed_capot_value: int
    unbid_capot_bonus: bool
    melds_to_winner: bool
    belote_in_contract: bool
    belote_to_defence: bool
    totals: Mapping[str, int]
    belote_alone_cannot_win: bool
    last_contract_winner: bool

    @classmethod
    def of(cls, options: Mapping[str, Any]) -> Rules:
        """The rules of a match from its effective options."""
        scale = TOTALS[str(options["point_scale"])]
        return cls(
            target=int(options["target"]),
            made_test=MadeTest(options["made_test"]),
            tie_rule=TieRule(options["tie_rule"]),
            formula=DoubleFormula(options["double_formula"]),
            multipliers={
                Double.NONE.value: 1,
                Double.COINCHE.value: 2,
                Double.SURCOINCHE.value: int(options["surcoinche_factor"]),
            },
            failed_capot_value=int(options["failed_capot_value"]),
            unbid_capot_bonus=bool(options["unbid_capot_bonus"]),
            melds_to_winner=bool(options["melds_to_winner"]),
            belote_in_contract=bool(options["belote_in_contract"]),
            belote_to_defence=options["belote_on_failure"] == BeloteOnFailure.TO_DEFENCE,
            totals={**dict.fromkeys(SUITS, SUIT_TOTAL), **scale},
            belote_alone_cannot_win=bool(options["belote_alone_cannot_win"]),
            last_contract_winner=options["final_tie"] == FinalTie.LAST_CONTRACT_WINNER,
        )


@dataclass(frozen=True)
class CoincheState:
    """The match's rules, the litige pot held, and what the match end needs about the last deal."""

    rules: Rules
    pot: int = 0
    #: Sides that cannot become candidates after the last deal (failed contract, capot against).
    barred: frozenset[str] = frozenset()
    #: Who won the last deal's contract: the taker if made, the defence if failed, else ``None``.
    contract_winner: str | None = None


# -- card arithmetic ------------------------------------------------------------------------


def deal_total(trump: str, point_scale: str) -> int:
    """N: the card points of a deal, last trick included (162, 130 or 258)."""
    return TOTALS[point_scale].get(trump, SUIT_TOTAL)


def meld_cards(meld: Mapping[str, str]) -> tuple[Card, ...]:
    """The cards a (validated) declaration is made of."""
    if meld["meld"] == MeldKind.CARRE:
        return tuple((meld["rank"], suit) for suit in SUITS)
    length, _ = SEQUENCES[meld["meld"]]
    start = SEQUENCE_ORDER.index(meld["top"])
    return tuple((rank, meld["suit"]) for rank in SEQUENCE_ORDER[start : start + length])


def meld_value(meld: Mapping[str, str], trump: str) -> int:
    """What a (validated) declaration is worth in this contract."""
    if meld["meld"] == MeldKind.CARRE:
        values = CARRE_VALUES_NO_TRUMP if trump == Contract.NO_TRUMP else CARRE_VALUES
        return values[meld["rank"]]
    return SEQUENCES[meld["meld"]][1]


def meld_rank(meld: Mapping[str, str], trump: str) -> tuple[int, int, int, int]:
    """The comparison key: carré over sequence, then value, then the higher card, then trumps."""
    value = meld_value(meld, trump)
    if meld["meld"] == MeldKind.CARRE:
        order = CARRE_ORDER_NO_TRUMP if trump == Contract.NO_TRUMP else CARRE_ORDER
        return (1, value, order.index(meld["rank"]), 0)
    high = len(SEQUENCE_ORDER) - SEQUENCE_ORDER.index(meld["top"])
    in_trumps = 1 if trump in SUITS and meld["suit"] == trump else 0
    return (0, value, high, in_trumps)


def meld_name(meld: Mapping[str, str]) -> str:
    """A declaration in words: "tierce to the K♥", "carré of Jacks"."""
    if meld["meld"] == MeldKind.CARRE:
        return f"carré of {RANK_WORDS.get(meld['rank'], meld['rank'] + 's')}"
    return f"{meld['meld']} to the {meld['top']}{SUIT_SYMBOLS[meld['suit']]}"


def _card_name(card: Card) -> str:
    return f"{card[0]}{SUIT_SYMBOLS[card[1]]}"


def belote_count(value: Any, side: str) -> int:
    """How many belotes ``side`` declared, from the ``belote`` field (null, a name or a list)."""
    if value is None:
        return 0
    if isinstance(value, str):
        return 1 if value == side else 0
    return sum(1 for name in value if name == side)


def _belotes(value: Any) -> int:
    if value is None:
        return 0
    return 1 if isinstance(value, str) else len(value)


def contract_text(bid: Any, trump: str) -> str:
    """ "100♥", "capot ♣", "90 NT"."""
    symbol = SUIT_SYMBOLS.get(trump, trump)
    return f"capot {symbol}" if bid == CAPOT else f"{bid}{symbol}" if trump in SUITS else f"{bid} {symbol}"


# -- entry rules ----------------------------------------------------------------------------

LATER_FIELDS = ("taker", "bid", "trump", "double", "points", "capot", "belote", "melds")


def _dead_alone(value: Any, ctx: EntryContext) -> str | None:
    """A dead deal has no other field; the error is on the first one present, in table order."""
    if value is True:
        for name in LATER_FIELDS:
            if ctx.has(name):
                raise GameError(name, f"a dead deal has no other fields; remove {name}")
    return None


def _unless_dead(raw: Mapping[str, Any]) -> bool:
    return raw.get("dead") is not True


def _allowed_contracts(ctx: Any) -> tuple[str, ...]:
    extra = []
    if ctx.options.get("no_trump"):
        extra.append(Contract.NO_TRUMP.value)
    if ctx.options.get("all_trump"):
        extra.append(Contract.ALL_TRUMP.value)
    return (*SUITS, *extra)


def _entry_total(ctx: Any) -> int:
    """N for the entry being checked (its ``trump`` is validated before ``points``)."""
    trump = ctx.clean.get("trump") if isinstance(ctx, EntryContext) else None
    return deal_total(trump if isinstance(trump, str) else SUITS[0], str(ctx.options["point_scale"]))


def _capot_doublable(value: Any, ctx: EntryContext) -> str | None:
    if not ctx.options["capot_doublable"] and ctx.clean.get("bid") == CAPOT and value != Double.NONE:
        return 'a capot bid cannot be coinched with these options (capot_doublable is off): double must be "none"'
    return None


def _capot_holds_all(value: Any, ctx: EntryContext) -> str | None:
    if value is None:
        return None
    total = _entry_total(ctx)
    points = ctx.clean.get("points", {})
    if points.get(value) != total:
        return (
            f"{value} took all 8 tricks, so {value} must have all {total} points "
            f"(points give {value} {points.get(value)})"
        )
    return None


def _belote_count_fits(value: Any, ctx: EntryContext) -> str | None:
    count = _belotes(value)
    trump = ctx.clean.get("trump")
    if trump == Contract.NO_TRUMP and count:
        return "there is no belote at no-trump"
    if trump == Contract.ALL_TRUMP and count > MAX_BELOTES_ALL_TRUMP:
        return f"at most {MAX_BELOTES_ALL_TRUMP} belotes at all-trump (one per suit), not {count}"
    if trump in SUITS and count > MAX_BELOTES_SUIT:
        return f"only one belote in a suit contract (the K and Q of trumps), not {count}"
    return None


def _melds_allowed(value: Any, ctx: EntryContext) -> str | None:
    if not ctx.options["declarations"] and any(value.values()):
        return "declarations are not played with these options (declarations is off): melds must be empty"
    return None


def _each_meld(
    value: Mapping[str, list[dict[str, str]]], ctx: EntryContext
) -> list[tuple[str, dict[str, str]]]:
    return [(side, meld) for side in ctx.sides for meld in value.get(side, ())]


def _sequences_fit(value: Any, ctx: EntryContext) -> str | None:
    for side, meld in _each_meld(value, ctx):
        if meld["meld"] in SEQUENCES:
            length, _ = SEQUENCES[meld["meld"]]
            if SEQUENCE_ORDER.index(meld["top"]) + length > len(SEQUENCE_ORDER):
                return (
                    f"{side}: a {meld['meld']} cannot be headed by the {meld['top']} "
                    f"(sequence order A K Q J 10 9 8 7 ends at the 7)"
                )
    return None


def _carres_count(value: Any, ctx: EntryContext) -> str | None:
    for side, meld in _each_meld(value, ctx):
        if meld["meld"] == MeldKind.CARRE:
            rank = meld["rank"]
            if rank in NEVER_COUNT:
                return f"{side}: four {rank}s never count"
            if rank == "9" and ctx.clean.get("trump") == Contract.NO_TRUMP:
                return f"{side}: four Nines do not count at no-trump"
    return None


def _no_shared_cards(value: Any, ctx: EntryContext) -> str | None:
    owner: dict[Card, str] = {}
    for side, meld in _each_meld(value, ctx):
        name = f"{side}'s {meld_name(meld)}"
        for card in meld_cards(meld):
            if card in owner:
                return f"the {_card_name(card)} cannot be in both {owner[card]} and {name}"
            owner[card] = name
    return None


def _sequence_record(kind: MeldKind) -> Record:
    return Record(kind.value, {"meld": Choice((kind.value,)), "top": Choice(RANKS), "suit": Choice(SUITS)})


MELD = Variants(
    "meld",
    {
        MeldKind.TIERCE.value: _sequence_record(MeldKind.TIERCE),
        MeldKind.QUARTE.value: _sequence_record(MeldKind.QUARTE),
        MeldKind.QUINTE.value: _sequence_record(MeldKind.QUINTE),
        MeldKind.CARRE.value: Record("carre", {"meld": Choice(("carre",)), "rank": Choice(RANKS)}),
    },
)


# -- the deal arithmetic --------------------------------------------------------------------


@dataclass
class _Deal:
    """The working values of one deal, Step 1 to Step 5 of the spec."""

    taker: str
    defence: str
    n: int
    f0: int
    v: int
    m: int
    capot_bid: bool
    capot: str | None
    capot_bonus: bool
    cards: dict[str, int]
    melds: dict[str, int]
    belote: dict[str, int]


class Coinche(Game[CoincheState]):
    """La Coinche as in seed 001 (Parlett), with FFB's and pagat's readings as options and presets."""

    key = "coinche"
    name = "La Coinche (Belote coinchée / Belote contrée)"
    summary = (
        "Belote with bidding for two partnerships: contracts from 80 to capot, coinche and surcoinche, "
        "belote and declarations, first side to 1000."
    )
    aliases = ("belote-coinchee", "belote-contree", "contree")
    partnerships = True
    fields: ClassVar[tuple[Field, ...]] = (
        Field(
            "dead",
            Boolean(),
            "true when all four passed: the deal is dead, scores nothing, and the next player deals.",
            required=False,
            default=False,
            rules=(Rule("With `true`, no other field may be present.", _dead_alone),),
        ),
        Field(
            "taker",
            SideRef(),
            "The side that won the auction.",
            required=_unless_dead,
            required_text="yes, unless dead",
        ),
        Field(
            "bid",
            OneOf((Integer(80, 250, 10), Choice((CAPOT,)))),
            'The contract: a multiple of 10 from 80 to 250, or "capot" (all 8 tricks).',
            required=_unless_dead,
            required_text="yes, unless dead",
        ),
        Field(
            "trump",
            Choice(
                (*SUITS, Contract.NO_TRUMP.value, Contract.ALL_TRUMP.value),
                allowed=_allowed_contracts,
                note="no-trump only with the option no_trump, all-trump only with all_trump",
            ),
            "The trump suit of the contract, or no-trump / all-trump.",
            required=_unless_dead,
            required_text="yes, unless dead",
        ),
        Field(
            "double",
            Choice(_values(Double)),
            "coinche: doubled by the defence; surcoinche: redoubled by the taker.",
            required=False,
            default=Double.NONE.value,
            rules=(Rule('With capot_doublable false, a "capot" bid must have "none".', _capot_doublable),),
        ),
        Field(
            "points",
            PerSide(Integer(0, _entry_total, high_label="N")),
            "Card points taken by each side, including the 10 for the last trick. N is the deal total: "
            "162 in a suit contract; 130 at no-trump and 258 at all-trump with point_scale parlett; "
            "162 for both with point_scale ffb.",
            required=_unless_dead,
            required_text="yes, unless dead",
            rules=(adds_up_to(_entry_total, "points"),),
        ),
        Field(
            "capot",
            SideRef(),
            "The side that won all 8 tricks (never inferred from the points).",
            required=False,
            nullable=True,
            default=None,
            rules=(Rule("That side must have points = N (the other side 0).", _capot_holds_all),),
        ),
        Field(
            "belote",
            OneOf((SideRef(), ListOf(SideRef()))),
            "Who declared belote (K and Q of trumps in one hand): one side name, or one list entry per "
            "belote; null or [] for none.",
            required=False,
            nullable=True,
            default=None,
            rules=(
                Rule(
                    "None at no-trump; at most 1 in a suit contract; at most 4 at all-trump.",
                    _belote_count_fits,
                ),
            ),
        ),
        Field(
            "melds",
            PerSide(ListOf(MELD), all_sides=False),
            'Declarations of each side (a side may be left out): {"meld": "tierce"|"quarte"|"quinte", '
            '"top": rank, "suit": suit} or {"meld": "carre", "rank": rank}.',
            required=False,
            default={},
            rules=(
                Rule("Any non-empty list while the option declarations is off is an error.", _melds_allowed),
                Rule(
                    "A sequence must fit: the position of top in A K Q J 10 9 8 7 plus its length is at "
                    "most 8.",
                    _sequences_fit,
                ),
                Rule("Four 8s and four 7s never count; four Nines do not count at no-trump.", _carres_count),
                Rule(
                    "No card may belong to two declarations, on the same side or across sides.",
                    _no_shared_cards,
                ),
            ),
        ),
    )
    options: ClassVar[tuple[Option, ...]] = (
        Option("target", Integer(low=10), 1000, "Points that win the match."),
        Option(
            "made_test",
            Choice(_values(MadeTest)),
            MadeTest.BEAT_DEFENCE.value,
            "beat_defence: the taker needs at least the bid and more than the defence; "
            "beat_defence_plus_two: the same with at least bid + 2; reach_bid: at least the bid "
            "(82 for an 80 bid), whatever the defence took.",
        ),
        Option(
            "tie_rule",
            Choice(_values(TieRule)),
            TieRule.FAILED.value,
            "A tie at or above the bid under the beat_defence tests: failed, made_if_bid_reached, or "
            "litige (the taker's points are held in a pot for the next made contract).",
        ),
        Option(
            "double_formula",
            Choice(_values(DoubleFormula)),
            DoubleFormula.ALL_SCORES.value,
            "all_scores: every score is multiplied; winner_takes_all: a doubled contract's winner takes "
            "160 + contract (× 2 or × 4) and the loser keeps only a belote; bid_only: only the "
            "contract value is multiplied.",
        ),
        Option("surcoinche_factor", Choice((4, 3)), 4, "Multiplier for a surcoinche."),
        Option(
            "failed_capot_value",
            Choice((500, 410)),
            500,
            "What the defence gets for a failed capot bid (before declarations and doubling).",
        ),
        Option("capot_doublable", Boolean(), True, "false: a capot bid cannot be coinched."),
        Option(
            "unbid_capot_bonus",
            Boolean(),
            True,
            "Whether an unbid capot also counts its last trick as 100 (true) or 10 like any deal (false).",
        ),
        Option(
            "melds_to_winner",
            Boolean(),
            False,
            "true: a failed taker's declarations go to the defence, and a made capot takes the "
            "defence's declarations.",
        ),
        Option(
            "belote_in_contract",
            Boolean(),
            True,
            "Whether belote counts toward making the contract (it is scored either way).",
        ),
        Option(
            "belote_on_failure",
            Choice(_values(BeloteOnFailure)),
            BeloteOnFailure.STAYS.value,
            "Who scores the taker's belote when the taker fails: stays with the taker, or to_defence.",
        ),
        Option("declarations", Boolean(), True, "Whether declarations (melds) other than belote are played."),
        Option("no_trump", Boolean(), False, 'Allows "no-trump" contracts.'),
        Option("all_trump", Boolean(), False, 'Allows "all-trump" contracts.'),
        Option(
            "point_scale",
            Choice(_values(PointScale)),
            PointScale.PARLETT.value,
            "Card values at no-trump and all-trump: parlett (130 and 258 a deal) or ffb (162 both).",
        ),
        Option(
            "belote_alone_cannot_win",
            Boolean(),
            False,
            "true: a side cannot reach the target on a deal where its contract failed or the opponents "
            "made capot against it.",
        ),
        Option(
            "final_tie",
            Choice(_values(FinalTie)),
            FinalTie.EXTRA_DEAL.value,
            "Both sides past the target on equal totals: extra_deal (play another deal) or "
            "last_contract_winner (the winner of that deal's contract wins).",
        ),
        Option("first_dealer", Seat(), 0, "Who deals the first deal (a seat number, 0–3)."),
    )
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {
        Preset.PARLETT.value: {
            "target": 1000,
            "made_test": MadeTest.BEAT_DEFENCE.value,
            "tie_rule": TieRule.FAILED.value,
            "double_formula": DoubleFormula.ALL_SCORES.value,
            "surcoinche_factor": 4,
            "failed_capot_value": 500,
            "capot_doublable": True,
            "unbid_capot_bonus": True,
            "melds_to_winner": False,
            "belote_in_contract": True,
            "belote_on_failure": BeloteOnFailure.STAYS.value,
            "declarations": True,
            "no_trump": False,
            "all_trump": False,
            "point_scale": PointScale.PARLETT.value,
            "belote_alone_cannot_win": False,
            "final_tie": FinalTie.EXTRA_DEAL.value,
        },
        Preset.FFB.value: {
            "target": 1000,
            "made_test": MadeTest.BEAT_DEFENCE.value,
            "tie_rule": TieRule.FAILED.value,
            "double_formula": DoubleFormula.WINNER_TAKES_ALL.value,
            "surcoinche_factor": 4,
            "failed_capot_value": 410,
            "capot_doublable": True,
            "unbid_capot_bonus": True,
            "melds_to_winner": True,
            "belote_in_contract": True,
            "belote_on_failure": BeloteOnFailure.STAYS.value,
            "declarations": True,
            "no_trump": False,
            "all_trump": False,
            "point_scale": PointScale.FFB.value,
            "belote_alone_cannot_win": True,
            "final_tie": FinalTie.EXTRA_DEAL.value,
        },
        Preset.PAGAT.value: {
            "target": 2000,
            "made_test": MadeTest.REACH_BID.value,
            "tie_rule": TieRule.FAILED.value,
            "double_formula": DoubleFormula.BID_ONLY.value,
            "surcoinche_factor": 4,
            "failed_capot_value": 500,
            "capot_doublable": False,
            "unbid_capot_bonus": True,
            "melds_to_winner": False,
            "belote_in_contract": True,
            "belote_on_failure": BeloteOnFailure.STAYS.value,
            "declarations": False,
            "no_trump": False,
            "all_trump": False,
            "point_scale": PointScale.FFB.value,
            "belote_alone_cannot_win": False,
            "final_tie": FinalTie.LAST_CONTRACT_WINNER.value,
        },
    }
    default_preset = Preset.PARLETT.value

    def start(self, table: Table) -> CoincheState:
        return CoincheState(Rules.of(table.options))

    # -- one deal -----------------------------------------------------------------------------

    def score(
        self, table: Table, state: CoincheState, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, CoincheState]:
        sides, rules = table.sides, state.rules
        if entry.get("dead"):
            zero = dict.fromkeys(sides, 0)
            dead: dict[str, Any] = {
                "result": Outcome.DEAD.value,
                "contract": None,
                "meld_points": dict(zero),
                "belote_points": dict(zero),
                "pot": state.pot,
            }
            lines = ["all four passed: dead deal, no score; the next player deals"]
            if state.pot:
                lines.append(f"the pot of {state.pot} keeps waiting")
            return DealScore(zero, tuple(lines), dead), CoincheState(rules, state.pot)
        deal, lines = _setup(rules, sides, entry)
        t, d = deal.taker, deal.defence
        outcome = _test(rules, deal, entry["bid"], lines)
        _transfer(rules, deal, outcome, lines)
        scores, pot = _deal_scores(rules, deal, outcome, state.pot, lines)
        barred: frozenset[str] = frozenset()
        if outcome is Outcome.FAILED:
            barred = barred | {t}
        if deal.capot is not None:
            barred = barred | {other_side(sides, deal.capot)}
        winner = t if outcome is Outcome.MADE else d if outcome is Outcome.FAILED else None
        extra: dict[str, Any] = {
            "result": outcome.value,
            "contract": {
                "taker": t,
                "bid": entry["bid"],
                "trump": entry["trump"],
                "double": entry["double"],
            },
            "meld_points": {side: deal.melds[side] for side in sides},
            "belote_points": {side: deal.belote[side] for side in sides},
            "pot": pot,
        }
        ordered = {side: scores[side] for side in sides}
        return DealScore(ordered, tuple(lines), extra), CoincheState(rules, pot, barred, winner)

    # -- the match ----------------------------------------------------------------------------

    def result(self, table: Table, state: CoincheState, totals: Mapping[str, int], deals: int) -> Result:
        rules = state.rules
        barred = state.barred if rules.belote_alone_cannot_win else frozenset()
        candidates = [
            side for side in table.sides if totals.get(side, 0) >= rules.target and side not in barred
        ]
        if not candidates:
            return Result(False)
        if len(candidates) == 1:
            return Result(True, candidates[0])
        a, b = candidates
        if totals[a] != totals[b]:
            return Result(True, a if totals[a] > totals[b] else b)
        if rules.last_contract_winner and state.contract_winner is not None:
            return Result(True, state.contract_winner)
        return Result(False)

    def structure(self, table: Table, state: CoincheState) -> dict[str, Any]:
        return {"pot": state.pot}


# -- the steps of one deal ------------------------------------------------------------------


def _setup(rules: Rules, sides: tuple[str, ...], entry: Mapping[str, Any]) -> tuple[_Deal, list[str]]:
    """Steps 1 and 2: card points (with the capot bonus), declarations and belote."""
    t = entry["taker"]
    d = other_side(sides, t)
    bid, trump, double = entry["bid"], entry["trump"], entry["double"]
    capot_bid = bid == CAPOT
    n = rules.totals[trump]
    m = rules.multipliers[double]
    lines = [f"{t} take {contract_text(bid, trump)}" + (f", {double}d (× {m})" if m > 1 else "")]
    points = entry["points"]
    cards = {t: int(points[t]), d: int(points[d])}
    lines.append(f"card points: {t} {cards[t]}, {d} {cards[d]}")
    capot = entry.get("capot")
    capot_bonus = capot is not None and (capot_bid or rules.unbid_capot_bonus)
    if capot is not None:
        if capot_bonus:
            cards[capot] = n + CAPOT_LAST_TRICK_EXTRA
            lines.append(f"capot: {capot} took all 8 tricks, last trick 100, so {cards[capot]} card points")
        else:
            lines.append(f"capot: {capot} took all 8 tricks, no capot bonus (unbid_capot_bonus is off)")
    melds = _melds(sides, entry.get("melds"), trump, lines)
    belote = dict.fromkeys(sides, 0)
    declared = entry.get("belote")
    if declared:
        for side in sides:
            belote[side] = BELOTE_VALUE * belote_count(declared, side)
            if belote[side]:
                lines.append(f"belote {side}: {belote[side]}")
    deal = _Deal(
        taker=t,
        defence=d,
        n=n,
        f0=round10(n),
        v=CAPOT_VALUE if capot_bid else int(bid),
        m=m,
        capot_bid=capot_bid,
        capot=capot,
        capot_bonus=capot_bonus,
        cards=cards,
        melds=melds,
        belote=belote,
    )
    return deal, lines


def _melds(
    sides: tuple[str, ...], declared: Mapping[str, list[dict[str, str]]] | None, trump: str, lines: list[str]
) -> dict[str, int]:
    """Step 2: only the side holding the best single declaration scores its declarations."""
    points = dict.fromkeys(sides, 0)
    if not declared:
        return points
    best: dict[str, tuple[tuple[int, int, int, int], dict[str, str]]] = {}
    for side in sides:
        own = declared.get(side)
        if own:
            top = max(own, key=lambda meld: meld_rank(meld, trump))
            best[side] = (meld_rank(top, trump), top)
    if not best:
        return points
    a, b = sides
    if a in best and b in best and best[a][0] == best[b][0]:
        lines.append(
            f"declarations: {meld_name(best[a][1])} and {meld_name(best[b][1])} are equal, "
            "so neither side scores declarations"
        )
        return points
    holder = max(best, key=lambda side: best[side][0])
    total = sum(meld_value(meld, trump) for meld in declared[holder])
    points[holder] = total
    loser = other_side(sides, holder)
    lost = f" ({loser}'s declarations do not count)" if loser in best else ""
    lines.append(
        f"declarations: {holder} hold the best ({meld_name(best[holder][1])}) and score all of "
        f"theirs: {total}{lost}"
    )
    return points


def _test(rules: Rules, deal: _Deal, bid: Any, lines: list[str]) -> Outcome:
    """Step 3: the contract test, always on unrounded points."""
    t, d = deal.taker, deal.defence
    if deal.capot_bid:
        if deal.capot == t:
            lines.append(f"{t} took all 8 tricks: capot made")
            return Outcome.MADE
        lines.append(f"{t} did not take all 8 tricks: capot failed")
        return Outcome.FAILED
    with_belote = rules.belote_in_contract
    tt = deal.cards[t] + deal.melds[t] + (deal.belote[t] if with_belote else 0)
    dt = deal.cards[d] + deal.melds[d] + (deal.belote[d] if with_belote else 0)
    note = "" if with_belote else " (belote not counted toward the contract)"
    test = rules.made_test
    if test is MadeTest.REACH_BID:
        need = REACH_BID_80 if bid == LOWEST_BID else int(bid)
        if tt >= need:
            lines.append(f"{t} have {tt}, at least {need}{note}: made")
            return Outcome.MADE
        lines.append(f"{t} have {tt}, short of {need}{note}: failed")
        return Outcome.FAILED
    need = int(bid) + (PLUS_TWO if test is MadeTest.BEAT_DEFENCE_PLUS_TWO else 0)
    if tt < need:
        why = " (rounding never makes a contract)" if round10(tt) >= need else ""
        lines.append(f"{t} have {tt}, short of {need}{note}: failed{why}")
        return Outcome.FAILED
    if tt < dt:
        lines.append(f"{t} have {tt}, less than {d}'s {dt}{note}: failed")
        return Outcome.FAILED
    if tt > dt:
        lines.append(f"{t} have {tt} (at least {need}) against {d}'s {dt}{note}: made")
        return Outcome.MADE
    if rules.tie_rule is TieRule.MADE_IF_BID_REACHED:
        lines.append(f"{t} and {d} both have {tt}{note}; {t} reached {need}: made (tie_rule)")
        return Outcome.MADE
    if rules.tie_rule is TieRule.LITIGE:
        lines.append(f"{t} and {d} both have {tt}{note}: litige")
        return Outcome.LITIGE
    lines.append(f"{t} and {d} both have {tt}{note}: {t} needed more than {d}, failed")
    return Outcome.FAILED


def _transfer(rules: Rules, deal: _Deal, outcome: Outcome, lines: list[str]) -> None:
    """Step 4: declarations and belote changing hands."""
    t, d = deal.taker, deal.defence
    melds, belote = deal.melds, deal.belote
    if rules.melds_to_winner:
        if outcome is Outcome.FAILED and melds[t]:
            lines.append(f"{t} failed: their declarations ({melds[t]}) go to {d}")
            melds[d] += melds[t]
            melds[t] = 0
        elif outcome is Outcome.MADE and deal.capot == t and melds[d]:
            lines.append(f"{t} made capot: {d}'s declarations ({melds[d]}) go to {t}")
            melds[t] += melds[d]
            melds[d] = 0
    if rules.belote_to_defence and outcome is Outcome.FAILED and belote[t]:
        lines.append(f"{t} failed: their belote ({belote[t]}) goes to {d}")
        belote[d] += belote[t]
        belote[t] = 0


def _deal_scores(
    rules: Rules, deal: _Deal, outcome: Outcome, pot: int, lines: list[str]
) -> tuple[dict[str, int], int]:
    """Steps 5 and 6: the deal scores by the double formula, and the litige pot."""
    t, d, m, v = deal.taker, deal.defence, deal.m, deal.v
    c, mp, bp = deal.cards, deal.melds, deal.belote
    formula = rules.formula
    times = f" × {m}" if m > 1 else ""
    raw_t, raw_d = c[t] + mp[t] + bp[t], c[d] + mp[d] + bp[d]
    own_t, own_d = round10(raw_t), round10(raw_d)
    if outcome is Outcome.MADE:
        if formula is DoubleFormula.WINNER_TAKES_ALL and m > 1:
            capot_made = deal.capot == t and deal.capot_bonus
            p = round10(deal.n + CAPOT_LAST_TRICK_EXTRA) if capot_made else deal.f0
            md = mp[d] if rules.melds_to_winner else 0
            st, sd = (p + mp[t] + md + bp[t] + v) * m, bp[d]
            terms = f" + declarations {mp[t] + md}" if mp[t] + md else ""
            terms += f" + belote {bp[t]}" if bp[t] else ""
            lines.append(f"{t}: ({p}{terms} + contract {v}){times} = {st}")
            lines.append(f"{d}: the loser of a doubled contract keeps only its belote: {sd}")
        elif formula is DoubleFormula.BID_ONLY:
            st, sd = own_t + v * m, own_d
            lines.append(f"{t}: round10({raw_t}) = {own_t} + contract {v}{times} = {st}")
            lines.append(f"{d}: round10({raw_d}) = {sd}")
        else:
            factor = m if formula is DoubleFormula.ALL_SCORES else 1
            st, sd = (own_t + v) * factor, own_d * factor
            if factor > 1:
                lines.append(f"{t}: (round10({raw_t}) = {own_t} + contract {v}){times} = {st}")
                lines.append(f"{d}: round10({raw_d}) = {own_d}{times} = {sd}")
            else:
                lines.append(f"{t}: round10({raw_t}) = {own_t} + contract {v} = {st}")
                lines.append(f"{d}: round10({raw_d}) = {sd}")
        if pot:
            lines.append(f"{t} made the contract and collect the pot of {pot}")
            st += pot
            pot = 0
        return {t: st, d: sd}, pot
    if outcome is Outcome.FAILED:
        k = rules.failed_capot_value - CAPOT_VALUE if deal.capot_bid else deal.f0
        base = f"failed capot {k + v}" if deal.capot_bid else f"{k} + contract {v}"
        extras = (f" + declarations {mp[d]}" if mp[d] else "") + (f" + belote {bp[d]}" if bp[d] else "")
        if formula is DoubleFormula.BID_ONLY:
            st, sd = bp[t], k + v * m + mp[d] + bp[d]
            if m > 1:
                base = f"{k} + contract {v}{times}"
            lines.append(f"{d}: {base}{extras} = {sd}")
        else:
            factor = m if formula is DoubleFormula.ALL_SCORES else 1
            st, sd = bp[t] * factor, (k + v + mp[d] + bp[d]) * m
            if m > 1:
                lines.append(f"{d}: ({base}{extras}){times} = {sd}")
            elif extras or not deal.capot_bid:
                lines.append(f"{d}: {base}{extras} = {sd}")
            else:
                lines.append(f"{d}: {base}")
        if not bp[t]:
            lines.append(f"{t}: nothing")
        elif st != bp[t]:
            lines.append(f"{t}: belote {bp[t]} kept{times} = {st}")
        else:
            lines.append(f"{t}: belote {bp[t]} kept")
        if pot:
            lines.append(f"the pot of {pot} keeps waiting for a made contract")
        return {t: st, d: sd}, pot
    factor = m if formula is DoubleFormula.ALL_SCORES else 1
    shown = f" × {factor}" if factor > 1 else ""
    held, sd = own_t * factor, own_d * factor
    lines.append(
        f"{t}: 0 now; round10({raw_t}) = {own_t}{shown}"
        + (f" = {held}" if factor > 1 else "")
        + " goes into the pot"
    )
    lines.append(f"{d}: round10({raw_d}) = {own_d}{shown}" + (f" = {sd}" if factor > 1 else ""))
    if pot:
        lines.append(f"the pot grows from {pot} to {pot + held}")
    return {t: 0, d: sd}, pot + held
