"""A phone's pending deals brought to the desk (#13): the organizer imports what a scorer page
kept unsent, from its QR code or its exported JSON file, when the phone cannot send them itself
(a dead battery, a revoked link, no network all night).

What the phone gives (``static/js/scorer-outbox.js``):
- a **QR code** per few deals, each the address of this page, ``/outbox/import/?d=<payload>``,
  where the payload is base64url of the JSON ``{"v": 1, "e": [body, ...]}`` and each ``body`` is
  the scorer form as the phone posted it (``key``, ``match``, ``number`` and the entry's fields,
  URL-encoded, the CSRF token left out). A phone's camera app opens the address; the text may
  also be pasted here;
- the **JSON file** of its outbox, ``{"page", "exported", "entries": [{"key", "match", "number",
  "body", ...}]}``, uploaded or pasted here.

Each deal then goes the way a phone's Save goes (``scoring.services.deals.deal_record_numbered``, with
its ``Idempotency-Key`` and its deal number), as the organizer, source ``import``: a deal already
in (the same key, or the same entry under that number) stays one deal, another entry for a
number already scored is a recorded conflict, settled on the match's page. So importing twice,
or after the phone sent them after all, changes nothing. A GET only shows what would be imported.

An organizer's page, though the deals come from a table's phone: the phone's link may be revoked or
its match over, so the deals are written by a signed-in organizer of each match's club, and a
match of another club is refused deal by deal.
"""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any
from urllib.parse import parse_qs, urlsplit

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from clubs.access import SignInRequired, actor_for, is_signed_in
from clubs.errors import ServiceError
from scoring.boards import entry_form, scoreboard
from scoring.forms.reading import entry_words
from scoring.models import Match, Source
from scoring.pages.organizer.matches import managed_match
from scoring.services import deals

#: The largest text taken (a day of deals of a few tables is far less).
MOST = 500_000
#: The longest Idempotency-Key taken (``IdempotentRequest.key``).
KEY_LENGTH = 120
#: Form fields that are not the entry.
NOT_ENTRY = ("csrfmiddlewaretoken", "key", "match", "number", "version")


class Unreadable(ValueError):
    """The text is neither a QR code's text nor an exported file."""


@dataclass(frozen=True)
class Pending:
    """One deal a phone kept: its match, the number it was entered as, its key, its fields."""

    match_id: int
    number: int | None
    key: str
    fields: QueryDict


def _number(text: Any) -> int | None:
    text = str(text or "")
    return int(text) if text.isdigit() else None


def _pending(body: str, *, match: Any = None, number: Any = None, key: Any = None) -> Pending:
    fields = QueryDict(body, mutable=True)
    match_id = _number(fields.get("match") or match)
    key = fields.get("key") or key
    if match_id is None or not key or len(str(key)) > KEY_LENGTH:
        raise Unreadable(_("a deal in it names no match or no key"))
    number = _number(fields.get("number") or number)
    for name in NOT_ENTRY:
        fields.pop(name, None)
    return Pending(match_id, number, str(key), fields)


def _compact(payload: str) -> list[Pending]:
    try:
        data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)).decode())
    except (binascii.Error, UnicodeDecodeError, ValueError) as error:
        raise Unreadable(_("the code's text is damaged")) from error
    if not isinstance(data, dict) or data.get("v") != 1 or not isinstance(data.get("e"), list):
        raise Unreadable(_("the code's text is damaged"))
    return [_pending(str(body)) for body in data["e"]]


