"""The named actions on a match's result: accept, reject, resolve, void, reopen, and closing a
round's results. One transaction each, the match row locked, an audit event, the match's revision
bumped (its pages and the tournament's live page see it) and, for a followed match, the change
announced so the tournament reads the result again.

The rules are the transition table's (``scoring/result_states.py``); a refused action is a 409
naming the state. Deal writes move the result too: that is ``scoring/services/lifecycle.py``, called by
``scoring.services.deals``. What this module does not do: decide which round a match belongs to or when
it closes (the tournaments app calls :func:`results_close` when it draws the next round).
"""

from __future__ import annotations

from collections.abc import Sequence

from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from scoring.models import AuditAction, Deal, Match, MatchStatus
from scoring.result_states import (
    Action,
    Confirmation,
    Refused,
    ResultStatus,
    Role,
    landing,
    step,
)
from scoring.services.blind import blind_clear
from scoring.services.common import announce, audit, locked_match
from scoring.services.lifecycle import closed_said, move, role_of, status_of
from scoring.titles import RoundName

#: The audit event of each named action.
AUDITED = {
    Action.ACCEPT: AuditAction.RESULT_ACCEPTED,
    Action.REJECT: AuditAction.RESULT_REJECTED,
    Action.RESOLVE: AuditAction.RESULT_RESOLVED,
    Action.VOID: AuditAction.RESULT_VOIDED,
    Action.REOPEN: AuditAction.RESULT_REOPENED,
    Action.CLOSE: AuditAction.RESULT_CLOSED,
}
#: The actions that need a reason: a rejection says what is wrong, the director says why.
NEED_A_REASON = {
    Action.REJECT: gettext_lazy("say what is wrong with the result"),
    Action.VOID: gettext_lazy("say why the result is voided"),
    Action.REOPEN: gettext_lazy("say why the result is reopened"),
}
#: The actions a side takes in its own name.
BY_A_SIDE = frozenset({Action.ACCEPT, Action.REJECT})


def result_act(
    *,
    match_id: int,
    action: Action,
    actor: Actor,
    side: str | None = None,
    link_side: int | None = None,
    entered: str | None = None,
    reason: str = "",
    deal: int | None = None,
) -> Match:
    """Take ``action`` on the match's result. ``side``: the side accepting or rejecting (in
    hand-over the accepting side picks itself); ``link_side``: the side whose own link made the
    request (own-device: a side accepts through its own link only); ``entered``: the side that
    entered the result, when the page asked (it cannot accept it); ``reason``: why; ``deal``: the
    deal a rejection says is wrong (none: the whole result), which the desk offers to correct."""
    reason = reason.strip()
    with transaction.atomic():
        match = locked_match(match_id)
        status = status_of(match)
        finished = match.status == MatchStatus.FINISHED
        if action in BY_A_SIDE:
            _check_blind(match, action, finished)
        try:
            to = step(status, action, role_of(actor), closed=closed_said(match))
        except Refused as error:
            raise Conflict(str(error), "action", code=error.code, result=status.value) from None
        _check_blind(match, action, finished)
        side = acting_side(match, actor, side, link_side) if action in BY_A_SIDE else None
        if action == Action.ACCEPT and side and side == entered:
            raise InvalidEntry(
                _("entered by %(side)s: the other side accepts the result") % {"side": side}, "side"
            )
        if action in NEED_A_REASON and not reason:
            raise InvalidEntry(str(NEED_A_REASON[action]), "reason")
        deal = named_deal(match, deal) if action == Action.REJECT else None
        to = landing(to, finished=finished, confirmation=Confirmation(match.confirmation))
        move(match, to, actor, by=side, reason=reason, deal=deal)
        match.revision += 1
        match.save(update_fields=["revision"])
        detail: dict[str, object] = {
            "from": status.value,
            "to": to.value,
            "side": side,
            "reason": reason,
            "deal": deal,
        }
        if action == Action.REOPEN and match.confirmation == Confirmation.DOUBLE_BLIND and not finished:
            detail["cleared"] = blind_clear(match)  # the sides enter the match again
        audit(match, AUDITED[action], actor, detail={k: v for k, v in detail.items() if v})
        announce(match)
    return match


def _check_blind(match: Match, action: Action, finished: bool) -> None:
    """A double-blind result is vouched for by comparing the sides' entries: nobody accepts or
    rejects it, and the director confirms only a score that is whole (picked or entered)."""
    if match.confirmation != Confirmation.DOUBLE_BLIND:
        return
    if action in BY_A_SIDE:
        raise Conflict(
            _("in a double-blind match both sides enter the match: their entries are compared"),
            "action",
            result=match.result_status,
        )
    if action == Action.RESOLVE and not finished:
        raise Conflict(
            _("pick one side's version or enter the director's score: the match has no whole score yet"),
            "action",
            result=match.result_status,
        )


def named_deal(match: Match, deal: int | None) -> int | None:
    """``deal`` if it is a live deal of the match (the one a side says is wrong); none stays none
    (the whole result). Anything else is refused naming the field ``deal``."""
    if deal is None:
        return None
    numbers = list(Deal.objects.filter(match=match, voided=False).values_list("number", flat=True))
    if deal in numbers:
        return deal
    if not numbers:
        raise InvalidEntry(_("the match has no deal yet"), "deal")
    raise InvalidEntry(
        _("the match has no deal %(n)s: name one of its deals (%(first)s to %(last)s)")
        % {"n": deal, "first": min(numbers), "last": max(numbers)},
        "deal",
    )


def acting_side(match: Match, actor: Actor, side: str | None, link_side: int | None) -> str:
    """The side accepting, rejecting or asking for a correction: named in the request
    (hand-over), or the side whose own link made it (own-device, where nobody speaks for the
    other side); the director needs none."""
    role = role_of(actor)
    if role == Role.DIRECTOR and side is None:
        return ""
    if match.confirmation == Confirmation.OWN_DEVICE and role == Role.TABLE:
        if link_side is None or not 0 <= link_side < len(match.sides):
            raise Conflict(_("each side accepts or rejects through its own link"), "side")
        if side is not None and side != match.sides[link_side]:
            raise InvalidEntry(
                _("this link is %(side)s's: it speaks for that side only") % {"side": match.sides[link_side]},
                "side",
            )
        return str(match.sides[link_side])
    if side is None or side not in match.sides:
        raise InvalidEntry(
            _("side must be one of the match's sides: %(sides)s") % {"sides": ", ".join(match.sides)}, "side"
        )
    return side


def results_close(*, match_ids: Sequence[int], closed: RoundName, actor: Actor) -> int:
    """Close the results of a round (``closed``: its number, or a bracket round's label): each
    becomes final, so a table link can no longer change it and only the director corrects it,
    with a reason. A void or already final result stays. Returns how many were closed
    (idempotent)."""
    count = 0
    with transaction.atomic():
        rows = Match.objects.select_for_update(of=("self",)).defer("state")
        for match in rows.filter(pk__in=list(match_ids)).order_by("pk"):
            status = status_of(match)
            if status in (ResultStatus.FINAL, ResultStatus.VOID):
                continue
            to = step(status, Action.CLOSE, Role.SYSTEM)
            match.result_detail = match.detail.but(closed=closed).as_json()
            move(match, to, actor)
            match.revision += 1
            match.save(update_fields=["revision"])
            audit(match, AuditAction.RESULT_CLOSED, actor, detail={"from": status.value, "closed": closed})
            count += 1
    return count
