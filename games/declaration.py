"""The one declaration of a game's deal entry and options, and the generic checks that run it.

A :class:`Field` pairs a value kind with the validation rules of its game page, in the order the
page lists them. :func:`validate_entry` applies docs/games/README.md §5: the entry must be an object, unknown
keys fail first, then fields in declared order, then within a field its kind and its rules; the
first failure is reported. Cross-field rules belong to the field that the rule names in the error.

An :class:`Option` declares one club variant: its kind, default and effect. Presets are plain
mappings on the game class. A :class:`Variant` declares a club variant that changes more than a
number: the :class:`TableShape` of its table, its own entry fields, its own declaration of some
options. A :class:`When` names the option values under which a field is in
play (Klaverjas's ``kraak`` only while ``kraken`` is on): out of play the field is still accepted,
but only with its neutral value, so that an entry written for the plain game stays valid.

Every field and option has two audiences. The API, the JSON Schema and the command line know it by
its ``name`` and describe it with ``help``, which may speak of keys and JSON values. A page shows its
``label`` (words, required of every declaration) and its ``page_help()``: the ``hint`` written for a
player or an organizer where ``help`` speaks JSON, else ``help`` itself. A value's words are its
kind's (``Choice.labels``), for options as for fields.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from games.errors import GameError
from games.terms import code_of, problem
from games.values import Choice, Context, Kind

#: A rule looks at the value (and the entry and match through the context); it returns the
#: broken rule as a sentence, or ``None``.
Check = Callable[[Any, "EntryContext"], str | None]


class _Missing:
    """Marks "no default": the field is absent from the normalized entry."""

    def __repr__(self) -> str:
        return "MISSING"


MISSING: Any = _Missing()


@dataclass(frozen=True)
class When:
    """Option values under which something is in play: ``When("kraken", ("whole_score", "card_points"))``."""

    option: str
    values: tuple[Any, ...]

    def holds(self, options: Mapping[str, Any]) -> bool:
        """Whether the effective ``options`` have one of the values (``True`` is not ``1``)."""
        value = options.get(self.option)
        return any(type(value) is type(v) and value == v for v in self.values)

    def text(self) -> str:
        """The condition in words, for the docs and the rule sentences."""
        return f"`{self.option}` is " + " or ".join(_json_text(v) for v in self.values)

    def as_json(self) -> dict[str, Any]:
        """The condition as the schema and the API show it."""
        return {self.option: list(self.values)}


@dataclass(frozen=True)
class Rule:
    """One clause of a field's validation, with the sentence the docs print for it."""

    text: str
    check: Check
    #: The fixed sum this rule requires of a per-side map's values, if it is one (a form then fills
    #: in the second of two numbers from the first): a number, or what the match makes it (its
    #: options, its state before the deal: Jo-Jotte's ``trick_points_total``) and, with
    #: ``follows``, the entry's field of that name (Coinche's card points: 162 in a suit contract,
    #: 130 or 258 at no-trump or all-trump on Parlett's scale).
    total: int | Callable[[EntryContext], int] | None = None
    #: The one field of the entry the ``total`` reads, if it reads one (a choice: a form looks up
    #: the total of each of its values, and fills in again when it changes).
    follows: str | None = None


@dataclass(frozen=True)
class FixedSum:
    """What a per-side map adds up to in one match, as a form needs it: ``default`` while nothing
    of the entry is given, and, when the sum follows a choice (``follows``), the sum under each of
    its values (``by_value``)."""

    default: int
    follows: str | None = None
    by_value: Mapping[Any, int] = field(default_factory=dict)


def fixed_sum(declared: Field, fields: Sequence[Field], ctx: EntryContext) -> FixedSum | None:
    """The fixed sum of ``declared``'s values in the match of ``ctx`` (the next deal's context,
    nothing entered yet), if one of its rules sets one; ``None`` otherwise."""
    rule = next((rule for rule in declared.rules if rule.total is not None), None)
    if rule is None or rule.total is None:
        return None
    if isinstance(rule.total, int):
        return FixedSum(rule.total)
    default = rule.total(ctx)
    followed = next((f for f in fields if f.name == rule.follows), None)
    if followed is None or not isinstance(followed.kind, Choice):
        return FixedSum(default)
    by_value = {
        value: rule.total(replace(ctx, clean={followed.name: value})) for value in followed.kind.values
    }
    return FixedSum(default, followed.name, by_value)


