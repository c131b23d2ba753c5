"""The write a tournament's arrival makes besides its rows (``tournaments.travel.service``): the
tournament takes the evening file's identity, its ``evening`` id.

Its own module because it belongs to an arrival, not to running a tournament: the rows themselves
are written by the import's loader (``tournaments.travel.load``, one transaction with the rest of
the arrival, ``clubs.travel.journey``). No revision bump and no follow-up task: the arrival
recomputes the standings once it has read the evening back. The arrival holds the tournament's row
lock and its transaction.
"""

from __future__ import annotations

import uuid

from tournaments.models import Tournament


def tournament_evening_set(*, tournament: Tournament, evening: uuid.UUID) -> Tournament:
    """Give ``tournament`` the evening id ``evening`` (that column alone)."""
    tournament.evening = evening
    tournament.save(update_fields=["evening"])
    return tournament
