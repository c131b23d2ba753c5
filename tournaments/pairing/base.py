"""The plain values every pairing engine takes and returns.

In: :class:`Entrant` (an id, the score so far, a rank, a club) and the history as :class:`Seating`
rows (who sat at which seat of one table in one round; a one-seat row is a bye). Out: a
:class:`RoundDraw` of :class:`TableAssignment` rows and :class:`Bye` rows, each flag explained by a
:class:`Note`. Feeding ``RoundDraw.seatings()`` back as history is how the rounds chain.

What this module does not do: pair anyone (see the engines), or know about Django models. The
service layer maps its rows onto these values and back; nothing here holds a database id other
than the entrant ids it is given.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.pairing.errors import DuplicateEntrantError, InvalidRoundError

EntrantId = int
"""An entrant (a player, or a partnership that plays as one side) as the service numbers it."""


class Flag(StrEnum):
    """Something about a table or a bye that a tournament director may want to look at."""

    REMATCH = "rematch"
    """Entrants who met in an earlier round meet again."""
    BYE = "bye"
    """An entrant sits the round out."""
    FLOAT = "float"
    """Entrants with different scores (or from outside the table's block of the standings) meet."""
    SAME_CLUB = "same-club"
    """Members of the same club meet."""
    SIDE_IMBALANCE = "side-imbalance"
    """An entrant takes the same side again past the balance rule (see ``swiss``)."""
    REPEAT_PARTNER = "repeat-partner"
    """Individual events: players who were partners before are partners again."""
    TABLE_SIZE = "table-size"
    """Multi-seat tables: a table is not of the preferred size because the field does not divide."""


class FirstRound(StrEnum):
    """How round 1 (no history yet) orders the field."""

    BY_SEED = "by-seed"
    """By ``Entrant.rank`` (the seeding), ties by id."""
    RANDOM = "random"
    """A shuffle from a recorded seed: the same seed gives the same draw."""


@dataclass(frozen=True)
class Entrant:
    """One entrant as the engines see it.

    ``score`` is the entrant's match points so far on any integer scale (2/1/0, 3/1/0, ...); the
    engines only compare and subtract scores. ``rank`` is the position in the current standings,
    or the seed before round 1 (1 is the strongest; ties are broken by ``id``). ``club`` is any
    label; two entrants with equal, non-empty clubs are "from the same club".
    """

    id: EntrantId
    score: int = 0
    rank: int = 0
    club: str | None = None


@dataclass(frozen=True)
class Seating:
    """One table of one earlier round: the entrants in seat order; a single seat is a bye.

    Two-seat tables: seat 0 is the first side (it leads, deals or plays "white"), seat 1 the
    second. Individual events of partnership games: four seats, seat ``i`` on side ``i % 2``, so
    seats 0 and 2 are partners, as in the rule book (``docs/games/README.md`` §2).
    """

    round: int
    seats: tuple[EntrantId, ...]


@dataclass(frozen=True)
class Note:
    """One flag on a table or bye, the entrants it concerns, and the reason in words."""

    flag: Flag
    entrants: tuple[EntrantId, ...]
    reason: str


@dataclass(frozen=True)
class TableAssignment:
    """A table of the new round: its number (1 is the top table) and the entrants in seat order."""

    number: int
    seats: tuple[EntrantId, ...]
    notes: tuple[Note, ...] = ()

    @property
    def flags(self) -> frozenset[Flag]:
        """The flags raised at this table."""
        return frozenset(note.flag for note in self.notes)


@dataclass(frozen=True)
class Bye:
    """An entrant who sits the round out, and why it is this entrant."""

    entrant: EntrantId
    reason: str

    @property
    def note(self) -> Note:
        """The bye as a :class:`Note` (flag ``BYE``)."""
        return Note(Flag.BYE, (self.entrant,), self.reason)


@dataclass(frozen=True)
class RoundDraw:
    """The tables and byes of one round.

    ``seed`` is the random seed used (recorded so the draw can be reproduced), or ``None`` if the
    draw used no randomness. ``cost`` is the total cost of the matching for engines that minimize
    one (Swiss, individual events), else ``None``.
    """

    round: int
    tables: tuple[TableAssignment, ...]
    byes: tuple[Bye, ...] = ()
    seed: int | None = None
    cost: int | None = None

    @property
    def notes(self) -> tuple[Note, ...]:
        """Every flag of the round: the tables' notes, then the byes."""
        return tuple(note for table in self.tables for note in table.notes) + tuple(b.note for b in self.byes)

    def seatings(self) -> tuple[Seating, ...]:
        """The round as history rows, to pass to the next call of the same engine."""
        return tuple(Seating(self.round, t.seats) for t in self.tables) + tuple(
            Seating(self.round, (b.entrant,)) for b in self.byes
        )

    def entrants(self) -> tuple[EntrantId, ...]:
        """Everyone in the round, tables first (in seat order), then byes."""
        return tuple(e for t in self.tables for e in t.seats) + tuple(b.entrant for b in self.byes)


def check_unique(ids: Iterable[EntrantId], what: str = "the field") -> None:
    """Raise :class:`DuplicateEntrantError` if an id appears twice."""
    counts = Counter(ids)
    repeated = sorted(e for e, n in counts.items() if n > 1)
    if repeated:
        raise DuplicateEntrantError(f"entrant {repeated[0]} appears {counts[repeated[0]]} times in {what}")


def check_round(round_number: int, history: Sequence[Seating]) -> None:
    """Raise :class:`InvalidRoundError` unless the round is at least 1 and after every history row."""
    if round_number < 1:
        raise InvalidRoundError(f"round numbers start at 1, not {round_number}")
    late = [s.round for s in history if s.round >= round_number]
    if late:
        raise InvalidRoundError(
            f"the history already has round {max(late)}; cannot draw round {round_number}"
        )
    for seating in history:
        check_unique(seating.seats, f"a table of round {seating.round}")


def standing_key(entrant: Entrant) -> tuple[int, int, int]:
    """Sort key for the standings: higher score first, then lower rank, then lower id."""
    return (-entrant.score, entrant.rank, entrant.id)


def seeded_shuffle(items: Sequence[Entrant], seed: int) -> list[Entrant]:
    """The items in an order drawn from ``seed`` alone (independent of the input order)."""
    ordered = sorted(items, key=lambda e: e.id)
    random.Random(seed).shuffle(ordered)
    return ordered


def choose_byes(
    ordered: Sequence[Entrant], count: int, byes_had: Counter[EntrantId], cap: int | None = None
) -> list[Bye]:
    """The ``count`` entrants who sit out: fewest byes so far, then the lowest-ranked in ``ordered``.

    ``ordered`` is the field in standing order (best first). Fewest first is the fairness rule:
    nobody sits out twice while another entrant has not. ``cap`` is the club's rule of at most so
    many sit-outs each (``ByeRule.max_per_entrant``): it is never passed while an entrant under it
    remains, and when every remaining candidate has reached it the draw still seats the round
    and says so in the reason (never an error: the round must be played). The reason names the
    rule that picked each entrant."""
    if count <= 0:
        return []
    position = {e.id: i for i, e in enumerate(ordered)}
    chosen = sorted(ordered, key=lambda e: (byes_had[e.id], -position[e.id]))[:count]
    result = []
    for entrant in chosen:
        had = byes_had[entrant.id]
        if cap is not None and had >= cap:
            reason = (
                f"every entrant has sat out the most the club's rule allows ({cap}); "
                f"this one has had the fewest ({had}) and ranks lowest"
            )
        elif had == 0:
            reason = "lowest-ranked entrant without a bye"
        else:
            reason = f"every entrant has had a bye; this one has had the fewest ({had}) and ranks lowest"
        result.append(Bye(entrant.id, f"{reason} ({len(ordered)} entrants, {count} must sit out)"))
    return result


__all__ = [
    "Bye",
    "Entrant",
    "EntrantId",
    "FirstRound",
    "Flag",
    "Note",
    "RoundDraw",
    "Seating",
    "TableAssignment",
    "check_round",
    "check_unique",
    "choose_byes",
    "seeded_shuffle",
    "standing_key",
]
