"""The writes of a deal: record one, correct one, void one. Each locks the match, reads its ledger in
one statement and appends: a deal or a version of it (never updated), an audit event, the match's
new state, and for a request sent with an ``Idempotency-Key`` the answer it got, so that a repeat
gets the same answer and changes nothing. A new deal resumes the game from the match's stored state
(``resume.py``), so its cost does not grow with the match; a correction or a void replays every
deal."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry, NotFound, ServiceError
from games import GameError, MatchState
from scoring.documents import deal_write_document
from scoring.game_texts import game_text
from scoring.models import (
    AuditAction,
    Deal,
    DealConflict,
    DealVersion,
    IdempotentRequest,
    Match,
    MatchStatus,
    Source,
)
from scoring.services import correction_requests, lifecycle
from scoring.services.common import (
    DEAL_WRITE_COLUMNS,
    DealRef,
    audit,
    by,
    game_error,
    locked_match,
    store_state,
)
from scoring.services.ledger import LedgerRow, ledger, ledger_of, ledger_statement, live, replay
from scoring.services.locked_read import locked_columns_then
from scoring.services.resume import standing

#: What an append reads of the match: what every deal write reads, and the two caches it resumes
#: the game from (``scoring/services/resume.py``).
APPEND_COLUMNS = (*DEAL_WRITE_COLUMNS, "state", "snapshot")

#: A deal entry as its game defines it (docs/games/README.md): plain JSON, checked by the game.
Entry = Any


@dataclass(frozen=True)
class DealWrite:
    """What a deal write leaves: the match as it now stands, the deal and its current version.

    ``created`` is false for the repeat of a request already answered (the same
    ``Idempotency-Key``), which changed nothing; ``answer`` is then the answer the first one got,
    and for a request with a key that created the deal, the answer stored for its repeats."""

    match: Match
    deal: Deal
    version: DealVersion
    created: bool = True
    answer: dict[str, Any] | None = None


@dataclass(frozen=True)
class Numbered:
    """What a numbered write did: the ``write`` (recorded, a repeated key's answer, or the same
    deal already scored: ``duplicate``), or a recorded ``conflict`` (no write)."""

    write: DealWrite | None
    conflict: DealConflict | None = None
    duplicate: bool = False


def deal_record(
    *,
    match_id: int,
    entry: Entry,
    actor: Actor,
    source: Source = Source.API,
    idempotency_key: str | None = None,
) -> DealWrite:
    """Append the next deal: :func:`deal_record_numbered` without a number (which never
    conflicts). A repeated ``idempotency_key`` gets the first write back, with ``created`` false
    and its first answer, and changes nothing; with another entry it is refused (409)."""
    written = deal_record_numbered(
        match_id=match_id,
        number=None,
        entry=entry,
        actor=actor,
        source=source,
        idempotency_key=idempotency_key,
    )
    assert written.write is not None
    return written.write


def deal_record_numbered(
    *,
    match_id: int,
    number: int | None,
    entry: Entry,
    actor: Actor,
    source: Source = Source.API,
    idempotency_key: str | None = None,
) -> Numbered:
    """Record ``entry`` as deal ``number`` of the match, the path every page and API call takes
    (#13: two phones at one table). The natural key (match, deal number) protects the match:

    - the number is the next one (or none is given): the deal is recorded;
    - the deal is already scored with the same entry (a second phone, or the same phone again
      with a new key): one deal, answered as saved (``duplicate``);
    - the deal is scored with another entry: a :class:`~scoring.models.DealConflict` is recorded
      (both versions kept, who and when) and nothing else changes, until the table or the
      director settles it (``scoring.services.conflicts``);
    - a number past the next one: refused (the deals before it are not in yet).

    One transaction, the match's row locked once, the match's deals read in one statement."""
    if number is not None and number < 1:
        raise Conflict(_("a deal number starts at 1"), "number")
    fingerprint = _fingerprint(entry) if idempotency_key or number is not None else ""
    try:
        with transaction.atomic():
            match, read = locked_columns_then(
                match_id, APPEND_COLUMNS, ledger_statement(match_id, key=idempotency_key, entries=False)
            )
            rows, earlier = ledger_of(read)
            if idempotency_key and earlier is not None:
                return Numbered(_repeat(match, idempotency_key, fingerprint, earlier))
            taken = next((row for row in rows if row.number == number), None)
            if taken is not None:
                return _taken(match, taken, entry, fingerprint, actor, source)
            last = rows[-1].number if rows else 0
            if number is not None and number > last + 1:
                raise Conflict(
                    _("deal %(number)s is not scored yet: the deals go in order") % {"number": last + 1},
                    "number",
                    next=last + 1,
                )
            return Numbered(_append(match, rows, entry, fingerprint, actor, source, idempotency_key))
    except IntegrityError:
        # Two requests with the same key raced past the lookup; the loser answers as a repeat.
        if idempotency_key:
            match = Match.objects.select_related("club").only(*DEAL_WRITE_COLUMNS).get(pk=match_id)
            earlier = ledger(match_id, key=idempotency_key).earlier
            if earlier is not None:
                return Numbered(_repeat(match, idempotency_key, fingerprint, earlier))
        raise


def _append(
    match: Match,
    rows: list[LedgerRow],
    entry: Entry,
    fingerprint: str,
    actor: Actor,
    source: Source,
    idempotency_key: str | None,
) -> DealWrite:
    """The next deal of the locked match, after ``rows`` (its deals, voided ones too)."""
    if match.status == MatchStatus.ABANDONED:
        raise Conflict(_("the match was abandoned"), None)
    lifecycle.check_write(match, actor)
    counted = live(rows)
    current = standing(match, counted)
    if current.finished:
        raise Conflict(_("the match is already finished"), None, outcome=current.as_json()["outcome"])
    try:
        state = current.play(entry)
    except GameError as error:
        raise game_error(error) from None
    deal = Deal.objects.create(club_id=match.club_id, match=match, number=rows[-1].number + 1 if rows else 1)
    version = _new_version(deal, entry, actor, source)
    store_state(match, state, [*_refs(counted), (deal.number, deal.version)])
    audit(
        match, AuditAction.DEAL_RECORDED, actor, deal_number=deal.number, version=1, detail={"entry": entry}
    )
    lifecycle.follow_write(match, actor, audit, finished=state.finished, deal=deal.number)
    if not idempotency_key:
        return DealWrite(match, deal, version)
    answer = deal_write_document(match, deal, version)
    IdempotentRequest.objects.create(
        club_id=match.club_id,
        match=match,
        key=idempotency_key,
        fingerprint=fingerprint,
        status_code=201,
        response=answer,
    )
    return DealWrite(match, deal, version, answer=answer)


def _taken(
    match: Match, row: LedgerRow, entry: Entry, fingerprint: str, actor: Actor, source: Source
) -> Numbered:
    """Deal ``row.number`` is scored already: the same entry is that deal; another is a conflict,
    recorded once (a phone that retries, or a third phone with the same entry, finds it)."""
    version = DealVersion.objects.select_related("deal").get(deal_id=row.id, version=row.version)
    if not row.voided and _fingerprint(version.entry) == fingerprint:
        return Numbered(DealWrite(match, version.deal, version, created=False), duplicate=True)
    conflict = DealConflict.objects.filter(
        match=match, number=row.number, fingerprint=fingerprint, resolved_at__isnull=True
    ).first()
    if conflict is None:
        conflict = DealConflict.objects.create(
            club_id=match.club_id,
            match=match,
            number=row.number,
            entry=entry,
            fingerprint=fingerprint,
            source=source,
            **by(actor),
        )
        audit(
            match,
            AuditAction.CONFLICT_RECORDED,
            actor,
            deal_number=row.number,
            version=row.version,
            detail={"entry": entry, "conflict": conflict.pk},
        )
    return Numbered(None, conflict)


def _fingerprint(entry: Entry) -> str:
    return hashlib.sha256(json.dumps(entry, sort_keys=True, default=str).encode()).hexdigest()


def _repeat(match: Match, key: str, fingerprint: str, earlier: str) -> DealWrite:
    """The write a request with this key made first, as its repeat gets it; refused (409) when the
    key came with another entry (``earlier``: the first request's fingerprint)."""
    if earlier != fingerprint:
        raise Conflict(_("this Idempotency-Key was already used for a different deal"), "Idempotency-Key")
    answer = IdempotentRequest.objects.values_list("response", flat=True).get(match_id=match.pk, key=key)
    version = DealVersion.objects.select_related("deal").get(
        deal__match_id=match.pk, deal__number=answer["deal"]["number"], version=answer["deal"]["version"]
    )
    return DealWrite(match, version.deal, version, created=False, answer=answer)


def _new_version(
    deal: Deal, entry: Entry, actor: Actor, source: Source, *, voided: bool = False, reason: str = ""
) -> DealVersion:
    return DealVersion.objects.create(
        club_id=deal.club_id,
        deal=deal,
        version=deal.version,
        entry=entry,
        voided=voided,
        reason=reason,
        source=source,
        **by(actor),
    )


def _refs(rows: list[LedgerRow]) -> list[DealRef]:
    return [(row.number, row.version) for row in rows]


def deal_correct(
    *,
    match_id: int,
    number: int,
    entry: Entry,
    expected_version: int | None,
    actor: Actor,
    source: Source = Source.API,
    reason: str = "",
) -> DealWrite:
    """Replace a deal's entry with a new version (``reason``: why, kept on the version and in the
    trail; required from the director once the result is final); the whole match is replayed."""
    reason = reason.strip()
    detail = {"entry": entry, **({"reason": reason} if reason else {})}
    change = _Change(entry, reason, AuditAction.DEAL_CORRECTED, detail)
    return _revise(match_id, number, expected_version, actor, source, change)


def deal_void(
    *,
    match_id: int,
    number: int,
    reason: str,
    expected_version: int | None,
    actor: Actor,
    source: Source = Source.API,
) -> DealWrite:
    """Take a deal out of the match (kept in the trail); later deals are replayed without it."""
    reason = reason.strip()
    if not reason:
        raise InvalidEntry(_("say why the deal is voided"), "reason")
    change = _Change(None, reason, AuditAction.DEAL_VOIDED, {"reason": reason}, voiding=True)
    return _revise(match_id, number, expected_version, actor, source, change)


@dataclass(frozen=True)
class _Change:
    """A deal's next version: its entry, or none when it is voided; why (a void always says, a
    correction may); the trail's record."""

    entry: Entry
    reason: str
    action: AuditAction
    detail: dict[str, Any]
    voiding: bool = False


def _revise(
    match_id: int, number: int, expected_version: int | None, actor: Actor, source: Source, change: _Change
) -> DealWrite:
    """A new version of live deal ``number``, refused unless ``expected_version`` is its current
    one; the match is replayed with the change (a correction or a void)."""
    with transaction.atomic():
        match = locked_match(match_id, columns=DEAL_WRITE_COLUMNS)
        lifecycle.check_write(match, actor, reason=change.reason)
        counted = live(ledger(match.pk).deals)
        row = next((row for row in counted if row.number == number), None)
        if row is None:
            raise NotFound(_("match has no deal %(number)s (or it was voided)") % {"number": number})
        _check_version(row, expected_version)
        state, order = _replay_with(match, counted, number, change)
        deal = Deal(
            id=row.id,
            club_id=match.club_id,
            match=match,
            number=number,
            version=row.version + 1,
            voided=change.voiding,
        )
        deal.save(update_fields=["version", "voided"])
        version = _new_version(
            deal, change.entry, actor, source, voided=change.voiding, reason=change.reason[:300]
        )
        store_state(match, state, _refs(order))
        audit(match, change.action, actor, deal_number=number, version=deal.version, detail=change.detail)
        lifecycle.follow_write(
            match, actor, audit, finished=state.finished, deal=number, reason=change.reason
        )
        correction_requests.settle_by_write(match, actor, number, change.reason)
        return DealWrite(match, deal, version)


def _check_version(row: LedgerRow, expected: int | None) -> None:
    if expected is None:
        raise ServiceError(_("the version being corrected is required (If-Match)"), "If-Match")
    if expected != row.version:
        raise Conflict(
            _("deal %(number)s was changed meanwhile: it is now at version %(version)s")
            % {"number": row.number, "version": row.version},
            "If-Match",
            current_version=row.version,
        )


def _replay_with(
    match: Match, counted: list[LedgerRow], number: int, change: _Change
) -> tuple[MatchState[Any], list[LedgerRow]]:
    """Replay with deal ``number`` changed (its new entry, or left out when voided); returns the
    state and the deals that count, in order. A change that breaks a later deal is refused."""
    order = [row for row in counted if not (change.voiding and row.number == number)]
    entries = [change.entry if row.number == number else row.entry for row in order]
    try:
        return replay(match, entries), order
    except GameError as error:
        bad = order[error.deal].number if error.deal is not None and error.deal < len(order) else None
        if bad == number:
            raise game_error(error) from None
        raise Conflict(
            _("this change would make deal %(number)s invalid: %(why)s")
            % {"number": bad, "why": game_text(error.rule)},
            None,
            deal=bad,
            deal_field=error.field,
        ) from None
