"""The organizer's "new match" form: game, preset, options, players and sides, as a Django form.

The preset and options chosen decide the table (five players each on their own for individual Back
Alley, six seats for six-handed Forty-Five), so the rows of seats and sides follow them: the page
offers a link per table (``scoring.seating.table_links``), and a post whose options bring another
table than the one drawn is shown again with the new rows to fill in. Seats are named by the
compass (North, East, …) and a side left unnamed takes its players' names ("Ann & Cy").

The options are drawn for the rules (the preset) chosen, each by its label with its page help: a
choice or a number left blank means "as the rules say" (and shows their value); a yes-or-no option is a switch showing the
rules' value, and it is sent only when turned, so a switch left alone follows whichever rules are
started (the preset they were drawn for is posted back as ``drawn``).

What it does not do: check the options or the sides (``services.match_create`` does, through the
game; its refusal is shown beside the field it names).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms.renderers import TemplatesSetting
from django.http import QueryDict
from django.utils.translation import gettext as _

from games import Game
from games.declaration import EntryContext, Option, TableShape
from games.seats import Seating, compass, partnership_name, side_of_seat
from games.values import Boolean, Choice, Integer, SideRef
from scoring import seating
from scoring.forms.build import choices_of, page_help, value_words
from scoring.forms.fields import (
    EMPTY,
    ChoiceValue,
    GroupsValue,
    PartsField,
    SwitchValue,
    ValueField,
    WholeNumber,
)
from scoring.forms.widgets import DropDown, Label, NameRows, NumberBox, TextBox, Toggle
from scoring.game_texts import game_text

#: The context an option's choices are listed in: no sides, no match yet.
NO_MATCH = EntryContext((), {}, None, {}, {})
NOBODY_SEATED = Seating(False, (), ())
#: The longest side name and seat (player) name a match keeps.
SIDE_NAME, SEAT_NAME = 120, 80


def value_said(option: Option, value: Any) -> str:
    """An option's value in words: its kind's label, else "none" for null, "yes" or "no"."""
    if callable(option.default) and value is None:
        return option.default_text or _("none")
    label = option.kind.label(value) if isinstance(option.kind, Choice) else None
    if label is not None:
        return str(game_text(label))
    if value is None:
        return _("none")
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return value_words(value)


def as_the_rules_say(option: Option, value: Any) -> str:
    """What a blank option shows: the value the rules chosen give it ("1000 (as the rules say)")."""
    return _("%(value)s (as the rules say)") % {"value": value_said(option, value)}


def labelled(field: forms.Field) -> forms.Field:
    """A Django field whose widget shows the field's label itself (our widgets do)."""
    field.widget.label = field.label
    return field


def option_field(option: Option, current: Any) -> ValueField:
    """A match option in words, drawn with ``current``, its value under the rules (the preset)
    chosen: a switch for yes or no; for the rest, a blank choice (or an empty box) means "as the rules
    say", and says what they say."""
    label = game_text(option.label)
    shown = as_the_rules_say(option, current)
    values = None if isinstance(option.kind, SideRef) else choices_of(option.kind, NO_MATCH, NOBODY_SEATED)
    field: ValueField
    if isinstance(option.kind, Boolean):
        field = SwitchValue(widget=Toggle(), label=label)
    elif values is not None:
        if option.nullable:
            values = [*values, (None, Label(_("none")))]
        field = ChoiceValue(
            widget=DropDown(),
            label=label,
            choices=values,
            blank=shown,
        )
    elif isinstance(option.kind, Integer):
        low = option.kind.low if isinstance(option.kind.low, int) else None
        high = option.kind.high if isinstance(option.kind.high, int) else None
        field = WholeNumber(
            widget=NumberBox(step=option.kind.step or 1, low=low, high=high, stepper=False), label=label
        )
        field.widget.attrs["placeholder"] = shown
    else:
        field = GroupsValue(widget=TextBox(hint="1 3 / 2 4"), label=label)
    field.help_text = page_help(option)
    return field


