"""Single and double elimination brackets: the fixed structure, and where it stands given results.

In: the entrant ids in seed order (seed 1 first). :func:`single_elimination` and
:func:`double_elimination` build a :class:`Bracket`: every slot (one match-up, whatever its
best-of) with where its two entrants come from (a seed, or the winner or loser of an earlier
slot). The bracket never changes once built: store the seed order and the options, rebuild it
when needed (its values are in :mod:`tournaments.pairing.bracket`). :func:`advance` takes the bracket and the winners reported so far (slot id →
winning entrant id) and returns a :class:`BracketState`: every slot's entrants, status and
winner, the slots ready to be played (``ready``, what a ``bracket_advance`` task creates matches
for), the rounds to draw on a page, and the final placings once it is finished.

Drawing the seeds (:func:`draw_seeds`): the seeds the organizer gave come first, in their order,
then the rated entrants, highest first; the rest are drawn by lot from the event's recorded random
seed, never left in the order they registered in. Seeding: the bracket size is the next power of two; seed ``s`` meets seed ``size + 1 - s`` in the
first round and the halves are laid out so that seeds 1 and 2 can only meet in the final
(16: 1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, 7 v 10, 3 v 14, 6 v 11). Missing seeds are byes,
so the byes go to the top seeds; a bye advances its entrant without a match.

Double elimination: the losers of winners' round 1 meet in losers' round 1; each later winners'
round drops its losers into the losers' bracket (in reversed order every other time, to put off
rematches), alternating with rounds in which the losers' bracket halves itself. The grand final
sets the winners' champion against the losers' champion; with ``reset`` a second final is played
only if the losers' champion wins the first. A bye's "loser" is nobody: a losers'-bracket slot
with one entrant is a bye, with none it is void.

Slot ids: ``W{round}-{n}`` (the main bracket of a single elimination, the winners' bracket of a
double), ``L{round}-{n}``, ``GF1``, ``GF2`` (the reset) and ``P3`` (third-place match), ``n``
counting from the top of the drawing. Placings rank entrants by the last slot they played and
whether they won it; entrants knocked out at the same stage share a place ("5=").

What this module does not do: play matches or judge best-of-N (the service reports one winner
per slot, after however many games the slot's ``best_of`` says), or touch Django.
"""

from __future__ import annotations

import enum
import random
from collections.abc import Mapping, Sequence

from tournaments.pairing.base import EntrantId, check_unique
from tournaments.pairing.bracket import (
    Bracket,
    BracketKind,
    BracketRound,
    BracketState,
    Part,
    Slot,
    SlotState,
    SlotStatus,
    Source,
    SourceKind,
)
from tournaments.pairing.errors import (
    FieldTooSmallError,
    InvalidFormatError,
    NotInSlotError,
    SlotNotReadyError,
    UnknownSlotError,
)


def draw_seeds(
    entrants: Sequence[tuple[EntrantId, int | None, float | None]], lot: int | None
) -> list[EntrantId]:
    """The seed order of ``entrants`` (each ``(id, seed given or None, rating or None)``): the
    given seeds first, then the rated by rating, then the rest drawn by ``lot`` (the event's
    recorded random seed: the same lot draws the same bracket); with no lot (an event from before
    the draw was random) the rest keep their ids' order."""
    seeded = sorted((e for e in entrants if e[1] is not None), key=lambda e: (e[1], e[0]))
    rated = sorted(
        (e for e in entrants if e[1] is None and e[2] is not None), key=lambda e: (-(e[2] or 0), e[0])
    )
    rest = sorted(e[0] for e in entrants if e[1] is None and e[2] is None)
    if lot is not None:
        random.Random(lot).shuffle(rest)
    return [e[0] for e in seeded] + [e[0] for e in rated] + rest


def seed_order(size: int) -> tuple[int, ...]:
    """Seeds in first-round slot order for a bracket of ``size`` (a power of two)."""
    if size < 1 or size & (size - 1):
        raise InvalidFormatError(f"a bracket size is a power of two, not {size}")
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, total - seed)]
    return tuple(order)


def single_elimination(
    entrants: Sequence[EntrantId],
    *,
    third_place: bool = False,
    best_of: int = 1,
    final_best_of: int | None = None,
) -> Bracket:
    """A knockout bracket; ``third_place`` adds a match between the semi-final losers."""
    field, size, rounds = _field(entrants, minimum=2)
    _check_best_of(best_of, final_best_of)
    slots: list[Slot] = []
    columns: list[BracketRound] = []
    for r in range(1, rounds + 1):
        final = r == rounds
        games = (final_best_of or best_of) if final else best_of
        made = _main_round(slots, r, size >> r, stage=2 * r, best_of=games)
        columns.append(BracketRound(Part.WINNERS, r, _knockout_label(size >> (r - 1)), made))
    if third_place and rounds >= 2:
        semi = rounds - 1
        slots.append(
            Slot(
                "P3",
                Part.PLACEMENT,
                1,
                1,
                Source(SourceKind.LOSER, slot=f"W{semi}-1"),
                Source(SourceKind.LOSER, slot=f"W{semi}-2"),
                stage=2 * rounds - 1,
                best_of=best_of,
            )
        )
        columns.append(BracketRound(Part.PLACEMENT, 1, "Third-place match", ("P3",)))
    return Bracket(BracketKind.SINGLE, field, size, tuple(slots), tuple(columns))


