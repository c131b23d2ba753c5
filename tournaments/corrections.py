"""The corrections made to a tournament's results after their round closed, oldest first: what
the director changed (scoring's ``result_corrected`` audit events), on the console, the desk,
each round's page and the API. Read through ``tournaments.selectors``.

What this module does not do: write (the corrections are ``scoring``'s deal services).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from scoring.models import AuditAction, AuditEvent
from tournaments.models import Tournament


@dataclass(frozen=True)
class Correction:
    """A result changed by the director after its round closed (``scoring``'s marked event)."""

    match: int
    round: int
    table: int
    deal: int | None
    by: str
    at: datetime
    reason: str

    def as_json(self) -> dict[str, Any]:
        return {
            "match": self.match,
            "round": self.round,
            "table": self.table,
            "deal": self.deal,
            "by": self.by,
            "at": self.at.isoformat(),
            "reason": self.reason,
        }


def corrections(tournament: Tournament) -> list[Correction]:
    """Every correction made to a result of the tournament after its round closed, oldest first."""
    table = "match__tournament_game__table"
    found = (
        AuditEvent.objects.filter(
            action=AuditAction.RESULT_CORRECTED, **{f"{table}__round__tournament": tournament}
        )
        .order_by("created_at", "pk")
        .values_list(
            "match_id",
            f"{table}__round__number",
            f"{table}__number",
            "deal_number",
            "actor_label",
            "created_at",
            "detail",
        )
    )
    return [
        Correction(match, number, at_table, deal, by, at, str(detail.get("reason", "")))
        for match, number, at_table, deal, by, at, detail in found
    ]
