"""The fields of the entry form: Django form fields that turn what a table tapped into JSON values.

Every field here reads its widget's post into the JSON value a game's entry holds, or
:data:`EMPTY` when nothing was entered (``None`` cannot mean "nothing": it is the JSON ``null``
that a "nobody" button enters). Two things Django's fields do not know are added: ``shown``
turns a stored JSON value back into what the widget shows (a choice's token, a number as text, a
group's parts as a list), so a deal opened for correction posts back unchanged; ``blank`` is what
a required value means when nothing was entered, where that is something (``[]`` for a list, a
per-side map of empty lists), so the game is asked about an empty list rather than a missing one.

What it does not do: check any rule of a game (the game does, and its error is shown beside the
field); the only errors found here are values that cannot be read (``abc`` in a number box).
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from scoring.forms.widgets import Counters, Group, Label, NumberBox


class _Empty:
    """Nothing was entered."""

    def __repr__(self) -> str:
        return "EMPTY"


EMPTY: Any = _Empty()


def token(value: Any) -> str:
    """How a choice's JSON value is posted: as JSON (``"NS"`` with its quotes, ``100``, ``null``)."""
    return json.dumps(value, ensure_ascii=False)


class ValueField(forms.Field):
    """A field of a game value: never required here (the game says what is missing), and able to
    show a stored value again."""

    def __init__(self, *, widget: forms.Widget, label: str) -> None:
        super().__init__(required=False, widget=widget, label=label)
        self.widget.label = label

    def shown(self, value: Any) -> Any:
        """What the widget shows for the stored JSON ``value`` (:data:`EMPTY`: nothing)."""
        return "" if value is EMPTY or value is None else str(value)

    @property
    def blank(self) -> Any:
        """What a required value of this kind means when nothing was entered, or :data:`EMPTY`."""
        return EMPTY


class ChoiceValue(ValueField, forms.ChoiceField):
    """One of a few JSON values, posted as its token; ``choices`` pairs each value with its words,
    and ``blank`` (its words: "—", "default (yes)") comes first, for nothing said."""

    def __init__(
        self,
        *,
        widget: forms.Widget,
        label: str,
        choices: Sequence[tuple[Any, Label]],
        blank: str | None = None,
    ) -> None:
        self.values = {token(value): value for value, _ in choices}
        super().__init__(widget=widget, label=label)
        nothing = [("", Label(blank))] if blank is not None else []
        self.choices = nothing + [(token(value), words) for value, words in choices]

    def to_python(self, value: Any) -> Any:
        if value in self.empty_values:
            return EMPTY
        if value not in self.values:
            raise ValidationError(
                _("%(value)r is not one of the choices") % {"value": value}, code="invalid_choice"
            )
        return self.values[value]

    def validate(self, value: Any) -> None:
        """Any of the choices will do; whether it fits the deal is the game's to say."""

    def shown(self, value: Any) -> Any:
        if value is EMPTY or (value is None and token(None) not in self.values):
            return ""
        return token(value)


class SwitchValue(ValueField):
    """True or false."""

    def to_python(self, value: Any) -> Any:
        return value is True

    def shown(self, value: Any) -> Any:
        return value is True


class WholeNumber(ValueField):
    """A whole number typed in."""

    def to_python(self, value: Any) -> Any:
        text = str(value or "").strip()
        if not text:
            return EMPTY
        try:
            return int(text)
        except ValueError:
            raise ValidationError(
                _("%(text)r is not a whole number") % {"text": text}, code="invalid"
            ) from None


class Count(WholeNumber):
    """How many times one choice is in a list: a whole number, not below 0."""

    def to_python(self, value: Any) -> Any:
        try:
            count = super().to_python(value)
        except ValidationError:
            raise ValidationError(
                _("%(label)s: %(text)r is not a whole number")
                % {"label": self.label, "text": str(value).strip()}
            ) from None
        if count is not EMPTY and count < 0:
            raise ValidationError(_("%(label)s: a count cannot be negative") % {"label": self.label})
        return count