class NamesField(PartsField):
    """One name per row (a player per seat, a name per side), posted as ``name.0``, ``name.1``…"""

    def __init__(self, labels: Sequence[str], *, max_length: int, datalist: bool) -> None:
        attrs = {"list": "players"} if datalist else {}
        parts: dict[Any, Any] = {
            index: labelled(
                forms.CharField(
                    required=False, max_length=max_length, label=label, widget=TextBox(attrs=attrs)
                )
            )
            for index, label in enumerate(labels)
        }
        super().__init__(parts, widget=NameRows({key: part.widget for key, part in parts.items()}), label="")

    def compress(self, data_list: list[Any]) -> Any:
        return [str(name).strip() for name in data_list] + [""] * (len(self.parts) - len(data_list))


class MatchForm(forms.Form):
    """The "new match" form of ``game`` (``None`` while none is chosen); ``query`` holds the choices
    a table link made (``?preset=individual``), ``players`` the club's names to pick from."""

    default_renderer = TemplatesSetting

    def __init__(
        self,
        game: type[Game[Any]] | None,
        *,
        players: Sequence[str] = (),
        data: QueryDict | None = None,
        query: QueryDict | None = None,
    ) -> None:
        source = data if data is not None else (query or QueryDict())
        super().__init__(data=data)
        self.game = game
        self.players = list(players)
        self.shape: TableShape | None = None
        self.drawn = ""
        self.drawn_values: dict[str, Any] = {}
        self.table_changed = False
        if game is None:
            return
        # Translators: an example of a match's title, the table it is played at.
        title = TextBox(attrs={"placeholder": _("Table 3")})
        self.fields["title"] = labelled(
            forms.CharField(max_length=120, required=False, label=_("Title (optional)"), widget=title)
        )
        if game.presets:
            default = game.default_preset
            names = [
                (
                    name,
                    _("%(rules)s · usual") % {"rules": game_text(game.preset_name(name))}
                    if name == default
                    else game_text(game.preset_name(name)),
                )
                for name in game.presets
            ]
            self.fields["preset"] = labelled(
                forms.ChoiceField(required=False, choices=names, widget=DropDown(), label=_("Rules"))
            )
            self.initial["preset"] = default
        #: The rules the options are drawn for: a switch left as drawn follows the rules chosen.
        self.drawn = self._drawn(game, source)
        self.drawn_values = {**{o.name: o.default for o in game.options}, **game.presets.get(self.drawn, {})}
        for option in game.options:
            if option.name != "first_dealer":
                self.fields[f"o.{option.name}"] = option_field(option, self.drawn_values[option.name])
                if isinstance(option.kind, Boolean):
                    self.initial[f"o.{option.name}"] = self.drawn_values[option.name]
        self.initial.update({name: source[name] for name in self.fields if name in source})
        self.shape = seating.chosen_table(game, self._chosen(source))
        self.table_changed = data is not None and data.get("table", self.table_key) != self.table_key
        if self.shape.partnerships:
            labels = [
                _("%(seat)s (side %(side)s)") % {"seat": game_text(name), "side": side_of_seat(index) + 1}
                for index, name in enumerate(compass(self.shape.seats))
            ]
            self.fields["seat"] = NamesField(labels, max_length=SEAT_NAME, datalist=True)
        self.fields["side"] = NamesField(
            self._side_labels(self.shape), max_length=SIDE_NAME, datalist=not self.shape.partnerships
        )

    @staticmethod
    def _drawn(game: type[Game[Any]], source: QueryDict) -> str:
        """The preset the options were drawn for (posted back), else the one chosen, else the
        game's default ("" for a game without presets)."""
        for name in (source.get("drawn"), source.get("preset")):
            if name in game.presets:
                return str(name)
        return game.default_preset or ""

    @property
    def presets_shown(self) -> str:
        """What each option field shows under each preset, as JSON for ``static/js/tablescore.js``:
        choosing other rules on the page shows their values (a switch turned as they say, "2000
        (as the rules say)" in a blank box) wherever the organizer has not changed a value, and
        posts them as the rules drawn (``drawn``). Empty for a game without presets."""
        if self.game is None or not self.game.presets:
            return ""
        defaults = {o.name: o.default for o in self.game.options}
        shown: dict[str, dict[str, dict[str, Any]]] = {}
        for preset, values in self.game.presets.items():
            under = {**defaults, **values}
            shown[preset] = {}
            for option in self.game.options:
                name = f"o.{option.name}"
                if name not in self.fields:
                    continue
                if isinstance(option.kind, Boolean):
                    shown[preset][name] = {"checked": bool(under[option.name])}
                else:
                    shown[preset][name] = {"said": as_the_rules_say(option, under[option.name])}
        return json.dumps(shown, ensure_ascii=False)

    @property
    def switches_drawn(self) -> dict[str, bool]:
        """Each switch's value under the rules drawn, by field name."""
        return {
            name: self.drawn_values[name[2:]]
            for name, field in self.fields.items()
            if isinstance(field, SwitchValue)
        }

    @staticmethod
    def _side_labels(shape: TableShape) -> list[str]:
        if shape.partnerships:
            return [_("Side %(number)s") % {"number": index + 1} for index in range(shape.max_sides)]
        return [
            (_("Player %(number)s") if index < shape.min_sides else _("Player %(number)s (optional)"))
            % {"number": index + 1}
            for index in range(shape.max_sides)
        ]

    def _chosen(self, source: QueryDict) -> dict[str, Any]:
        """The preset and the options picked so far (a value that cannot be read yet is left out):
        they decide the table. Nothing else typed beside them (the title) is a choice of rules: the
        game would refuse it as an unknown option, and the default table would be drawn."""
        chosen: dict[str, Any] = {}
        for name, field in self.fields.items():
            if name not in source or not (name == "preset" or name.startswith("o.")):
                continue
            try:
                value = field.clean(source[name])
            except ValidationError:
                continue
            if value not in (EMPTY, ""):
                chosen[name.removeprefix("o.")] = value
        return chosen

    @property
    def table_key(self) -> str:
        """The table the rows were drawn for, posted back to notice a change of table."""
        return "" if self.shape is None else f"{self.shape.seats}-{self.shape.max_sides}"

    @property
    def tables(self) -> list[dict[str, Any]]:
        """One link per table the game can have, when it has more than one."""
        return seating.table_links(self.game, self.shape) if self.game is not None else []

    @property
    def partner_note(self) -> str:
        return seating.partner_note(self.shape) if self.shape is not None else ""

    @property
    def options(self) -> list[forms.BoundField]:
        return [self[name] for name in self.fields if name.startswith("o.")]

    def clean(self) -> dict[str, Any]:
        if self.game is None:
            raise ValidationError(_("choose a game"))
        if self.table_changed:
            self.add_error(
                "side", _("these options change the table: name the players below, then start the match")
            )
        return self.cleaned_data

    def arguments(self) -> dict[str, Any] | None:
        """Arguments for ``services.match_create``, or ``None`` with the errors shown."""
        if not self.is_valid() or self.game is None:
            return None
        data = self.cleaned_data
        seats: list[str] | None = data.get("seat")
        if seats is not None and not any(seats):
            seats = None
        sides = list(data["side"])
        if seats is not None:
            for index in range(2):
                if not sides[index]:
                    players = (
                        name for seat, name in enumerate(seats) if name and side_of_seat(seat) == index
                    )
                    sides[index] = partnership_name(players)
        # A switch says something only when it was turned from the rules it was drawn with.
        drawn = self.switches_drawn
        options = {
            name[2:]: value
            for name, value in data.items()
            if name.startswith("o.") and value is not EMPTY and (name not in drawn or value != drawn[name])
        }
        return {
            "game_key": self.game.key,
            "title": data["title"],
            "sides": [side for side in sides if side],
            "seats": seats,
            "options": options,
            "preset": data.get("preset") or None,
        }

    @property
    def problems(self) -> list[tuple[str, str]]:
        """Every error, with the words of the field it is on, for the list above the form."""
        out = []
        for name, errors in self.errors.items():
            field = self.fields.get(name)
            label = "" if field is None else _("Players") if name in ("side", "seat") else str(field.label)
            out += [(label, str(error)) for error in errors]
        return out

    def report(self, field_name: str | None, rule: str) -> None:
        """Show the service's refusal beside the field it names (the sides, the seats, an option)."""
        name = {"sides": "side", "seats": "seat", "preset": "preset"}.get(field_name or "", f"o.{field_name}")
        if name in self.fields:
            self.add_error(name, rule)
        else:
            self.add_error(None, f"{field_name}: {rule}" if field_name else rule)
