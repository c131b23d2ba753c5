"""The game contract: a rules class per game (the match state it replays into is in match.py).

A game subclasses :class:`Game` and declares its identity, its entry ``fields``, its ``options``
and ``presets``; it implements :meth:`Game.start`, :meth:`Game.score` and :meth:`Game.result`, and
overrides the dealer, ``next_deal``, structure and display hooks (``facts``, ``deal_notes``) where
its rules say so. Everything else here is shared: side checks, option resolution
(docs/games/README.md §4), dealer rotation, and who sits where (``seating``, from seats.py).

The class attributes describe the game as its defaults play it. A club variant that changes the
table or the whole entry (six-handed Auction Forty-Five, individual Back Alley) is a
:class:`Variant`: under its option values the game answers with another :class:`TableShape`,
other entry fields and other declarations of some options. Everything that depends on the shape
asks the game with the match's options (:meth:`Game.table_shape`, :meth:`Game.entry_fields`,
:meth:`Game.options_in_force`, :meth:`Game.seating`), never the class attributes.

What this module does not do: know any game's rules, or touch Django.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import Any, ClassVar, Generic, TypeVar

from games.common import best
from games.declaration import Field, Option, TableShape, Variant, When
from games.errors import OptionError, SidesError
from games.facts import Facts, Tally
from games.match import Dealer, DealRecord, DealScore, MatchState, Result, Table
from games.seats import Seating, seat
from games.snapshot import SnapshotError, load_state
from games.terms import code_of, problem, term
from games.values import Choice, SideRef, is_int

S = TypeVar("S")


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
    #: Each preset's name in words, for the pages (``ffb``: "FFB, Fédération Française de Belote").
    preset_names: ClassVar[Mapping[str, str]] = {}
    #: The game's own words and what they mean, for its page's glossary: each a ``term`` of the
    #: game's context, the word itself left as the players say it (*nat*, *capot*).
    glossary: ClassVar[tuple[tuple[str, str], ...]] = ()
    #: A game with both ``target`` and ``deals`` options whose ``deals`` is null (not in use) while
    #: a target is set; ``deals: null`` is then accepted next to a target as "not given" (docs/games/README.md §4).
    deals_off_under_target: ClassVar[bool] = False
    #: Variants that change the table, the entry or an option's declaration; the first that holds
    #: under the effective options is in force.
    variants: ClassVar[tuple[Variant, ...]] = ()
    #: The family whose players share one rating (``""``: the game's own ``key``). Variants of one
    #: game (presets, options) share it anyway; a separate game that is a variant of another names
    #: the other's key (Auction Forty-Five is rated with Forty-Five).
    family: ClassVar[str] = ""

    # -- declaration helpers -------------------------------------------------------------

    @classmethod
    def seats(cls) -> int:
        """Seats at the table under the default options: 4 in partnership games, else one per side."""
        return 4 if cls.partnerships else cls.max_sides

    @classmethod
    def variant(cls, options: Mapping[str, Any]) -> Variant | None:
        """The variant in force under the effective ``options``, if any."""
        for variant in cls.variants:
            if variant.when.holds(options):
                return variant
        return None

    @classmethod
    def rating_family(cls) -> str:
        """The key players of this game are rated under (see ``family``)."""
        return cls.family or cls.key

    @classmethod
    def table_shape(cls, options: Mapping[str, Any] | None = None) -> TableShape:
        """The table under the effective ``options`` (the default table when ``None``)."""
        variant = None if options is None else cls.variant(options)
        if variant is not None and variant.shape is not None:
            return variant.shape
        return TableShape(cls.seats(), cls.min_sides, cls.max_sides, cls.partnerships)

    @classmethod
    def seating(
        cls, options: Mapping[str, Any] | None, sides: Sequence[str], players: Sequence[str] = ()
    ) -> Seating:
        """Who sits where in a match with these effective ``options`` and ``sides``: each seat's
        compass name, player (``players`` in seat order, for a partnership table) and side."""
        return seat(cls.table_shape(options), sides, players)

    @classmethod
    def table_shapes(cls) -> tuple[tuple[When | None, TableShape], ...]:
        """Every table the game can have, the default first, each with the condition that sets it."""
        shapes: list[tuple[When | None, TableShape]] = [(None, cls.table_shape())]
        shapes += [(v.when, v.shape) for v in cls.variants if v.shape is not None]
        return tuple(shapes)

    @classmethod
    def entry_shape(cls, options: Mapping[str, Any]) -> tuple[Field, ...]:
        """Every field an entry may hold under ``options``, those out of play included (they are
        accepted with their neutral value only): what validation checks."""
        variant = cls.variant(options)
        if variant is not None and variant.fields is not None:
            return variant.fields
        return cls.fields

    @classmethod
    def entry_fields(cls, options: Mapping[str, Any]) -> tuple[Field, ...]:
        """The fields a table is asked for under ``options`` (in play, and worth asking): what the
        form shows."""
        return tuple(f for f in cls.entry_shape(options) if f.asked(options))

    @classmethod
    def entry_shapes(cls) -> tuple[tuple[When | None, tuple[Field, ...]], ...]:
        """Every entry the game can take, the default first, each with the condition that sets it."""
        shapes: list[tuple[When | None, tuple[Field, ...]]] = [(None, cls.fields)]
        shapes += [(v.when, v.fields) for v in cls.variants if v.fields is not None]
        return tuple(shapes)

    @classmethod
    def options_in_force(cls, options: Mapping[str, Any]) -> tuple[Option, ...]:
        """The option declarations under ``options``: a variant may declare some differently
        (``first_dealer`` as a side name in individual Back Alley)."""
        variant = cls.variant(options)
        if variant is None or not variant.options:
            return cls.all_options()
        replaced = {o.name: o for o in variant.options}
        return tuple(replaced.get(o.name, o) for o in cls.all_options())

    @classmethod
    def option(cls, name: str) -> Option:
        """The declaration of option ``name``."""
        for opt in cls.all_options():
            if opt.name == name:
                return opt
        raise KeyError(name)

    @classmethod
    def preset_name(cls, preset: str) -> str:
        """The preset as the pages name it (its key when the game gives it no name)."""
        return cls.preset_names.get(preset, preset)

    @classmethod
    def all_options(cls) -> tuple[Option, ...]:
        """The declared options, with ``preset`` first when the game has presets."""
        if not cls.presets:
            return cls.options
        preset = Option(
            "preset",
            Choice(tuple(cls.presets), labels=tuple((name, cls.preset_name(name)) for name in cls.presets)),
            cls.default_preset,
            term("games", "A named set of option values that belong together (see the preset table)."),
            label=term("games", "Rules"),
            hint=term(
                "games", "A set of house rules that belong together; the options below change single rules."
            ),
        )
        return (preset, *cls.options)

    @staticmethod
    def first_dealer_option() -> Option:
        """``first_dealer`` of an individual game: a side name, ``sides[0]`` by default (docs/games/README.md §2).

        Partnership games declare theirs as a seat number: ``Option("first_dealer", Seat(), 0, ..., label=...)``.
        The options are resolved before the number of sides is checked, so an empty list has no
        default here; the side check then refuses it.
        """
        return Option(
            "first_dealer",
            SideRef(),
            lambda sides: sides[0] if sides else None,
            term("games", "Who deals the first deal."),
            default_text="sides[0]",
            label=term("games", "First dealer"),
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
            raise OptionError(
                "deals", problem("games", "target_and_deals", "give either target or deals, not both")
            )

    def dealer(self, table: Table, state: S, index: int) -> Dealer:
        """Who deals entry ``index``: by default the next seat or side after every entry."""
        first = table.options["first_dealer"]
        shape = table.shape or self.table_shape(table.options)
        if shape.partnerships:
            return (int(first) + index) % shape.seats
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

    def facts(self, table: Table, state: S, deals: tuple[DealRecord, ...], result: Result) -> Facts:
        """What is worth showing of the match besides its totals and deals (games/facts.py): by
        default the target or the number of deals its options set the match."""
        target, count = table.options.get("target"), table.options.get("deals")
        return Facts(target=target if is_int(target) else None, deals=count if is_int(count) else None)

    def counted_deals(self, table: Table, state: S, deals: int) -> int:
        """How many of the ``deals`` entries so far count toward a number of deals (a tournament's
        "deals:M" cut, too): all of them, unless the game's dead deals do not count (Belote)."""
        return deals

    def tally(self, table: Table, result: Result) -> Tally | None:
        """What decides the match when its total does not (JAM's rubbers won in a best of
        three), read from the match's ``result``; ``None`` when the best total decides."""
        return None

    def deal_notes(self, table: Table, record: DealRecord) -> tuple[str, ...]:
        """A few words about one deal worth showing beside its scores ("made", "13 cards")."""
        return ()

    # -- shared machinery -------------------------------------------------------------------

    @staticmethod
    def check_side_names(sides: Any) -> tuple[str, ...]:
        """docs/games/README.md §3: a list of non-empty, unique names (their number is checked once the options
        are known, since a variant may change it)."""
        if not isinstance(sides, list) or not all(isinstance(s, str) for s in sides):
            raise SidesError(problem("games", "sides_not_a_list", "sides must be a list of names"))
        if any(not s.strip() for s in sides):
            raise SidesError(problem("games", "empty_side_name", "side names must not be empty"))
        if len(set(sides)) != len(sides):
            raise SidesError(problem("games", "repeated_side_name", "side names must be unique"))
        return tuple(sides)

    def check_side_count(self, sides: tuple[str, ...], options: Mapping[str, Any] | None = None) -> None:
        """As many sides as the table under the effective ``options`` has."""
        shape = self.table_shape(options)
        if not shape.min_sides <= len(sides) <= shape.max_sides:
            if shape.min_sides == shape.max_sides:
                wrong = problem(
                    "games",
                    "wrong_side_count",
                    "%(game)s needs %(count)s sides, not %(given)s",
                    game=self.name,
                    count=shape.min_sides,
                    given=len(sides),
                )
            else:
                wrong = problem(
                    "games",
                    "wrong_side_count",
                    "%(game)s needs %(low)s to %(high)s sides, not %(given)s",
                    game=self.name,
                    low=shape.min_sides,
                    high=shape.max_sides,
                    given=len(sides),
                )
            raise SidesError(wrong)

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
                raise OptionError(
                    "options", problem("games", "options_not_an_object", "options must be a JSON object")
                )
            layers.append(layer)
        declared = {opt.name: opt for opt in self.all_options()}
        for layer in layers:
            for name in layer:
                if name not in declared:
                    raise OptionError(
                        str(name),
                        problem(
                            "games",
                            "unknown_option",
                            "%(name)s is not an option of %(game)s",
                            name=repr(name),
                            game=self.name,
                        ),
                    )
        probe = Table(sides=sides, options={})
        chosen: dict[str, Any] = {}
        if self.presets:
            preset = self.default_preset
            for layer in layers:
                preset = layer.get("preset", preset)
            broken = declared["preset"].check(preset, probe)
            if broken:
                raise OptionError(
                    "preset",
                    problem("games", code_of(broken, "invalid_option"), "preset %(problem)s", problem=broken),
                )
            chosen.update(self.presets[str(preset)])
            chosen["preset"] = preset
        given: dict[str, Any] = {}
        for layer in layers:
            given.update({k: v for k, v in layer.items() if k != "preset"})
        # A variant may declare an option differently (its kind, its default): the declarations
        # in force follow from the values chosen, each checked below against its own kind.
        in_force = self.options_in_force(
            {**{o.name: o.default for o in declared.values()}, **chosen, **given}
        )
        effective = {opt.name: opt.default_for(sides) for opt in in_force}
        effective.update(chosen)
        # docs/games/README.md §4: with both a target and a number of deals, the target (when set) ends the
        # match; an explicit null does not count as given, and deals is null while a target is
        # in force, so that the echoed options can be scored again (docs/games/README.md §6).
        target_set = self.deals_off_under_target and given.get("target") is not None
        if target_set and "deals" in given and given["deals"] is None:
            del given["deals"]
        for opt in in_force:
            if opt.name in given:
                broken = opt.check(given[opt.name], probe)
                if broken:
                    raise OptionError(
                        opt.name,
                        problem(
                            "games",
                            code_of(broken, "invalid_option"),
                            "%(option)s %(problem)s",
                            option=opt.name,
                            problem=broken,
                        ),
                    )
        effective.update(given)
        if target_set and "deals" not in given:
            effective["deals"] = None
        table = Table(
            sides, MappingProxyType(effective), self.table_shape(effective), self.entry_shape(effective)
        )
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
        checked = self.check_side_names(sides)
        table = self.resolve_options(checked, options, overrides)
        self.check_side_count(checked, table.options)
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

    def resume(
        self,
        options: Any,
        sides: Any,
        document: Mapping[str, Any],
        snapshot: Mapping[str, Any],
        overrides: Mapping[str, Any] | None = None,
        deal_limit: int | None = None,
        annotations: frozenset[str] = frozenset(),
    ) -> MatchState[S]:
        """The match its replay would give, rebuilt from what was kept of it: its output document
        (``MatchState.as_json``) and ``MatchState.snapshot()``. Playing on from here is playing on
        from the replay (``tests/games/test_resume.py``); a write that appends a deal resumes, so
        its cost does not grow with the match. ``annotations``: the keys the caller added to each
        ``deals[k]`` object, not the game's (its ``as_json`` gives them back as stored). A document
        or snapshot of another shape raises :class:`~games.snapshot.SnapshotError` (the caller
        replays instead)."""
        empty = self.new_match(sides, options, overrides, deal_limit)
        try:
            deals = tuple(
                DealRecord.from_json(doc, entry, annotations)
                for doc, entry in zip(document["deals"], snapshot["entries"], strict=True)
            )
            totals = MappingProxyType({side: int(document["totals"][side]) for side in empty.table.sides})
            outcome = document["outcome"]
        except (KeyError, TypeError, ValueError) as error:
            raise SnapshotError("the stored match does not fit its snapshot") from error
        return replace(
            empty,
            deals=deals,
            totals=totals,
            state=load_state(type(self), snapshot["state"]),
            result=Result.from_json(outcome),
        )
