"""Classic Belote's one declaration: the deal entry's fields with their checks, the options, the presets.

Validation, ``python -m games schema belote``, the API, the entry form and the tables of
``docs/games/belote.md`` are all generated from these three values, which the
:class:`~games.belote.Belote` class carries. The declarations field is La Coinche's own (the same
meld objects, checks and words), allowed to be ``null``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from games.belote.vocabulary import (
    CAPOT_VALUES,
    CLASSIQUE_TARGET,
    CONCOURS_DEALS,
    DEAL_POINTS,
    FinalPot,
    FinalTie,
    Preset,
    Redeal,
    Rounding,
    TieRule,
)
from games.coinche.declaration import FIELDS as COINCHE_FIELDS
from games.coinche.vocabulary import values_of
from games.common import SUITS, adds_up_to, only_field
from games.declaration import EntryContext, Field, Option, Rule, When
from games.terms import problem, term
from games.values import Boolean, Choice, Integer, PerSide, Seat, SideRef

LATER_FIELDS = ("taker", "points", "capot", "belote", "melds", "trump")


def _unless_dead(raw: Mapping[str, Any]) -> bool:
    return raw.get("dead") is not True


def _any_meld(melds: Any) -> bool:
    return isinstance(melds, dict) and any(melds.values())


def _trump_needed(raw: Mapping[str, Any]) -> bool:
    return _any_meld(raw.get("melds"))


def _capot_holds_all(value: Any, ctx: EntryContext) -> str | None:
    points = ctx.clean.get("points", {})
    if value is not None and points.get(value) != DEAL_POINTS:
        return problem(
            "coinche",
            "capot_without_all_points",
            "%(side)s took all 8 tricks, so %(side)s must have all %(total)s points (points give %(side)s %(points)s)",
            side=value,
            total=DEAL_POINTS,
            points=points.get(value),
        )
    return None


def _trump_for_melds(value: Any, ctx: EntryContext) -> str | None:
    if value is None and _any_meld(ctx.clean.get("melds")):
        return problem(
            "belote",
            "trump_for_melds",
            "trump is needed to compare declarations: name the trump suit",
        )
    return None


#: The declarations and the trump that compares them are asked only where declarations are played.
DECLARATIONS_ON = When("declarations", (True,))
_COINCHE_MELDS = next(f for f in COINCHE_FIELDS if f.name == "melds")

FIELDS: tuple[Field, ...] = (
    Field(
        "dead",
        Boolean(),
        term(
            "belote",
            "true when all four passed twice: the deal is dead, scores nothing and does not count.",
        ),
        required=False,
        default=False,
        rules=(only_field(*LATER_FIELDS),),
        label=term("belote", "All passed"),
        hint=term(
            "belote",
            "All four passed in both rounds: the deal is dead, scores nothing and does not count.",
        ),
    ),
    Field(
        "taker",
        SideRef(),
        term("belote", "The side that took (chose trumps); the other side defends."),
        required=_unless_dead,
        required_text="yes, unless dead",
        label=term("belote", "Taker"),
    ),
    Field(
        "points",
        PerSide(Integer(0, DEAL_POINTS)),
        term("belote", "Card points won by each side, including the 10 for the last trick."),
        required=_unless_dead,
        required_text="yes, unless dead",
        rules=(adds_up_to(DEAL_POINTS, "points"),),
        label=term("belote", "Card points"),
    ),
    Field(
        "capot",
        SideRef(),
        term("belote", "The side that won all 8 tricks (never inferred from the points)."),
        required=False,
        nullable=True,
        default=None,
        rules=(Rule(term("belote", "That side must have 162 points (the other side 0)."), _capot_holds_all),),
        label=term("belote", "Capot"),
    ),
    Field(
        "belote",
        SideRef(),
        term("belote", "The side that announced belote and rebelote (King and Queen of trumps in one hand)."),
        required=False,
        nullable=True,
        default=None,
        label=term("belote", "Belote and rebelote"),
    ),
    replace(_COINCHE_MELDS, nullable=True, asked_when=DECLARATIONS_ON),
    Field(
        "trump",
        Choice(SUITS),
        term("belote", "The trump suit; needed only to compare equal sequences."),
        required=_trump_needed,
        required_text="when melds holds a meld",
        nullable=True,
        default=None,
        rules=(Rule(term("belote", "Not null while melds holds a meld."), _trump_for_melds),),
        asked_when=DECLARATIONS_ON,
        label=term("belote", "Trump"),
    ),
)

OPTIONS: tuple[Option, ...] = (
    Option(
        "deals",
        Integer(low=1),
        CONCOURS_DEALS,
        term(
            "belote",
            "A partie of this many counted deals (dead deals do not count). Giving both deals and "
            "target is an error on deals; the one given replaces the other's preset value.",
        ),
        nullable=True,
        label=term("belote", "Counted deals in a partie"),
        hint=term(
            "belote", "A partie of this many counted deals (dead deals do not count); a target replaces it."
        ),
    ),
    Option(
        "target",
        Integer(low=1),
        None,
        term("belote", "A match to this many points instead of a number of deals."),
        nullable=True,
        label=term("belote", "Points to win"),
    ),
    Option(
        "declarations",
        Boolean(),
        False,
        term("belote", "Whether declarations (melds) other than belote are played."),
        label=term("belote", "Declarations (melds)"),
    ),
    Option(
        "rounding",
        Choice(
            values_of(Rounding),
            labels=(
                (Rounding.NONE.value, term("belote", "to the point")),
                (Rounding.NEAREST.value, term("belote", "both sides to the nearest 10")),
                (Rounding.COMPLEMENT.value, term("belote", "the taker to 10, the defence the rest of 160")),
            ),
        ),
        Rounding.NONE.value,
        term(
            "belote",
            "How card points are marked: none (to the point); nearest (both sides to the nearest 10, "
            "5 up); complement (the taker to the nearest 10 with 5 down, the defence the rest of 160). "
            "The deal is always decided on the points as taken.",
        ),
        label=term("belote", "Card points marked"),
        hint=term(
            "belote",
            "To the point; both sides rounded to the nearest 10; or the taker rounded to 10 (a final 5 down) and the defence the rest of 160. The deal is always decided on the points as taken.",
        ),
    ),
    Option(
        "capot_value",
        Choice(CAPOT_VALUES),
        CAPOT_VALUES[0],
        term("belote", "The card points of the side that won all 8 tricks."),
        label=term("belote", "A capot is worth"),
    ),
    Option(
        "tie_rule",
        Choice(
            values_of(TieRule),
            labels=(
                (TieRule.LITIGE.value, term("belote", "litige: the taker's points wait in a pot")),
                (TieRule.DEDANS.value, term("belote", "the taker is dedans")),
                (TieRule.MADE.value, term("belote", "the taker has made it")),
            ),
        ),
        TieRule.LITIGE.value,
        term(
            "belote",
            "The taker's total equal to the defence's: litige (the taker's points go into a pot for "
            "the winner of the next deal), dedans, or made.",
        ),
        label=term("belote", "A tie (81 each)"),
        hint=term(
            "belote",
            "When the taker's total equals the defence's: litige (the taker's points wait in a pot for the winner of the next deal), the taker is dedans, or the taker has made it.",
        ),
    ),
    Option(
        "belote_in_contract",
        Boolean(),
        True,
        term(
            "belote",
            "Whether belote counts when the taker's total is compared with the defence's; with false "
            "it is left out of the test and of the pot, and always scored on the deal itself.",
        ),
        label=term("belote", "Belote counts toward the taker's total"),
        hint=term(
            "belote",
            "Whether belote counts when the taker's total is compared with the defence's; if not, it is left out of the test and of the pot, and always scored on the deal itself.",
        ),
    ),
    Option(
        "final_pot",
        Choice(
            values_of(FinalPot),
            labels=(
                (FinalPot.RETURNED.value, term("belote", "each side gets back its points")),
                (FinalPot.LOST.value, term("belote", "the pot is lost")),
            ),
        ),
        FinalPot.RETURNED.value,
        term(
            "belote",
            "A pot still held after the last deal of a partie of fixed length: returned (each side "
            "gets back what it put in) or lost.",
        ),
        label=term("belote", "A pot left after the last deal"),
    ),
    Option(
        "redeal",
        Choice(
            values_of(Redeal),
            labels=(
                (Redeal.SAME_DEALER.value, term("belote", "the same player")),
                (Redeal.NEXT_DEALER.value, term("belote", "the next player")),
            ),
        ),
        Redeal.SAME_DEALER.value,
        term(
            "belote", "Who deals after a dead deal: the same player (same_dealer) or the next (next_dealer)."
        ),
        label=term("belote", "After a dead deal, who deals"),
        hint=term("belote", "Who deals after a dead deal: the same player again, or the next player."),
    ),
    Option(
        "final_tie",
        Choice(
            values_of(FinalTie),
            labels=(
                (FinalTie.EXTRA_DEAL.value, term("belote", "play another deal")),
                (FinalTie.DRAW.value, term("belote", "a draw")),
            ),
        ),
        FinalTie.EXTRA_DEAL.value,
        term("belote", "With a target: both sides past it on equal totals play another deal, or draw."),
        label=term("belote", "Equal totals past the target"),
    ),
    Option(
        "capot_cannot_finish",
        Boolean(),
        True,
        term(
            "belote", "With a target: a side that took no trick in a deal cannot win the match on that deal."
        ),
        label=term("belote", "No going out on a capot against you"),
    ),
    Option(
        "first_dealer",
        Seat(),
        0,
        term("belote", "Who deals the first deal (a seat number, 0–3)."),
        label=term("belote", "First dealer"),
    ),
)

PRESETS: Mapping[str, Mapping[str, Any]] = {
    Preset.CONCOURS.value: {
        "deals": CONCOURS_DEALS,
        "target": None,
        "declarations": False,
        "rounding": Rounding.NONE.value,
        "capot_value": CAPOT_VALUES[0],
        "tie_rule": TieRule.LITIGE.value,
        "belote_in_contract": True,
        "final_pot": FinalPot.RETURNED.value,
        "redeal": Redeal.SAME_DEALER.value,
        "final_tie": FinalTie.EXTRA_DEAL.value,
        "capot_cannot_finish": True,
    },
    Preset.CLASSIQUE.value: {
        "deals": None,
        "target": CLASSIQUE_TARGET,
        "declarations": True,
        "rounding": Rounding.NONE.value,
        "capot_value": CAPOT_VALUES[0],
        "tie_rule": TieRule.LITIGE.value,
        "belote_in_contract": True,
        "final_pot": FinalPot.RETURNED.value,
        "redeal": Redeal.NEXT_DEALER.value,
        "final_tie": FinalTie.EXTRA_DEAL.value,
        "capot_cannot_finish": True,
    },
}
