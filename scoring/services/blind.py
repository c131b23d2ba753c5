"""Double-blind confirmation: each side enters the whole match on its own link, into its own
ledger; once every side has entered it, the ledgers are compared deal by deal, field by field.

- :func:`blind_record` appends a deal to one side's ledger (:class:`~scoring.models.BlindEntry`),
  checked by the game like any deal. A side never sees another side's ledger (the scorer page of a
  side's link shows its own entries only; the match's official deals stay empty meanwhile).
- When the last side's ledger is complete (the game says the match is over), :func:`_compare`
  runs: identical ledgers become the match's official deals (a deal and a version each, as a
  write would leave them) and the result is ``confirmed``; different ones leave the official
  deals empty and the result ``disputed``, with the differences (:func:`differences`) stored in
  the result's detail for the director.
- :func:`blind_pick`: the director resolves a dispute with one side's version (it becomes the
  official deals; the result is ``confirmed``). The director may instead enter their own score on
  the match's scorer page (``scoring.services.lifecycle``: the director's writes count as confirmed once
  the match is over) or void the result (``scoring.services.results``).

Every write is one transaction with the match row locked and an audit event. What this module
does not do: decide the other transitions (``scoring/result_states.py``) or render anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from games import GameError
from scoring.models import AuditAction, BlindEntry, Deal, DealVersion, Match, MatchStatus, Source
from scoring.result_states import Action, Confirmation, Refused, ResultStatus, step, why_not
from scoring.services.common import announce, audit, by, game_error, locked_match, store_state
from scoring.services.ledger import replay
from scoring.services.lifecycle import closed_said, move, role_of, status_of

#: A deal entry as its game defines it.
Entry = Any
#: The key of the differences in a disputed result's detail.
DIFF = "diff"


def is_blind(match: Match) -> bool:
    return bool(match.confirmation == Confirmation.DOUBLE_BLIND)


@dataclass(frozen=True)
class BlindWrite:
    """What a side's entry leaves: the match, the deal's number in the side's ledger, whether the
    side has now entered the whole match, and where the result stands."""

    match: Match
    side: int
    number: int
    finished: bool

    @property
    def status(self) -> ResultStatus:
        return ResultStatus(self.match.result_status)


def ledger_of(match: Match, side: int) -> list[Entry]:
    """Side ``side``'s own entries of ``match``, in order."""
    return list(
        BlindEntry.objects.filter(match=match, side=side).order_by("number").values_list("entry", flat=True)
    )


def ledgers(match: Match) -> list[list[Entry]]:
    """Every side's own entries, by side index."""
    found: list[list[Entry]] = [[] for _side in match.sides]
    rows = BlindEntry.objects.filter(match=match).order_by("side", "number").values_list("side", "entry")
    for side, entry in rows:
        if 0 <= side < len(found):
            found[side].append(entry)
    return found


def _side_name(match: Match, side: int | None) -> str:
    if side is None:
        raise Conflict(_("each side enters a double-blind match through its own link"), "side")
    if not 0 <= side < len(match.sides):
        raise InvalidEntry(_("side must be one of the match's sides"), "side")
    return str(match.sides[side])


def blind_record(*, match_id: int, side: int | None, entry: Entry, actor: Actor) -> BlindWrite:
    """Append ``entry`` to side ``side``'s own ledger of a double-blind match; the side that
    completes the last ledger has every ledger compared (:func:`_compare`)."""
    with transaction.atomic():
        match = locked_match(match_id)
        if not is_blind(match):
            raise Conflict(_("only a double-blind match keeps a ledger per side"), None)
        name = _side_name(match, side)
        assert side is not None
        status = status_of(match)
        if match.status == MatchStatus.ABANDONED:
            raise Conflict(_("the match was abandoned"), None)
        if status != ResultStatus.OPEN:
            raise Conflict(why_not(status, closed_said(match)), None, result=status.value)
        mine = ledger_of(match, side)
        current = replay(match, mine)
        if current.finished:
            raise Conflict(
                _("%(side)s has entered the whole match already: waiting for the other side")
                % {"side": name},
                None,
            )
        try:
            state = current.play(entry)
        except GameError as error:
            raise game_error(error) from None
        number = len(mine) + 1
        BlindEntry.objects.create(
            club_id=match.club_id,
            match=match,
            side=side,
            number=number,
            entry=entry,
            actor_label=actor.label,
            actor_ip=actor.ip,
        )
        audit(
            match,
            AuditAction.BLIND_RECORDED,
            actor,
            deal_number=number,
            detail={"side": name, "entry": entry},
        )
        if state.finished:
            before = match.detail
            entered = [s for s in match.sides if s in before.sides_entered or s == name]
            match.result_detail = before.but(entered=tuple(entered)).as_json()
            match.save(update_fields=["result_detail", "updated_at"])
            if len(entered) == len(match.sides):
                _compare(match, actor)
        match.revision += 1
        match.save(update_fields=["revision"])
        announce(match)
        return BlindWrite(match, side, number, state.finished)


