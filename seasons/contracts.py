"""What the seasons app accepts from the outside, declared once per input as DRF serializers built
from the tournaments' strict fields (``tournaments.contracts.kit``): the API validates its bodies
with them, the OpenAPI schema describes them, the organizer's pages hand their forms to them.
A problem is ``{"error": {"field", "rule"}}`` through ``validated``.

- :class:`SeasonCreate`: a new season (``POST /api/seasons/`` and the new-season page); the
  counting rule is checked by the pure :func:`~seasons.competition.rule.rule_from_data`;
- :class:`EveningAttach`: an evening to attach (``POST /api/seasons/{id}/evenings/``);
- :class:`Preferences` and :class:`PrivacyChange`: what the public sees.
"""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from seasons import wording
from seasons.competition.rule import Absence, Metric, RuleError, rule_from_data
from tournaments.contracts.event import GameKey
from tournaments.contracts.kit import Choice, Contract, Flag, Named, Text, WholeNumber

COUNTING_HELP = '"all", {"best": N} (the N highest evenings) or {"drop": K} (all but the K lowest).'


class CountingField(Named, serializers.JSONField):
    """``"all"``, ``{"best": N}`` or ``{"drop": K}`` (checked with the rest of the rule)."""


class PlacePoints(Named, serializers.ListField):
    """Points per place, the winner's first (checked with the rest of the rule)."""

    default_error_messages = {"not_a_list": "{field} must be a list of whole numbers"}

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, list):
            self.fail("not_a_list", input_type=type(data).__name__)
        return data


class Day(Named, serializers.DateField):
    """A day written ``2025-10-12``."""

    default_error_messages = {
        "invalid": "{field} must be a day written like 2025-10-12",
        "datetime": "{field} must be a day written like 2025-10-12",
    }


class SeasonCreate(Contract):
    """``POST /api/seasons/``: the value is the season's name, game, rule and club (a slug)."""

    unknown_key = "{key} is not a field of a season"

    name = Text(max_length=120)
    game = GameKey(help_text="A game's key (GET /api/games/) or alias: the game of every evening.")
    metric = Choice(Metric, help_text="What an evening is worth to a player.")
    counting = CountingField(required=False, help_text=COUNTING_HELP)
    absence = Choice(Absence, required=False, help_text="An evening a player missed: not counted, or 0.")
    min_evenings = WholeNumber(low=0, high=200, required=False, help_text="Evenings played to be ranked.")
    rank_points = PlacePoints(
        child=serializers.IntegerField(), required=False, help_text="Only for rank_points: points per place."
    )
    club = Text(
        required=False,
        allow_blank=True,
        help_text="The club's slug; needed by an organizer of several clubs.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        data: dict[str, Any] = {
            key: attrs[key]
            for key in ("metric", "counting", "absence", "min_evenings", "rank_points")
            if key in attrs
        }
        try:
            rule = rule_from_data(data)
        except RuleError as error:
            raise serializers.ValidationError({error.field: wording.rule_refusal(error)}) from None
        return {"name": attrs["name"], "game": attrs["game"], "rule": rule, "club": attrs.get("club") or None}


class EveningAttach(Contract):
    """``POST /api/seasons/{id}/evenings/``: a tournament of the club and the season's game."""

    unknown_key = "{key} is not a field of an evening"

    tournament = WholeNumber(low=1, high=2**31 - 1, help_text="The tournament's id.")
    day = Day(required=False, allow_null=True, help_text="The evening's day (default: the tournament's).")


class Preferences(Contract):
    """The club's choice of what the public sees."""

    players_public = Flag(help_text="Player pages, ratings and top lists are public.")
    win_chances = Flag(help_text="Scoreboards show each side's chance to win before a match.")


class PrivacyChange(Contract):
    """A player's choice to be left out of the club's public lists."""

    hidden = Flag(help_text="Leave the player out of the club's public lists and pages.")
