"""The contract of an organizer's result for a table: a winner (or a draw), or a forfeit, and why.

Whether the entrants named sit at that table, and whether a bracket may end in a draw, depend on
the table: the service checks those.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.contracts.kit import Contract, Named, Text, WholeNumber
from tournaments.services.results import TableDecision

REASON = _("say why the organizer sets this result")
FORFEIT = _("name the forfeiting entrants of this table")
POINTS = _("points must map entrant ids to game points")


class Reason(Text):
    """Why the organizer sets the result: required, and kept to its first 300 characters."""

    LIMIT = 300
    default_error_messages = {"invalid": REASON, "blank": REASON, "required": REASON, "null": REASON}

    def to_internal_value(self, data: Any) -> str:
        return super().to_internal_value(data)[: self.LIMIT]


class EntrantPoints(Named, serializers.DictField):
    """Game points by entrant id (an object's keys are texts: ``{"12": 7}``)."""

    default_error_messages = {"not_a_dict": POINTS}

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(child=WholeNumber(error_messages={"invalid": POINTS, "null": POINTS}), **kwargs)

    def to_internal_value(self, data: Any) -> dict[int, int]:
        given = super().to_internal_value(data)
        ids = WholeNumber(low=1, digits=True, error_messages={"invalid": POINTS})
        return {ids.to_internal_value(key): value for key, value in given.items()}


class TableResultInput(Contract):
    """``POST /api/tournaments/{id}/rounds/{n}/tables/{t}/result/`` and the console's result form;
    the value is a :class:`TableDecision`. Keys it does not know are left alone, as they always were."""

    unknown_key = None

    winner = WholeNumber(
        low=1,
        required=False,
        allow_null=True,
        error_messages={"invalid": _("winner must be an entrant id, or null for a draw")},
        help_text="An entrant id at the table, or null for a draw.",
    )
    points = EntrantPoints(required=False, allow_null=True, help_text="Game points by entrant id.")
    forfeit = serializers.ListField(
        child=WholeNumber(low=1, error_messages={"invalid": FORFEIT, "null": FORFEIT}),
        required=False,
        allow_empty=False,
        error_messages={"not_a_list": FORFEIT, "empty": FORFEIT, "null": FORFEIT},
        help_text="The forfeiting entrants' ids: their sides lose.",
    )
    reason = Reason(help_text="Why the organizer sets this result (the first 300 characters are kept).")

    def validate(self, attrs: dict[str, Any]) -> TableDecision:
        if "forfeit" in attrs:
            return TableDecision(reason=attrs["reason"], forfeit=tuple(attrs["forfeit"]))
        if "winner" not in attrs:
            raise serializers.ValidationError(
                {"winner": _("give the winner (null for a draw) or the forfeiting entrants")}
            )
        return TableDecision(reason=attrs["reason"], winner=attrs["winner"], points=attrs.get("points") or {})
