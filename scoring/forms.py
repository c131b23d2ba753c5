"""The deal entry form, generated from a game's field declarations, and the organizer's forms.

:class:`EntryForm` turns each :class:`games.declaration.Field` into a small widget tree that a
template renders as things a player taps: sides as buttons, small counts as steppers, choices as
button groups, booleans as toggles, per-side maps as one input per side, lists of choices as
counters, lists of records (melds) as a few repeatable rows. It turns the POST back into the JSON
entry exactly as the game's spec defines it, leaving out what was not filled in, so the game's own
validation (run by the service) is the one that decides; the service's error is then shown beside
the field it names.

What it does not do: check any card rule, or score. A value the form cannot even parse (``abc`` in
a number box) is the only error it finds itself.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.http import QueryDict

from games import Game
from games.declaration import MISSING, Field, Option, TableShape
from games.values import (
    Boolean,
    Choice,
    Integer,
    ListOf,
    OneOf,
    PerSide,
    Record,
    Seat,
    SideRef,
    Text,
    TrickSequence,
    Variants,
)
from scoring import seating

#: The boolean field that marks a dead deal (all passed): when on, the entry is only ``{"dead": true}``.
DEAD_FIELD = "dead"
#: Enumerated values up to this many become a group of buttons; more become a drop-down list.
MAX_CHIPS = 24
#: Inside a per-side map or a list, fewer buttons fit: above this many, a drop-down list.
MAX_NESTED_CHIPS = 8
#: An integer whose range spans more than this many steps gets a number box without − / + buttons.
MAX_STEPPER_RANGE = 40
#: Empty rows offered for a list of records (melds) per side.
RECORD_SLOTS = 3
#: Suit words as players see them.
SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


class _Empty:
    """Nothing was entered."""

    def __repr__(self) -> str:
        return "EMPTY"


EMPTY: Any = _Empty()


class ParseError(ValueError):
    """A value the form cannot turn into JSON (not a number, say)."""


@dataclass(frozen=True)
class FormContext:
    """What the form knows of the match: its sides, options and seated players.

    It doubles as the context that dynamic bounds and ``Choice.allowed`` look at, with no entry and
    no game state (a bound that needs those is left open; the game checks it on submit).
    """

    sides: tuple[str, ...]
    options: Mapping[str, Any]
    seats: tuple[str, ...] = ()
    partnerships: bool = False
    state: Any = None
    raw: Mapping[str, Any] = field(default_factory=dict)
    clean: Mapping[str, Any] = field(default_factory=dict)

    def has(self, name: str) -> bool:
        return False

    def side_players(self, side: str) -> str:
        """The players of a partnership side ("Ann & Cy", "Ann & Cy & Eve"), or empty."""
        if not self.partnerships or not self.seats:
            return ""
        index = self.sides.index(side)
        players = " & ".join(name for name in self.seats[index::2] if name)
        return "" if players == side else players

    def seat_label(self, seat: int) -> str:
        """ "Seat 2 · Cy" when seats are named."""
        name = self.seats[seat] if 0 <= seat < len(self.seats) and self.seats[seat] else ""
        side = self.sides[seat % 2] if self.partnerships and len(self.sides) == 2 else ""
        text = f"Seat {seat}"
        if name:
            text += f" · {name}"
        if side:
            text += f" ({side})"
        return text


def _safe(call: Callable[[], Any], fallback: Any) -> Any:
    """A dynamic bound or allowed list, or the fallback when it needs more than the form knows."""
    try:
        return call()
    except Exception:
        return fallback


def _token(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def _words(text: str) -> str:
    """Help text without the spec's markdown marks."""
    return text.replace("`", "").replace("*", "")


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _value_label(value: Any) -> str:
    if isinstance(value, str):
        if value in SUIT_SYMBOLS:
            return f"{SUIT_SYMBOLS[value]} {value}"
        return value.replace("_", " ")
    return str(value)


# -- widgets ----------------------------------------------------------------------------------


