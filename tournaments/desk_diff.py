"""The two (or more) versions of a double-blind dispute, as the desk lays them side by side.

Each side's own ledger (``scoring.services.blind``) replayed by the game gives its totals; the deals where
the ledgers differ are listed in the players' words (``scoring.forms.reading``), each field marked
when it differs from the other side's, so the director sees at a glance what to settle. The deals
every side entered alike are only counted.

What this module does not do: compare (``scoring.services.blind.differences`` did, when the last side
finished) or decide anything.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games import GameError
from scoring.forms.reading import entry_words
from scoring.models import Match
from scoring.result_detail import Difference
from scoring.services import blind
from scoring.services.ledger import replay


def versions(match: Match) -> list[dict[str, Any]]:
    """Per side: its name and index, its totals, and its deals that differ (each field's words
    and whether it differs); ``same``: how many deals every side entered alike."""
    books = blind.ledgers(match)
    diff = match.detail.differences or tuple(Difference.of(row) for row in blind.differences(match, books))
    fields: dict[int, set[str]] = {}
    for row in diff:
        fields.setdefault(row.deal, set()).add(row.field)
    longest = max((len(book) for book in books), default=0)
    found = []
    for index, book in enumerate(books):
        try:
            totals = replay(match, book).totals
        except GameError:  # a ledger the game now refuses still shows its deals
            totals = {}
        deals = []
        for number in sorted(fields):
            entry = book[number - 1] if number <= len(book) else None
            differing = fields[number]
            if not isinstance(entry, dict):
                deals.append({"number": number, "lines": [], "missing": entry is None})
                continue
            lines = [
                {
                    "text": entry_words(match, {key: value})[0],
                    "differs": key in differing or "deal" in differing,
                }
                for key, value in entry.items()
            ]
            deals.append({"number": number, "lines": lines, "missing": False})
        found.append(
            {
                "index": index,
                "name": match.sides[index],
                "totals": [
                    (side, _total(totals, side, position)) for position, side in enumerate(match.sides)
                ],
                "deals": deals,
                "count": len(book),
            }
        )
    for version in found:
        version["same"] = longest - len(fields)
    return found


def _total(totals: Any, side: str, position: int) -> Any:
    """A side's total from the game's totals (by name, or by position)."""
    if isinstance(totals, Mapping):
        return totals.get(side)
    if isinstance(totals, (list, tuple)) and position < len(totals):
        return totals[position]
    return None
