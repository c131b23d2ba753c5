"""An index of the history: who met whom (and when), partners, sides taken, seats, byes.

Built once per call from the :class:`~tournaments.pairing.base.Seating` rows; engines then ask it
questions in constant time. Entrants in the history who are not in the current field (withdrawn)
are indexed like anyone else and simply never asked about.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from tournaments.pairing.base import EntrantId, Seating

Pair = tuple[EntrantId, EntrantId]


def pair(a: EntrantId, b: EntrantId) -> Pair:
    """The two ids in a canonical order (a dictionary key for a pair)."""
    return (a, b) if a <= b else (b, a)


@dataclass
class History:
    """What the engines need to know about earlier rounds."""

    met: dict[Pair, list[int]] = field(default_factory=lambda: defaultdict(list))
    """Rounds in which the pair sat at the same table as opponents."""
    partnered: dict[Pair, list[int]] = field(default_factory=lambda: defaultdict(list))
    """Rounds in which the pair were partners (individual events of partnership games)."""
    sides: dict[EntrantId, list[int]] = field(default_factory=lambda: defaultdict(list))
    """Two-seat tables only: the seat (0 first, 1 second) taken in each round, oldest first."""
    seats: dict[EntrantId, Counter[int]] = field(default_factory=lambda: defaultdict(Counter))
    """How often each seat number was taken (any table size)."""
    byes: Counter[EntrantId] = field(default_factory=Counter)
    """How many byes each entrant has had."""

    def meetings(self, a: EntrantId, b: EntrantId) -> int:
        """How many times ``a`` and ``b`` were opponents."""
        rounds = self.met.get(pair(a, b))
        return len(rounds) if rounds else 0

    def seat_count(self, entrant: EntrantId, seat: int) -> int:
        """How many times ``entrant`` sat in seat number ``seat``."""
        counts = self.seats.get(entrant)
        return counts[seat] if counts else 0

    def partnerships(self, a: EntrantId, b: EntrantId) -> int:
        """How many times ``a`` and ``b`` were partners."""
        rounds = self.partnered.get(pair(a, b))
        return len(rounds) if rounds else 0


def rounds_text(rounds: Sequence[int]) -> str:
    """``[2]`` → "round 2"; ``[2, 5]`` → "rounds 2 and 5"; ``[1, 2, 4]`` → "rounds 1, 2 and 4"."""
    if len(rounds) == 1:
        return f"round {rounds[0]}"
    return "rounds " + ", ".join(str(r) for r in rounds[:-1]) + f" and {rounds[-1]}"


def index_history(history: Sequence[Seating], *, partnerships: bool = False) -> History:
    """Index the history. With ``partnerships``, four-seat tables have partners in seats ``i``, ``i + 2``."""
    index = History()
    for seating in sorted(history, key=lambda s: s.round):
        seats = seating.seats
        if len(seats) == 1:
            index.byes[seats[0]] += 1
            continue
        for number, entrant in enumerate(seats):
            index.seats[entrant][number] += 1
        if len(seats) == 2:
            index.sides[seats[0]].append(0)
            index.sides[seats[1]].append(1)
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                key = pair(seats[i], seats[j])
                if partnerships and len(seats) == 4 and (j - i) % 2 == 0:
                    index.partnered[key].append(seating.round)
                else:
                    index.met[key].append(seating.round)
    return index


__all__ = ["History", "Pair", "index_history", "pair", "rounds_text"]
