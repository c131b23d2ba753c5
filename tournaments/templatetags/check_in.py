"""Template filters of check-in and fees: an amount of money in the reader's language, the amount
as the "paid" field shows it for editing, and an entrant's own check-in address."""

from __future__ import annotations

from decimal import Decimal

from django import template
from django.utils.formats import number_format

from tournaments import cash, check_in_pages
from tournaments.models import Entrant

register = template.Library()


@register.filter
def money(cents: int | None) -> str:
    """``500`` → "€5.00", "5,00 €" or "€ 5,00"."""
    return cash.money(cents or 0)


@register.filter
def euros(cents: int | None) -> str:
    """``450`` → "4.50" or "4,50": the number a person edits, without the sign."""
    return number_format(Decimal(cents or 0) / 100, decimal_pos=2, use_l10n=True)


@register.filter
def check_in_url(entrant: Entrant) -> str:
    return check_in_pages.check_in_url(entrant)
