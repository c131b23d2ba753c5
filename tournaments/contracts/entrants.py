"""The contracts of entrants: registering one (or a list, or a CSV file's rows), changing one
(withdrawn, checked in, what it paid).

How long a name may be in an individual event, how many players an entrant lists, and whether a
name is already entered depend on the tournament: the service checks those.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.contracts.club_rules import MOST_FEE
from tournaments.contracts.kit import NON_FIELD, Contract, Flag, Text, TextList, WholeNumber
from tournaments.services.entrants import EntrantSpec

NAMES = _("players must be a list of names")


class EntrantInput(Contract):
    """``POST /api/tournaments/{id}/entrants/`` (one object, or a list of them), the console's
    entrant form and each row of an uploaded CSV file; the value is an :class:`EntrantSpec`."""

    unknown_key = _("{key} is not a field of an entrant")
    not_an_object = _("each entrant must be an object with a name")

    name = Text(max_length=120, required=False, help_text="Required unless player names a member.")
    players = TextList(
        child=Text(
            max_length=80,
            error_messages={
                "invalid": NAMES,
                "blank": NAMES,
                "null": NAMES,
                "max_length": _("players lists names of up to 80 characters"),
            },
        ),
        required=False,
        allow_null=True,
        help_text="The players' names: both partners of a partnership.",
    )
    club = Text(max_length=120, required=False, allow_null=True, allow_blank=True, help_text="The home club.")
    seed = WholeNumber(low=1, high=1_000_000, digits=True, required=False, allow_null=True)
    rating = WholeNumber(low=-100_000, high=1_000_000, digits=True, required=False, allow_null=True)
    player = WholeNumber(
        low=1,
        high=2**31 - 1,
        digits=True,
        required=False,
        allow_null=True,
        help_text="An individual entrant: the club member's id (the name defaults to the member's).",
    )
    joins_round = WholeNumber(
        low=1,
        high=999,
        digits=True,
        required=False,
        allow_null=True,
        help_text="A late arrival: the first round it is drawn in (by default, once round 1 is "
        "drawn, the next round). The rounds it misses score the event's absent rule.",
    )

    def validate(self, attrs: dict[str, Any]) -> EntrantSpec:
        if not attrs.get("name") and attrs.get("player") is None:
            raise serializers.ValidationError({"name": _("name is required")})
        return EntrantSpec(
            name=attrs.get("name") or "",
            players=tuple(attrs.get("players") or ()),
            club=attrs.get("club") or "",
            seed=attrs.get("seed"),
            rating=attrs.get("rating"),
            player=attrs.get("player"),
            joins_round=attrs.get("joins_round"),
        )


class EntrantChange(Contract):
    """``PATCH /api/tournaments/{id}/entrants/{entrant}/``: withdraw (or take the withdrawal back),
    check in (or take it back), record what the entrant paid, in cents (the whole amount so far:
    sending it twice records it once). At least one of them; the value is the keyword arguments of
    ``services.entrant_update``."""

    unknown_key = _("{key} is not a field of an entrant's change: send withdrawn, checked_in or paid")
    nothing = _("send at least one of withdrawn, checked_in or paid")

    withdrawn = Flag(required=False)
    checked_in = Flag(required=False, help_text="Whether the entrant is here.")
    paid = WholeNumber(
        low=0, high=MOST_FEE, required=False, help_text="What the entrant has paid so far, in cents."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs:
            raise serializers.ValidationError({NON_FIELD: [str(self.nothing)]})
        return attrs
