"""What the projector shows: a screen across the room that nobody scrolls.

- An elimination event shows its bracket, scaled to the screen, and its champion in large type. A
  big bracket shows only the columns still worth showing: decided columns on the left are dropped
  while the tallest column left holds more than :data:`BRACKET_ROWS` slots, so that names stay
  readable from the back of the room.
- Any other event shows three lists side by side, all always up: the pairings (each table and who
  plays whom there), "find your table" (every player by name, alphabetically, with the table they
  play at, so nobody waits for a panel to come round) and the standings. Once the evening is
  over, the winner in large type above the final standings.
- A list longer than a screen is cut into pages that take turns every :data:`PAGE_SECONDS`. The
  page on show follows the clock, so every projector (and every poll) agrees; the page numbers are
  part of the live ETag, and a page turn reaches the screen at its next poll.

The screen holds a fixed number of rows (``static/css/tournaments.css`` sizes them in viewport
units), so whatever the names, nothing overflows at 1920 × 1080 or 1280 × 720.

What this module does not do: read the database (``selectors``) or decide anything.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from clubs.names import name_key
from tournaments.models import TableStatus
from tournaments.selectors import RoundView
from tournaments.wording import find_note, flag_label, partnerships_line, seat_names

#: Seconds a page of a long list stays up.
PAGE_SECONDS = 10
#: Rows of a list on one page (and per column of the find-your-table list).
ROWS = 18
#: Columns of the find-your-table list (the pairings take the room of a third), and its rows per
#: column (shorter than the other lists' rows: 48 names fit, a 12-table evening of pairs).
FIND_COLUMNS = 2
FIND_ROWS = 24
#: The most slots in the tallest column of a bracket on the screen.
BRACKET_ROWS = 8

Item = TypeVar("Item")


@dataclass(frozen=True)
class Page:
    """One page of a list: its items, its number (from 1) and how many pages there are."""

    items: tuple[Any, ...]
    number: int
    count: int

    @property
    def paged(self) -> bool:
        return self.count > 1


def page_at(items: Sequence[Item], size: int, now: float) -> Page:
    """The page of ``items`` on show at time ``now`` (seconds), ``size`` items a page."""
    count = max(1, -(-len(items) // size))
    number = int(now // PAGE_SECONDS) % count + 1
    return Page(tuple(items[(number - 1) * size : number * size]), number, count)


@dataclass(frozen=True)
class Place:
    """A player, or an entrant named without players, and where they play this round."""

    name: str
    entrant: str
    table: str

    @property
    def team(self) -> str:
        """The entrant's name when it is not the player's own (a partnership's)."""
        return self.entrant if self.entrant != self.name else ""


def find_your_table(rounds: Iterable[RoundView], players: Mapping[int, Sequence[str]]) -> list[Place]:
    """Everyone playing in ``rounds`` by name (a partnership by its players' names, when it lists
    them), alphabetically, with their table; entrants with a bye say so."""
    places = []
    for view in rounds:
        for table in view.tables:
            label = f"T{table.number}"
            names = [seat.name for seat in table.seats]
            for index, seat in enumerate(table.seats):
                # An individual evening says where a player sits and with whom ("North, with Cy").
                entrant = find_note(names, index) if table.individual else seat.name
                for name in players.get(seat.id) or (seat.name,):
                    places.append(Place(name, entrant, label))
        for name in view.byes:
            places.append(Place(name, name, flag_label("bye")))
    return sorted(places, key=lambda place: (name_key(place.name), place.table))


@dataclass(frozen=True)
class Pairing:
    """A table of the round and who plays whom there ("T3", "Ann v Bob"); a bye has no table."""

    table: str
    sides: str


def pairings(rounds: Iterable[RoundView]) -> list[Pairing]:
    """The tables of ``rounds`` in number order with who plays whom (an individual evening's by
    partnership), then the byes."""
    found = []
    for view in rounds:
        for table in sorted(view.tables, key=lambda t: t.number):
            names = [seat.name for seat in table.seats]
            found.append(
                Pairing(
                    f"T{table.number}", partnerships_line(names) if table.individual else seat_names(names)
                )
            )
        found.extend(Pairing(flag_label("bye"), name) for name in view.byes)
    return found


@dataclass(frozen=True)
class Playing:
    """A knock-out match being played now, and the table it is played at."""

    table: int
    match: str


def playing_now(rounds: Iterable[RoundView]) -> list[Playing]:
    """The tables of ``rounds`` still playing, by table number: where a knock-out's matches are."""
    return sorted(
        (
            Playing(table.number, seat_names([seat.name for seat in table.seats]))
            for view in rounds
            for table in view.tables
            if table.status == TableStatus.PLAYING
        ),
        key=lambda playing: playing.table,
    )


def bracket_focus(bracket: Mapping[str, Any]) -> dict[str, Any]:
    """``bracket`` (``documents.bracket_document``) less its decided first columns, part by part,
    while the tallest column left has more than :data:`BRACKET_ROWS` slots."""
    by_part: dict[str, list[Mapping[str, Any]]] = {}
    for column in bracket.get("rounds", []):
        by_part.setdefault(str(column["part"]), []).append(column)
    kept: list[Mapping[str, Any]] = []
    for columns in by_part.values():
        while (
            len(columns) > 1
            and max(len(c["slots"]) for c in columns) > BRACKET_ROWS
            and all(
                slot.get("winner") is not None or slot.get("status") == "bye" for slot in columns[0]["slots"]
            )
        ):
            columns = columns[1:]
        kept.extend(columns)
    return {**bracket, "rounds": kept}
