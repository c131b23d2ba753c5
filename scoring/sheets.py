"""What a printed score sheet of one match shows: the game's columns, as many rows as the match has
deals, the sides (with their players), a running total per side, a signature line per side and the
QR code of the link a phone at the table opens.

The columns come from the entry form (``scoring/forms/sheet.py``), so a sheet asks for what the
scorer page asks, in the same order and words. The caller says who plays where (its heading
lines) and which link the QR code carries: a tournament's table prints its room table's link when
the room has one, else the match's own link (``tournaments/sheet_pages.py``).

What this module does not do: write, or decide who may print (the pages do).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import pgettext

from scoring.boards import entry_form
from scoring.forms.sheet import Column, FieldGroup, Heading, columns_of, groups, headings
from scoring.models import Match
from scoring.qr import qr_svg
from scoring.services.ledger import replay

#: The rows of a sheet for a match played to a target, not a number of deals: an A4 page's worth.
ROWS_TO_TARGET = 20
#: The QR code's scale on a sheet (smaller than a slip's: the sheet is mostly boxes).
QR_SCALE = 3


@dataclass(frozen=True)
class Side:
    """A side of the sheet: its name and players."""

    name: str
    players: str = ""


@dataclass(frozen=True)
class Sheet:
    """One printed sheet."""

    title: str
    lines: tuple[str, ...]
    sides: tuple[Side, ...]
    groups: tuple[FieldGroup, ...]
    rows: tuple[int, ...]
    target: int | None = None
    url: str = ""
    qr: str = ""
    code: str = ""
    key_url: str = ""

    @property
    def columns(self) -> tuple[Column, ...]:
        """The game's columns, field after field."""
        return columns_of(self.groups)

    @property
    def headings(self) -> list[list[Heading]]:
        """The heading rows, in the active language."""
        return headings(
            self.groups,
            [side.name for side in self.sides],
            deal=pgettext("a score sheet's column", "Deal"),
            total=pgettext("a score sheet's column", "Running total"),
        )

    @property
    def choices(self) -> tuple[FieldGroup, ...]:
        """The fields that are one choice, for the sheet's key of the words to write."""
        return tuple(group for group in self.groups if group.choices)


def paper_sheet(
    match: Match,
    *,
    title: str,
    lines: Sequence[str] = (),
    url: str = "",
    code: str = "",
    key_url: str = "",
) -> Sheet:
    """The blank sheet of ``match`` (``title`` and ``lines``: the event, the round and table),
    its QR code carrying ``url``."""
    start = replay(match, [])
    facts = start.facts()
    count = facts.deals or ROWS_TO_TARGET
    seating = start.seating(match.seats or ())
    sides = tuple(Side(side, seating.players_of(side)) for side in match.sides)
    return Sheet(
        title=title,
        lines=tuple(lines),
        sides=sides,
        groups=groups(entry_form(match, start)),
        rows=tuple(range(1, count + 1)),
        target=facts.target,
        url=url,
        qr=qr_svg(url, scale=QR_SCALE) if url else "",
        code=code,
        key_url=key_url,
    )
