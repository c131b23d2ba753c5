"""The organizer's page forms of the seasons app: what a browser posts, turned into the JSON the
contracts take (``contract_data``); the contract and the service check it, and their error is
shown beside the field it names."""

from __future__ import annotations

from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _

from clubs.errors import ServiceError
from games import GAMES
from seasons.competition.rule import Absence, Metric

COUNTING = (
    ("all", _("Every evening")),
    ("best", _("The best N evenings")),
    ("drop", _("All but the K lowest")),
)
METRICS = (
    (Metric.POINTS.value, _("Points (the player's own score)")),
    (Metric.MATCH_POINTS.value, _("Match points")),
    (Metric.RANK_POINTS.value, _("Points per place")),
    (Metric.PERCENTAGE.value, _("Percentage of the evening's best score")),
)
ABSENCE = (
    (Absence.NOT_COUNTED.value, _("Not counted")),
    (Absence.ZERO.value, _("Counts 0 (dropped first)")),
)


class SeasonForm(forms.Form):
    """A new season."""

    club = forms.ChoiceField(label=_("Club"))
    # Translators: an example of a season's name, as a club would write it.
    name = forms.CharField(label=_("Name"), max_length=120, help_text=_("Competition 2025–2026"))
    game = forms.ChoiceField(label=_("Game"))
    metric = forms.ChoiceField(label=_("An evening is worth"), choices=METRICS)
    rank_points = forms.CharField(
        label=_("Points per place"),
        required=False,
        help_text=_("For points per place: 10, 8, 6, 5, 4, 3, 2, 1"),
    )
    counting = forms.ChoiceField(label=_("Which evenings count"), choices=COUNTING)
    number = forms.IntegerField(
        label=_("N or K"), required=False, min_value=0, help_text=_("How many for best N or drop K.")
    )
    absence = forms.ChoiceField(label=_("An evening missed"), choices=ABSENCE)
    min_evenings = forms.IntegerField(
        label=_("Evenings to be ranked"),
        min_value=0,
        initial=0,
        help_text=_("Players with fewer are listed below the line."),
    )

    def __init__(self, *args: Any, clubs: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["club"]).choices = clubs
        cast(forms.ChoiceField, self.fields["game"]).choices = [(key, cls.name) for key, cls in GAMES.items()]

    def contract_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        counting: Any = "all"
        if data["counting"] != "all":
            counting = {data["counting"]: data.get("number")}
        body: dict[str, Any] = {
            "name": data["name"],
            "game": data["game"],
            "metric": data["metric"],
            "counting": counting,
            "absence": data["absence"],
            "min_evenings": data.get("min_evenings") or 0,
        }
        if data["metric"] == Metric.RANK_POINTS and data.get("rank_points"):
            places = [part.strip() for part in data["rank_points"].split(",") if part.strip()]
            body["rank_points"] = [int(p) if p.isdigit() else p for p in places]
        return body

    def add_service_error(self, error: ServiceError) -> None:
        """Show a contract's or a service's refusal beside the field it names."""
        field = {"counting": "number"}.get(error.field or "", error.field)
        self.add_error(field if field in self.fields else None, str(error))


class EveningForm(forms.Form):
    """An evening to attach: one of the club's tournaments of the season's game, on a day."""

    tournament = forms.ChoiceField(label=_("Tournament"))
    day = forms.DateField(
        label=_("Day"),
        required=False,
        help_text=_("Leave empty for the day it was created."),
        widget=forms.DateInput(attrs={"type": "date"}),
    )

    def __init__(self, *args: Any, tournaments: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["tournament"]).choices = tournaments
