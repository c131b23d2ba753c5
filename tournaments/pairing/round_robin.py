"""Round robin by the Berger tables: everyone meets everyone once per cycle, sides alternating.

In: the entrant ids in the order of their Berger numbers (entrant ``k`` of the list gets number
``k + 1``: the seeding, or a drawn order; with ``seed`` the numbers are drawn here and the seed is
recorded in every round), and the number of cycles. Out: one
:class:`~tournaments.pairing.base.RoundDraw` per round (or one round with
:func:`round_robin_round`), the first side in seat 0.

The Berger table for an even number ``N`` of numbers: in round ``r`` the number ``N`` meets
``k = (r - 1) · N/2 mod (N - 1) + 1``, taking the second side in odd rounds and the first in even
rounds; the other tables pair ``k + i`` (first side) with ``k - i``, counted round ``1 .. N - 1``.
This reproduces the FIDE Berger tables (for six: 1-6 2-5 3-4 / 6-4 5-3 1-2 / 2-6 3-1 4-5 / ...),
in which every number alternates sides as far as possible. An odd field adds the empty number
``N = n + 1``; whoever meets it has the bye. In a second cycle (and every even-numbered one) the
same rounds repeat with the sides swapped.

What this module does not do: standings, or rescheduling after a withdrawal (a withdrawn entrant
keeps its number and its opponents get a walkover, which the service records as a result).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.pairing.base import Bye, EntrantId, RoundDraw, TableAssignment, check_unique
from tournaments.pairing.errors import FieldTooSmallError, InvalidRoundError


def berger_pairs(size: int, round_number: int) -> tuple[tuple[int, int], ...]:
    """The Berger table of ``size`` numbers (even) for one round: pairs of 1-based numbers, first side first."""
    if size < 2 or size % 2:
        raise FieldTooSmallError(f"a Berger table needs an even number of at least 2 numbers, not {size}")
    if not 1 <= round_number <= size - 1:
        raise InvalidRoundError(f"a Berger table of {size} has rounds 1 to {size - 1}, not {round_number}")
    ring = size - 1

    def wrap(x: int) -> int:
        return (x - 1) % ring + 1

    k = (round_number - 1) * (size // 2) % ring + 1
    pairs = [(k, size) if round_number % 2 else (size, k)]
    pairs += [(wrap(k + i), wrap(k - i)) for i in range(1, size // 2)]
    return tuple(pairs)


def rounds_per_cycle(entrant_count: int) -> int:
    """How many rounds one cycle takes: ``n - 1`` for an even field, ``n`` for an odd one."""
    return entrant_count - 1 if entrant_count % 2 == 0 else entrant_count


def round_robin_round(
    entrants: Sequence[EntrantId], *, round_number: int, cycles: int = 1, seed: int | None = None
) -> RoundDraw:
    """One round of the schedule (round numbers run on across cycles)."""
    numbers = _numbered(entrants, seed)
    per_cycle = rounds_per_cycle(len(numbers))
    if not 1 <= round_number <= per_cycle * cycles:
        raise InvalidRoundError(
            f"{len(numbers)} entrants over {cycles} cycle(s) play rounds 1 to {per_cycle * cycles}, not {round_number}"
        )
    cycle, within = divmod(round_number - 1, per_cycle)
    size = len(numbers) + len(numbers) % 2
    tables: list[TableAssignment] = []
    byes: list[Bye] = []
    for first, second in berger_pairs(size, within + 1):
        if cycle % 2:
            first, second = second, first
        if max(first, second) > len(numbers):
            sitter = numbers[min(first, second) - 1]
            byes.append(Bye(sitter, f"odd field of {len(numbers)}: drawn against the empty number {size}"))
            continue
        tables.append(TableAssignment(len(tables) + 1, (numbers[first - 1], numbers[second - 1])))
    return RoundDraw(round_number, tuple(tables), tuple(byes), seed)


def round_robin_schedule(
    entrants: Sequence[EntrantId], *, cycles: int = 1, seed: int | None = None
) -> tuple[RoundDraw, ...]:
    """Every round of the event, in order."""
    if cycles < 1:
        raise InvalidRoundError(f"a round robin has at least one cycle, not {cycles}")
    total = rounds_per_cycle(len(_numbered(entrants, seed))) * cycles
    return tuple(
        round_robin_round(entrants, round_number=r, cycles=cycles, seed=seed) for r in range(1, total + 1)
    )


def _numbered(entrants: Sequence[EntrantId], seed: int | None) -> list[EntrantId]:
    check_unique(entrants)
    if len(entrants) < 2:
        raise FieldTooSmallError(f"a round robin needs at least 2 entrants, not {len(entrants)}")
    numbers = list(entrants)
    if seed is not None:
        numbers.sort()
        random.Random(seed).shuffle(numbers)
    return numbers


__all__ = ["berger_pairs", "round_robin_round", "round_robin_schedule", "rounds_per_cycle"]
