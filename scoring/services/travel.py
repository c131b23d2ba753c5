"""The write a friendly match's arrival makes besides its rows (``scoring.travel.friendly``): the
match takes the evening file's identity, its ``public_id``.

Its own module because it belongs to an arrival, not to a match's play: the rows themselves are
written by the import's loader (``scoring.travel.rows``, one transaction with the rest of the
arrival, ``clubs.travel.journey``). Unlike the other scoring writes it makes no audit event and
bumps no revision: the trail is part of the file, and the match here must read back exactly as the
file (its fingerprint). The arrival holds the match's row lock and its transaction.
"""

from __future__ import annotations

import uuid

from scoring.models import Match


def match_public_id_set(*, match: Match, public_id: uuid.UUID) -> Match:
    """Give ``match`` the identity ``public_id`` (in one ``UPDATE``, no other column touched) and
    read it back from the database: the match as it now is."""
    Match.objects.filter(pk=match.pk).update(public_id=public_id)
    match.refresh_from_db()
    return match
