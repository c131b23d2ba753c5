"""Checking entrants in, recording what they paid, and withdrawing the absentees before a draw.

:func:`entrant_update` is the one write behind the entrant's ``PATCH`` (and the console's toggles,
and the entrant's own check-in link): any of withdrawn, checked in and paid, in one transaction.
Each is a state, not an event: setting the value it already has changes nothing (no revision, no
audit event), so a double tap or a request sent twice records once. A change of check-in or of the
amount paid is an audit event of the entrant (a place ``e:<id>`` in the trail, as a physical
table's link is ``t:<id>``), naming who made it; the revision moves so the console and the public
page see it.

:func:`absentees_withdraw` withdraws, before a round's draw, every entrant the draw would seat who
has not checked in (each through ``entrant_withdraw``, as the console's own button does).

What this module does not do: decide whether the draw waits (``tournaments.check_in``), or parse
input (``tournaments.contracts.EntrantChange``).
"""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext

from clubs.access import Actor
from clubs.errors import Conflict, NotFound
from scoring.models import AuditAction
from scoring.services.common import audit_place
from tournaments import check_in
from tournaments.models import Entrant, RoundStatus, TournamentStatus
from tournaments.services.common import SYSTEM, bump_revision, lock_tournament
from tournaments.services.entrants import entrant_withdraw

#: The kind of place an entrant is in the audit trail ("e:<id>").
ENTRANT_PLACE = "e"


def entrant_update(
    *,
    entrant_id: int,
    withdrawn: bool | None = None,
    checked_in: bool | None = None,
    paid: int | None = None,
    actor: Actor = SYSTEM,
) -> Entrant:
    """Change what is given of an entrant (``None``: left as it is); the contract has checked each
    value. Idempotent: a value the entrant already has changes nothing."""
    found = Entrant.objects.filter(pk=entrant_id).values_list("tournament_id", flat=True).first()
    if found is None:
        raise NotFound(gettext("no such entrant"))
    with transaction.atomic():
        tournament = lock_tournament(found)
        if withdrawn is not None:
            entrant_withdraw(entrant_id=entrant_id, withdrawn=withdrawn, actor=actor)
        entrant = Entrant.objects.get(pk=entrant_id)
        changed: list[str] = []
        if checked_in is not None and entrant.checked_in != checked_in:
            entrant.checked_in = checked_in
            changed.append("checked_in")
            action = AuditAction.ENTRANT_CHECKED_IN if checked_in else AuditAction.CHECK_IN_UNDONE
            audit_place(
                tournament.club_id, ENTRANT_PLACE, entrant.pk, action, actor, detail={"name": entrant.name}
            )
        if paid is not None and entrant.paid != paid:
            detail = {"name": entrant.name, "paid": paid, "before": entrant.paid}
            entrant.paid = paid
            changed.append("paid")
            audit_place(
                tournament.club_id, ENTRANT_PLACE, entrant.pk, AuditAction.ENTRANT_PAID, actor, detail=detail
            )
        if changed:
            entrant.save(update_fields=changed)
            bump_revision(tournament)
    return entrant


def entrant_check_in(*, entrant_id: int, actor: Actor) -> Entrant:
    """The entrant says it is here, from its own link (twice: still here). A withdrawn entrant
    asks the organizer to put it back in (that is the organizer's call), and a finished
    tournament takes no check-in."""
    entrant = Entrant.objects.filter(pk=entrant_id).select_related("tournament").first()
    if entrant is None:
        raise NotFound(gettext("no such entrant"))
    if entrant.tournament.status == TournamentStatus.FINISHED:
        raise Conflict(gettext("the tournament is finished"), None)
    if entrant.withdrawn:
        raise Conflict(
            gettext("you are withdrawn from the tournament: ask the organizer to put you back in"), None
        )
    return entrant_update(entrant_id=entrant.pk, checked_in=True, actor=actor)


def absentees_withdraw(*, tournament_id: int, actor: Actor = SYSTEM) -> list[Entrant]:
    """Withdraw every entrant the next draw would seat who has not checked in; returns them (none
    when everyone is here, so running it twice withdraws nobody the second time)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if tournament.status == TournamentStatus.FINISHED:
            raise Conflict(gettext("the tournament is finished"), None)
        if tournament.rounds.filter(status=RoundStatus.BUILDING).exists():
            raise Conflict(
                gettext("a round is being drawn: withdraw the absentees before the next one"), None
            )
        absent = check_in.missing(tournament).absent
        for entrant in absent:
            entrant_withdraw(entrant_id=entrant.pk, withdrawn=True, actor=actor)
    return list(absent)