@dataclass
class Widget:
    """One node of the form: it renders with ``template`` and parses its part of the POST."""

    name: str
    label: str
    template: str = ""

    def load(self, value: Any) -> None:
        """Show ``value`` (from a stored entry)."""

    def bind(self, data: QueryDict) -> None:
        """Show what was posted."""

    def parse(self) -> Any:
        """The JSON value, :data:`EMPTY` when nothing was entered; raises :class:`ParseError`."""
        return EMPTY

    def empty_value(self) -> Any:
        """What "nothing" means for a required value of this kind ([] for a list), or EMPTY."""
        return EMPTY


@dataclass
class Option_:
    """One button of a group, or one entry of a drop-down list."""

    token: str
    label: str
    note: str = ""
    selected: bool = False


@dataclass
class ChoiceWidget(Widget):
    """Buttons (radio inputs) or a drop-down list of JSON values."""

    values: list[tuple[Any, str, str]] = field(default_factory=list)
    blank: str | None = None
    as_select: bool = False
    raw: str = ""

    def __post_init__(self) -> None:
        self.template = "scoring/widgets/select.html" if self.as_select else "scoring/widgets/chips.html"

    @property
    def options(self) -> list[Option_]:
        out = []
        if self.blank is not None:
            out.append(Option_("", self.blank, selected=self.raw == ""))
        for value, label, note in self.values:
            token = _token(value)
            out.append(Option_(token, label, note, selected=token == self.raw))
        return out

    @property
    def dense(self) -> bool:
        return len(self.values) + (self.blank is not None) > 4

    @property
    def many(self) -> bool:
        return len(self.values) > 8

    def load(self, value: Any) -> None:
        known = value is None and any(v is None for v, _, _ in self.values)
        self.raw = "" if (value is None and not known) or value is EMPTY else _token(value)

    def bind(self, data: QueryDict) -> None:
        self.raw = data.get(self.name, "")

    def parse(self) -> Any:
        if self.raw == "":
            return EMPTY
        for value, _, _ in self.values:
            if _token(value) == self.raw:
                return value
        raise ParseError(f"{self.raw!r} is not one of the choices")


@dataclass
class ToggleWidget(Widget):
    """A switch for true / false."""

    checked: bool = False
    template: str = "scoring/widgets/toggle.html"

    def load(self, value: Any) -> None:
        self.checked = value is True

    def bind(self, data: QueryDict) -> None:
        self.checked = data.get(self.name) in {"on", "true", "1"}

    def parse(self) -> Any:
        return self.checked


@dataclass
class NumberWidget(Widget):
    """A whole number: a number box, with − / + buttons when the range is small."""

    low: int | None = None
    high: int | None = None
    step: int = 1
    stepper: bool = True
    html_low: int | None = None
    html_high: int | None = None
    raw: str = ""
    template: str = "scoring/widgets/number.html"

    def load(self, value: Any) -> None:
        self.raw = "" if value is None or value is EMPTY else str(value)

    def bind(self, data: QueryDict) -> None:
        self.raw = data.get(self.name, "").strip()

    def parse(self) -> Any:
        if self.raw == "":
            return EMPTY
        try:
            return int(self.raw)
        except ValueError:
            raise ParseError(f"{self.raw!r} is not a whole number") from None


@dataclass
class TextWidget(Widget):
    """Free text, or a pattern such as a trick sequence (ABBA…)."""

    pattern: str = ""
    hint: str = ""
    upper: bool = False
    split_numbers: bool = False
    raw: str = ""
    template: str = "scoring/widgets/text.html"

    def load(self, value: Any) -> None:
        if value is None or value is EMPTY:
            self.raw = ""
        elif isinstance(value, list):
            self.raw = " ".join(str(v) for v in value)
        else:
            self.raw = str(value)

    def bind(self, data: QueryDict) -> None:
        self.raw = data.get(self.name, "").strip()

    def parse(self) -> Any:
        text = self.raw.strip()
        if self.split_numbers:
            parts = [p for p in re.split(r"[\s,;]+", text) if p]
            try:
                return [int(p) for p in parts] if parts else EMPTY
            except ValueError:
                raise ParseError("give whole numbers separated by spaces, like 4 6") from None
        if not text:
            return EMPTY
        return text.upper().replace(" ", "") if self.upper else text

    def empty_value(self) -> Any:
        return [] if self.split_numbers else EMPTY


