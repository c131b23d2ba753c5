"""The geometry of a bracket drawn as SVG: boxes for slots, elbow lines from each slot to the slot
its winner goes to (pure: no Django, no I/O; the template draws what this returns).

Each part of the bracket (winners, losers, finals and placement) is drawn as its own panel,
columns left to right. In a column a slot sits midway between the slots that feed it from the
previous column of its panel, or evenly spaced when nothing feeds it, so a knockout draws as the
familiar tree.

What this module does not do: decide anything about the bracket (``tournaments.pairing``) or
format names (the caller passes the labels).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

BOX_WIDTH = 168
BOX_HEIGHT = 52
COLUMN_GAP = 36
ROW_GAP = 14
HEADER = 28
PAD = 4


@dataclass(frozen=True)
class Box:
    """One slot: where it is, its two entrant lines with their scores ("" before the table plays)
    and who won."""

    slot: str
    x: int
    y: int
    top: str
    bottom: str
    top_won: bool
    bottom_won: bool
    status: str
    match: int | None
    top_score: str = ""
    bottom_score: str = ""

    width: int = BOX_WIDTH
    height: int = BOX_HEIGHT

    @property
    def middle(self) -> int:
        return self.y + BOX_HEIGHT // 2

    @property
    def right(self) -> int:
        return self.x + BOX_WIDTH

    @property
    def text_x(self) -> int:
        return self.x + 8

    @property
    def score_x(self) -> int:
        """Where the scores end, right-aligned inside the box."""
        return self.x + BOX_WIDTH - 8

    @property
    def top_y(self) -> int:
        return self.y + 20

    @property
    def bottom_y(self) -> int:
        return self.y + BOX_HEIGHT - 7


@dataclass(frozen=True)
class Heading:
    x: int
    y: int
    text: str


@dataclass(frozen=True)
class Panel:
    """One part of the bracket: its title, size, boxes, column headings and connector paths."""

    title: str
    width: int
    height: int
    boxes: tuple[Box, ...]
    headings: tuple[Heading, ...]
    paths: tuple[str, ...]


PART_TITLES = {
    "winners": "Bracket",
    "losers": "Losers' bracket",
    "final": "Grand final",
    "placement": "Third place",
}


def panels(bracket: Mapping[str, Any], names: Mapping[int, str]) -> list[Panel]:
    """Panels of a bracket document (``documents.bracket_document``), with entrant names."""
    by_part: dict[str, list[Mapping[str, Any]]] = {}
    for column in bracket.get("rounds", []):
        by_part.setdefault(column["part"], []).append(column)
    double = "losers" in by_part
    out = []
    for part, columns in by_part.items():
        title = "Winners' bracket" if part == "winners" and double else PART_TITLES.get(part, part)
        out.append(_panel(title, columns, names))
    return out


def _label(entrant: int | None, status: str, names: Mapping[int, str]) -> str:
    if entrant is not None:
        return names.get(entrant, f"#{entrant}")
    return "bye" if status in ("bye", "void") else "…"


def _score(value: Any) -> str:
    return "" if value is None else str(value)


def _panel(title: str, columns: Sequence[Mapping[str, Any]], names: Mapping[int, str]) -> Panel:
    tallest = max(len(c["slots"]) for c in columns)
    height = HEADER + tallest * (BOX_HEIGHT + ROW_GAP) + PAD
    centre: dict[str, int] = {}
    boxes: list[Box] = []
    headings: list[Heading] = []
    paths: list[str] = []
    for index, column in enumerate(columns):
        x = PAD + index * (BOX_WIDTH + COLUMN_GAP)
        headings.append(Heading(x, 18, column["label"]))
        slots = column["slots"]
        spacing = (height - HEADER - PAD) / max(len(slots), 1)
        for row, slot in enumerate(slots):
            feeders = [
                centre[source.split(" of ", 1)[1]]
                for source in slot.get("from", [])
                if source.startswith("winner of ") and source.split(" of ", 1)[1] in centre
            ]
            middle = sum(feeders) // len(feeders) if feeders else int(HEADER + spacing * row + spacing / 2)
            y = middle - BOX_HEIGHT // 2
            top, bottom = slot["entrants"]
            top_score, bottom_score = (_score(value) for value in slot.get("scores") or (None, None))
            winner = slot.get("winner")
            status = str(slot.get("status", ""))
            boxes.append(
                Box(
                    slot=slot["slot"],
                    x=x,
                    y=y,
                    top=_label(top, status, names),
                    bottom=_label(bottom, status, names),
                    top_won=winner is not None and winner == top,
                    bottom_won=winner is not None and winner == bottom,
                    status=status,
                    match=slot.get("match"),
                    top_score=top_score,
                    bottom_score=bottom_score,
                )
            )
            for feeder in feeders:
                start = x - COLUMN_GAP
                bend = x - COLUMN_GAP // 2
                paths.append(f"M{start} {feeder}H{bend}V{middle}H{x}")
            centre[slot["slot"]] = middle
    width = PAD * 2 + len(columns) * BOX_WIDTH + (len(columns) - 1) * COLUMN_GAP
    return Panel(title, width, height, tuple(boxes), tuple(headings), tuple(paths))
