"""The game contract: a rules class per game, and the immutable match state it replays into.

A game subclasses :class:`Game` and declares its identity, its entry ``fields``, its ``options``
and ``presets``; it implements :meth:`Game.start`, :meth:`Game.score` and :meth:`Game.result`, and
overrides the dealer, ``next_deal`` and structure hooks where its spec says so. Everything else
here is shared: side checks, option resolution (docs/games/README.md §4), the after-the-end check, entry
validation, dealer rotation, running totals and the output document (docs/games/README.md §6).

What this module does not do: know any game's rules, or touch Django.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

from games.common import best
from games.declaration import Field, Option, validate_entry
from games.errors import GameError, IllegalDealError, OptionError, SidesError
from games.values import Choice, SideRef

S = TypeVar("S")

Dealer = int | str


@dataclass(frozen=True)
class Table:
    """The fixed facts of one match: its sides and effective options."""

    sides: tuple[str, ...]
    options: Mapping[str, Any]


@dataclass(frozen=True)
class DealScore:
    """What one deal scored: points per side, the rules applied in words, and game-specific keys."""

    scores: Mapping[str, int]
    breakdown: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Result:
    """Where a match stands after a deal: ``finished``, the ``winner`` (or ``None``), and extras."""

    finished: bool
    winner: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def draw(self) -> bool:
        """A finished match without a winner."""
        return self.finished and self.winner is None


@dataclass(frozen=True)
class DealRecord:
    """One scored deal in a match, as it appears in the output."""

    number: int
    dealer: Dealer
    entry: Mapping[str, Any]
    score: DealScore
    running_totals: Mapping[str, int]

    def as_json(self) -> dict[str, Any]:
        """The ``deals[k]`` object of docs/games/README.md §6."""
        out: dict[str, Any] = {
            "number": self.number,
            "dealer": self.dealer,
            "scores": dict(self.score.scores),
            "breakdown": list(self.score.breakdown),
            "running_totals": dict(self.running_totals),
        }
        out.update(self.score.extra)
        if self.score.warnings:
            out["warnings"] = list(self.score.warnings)
        return out


class Game(ABC, Generic[S]):
    """A rules class. Subclasses declare the class attributes and implement the three hooks."""

    key: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    aliases: ClassVar[tuple[str, ...]] = ()
    min_sides: ClassVar[int] = 2
    max_sides: ClassVar[int] = 2
    partnerships: ClassVar[bool] = False
    fields: ClassVar[tuple[Field, ...]]
    options: ClassVar[tuple[Option, ...]]
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    default_preset: ClassVar[str | None] = None
    #: A game with both ``target`` and ``deals`` options whose ``deals`` is null (not in use) while
    #: a target is set; ``deals: null`` is then accepted next to a target as "not given" (docs/games/README.md §4).
    deals_off_under_target: ClassVar[bool] = False

    # -- declaration helpers -------------------------------------------------------------

    @classmethod
    def seats(cls) -> int:
        """Seats at the table: 4 in partnership games, else one per side."""
        return 4 if cls.partnerships else cls.max_sides

    @classmethod
    def option(cls, name: str) -> Option:
        """The declaration of option ``name``."""
        for opt in cls.all_options():
            if opt.name == name:
                return opt
        raise KeyError(name)

    @classmethod
    def all_options(cls) -> tuple[Option, ...]:
        """The declared options, with ``preset`` first when the game has presets."""
        if not cls.presets:
            return cls.options
        preset = Option(
            "preset",
            Choice(tuple(cls.presets)),
            cls.default_preset,
            "A named set of option values that belong together (see the preset table).",
        )
        return (preset, *cls.options)

    @staticmethod
    def first_dealer_option() -> Option:
        """``first_dealer`` of an individual game: a side name, ``sides[0]`` by default (docs/games/README.md §2).

        Partnership games declare theirs as a seat number: ``Option("first_dealer", Seat(), 0, ...)``.
        """
        return Option(
            "first_dealer",
            SideRef(),
            lambda sides: sides[0],
            "Who deals the first deal.",
            default_text="sides[0]",
        )

    # -- the rules: implemented by each game ------------------------------------------------

    @abstractmethod
    def start(self, table: Table) -> S:
        """The game-specific state before the first deal."""

    @abstractmethod
    def score(
        self, table: Table, state: S, entry: Mapping[str, Any], totals: Mapping[str, int]
    ) -> tuple[DealScore, S]:
        """Score one validated entry in the context of the match so far; return the new state."""

    @abstractmethod
    def result(self, table: Table, state: S, totals: Mapping[str, int], deals: int) -> Result:
        """Whether the match has ended after ``deals`` entries, and who won."""

    # -- hooks with defaults ---------------------------------------------------------------

    def check_options(self, table: Table, given: Mapping[str, Any]) -> None:
        """Cross-option rules; ``given`` holds the options set explicitly (not by default)."""
        if (
            "target" in given
            and "deals" in given
            and given["target"] is not None
            and given["deals"] is not None
        ):
            raise OptionError("deals", "give either target or deals, not both")

    def dealer(self, table: Table, state: S, index: int) -> Dealer:
        """Who deals entry ``index``: by default the next seat or side after every entry."""
        first = table.options["first_dealer"]
        if self.partnerships:
            return (int(first) + index) % 4
        start = table.sides.index(first)
        return table.sides[(start + index) % len(table.sides)]

    def next_deal(self, table: Table, state: S, dealer: Dealer) -> dict[str, Any]:
        """What the table needs before dealing the next deal (docs/games/README.md §6)."""
        return {"dealer": dealer}

    def leader(self, table: Table, state: S, totals: Mapping[str, int]) -> str | None:
        """The side best placed now (``None`` when tied): who wins a match cut after a fixed
        number of deals by a tournament's match format."""
        return best(totals)

    def structure(self, table: Table, state: S) -> dict[str, Any]:
        """Top-level output keys of the game's own structure (rubbers, games, pot, ...)."""
        return {}

    def entry_context(self, table: Table, state: S, totals: Mapping[str, int], index: int) -> Any:
        """What entry rules see as ``ctx.state``; the game state unless a game needs more."""
        return state

    # -- shared machinery -------------------------------------------------------------------

    def check_sides(self, sides: Any) -> tuple[str, ...]:
        """docs/games/README.md §2: the right count of non-empty, unique names."""
        if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
            raise SidesError("sides must be a list of names")
        if not self.min_sides <= len(sides) <= self.max_sides:
            count = (
                str(self.min_sides)
                if self.min_sides == self.max_sides
                else f"{self.min_sides} to {self.max_sides}"
            )
            raise SidesError(f"{self.name} needs {count} sides, not {len(sides)}")
        if any(not s.strip() for s in sides):
            raise SidesError("side names must not be empty")
        if len(set(sides)) != len(sides):
            raise SidesError("side names must be unique")
        return tuple(sides)

    def resolve_options(
        self,
        sides: tuple[str, ...],
        match_options: Any = None,
        overrides: Mapping[str, Any] | None = None,
    ) -> Table:
        """Build the effective options in docs/games/README.md §4's order and check each value."""
        layers: list[Mapping[str, Any]] = []
        for layer in (match_options, overrides):
            if layer is None:
                continue
            if not isinstance(layer, dict):
                raise OptionError("options", "options must be a JSON object")
            layers.append(layer)
        declared = {opt.name: opt for opt in self.all_options()}
        for layer in layers:
            for name in layer:
                if name not in declared:
                    raise OptionError(str(name), f"{name!r} is not an option of {self.name}")
        probe = Table(sides=sides, options={})
        effective = {opt.name: opt.default_for(sides) for opt in self.all_options()}
        if self.presets:
            preset = self.default_preset
            for layer in layers:
                preset = layer.get("preset", preset)
            problem = declared["preset"].check(preset, probe)
            if problem:
                raise OptionError("preset", f"preset {problem}")
            effective.update(self.presets[str(preset)])
            effective["preset"] = preset
        given: dict[str, Any] = {}
        for layer in layers:
            given.update({k: v for k, v in layer.items() if k != "preset"})
        # docs/games/README.md §4: with both a target and a number of deals, the target (when set) ends the
        # match; an explicit null does not count as given, and deals is null while a target is
        # in force, so that the echoed options can be scored again (docs/games/README.md §6).
        target_set = self.deals_off_under_target and given.get("target") is not None
        if target_set and "deals" in given and given["deals"] is None:
            del given["deals"]
        for opt in self.all_options():
            if opt.name in given:
                problem = opt.check(given[opt.name], probe)
                if problem:
                    raise OptionError(opt.name, f"{opt.name} {problem}")
        effective.update(given)
        if target_set and "deals" not in given:
            effective["deals"] = None
        table = Table(sides=sides, options=MappingProxyType(effective))
        self.check_options(table, given)
        return table

    def new_match(
        self,
        sides: Any,
        options: Any = None,
        overrides: Mapping[str, Any] | None = None,
        deal_limit: int | None = None,
    ) -> MatchState[S]:
        """An empty match, after checking the sides and options.

        ``deal_limit`` cuts the match after that many deals whatever the game's own end (a
        tournament's "fixed number of deals" format); the best total then wins.
        """
        checked = self.check_sides(sides)
        table = self.resolve_options(checked, options, overrides)
        state = self.start(table)
        totals = MappingProxyType(dict.fromkeys(checked, 0))
        result = self.result(table, state, totals, 0)
        return MatchState(self, table, (), totals, state, result, deal_limit)

    def replay(
        self,
        options: Any,
        sides: Any,
        entries: Iterable[Any],
        overrides: Mapping[str, Any] | None = None,
        deal_limit: int | None = None,
    ) -> MatchState[S]:
        """The match after every entry, in order; the first bad entry raises with its index."""
        return self.new_match(sides, options, overrides, deal_limit).play_all(entries)


