"""Which pairing engine draws a round of which format, and with what (pure, no Django).

The service reads its rows into a :class:`DrawInput` (the field with scores and ranks, the
history, the tournament's settings); :func:`draw_round` calls the engine of the format and
returns its :class:`~tournaments.pairing.RoundDraw`. Brackets are rebuilt from their stored seed
order by :func:`build_bracket`. :func:`planned_rounds` and :func:`table_sizes` answer the questions
the service asks before round 1.

What this module does not do: pair anyone itself (``tournaments.pairing`` does), or read rows.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.declaration import TableShape
from tournaments.match_format import FormatKind, MatchFormat
from tournaments.models import Format
from tournaments.pairing import (
    Bracket,
    Entrant,
    FirstRound,
    PairingError,
    RoundDraw,
    Seating,
    SwissPolicy,
    TableSizes,
    double_elimination,
    draw_individual_round,
    draw_tables,
    pair_swiss,
    round_robin_round,
    rounds_per_cycle,
    single_elimination,
)

BRACKETS = frozenset({Format.SINGLE_ELIMINATION, Format.DOUBLE_ELIMINATION})
TWO_SIDED = frozenset({Format.SWISS, Format.ROUND_ROBIN, *BRACKETS})


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
            policy=SwissPolicy(first_round=first_round),
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
        )
    if request.format == Format.INDIVIDUAL:
        return draw_individual_round(
            request.field, request.history, round_number=request.round_number, seed=int(seed or 0)
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


def planned_rounds(format: Format, entrants: int, settings: Mapping[str, Any], given: int | None) -> int:
    """The rounds an event will have: given, or what the format needs for this many entrants."""
    if format == Format.ROUND_ROBIN:
        return rounds_per_cycle(entrants) * int(settings.get("cycles", 1))
    if given:
        return given
    return max(1, math.ceil(math.log2(max(entrants, 2))))
