"""How a table's entrants sit at the scoring match they play (pure, no Django).

A table lists its entrants in seat order. Each entrant is a side of its own, except in an
individual event of a partnership game, where four players sit at the table and partners sit
across: the game's own seating rule (``games.seats.side_of_seat``) says which side each seat plays
for. A partnership's side is named after its players by the game's rule (``games.seats.partnership_name``:
"Ann & Cy"); a fixed partnership with two named players fills two seats across the table.

What this module does not do: open the match (the service does) or decide who sits where (the
pairing engines do).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games.seats import partnership_name, side_of_seat
from tournaments.pairing.formats import Format

#: The longest player name a partnership's side name keeps (two of them fit a side name).
NAME_IN_SIDE = 58
#: The longest seat name a match keeps.
SEAT_NAME = 80


def partners_across(seats: int) -> tuple[int, ...]:
    """Each seat's side (0 or 1) when two partnerships sit across the table."""
    return tuple(side_of_seat(seat) for seat in range(seats))


def seat_sides(format: Format, seats: int) -> tuple[int, ...]:
    """Each seat's side at a table of ``seats`` entrants of an event of ``format``."""
    return partners_across(seats) if format == Format.INDIVIDUAL else tuple(range(seats))


def side_name(players: Sequence[str]) -> str:
    """A partnership side's name after its players ("Ann & Cy"), each name cut short enough for
    the side name to fit."""
    return partnership_name(name[:NAME_IN_SIDE] for name in players)


@dataclass(frozen=True)
class TableLayout:
    """How a table's entrants sit at a match: side names, seat names (if any), each entrant's side."""

    sides: tuple[str, ...]
    seats: tuple[str, ...] | None
    side_of: tuple[int, ...]


def table_layout(
    format: Format, names: Sequence[str], partners: Sequence[Sequence[str]] | None = None, seats: int = 4
) -> TableLayout:
    """The layout of a table whose entrants are named ``names`` (in seat order); ``partners``, for
    fixed partnerships of a partnership game of ``seats`` seats, are each entrant's players."""
    side_of = seat_sides(format, len(names))
    if format == Format.INDIVIDUAL:
        sides = tuple(
            side_name([name for name, seat_side in zip(names, side_of, strict=True) if seat_side == side])
            for side in sorted(set(side_of))
        )
        return TableLayout(sides, tuple(name[:SEAT_NAME] for name in names), side_of)
    seated = None
    if partners is not None and len(partners) == 2 and all(len(team) == seats // 2 for team in partners):
        waiting = [list(team) for team in partners]
        seated = tuple(waiting[side].pop(0) for side in partners_across(seats))
    return TableLayout(tuple(names), seated, side_of)
