"""The values of an elimination bracket: its fixed structure, and where it stands given results.

A :class:`Bracket` is every slot (one match-up, whatever its best-of) with where its two entrants
come from (:class:`Source`: a seed, or the winner or loser of an earlier slot), and the columns of
the drawing (:class:`BracketRound`). A :class:`BracketState` is the bracket with each slot's
entrants, status and winner resolved (:class:`SlotState`), the slots ready to be played, the
drawing, and the final placings once the event is finished.

What this module does not do: build a bracket or apply results (``elimination``), or touch Django.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from tournaments.pairing.base import EntrantId
from tournaments.pairing.errors import UnknownSlotError
from tournaments.standings.ranking import rank_label


class BracketKind(StrEnum):
    """The two elimination formats."""

    SINGLE = "single"
    DOUBLE = "double"


class Part(StrEnum):
    """Which part of the drawing a round belongs to."""

    WINNERS = "winners"
    LOSERS = "losers"
    FINAL = "final"
    PLACEMENT = "placement"


class SourceKind(StrEnum):
    """Where an entrant of a slot comes from."""

    SEED = "seed"
    WINNER = "winner"
    LOSER = "loser"


class SlotStatus(StrEnum):
    """Where a slot stands."""

    WAITING = "waiting"
    """At least one entrant is not known yet."""
    READY = "ready"
    """Both entrants are known and no winner has been reported: a match to play."""
    DONE = "done"
    """The winner has been reported."""
    BYE = "bye"
    """Only one entrant will ever come: it advances without a match."""
    VOID = "void"
    """No entrant will ever come (a losers'-bracket slot fed by byes, an unneeded reset)."""


@dataclass(frozen=True)
class Source:
    """Where one entrant of a slot comes from: seed ``seed``, or the winner/loser of slot ``slot``."""

    kind: SourceKind
    seed: int = 0
    slot: str = ""

    def __str__(self) -> str:
        return f"seed {self.seed}" if self.kind is SourceKind.SEED else f"{self.kind} of {self.slot}"


@dataclass(frozen=True)
class Slot:
    """One match-up of the bracket.

    ``stage`` orders slots by how far into the event they are (higher is later; it decides the
    placings). ``reset`` marks the grand-final reset, played only if the losers' champion wins
    ``GF1``.
    """

    id: str
    part: Part
    round: int
    index: int
    top: Source
    bottom: Source
    stage: int
    best_of: int = 1
    reset: bool = False


@dataclass(frozen=True)
class BracketRound:
    """A column of the drawing: its part, number, label and slot ids from top to bottom."""

    part: Part
    number: int
    label: str
    slots: tuple[str, ...]


@dataclass(frozen=True)
class Bracket:
    """The fixed structure of an elimination event (rebuild it from the seed order and options)."""

    kind: BracketKind
    entrants: tuple[EntrantId, ...]
    size: int
    slots: tuple[Slot, ...]
    rounds: tuple[BracketRound, ...]

    def slot(self, slot_id: str) -> Slot:
        """The slot with this id, or :class:`UnknownSlotError`."""
        for slot in self.slots:
            if slot.id == slot_id:
                return slot
        raise UnknownSlotError(f"the bracket has no slot {slot_id!r}")


@dataclass(frozen=True)
class SlotState:
    """A slot with its entrants resolved (``None`` where not known or nobody) and its result."""

    slot: Slot
    top: EntrantId | None
    bottom: EntrantId | None
    status: SlotStatus
    winner: EntrantId | None = None
    loser: EntrantId | None = None


@dataclass(frozen=True)
class Placing:
    """A final place, its label ("3=" when shared) and the entrants in it (sorted by id)."""

    rank: int
    label: str
    entrants: tuple[EntrantId, ...]


@dataclass(frozen=True)
class BracketState:
    """The bracket given the results so far."""

    bracket: Bracket
    slots: tuple[SlotState, ...]

    def slot(self, slot_id: str) -> SlotState:
        """The state of the slot with this id, or :class:`UnknownSlotError`."""
        for state in self.slots:
            if state.slot.id == slot_id:
                return state
        raise UnknownSlotError(f"the bracket has no slot {slot_id!r}")

    @property
    def ready(self) -> tuple[SlotState, ...]:
        """The slots to play now: both entrants known, no winner yet."""
        return tuple(s for s in self.slots if s.status is SlotStatus.READY)

    @property
    def finished(self) -> bool:
        """Every slot is decided (done, a bye, or void)."""
        return all(s.status in (SlotStatus.DONE, SlotStatus.BYE, SlotStatus.VOID) for s in self.slots)

    @property
    def champion(self) -> EntrantId | None:
        """The winner of the event, once it is finished."""
        if not self.finished:
            return None
        last = max((s for s in self.slots if s.status is not SlotStatus.VOID), key=lambda s: s.slot.stage)
        return last.winner

    @property
    def rounds(self) -> tuple[tuple[BracketRound, tuple[SlotState, ...]], ...]:
        """The drawing: each round with its slots' states, in the bracket's order."""
        by_id = {s.slot.id: s for s in self.slots}
        return tuple((r, tuple(by_id[i] for i in r.slots)) for r in self.bracket.rounds)

    @property
    def placings(self) -> tuple[Placing, ...]:
        """Final places, best first, once the event is finished (else empty)."""
        if not self.finished:
            return ()
        last: dict[EntrantId, tuple[int, int]] = {}
        for state in self.slots:
            if state.status is not SlotStatus.DONE or state.winner is None or state.loser is None:
                continue
            for entrant, won in ((state.winner, 1), (state.loser, 0)):
                key = (state.slot.stage, won)
                if entrant not in last or key > last[entrant]:
                    last[entrant] = key
        groups: dict[tuple[int, int], list[EntrantId]] = {}
        for entrant, key in last.items():
            groups.setdefault(key, []).append(entrant)
        placings = []
        ahead = 0
        for key in sorted(groups, reverse=True):
            members = tuple(sorted(groups[key]))
            rank = ahead + 1
            placings.append(Placing(rank, rank_label(rank, shared=len(members) > 1), members))
            ahead += len(members)
        return tuple(placings)


__all__ = [
    "Bracket",
    "BracketKind",
    "BracketRound",
    "BracketState",
    "Part",
    "Placing",
    "Slot",
    "SlotState",
    "SlotStatus",
    "Source",
    "SourceKind",
]
