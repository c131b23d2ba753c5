"""A round robin's cross table: every entrant against every other, from the decided tables.

In: the entrants in the order the table lists them (the standings'), and each decided two-entrant
table's result (``series.entrant_results``: per entrant id as a string, its outcome and game points
for and against). Out: for each row entrant, its meetings with each column entrant, in the order
they were played (a double round robin meets twice). An entrant's own cell, and a meeting not
played yet, are empty. No Django, no ORM.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Meeting:
    """One meeting seen from the row entrant's side."""

    outcome: str
    points: int
    against: int


def cross_table(
    order: Sequence[int], results: Iterable[Mapping[str, Mapping[str, Any]]]
) -> tuple[tuple[tuple[Meeting, ...], ...], ...]:
    """``cells[i][j]``: the meetings of ``order[i]`` with ``order[j]`` (see the module's docstring)."""
    index = {entrant: i for i, entrant in enumerate(order)}
    cells: list[list[list[Meeting]]] = [[[] for _ in order] for _ in order]
    for result in results:
        seated = [int(key) for key in result]
        if len(seated) != 2 or not all(entrant in index for entrant in seated):
            continue
        for me, other in (seated, seated[::-1]):
            mine = result[str(me)]
            cells[index[me]][index[other]].append(
                Meeting(str(mine["outcome"]), int(mine.get("points", 0)), int(mine.get("against", 0)))
            )
    return tuple(tuple(tuple(cell) for cell in row) for row in cells)
