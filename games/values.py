"""Value kinds: what one entry field or one option may hold.

A kind checks a raw JSON value, describes itself for the docs and the form, and renders itself as
JSON Schema. Kinds are declared once per field or option (see ``declaration.py``); validation, the
API schema, the web form and the docs tables all read the same declaration.

Bounds may depend on the match (a Back Alley bid goes up to the deal's hand size, a Coinche score to
the contract's deal total). Such a bound is a function of the :class:`Context` and carries a label
for the docs; the schema then leaves it out and the game checks it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from games.terms import code_of, problem, said


class Context(Protocol):
    """What a kind may look at: the match's sides and effective options."""

    @property
    def sides(self) -> tuple[str, ...]: ...

    @property
    def options(self) -> Mapping[str, Any]: ...


Bound = int | Callable[[Any], int] | None


def is_int(value: object) -> bool:
    """JSON integers only: ``True``, ``3.0`` and ``"3"`` are not integers (docs/games/README.md §5.4)."""
    return type(value) is int


def _resolve(bound: Bound, ctx: Context) -> int | None:
    return bound(ctx) if callable(bound) else bound


def _range_text(low: str | None, high: str | None) -> str:
    if low is not None and high is not None:
        return f"from {low} to {high}"
    if low is not None:
        return f"≥ {low}"
    if high is not None:
        return f"≤ {high}"
    return ""


class Kind(Protocol):
    """The interface every value kind offers."""

    def check(self, value: Any, ctx: Context) -> str | None:
        """The rule ``value`` breaks, as a sentence fragment, or ``None`` when it is acceptable."""

    def describe(self) -> str:
        """A short phrase for the docs ("integer from 0 to 26")."""

    def schema(self) -> dict[str, Any]:
        """JSON Schema of the static part of the rule."""


@dataclass(frozen=True)
class Integer:
    """A JSON integer, optionally bounded and stepped."""

    low: Bound = None
    high: Bound = None
    step: int | None = None
    low_label: str | None = None
    high_label: str | None = None

    def _labels(self) -> tuple[str | None, str | None]:
        low = self.low_label or (str(self.low) if isinstance(self.low, int) else None)
        high = self.high_label or (str(self.high) if isinstance(self.high, int) else None)
        return low, high

    def describe(self) -> str:
        text = "integer"
        if self.step:
            text = f"multiple of {self.step}"
        bounds = _range_text(*self._labels())
        return f"{text} {bounds}".strip()

    def check(self, value: Any, ctx: Context) -> str | None:
        low, high = _resolve(self.low, ctx), _resolve(self.high, ctx)
        allowed = self.describe_with(low, high)
        if not is_int(value):
            return problem("games", "not_an_integer", "must be an integer (%(allowed)s)", allowed=allowed)
        if (low is not None and value < low) or (high is not None and value > high):
            if self.step:
                return problem("games", "out_of_range", "must be a %(allowed)s", allowed=allowed)
            return problem("games", "out_of_range", "must be an %(allowed)s", allowed=allowed)
        if self.step and value % self.step:
            return problem("games", "not_a_multiple", "must be a %(allowed)s", allowed=allowed)
        return None

    def describe_with(self, low: int | None, high: int | None) -> str:
        """The description with the bounds in force for this match (in words a page translates)."""
        if self.step:
            step = self.step
            if low is not None and high is not None:
                return said(
                    "games", "multiple of %(step)s from %(low)s to %(high)s", step=step, low=low, high=high
                )
            if low is not None:
                return said("games", "multiple of %(step)s ≥ %(low)s", step=step, low=low)
            if high is not None:
                return said("games", "multiple of %(step)s ≤ %(high)s", step=step, high=high)
            return said("games", "multiple of %(step)s", step=step)
        if low is not None and high is not None:
            return said("games", "integer from %(low)s to %(high)s", low=low, high=high)
        if low is not None:
            return said("games", "integer ≥ %(low)s", low=low)
        if high is not None:
            return said("games", "integer ≤ %(high)s", high=high)
        return said("games", "integer")

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if isinstance(self.low, int):
            out["minimum"] = self.low
        if isinstance(self.high, int):
            out["maximum"] = self.high
        if self.step:
            out["multipleOf"] = self.step
        return out


@dataclass(frozen=True)
class Boolean:
    """``true`` or ``false``."""

    def describe(self) -> str:
        return "true or false"

    def check(self, value: Any, ctx: Context) -> str | None:
        return None if isinstance(value, bool) else problem("games", "not_a_boolean", "must be true or false")

    def schema(self) -> dict[str, Any]:
        return {"type": "boolean"}


def _same_json(a: Any, b: Any) -> bool:
    """Equality that keeps JSON types apart (``True`` is not ``1``, ``4.0`` is not ``4``)."""
    return type(a) is type(b) and a == b


def _show(value: Any) -> str:
    return (
        f'"{value}"'
        if isinstance(value, str)
        else str(value).lower()
        if isinstance(value, bool)
        else str(value)
    )