@dataclass
class CounterWidget(Widget):
    """A list of choices entered as one count per choice ("run of 3: 2, stuk: 1")."""

    values: list[tuple[Any, str]] = field(default_factory=list)
    counts: dict[str, str] = field(default_factory=dict)
    high: int | None = None
    template: str = "scoring/widgets/counters.html"

    def _name(self, index: int) -> str:
        return f"{self.name}.{index}"

    @property
    def rows(self) -> list[dict[str, Any]]:
        return [
            {"name": self._name(i), "label": label, "raw": self.counts.get(self._name(i), "")}
            for i, (_, label) in enumerate(self.values)
        ]

    def load(self, value: Any) -> None:
        self.counts = {}
        if isinstance(value, list):
            for i, (choice, _) in enumerate(self.values):
                count = sum(1 for item in value if item == choice and type(item) is type(choice))
                if count:
                    self.counts[self._name(i)] = str(count)

    def bind(self, data: QueryDict) -> None:
        self.counts = {self._name(i): data.get(self._name(i), "").strip() for i in range(len(self.values))}

    def parse(self) -> Any:
        out: list[Any] = []
        for i, (choice, label) in enumerate(self.values):
            raw = self.counts.get(self._name(i), "")
            if not raw:
                continue
            try:
                count = int(raw)
            except ValueError:
                raise ParseError(f"{label}: {raw!r} is not a whole number") from None
            if count < 0:
                raise ParseError(f"{label}: a count cannot be negative")
            out.extend([choice] * count)
        return out if out else EMPTY

    def empty_value(self) -> Any:
        return []


@dataclass
class GroupWidget(Widget):
    """Several inputs that make one JSON object (per side, or a record) or a list of fixed length."""

    children: list[tuple[Any, Widget]] = field(default_factory=list)
    shape: str = "object"  # "object" | "list" | "repeat" | "variant"
    tag: str = ""
    records: Mapping[str, Sequence[str]] = field(default_factory=dict)
    collapsed: bool = False
    #: Every key must be there (a per-side map of all sides): an empty list counts as "none".
    fill_empty: bool = False
    #: For two numbers that must add up to a fixed total: typing one fills in the other.
    total: int | None = None
    row_factory: Callable[[int], Widget] | None = None
    template: str = "scoring/widgets/group.html"

    @property
    def parts(self) -> list[Widget]:
        return [child for _, child in self.children]

    @property
    def filled(self) -> bool:
        try:
            return self.parse() is not EMPTY
        except ParseError:
            return True

    def load(self, value: Any) -> None:
        if self.shape in {"object", "variant"}:
            source = value if isinstance(value, dict) else {}
            for key, child in self.children:
                child.load(source.get(key, EMPTY))
        elif self.shape == "list":
            items = value if isinstance(value, list) else []
            for index, (_, child) in enumerate(self.children):
                child.load(items[index] if index < len(items) else EMPTY)
        else:  # repeat: fill rows in order, growing if the stored entry has more
            items = value if isinstance(value, list) else []
            while len(self.children) < len(items):
                self.children.append((len(self.children), self._spare(len(self.children))))
            for index, (_, child) in enumerate(self.children):
                child.load(items[index] if index < len(items) else EMPTY)

    def _spare(self, index: int) -> Widget:
        if self.row_factory is None:
            raise ParseError("this list has no room for more items")
        return self.row_factory(index)

    def bind(self, data: QueryDict) -> None:
        if self.shape == "repeat":
            index = len(self.children)
            while any(k.startswith(f"{self.name}.{index}.") or k == f"{self.name}.{index}" for k in data):
                self.children.append((index, self._spare(index)))
                index += 1
        for _, child in self.children:
            child.bind(data)

    def parse(self) -> Any:
        if self.shape == "variant":
            return self._parse_variant()
        values = [(key, child, child.parse()) for key, child in self.children]
        if all(value is EMPTY for _, _, value in values):
            return EMPTY
        if self.shape == "object":
            out: dict[str, Any] = {}
            for key, child, value in values:
                if value is EMPTY and self.fill_empty:
                    value = child.empty_value()
                if value is not EMPTY:
                    out[str(key)] = value
            return out
        if self.shape == "list":
            return [None if value is EMPTY else value for _, _, value in values]
        return [value for _, _, value in values if value is not EMPTY]

    def _parse_variant(self) -> Any:
        by_key = dict(self.children)
        tag = by_key[self.tag].parse()
        if tag is EMPTY:
            return EMPTY
        out: dict[str, Any] = {self.tag: tag}
        for key in self.records.get(str(tag), ()):
            if key == self.tag:
                continue
            value = by_key[key].parse()
            if value is not EMPTY:
                out[key] = value
        return out

    def empty_value(self) -> Any:
        if self.shape == "object" and self.fill_empty:
            empties = {str(k): c.empty_value() for k, c in self.children}
            if all(v is not EMPTY for v in empties.values()):
                return empties
        if self.shape == "repeat":
            return []
        return EMPTY


