"""A table asks the director to correct a deal of a result its round already closed.

Once a round is closed its results are final: a table's link may no longer write them
(``scoring/services/lifecycle.py``), only the director corrects them, with a reason. The table's way to
the director is a request naming the deal and saying what is wrong (:func:`correction_ask`); the
results desk lists the open ones. A request leaves that list when the director corrects that
deal (:func:`settle_by_write`, called by the deal services inside their transaction) or
dismisses it (:func:`correction_dismiss`); the row stays, with who settled it, and each step
has its audit event. Asking again for a deal whose request is open is the same request (a phone
repeating its POST creates one).

What this module does not do: correct the deal (``scoring.services.deals``) or show the
requests (the desk, ``tournaments/desk.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry, NotFound
from scoring.models import AuditAction, CorrectionRequest, CorrectionRequestStatus, Match
from scoring.result_states import ResultStatus, Role
from scoring.services.common import audit, by, locked_match
from scoring.services.lifecycle import role_of, status_of
from scoring.services.results import acting_side, named_deal

#: What the request must say.
NEED_A_REASON = gettext_lazy("say what is wrong with the deal")


@dataclass(frozen=True)
class Asked:
    """The open request for the deal; ``created`` is false when it was already there."""

    request: CorrectionRequest
    created: bool


def correction_ask(
    *,
    match_id: int,
    deal: int,
    reason: str,
    actor: Actor,
    side: str | None = None,
    link_side: int | None = None,
) -> Asked:
    """Ask the director to correct deal ``deal`` of the match, whose round is closed, saying
    why; ``side``/``link_side``: who asks, as for a rejection (``scoring.services.results.acting_side``)."""
    reason = reason.strip()
    with transaction.atomic():
        match = locked_match(match_id)
        if status_of(match) != ResultStatus.FINAL:
            raise Conflict(
                _("the round is not closed: the deal is corrected on the table's link"),
                None,
                code="round_not_closed",
                result=match.result_status,
            )
        number = named_deal(match, deal)
        if number is None:
            raise InvalidEntry(_("name the deal to correct"), "deal")
        if not reason:
            raise InvalidEntry(str(NEED_A_REASON), "reason")
        who = acting_side(match, actor, side, link_side)
        found = CorrectionRequest.objects.filter(
            match=match, deal_number=number, status=CorrectionRequestStatus.OPEN
        ).first()
        if found is not None:
            return Asked(found, created=False)
        request = CorrectionRequest.objects.create(
            club_id=match.club_id, match=match, deal_number=number, reason=reason[:300], side=who, **by(actor)
        )
        _touch(match)
        audit(
            match,
            AuditAction.CORRECTION_ASKED,
            actor,
            deal_number=number,
            detail={k: v for k, v in {"reason": reason, "side": who}.items() if v},
        )
    return Asked(request, created=True)


def correction_dismiss(*, request_id: int, actor: Actor, reason: str = "") -> CorrectionRequest:
    """The director dismisses an open request (the deal stands as it is), saying why if they like."""
    match_id = CorrectionRequest.objects.filter(pk=request_id).values_list("match_id", flat=True).first()
    if match_id is None:
        raise NotFound(_("no such correction request"))
    with transaction.atomic():
        match = locked_match(match_id)
        if role_of(actor) != Role.DIRECTOR:
            raise Conflict(_("only the director dismisses a correction request"), None)
        request = CorrectionRequest.objects.select_for_update().get(pk=request_id)
        if request.status != CorrectionRequestStatus.OPEN:
            raise Conflict(
                _("this request was already settled: %(status)s") % {"status": request.get_status_display()},
                None,
                code="request_settled",
            )
        _settle(request, CorrectionRequestStatus.DISMISSED, actor, reason.strip())
        _touch(match)
        detail = {
            "asked": request.reason,
            **({"reason": request.settled_reason} if request.settled_reason else {}),
        }
        audit(match, AuditAction.CORRECTION_DISMISSED, actor, deal_number=request.deal_number, detail=detail)
    return request


def settle_by_write(match: Match, actor: Actor, deal: int, reason: str) -> int:
    """The director corrected (or voided) deal ``deal``: its open request is answered. Inside the
    deal service's transaction, the match row locked. Returns how many were settled."""
    if role_of(actor) != Role.DIRECTOR:
        return 0
    found = list(
        CorrectionRequest.objects.select_for_update().filter(
            match=match, deal_number=deal, status=CorrectionRequestStatus.OPEN
        )
    )
    for request in found:
        _settle(request, CorrectionRequestStatus.CORRECTED, actor, reason.strip())
        audit(match, AuditAction.CORRECTION_DONE, actor, deal_number=deal, detail={"asked": request.reason})
    return len(found)


def _settle(request: CorrectionRequest, status: CorrectionRequestStatus, actor: Actor, reason: str) -> None:
    request.status = status
    request.settled_by = actor.label
    request.settled_at = timezone.now()
    request.settled_reason = reason[:300]
    request.save(update_fields=["status", "settled_by", "settled_at", "settled_reason"])


def _touch(match: Match) -> None:
    """A request changes what the match's pages show (the request said as sent): their ETag moves."""
    match.revision += 1
    match.save(update_fields=["revision"])
