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

The package holds one idea a module, as python-chess holds one variant a class: ``hands`` (what both
games share), ``partnership`` and ``individual`` (each game's entry and score); this module
holds the rules class (identity, options, presets, the match structure), as ``games.coinche`` does.

What it does not do: the bidding order (bids are entered in seat order), the trump turn-up, or card
play; the trump suit is recorded but never changes a score.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from games.back_alley import individual
from games.back_alley.hands import (
    INDIVIDUAL,
    MAX_HAND,
    PARTNERSHIP,
    SEQUENCE_WORDS,
    SEQUENCES,
    BackAlleyState,
    cards,
)
from games.back_alley.individual import (
    BOARD,
    BOARD_BASE,
    FAILED_PER_TRICK_ALONE,
    INDIVIDUAL_FIELDS,
    INDIVIDUAL_MAX_HAND,
    INDIVIDUAL_PLAYERS,
    INDIVIDUAL_SEQUENCE,
    MADE_PER_TRICK_ALONE,
    RAINBOW_BONUS,
    RAINBOW_HAND,
    board_levels,
    board_value,
    solo_board_points,
    solo_points,
)
from games.back_alley.partnership import (
    BOARDS,
    FAILED_NUMBER_PER_TRICK,
    FIELDS,
    MADE_NUMBER_PER_TRICK,
    PARTNERSHIP_PRESETS,
    PASS,
    SEATS,
    contract,
    dead_deal,
    deal_points,
    score_deal,
)
from games.base import Game
from games.common import best
from games.declaration import Option, TableShape, Variant
from games.errors import OptionError
from games.facts import Fact, Facts
from games.match import Dealer, DealRecord, DealScore, Result, Table
from games.terms import counted, problem, term
from games.values import Choice, Seat

__all__ = [
    "BOARD",
    "BOARDS",
    "BOARD_BASE",
    "FAILED_NUMBER_PER_TRICK",
    "FAILED_PER_TRICK_ALONE",
    "INDIVIDUAL",
    "INDIVIDUAL_FIELDS",
    "INDIVIDUAL_MAX_HAND",
    "INDIVIDUAL_PLAYERS",
    "INDIVIDUAL_SEQUENCE",
    "MADE_NUMBER_PER_TRICK",
    "MADE_PER_TRICK_ALONE",
    "MAX_HAND",
    "PARTNERSHIP",
    "PARTNERSHIP_PRESETS",
    "PASS",
    "RAINBOW_BONUS",
    "RAINBOW_HAND",
    "SEATS",
    "SEQUENCES",
    "SEQUENCE_WORDS",
    "BackAlley",
    "BackAlleyState",
    "board_levels",
    "board_value",
    "contract",
    "deal_points",
    "solo_board_points",
    "solo_points",
]


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
    fields = FIELDS
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
        if entry["dead"]:
            return dead_deal(table, state)
        if INDIVIDUAL.holds(table.options):
            return individual.score_deal(table, state, entry, str(self.dealer(table, state, state.played)))
        return score_deal(table, state, entry)

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
            (term("back-alley", "dead"), cards(extra["hand_size"]))
            if extra["dead"]
            else (cards(extra["hand_size"]),)
        )
