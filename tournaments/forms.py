"""The organizer console's forms: plain Django forms that only parse; the services check the rules.

Each form's ``arguments()`` gives the keyword arguments of one service call; a service error is
shown beside the field it names (``add_service_error``).
"""

from __future__ import annotations

from typing import Any

from django import forms

from games import GAMES
from scoring.services import ServiceError
from tournaments.pairing.formats import EntrantKind, Format, choices
from tournaments.standings.rows import metric_choices

TIEBREAK_SLOTS = 4


def _tiebreak_fields(form: forms.Form, initial: list[str] | None) -> None:
    choices = [("", "—"), *metric_choices()]
    for index in range(TIEBREAK_SLOTS):
        form.fields[f"tiebreak_{index}"] = forms.ChoiceField(
            label=f"{'Then' if index else 'Rank by'}",
            choices=choices,
            required=False,
            initial=(initial or [])[index] if initial and index < len(initial) else "",
        )


def _tiebreaks(cleaned: dict[str, Any]) -> list[str] | None:
    chosen = [cleaned.get(f"tiebreak_{i}") for i in range(TIEBREAK_SLOTS)]
    keys = [key for key in chosen if key]
    return keys or None


class ServiceErrors:
    """Mixin: put a service's error beside the field it names (or on top of the form)."""

    def add_service_error(self, error: ServiceError) -> None:
        form: Any = self
        field = error.field if error.field in form.fields else None
        form.add_error(field, error.rule)


class TournamentForm(ServiceErrors, forms.Form):
    name = forms.CharField(max_length=120)
    club = forms.ChoiceField(choices=())
    game = forms.ChoiceField(choices=())
    format = forms.ChoiceField(choices=choices(Format))
    match_format = forms.CharField(
        max_length=20,
        initial="game",
        help_text="game (to the game's own end), deals:N, rubber, or best-of:N (3 by default).",
    )
    entrant_kind = forms.ChoiceField(choices=choices(EntrantKind), label="Entrants")
    rounds = forms.IntegerField(min_value=1, max_value=99, required=False, help_text="Swiss and tables only.")
    preset = forms.CharField(max_length=40, required=False, help_text="The game's preset, if it has any.")

    def __init__(self, *args: Any, clubs: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = clubs  # type: ignore[attr-defined]
        self.fields["game"].choices = [(key, cls.name) for key, cls in GAMES.items()]  # type: ignore[attr-defined]
        _tiebreak_fields(self, None)

    def arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {
            "name": data["name"],
            "game_key": data["game"],
            "format": data["format"],
            "match_format": data["match_format"].strip(),
            "entrant_kind": data["entrant_kind"],
            "rounds": data.get("rounds"),
            "preset": data.get("preset") or None,
            "tiebreaks": _tiebreaks(data),
        }


class ConfigureForm(ServiceErrors, forms.Form):
    format = forms.ChoiceField(choices=choices(Format), help_text="Only before the first round.")
    rounds = forms.IntegerField(min_value=1, max_value=99, required=False)

    def __init__(self, *args: Any, tiebreaks: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _tiebreak_fields(self, tiebreaks)

    def arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        return {"format": data["format"], "rounds": data.get("rounds"), "tiebreaks": _tiebreaks(data)}


class EntrantForm(ServiceErrors, forms.Form):
    name = forms.CharField(max_length=120)
    players = forms.CharField(
        max_length=400, required=False, help_text="Partnerships: both partners, separated by ; (Ann; Bob)."
    )
    club = forms.CharField(max_length=120, required=False, label="Home club")
    seed = forms.IntegerField(min_value=1, required=False)

    def arguments(self) -> dict[str, Any]:
        data = self.cleaned_data
        players = [p.strip() for p in (data.get("players") or "").split(";") if p.strip()]
        return {
            "name": data["name"],
            "players": players or None,
            "club": data.get("club") or None,
            "seed": data.get("seed"),
        }


class UploadForm(ServiceErrors, forms.Form):
    file = forms.FileField(
        label="CSV file",
        help_text="A header line with name, and any of players (Ann;Bob), club, seed, rating.",
    )

    def text(self) -> str:
        raw = self.cleaned_data["file"].read(1_000_000)
        try:
            return str(raw.decode("utf-8"))
        except UnicodeDecodeError:
            return str(raw.decode("latin-1"))


class ResultForm(ServiceErrors, forms.Form):
    """``decision``: ``win:<id>``, ``draw``, ``forfeit:<id>`` or ``clear``."""

    decision = forms.ChoiceField(choices=())
    reason = forms.CharField(max_length=300, required=False)

    def __init__(self, *args: Any, entrants: list[tuple[int, str]], draws: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        choices = [(f"win:{pk}", f"{name} wins") for pk, name in entrants]
        if draws:
            choices.append(("draw", "Draw"))
        choices += [(f"forfeit:{pk}", f"{name} forfeits") for pk, name in entrants]
        choices.append(("clear", "Clear: the matches decide"))
        self.fields["decision"].choices = choices  # type: ignore[attr-defined]