class TextValue(ValueField):
    """Free text; with ``letters``, a sequence of letters (ABBA…) read in capitals without spaces."""

    def __init__(self, *, widget: forms.Widget, label: str, letters: bool = False) -> None:
        super().__init__(widget=widget, label=label)
        self.letters = letters

    def to_python(self, value: Any) -> Any:
        text = str(value or "").strip()
        if not text:
            return EMPTY
        return text.upper().replace(" ", "") if self.letters else text


class GroupsValue(ValueField):
    """Groups of players typed by their numbers (Matching Trumps' teams: "1 3 / 2 4"), read as the
    lists of 0-based positions the game takes (``[[0, 2], [1, 3]]``); JSON is read as it is."""

    def to_python(self, value: Any) -> Any:
        text = str(value or "").strip()
        if not text:
            return EMPTY
        if text.startswith("["):
            try:
                return json.loads(text)
            except ValueError:
                pass
        else:
            groups = [re.split(r"[\s,;&]+", group.strip()) for group in text.split("/")]
            if all(part.isdigit() for group in groups for part in group):
                return [[int(part) - 1 for part in group] for group in groups]
        raise ValidationError(
            _("%(text)r: write the players' numbers, a group at a time, groups split by /: 1 3 / 2 4")
            % {"text": text},
            code="invalid",
        )

    def shown(self, value: Any) -> Any:
        if not isinstance(value, list):
            return ""
        return " / ".join(" ".join(str(position + 1) for position in group) for group in value)


class NumberList(ValueField):
    """Whole numbers typed in one box, separated by spaces or commas ("4 6")."""

    def to_python(self, value: Any) -> Any:
        parts = [part for part in re.split(r"[\s,;]+", str(value or "").strip()) if part]
        if not parts:
            return EMPTY
        try:
            return [int(part) for part in parts]
        except ValueError:
            raise ValidationError(
                _("give whole numbers separated by spaces, like 4 6"), code="invalid"
            ) from None

    def shown(self, value: Any) -> Any:
        return " ".join(str(item) for item in value) if isinstance(value, list) else ""

    @property
    def blank(self) -> Any:
        return []


class PartsField(forms.MultiValueField):
    """A value made of parts, each a field of its own, keyed as the JSON value is (a side, an index,
    a record's key). Nothing entered in any part is :data:`EMPTY`."""

    def __init__(
        self, parts: dict[Any, ValueField | PartsField], *, widget: forms.Widget, label: str
    ) -> None:
        self.parts = parts
        super().__init__(
            list(parts.values()), widget=widget, label=label, required=False, require_all_fields=False
        )
        self.widget.label = label

    def compress(self, data_list: list[Any]) -> Any:
        if all(value is EMPTY for value in data_list):
            return EMPTY
        return self.join(dict(zip(self.parts, data_list, strict=True)))

    def join(self, values: dict[Any, Any]) -> Any:
        """The JSON value of the parts' values (at least one of them entered)."""
        raise NotImplementedError

    def shown(self, value: Any) -> Any:
        return [part.shown(self.part_of(value, key)) for key, part in self.parts.items()]

    def part_of(self, value: Any, key: Any) -> Any:
        """The stored value of one part (:data:`EMPTY` when it has none)."""
        raise NotImplementedError

    @property
    def blank(self) -> Any:
        return EMPTY


