"""The widgets of the entry form: Django widgets, drawn by our templates for a phone at the table.

Each is a Django widget subclass (``templates/scoring/widgets/``) with a label of its own, since a
value inside a group (a side's points, a seat's bid) needs its words beside it: buttons for a few
choices (:class:`Chips`), a drop-down list for many (:class:`DropDown`), a switch (:class:`Toggle`),
a number box with − / + buttons that ``static/js/tablescore.js`` reveals (:class:`NumberBox`), a
text box (:class:`TextBox`), one count per choice (:class:`Counters`), and :class:`Group` for the
values that make one JSON object or list. A group names its parts ``name.key`` (``f.points.0``), so
a form posts plain fields that a page without JavaScript sends as they are.

What it does not do: turn a post into JSON (``fields.py`` does), or know any game.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms

#: Choices up to this many lay out as wide buttons; more as a dense grid.
WIDE_CHIPS = 4
#: More choices than this make the grid's cells narrower still.
MANY_CHIPS = 8


@dataclass(frozen=True)
class PairSum:
    """The fixed sum of a pair of numbers, as the page fills one in from the other: ``total``,
    or, when it follows a choice of the entry posted as ``follows``, the sum under each of its
    posted tokens (``by_token``; ``total`` while none is picked)."""

    total: int
    follows: str = ""
    by_token: Mapping[str, int] = field(default_factory=dict)

    def attrs(self) -> dict[str, str]:
        """The group's ``data-`` attributes that ``static/js/tablescore.js`` reads."""
        found = {"data-total": str(self.total)}
        if self.follows:
            found.update({"data-total-field": self.follows, "data-totals": json.dumps(dict(self.by_token))})
        return found


@dataclass(frozen=True)
class Label:
    """A choice's words, and a smaller note under them (a side's players: "Ann & Cy")."""

    text: str
    note: str = ""

    def __str__(self) -> str:
        return self.text


class Labelled:
    """A widget that shows its own label (a side's name inside a per-side group) and knows
    whether it sits inside a group, where labels are lighter."""

    label: str = ""
    nested: bool = False

    def labelled(self, context: dict[str, Any]) -> dict[str, Any]:
        context["widget"].update(label=self.label, nested=self.nested)
        return context


class Chips(Labelled, forms.RadioSelect):
    """A group of buttons, one per choice (radio inputs drawn as chips)."""

    template_name = "scoring/widgets/chips.html"

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = self.labelled(super().get_context(name, value, attrs))
        count = len(list(self.choices))
        context["widget"].update(dense=count > WIDE_CHIPS, many=count > MANY_CHIPS)
        return context


class DropDown(Labelled, forms.Select):
    """A drop-down list, for choices too many to show as buttons."""

    template_name = "scoring/widgets/select.html"

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        return self.labelled(super().get_context(name, value, attrs))


class Toggle(Labelled, forms.CheckboxInput):
    """A switch for true or false."""

    template_name = "scoring/widgets/toggle.html"

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        return self.labelled(super().get_context(name, value, attrs))


class NumberBox(Labelled, forms.NumberInput):
    """A whole number: a number box, between − and + buttons when ``stepper`` is set."""

    template_name = "scoring/widgets/number.html"

    def __init__(
        self, *, step: int = 1, low: int | None = None, high: int | None = None, stepper: bool = True
    ):
        attrs: dict[str, Any] = {"step": step, "inputmode": "numeric"}
        if low is not None:
            attrs["min"] = low
        if high is not None:
            attrs["max"] = high
        super().__init__(attrs)
        self.step = step
        self.stepper = stepper

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = self.labelled(super().get_context(name, value, attrs))
        context["widget"].update(step=self.step, stepper=self.stepper)
        return context


class TextBox(Labelled, forms.TextInput):
    """Free text, a pattern such as a trick sequence (ABBA…), or numbers separated by spaces."""

    template_name = "scoring/widgets/text.html"

    def __init__(self, *, hint: str = "", attrs: Mapping[str, Any] | None = None):
        super().__init__({"autocomplete": "off", **(attrs or {})})
        self.hint = hint

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = self.labelled(super().get_context(name, value, attrs))
        context["widget"]["hint"] = self.hint
        return context


class Parts(Labelled, forms.MultiWidget):
    """A widget made of named parts, posted as ``name.key`` (not Django's ``name_key``)."""

    def __init__(self, parts: Mapping[Any, forms.Widget]):
        super().__init__(list(parts.values()))
        self.widgets_names = [f".{key}" for key in parts]

    def decompress(self, value: Any) -> list[Any]:
        """A group is always given its parts' values as a list (``fields.py`` shows them so)."""
        return list(value) if isinstance(value, list | tuple) else []


class NameRows(Parts):
    """A text box per row, each with its label (the players in seat order, the side names); the
    page draws the fieldset around them, with its own words."""

    template_name = "scoring/widgets/names.html"


class Counters(Parts):
    """A list of choices entered as one count per choice ("run of 3: 2, stuk: 1")."""

    template_name = "scoring/widgets/counters.html"

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        return self.labelled(super().get_context(name, value, attrs))


class Group(Parts):
    """Several parts that make one JSON value: per side (``shape`` "object"), a record's keys
    ("object"), a list of fixed length ("list"), repeatable rows ("repeat"), or a record told
    apart by its tag ("variant"). A ``collapsed`` group folds away, open once something in it is
    filled; ``total`` is the fixed sum of its two numbers, so that typing one fills in the other."""

    template_name = "scoring/widgets/group.html"

    def __init__(
        self,
        parts: Mapping[Any, forms.Widget],
        *,
        shape: str,
        collapsed: bool = False,
        total: PairSum | None = None,
    ):
        super().__init__(parts)
        self.shape = shape
        self.collapsed = collapsed
        self.total = total

    def get_context(self, name: str, value: Any, attrs: dict[str, Any] | None) -> dict[str, Any]:
        context = self.labelled(super().get_context(name, value, attrs))
        context["widget"].update(
            shape=self.shape,
            collapsed=self.collapsed,
            total=self.total.attrs() if self.total else {},
            filled=_filled(value),
        )
        return context


def _filled(value: Any) -> bool:
    """Whether anything was entered in a group's values (nested lists of posted strings)."""
    if isinstance(value, Sequence) and not isinstance(value, str):
        return any(_filled(item) for item in value)
    return value not in (None, "", False)
