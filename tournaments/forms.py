"""The organizer's page forms: what a browser posts, handed to the same contracts as the API's.

A form here only carries values: its fields render the contract's fields (:func:`mirrored`: the
same help, and the browser told the same bounds) and turn posted text into the contract's JSON
shape (``contract_data()``). The contract checks the rules, the service what depends on the
tournament; either error is shown beside the field it names (``add_service_error``).
"""

from __future__ import annotations

from typing import Any

from django import forms
from rest_framework import serializers

from clubs.errors import ServiceError
from games import GAMES
from tournaments.contracts import EntrantInput, TournamentChange, TournamentCreate
from tournaments.contracts.kit import WholeNumber
from tournaments.pairing.formats import EntrantKind, Format, choices
from tournaments.standings.rows import metric_choices

TIEBREAK_SLOTS = 4


def mirrored(field: serializers.Field, **presentation: Any) -> forms.Field:  # type: ignore[type-arg]
    """A form field for a contract's field: its help text, and its required flag and bounds as the
    browser's hints; the rules themselves stay the contract's."""
    kind: type[forms.Field] = forms.CharField
    if isinstance(field, WholeNumber):
        kind = forms.IntegerField
    elif "choices" in presentation:
        kind = forms.ChoiceField
    made = kind(required=False, help_text=field.help_text or "", **presentation)
    hints = {
        "required": field.required,
        "maxlength": getattr(field, "max_length", None),
        "min": getattr(field, "min_value", None),
        "max": getattr(field, "max_value", None),
    }
    made.widget.attrs.update({name: value for name, value in hints.items() if value not in (None, False)})
    return made


def _tiebreak_fields(form: forms.Form, initial: list[str] | None) -> None:
    slots = [("", "—"), *metric_choices()]
    for index in range(TIEBREAK_SLOTS):
        form.fields[f"tiebreak_{index}"] = forms.ChoiceField(
            label=f"{'Then' if index else 'Rank by'}",
            choices=slots,
            required=False,
            initial=(initial or [])[index] if initial and index < len(initial) else "",
        )


def _given(data: dict[str, Any]) -> dict[str, Any]:
    """What the form's user filled in: a blank field is a field not given."""
    return {key: value for key, value in data.items() if value not in (None, "")}


class ServiceErrors:
    """Mixin: put a contract's or a service's error beside the field it names (or on top)."""

    def add_service_error(self, error: ServiceError) -> None:
        form: Any = self
        field = error.field if error.field in form.fields else None
        if error.field == "tiebreaks":
            field = "tiebreak_0"
        form.add_error(field, error.rule)


class TiebreakSlots:
    """Mixin: the tiebreak slots (``tiebreak_0``...) read as the contract's list of metric keys."""

    def tiebreaks(self) -> list[str] | None:
        form: Any = self
        chosen = [form.cleaned_data.get(f"tiebreak_{i}") for i in range(TIEBREAK_SLOTS)]
        return [key for key in chosen if key] or None


_CREATE = TournamentCreate().fields
_CHANGE = TournamentChange().fields
_ENTRANT = EntrantInput().fields


class TournamentForm(ServiceErrors, TiebreakSlots, forms.Form):
    """The new-tournament page (:class:`TournamentCreate`), in one of the organizer's clubs."""

    name = mirrored(_CREATE["name"])
    club = forms.ChoiceField(choices=())
    game = mirrored(_CREATE["game"], choices=())
    format = mirrored(_CREATE["format"], choices=choices(Format))
    match_format = mirrored(_CREATE["match_format"], initial="game")
    entrant_kind = mirrored(_CREATE["entrant_kind"], choices=choices(EntrantKind), label="Entrants")
    rounds = mirrored(_CREATE["rounds"])
    preset = mirrored(_CREATE["preset"])

    def __init__(self, *args: Any, clubs: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = clubs  # type: ignore[attr-defined]
        self.fields["game"].choices = [(key, cls.name) for key, cls in GAMES.items()]  # type: ignore[attr-defined]
        _tiebreak_fields(self, None)

    def contract_data(self) -> dict[str, Any]:
        data = {
            name: self.cleaned_data.get(name) for name in self.fields if name in _CREATE.keys() - {"club"}
        }
        return _given({**data, "tiebreaks": self.tiebreaks()})


class ConfigureForm(ServiceErrors, TiebreakSlots, forms.Form):
    """The console's format form (:class:`TournamentChange`)."""

    format = mirrored(_CHANGE["format"], choices=choices(Format))
    rounds = mirrored(_CHANGE["rounds"])

    def __init__(self, *args: Any, tiebreaks: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _tiebreak_fields(self, tiebreaks)

    def contract_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        return _given(
            {"format": data.get("format"), "rounds": data.get("rounds"), "tiebreaks": self.tiebreaks()}
        )


class EntrantForm(ServiceErrors, forms.Form):
    """The console's entrant form (:class:`EntrantInput`); the players in one box."""

    name = mirrored(_ENTRANT["name"])
    players = forms.CharField(
        max_length=400, required=False, help_text="Partnerships: both partners, separated by ; (Ann; Bob)."
    )
    club = mirrored(_ENTRANT["club"], label="Home club")
    seed = mirrored(_ENTRANT["seed"])

    def contract_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        players = [p.strip() for p in (data.get("players") or "").split(";") if p.strip()]
        return _given(
            {
                "name": data.get("name"),
                "players": players or None,
                "club": data.get("club"),
                "seed": data.get("seed"),
            }
        )


class UploadForm(ServiceErrors, forms.Form):
    file = forms.FileField(
        label="CSV file",
        help_text="A header line with name, and any of players (Ann;Bob), club, seed, rating.",
    )


class ResultForm(ServiceErrors, forms.Form):
    """A table's result in the console: ``decision`` is ``win:<id>``, ``draw``, ``forfeit:<id>`` or
    ``clear``; all but ``clear`` go to :class:`~tournaments.contracts.TableResultInput`."""

    decision = forms.ChoiceField(choices=())
    reason = forms.CharField(required=False)

    def __init__(self, *args: Any, entrants: list[tuple[int, str]], draws: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        options = [(f"win:{pk}", f"{name} wins") for pk, name in entrants]
        if draws:
            options.append(("draw", "Draw"))
        options += [(f"forfeit:{pk}", f"{name} forfeits") for pk, name in entrants]
        options.append(("clear", "Clear: the matches decide"))
        self.fields["decision"].choices = options  # type: ignore[attr-defined]

    @property
    def clears(self) -> bool:
        return bool(self.cleaned_data["decision"] == "clear")

    def contract_data(self) -> dict[str, Any]:
        kind, _, entrant = self.cleaned_data["decision"].partition(":")
        reason = self.cleaned_data.get("reason", "")
        if kind == "forfeit":
            return {"forfeit": [int(entrant)], "reason": reason}
        return {"winner": int(entrant) if kind == "win" else None, "reason": reason}