@dataclass
class FieldBlock:
    """One entry field: its widget, words for the player, and the error shown beside it."""

    field: Field
    widget: Widget
    label: str
    help: str
    error: str = ""

    @property
    def name(self) -> str:
        return self.field.name

    @property
    def is_dead(self) -> bool:
        return self.field.name == DEAD_FIELD


# -- building widgets from kinds --------------------------------------------------------------


def _enumerate(kind: Any, ctx: FormContext) -> list[tuple[Any, str, str]] | None:
    """Every value a kind allows, with labels, when it is a small finite set; else ``None``."""
    if isinstance(kind, SideRef):
        return [(side, side, ctx.side_players(side)) for side in ctx.sides]
    if isinstance(kind, Seat):
        return [(seat, ctx.seat_label(seat), "") for seat in range(kind.seats)]
    if isinstance(kind, Choice):
        allow = kind.allowed
        allowed = _safe(lambda: tuple(allow(ctx)), kind.values) if allow is not None else kind.values
        return [(value, kind.label(value) or _value_label(value), "") for value in allowed]
    if isinstance(kind, Boolean):
        return [(True, "yes", ""), (False, "no", "")]
    if isinstance(kind, Integer):
        low, high = _bounds(kind, ctx)
        step = kind.step or 1
        if low is None or high is None or (high - low) // step > MAX_CHIPS:
            return None
        return [(value, str(value), "") for value in range(low, high + 1, step)]
    if isinstance(kind, OneOf):
        out: list[tuple[Any, str, str]] = []
        for part in kind.kinds:
            values = _enumerate(part, ctx)
            if values is None:
                return None
            out.extend(values)
        return out
    return None


def _bounds(kind: Integer, ctx: FormContext) -> tuple[int | None, int | None]:
    def resolve(bound: Any) -> int | None:
        if callable(bound):
            value = _safe(lambda: bound(ctx), None)
            return value if isinstance(value, int) else None
        return bound if isinstance(bound, int) else None

    return resolve(kind.low), resolve(kind.high)


def _choice_widget(
    name: str,
    label: str,
    values: list[tuple[Any, str, str]],
    *,
    blank: str | None,
    nested: bool,
    null: str | None = None,
) -> ChoiceWidget:
    if null is not None:
        values = [*values, (None, null, "")]
    limit = MAX_NESTED_CHIPS if nested else MAX_CHIPS
    return ChoiceWidget(name, label, values=values, blank=blank, as_select=len(values) > limit)


