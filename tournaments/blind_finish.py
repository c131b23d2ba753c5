"""A blind finish, applied to every public read: the rounds an event hides
(``tournaments.standings.blind_finish`` says which), the standings as they stood before them, and
ETags made of what is shown rather than of the revisions (a revision that moves tells that a
hidden score changed).

The public page, the projector, the round pages, the CSV files and the API's public reads ask
:func:`veil_of` and pass the veil on to the selectors; the desk and the console never do (they see
everything, labelled as hidden from the public until the organizer reveals it:
``services.tournaments.tournament_reveal``).

What this module does not do: decide the rule (the pure module does) or write.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from typing import TypeVar

from django.db.models import Max
from django.http import HttpRequest, HttpResponseBase
from rest_framework.request import Request

from clubs.access import can_manage
from scoring.authentication import TableGrant
from scoring.models import Match
from tablescore.conditional import conditional_get
from tournaments.corrections import Correction, corrections
from tournaments.models import RoundStatus, TableGame, Tournament
from tournaments.selectors import CachedStandings, cached_standings, standing_rows, stored_standings
from tournaments.standings.blind_finish import OPEN, Veil, veil

Answer = TypeVar("Answer", bound=HttpResponseBase)

#: A form's CSRF token in a page (left out of its digest).
CSRF_TOKEN = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]*"')
#: Stands in a page for its own ETag while it is rendered; replaced by the digest of the page.
SHOWN = "shown-etag"


def veil_of(tournament: Tournament) -> Veil:
    """What the public may not see of ``tournament`` now (one query, none for an open event)."""
    if tournament.blind_rounds <= 0 or tournament.revealed_at is not None:
        return OPEN
    drawn = tournament.rounds.exclude(status=RoundStatus.FAILED).aggregate(n=Max("number"))["n"] or 0
    return veil(planned=tournament.rounds_planned, blind=tournament.blind_rounds, drawn=drawn, revealed=False)


def public_standings(tournament: Tournament, shown: Veil) -> CachedStandings:
    """The standings the public sees: the cached ones, or, while ``shown`` hides rounds, those
    after the last round it shows (computed, with no time of update: it would tell when a
    hidden result came in)."""
    if not shown.active:
        return cached_standings(tournament)
    rows = standing_rows(tournament, until=shown.until)
    stored = {
        "rows": [row.as_json() for row in rows],
        "shown": [dict(row.shown) for row in rows],
        "metrics": list(tournament.tiebreaks),
    }
    return stored_standings(stored, tournament.tiebreaks, None, False)


def page_etag(shown: Veil, version: str) -> str:
    """The ETag a page carries in its body: ``version`` (its revisions), or :data:`SHOWN` while
    rounds are hidden (:func:`shown_get` puts the digest of the page there)."""
    return SHOWN if shown.active else version


def _digest(response: HttpResponseBase) -> str:
    data = getattr(response, "data", None)
    if data is not None:  # an API answer, not rendered yet: its document is what is shown
        body = json.dumps(data, sort_keys=True, default=str).encode()
    else:  # a page: its CSRF tokens change at every answer, what it shows does not
        body = CSRF_TOKEN.sub(b"", getattr(response, "content", b""))
    return "shown." + hashlib.sha256(body).hexdigest()[:20]


def shown_page(response: Answer) -> tuple[Answer, str]:
    """``response`` with its :data:`SHOWN` mark replaced by the digest of what it shows, and that
    digest: two events that differ only in hidden scores give the same page, byte for byte."""
    version = _digest(response)
    if getattr(response, "data", None) is not None:
        return response, version
    content = getattr(response, "content", None)
    if isinstance(content, bytes) and SHOWN.encode() in content:
        response.content = content.replace(SHOWN.encode(), version.encode())  # type: ignore[attr-defined]
    return response, version


def shown_get(
    request: HttpRequest | Request,
    shown: Veil,
    version: str,
    respond: Callable[[], HttpResponseBase],
    *,
    private: bool = False,
) -> HttpResponseBase:
    """``tablescore.conditional.conditional_get``, with an ETag made of what the answer shows
    while ``shown`` hides rounds (``version``, made of revisions, otherwise)."""
    if not shown.active:
        return conditional_get(request, version, respond, private=private)
    response, digest = shown_page(respond())
    return conditional_get(request, digest, lambda: response, private=private)


def public_corrections(tournament: Tournament, shown: Veil) -> list[Correction]:
    """The corrections made after their round closed, less those of the rounds ``shown`` hides."""
    return [c for c in corrections(tournament) if not shown.hides(c.round)]


#: Seconds the projector plays its reveal (the final standings come up one by one) after the
#: organizer reveals the standings.
REVEAL_SECONDS = 90


def revealing(tournament: Tournament, now: float) -> bool:
    """Whether the reveal is the moment now (``now`` in seconds since the epoch): the projector
    then brings the final standings up with a short animation."""
    at = tournament.revealed_at
    return at is not None and tournament.blind_rounds > 0 and 0 <= now - at.timestamp() < REVEAL_SECONDS


def veil_for(request: HttpRequest | Request, tournament: Tournament) -> Veil:
    """The veil of a read that organizers may also make (the API, the CSV files): none for an
    organizer of the club (a session or a token; a table link is not one), else :func:`veil_of`."""
    grant = isinstance(getattr(request, "auth", None), TableGrant)
    if not grant and can_manage(request.user, tournament.club_id):
        return OPEN
    return veil_of(tournament)


def table_match_hidden(match: Match) -> bool:
    """Whether ``match`` is played at a table of a round the public may not see yet: its
    scoreboard and its API documents wait for the reveal (``scoring.part_of.hidden``)."""
    where = (
        TableGame.objects.filter(match=match)
        .values_list("table__round__number", "table__round__tournament_id")
        .first()
    )
    if where is None:
        return False
    number, tournament_id = where
    tournament = Tournament.objects.get(pk=tournament_id)
    return veil_of(tournament).hides(number)


def prizes_wait(shown: Veil) -> bool:
    """Whether the prize list waits for the reveal: it follows the final standings, so a prize
    page, its API document and the projector's prize list show nothing while ``shown`` hides a
    round (the pages' context carries the veil as ``blind``)."""
    return shown.active
