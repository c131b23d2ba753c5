"""Which match a request names, and whether it may score it.

Reading a match needs nothing. Scoring it (recording, correcting, voiding deals) needs the match's
own table link (the scorer page ``/t/<token>/``, or the API's ``Authorization: Table <token>``) or an
organizer of its club (``clubs.access``). A place's link (a tournament's physical table,
``scoring.places``) is the link of the match played there now. What this module does not do: sign
or check tokens (``scoring/links.py``) or throttle bad ones (``scoring/throttling.py``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.utils.translation import gettext_lazy

from clubs.access import can_manage, one_or_404
from scoring import part_of
from scoring.links import is_place, match_for_token, place_now, signed_payload
from scoring.models import Deal, Match
from scoring.places import Now, Waiting

#: Why a scorer link is refused, and what to do.
NOT_VALID = gettext_lazy("this scorer link no longer works: it was replaced or revoked, or mistyped")


def match_or_404(pk: int) -> Match:
    """The match ``pk`` with its club; a 404 when there is none."""
    return one_or_404(Match.objects.select_related("club"), "match", pk=pk)


def deal_or_404(match: Match, number: int) -> Deal:
    """Deal ``number`` of ``match`` (voided or not); a 404 when the match has none."""
    return one_or_404(match.deals.all(), "deal", number=number)


def scorer_match(token: str) -> Match:
    """The match a scorer link grants; 403 for a link that was revoked or mistyped. A place's
    link grants the match played there now, and raises :class:`~scoring.places.Waiting` while
    there is none."""
    now = place_for(token)
    match = now.match if now is not None else match_for_token(token)
    if now is not None and match is None:
        raise Waiting(now)
    if match is None:
        raise PermissionDenied(NOT_VALID)
    return match


def place_for(token: str) -> Now | None:
    """What a place's link shows now; ``None`` for a match's link; 403 for a place's link that
    was replaced or revoked."""
    payload = signed_payload(token)
    if payload is None or not is_place(payload):
        return None
    now = place_now(payload)
    if now is None:
        raise PermissionDenied(NOT_VALID)
    return now


def can_score(user: Any, table_match: Match | None, match: Match) -> bool:
    """Whether a write to ``match`` is allowed: its table link, or an organizer of its club."""
    if table_match is not None and table_match.pk == match.pk:
        return True
    return can_manage(user, match.club_id)


#: Why the public may not read a match's score now (a tournament's blind finish).
HIDDEN = gettext_lazy("this match's score is hidden until the prize-giving")


def hidden_from(request: Any, match: Match) -> bool:
    """Whether ``match``'s score is hidden from whoever makes ``request``: the public, while a
    tournament's blind finish hides its round (``scoring.part_of.hidden``); never from the
    club's organizers or the match's own table link."""
    if not part_of.hidden(match):
        return False
    grant = getattr(request, "auth", None)
    own_table = getattr(grant, "match", None) == match
    return not own_table and not can_manage(request.user, match.club_id)


def readable_match_or_404(request: Any, pk: int) -> Match:
    """The match ``pk`` for a public read; a 404 while its score is hidden from the reader."""
    match = match_or_404(pk)
    if hidden_from(request, match):
        raise Http404(str(HIDDEN))
    return match