@dataclass(frozen=True)
class Field:
    """One key of a deal entry."""

    name: str
    kind: Kind
    help: str
    required: bool | Callable[[Mapping[str, Any]], bool] = True
    required_text: str | None = None
    nullable: bool = False
    default: Any = MISSING
    rules: tuple[Rule, ...] = ()
    #: Set for a field that an option brings into play; out of play only ``neutral`` is accepted.
    when: When | None = None
    #: The value that means "nothing of this happened" (``[]``, ``"none"``); ``default`` if unset.
    neutral: Any = MISSING
    #: Set for a field accepted whatever the options but worth asking only under some (Coinche's
    #: ``capot_alone`` matters only to a générale): the form leaves it out otherwise.
    asked_when: When | None = None
    #: What the page calls the field, in words ("Card points"); the API keeps ``name``.
    label: str = field(kw_only=True)
    #: The page's help when ``help`` (the schema's description) is written in keys and JSON.
    hint: str | None = field(default=None, kw_only=True)

    def page_help(self) -> str:
        """The help a page shows beside the field."""
        return self.hint if self.hint is not None else self.help

    def in_play(self, options: Mapping[str, Any]) -> bool:
        """Whether the field is in play under the effective ``options``."""
        return self.when is None or self.when.holds(options)

    def asked(self, options: Mapping[str, Any]) -> bool:
        """Whether a table is asked for the field under ``options``: in play, and worth asking."""
        return self.in_play(options) and (self.asked_when is None or self.asked_when.holds(options))

    def neutral_value(self) -> Any:
        """The one value accepted while the field is out of play."""
        return self.default if self.neutral is MISSING else self.neutral

    def is_required(self, raw: Mapping[str, Any]) -> bool:
        """Whether the field must be present in this raw entry."""
        return self.required(raw) if callable(self.required) else self.required

    def required_label(self) -> str:
        """The "Required" column of the docs table."""
        if self.required_text:
            return self.required_text
        if callable(self.required):
            label = "depends"
        elif self.required:
            label = "yes (may be null)" if self.nullable else "yes"
        else:
            label = "no" if self.default is MISSING else f"no (default {_json_text(self.default)})"
        if self.when is not None:
            label += f"; in play when {self.when.text()}, else only {_json_text(self.neutral_value())}"
        return label

    def schema(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """JSON Schema of this field's value, with its help text; under ``options`` that leave the
        field out of play, its neutral value only."""
        if options is not None and not self.in_play(options):
            return {"const": self.neutral_value(), "description": self.help}
        base = self.kind.schema()
        if self.nullable:
            base = {"anyOf": [base, {"type": "null"}]}
        return {**base, "description": self.help}


@dataclass(frozen=True)
class Option:
    """One variant a club may switch on."""

    name: str
    kind: Kind
    default: Any
    help: str
    nullable: bool = False
    default_text: str | None = None
    #: What the page calls the option, in words ("Contract made when"); the API keeps ``name``.
    label: str = field(kw_only=True)
    #: The page's help when ``help`` (the schema's description) is written in keys and JSON.
    hint: str | None = field(default=None, kw_only=True)

    def page_help(self) -> str:
        """The help a page shows beside the option."""
        return self.hint if self.hint is not None else self.help

    def default_for(self, sides: tuple[str, ...]) -> Any:
        """The default, which may depend on the sides (``first_dealer`` is ``sides[0]``)."""
        return self.default(sides) if callable(self.default) else self.default

    def check(self, value: Any, ctx: Context) -> str | None:
        """The rule ``value`` breaks, or ``None``."""
        if value is None:
            return None if self.nullable else problem("games", "not_nullable", "must not be null")
        return self.kind.check(value, ctx)

    def schema(self) -> dict[str, Any]:
        """JSON Schema of the option's value."""
        base = self.kind.schema()
        if self.nullable:
            base = {"anyOf": [base, {"type": "null"}]}
        out = {**base, "description": self.help}
        if not callable(self.default):
            out["default"] = self.default
        return out

    def default_label(self) -> str:
        """The "Default" column of the docs table."""
        if self.default_text:
            return self.default_text
        return _json_text(self.default)


def _json_text(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "[" + ", ".join(_json_text(v) for v in value) + "]"
    return str(value)


@dataclass(frozen=True)
class TableShape:
    """Who sits at the table: the seats, how many sides the match lists, and whether the sides are
    partnerships (seat ``i`` on side ``i % 2``) or one player each (README §2)."""

    seats: int
    min_sides: int
    max_sides: int
    partnerships: bool

    def as_json(self) -> dict[str, Any]:
        """The shape as ``python -m games list`` and the API show it."""
        return {
            "seats": self.seats,
            "sides": {"min": self.min_sides, "max": self.max_sides},
            "partnerships": self.partnerships,
        }


@dataclass(frozen=True)
class Variant:
    """A club variant that changes more than a number: under ``when`` the table has ``shape``,
    the entry is ``fields``, and ``options`` replace the declarations of the same names (each
    left ``None`` or empty where the default stands)."""

    when: When
    shape: TableShape | None = None
    fields: tuple[Field, ...] | None = None
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class EntryContext:
    """What a rule may look at: the match, its state before this deal, and the raw entry."""

    sides: tuple[str, ...]
    options: Mapping[str, Any]
    state: Any
    raw: Mapping[str, Any]
    clean: dict[str, Any]

    def has(self, name: str) -> bool:
        """Whether the entry gave ``name`` at all (explicit ``null`` counts)."""
        return name in self.raw


def validate_entry(
    fields: tuple[Field, ...],
    raw: Any,
    *,
    sides: tuple[str, ...],
    options: Mapping[str, Any],
    state: Any,
) -> dict[str, Any]:
    """Check ``raw`` against ``fields`` (docs/games/README.md §5) and return it with defaults filled in.

    Raises :class:`GameError` (without a deal index; the caller adds it) at the first failure.
    """
    if not isinstance(raw, dict):
        raise GameError(None, problem("games", "not_an_object", "a deal entry must be a JSON object"))
    names = {f.name for f in fields}
    for key in raw:
        if key not in names:
            raise GameError(
                str(key),
                problem("games", "unknown_field", "%(key)s is not a field of this game", key=repr(key)),
            )
    clean: dict[str, Any] = {}
    ctx = EntryContext(sides=sides, options=options, state=state, raw=raw, clean=clean)
    for f in fields:
        if f.name not in raw:
            if f.is_required(raw):
                raise GameError(f.name, problem("games", "required", "%(field)s is required", field=f.name))
            if f.default is not MISSING:
                clean[f.name] = f.default
            continue
        value = raw[f.name]
        if value is None:
            if not f.nullable:
                raise GameError(
                    f.name, problem("games", "not_nullable", "%(field)s may not be null", field=f.name)
                )
        else:
            broken = f.kind.check(value, ctx)
            if broken:
                raise GameError(
                    f.name,
                    problem(
                        "games",
                        code_of(broken, "invalid_value"),
                        "%(field)s %(problem)s",
                        field=f.name,
                        problem=broken,
                    ),
                )
        if f.when is not None and not f.when.holds(options) and value != f.neutral_value():
            raise GameError(
                f.name,
                problem(
                    "games",
                    "out_of_play",
                    "%(field)s is only entered when %(condition)s; with these options it may only be %(neutral)s",
                    field=f.name,
                    condition=f.when.text().replace("`", ""),
                    neutral=_json_text(f.neutral_value()),
                ),
            )
        clean[f.name] = value
        for rule in f.rules:
            broken = rule.check(value, ctx)
            if broken:
                raise GameError(f.name, broken)
    return clean