@dataclass(frozen=True)
class Choice:
    """One of a fixed set of JSON values (strings or integers); ``allowed`` may narrow it per match.

    ``labels`` gives a value the words players say for it ("générale" for ``"generale"``), which
    the entry form shows on its button; a value without a label is shown as it is spelled.
    """

    values: tuple[Any, ...]
    allowed: Callable[[Any], Sequence[Any]] | None = None
    note: str | None = None
    labels: tuple[tuple[Any, str], ...] = ()

    def knows(self, value: Any) -> bool:
        """Whether ``value`` is one of the declared values, allowed in this match or not."""
        return any(_same_json(value, v) for v in self.values)

    def label(self, value: Any) -> str | None:
        """The players' words for ``value``, if the declaration gives any."""
        return next((text for known, text in self.labels if _same_json(known, value)), None)

    def describe(self) -> str:
        text = ", ".join(_show(v) for v in self.values)
        return f"{text} ({self.note})" if self.note else text

    def check(self, value: Any, ctx: Context) -> str | None:
        values = tuple(self.allowed(ctx)) if self.allowed else self.values
        if any(_same_json(value, v) for v in values):
            return None
        if self.knows(value):
            if self.note:
                return problem(
                    "games",
                    "not_allowed",
                    "%(value)s is not allowed with these options (%(note)s)",
                    value=_show(value),
                    note=self.note,
                )
            return problem(
                "games", "not_allowed", "%(value)s is not allowed with these options", value=_show(value)
            )
        return problem(
            "games", "not_a_choice", "must be one of %(values)s", values=", ".join(_show(v) for v in values)
        )

    def schema(self) -> dict[str, Any]:
        return {"enum": list(self.values)}


@dataclass(frozen=True)
class Text:
    """Any string, for free-form record-only values."""

    max_length: int = 200

    def describe(self) -> str:
        return "text"

    def check(self, value: Any, ctx: Context) -> str | None:
        if not isinstance(value, str):
            return problem("games", "not_a_string", "must be a string")
        if len(value) <= self.max_length:
            return None
        return problem("games", "too_long", "must be at most %(count)s characters", count=self.max_length)

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "maxLength": self.max_length}


@dataclass(frozen=True)
class SideRef:
    """The exact name of one of the match's sides."""

    def describe(self) -> str:
        return "a side name"

    def check(self, value: Any, ctx: Context) -> str | None:
        if isinstance(value, str) and value in ctx.sides:
            return None
        if not ctx.sides:  # the schema of given options: no sides are known there
            return problem("games", "no_sides", "names a side, and no sides are known here")
        return problem(
            "games", "not_a_side", "must be one of the sides: %(sides)s", sides=", ".join(ctx.sides)
        )

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "description": "a side name"}


@dataclass(frozen=True)
class Seat:
    """A seat number of a four-seat partnership game (docs/games/README.md §2)."""

    seats: int = 4

    def describe(self) -> str:
        return f"seat 0–{self.seats - 1}"

    def check(self, value: Any, ctx: Context) -> str | None:
        ok = is_int(value) and 0 <= value < self.seats
        if ok:
            return None
        return problem("games", "not_a_seat", "must be a seat number from 0 to %(last)s", last=self.seats - 1)

    def schema(self) -> dict[str, Any]:
        return {"type": "integer", "minimum": 0, "maximum": self.seats - 1}


@dataclass(frozen=True)
class TrickSequence:
    """The winner of every trick: ``A`` for ``sides[0]``, ``B`` for ``sides[1]`` (docs/games/README.md §5.10)."""

    length: int

    def describe(self) -> str:
        return f"{self.length} characters, each A or B"

    def check(self, value: Any, ctx: Context) -> str | None:
        if not isinstance(value, str) or len(value) != self.length or set(value) - {"A", "B"}:
            return problem(
                "games",
                "not_a_trick_sequence",
                "must be %(length)s characters, each A (won by %(first)s) or B (won by %(second)s)",
                length=self.length,
                first=ctx.sides[0],
                second=ctx.sides[1],
            )
        return None

    def schema(self) -> dict[str, Any]:
        return {"type": "string", "pattern": f"^[AB]{{{self.length}}}$"}


@dataclass(frozen=True)
class CheckedByRule:
    """A kind that describes itself as ``kind`` but leaves the check to a rule of the field.

    A field whose rules must look at the entry before its value's format (Aluette's ``sequence``,
    checked against the other way of entering a deal first) is declared with this; the docs, the
    schema and the entry form still see ``kind``.
    """

    kind: Kind

    def describe(self) -> str:
        return self.kind.describe()

    def check(self, value: Any, ctx: Context) -> str | None:
        return None

    def schema(self) -> dict[str, Any]:
        return self.kind.schema()


