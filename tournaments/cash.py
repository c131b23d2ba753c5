"""The evening's cash: who paid what, who still owes, and the totals (organizers only).

Expected is the fee times the entrants still in (not withdrawn); received is everything paid,
a withdrawn entrant's payment included (the money is in the box); owed is what the entrants still
in have yet to pay. Amounts are cents; :func:`money` says them in the reader's language ("5,00 €",
"€ 5,00", "€5.00"): Django formats the number, the catalog places the euro sign.

What this module does not do: write (``tournaments.services.check_in`` records a payment).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import pgettext

from tournaments.check_in import owes
from tournaments.models import Entrant, Tournament


def money(cents: int) -> str:
    """An amount in euros as the reader's language writes it."""
    amount = number_format(Decimal(cents) / 100, decimal_pos=2, use_l10n=True, force_grouping=True)
    # Translators: an amount of money in euros: where the sign goes ("5,00 €" in French).
    return pgettext("money", "€%(amount)s") % {"amount": amount}


@dataclass(frozen=True)
class CashRow:
    entrant: Entrant
    paid: int
    owes: int


@dataclass(frozen=True)
class Cash:
    """The evening's cash: one row per entrant still in or who paid, and the totals."""

    fee: int | None
    rows: tuple[CashRow, ...]
    expected: int
    received: int
    owed: int

    @property
    def paid_in_full(self) -> int:
        return sum(1 for row in self.rows if not row.entrant.withdrawn and row.owes == 0)

    @property
    def still_owing(self) -> tuple[CashRow, ...]:
        return tuple(row for row in self.rows if row.owes)


def cash_of(tournament: Tournament) -> Cash:
    """The cash of ``tournament``, its entrants in their list order."""
    rows = [
        CashRow(entrant=e, paid=e.paid, owes=0 if e.withdrawn else owes(tournament, e))
        for e in tournament.entrants.all()
        if not e.withdrawn or e.paid
    ]
    still_in = sum(1 for row in rows if not row.entrant.withdrawn)
    return Cash(
        fee=tournament.fee,
        rows=tuple(rows),
        expected=(tournament.fee or 0) * still_in,
        received=sum(row.paid for row in rows),
        owed=sum(row.owes for row in rows),
    )


def cash_document(cash: Cash) -> dict[str, Any]:
    """``GET /api/tournaments/{id}/cash/``: the same numbers as the cash page, in cents."""
    return {
        "fee": cash.fee,
        "expected": cash.expected,
        "received": cash.received,
        "owed": cash.owed,
        "entrants": [
            {
                "id": row.entrant.pk,
                "name": row.entrant.name,
                "withdrawn": row.entrant.withdrawn,
                "paid": row.paid,
                "owes": row.owes,
            }
            for row in cash.rows
        ],
    }
