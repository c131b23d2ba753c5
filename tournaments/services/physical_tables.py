"""The room's numbered tables and their one scorer link each for the whole event.

A physical table is made the first time a round opens a table of its number (``tables.open_table``
calls :func:`physical_table_ensure`), or before round 1 when the organizer prepares the slips
(:func:`physical_tables_prepare`). Its link opens whatever match is played at it now
(``tournaments.physical_tables``); revoking or renewing it rotates its secret, so every earlier
link, QR code and code stops at once (:func:`physical_table_revoke`).

What this module does not do: decide which match a table plays now (``tournaments.physical_tables``
reads it), or check who may act (the edges do).
"""

from __future__ import annotations

import logging

from django.db import transaction
from django.utils.translation import gettext

from clubs.access import Actor
from clubs.errors import InvalidEntry, NotFound
from scoring.models import AuditAction, new_table_secret
from scoring.services.common import audit_place
from tournaments.models import PhysicalTable, Tournament
from tournaments.physical_tables import KIND
from tournaments.services.common import bump_revision, lock_tournament

logger = logging.getLogger(__name__)
#: The most tables a room is prepared with at once.
MOST_TABLES = 200


def physical_table_ensure(tournament: Tournament, number: int) -> PhysicalTable:
    """Table ``number`` of the tournament, made if it is the first time (call it with the
    tournament row locked, inside the caller's transaction)."""
    found, _ = PhysicalTable.objects.get_or_create(
        tournament=tournament, number=number, defaults={"club_id": tournament.club_id}
    )
    return found


def physical_tables_prepare(*, tournament_id: int, count: int) -> list[PhysicalTable]:
    """Make tables 1 to ``count`` (those missing), so their slips can be printed before round 1;
    the tables already made keep their links. Returns every table of the tournament."""
    if not 1 <= count <= MOST_TABLES:
        raise InvalidEntry(
            gettext("the number of tables must be between 1 and %(most)s") % {"most": MOST_TABLES}, "tables"
        )
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        made = set(tournament.physical_tables.values_list("number", flat=True))
        missing = [n for n in range(1, count + 1) if n not in made]
        PhysicalTable.objects.bulk_create(
            PhysicalTable(club_id=tournament.club_id, tournament=tournament, number=n) for n in missing
        )
        if missing:
            bump_revision(tournament)
        return list(tournament.physical_tables.order_by("number"))


def physical_table_revoke(
    *, tournament_id: int, number: int, actor: Actor, renew: bool = False
) -> PhysicalTable:
    """Stop table ``number``'s link at once; ``renew`` issues a fresh one (a new QR code and code)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        table = PhysicalTable.objects.select_for_update().filter(tournament=tournament, number=number).first()
        if table is None:
            raise NotFound(gettext("the tournament has no table %(number)s") % {"number": number})
        table.secret = new_table_secret()
        table.revoked = not renew
        table.save(update_fields=["secret", "revoked"])
        action = AuditAction.LINK_RENEWED if renew else AuditAction.LINK_REVOKED
        audit_place(tournament.club_id, KIND, table.pk, action, actor, detail={"table": number})
        bump_revision(tournament)
    logger.info(
        "table %s of tournament %s: link %s by %s",
        number,
        tournament_id,
        "renewed" if renew else "revoked",
        actor.label,
    )
    return table