class ObjectField(PartsField):
    """A JSON object: a value per side, or a record's keys. With ``every_key`` (a value for every
    side), a part left empty counts as its blank value when it has one (no runs: ``[]``)."""

    def __init__(
        self, parts: dict[Any, Any], *, widget: forms.Widget, label: str, every_key: bool = False
    ) -> None:
        super().__init__(parts, widget=widget, label=label)
        self.every_key = every_key

    def join(self, values: dict[Any, Any]) -> Any:
        out = {}
        for key, value in values.items():
            if value is EMPTY and self.every_key:
                value = self.parts[key].blank
            if value is not EMPTY:
                out[str(key)] = value
        return out

    def part_of(self, value: Any, key: Any) -> Any:
        return value.get(key, EMPTY) if isinstance(value, dict) else EMPTY

    @property
    def blank(self) -> Any:
        blanks = {str(key): part.blank for key, part in self.parts.items()}
        if self.every_key and all(value is not EMPTY for value in blanks.values()):
            return blanks
        return EMPTY


class SeatList(PartsField):
    """A JSON list of fixed length (a bid per seat); a part left empty is ``null``."""

    def join(self, values: dict[Any, Any]) -> Any:
        return [None if value is EMPTY else value for value in values.values()]

    def part_of(self, value: Any, key: Any) -> Any:
        return value[key] if isinstance(value, list) and key < len(value) else EMPTY


class Rows(PartsField):
    """A JSON list of as many items as rows are filled in (melds); empty rows are left out."""

    def join(self, values: dict[Any, Any]) -> Any:
        return [value for value in values.values() if value is not EMPTY]

    def part_of(self, value: Any, key: Any) -> Any:
        return value[key] if isinstance(value, list) and key < len(value) else EMPTY

    @property
    def blank(self) -> Any:
        return []


class Tagged(PartsField):
    """A JSON object told apart by its ``tag`` (``{"meld": "tierce", ...}``): the parts of every
    record are shown, and only those of the record chosen are sent."""

    def __init__(
        self,
        parts: dict[Any, Any],
        *,
        widget: forms.Widget,
        label: str,
        tag: str,
        records: dict[str, tuple[str, ...]],
    ) -> None:
        super().__init__(parts, widget=widget, label=label)
        self.tag = tag
        self.records = records

    def join(self, values: dict[Any, Any]) -> Any:
        tag = values[self.tag]
        if tag is EMPTY:
            return EMPTY
        keys = self.records.get(str(tag), ())
        return {
            self.tag: tag,
            **{key: values[key] for key in keys if key != self.tag and values[key] is not EMPTY},
        }

    def part_of(self, value: Any, key: Any) -> Any:
        return value.get(key, EMPTY) if isinstance(value, dict) else EMPTY


class CountsField(PartsField):
    """A JSON list of choices (roem: ``["stuk", "run3", "run3"]``), entered as a count per choice."""

    def __init__(self, choices: Sequence[tuple[Any, str]], *, label: str) -> None:
        self.counted = [value for value, _ in choices]
        parts: dict[Any, Any] = {}
        widgets: dict[Any, NumberBox] = {}
        for index, (_value, words) in enumerate(choices):
            parts[index] = Count(widget=NumberBox(low=0), label=words)
            widgets[index] = parts[index].widget
        super().__init__(parts, widget=Counters(widgets), label=label)

    def join(self, values: dict[Any, Any]) -> Any:
        out: list[Any] = []
        for index, count in values.items():
            if count is not EMPTY:
                out.extend([self.counted[index]] * count)
        return out or EMPTY

    def shown(self, value: Any) -> Any:
        items = value if isinstance(value, list) else []
        counts = [
            sum(1 for item in items if item == choice and type(item) is type(choice))
            for choice in self.counted
        ]
        return [str(count) if count else "" for count in counts]

    @property
    def blank(self) -> Any:
        return []


def group_widget(parts: dict[Any, Any], shape: str, *, by_index: bool = False, **layout: Any) -> Group:
    """The widget of a group of ``parts`` (each part's own widget, marked as inside a group),
    posting each part under its key, or under its index (``by_index``: a side's ``f.points.0``)."""
    for part in parts.values():
        part.widget.nested = True
    names = range(len(parts)) if by_index else parts
    return Group(
        dict(zip(names, (part.widget for part in parts.values()), strict=True)), shape=shape, **layout
    )