def read_pending(text: str) -> list[Pending]:
    """The deals in ``text``: a QR code's address (or its payload alone) or an exported file."""
    text = text.strip()
    if not text or len(text) > MOST:
        raise Unreadable(_("paste the text of a code or of an exported file"))
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except ValueError as error:
            raise Unreadable(_("the file is not an export of pending deals")) from error
        if isinstance(data, dict) and data.get("v") == 1 and isinstance(data.get("e"), list):
            return [_pending(str(body)) for body in data["e"]]
        rows = data.get("entries") if isinstance(data, dict) else None
        if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
            raise Unreadable(_("the file is not an export of pending deals"))
        return [
            _pending(
                str(row.get("body", "")), match=row.get("match"), number=row.get("number"), key=row.get("key")
            )
            for row in rows
        ]
    if "://" in text or text.startswith("/"):
        found = parse_qs(urlsplit(text).query).get("d")
        if not found:
            raise Unreadable(_("this address carries no deals"))
        text = found[0]
    return _compact(text)


@dataclass(frozen=True)
class Row:
    """One deal of an import, as the page lists it."""

    match: Match | None
    number: int | None
    words: tuple[str, ...]
    said: str
    kind: str  # "saved", "already", "conflict", "refused", "preview"


def _rows(request: HttpRequest, pending: list[Pending], *, write: bool) -> list[Row]:
    rows: list[Row] = []
    matches: dict[int, Match | None] = {}
    for item in sorted(pending, key=lambda p: (p.match_id, p.number or 0)):
        if item.match_id not in matches:
            try:
                matches[item.match_id] = managed_match(request, item.match_id)
            except (Http404, PermissionDenied) as error:
                if isinstance(error, SignInRequired):
                    raise
                matches[item.match_id] = None
        match = matches[item.match_id]
        if match is None:
            rows.append(Row(None, item.number, (), _("Not a match you organize."), "refused"))
            continue
        form = entry_form(match, scoreboard(match).played, data=item.fields)
        entry = form.entry()
        if entry is None:
            problems = " ".join(str(e) for errors in form.errors.values() for e in errors)
            rows.append(Row(match, item.number, (), _("Unreadable: %(why)s") % {"why": problems}, "refused"))
            continue
        words = tuple(entry_words(match, entry))
        if not write:
            rows.append(Row(match, item.number, words, "", "preview"))
            continue
        rows.append(_record(request, match, item, entry, words))
    return rows


def _record(request: HttpRequest, match: Match, item: Pending, entry: Any, words: tuple[str, ...]) -> Row:
    try:
        written = deals.deal_record_numbered(
            match_id=match.pk,
            number=item.number,
            entry=entry,
            actor=actor_for(request),
            source=Source.IMPORT,
            idempotency_key=item.key,
        )
    except ServiceError as error:
        return Row(match, item.number, words, _("Refused: %(rule)s.") % {"rule": error.rule}, "refused")
    if written.conflict is not None:
        said = _("Another entry is already scored for this deal: a conflict to settle on the match's page.")
        return Row(match, written.conflict.number, words, said, "conflict")
    assert written.write is not None
    number = written.write.deal.number
    if written.write.created:
        return Row(match, number, words, _("Saved."), "saved")
    return Row(match, number, words, _("Already saved: nothing changed."), "already")


@never_cache
@require_http_methods(["GET", "POST"])
def outbox_import(request: HttpRequest) -> HttpResponse:
    """GET: the form (and, with ``?d=``, the deals of a scanned code, to confirm); POST: import."""
    if not is_signed_in(request.user):
        raise SignInRequired("sign in as an organizer of the club")
    text = request.POST.get("text", "") if request.method == "POST" else ""
    upload = request.FILES.get("file") if request.method == "POST" else None
    if upload is not None and upload.size is not None and upload.size <= MOST:
        text = upload.read().decode("utf-8", "replace")
    if request.method == "GET" and request.GET.get("d"):
        text = request.GET["d"]
    context: dict[str, Any] = {"text": text, "rows": [], "done": False}
    status = 200
    if text:
        try:
            pending = read_pending(text)
        except Unreadable as error:
            context["problem"] = str(error)
            status = 400
        else:
            context["rows"] = _rows(request, pending, write=request.method == "POST")
            context["done"] = request.method == "POST"
    return render(request, "scoring/outbox_import.html", context, status=status)