def build_widget(
    kind: Any,
    name: str,
    label: str,
    ctx: FormContext,
    *,
    optional: bool,
    nested: bool = False,
    null: str | None = None,
) -> Widget:
    """The widget for one value of ``kind``; ``optional`` adds a blank choice (left out of the
    entry) where it matters, ``null`` a choice in those words that enters ``null`` (Auction
    Forty-Five's "no trump played", a required answer that may be nobody)."""
    blank = "—" if optional else None
    if isinstance(kind, Boolean) and not nested:
        return ToggleWidget(name, label)
    if isinstance(kind, Integer):
        low, high = _bounds(kind, ctx)
        step = kind.step or 1
        if nested or low is None or high is None or (high - low) // step > MAX_CHIPS:
            small = low is not None and high is not None and (high - low) // step <= MAX_STEPPER_RANGE
            return NumberWidget(
                name,
                label,
                low=low,
                high=high,
                step=step,
                stepper=small or high is None,
                # Only a fixed bound goes into the page: one that depends on the entry (Coinche's
                # deal total) is the game's to check.
                html_low=kind.low if isinstance(kind.low, int) else None,
                html_high=kind.high if isinstance(kind.high, int) else None,
            )
    if isinstance(kind, OneOf):
        simple = [k for k in kind.kinds if not isinstance(k, ListOf | PerSide | Record | Variants)]
        values = _enumerate(OneOf(tuple(simple)), ctx) if simple else None
        if values is not None:
            return _choice_widget(name, label, values, blank=blank, nested=nested, null=null)
        if simple:
            return build_widget(simple[0], name, label, ctx, optional=optional, nested=nested)
    values = _enumerate(kind, ctx)
    if values is not None:
        return _choice_widget(name, label, values, blank=blank, nested=nested, null=null)
    if isinstance(kind, TrickSequence):
        hint = f"{kind.length} letters: A = {ctx.sides[0]} won the trick, B = {ctx.sides[1]}"
        return TextWidget(name, label, pattern=f"[ABab]{{{kind.length}}}", hint=hint, upper=True)
    if isinstance(kind, Text):
        return TextWidget(name, label)
    if isinstance(kind, PerSide):
        children: list[tuple[Any, Widget]] = [
            (
                side,
                build_widget(kind.item, f"{name}.{i}", side, ctx, optional=not kind.all_sides, nested=True),
            )
            for i, side in enumerate(ctx.sides)
        ]
        group = GroupWidget(name, label, children=children, shape="object", fill_empty=kind.all_sides)
        inner = [child for _, child in children]
        if inner and all(
            isinstance(c, CounterWidget) or (isinstance(c, GroupWidget) and c.collapsed) for c in inner
        ):
            # Lists per side (roem, melds) are rare: one fold for the whole field, open when used.
            group.collapsed = True
            for child in inner:
                if isinstance(child, GroupWidget):
                    child.collapsed = False
        return group
    if isinstance(kind, ListOf):
        return _list_widget(kind, name, label, ctx)
    if isinstance(kind, Variants):
        return _variant_widget(kind, name, label, ctx)
    if isinstance(kind, Record):
        return GroupWidget(
            name,
            label,
            children=[
                (key, build_widget(k, f"{name}.{key}", _label(key), ctx, optional=True, nested=True))
                for key, k in kind.keys.items()
            ],
            shape="object",
        )
    return TextWidget(name, label, hint="JSON")


def _list_widget(kind: ListOf, name: str, label: str, ctx: FormContext) -> Widget:
    item = kind.item
    if kind.length is not None:
        children: list[tuple[Any, Widget]] = []
        for i in range(kind.length):
            slot = ctx.seat_label(i) if ctx.partnerships and kind.length == 4 else f"{i + 1}"
            children.append((i, build_widget(item, f"{name}.{i}", slot, ctx, optional=True, nested=True)))
        return GroupWidget(name, label, children=children, shape="list")
    values = _enumerate(item, ctx)
    if values is not None and not isinstance(item, Integer):
        return CounterWidget(name, label, values=[(v, text) for v, text, _ in values], high=kind.max_length)
    if isinstance(item, Integer):
        return TextWidget(name, label, hint="numbers separated by spaces", split_numbers=True)

    def make_row(index: int) -> Widget:
        return build_widget(item, f"{name}.{index}", f"{index + 1}", ctx, optional=True, nested=True)

    return GroupWidget(
        name,
        label,
        children=[(i, make_row(i)) for i in range(RECORD_SLOTS)],
        shape="repeat",
        collapsed=True,
        row_factory=make_row,
    )


