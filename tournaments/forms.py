"""The organizer's page forms: what a browser posts, handed to the same contracts as the API's.

A form here only carries values: its fields render the contract's fields (:func:`mirrored`: the
same help, and the browser told the same bounds) and turn posted text into the contract's JSON
shape (``contract_data()``). The contract checks the rules, the service what depends on the
tournament; either error is shown beside the field it names (``add_service_error``), in the words
of the page: a rule that names a field by its key (``match_length must be…``) names it by its label
("How many must be…"), and the field with the error gets the focus.

The new-tournament form is drawn for one game, chosen first: the match format is a choice and a
number box, the preset a choice among the game's presets, each by its name in words.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.forms.renderers import TemplatesSetting
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from clubs.errors import ServiceError
from games.base import Game
from scoring.forms.widgets import Toggle
from scoring.game_texts import game_text
from scoring.result_states import AVAILABLE, Confirmation
from scoring.result_states import choices as result_choices
from tournaments import services
from tournaments.club_rule_form import ClubRuleFields, club_rule_initial
from tournaments.contracts import EntrantInput, TournamentChange, TournamentCreate
from tournaments.contracts.event import SettingsInput
from tournaments.contracts.kit import WholeNumber
from tournaments.models import Entrant, Tournament
from tournaments.pairing.formats import EntrantKind, Format
from tournaments.pairing.match_format import FormatKind
from tournaments.standings.rows import metric_choices
from tournaments.uploads import split_players
from tournaments.wording import (
    CONCOURS_DRAWS,
    CONCOURS_RANKINGS,
    entrant_kind_choices,
    format_choices,
    match_format_choices,
    metric_name,
)

TIEBREAK_SLOTS = 4


def late(tournament: Tournament) -> bool:
    """Whether the entrant form asks for a late arrival's first round."""
    return services.takes_late_arrivals(tournament)


def mirrored(field: serializers.Field, **presentation: Any) -> forms.Field:  # type: ignore[type-arg]
    """A form field for a contract's field: its help text, and its required flag and bounds as the
    browser's hints; the rules themselves stay the contract's."""
    kind: type[forms.Field] = forms.CharField
    if isinstance(field, WholeNumber):
        kind = forms.IntegerField
    elif "choices" in presentation:
        kind = forms.ChoiceField
    presentation.setdefault("help_text", field.help_text or "")
    made = kind(required=False, **presentation)
    hints = {
        "required": field.required,
        "maxlength": None if kind is forms.ChoiceField else getattr(field, "max_length", None),
        "min": getattr(field, "min_value", None),
        "max": getattr(field, "max_value", None),
    }
    made.widget.attrs.update({name: value for name, value in hints.items() if value not in (None, False)})
    return made


def _tiebreak_fields(form: forms.Form, initial: list[str] | None) -> None:
    slots = [("", "—"), *((key, metric_name(key, name)) for key, name in metric_choices())]
    for index in range(TIEBREAK_SLOTS):
        form.fields[f"tiebreak_{index}"] = forms.ChoiceField(
            # Translators: the tiebreak slots of a form: "Rank by" match points, "Then" Buchholz, ...
            label=pgettext_lazy("tiebreaks", "Then") if index else _("Rank by"),
            choices=slots,
            required=False,
            initial=(initial or [])[index] if initial and index < len(initial) else "",
        )


def _given(data: dict[str, Any]) -> dict[str, Any]:
    """What the form's user filled in: a blank field is a field not given."""
    return {key: value for key, value in data.items() if value not in (None, "")}


#: The contracts' keys that no field of a page is labelled after, in words.
KEY_WORDS = {
    "tiebreaks": _("the tiebreaks"),
    "settings": _("the settings"),
    "options": _("the game's options"),
}