def blind_undo(*, match_id: int, side: int | None, actor: Actor) -> int:
    """Take back side ``side``'s last entry while the ledgers are not compared yet (a side fixing
    a typo before the other side has finished); returns the deal number taken back. The trail
    keeps the entry."""
    with transaction.atomic():
        match = locked_match(match_id)
        if not is_blind(match):
            raise Conflict(_("only a double-blind match keeps a ledger per side"), None)
        name = _side_name(match, side)
        assert side is not None
        status = status_of(match)
        if status != ResultStatus.OPEN:
            raise Conflict(why_not(status, closed_said(match)), None, result=status.value)
        last = BlindEntry.objects.filter(match=match, side=side).order_by("-number").first()
        if last is None:
            raise Conflict(_("%(side)s has entered no deal yet") % {"side": name}, None)
        last.delete()
        before = match.detail
        entered = [s for s in before.sides_entered if s != name]
        match.result_detail = before.but(entered=tuple(entered)).as_json()
        match.revision += 1
        match.save(update_fields=["result_detail", "revision", "updated_at"])
        audit(
            match,
            AuditAction.BLIND_UNDONE,
            actor,
            deal_number=last.number,
            detail={"side": name, "entry": last.entry},
        )
        announce(match)
        return last.number


def differences(match: Match, books: Sequence[Sequence[Entry]]) -> list[dict[str, Any]]:
    """Where the sides' ledgers differ: one row per deal and field, with each side's value
    (``None`` where a side has no such deal or field). A deal one side has and another has not is
    one row with the field ``"deal"``."""
    rows: list[dict[str, Any]] = []
    for index in range(max((len(book) for book in books), default=0)):
        deals = [book[index] if index < len(book) else None for book in books]
        if all(deal == deals[0] for deal in deals):
            continue
        if any(deal is None for deal in deals):
            rows.append({"deal": index + 1, "field": "deal", "values": [d is not None for d in deals]})
            continue
        fields = sorted({key for deal in deals if isinstance(deal, dict) for key in deal})
        if not all(isinstance(deal, dict) for deal in deals):
            fields = []
        for field in fields or ["entry"]:
            values = [deal.get(field) if fields and isinstance(deal, dict) else deal for deal in deals]
            if any(value != values[0] for value in values):
                rows.append({"deal": index + 1, "field": field, "values": values})
    return rows


def _compare(match: Match, actor: Actor) -> None:
    """Every side has entered the whole match: identical ledgers confirm the result (and become
    the official deals); different ones dispute it, with the differences."""
    books = ledgers(match)
    diff = differences(match, books)
    entered = list(match.sides)
    if not diff:
        _adopt(match, books[0], actor)
        move(match, ResultStatus.CONFIRMED, actor, entered=entered, how="identical")
    else:
        reason = _("the sides' entries differ")
        move(match, ResultStatus.DISPUTED, actor, entered=entered, reason=reason, **{DIFF: diff})
    detail = {"from": ResultStatus.OPEN.value, "to": match.result_status, "identical": not diff}
    audit(match, AuditAction.BLIND_COMPARED, actor, detail={**detail, **({DIFF: diff} if diff else {})})


def _adopt(match: Match, entries: list[Entry], actor: Actor, source: Source = Source.WEB) -> None:
    """Make ``entries`` the match's official deals: a deal and its first version each, the
    match's state replayed from them (as a write would leave them)."""
    if Deal.objects.filter(match=match, voided=False).exists():
        raise Conflict(
            _("the director has entered deals already: finish that score, or void those deals first"), None
        )
    first = Deal.objects.filter(match=match).order_by("-number").values_list("number", flat=True).first() or 0
    try:
        state = replay(match, entries)
    except GameError as error:  # the game changed its rules since: the director enters the score
        raise game_error(error) from None
    refs = []
    for offset, entry in enumerate(entries, start=1):
        deal = Deal.objects.create(club_id=match.club_id, match=match, number=first + offset)
        DealVersion.objects.create(
            club_id=match.club_id, deal=deal, version=1, entry=entry, source=source, **by(actor)
        )
        refs.append((deal.number, 1))
    store_state(match, state, refs)


def blind_pick(*, match_id: int, side: int, actor: Actor, reason: str = "") -> Match:
    """The director resolves a double-blind dispute with side ``side``'s version: it becomes the
    match's deals and the result is confirmed."""
    with transaction.atomic():
        match = locked_match(match_id)
        if not is_blind(match):
            raise Conflict(_("only a double-blind match has a version per side"), None)
        name = _side_name(match, side)
        status = status_of(match)
        try:
            to = step(status, Action.RESOLVE, role_of(actor), closed=closed_said(match))
        except Refused as error:
            raise Conflict(str(error), "action", result=status.value) from None
        if status != ResultStatus.DISPUTED:
            raise Conflict(
                _("only a disputed result is settled by picking a side's version"),
                "action",
                result=status.value,
            )
        entries = ledger_of(match, side)
        if not replay(match, entries).finished:
            raise Conflict(_("%(side)s has not entered the whole match") % {"side": name}, "side")
        diff = [row.as_json() for row in match.detail.differences]
        _adopt(match, entries, actor, Source.ADMIN)
        move(match, to, actor, picked=name, reason=reason.strip(), entered=list(match.sides), **{DIFF: diff})
        match.revision += 1
        match.save(update_fields=["revision"])
        detail = {"from": status.value, "to": to.value, "side": name, "reason": reason.strip()}
        audit(match, AuditAction.BLIND_PICKED, actor, detail={k: v for k, v in detail.items() if v})
        announce(match)
    return match


def blind_clear(match: Match) -> int:
    """Empty every side's ledger (a double-blind result reopened before any official deal was
    kept: the sides enter the match again). Returns how many entries were dropped (the trail keeps
    them)."""
    count, _dropped = BlindEntry.objects.filter(match=match).delete()
    return count