def _variant_widget(kind: Variants, name: str, label: str, ctx: FormContext) -> GroupWidget:
    tags = [(tag, _value_label(tag), "") for tag in kind.records]
    children: list[tuple[Any, Widget]] = [
        (
            kind.tag,
            ChoiceWidget(f"{name}.{kind.tag}", _label(kind.tag), values=tags, blank="—", as_select=True),
        )
    ]
    seen = {kind.tag}
    records: dict[str, list[str]] = {}
    for tag, record in kind.records.items():
        records[tag] = list(record.keys)
        for key, sub in record.keys.items():
            if key in seen:
                continue
            seen.add(key)
            used_by = [t for t, r in kind.records.items() if key in r.keys]
            note = (
                f"{_label(key)} ({', '.join(used_by)})" if len(used_by) < len(kind.records) else _label(key)
            )
            widget = build_widget(sub, f"{name}.{key}", note, ctx, optional=True, nested=True)
            if isinstance(widget, ChoiceWidget):
                widget.as_select = True
                widget.template = "scoring/widgets/select.html"
            children.append((key, widget))
    return GroupWidget(name, label, children=children, shape="variant", tag=kind.tag, records=records)


# -- the entry form ---------------------------------------------------------------------------

_ADDS_UP = re.compile(r"add up to (\d+)\b")


def _fixed_total(f: Field) -> int | None:
    """The fixed sum a two-sided number field must reach ("The values add up to 162."), if any."""
    if not isinstance(f.kind, PerSide) or not isinstance(f.kind.item, Integer):
        return None
    for rule in f.rules:
        found = _ADDS_UP.search(rule.text)
        if found:
            return int(found.group(1))
    return None


class EntryForm:
    """The deal entry form of one match: widgets from the declaration, JSON back from the POST."""

    prefix = "f"

    def __init__(self, game: type[Game[Any]] | Game[Any], ctx: FormContext) -> None:
        self.game = game
        self.ctx = ctx
        self.blocks: list[FieldBlock] = []
        # Only the fields in play under the match's options: a club without kraken never sees kraak.
        for f in game.entry_fields(ctx.options):
            # A nullable answer the table must give gets its own "nobody" button; a field it may
            # leave out gets a blank one.
            must_answer = f.nullable and f.required is True
            optional = (f.nullable and not must_answer) or (f.required is False and f.default is MISSING)
            null = ("nobody" if isinstance(f.kind, SideRef) else "none") if must_answer else None
            widget = build_widget(
                f.kind, f"{self.prefix}.{f.name}", _label(f.name), ctx, optional=optional, null=null
            )
            if isinstance(widget, GroupWidget) and len(ctx.sides) == 2:
                widget.total = _fixed_total(f)
            self.blocks.append(FieldBlock(f, widget, _label(f.name), _words(f.help)))
        self.error = ""
        self.load_defaults()

    @property
    def has_dead(self) -> bool:
        return any(block.is_dead for block in self.blocks)

    def load_defaults(self) -> None:
        """Show each field's default (``double: none``), nothing where there is none."""
        for block in self.blocks:
            default = block.field.default
            block.widget.load(EMPTY if default is MISSING else default)

    def load(self, entry: Mapping[str, Any]) -> None:
        """Show a stored entry (to correct it)."""
        for block in self.blocks:
            block.widget.load(entry.get(block.name, EMPTY))

    def bind(self, data: QueryDict) -> None:
        """Show what was posted."""
        for block in self.blocks:
            block.widget.bind(data)

    def entry(self) -> dict[str, Any] | None:
        """The JSON entry from the bound POST, or ``None`` when a value cannot be read (see errors)."""
        raw: dict[str, Any] = {}
        failed = False
        for block in self.blocks:
            try:
                value = block.widget.parse()
            except ParseError as error:
                block.error = str(error)
                failed = True
                continue
            default = block.field.default
            if value is EMPTY or (
                default is not MISSING and value == default and type(value) is type(default)
            ):
                continue
            raw[block.name] = value
        if failed:
            return None
        if raw.get(DEAD_FIELD) is True:
            return {DEAD_FIELD: True}
        for block in self.blocks:
            if block.name not in raw and block.field.is_required(raw):
                empty = block.widget.empty_value()
                if empty is not EMPTY:
                    raw[block.name] = empty
        return raw

    def add_error(self, field_name: str | None, rule: str) -> None:
        """Show a refusal beside the field it names, or above the form."""
        for block in self.blocks:
            if block.name == field_name:
                block.error = rule
                return
        self.error = rule

    @property
    def errors(self) -> dict[str, str]:
        out = {block.name: block.error for block in self.blocks if block.error}
        if self.error:
            out[""] = self.error
        return out


