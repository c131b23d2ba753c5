"""What a deal write does to the match's result: the hooks ``scoring.services.deals`` calls around
``deal_record``, ``deal_correct`` and ``deal_void``, with the match row already locked.

Before the write, :func:`check_write` refuses a table link on a final or void result (409: "round
2 is closed: call the director") and asks the director correcting a final result for a reason.
After it, :func:`follow_write` moves the result where the transition table says
(``scoring.result_states.after_write``) and audits it through the calling service: the result's
new state, and the mark of a correction made after the round closed (listed by the tournaments
app). Who acts is read from the :class:`~clubs.access.Actor`: an organizer's account is the
director's authority, anything else is the table.

What this module does not do: lock or announce (the calling service does), or offer the
named actions (accept, reject, resolve, void, reopen, close: ``scoring/services/results.py``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from scoring.models import AuditAction, Match
from scoring.result_detail import ResultDetail
from scoring.result_states import Confirmation, ResultStatus, Role, after_write, refusal_code, why_not
from scoring.titles import RoundName, said_round

#: The audit event of a result moved by a deal write, by the state it lands in.
MOVED_BY_WRITE = {
    ResultStatus.OPEN: AuditAction.RESULT_OPENED,
    ResultStatus.SUBMITTED: AuditAction.RESULT_SUBMITTED,
    ResultStatus.CONFIRMED: AuditAction.RESULT_CONFIRMED,
}

#: How the calling service writes its audit events (``scoring.services.common.audit``).
Audit = Callable[..., Any]


def role_of(actor: Actor) -> Role:
    """The director when an organizer's account writes (through the API, the console or even the
    table's link while signed in); the table otherwise."""
    return Role.DIRECTOR if actor.account is not None else Role.TABLE


def status_of(match: Match) -> ResultStatus:
    return ResultStatus(match.result_status)


def closed_name(match: Match) -> RoundName | None:
    """The round that closed the result (its number, or a bracket round's label), if one did."""
    return match.detail.closed


def closed_said(match: Match) -> str:
    """The closing round's name said in the active language ("ronde 2"), for a refusal."""
    return said_round(closed_name(match))


def needs_reason(match: Match) -> bool:
    """A write to this match must say why: its round is closed and its result final (the pages
    ask for the reason from this rule, not from a copy of it)."""
    return status_of(match) == ResultStatus.FINAL


def check_write(match: Match, actor: Actor, *, reason: str = "") -> None:
    """Refuse a deal write the result's state does not allow (before anything is written)."""
    status = status_of(match)
    if role_of(actor) == Role.TABLE and status in (ResultStatus.FINAL, ResultStatus.VOID):
        closed = closed_said(match)
        raise Conflict(why_not(status, closed), None, code=refusal_code(status, closed), result=status.value)
    if role_of(actor) == Role.TABLE and match.confirmation == Confirmation.DOUBLE_BLIND:
        # The official deals of a double-blind match are the compared ledgers (scoring/services/blind.py)
        # or the director's score: a side enters the match into its own ledger, on its own link.
        raise Conflict(
            _("each side enters a double-blind match through its own link"),
            None,
            code="double_blind_own_link",
            result=status.value,
        )
    if needs_reason(match) and not reason.strip():
        closed = closed_said(match)
        said = (
            _("%(round)s is closed: say why its result is corrected") % {"round": closed}
            if closed
            else _("the round is closed: say why its result is corrected")
        )
        raise InvalidEntry(said, "reason")


def move(match: Match, to: ResultStatus, actor: Actor, **detail: Any) -> None:
    """Put the result in state ``to`` now, with what the move records (who accepted or rejected
    and why; the closed round stays with a final result)."""
    closed = closed_name(match)
    kept = {"closed": closed} if to == ResultStatus.FINAL and closed is not None else {}
    match.result_status = to
    match.result_at = timezone.now()
    recorded = {**kept, "actor": actor.label, **{k: v for k, v in detail.items() if v}}
    match.result_detail = ResultDetail.of(recorded).as_json()
    match.save(update_fields=["result_status", "result_at", "result_detail", "updated_at"])


def follow_write(
    match: Match, actor: Actor, audit: Audit, *, finished: bool, deal: int, reason: str = ""
) -> None:
    """After a deal write to deal ``deal``: where the result now stands, in the trail (``audit``:
    the service's own way of writing an event)."""
    status = status_of(match)
    if status == ResultStatus.FINAL:
        detail = {"reason": reason.strip(), "closed": closed_name(match)}
        audit(match, AuditAction.RESULT_CORRECTED, actor, deal_number=deal, detail=detail)
    to = after_write(
        status,
        role=role_of(actor),
        finished=finished,
        confirmation=Confirmation(match.confirmation),
        closed=closed_said(match),
    )
    if to != status:
        move(match, to, actor)
        detail = {"from": status.value, "to": to.value}
        audit(match, MOVED_BY_WRITE[to], actor, deal_number=deal, detail=detail)