def double_elimination(
    entrants: Sequence[EntrantId],
    *,
    reset: bool = True,
    best_of: int = 1,
    final_best_of: int | None = None,
) -> Bracket:
    """A double-elimination bracket; ``reset`` adds the grand-final reset (see the module text)."""
    field, size, rounds = _field(entrants, minimum=3)
    _check_best_of(best_of, final_best_of)
    slots: list[Slot] = []
    columns: list[BracketRound] = []
    for r in range(1, rounds + 1):
        made = _main_round(slots, r, size >> r, stage=r, best_of=best_of)
        label = "Winners' final" if r == rounds else f"Winners' round {r}"
        columns.append(BracketRound(Part.WINNERS, r, label, made))

    losers_rounds = 2 * rounds - 2
    previous: list[str] = []
    for j in range(1, losers_rounds + 1):
        stage = rounds + j
        made_ids: list[str] = []
        if j == 1:
            count = size // 4
            sources = [
                (
                    Source(SourceKind.LOSER, slot=f"W1-{2 * i - 1}"),
                    Source(SourceKind.LOSER, slot=f"W1-{2 * i}"),
                )
                for i in range(1, count + 1)
            ]
        elif j % 2 == 0:
            dropping = j // 2 + 1
            count = len(previous)
            order = list(range(1, count + 1))
            if dropping % 2 == 0:
                order.reverse()
            sources = [
                (
                    Source(SourceKind.WINNER, slot=previous[i]),
                    Source(SourceKind.LOSER, slot=f"W{dropping}-{order[i]}"),
                )
                for i in range(count)
            ]
        else:
            count = len(previous) // 2
            sources = [
                (
                    Source(SourceKind.WINNER, slot=previous[2 * i]),
                    Source(SourceKind.WINNER, slot=previous[2 * i + 1]),
                )
                for i in range(count)
            ]
        for i, (top, bottom) in enumerate(sources, start=1):
            slot_id = f"L{j}-{i}"
            slots.append(Slot(slot_id, Part.LOSERS, j, i, top, bottom, stage=stage, best_of=best_of))
            made_ids.append(slot_id)
        label = "Losers' final" if j == losers_rounds else f"Losers' round {j}"
        columns.append(BracketRound(Part.LOSERS, j, label, tuple(made_ids)))
        previous = made_ids

    final_stage = rounds + losers_rounds + 1
    final_games = final_best_of or best_of
    slots.append(
        Slot(
            "GF1",
            Part.FINAL,
            1,
            1,
            Source(SourceKind.WINNER, slot=f"W{rounds}-1"),
            Source(SourceKind.WINNER, slot=previous[0]),
            stage=final_stage,
            best_of=final_games,
        )
    )
    columns.append(BracketRound(Part.FINAL, 1, "Grand final", ("GF1",)))
    if reset:
        slots.append(
            Slot(
                "GF2",
                Part.FINAL,
                2,
                1,
                Source(SourceKind.LOSER, slot="GF1"),
                Source(SourceKind.WINNER, slot="GF1"),
                stage=final_stage + 1,
                best_of=final_games,
                reset=True,
            )
        )
        columns.append(BracketRound(Part.FINAL, 2, "Grand final reset", ("GF2",)))
    return Bracket(BracketKind.DOUBLE, field, size, tuple(slots), tuple(columns))


class _Mark(enum.Enum):
    PENDING = "pending"
    NOBODY = "nobody"


Resolved = EntrantId | _Mark


def advance(bracket: Bracket, winners: Mapping[str, EntrantId]) -> BracketState:
    """Where the bracket stands after the reported winners (slot id → winning entrant id).

    Raises :class:`UnknownSlotError` for a slot the bracket lacks, :class:`SlotNotReadyError` for a
    result in a slot whose entrants are not both known (or that is a bye or void), and
    :class:`NotInSlotError` for a winner who is not in the slot.
    """
    known = {slot.id for slot in bracket.slots}
    unknown = sorted(set(winners) - known)
    if unknown:
        raise UnknownSlotError(f"the bracket has no slot {unknown[0]!r}")
    states: dict[str, SlotState] = {}
    for slot in bracket.slots:
        states[slot.id] = _resolve(slot, bracket, states, winners.get(slot.id))
    return BracketState(bracket, tuple(states[slot.id] for slot in bracket.slots))