# -- organizer forms --------------------------------------------------------------------------


class VoidForm(forms.Form):
    """Take a deal out, saying why."""

    version = forms.IntegerField(widget=forms.HiddenInput)
    reason = forms.CharField(max_length=300, widget=forms.TextInput(attrs={"autocomplete": "off"}))


class RevokeForm(forms.Form):
    """Stop the scorer link (and perhaps hand out a fresh one)."""

    renew = forms.BooleanField(required=False)


class AbandonForm(forms.Form):
    reason = forms.CharField(max_length=300, required=False)


def option_widget(option: Option, ctx: FormContext, preset_values: Mapping[str, Any]) -> Widget:
    """A match option on the "new match" page: blank means "the preset's or the game's default"."""
    default = preset_values.get(option.name, option.default_for(ctx.sides) if ctx.sides else option.default)
    shown = "" if callable(default) else _value_label(default) if default is not None else "none"
    name = f"o.{option.name}"
    label = _label(option.name)
    values = _enumerate(option.kind, ctx)
    if isinstance(option.kind, SideRef):
        values = None
    if values is not None:
        if option.nullable:
            values = [*values, (None, "none", "")]
        return ChoiceWidget(name, label, values=values, blank=f"default ({shown})", as_select=True)
    if isinstance(option.kind, Integer):
        low, high = _bounds(option.kind, ctx)
        return NumberWidget(
            name,
            label,
            low=low,
            high=high,
            step=option.kind.step or 1,
            stepper=False,
            html_low=low,
            html_high=high,
        )
    return TextWidget(name, label, hint=f"default: {shown}")


@dataclass
class OptionBlock:
    option: Option
    widget: Widget
    help: str
    error: str = ""


