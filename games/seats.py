"""Who sits where at a game's table, and what each seat and side is called.

A partnership table seats its players in the order of play, partners across: seat ``i`` plays
for side ``i % 2`` (docs/games/README.md §2). People at a real table do not say "seat 2", they say
"South": four seats are the compass points North, East, South and West, so that North and South
are partners against East and West; six seats (two teams of three, team-mates alternating) go
round the compass in sixths. A partnership is shown by its players' names joined by " & " ("Ann &
Cy"), the one rule every page, form and tournament table uses to name a side after its players.
At a table of individual players every side is one player, named by the side itself.

:class:`Seating` is the answer a game gives for one match (``Game.seating``): each seat's compass
name, its player and the side it plays for, and each side's seats. The pages ask it instead of
working seats and sides out for themselves.

What this module does not do: decide who sits where (the organizer or a tournament's draw does) or
deal (the game's ``dealer`` hook does).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from games.declaration import TableShape
from games.terms import joined, shaped, term

#: The compass seats of a table of four and of six, in the order of play: English words that the
#: pages say in the reader's language (``games/terms.py``; "Nord", "Noord").
COMPASS: dict[int, tuple[str, ...]] = {
    4: (term("games", "North"), term("games", "East"), term("games", "South"), term("games", "West")),
    6: (
        term("games", "North"),
        term("games", "North-East"),
        term("games", "South-East"),
        term("games", "South"),
        term("games", "South-West"),
        term("games", "North-West"),
    ),
}
#: Partnership tables have two sides, partners sitting across from each other.
PARTNERSHIP_SIDES = 2


def partnership_name(players: Iterable[str]) -> str:
    """A partnership's display name: its players' names joined by " & " ("Ann & Cy")."""
    return " & ".join(players)


def side_of_seat(seat: int) -> int:
    """The side (0 or 1) a seat plays for at a partnership table: partners sit across, so seats
    alternate between the two sides round the table."""
    return seat % PARTNERSHIP_SIDES


def compass(seats: int) -> tuple[str, ...]:
    """The compass name of each seat of a partnership table of ``seats`` ("North" for seat 0).
    Every partnership table a game declares has names here (tests/games/test_table_contract.py)."""
    return COMPASS[seats]


@dataclass(frozen=True)
class Place:
    """One seat: its number in the order of play, its compass name ("" at a table of individual
    players, who are listed in seating order instead), who sits there ("" while nobody is named)
    and the side that player plays for."""

    seat: int
    compass: str
    player: str
    side: str

    @property
    def label(self) -> str:
        """How a page names the seat: "Cy (South)", "South" while nobody is named, and an
        individual player by name."""
        if not self.compass:
            return self.player or self.side
        return (
            shaped("%(player)s (%(seat)s)", player=self.player, seat=self.compass)
            if self.player
            else self.compass
        )


@dataclass(frozen=True)
class Party:
    """A side (or a team of sides) and the seats of its players."""

    name: str
    places: tuple[Place, ...]

    @property
    def several(self) -> bool:
        """Whether the party is more than one player (a partnership, a team)."""
        return len(self.places) > 1

    @property
    def named_after_players(self) -> bool:
        """Whether the party's name is its players' names ("Ann & Cy"), which reads as plural."""
        return self.several and self.name == partnership_name(p.player for p in self.places)

    @property
    def players(self) -> str:
        """The partnership's players as its display name ("Ann & Cy"); empty for a single player,
        while no player is named, or when that is the side's own name."""
        if not self.several:
            return ""
        named = partnership_name(place.player for place in self.places if place.player)
        return "" if named == self.name else named

    @property
    def seated(self) -> str:
        """Who of the partnership sits where ("Ann (North) & Cy (South)", "North & South" while
        nobody is named); empty for a single player."""
        if not self.several:
            return ""
        return joined((place.label for place in self.places), " & ")


@dataclass(frozen=True)
class Seating:
    """Everyone at one match's table: each seat with its player and side, each side with its seats,
    and the teams a game adds on top of its sides (Matching Trumps)."""

    partnerships: bool
    places: tuple[Place, ...]
    sides: tuple[Party, ...]
    teams: tuple[Party, ...] = ()

    def place(self, seat: int) -> Place:
        """The seat numbered ``seat``; raises :class:`IndexError` for a seat the table has not."""
        if not 0 <= seat < len(self.places):
            raise IndexError(f"the table has no seat {seat}")
        return self.places[seat]

    def plays_for(self, seat: int) -> str:
        """The side the player in ``seat`` plays for."""
        return self.place(seat).side

    def party(self, name: str) -> Party | None:
        """The side or team called ``name``, if there is one."""
        return next((party for party in (*self.sides, *self.teams) if party.name == name), None)

    def players_of(self, side: str) -> str:
        """The players of a partnership side by name ("Ann & Cy"), or empty (see :attr:`Party.players`)."""
        party = self.party(side)
        return party.players if party is not None else ""

    def named_after_players(self, name: str) -> bool:
        """Whether the side or team ``name`` is named after its players ("Ann & Cy")."""
        party = self.party(name)
        return party is not None and party.named_after_players

    def who(self, seat_or_side: int | str) -> str:
        """How a page names a dealer or a leader: a seat number by its player and compass seat
        ("Cy (South)"), a side name as itself."""
        if isinstance(seat_or_side, int) and not isinstance(seat_or_side, bool):
            if 0 <= seat_or_side < len(self.places):
                return self.places[seat_or_side].label
            return str(seat_or_side)
        return str(seat_or_side)


def seat(shape: TableShape, sides: Sequence[str], players: Sequence[str] = ()) -> Seating:
    """The seating of a match at a table of ``shape`` with these ``sides``; ``players`` names the
    seats of a partnership table in seat order (fewer names, or none, leave seats unnamed)."""
    if not shape.partnerships:
        places = tuple(Place(index, "", side, side) for index, side in enumerate(sides))
        return Seating(False, places, tuple(Party(p.side, (p,)) for p in places))
    names = compass(shape.seats)
    places = tuple(
        Place(
            index,
            names[index],
            players[index] if index < len(players) else "",
            sides[side_of_seat(index)] if side_of_seat(index) < len(sides) else "",
        )
        for index in range(shape.seats)
    )
    parties = tuple(
        Party(side, tuple(p for p in places if side_of_seat(p.seat) == index))
        for index, side in enumerate(sides)
    )
    return Seating(True, places, parties)
