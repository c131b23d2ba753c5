"""The travel record of an evening (``clubs.models.EveningTravel``): written each time the evening
leaves or arrives (``clubs.travel.journey``), by the journey's transaction.

Its own module because the record belongs to no one app's evening: a tournament and a friendly
match both travel through ``clubs.travel.journey``, which computes the record
(``clubs.travel.lineage.recorded``) and hands it here. No permission check and no lock of its own:
the journey holds the evening's row lock, and its caller has decided who may move the evening.
"""

from __future__ import annotations

import uuid
from typing import Any

from clubs.models import EveningTravel


def evening_travel_keep(
    *, club_id: int, evening: uuid.UUID, history: list[str], known: dict[str, Any]
) -> EveningTravel:
    """Store the travel record of ``evening`` (its fingerprints on its way, and the parts of those
    this site saw), made or replaced, under ``club_id``."""
    travel, _created = EveningTravel.objects.update_or_create(
        evening=evening, defaults={"club_id": club_id, "history": history, "known": known}
    )
    return travel