def in_words(rule: str, labels: dict[str, str], *, sentence: bool = True) -> str:
    """``rule`` with each field key it names said as the page labels it (``match_length`` →
    "how many"); a ``sentence`` starts with a capital."""
    words = {
        **{key: str(word) for key, word in KEY_WORDS.items()},
        **{key: label.lower() for key, label in labels.items()},
    }
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")\b")
    said = pattern.sub(lambda found: words[found.group(1)], rule)
    return said[:1].upper() + said[1:] if sentence else said


class ServiceErrors:
    """Mixin: put a contract's or a service's error beside the field it names (or on top), in the
    page's words, and give that field the focus."""

    def add_service_error(self, error: ServiceError) -> None:
        form: Any = self
        field = error.field if error.field in form.fields else None
        if error.field == "tiebreaks":
            field = "tiebreak_0"
        if error.field == "settings" and "third_place" in form.fields:
            field = "third_place"  # the only setting the new-tournament page sends
        labels = {name: str(bound.label) for name, bound in form.fields.items() if bound.label}
        form.add_error(field, in_words(error.rule, labels))
        if field is not None:
            self.focus(field)

    def focus(self, field: str) -> None:
        """Give ``field`` the focus when the page loads (the field in error, or the first to fill)."""
        form: Any = self
        for other in form.fields.values():
            other.widget.attrs.pop("autofocus", None)
        form.fields[field].widget.attrs["autofocus"] = True


class TiebreakSlots:
    """Mixin: the tiebreak slots (``tiebreak_0``...) read as the contract's list of metric keys."""

    def tiebreaks(self) -> list[str] | None:
        form: Any = self
        chosen = [form.cleaned_data.get(f"tiebreak_{i}") for i in range(TIEBREAK_SLOTS)]
        return [key for key in chosen if key] or None


_CREATE = TournamentCreate().fields
_CHANGE = TournamentChange().fields
_SETTINGS = SettingsInput().fields
#: The settings of a concours the new-tournament page offers, each a choice.
CONCOURS_SETTINGS = ("draw", "ranking")
_ENTRANT = EntrantInput().fields


def _preset_choices(game: type[Game[Any]]) -> list[tuple[str, str]]:
    return [
        (
            key,
            # Translators: the preset (rules) a game usually plays, in a list of presets.
            gettext("%(preset)s · usual") % {"preset": game_text(game.preset_name(key))}
            if key == game.default_preset
            else game_text(game.preset_name(key)),
        )
        for key in game.presets
    ]