@dataclass(frozen=True)
class MatchState(Generic[S]):
    """A match after some deals. Immutable: :meth:`play` returns a new state."""

    game: Game[S]
    table: Table
    deals: tuple[DealRecord, ...]
    totals: Mapping[str, int]
    state: S
    result: Result
    deal_limit: int | None = None

    @property
    def finished(self) -> bool:
        """Whether the match has ended."""
        return self.result.finished

    def outcome(self) -> Result | None:
        """The result once the match has ended, else ``None``."""
        return self.result if self.result.finished else None

    def next_dealer(self) -> Dealer | None:
        """Who deals next, or ``None`` once the match has finished."""
        if self.finished:
            return None
        return self.game.dealer(self.table, self.state, len(self.deals))

    def validate(self, raw: Any) -> dict[str, Any]:
        """Check one entry in the context of this state; raises :class:`IllegalDealError`."""
        return _validate(self.game, self.table, self.state, self.totals, self.result, len(self.deals), raw)

    def play(self, raw: Any) -> MatchState[S]:
        """The match after one more entry."""
        return self.play_all((raw,))

    def play_all(self, entries: Iterable[Any]) -> MatchState[S]:
        """The match after the given entries, scored one by one; the first bad one raises."""
        game, table = self.game, self.table
        deals = list(self.deals)
        totals = dict(self.totals)
        state, result = self.state, self.result
        running: Mapping[str, int] = self.totals
        for raw in entries:
            index = len(deals)
            clean = _validate(game, table, state, running, result, index, raw)
            dealer = game.dealer(table, state, index)
            try:
                score, state = game.score(table, state, clean, running)
            except GameError as error:
                raise IllegalDealError(error.field, error.rule, index) from None
            for side in table.sides:
                totals[side] += score.scores.get(side, 0)
            running = MappingProxyType(dict(totals))
            deals.append(DealRecord(index + 1, dealer, MappingProxyType(clean), score, running))
            result = game.result(table, state, running, len(deals))
            if self.deal_limit is not None and not result.finished and len(deals) >= self.deal_limit:
                winner = game.leader(table, state, running)
                result = Result(True, winner, {**result.extra, "deal_limit": self.deal_limit})
        return replace(self, deals=tuple(deals), totals=running, state=state, result=result)

    def as_json(self) -> dict[str, Any]:
        """The output document of docs/games/README.md §6."""
        dealer = self.next_dealer()
        outcome: dict[str, Any] = {
            "finished": self.result.finished,
            "winner": self.result.winner,
            "draw": self.result.draw,
        }
        outcome.update(self.result.extra)
        doc: dict[str, Any] = {
            "game": self.game.key,
            "options": dict(self.table.options),
            "sides": list(self.table.sides),
            "deals": [d.as_json() for d in self.deals],
            "totals": dict(self.totals),
            "outcome": outcome,
            "next_dealer": dealer,
            "next_deal": None if dealer is None else self.game.next_deal(self.table, self.state, dealer),
        }
        doc.update(self.game.structure(self.table, self.state))
        return doc


def _validate(
    game: Game[S],
    table: Table,
    state: S,
    totals: Mapping[str, int],
    result: Result,
    index: int,
    raw: Any,
) -> dict[str, Any]:
    if result.finished:
        raise IllegalDealError(None, "the match is already finished", index)
    try:
        return validate_entry(
            game.fields,
            raw,
            sides=table.sides,
            options=table.options,
            state=game.entry_context(table, state, totals, index),
        )
    except GameError as error:
        raise IllegalDealError(error.field, error.rule, index) from None
