"""The event formats: what each one allows, and which engine draws its rounds (pure, no Django).

A tournament is played in one :class:`Format` by one :class:`EntrantKind` of entrant. Before round 1
the service asks this module whether the game fits the format (:func:`check_fit`), whether rounds
may be planned (:func:`check_rounds`), which extras apply (:func:`check_settings`, from the
:data:`SETTINGS` table), how many entrants are needed (:func:`field_minimum`) and how many rounds
there will be (:func:`planned_rounds`). A broken rule is a :class:`SetupError` naming the field.

Each round the service reads its rows into a :class:`DrawInput`; :func:`draw_round` calls the
engine of the format and returns its :class:`RoundDraw`. Brackets are rebuilt from their stored
seed order by :func:`build_bracket`.

What this module does not do: pair anyone itself (the engines of this package do), read rows, or
draw a random seed (the service records one; see :func:`draws_at_random`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from games import Game
from games.declaration import TableShape
from tournaments.pairing.base import Entrant, FirstRound, RoundDraw, Seating
from tournaments.pairing.bracket import Bracket
from tournaments.pairing.concours import ConcoursDraw, pair_concours
from tournaments.pairing.elimination import double_elimination, single_elimination
from tournaments.pairing.errors import PairingError, SetupError, gettext_noop
from tournaments.pairing.individual import draw_individual_round
from tournaments.pairing.match_format import FormatKind, MatchFormat
from tournaments.pairing.round_robin import round_robin_round, rounds_per_cycle
from tournaments.pairing.swiss import SwissPolicy, pair_swiss
from tournaments.pairing.tables import TableSizes, draw_tables, plan_tables


class Format(StrEnum):
    """How the rounds of an event are drawn."""

    SWISS = "swiss"
    ROUND_ROBIN = "round-robin"
    SINGLE_ELIMINATION = "single-elimination"
    DOUBLE_ELIMINATION = "double-elimination"
    TABLES = "tables"
    INDIVIDUAL = "individual"
    CONCOURS = "concours"

    @property
    def label(self) -> str:
        """The format as the pages name it."""
        return _FORMAT_LABELS[self]


class ConcoursRanking(StrEnum):
    """What ranks the teams of a concours (``docs/games/belote.md``, "Concours de belote")."""

    POINTS = "points"
    """The points marked over all parties, then fewer points conceded, then lots (the default)."""
    PARTIES_WON = "parties-won"
    """Parties won (a drawn partie and a sit-out half each), then the points as above."""


class EntrantKind(StrEnum):
    """Who enters: players on their own, or fixed partnerships."""

    INDIVIDUAL = "individual"
    PARTNERSHIP = "partnership"

    @property
    def label(self) -> str:
        return _ENTRANT_LABELS[self]


_FORMAT_LABELS = {
    Format.SWISS: "Swiss",
    Format.ROUND_ROBIN: "Round robin",
    Format.SINGLE_ELIMINATION: "Single elimination",
    Format.DOUBLE_ELIMINATION: "Double elimination",
    Format.TABLES: "Multi-seat tables",
    Format.INDIVIDUAL: "Individual (partners re-drawn)",
    Format.CONCOURS: "Concours (teams of two, parties of a number of deals)",
}
_ENTRANT_LABELS = {EntrantKind.INDIVIDUAL: "Individuals", EntrantKind.PARTNERSHIP: "Fixed partnerships"}


def choices(vocabulary: Iterable[Format | EntrantKind]) -> list[tuple[str, str]]:
    """``(value, label)`` pairs, for a model field's or a form field's ``choices``."""
    return [(member.value, member.label) for member in vocabulary]


BRACKETS = frozenset({Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION})
#: Formats whose rounds are drawn one at a time, so an entrant may join after round 1 (a late
#: arrival joins at the next round; the rounds it missed score the event's absent rule).
LATE_ENTRY = frozenset({Format.SWISS, Format.TABLES, Format.INDIVIDUAL, Format.CONCOURS})
#: The individual format re-draws partners over tables of four (``individual.py``).
INDIVIDUAL_SEATS = 4
#: Which extras apply to which formats.
SETTINGS: Mapping[str, frozenset[Format]] = {
    "first_round": frozenset({Format.SWISS, Format.TABLES}),
    "seed": frozenset(Format),
    "third_place": frozenset({Format.SINGLE_ELIMINATION}),
    "reset": frozenset({Format.DOUBLE_ELIMINATION}),
    "cycles": frozenset({Format.ROUND_ROBIN}),
    "table_size": frozenset({Format.TABLES}),
    "draw": frozenset({Format.CONCOURS}),
    "ranking": frozenset({Format.CONCOURS}),
}
#: A concours plays this many parties unless the organizer plans another number.
CONCOURS_PARTIES = 4
#: Each format's standings precedence, when the organizer gives none (a concours: by its ranking).
_PRECEDENCE: Mapping[str, tuple[str, ...]] = {
    Format.SWISS: ("match-points", "buchholz", "sonneborn-berger", "game-point-difference"),
    Format.ROUND_ROBIN: ("match-points", "head-to-head", "sonneborn-berger", "game-point-difference"),
    Format.SINGLE_ELIMINATION: ("match-points", "game-point-difference"),
    Format.DOUBLE_ELIMINATION: ("match-points", "game-point-difference"),
    Format.TABLES: ("match-points", "game-points-for", "buchholz"),
    Format.INDIVIDUAL: ("match-points", "game-point-difference", "buchholz"),
    ConcoursRanking.POINTS: ("points-marked", "points-conceded", "lots"),
    ConcoursRanking.PARTIES_WON: ("parties-won", "points-marked", "points-conceded", "lots"),
}


@dataclass(frozen=True)
class EventSettings:
    """The extras an organizer may set (``None``: not set); each applies to some formats only."""

    first_round: FirstRound | None = None
    seed: int | None = None
    third_place: bool | None = None
    reset: bool | None = None
    cycles: int | None = None
    table_size: int | None = None
    draw: ConcoursDraw | None = None
    ranking: ConcoursRanking | None = None

    @classmethod
    def from_stored(cls, stored: Mapping[str, Any], format: Format) -> EventSettings:
        """The settings a tournament stored that still apply to ``format``."""
        kept = {key: value for key, value in stored.items() if format in SETTINGS.get(key, ())}
        if "first_round" in kept:
            kept["first_round"] = FirstRound(kept["first_round"])
        if "draw" in kept:
            kept["draw"] = ConcoursDraw(kept["draw"])
        if "ranking" in kept:
            kept["ranking"] = ConcoursRanking(kept["ranking"])
        return cls(**kept)

    def given(self) -> dict[str, str | int | bool]:
        """The settings that are set, by name."""
        values = {field.name: getattr(self, field.name) for field in fields(self)}
        return {
            name: str(value) if isinstance(value, StrEnum) else value
            for name, value in values.items()
            if value is not None
        }


def default_precedence(format: Format, settings: Mapping[str, Any]) -> tuple[str, ...]:
    """The standings precedence a format starts with (a concours: the one its ranking names)."""
    if format == Format.CONCOURS:
        return _PRECEDENCE[ConcoursRanking(settings.get("ranking", ConcoursRanking.POINTS))]
    return _PRECEDENCE[format]


def check_fit(game: Game[Any], shape: TableShape, format: Format, entrants: EntrantKind) -> None:
    """Refuse a format (or a kind of entrant) the game cannot be played in at the table its options
    give (``shape``: six-handed Forty-Five, individual Back Alley)."""
    if format == Format.INDIVIDUAL:
        if not shape.partnerships:
            raise SetupError(
                gettext_noop("the individual format re-draws partners: %(game)s is not a partnership game"),
                "format",
                game=game.name,
            )
        if shape.seats != INDIVIDUAL_SEATS:
            raise SetupError(
                gettext_noop(
                    "the individual format draws tables of %(seats)s; %(game)s is played here by %(given)s"
                ),
                "format",
                seats=INDIVIDUAL_SEATS,
                game=game.name,
                given=shape.seats,
            )
        if entrants != EntrantKind.INDIVIDUAL:
            raise SetupError(gettext_noop("the individual format needs individual entrants"), "entrant_kind")
        return
    if not shape.partnerships and entrants == EntrantKind.PARTNERSHIP:
        raise SetupError(
            gettext_noop(
                "%(game)s is played one player a side: its entrants are individuals, not fixed partnerships"
            ),
            "entrant_kind",
            game=game.name,
        )
    if format == Format.CONCOURS:
        if not (
            shape.partnerships and shape.seats == INDIVIDUAL_SEATS and shape.min_sides <= 2 <= shape.max_sides
        ):
            raise SetupError(
                gettext_noop(
                    "a concours is for team games of two partnerships (belote, coinche, klaverjas); "
                    "%(game)s is not one"
                ),
                "format",
                game=game.name,
            )
        if entrants != EntrantKind.PARTNERSHIP:
            raise SetupError(
                gettext_noop("a concours is played by teams: register fixed partnerships"), "entrant_kind"
            )
        return
    if format == Format.TABLES:
        if shape.partnerships or shape.max_sides < 3:
            raise SetupError(
                gettext_noop("multi-seat tables need a game for three or more sides; %(game)s is not one"),
                "format",
                game=game.name,
            )
        return
    if not shape.min_sides <= 2 <= shape.max_sides:
        raise SetupError(
            gettext_noop("%(game)s is not played by two sides: use the tables format"),
            "format",
            game=game.name,
        )
    if shape.partnerships and entrants == EntrantKind.INDIVIDUAL:
        raise SetupError(
            gettext_noop(
                "%(game)s is played in partnerships: register partnerships, or use the individual format"
            ),
            "entrant_kind",
            game=game.name,
        )


def plans_its_own_rounds(format: Format) -> bool:
    """A bracket or a round robin has as many rounds as its field needs: none may be planned."""
    return format in BRACKETS or format == Format.ROUND_ROBIN


def check_rounds(format: Format, rounds: int | None) -> None:
    """Refuse planned rounds where the format decides them."""
    if rounds is not None and plans_its_own_rounds(format):
        raise SetupError(
            gettext_noop("a %(format)s has as many rounds as its field needs"), "rounds", format=format
        )


def check_match_format(format: Format, parsed: MatchFormat) -> None:
    """A concours plays parties of a fixed number of deals (``deals:12``)."""
    if format == Format.CONCOURS and parsed.kind != FormatKind.DEALS:
        raise SetupError(
            gettext_noop("a concours plays games of a number of deals: the match format is deals:N"),
            "match_format",
        )


def check_settings(
    format: Format, game: Game[Any], shape: TableShape, settings: EventSettings
) -> dict[str, str | int | bool]:
    """The settings to store: those given, each checked against the format, with the table size of
    a tables event settled (the preferred size of the game when none is given)."""
    out = settings.given()
    for key in out:
        if format not in SETTINGS[key]:
            raise SetupError(
                gettext_noop("'%(key)s' is not a setting of a %(format)s event"),
                "settings",
                key=key,
                format=format,
            )
    if format == Format.TABLES:
        try:
            sizes = table_sizes(shape, settings.table_size)
        except PairingError as error:
            raise SetupError("%(error)s", "settings", error=str(error)) from None
        if settings.table_size is not None and settings.table_size != sizes.preferred:
            raise SetupError(
                gettext_noop("table_size must be %(low)s to %(high)s for %(game)s"),
                "settings",
                low=shape.min_sides,
                high=shape.max_sides,
                game=game.name,
            )
        out["table_size"] = sizes.preferred
    return out


def draws_at_random(format: Format, settings: Mapping[str, Any]) -> bool:
    """Whether the draws need a recorded random seed that the organizer did not give."""
    random_first = settings.get("first_round") == FirstRound.RANDOM
    drawn = random_first or format in (Format.INDIVIDUAL, Format.CONCOURS) or format in BRACKETS
    return drawn and "seed" not in settings


def field_minimum(format: Format, shape: TableShape) -> int:
    """The fewest active entrants round 1 can be drawn with."""
    if format == Format.INDIVIDUAL:
        return 4
    if format == Format.DOUBLE_ELIMINATION:
        return 3
    if format == Format.TABLES:
        return max(2, shape.min_sides)
    return 2


@dataclass(frozen=True)
class DrawInput:
    """What any engine may need for one round."""

    format: Format
    round_number: int
    field: tuple[Entrant, ...]
    history: tuple[Seating, ...] = ()
    settings: Mapping[str, Any] | None = None
    order: tuple[int, ...] = ()
    sizes: TableSizes | None = None
    rounds: int | None = None
    #: The club's most sit-outs for one entrant (``ByeRule.max_per_entrant``), or none. A round
    #: robin's byes follow its table and cannot honour it.
    bye_cap: int | None = None


def draw_round(request: DrawInput) -> RoundDraw:
    """The round's tables and byes from the format's engine (a ``PairingError`` when impossible)."""
    settings = request.settings or {}
    first_round = FirstRound(settings.get("first_round", FirstRound.BY_SEED))
    seed = settings.get("seed")
    if request.format == Format.SWISS:
        return pair_swiss(
            request.field,
            request.history,
            round_number=request.round_number,
            policy=SwissPolicy(first_round=first_round, bye_cap=request.bye_cap),
            seed=seed,
        )
    if request.format == Format.ROUND_ROBIN:
        return round_robin_round(
            request.order, round_number=request.round_number, cycles=int(settings.get("cycles", 1))
        )
    if request.format == Format.TABLES:
        if request.sizes is None:
            raise PairingError("multi-seat tables need the game's table sizes")
        return draw_tables(
            request.field,
            request.history,
            round_number=request.round_number,
            sizes=request.sizes,
            first_round=first_round,
            seed=seed,
            bye_cap=request.bye_cap,
        )
    if request.format == Format.INDIVIDUAL:
        return draw_individual_round(
            request.field,
            request.history,
            round_number=request.round_number,
            seed=int(seed or 0),
            bye_cap=request.bye_cap,
        )
    if request.format == Format.CONCOURS:
        return pair_concours(
            request.field,
            request.history,
            round_number=request.round_number,
            seed=seed,
            draw=ConcoursDraw(settings.get("draw", ConcoursDraw.STANDINGS)),
            parties=request.rounds,
            sit_out_cap=request.bye_cap,
        )
    raise PairingError(f"a {request.format} event is drawn as a bracket, not round by round")


def build_bracket(format: Format, seeds: Sequence[int], settings: Mapping[str, Any], best_of: int) -> Bracket:
    """The bracket of an elimination event from its entrants in seed order."""
    if format == Format.SINGLE_ELIMINATION:
        return single_elimination(seeds, third_place=bool(settings.get("third_place")), best_of=best_of)
    return double_elimination(seeds, reset=bool(settings.get("reset", True)), best_of=best_of)


def best_of(parsed: MatchFormat) -> int:
    """How many games a bracket slot is the best of, as the drawing shows it (JAM's best of three
    rubbers is one match of three rubbers, but still a best of three)."""
    return parsed.count if parsed.kind == FormatKind.BEST_OF else 1


def table_sizes(shape: TableShape, preferred: int | None = None) -> TableSizes:
    """The seats a table of the game may have under the event's options (its ``shape``), with the
    preferred count (4, or the nearest legal)."""
    wanted = preferred if preferred is not None else 4
    return TableSizes(shape.min_sides, shape.max_sides, min(max(wanted, shape.min_sides), shape.max_sides))


def tables_needed(format: Format, shape: TableShape, settings: Mapping[str, Any], entrants: int) -> int:
    """The physical tables an event of ``entrants`` plays at, at most, in one round: what the room
    sets up and prints a slip for. A bye sits out at no table; an individual evening seats four at
    a table; a knock-out plays its widest column at once (a bracket of 6: two first-round matches,
    then two semi-finals), a double elimination both of its brackets beside each other."""
    if entrants < 2:
        return 0
    if format == Format.INDIVIDUAL:
        return entrants // INDIVIDUAL_SEATS
    if format == Format.TABLES:
        try:
            return len(plan_tables(entrants, table_sizes(shape, settings.get("table_size")))[0])
        except PairingError:
            return 0
    if format == Format.SINGLE_ELIMINATION:
        size = 1 << (entrants - 1).bit_length()
        return max(entrants - size // 2, size // 4, 1)
    return entrants // 2


def planned_rounds(format: Format, entrants: int, settings: Mapping[str, Any], given: int | None) -> int:
    """The rounds an event will have: given, or what the format needs for this many entrants."""
    if format == Format.ROUND_ROBIN:
        return rounds_per_cycle(entrants) * int(settings.get("cycles", 1))
    if given:
        return given
    if format == Format.CONCOURS:
        return CONCOURS_PARTIES
    return max(1, math.ceil(math.log2(max(entrants, 2))))
