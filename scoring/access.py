"""Which match a request names, and whether it may score it.

Reading a match needs nothing. Scoring it (recording, correcting, voiding deals) needs the match's
own table link (the scorer page ``/t/<token>/``, or the API's ``Authorization: Table <token>``) or an
organizer of its club (``clubs.access``). What this module does not do: sign or check tokens
(``scoring/links.py``) or throttle bad ones (``scoring/throttling.py``).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied

from clubs.access import can_manage, one_or_404
from scoring.links import match_for_token
from scoring.models import Deal, Match


def match_or_404(pk: int) -> Match:
    """The match ``pk`` with its club; a 404 when there is none."""
    return one_or_404(Match.objects.select_related("club"), "match", pk=pk)


def deal_or_404(match: Match, number: int) -> Deal:
    """Deal ``number`` of ``match`` (voided or not); a 404 when the match has none."""
    return one_or_404(match.deals.all(), "deal", number=number)


def scorer_match(token: str) -> Match:
    """The match a scorer link grants; 403 for a link that was revoked or mistyped."""
    match = match_for_token(token)
    if match is None:
        raise PermissionDenied("this scorer link is not valid: it was revoked or mistyped")
    return match


def can_score(user: Any, table_match: Match | None, match: Match) -> bool:
    """Whether a write to ``match`` is allowed: its table link, or an organizer of its club."""
    if table_match is not None and table_match.pk == match.pk:
        return True
    return can_manage(user, match.club_id)