def _resolve(
    slot: Slot, bracket: Bracket, states: Mapping[str, SlotState], winner: EntrantId | None
) -> SlotState:
    top = _source(slot.top, bracket, states)
    bottom = _source(slot.bottom, bracket, states)
    if slot.reset:
        final = states[slot.top.slot]
        no_reset = final.status is SlotStatus.DONE and final.winner == final.top
        if no_reset or final.status is SlotStatus.BYE:
            top = bottom = _Mark.NOBODY
    shown_top = top if isinstance(top, int) else None
    shown_bottom = bottom if isinstance(bottom, int) else None
    if isinstance(top, int) and isinstance(bottom, int):
        if winner is None:
            return SlotState(slot, top, bottom, SlotStatus.READY)
        if winner not in (top, bottom):
            raise NotInSlotError(f"entrant {winner} is not in slot {slot.id} ({top} v {bottom})")
        loser = bottom if winner == top else top
        return SlotState(slot, top, bottom, SlotStatus.DONE, winner, loser)
    if winner is not None:
        raise SlotNotReadyError(f"slot {slot.id} cannot have a result yet: {_describe(slot, top, bottom)}")
    if _Mark.PENDING in (top, bottom):
        return SlotState(slot, shown_top, shown_bottom, SlotStatus.WAITING)
    if top is _Mark.NOBODY and bottom is _Mark.NOBODY:
        return SlotState(slot, None, None, SlotStatus.VOID)
    alone = shown_top if shown_top is not None else shown_bottom
    return SlotState(slot, shown_top, shown_bottom, SlotStatus.BYE, alone, None)


def _source(source: Source, bracket: Bracket, states: Mapping[str, SlotState]) -> Resolved:
    if source.kind is SourceKind.SEED:
        return bracket.entrants[source.seed - 1] if source.seed <= len(bracket.entrants) else _Mark.NOBODY
    feeder = states[source.slot]
    if feeder.status is SlotStatus.VOID:
        return _Mark.NOBODY
    if feeder.status is SlotStatus.BYE:
        return (
            feeder.winner if source.kind is SourceKind.WINNER and feeder.winner is not None else _Mark.NOBODY
        )
    if feeder.status is SlotStatus.DONE:
        found = feeder.winner if source.kind is SourceKind.WINNER else feeder.loser
        return found if found is not None else _Mark.NOBODY
    return _Mark.PENDING


def _describe(slot: Slot, top: Resolved, bottom: Resolved) -> str:
    def one(side: Resolved, source: Source) -> str:
        if isinstance(side, int):
            return f"entrant {side}"
        return "nobody" if side is _Mark.NOBODY else f"the {source} is not known"

    return f"{one(top, slot.top)}, {one(bottom, slot.bottom)}"


def _field(entrants: Sequence[EntrantId], *, minimum: int) -> tuple[tuple[EntrantId, ...], int, int]:
    check_unique(entrants)
    if len(entrants) < minimum:
        raise FieldTooSmallError(f"this bracket needs at least {minimum} entrants, not {len(entrants)}")
    size = 1
    rounds = 0
    while size < len(entrants):
        size *= 2
        rounds += 1
    return tuple(entrants), size, rounds


def _check_best_of(best_of: int, final_best_of: int | None) -> None:
    for value in (best_of, final_best_of):
        if value is not None and (value < 1 or value % 2 == 0):
            raise InvalidFormatError(f"a match is best of an odd number of games, not {value}")


def _main_round(slots: list[Slot], r: int, count: int, *, stage: int, best_of: int) -> tuple[str, ...]:
    size = 2 * count << (r - 1)
    made = []
    for i in range(1, count + 1):
        if r == 1:
            order = seed_order(size)
            top = Source(SourceKind.SEED, seed=order[2 * i - 2])
            bottom = Source(SourceKind.SEED, seed=order[2 * i - 1])
        else:
            top = Source(SourceKind.WINNER, slot=f"W{r - 1}-{2 * i - 1}")
            bottom = Source(SourceKind.WINNER, slot=f"W{r - 1}-{2 * i}")
        slot_id = f"W{r}-{i}"
        slots.append(Slot(slot_id, Part.WINNERS, r, i, top, bottom, stage=stage, best_of=best_of))
        made.append(slot_id)
    return tuple(made)


def _knockout_label(entrants_in_round: int) -> str:
    return {2: "Final", 4: "Semi-finals", 8: "Quarter-finals"}.get(
        entrants_in_round, f"Round of {entrants_in_round}"
    )


__all__ = [
    "advance",
    "double_elimination",
    "seed_order",
    "single_elimination",
]
