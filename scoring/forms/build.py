"""From a game's value kinds to the entry form's fields: what a player taps for each kind.

Sides are buttons (with the partnership's players under the side's name), small counts are
steppers or buttons, choices are buttons (a drop-down list when there are too many), booleans are
switches, per-side maps are one input per side, lists of choices are a count per choice, a list per
seat is one input per seat (named by player and compass seat), and lists of records (melds) are a
few repeatable rows. Bounds and the choices allowed come from the game, asked in the context its
rules see before anything of the deal is entered (``MatchState.entry_context``).

What it does not do: check any rule, or turn a post into JSON (the fields in ``fields.py`` do).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import QueryDict
from django.utils.translation import gettext as _
from django.utils.translation import pgettext_lazy

from games.common import SUIT_SYMBOLS, SUIT_WORDS, SUITS
from games.declaration import Field, Option
from games.seats import Seating
from games.values import (
    Boolean,
    CheckedByRule,
    Choice,
    Context,
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
from scoring.forms.fields import (
    EMPTY,
    ChoiceValue,
    CountsField,
    NumberList,
    ObjectField,
    PartsField,
    Rows,
    SeatList,
    SwitchValue,
    Tagged,
    TextValue,
    ValueField,
    WholeNumber,
    group_widget,
)
from scoring.forms.widgets import Chips, DropDown, Label, NumberBox, PairSum, TextBox, Toggle
from scoring.game_texts import game_text

#: Enumerated values up to this many become a group of buttons; more become a drop-down list.
MAX_CHIPS = 24
#: Inside a per-side map or a list, fewer buttons fit: above this many, a drop-down list.
MAX_NESTED_CHIPS = 8
#: An integer whose range spans more than this many steps gets a number box without − / + buttons.
MAX_STEPPER_RANGE = 40
#: Empty rows offered for a list of records (melds) per side.
RECORD_SLOTS = 3
#: The kinds a list or a one-of shows as a group of its own rather than as choices.
COMPOUND = (ListOf, PerSide, Record, Variants)

#: Any field of a game value: one input, or a value made of parts.
ValueOrParts = ValueField | PartsField
Choices = list[tuple[Any, Label]]


#: The parts of a game's records (a meld's) that no declaration labels, said in the reader's
#: language (the roem panel of the belote family read "Meld, Rank, Top, Suit" in Dutch).
PART_NAMES = {
    # Translators: a declared meld's kind (tierce, carré...), a card game's "annonce".
    "meld": pgettext_lazy("game part", "Meld"),
    # Translators: the rank of the four cards of a carré (A, K, Q...).
    "rank": pgettext_lazy("game part", "Rank"),
    # Translators: the highest card of a sequence of cards.
    "top": pgettext_lazy("game part", "Top"),
    "suit": pgettext_lazy("game part", "Suit"),
    # Translators: how many cards a sequence has.
    "length": pgettext_lazy("game part", "Length"),
}
#: The values a declaration gives no words for, said in the reader's language ("quartet").
VALUE_NAMES = {
    # Translators: Jo-Jotte's meld of four cards of a rank (a carré).
    "quartet": pgettext_lazy("game value", "quartet"),
    # Translators: Jo-Jotte's meld of cards that follow each other in a suit.
    "sequence": pgettext_lazy("game value", "sequence"),
    "no-trump": pgettext_lazy("game value", "no trump"),
    # Translators: a player's bid of nothing (Back Alley).
    "pass": pgettext_lazy("game value", "pass"),
    # Translators: Back Alley's second-level "board" bid (every trick, at higher stakes); "board" stays.
    "double-board": pgettext_lazy("game value", "double board"),
    # Translators: Back Alley's third-level "board" bid; "board" stays.
    "triple-board": pgettext_lazy("game value", "triple board"),
    # Translators: the belote family's meld of four cards of a rank (the API says "carre").
    "carre": pgettext_lazy("game value", "carré"),
    # Translators: a card's rank as one letter: the King (French R for roi, Dutch H for heer).
    "K": pgettext_lazy("card rank", "K"),
    # Translators: a card's rank as one letter: the Queen (French D for dame, Dutch V for vrouw).
    "Q": pgettext_lazy("card rank", "Q"),
    # Translators: a card's rank as one letter: the Jack (French V for valet, Dutch B for boer).
    "J": pgettext_lazy("card rank", "J"),
}


def words(name: str) -> str:
    """A field's or option's name in words: ``high_trump`` → "High trump" (a record's known part
    in the reader's language)."""
    known = PART_NAMES.get(name)
    return str(known) if known is not None else name.replace("_", " ").capitalize()


def page_help(declared: Field | Option) -> str:
    """A field's or option's help as a page shows it: its words for players, without the rule
    book's markdown marks."""
    return str(game_text(declared.page_help())).replace("`", "").replace("*", "")


def value_words(value: Any) -> str:
    """A value in the players' words when the declaration gives none: "♥ hearts", "double board"."""
    if isinstance(value, str) and value in VALUE_NAMES:
        return str(VALUE_NAMES[value])
    if isinstance(value, str):
        return (
            f"{SUIT_SYMBOLS[value]} {game_text(SUIT_WORDS[value])}"
            if value in SUITS
            else value.replace("_", " ").replace("-", " ")
        )
    return str(value)


def bounds(kind: Integer, ctx: Context) -> tuple[int | None, int | None]:
    """The integer's bounds in this match (a bound may depend on the match: the hand size)."""
    low = kind.low(ctx) if callable(kind.low) else kind.low
    high = kind.high(ctx) if callable(kind.high) else kind.high
    return low, high


def choices_of(kind: Any, ctx: Context, seating: Seating) -> Choices | None:
    """Every value a kind allows in this match, with its words, when it is a small finite set."""
    if isinstance(kind, SideRef):
        return [(side, Label(side, seating.players_of(side))) for side in ctx.sides]
    if isinstance(kind, Seat):
        return [(seat, Label(game_text(seating.who(seat)))) for seat in range(kind.seats)]
    if isinstance(kind, Choice):
        allowed = kind.values if kind.allowed is None else tuple(kind.allowed(ctx))
        return [(value, Label(game_text(kind.label(value)) or value_words(value))) for value in allowed]
    if isinstance(kind, Boolean):
        return [(True, Label(_("yes"))), (False, Label(_("no")))]
    if isinstance(kind, Integer):
        low, high = bounds(kind, ctx)
        step = kind.step or 1
        if low is None or high is None or (high - low) // step > MAX_CHIPS:
            return None
        return [(value, Label(str(value))) for value in range(low, high + 1, step)]
    if isinstance(kind, OneOf):
        out: Choices = []
        for part in kind.kinds:
            values = choices_of(part, ctx, seating)
            if values is None:
                return None
            out.extend(values)
        return out
    return None


def choice_field(
    label: str, values: Choices, *, blank: bool, nested: bool, null: str | None = None, dropdown: bool = False
) -> ChoiceValue:
    """Buttons (or a drop-down list, for many) for ``values``; ``blank`` adds "—" (nothing said),
    ``null`` a button in those words that enters ``null`` (nobody)."""
    if null is not None:
        values = [*values, (None, Label(null))]
    many = len(values) > (MAX_NESTED_CHIPS if nested else MAX_CHIPS)
    widget = DropDown() if dropdown or many else Chips()
    return ChoiceValue(widget=widget, label=label, choices=values, blank="—" if blank else None)


class FieldBuilder:
    """Builds the field of each value kind for one match: its rules' context (sides, options, the
    state before the deal), who sits where, and what was posted (how many rows of melds came)."""

    def __init__(self, ctx: Context, seating: Seating, posted: QueryDict | None = None) -> None:
        self.ctx = ctx
        self.seating = seating
        self.posted = posted

    def field(
        self,
        kind: Any,
        name: str,
        label: str,
        stored: Any = EMPTY,
        *,
        optional: bool,
        nested: bool = False,
        null: str | None = None,
        total: PairSum | None = None,
    ) -> ValueOrParts:
        """The field for one value of ``kind`` posted under ``name``; ``stored`` is the value shown
        (it may need more rows than offered). ``optional`` adds a blank choice where it matters,
        ``null`` a choice that enters ``null``, ``total`` the fixed sum of a per-side pair."""
        if isinstance(kind, CheckedByRule):
            kind = kind.kind
        if isinstance(kind, Boolean) and not nested:
            return SwitchValue(widget=Toggle(), label=label)
        if isinstance(kind, Integer):
            number = self._number(kind, label, nested)
            if number is not None:
                return number
        if isinstance(kind, OneOf):
            return self._one_of(kind, name, label, stored, optional=optional, nested=nested, null=null)
        values = choices_of(kind, self.ctx, self.seating)
        if values is not None:
            return choice_field(label, values, blank=optional, nested=nested, null=null)
        if isinstance(kind, TrickSequence):
            return self._letters(kind, label)
        if isinstance(kind, Text):
            return TextValue(widget=TextBox(), label=label)
        if isinstance(kind, PerSide):
            return self._per_side(kind, name, label, stored, total)
        if isinstance(kind, ListOf):
            return self._list(kind, name, label, stored)
        if isinstance(kind, Variants):
            return self._tagged(kind, name, label)
        if isinstance(kind, Record):
            parts = {
                key: self.field(k, f"{name}.{key}", words(key), optional=True, nested=True)
                for key, k in kind.keys.items()
            }
            return ObjectField(parts, widget=group_widget(parts, "object"), label=label)
        raise TypeError(f"the entry form has no field for {kind!r}")

    def _one_of(
        self,
        kind: OneOf,
        name: str,
        label: str,
        stored: Any,
        *,
        optional: bool,
        nested: bool,
        null: str | None,
    ) -> ValueOrParts:
        """Choices when every simple kind of it can be listed ("pass", "board" or a bid of 1 to
        13), else the field of its first simple kind."""
        simple = [k for k in kind.kinds if not isinstance(k, COMPOUND)]
        if not simple:
            raise TypeError(f"the entry form has no field for {kind!r}")
        values = choices_of(OneOf(tuple(simple)), self.ctx, self.seating)
        if values is not None:
            return choice_field(label, values, blank=optional, nested=nested, null=null)
        return self.field(simple[0], name, label, stored, optional=optional, nested=nested)

    def _number(self, kind: Integer, label: str, nested: bool) -> WholeNumber | None:
        """A number box for a wide or nested range; ``None`` when buttons fit better."""
        low, high = bounds(kind, self.ctx)
        step = kind.step or 1
        if not nested and low is not None and high is not None and (high - low) // step <= MAX_CHIPS:
            return None
        small = low is not None and high is not None and (high - low) // step <= MAX_STEPPER_RANGE
        # Only a fixed bound goes into the page: one that depends on the match or the entry
        # (Coinche's deal total) is the game's to check.
        widget = NumberBox(
            step=step,
            low=kind.low if isinstance(kind.low, int) else None,
            high=kind.high if isinstance(kind.high, int) else None,
            stepper=small or high is None,
        )
        return WholeNumber(widget=widget, label=label)

    def _letters(self, kind: TrickSequence, label: str) -> TextValue:
        sides = self.ctx.sides
        hint = _("%(length)s letters: A = %(first)s won the trick, B = %(second)s") % {
            "length": kind.length,
            "first": sides[0],
            "second": sides[1],
        }
        attrs = {"pattern": f"[ABab]{{{kind.length}}}", "autocapitalize": "characters", "spellcheck": "false"}
        return TextValue(widget=TextBox(hint=hint, attrs=attrs), label=label, letters=True)

    def _per_side(
        self, kind: PerSide, name: str, label: str, stored: Any, total: PairSum | None
    ) -> ObjectField:
        given = stored if isinstance(stored, Mapping) else {}
        parts = {
            side: self.field(
                kind.item,
                f"{name}.{index}",
                side,
                given.get(side, EMPTY),
                optional=not kind.all_sides,
                nested=True,
            )
            for index, side in enumerate(self.ctx.sides)
        }
        # Lists per side (roem, melds) are rare: one fold for the whole field, open when used,
        # and no fold of their own inside it.
        lists = all(isinstance(part, CountsField | Rows) for part in parts.values())
        if lists:
            for part in parts.values():
                part.widget.collapsed = False
        widget = group_widget(
            parts, "object", by_index=True, collapsed=lists, total=total if len(parts) == 2 else None
        )
        return ObjectField(parts, widget=widget, label=label, every_key=kind.all_sides)

    def _list(self, kind: ListOf, name: str, label: str, stored: Any) -> ValueOrParts:
        item = kind.item
        given = stored if isinstance(stored, list) else []
        if kind.length is not None:
            per_seat = self.seating.partnerships and kind.length == len(self.seating.places)
            parts = {
                index: self.field(
                    item,
                    f"{name}.{index}",
                    game_text(self.seating.who(index)) if per_seat else str(index + 1),
                    optional=True,
                    nested=True,
                )
                for index in range(kind.length)
            }
            return SeatList(parts, widget=group_widget(parts, "list"), label=label)
        values = choices_of(item, self.ctx, self.seating)
        if values is not None and not isinstance(item, Integer):
            return CountsField([(value, words.text) for value, words in values], label=label)
        if isinstance(item, Integer):
            widget = TextBox(hint=_("numbers separated by spaces"), attrs={"inputmode": "numeric"})
            return NumberList(widget=widget, label=label)
        count = max(RECORD_SLOTS, len(given), self._rows_posted(name))
        rows = {
            index: self.field(item, f"{name}.{index}", str(index + 1), optional=True, nested=True)
            for index in range(count)
        }
        return Rows(rows, widget=group_widget(rows, "repeat", collapsed=True), label=label)

    def _rows_posted(self, name: str) -> int:
        """How many rows of a repeatable list the post holds (a browser may have added some)."""
        keys = list(self.posted or ())
        count = 0
        while any(key == f"{name}.{count}" or key.startswith(f"{name}.{count}.") for key in keys):
            count += 1
        return count

    def _tagged(self, kind: Variants, name: str, label: str) -> Tagged:
        tags = [(tag, Label(value_words(tag))) for tag in kind.records]
        parts: dict[Any, ValueOrParts] = {
            kind.tag: choice_field(words(kind.tag), tags, blank=True, nested=True, dropdown=True)
        }
        records: dict[str, tuple[str, ...]] = {}
        for tag, record in kind.records.items():
            records[tag] = tuple(record.keys)
            for key, sub in record.keys.items():
                if key in parts:
                    continue
                used_by = [t for t, r in kind.records.items() if key in r.keys]
                note = (
                    f"{words(key)} ({', '.join(value_words(t) for t in used_by)})"
                    if len(used_by) < len(kind.records)
                    else words(key)
                )
                parts[key] = self._dropdown(sub, f"{name}.{key}", note)
        return Tagged(
            parts, widget=group_widget(parts, "variant"), label=label, tag=kind.tag, records=records
        )

    def _dropdown(self, kind: Any, name: str, label: str) -> ValueOrParts:
        """A record's part inside a row: a drop-down list where it is a choice (rows stay short)."""
        values = choices_of(kind, self.ctx, self.seating)
        if values is not None and not isinstance(kind, Integer):
            return choice_field(label, values, blank=True, nested=True, dropdown=True)
        return self.field(kind, name, label, optional=True, nested=True)