class TournamentForm(ClubRuleFields, ServiceErrors, TiebreakSlots):
    """The new-tournament page (:class:`TournamentCreate`) for one game, in one of the organizer's
    clubs, with the club's rules for the evening (``club_rule_form``)."""

    default_renderer = TemplatesSetting  # the switch's template is the project's (scoring/widgets/)

    name = mirrored(
        _CREATE["name"],
        label=_("Name"),
        help_text=_("What the players call it: Spring cup, Monday night."),
    )
    club = forms.ChoiceField(choices=(), label=_("Club"))
    game = forms.CharField(widget=forms.HiddenInput)
    format = mirrored(_CREATE["format"], choices=format_choices(), label=_("Format"), help_text="")
    match_format = mirrored(
        _CREATE["match_format"],
        choices=match_format_choices(),
        initial=FormatKind.GAME.value,
        label=_("Each table plays"),
        help_text="",
    )
    match_length = mirrored(
        _CREATE["match_length"],
        label=_("Number of deals or games"),
        help_text=_("Deals a match, or games a series (odd: 3, 5, 7; 3 if left empty). None for one game."),
    )
    entrant_kind = mirrored(
        _CREATE["entrant_kind"], choices=entrant_kind_choices(), label=_("Entrants"), help_text=""
    )
    rounds = mirrored(
        _CREATE["rounds"],
        label=_("Rounds"),
        help_text=_("Swiss, multi-seat tables and concours (4 games unless given); others plan their own."),
    )
    draw = mirrored(
        _SETTINGS["draw"],
        choices=[(key, said) for key, said in CONCOURS_DRAWS.items()],
        initial="standings",
        # Translators: a concours' setting: how the games after the first are drawn.
        label=_("Concours: the games after the first"),
        help_text=_(
            "The first game is drawn at random. A fixed rotation: odd-numbered teams stay, "
            "even-numbered teams move."
        ),
    )
    ranking = mirrored(
        _SETTINGS["ranking"],
        choices=[(key, said) for key, said in CONCOURS_RANKINGS.items()],
        initial="points",
        # Translators: a concours' setting: what ranks the teams.
        label=_("Concours: ranking"),
        help_text=_(
            "Then fewer points conceded; ties still standing are drawn by lot, and the lots are kept."
        ),
    )
    preset = mirrored(_CREATE["preset"], choices=(), label=_("Rules"), help_text="")
    confirmation = mirrored(
        _CREATE["confirmation"],
        choices=lambda: result_choices(AVAILABLE),  # said when the page is, in its language
        initial=Confirmation.HAND_OVER.value,
        label=_("Results confirmed by"),
        help_text=_("Who vouches for a table's result before it counts in the standings."),
    )
    # The switch draws its own label (``settings.third_place`` of the contract).
    third_place = forms.BooleanField(
        required=False,
        label="",
        widget=Toggle(),
        help_text=_("Single elimination: the two losing semi-finalists play for third place."),
    )
    third_place.widget.label = _("A match for third place")

    def __init__(
        self, *args: Any, clubs: list[tuple[str, str]], game: type[Game[Any]], **kwargs: Any
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = clubs  # type: ignore[attr-defined]
        self.fields["game"].initial = game.key
        if game.partnerships:
            self.fields["entrant_kind"].initial = EntrantKind.PARTNERSHIP.value
        if game.presets:
            self.fields["preset"].choices = _preset_choices(game)  # type: ignore[attr-defined]
            self.fields["preset"].initial = game.default_preset
        else:
            del self.fields["preset"]
        if len(clubs) < 2:
            self.fields["club"].widget = forms.HiddenInput()
        _tiebreak_fields(self, None)

    def contract_data(self) -> dict[str, Any]:
        data = {
            name: self.cleaned_data.get(name) for name in self.fields if name in _CREATE.keys() - {"club"}
        }
        if data.get("match_format") not in (FormatKind.DEALS, FormatKind.BEST_OF):
            data.pop("match_length", None)  # a number left in the box while another choice is made
        if self.cleaned_data.get("third_place"):
            data["settings"] = {"third_place": True}
        if data.get("format") == Format.CONCOURS:
            data["settings"] = _given({key: self.cleaned_data.get(key) for key in CONCOURS_SETTINGS})
        rules = {key: value for key, value in self.rules_data().items() if value is not None}
        return _given({**data, "tiebreaks": self.tiebreaks()}) | rules


class ConfigureForm(ClubRuleFields, ServiceErrors, TiebreakSlots):
    """The console's format form (:class:`TournamentChange`), with the club's rules (each sent:
    a rule emptied is taken off)."""

    format = mirrored(
        _CHANGE["format"],
        choices=format_choices(),
        label=_("Format"),
        help_text=_("Only before the first round."),
    )
    rounds = mirrored(
        _CHANGE["rounds"],
        label=_("Rounds"),
        help_text=_("Swiss, multi-seat tables and concours (4 games unless given); others plan their own."),
    )

    def __init__(self, *args: Any, tiebreaks: list[str], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        _tiebreak_fields(self, tiebreaks)

    @classmethod
    def of(cls, tournament: Tournament) -> ConfigureForm:
        """The form as the tournament now is: its format, rounds, tiebreaks and club rules."""
        initial = {"format": tournament.format, "rounds": tournament.rounds_planned}
        return cls(tiebreaks=tournament.tiebreaks, initial={**initial, **club_rule_initial(tournament)})

    def contract_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        return (
            _given(
                {"format": data.get("format"), "rounds": data.get("rounds"), "tiebreaks": self.tiebreaks()}
            )
            | self.rules_data()
        )


class EntrantForm(ServiceErrors, forms.Form):
    """The console's entrant form (:class:`EntrantInput`); the players in one box."""

    name = mirrored(_ENTRANT["name"], label=_("Name"), help_text="")
    players = forms.CharField(
        label=_("Players"),
        max_length=400,
        required=False,
        help_text=_("A partnership: both partners (Ann & Bob, or Ann, Bob)."),
    )
    club = mirrored(_ENTRANT["club"], label=_("Home club"), help_text="")
    seed = mirrored(
        _ENTRANT["seed"],
        # Translators: the seeding number of an entrant (1 for the strongest).
        label=pgettext_lazy("seeding", "Seed"),
        help_text=_("1 for the strongest; leave empty if unseeded."),
    )
    joins_round = mirrored(
        _ENTRANT["joins_round"],
        label=_("Joins at round"),
        help_text=_(
            "A late arrival: the next round to be drawn if left empty; the rounds missed score the club's rule."
        ),
    )

    def __init__(self, *args: Any, late: bool = False, **kwargs: Any) -> None:
        """``late``: the evening has begun and takes late arrivals (the field to name their round)."""
        super().__init__(*args, **kwargs)
        if not late:
            del self.fields["joins_round"]

    @staticmethod
    def registered(entrant: Entrant) -> str:
        """What the console says once an entrant is registered (a late arrival: when it joins)."""
        if entrant.joins_round:
            return gettext("%(name)s registered: joins at round %(round)s.") % {
                "name": entrant.name,
                "round": entrant.joins_round,
            }
        return gettext("%(name)s registered.") % {"name": entrant.name}

    def contract_data(self) -> dict[str, Any]:
        data = self.cleaned_data
        players = split_players(data.get("players") or "")
        return _given(
            {
                "name": data.get("name"),
                "players": players or None,
                "club": data.get("club"),
                "seed": data.get("seed"),
                "joins_round": data.get("joins_round"),
            }
        )


class ListForm(ServiceErrors, forms.Form):
    """The console's pasted list: one entrant a line (``tournaments.uploads``)."""

    entrants = forms.CharField(
        label=_("Entrants, one a line"),
        max_length=60_000,
        widget=forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"}),
        help_text=_("Ann — or a partnership: Ann & Bob — or a named one: Les As: Ann & Bob."),
        error_messages={"required": _("Paste the entrants, one a line.")},
    )


class UploadForm(ServiceErrors, forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        help_text=_("A header line with name, and any of players (Ann;Bob), club, seed, rating."),
    )


class ResultForm(ServiceErrors, forms.Form):
    """A table's result in the console: ``decision`` is ``win:<id>``, ``draw``, ``forfeit:<id>`` or
    ``clear``; all but ``clear`` go to :class:`~tournaments.contracts.TableResultInput`."""

    decision = forms.ChoiceField(choices=())
    reason = forms.CharField(required=False)

    def __init__(self, *args: Any, entrants: list[tuple[int, str]], draws: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        options = [(f"win:{pk}", gettext("%(name)s wins") % {"name": name}) for pk, name in entrants]
        if draws:
            options.append(("draw", gettext("Draw")))
        options += [(f"forfeit:{pk}", gettext("%(name)s forfeits") % {"name": name}) for pk, name in entrants]
        options.append(("clear", gettext("Clear: the matches decide")))
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


class EveningUploadForm(forms.Form):
    """An evening file to bring into a club (``tournaments.travel``)."""

    club = forms.ChoiceField(label=_("Club"), choices=())
    file = forms.FileField(
        label=_("Evening file"),
        help_text=_("The file “Download this evening” saved on the other Tablescore (.json)."),
    )
    other_club = forms.BooleanField(
        label=_("The file comes from this club on a Tablescore where it has another name"),
        required=False,
    )

    def __init__(self, *args: Any, clubs: list[tuple[str, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = clubs  # type: ignore[attr-defined]
        if len(clubs) == 1:
            self.fields["club"].widget = forms.HiddenInput()
