"""A whole paper score sheet keyed at once: every deal of it recorded, or none.

The director keys a table's paper sheet (its *telbriefje*, its *feuille de marque*) at the desk and
saves it once. :func:`sheet_record` records its deals in one transaction, each through the path
every entry takes (``scoring.services.deals.deal_record_numbered``: the match locked, the deal number
checked, the game's validation, the audit trail, the result's lifecycle, with the director as the
actor, so that a finished sheet's result counts as confirmed by the director); the first deal
refused refuses the sheet, its rule said with the deal's number ("deal 5: …"). Each deal carries
the sheet's key and its number as its idempotency key, so a Save sent twice records the sheet once.

:func:`sheet_check` is the same validation without writing, for the page's live checks: the match
replayed from its deals, then the keyed ones played through the game.

What this module does not do: read a form (``scoring/forms/sheet.py``) or correct deals already
recorded (the desk's correction flow does).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry, ServiceError
from games import GameError, MatchState
from scoring.models import Match, Source
from scoring.services.common import game_error, locked_match
from scoring.services.conflicts import refuse_conflict
from scoring.services.deals import DealWrite, deal_record_numbered
from scoring.services.ledger import ledger, live, replay

#: Where a sheet's refusal points when it is about the whole sheet, not one of its values.
SHEET_FIELD = "deals"


@dataclass(frozen=True)
class SheetSaved:
    """What a Save did: the deals written (``created`` false when the same sheet was saved
    already: nothing changed) and the match as it now stands."""

    match: Match
    writes: tuple[DealWrite, ...]
    created: bool


def deal_named(number: int, error: ServiceError) -> ServiceError:
    """``error`` said of deal ``number`` ("deal 5: …"), the same kind, field and code, with the
    deal's number (``deal``) and the rule as the game said it (``words``) kept for the page."""
    rule = _("deal %(number)s: %(rule)s") % {"number": number, "rule": error.rule}
    extra = {**error.extra, "deal": number}
    named = type(error)(rule, error.field, code=error.code, **extra)
    named.words = error.words if error.words is not None else error.rule
    return named


def next_number(match_id: int) -> int:
    """The number the match's next deal takes (voided deals keep theirs)."""
    rows = ledger(match_id).deals
    return rows[-1].number + 1 if rows else 1


def sheet_check(*, match: Match, first: int, entries: Sequence[Any]) -> MatchState[Any]:
    """The match after the keyed ``entries`` (deals ``first``, ``first + 1``, …), written nowhere;
    the first one the game refuses raises, named by its deal."""
    rows = ledger(match.pk).deals
    _check_first(first, rows[-1].number + 1 if rows else 1)
    state = replay(match, [row.entry for row in live(rows)])
    for number, entry in enumerate(entries, start=first):
        if state.finished:
            raise deal_named(number, Conflict(_("the match is already finished"), None))
        try:
            state = state.play(entry)
        except GameError as error:
            raise deal_named(number, game_error(error)) from None
    return state


def sheet_record(*, match_id: int, first: int, entries: Sequence[Any], actor: Actor, key: str) -> SheetSaved:
    """Record the keyed ``entries`` as deals ``first``, ``first + 1``, … of the match, all in one
    transaction or none; ``key`` (the sheet form's own) makes a repeated Save change nothing."""
    if not entries:
        raise InvalidEntry(_("key at least one deal"), SHEET_FIELD)
    if not key or len(key) > 80:
        raise InvalidEntry(_("the sheet's form key is missing: open the page again"), SHEET_FIELD)
    with transaction.atomic():
        match = locked_match(match_id)
        writes = []
        for number, entry in enumerate(entries, start=first):
            try:
                written = deal_record_numbered(
                    match_id=match.pk,
                    number=number,
                    entry=entry,
                    actor=actor,
                    source=Source.ADMIN,
                    idempotency_key=f"sheet:{key}:{number}",
                )
                writes.append(refuse_conflict(written, SHEET_FIELD))
            except ServiceError as error:
                raise deal_named(number, error) from error
        match.refresh_from_db()
        return SheetSaved(match, tuple(writes), created=any(write.created for write in writes))


def _check_first(first: int, expected: int) -> None:
    """Refuse keyed deals that do not start at the match's next deal (deals came in meanwhile)."""
    if first != expected:
        raise Conflict(
            _("deals were entered meanwhile: the next deal is deal %(number)s; open the sheet again")
            % {"number": expected},
            SHEET_FIELD,
            next=expected,
        )