@dataclass(frozen=True)
class OneOf:
    """The first of several kinds that accepts the value (a bid is a number or ``"capot"``)."""

    kinds: tuple[Kind, ...]

    def describe(self) -> str:
        return ", or ".join(k.describe() for k in self.kinds)

    def check(self, value: Any, ctx: Context) -> str | None:
        for kind in self.kinds:
            if kind.check(value, ctx) is None:
                return None
        for kind in self.kinds:
            if isinstance(kind, Choice) and kind.knows(value):
                # a known value these options leave out ("generale" without the option): say so
                return kind.check(value, ctx)
        kinds = ", or ".join(k.describe() for k in self.kinds)
        return problem("games", "not_one_of", "must be %(kinds)s", kinds=kinds)

    def schema(self) -> dict[str, Any]:
        return {"anyOf": [k.schema() for k in self.kinds]}


@dataclass(frozen=True)
class ListOf:
    """A JSON array of one kind, optionally of a fixed length."""

    item: Kind
    length: int | None = None
    max_length: int | None = None

    def describe(self) -> str:
        size = f"{self.length} " if self.length else ""
        return f"list of {size}({self.item.describe()})"

    def check(self, value: Any, ctx: Context) -> str | None:
        if not isinstance(value, list):
            return problem("games", "not_a_list", "must be a list")
        if self.length is not None and len(value) != self.length:
            return problem("games", "wrong_length", "must have exactly %(count)s items", count=self.length)
        if self.max_length is not None and len(value) > self.max_length:
            return problem(
                "games", "too_many_items", "must have at most %(count)s items", count=self.max_length
            )
        for index, item in enumerate(value):
            broken = self.item.check(item, ctx)
            if broken:
                return problem(
                    "games",
                    code_of(broken, "invalid_item"),
                    "item %(index)s %(problem)s",
                    index=index + 1,
                    problem=broken,
                )
        return None

    def schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "array", "items": self.item.schema()}
        if self.length is not None:
            out["minItems"] = out["maxItems"] = self.length
        if self.max_length is not None:
            out["maxItems"] = self.max_length
        return out


@dataclass(frozen=True)
class PerSide:
    """An object from side names to values; every side exactly once unless ``all_sides`` is off."""

    item: Kind
    all_sides: bool = True

    def describe(self) -> str:
        who = "every side" if self.all_sides else "some sides"
        return f"object: {who} → {self.item.describe()}"

    def check(self, value: Any, ctx: Context) -> str | None:
        if not isinstance(value, dict):
            return problem("games", "not_per_side", "must be an object with one key per side")
        for key in value:
            if key not in ctx.sides:
                return problem(
                    "games",
                    "not_a_side",
                    "has %(key)s, which is not a side (sides: %(sides)s)",
                    key=repr(key),
                    sides=", ".join(ctx.sides),
                )
        if self.all_sides:
            for side in ctx.sides:
                if side not in value:
                    return problem(
                        "games",
                        "missing_side",
                        "needs a value for every side; %(side)s is missing",
                        side=side,
                    )
        for side, item in value.items():
            broken = self.item.check(item, ctx)
            if broken:
                return problem(
                    "games",
                    code_of(broken, "invalid_value"),
                    "for %(side)s %(problem)s",
                    side=side,
                    problem=broken,
                )
        return None

    def schema(self) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": self.item.schema()}


@dataclass(frozen=True)
class Record:
    """A JSON object with exactly the given keys, used for meld objects and the like."""

    name: str
    keys: Mapping[str, Kind] = field(default_factory=dict)

    def describe(self) -> str:
        return f"{self.name} object"

    def check(self, value: Any, ctx: Context) -> str | None:
        if not isinstance(value, dict) or set(value) != set(self.keys):
            return problem(
                "games",
                "wrong_keys",
                "must be an object with exactly the keys %(keys)s",
                keys=", ".join(self.keys),
            )
        for key, kind in self.keys.items():
            broken = kind.check(value[key], ctx)
            if broken:
                return problem(
                    "games", code_of(broken, "invalid_value"), "%(key)s %(problem)s", key=key, problem=broken
                )
        return None

    def schema(self) -> dict[str, Any]:
        return {
            "type": "object",
            "properties": {k: v.schema() for k, v in self.keys.items()},
            "required": list(self.keys),
            "additionalProperties": False,
        }


@dataclass(frozen=True)
class Variants:
    """An object told apart by one key (``{"meld": "tierce", ...}`` vs ``{"meld": "carre", ...}``)."""

    tag: str
    records: Mapping[str, Record]

    def describe(self) -> str:
        return f"object with {self.tag} " + ", ".join(_show(k) for k in self.records)

    def check(self, value: Any, ctx: Context) -> str | None:
        if (
            not isinstance(value, dict)
            or not isinstance(value.get(self.tag), str)
            or value[self.tag] not in self.records
        ):
            return problem(
                "games",
                "wrong_kind",
                "must be an object whose %(tag)s is one of %(values)s",
                tag=self.tag,
                values=", ".join(_show(k) for k in self.records),
            )
        return self.records[value[self.tag]].check(value, ctx)

    def schema(self) -> dict[str, Any]:
        return {"oneOf": [r.schema() for r in self.records.values()]}
