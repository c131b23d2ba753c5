"""What the edges read of a numbered deal and of a phone's outbox (#13): the deal number a
client means (``Tablescore-Deal-Number`` for the API, the ``number`` field of the scorer form),
the count of deals a table's phone keeps unsent (``Tablescore-Outbox``), what the page says once
a numbered deal is in, and what the scorer page's answer tells the phone's outbox in its headers
(``Tablescore-Outcome``, ``Tablescore-Said``), so that the script never reads the page to know
what became of a deal. The writes are in ``scoring/services/deals.py``."""

from __future__ import annotations

from enum import StrEnum
from html import unescape
from typing import Any
from urllib.parse import quote

from django.http import HttpResponse
from django.template.loader import render_to_string
from django.utils.html import strip_tags
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter

from clubs.errors import InvalidEntry
from scoring.services.deals import Numbered

#: The API's request header naming the deal number the client means.
DEAL_NUMBER = "Tablescore-Deal-Number"
#: The request header a table's phone sends: how many deals it keeps that the server has not scored.
OUTBOX_HEADER = "Tablescore-Outbox"
#: The scorer page's answer to a Save: what became of the deal (an :class:`Outcome`).
OUTCOME_HEADER = "Tablescore-Outcome"
#: ... and, for a refusal, the refusal as the page says it (percent-encoded UTF-8).
SAID_HEADER = "Tablescore-Said"


class Outcome(StrEnum):
    """What became of a deal sent from the scorer page (the outbox script reads it)."""

    SAVED = "saved"
    DUPLICATE = "duplicate"
    """The same entry was already scored under its number (another phone): one deal."""
    CONFLICT = "conflict"
    """Another entry is scored under its number: the conflict is recorded, to settle on the page."""
    REFUSED = "refused"


def tell_outcome(response: HttpResponse, outcome: Outcome, form: Any = None) -> HttpResponse:
    """``response`` with the outcome of the Save in its headers; a refusal also carries the words
    of the page's alert (``scoring/_scorer_refusal.html``), for the phone to show beside the deal it
    keeps."""
    response[OUTCOME_HEADER] = outcome.value
    if form is not None and form.errors:
        page = render_to_string("scoring/_scorer_refusal.html", {"form": form})
        said = " ".join(unescape(strip_tags(page)).split())
        response[SAID_HEADER] = quote(said, safe="")
    return response


PARAMETERS = [
    OpenApiParameter(
        DEAL_NUMBER,
        int,
        OpenApiParameter.HEADER,
        required=False,
        description=(
            "The deal number the client means. The same entry already scored under it answers 200 "
            "(one deal); another entry is a recorded conflict (409, nothing changes); a number past "
            "the next one is refused (409). Without it, the next deal."
        ),
    ),
    OpenApiParameter(
        OUTBOX_HEADER,
        int,
        OpenApiParameter.HEADER,
        required=False,
        description="With a table link: how many deals the phone keeps unsent (the console shows it).",
    ),
]


def _count(text: str | None) -> int | None:
    text = (text or "").strip()
    return int(text) if text.isdigit() and len(text) <= 6 else None


def deal_number(headers: Any) -> int | None:
    """The API's ``Tablescore-Deal-Number``; a 400 naming the header when it is not a number."""
    text = headers.get(DEAL_NUMBER)
    if text is None:
        return None
    number = _count(text)
    if number is None or number < 1:
        raise InvalidEntry(
            _("%(header)s must be a deal number (1 or more)") % {"header": DEAL_NUMBER}, DEAL_NUMBER
        )
    return number


def outbox_count(headers: Any) -> int | None:
    """The number a phone reports in ``Tablescore-Outbox``; ``None`` when absent or not a count."""
    return _count(headers.get(OUTBOX_HEADER))


def saved_notice(written: Numbered) -> str:
    """What the scorer page says once the deal is in, or once its conflict is recorded."""
    if written.conflict is not None:
        n = written.conflict.number
        return _(
            "Deal %(number)s is not saved: another entry for deal %(number)s is already scored. "
            "Both are kept below: decide which one counts."
        ) % {"number": n}
    assert written.write is not None
    number = written.write.deal.number
    if written.duplicate:
        return _("Deal %(number)s was already saved with the same entry (from another phone).") % {
            "number": number
        }
    return _("Deal %(number)s saved.") % {"number": number}
