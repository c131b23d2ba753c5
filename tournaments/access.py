"""Which tournament a request names, for everyone or for an organizer of its club only.

Reading a tournament needs nothing; every change needs an organizer of its club
(``clubs.access``). What this module does not do: refuse table links (the API does, since only a
request to the API can carry one).
"""

from __future__ import annotations

from typing import Any

from clubs.access import get_for_organizer, one_or_404
from tournaments.models import Tournament


def tournament_or_404(pk: int) -> Tournament:
    """The tournament ``pk`` with its club; a 404 when there is none."""
    return one_or_404(Tournament.objects.select_related("club"), "tournament", pk=pk)


def tournament_for_organizer(user: Any, pk: int) -> Tournament:
    """As :func:`tournament_or_404`, for an organizer of its club only (others: sign in, or 403)."""
    return get_for_organizer(user, Tournament.objects.select_related("club"), "tournament", pk=pk)