class MatchForm:
    """The organizer's "new match" form: game, preset, options, sides and players.

    The preset and options chosen decide the table (five players for individual Back Alley, six
    seats for six-handed Forty-Five), so the side and seat rows follow them: a link per table sets
    the options that bring it in, and a POST whose options change the table is shown again with the
    new rows to fill in.
    """

    def __init__(self, game: type[Game[Any]] | None, *, players: Sequence[str] = ()) -> None:
        self.game = game
        self.players = list(players)
        self.errors: dict[str, str] = {}
        self.title = ""
        self.preset = ""
        self.sides: list[str] = []
        self.seats: list[str] = []
        self.option_blocks: list[OptionBlock] = []
        self.shape: TableShape | None = None
        self.table_changed = False
        if game is not None:
            ctx = FormContext(sides=(), options={}, partnerships=game.partnerships)
            for option in game.options:
                if option.name == "first_dealer":
                    continue
                self.option_blocks.append(
                    OptionBlock(option, option_widget(option, ctx, {}), _words(option.help))
                )
            self._seat(game.table_shape())

    def _seat(self, shape: TableShape) -> None:
        """Rows for the sides and seats of ``shape``, keeping what was typed in the first ones."""
        self.shape = shape
        seat_count = shape.seats if shape.partnerships else 0
        self.sides = (self.sides + [""] * shape.max_sides)[: shape.max_sides]
        self.seats = (self.seats + [""] * seat_count)[:seat_count]

    @property
    def table_key(self) -> str:
        """The table the rows were drawn for, posted back to notice a change of table."""
        shape = self.shape
        return "" if shape is None else f"{shape.seats}-{shape.max_sides}"

    def choose(self, data: QueryDict) -> None:
        """The preset and options picked so far (a table link, or the POST): they decide the table."""
        self.preset = data.get("preset", "").strip()
        for block in self.option_blocks:
            block.widget.bind(data)
        if self.game is not None:
            self._seat(seating.chosen_table(self.game, self._chosen()))

    def _chosen(self) -> dict[str, Any]:
        """The preset and the options given so far (a value that cannot be read yet is left out)."""
        chosen: dict[str, Any] = {"preset": self.preset} if self.preset else {}
        for block in self.option_blocks:
            try:
                value = block.widget.parse()
            except ParseError:
                continue
            if value is not EMPTY:
                chosen[block.option.name] = value
        return chosen

    @property
    def tables(self) -> list[dict[str, Any]]:
        """One link per table the game can have, when it has more than one."""
        return seating.table_links(self.game, self.shape) if self.game is not None else []

    @property
    def partner_note(self) -> str:
        return seating.partner_note(len(self.seats))

    @property
    def presets(self) -> list[Option_]:
        if self.game is None or not self.game.presets:
            return []
        default = self.game.default_preset
        return [
            Option_(
                name,
                self.game.preset_name(name) + (" (default)" if name == default else ""),
                selected=name == (self.preset or default),
            )
            for name in self.game.presets
        ]

    @property
    def side_rows(self) -> list[dict[str, Any]]:
        shape = self.shape
        if shape is None:
            return []
        return [
            {"index": i, "value": value, "required": i < shape.min_sides}
            for i, value in enumerate(self.sides)
        ]

    @property
    def seat_rows(self) -> list[dict[str, Any]]:
        return [{"index": i, "value": value, "side": i % 2 + 1} for i, value in enumerate(self.seats)]

    def bind(self, data: QueryDict) -> None:
        self.title = data.get("title", "").strip()
        self.choose(data)
        self.sides = [data.get(f"side.{i}", "").strip() for i in range(len(self.sides))]
        self.seats = [data.get(f"seat.{i}", "").strip() for i in range(len(self.seats))]
        self.table_changed = data.get("table", self.table_key) != self.table_key

    def cleaned(self) -> dict[str, Any] | None:
        """Arguments for ``services.match_create``, or ``None`` with ``errors`` set."""
        game = self.game
        if game is None:
            self.errors["game"] = "choose a game"
            return None
        if self.table_changed:
            self.errors["sides"] = (
                "these options change the table: name the players below, then start the match"
            )
            return None
        seats = self.seats if any(self.seats) else None
        sides = list(self.sides)
        if seats is not None:
            for index in range(2):
                if not sides[index]:
                    sides[index] = " & ".join(name for name in seats[index::2] if name)
        sides = [side for side in sides if side]
        options: dict[str, Any] = {}
        for block in self.option_blocks:
            try:
                value = block.widget.parse()
            except ParseError as error:
                block.error = str(error)
                self.errors[block.option.name] = str(error)
                continue
            if value is not EMPTY:
                options[block.option.name] = value
        if self.errors:
            return None
        return {
            "game_key": game.key,
            "title": self.title,
            "sides": sides,
            "seats": [name or f"Seat {i}" for i, name in enumerate(seats)] if seats else None,
            "options": options,
            "preset": self.preset or None,
        }

    def add_error(self, field_name: str | None, rule: str) -> None:
        for block in self.option_blocks:
            if block.option.name == field_name:
                block.error = rule
                return
        self.errors[field_name or ""] = rule
