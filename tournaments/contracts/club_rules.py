"""The contracts of a club's rules for an evening: what sitting out and missing a round score, the
entry fee, what the draw waits for, the prize rule and the blind finish (the values are those of
``tournaments.standings.club_rules``). The same fields come with a new tournament and with a
change of one, so both contracts extend :class:`ClubRules`.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from tournaments.contracts.kit import Choice, Contract, Flag, Named, WholeNumber, partly
from tournaments.standings.club_rules import (
    AVERAGE,
    AbsentRule,
    ByeRule,
    PrizeExtra,
    PrizeRule,
    Prizes,
    SitOutOutcome,
)

#: Game points a round can score, at most (a klaverjas afternoon's round is some 1,600).
MOST_GAME_POINTS = 100_000
#: An entry fee, at most (in cents): €1,000.
MOST_FEE = 100_000

OUTCOME_RULE = _("{field} must be win, draw or loss")


@extend_schema_field(
    {"oneOf": [{"type": "integer", "minimum": 0, "maximum": MOST_GAME_POINTS}, {"enum": [AVERAGE]}]}
)
class SitOutPoints(Named, serializers.Field):  # type: ignore[type-arg]
    """A whole number of game points, ``"average"`` (the round's average) or ``null`` (nothing)."""

    default_error_messages = {
        "invalid": partly(
            _('{field} must be a whole number from 0 to {high}, "average" or null'), high=MOST_GAME_POINTS
        )
    }

    def to_internal_value(self, data: Any) -> int | str:
        if data == AVERAGE:
            return AVERAGE
        if isinstance(data, bool) or not isinstance(data, int) or not 0 <= data <= MOST_GAME_POINTS:
            self.fail("invalid")
        return int(data)

    def to_representation(self, value: Any) -> Any:
        return value


class ByeInput(Contract):
    """``bye``: what an entrant who sits out scores; the value is a :class:`ByeRule`."""

    unknown_key = _("{key} is not part of the bye rule (game_points, outcome, max_per_entrant)")
    not_an_object = _("bye must be an object: game_points, outcome, max_per_entrant")

    game_points = SitOutPoints(
        required=False, allow_null=True, help_text='Fixed game points, "average" (the round\'s), or null.'
    )
    outcome = Choice(
        SitOutOutcome,
        required=False,
        error_messages={"invalid_choice": OUTCOME_RULE},
        help_text="What the sit-out counts as for match points (a win when left out).",
    )
    max_per_entrant = WholeNumber(
        low=1, high=99, required=False, allow_null=True, help_text="At most this many sit-outs each."
    )

    def validate(self, attrs: dict[str, Any]) -> ByeRule:
        return ByeRule(
            game_points=attrs.get("game_points"),
            outcome=attrs.get("outcome", SitOutOutcome.WIN),
            max_per_entrant=attrs.get("max_per_entrant"),
        )


class AbsentInput(Contract):
    """``absent``: what missing a round for another reason scores; the value is an :class:`AbsentRule`."""

    unknown_key = _("{key} is not part of the absent rule (game_points, outcome)")
    not_an_object = _("absent must be an object: game_points, outcome")

    game_points = WholeNumber(low=0, high=MOST_GAME_POINTS, required=False)
    outcome = Choice(
        SitOutOutcome,
        required=False,
        error_messages={"invalid_choice": OUTCOME_RULE},
        help_text="What the missed round counts as (a loss when left out).",
    )

    def validate(self, attrs: dict[str, Any]) -> AbsentRule:
        return AbsentRule(
            game_points=attrs.get("game_points", 0), outcome=attrs.get("outcome", SitOutOutcome.LOSS)
        )


class PrizesInput(Contract):
    """``prizes``: who gets a prize; the value is a :class:`Prizes`."""

    unknown_key = _("{key} is not part of the prize rule (rule, places, extras)")
    not_an_object = _("prizes must be an object: rule, places, extras")

    rule = Choice(
        PrizeRule,
        error_messages={"invalid_choice": _("rule must be places, every_fourth or everyone")},
        help_text="places (1 to N), every_fourth (1-4, then 8, 12, 16…) or everyone.",
    )
    places = WholeNumber(
        low=1, high=999, required=False, allow_null=True, help_text="places: how many; others: a cap."
    )
    extras = serializers.ListField(
        child=Choice(
            PrizeExtra,
            error_messages={"invalid_choice": _("extras must list booby, most_points or best_match")},
        ),
        required=False,
        help_text="Named prizes beside the places: booby, most_points, best_match.",
    )

    def validate(self, attrs: dict[str, Any]) -> Prizes:
        if attrs["rule"] == PrizeRule.PLACES and not attrs.get("places"):
            raise serializers.ValidationError({"places": _("places is required when rule is places")})
        extras = tuple(dict.fromkeys(attrs.get("extras") or ()))
        return Prizes(rule=attrs["rule"], places=attrs.get("places"), extras=extras)


class ClubRules(Contract):
    """The club's rule fields, shared by a new tournament and a change of one (DRF copies
    inherited fields into each contract)."""

    bye = ByeInput(required=False, allow_null=True)
    absent = AbsentInput(required=False, allow_null=True)
    fee = WholeNumber(
        low=0, high=MOST_FEE, required=False, allow_null=True, help_text="The entry fee, in cents."
    )
    require_paid = Flag(required=False, help_text="The draw waits until every entrant has paid.")
    require_check_in = Flag(required=False, help_text="The draw waits until every entrant has checked in.")
    prizes = PrizesInput(required=False, allow_null=True)
    blind_rounds = WholeNumber(
        low=0,
        high=99,
        required=False,
        help_text="The last rounds whose standings stay hidden until the organizer reveals them.",
    )
