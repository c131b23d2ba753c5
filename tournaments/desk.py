"""The director's results desk, as a read model: what the desk page (and ``GET
/api/tournaments/{id}/desk/``) shows of the rounds being played.

Per table: where its result stands (``scoring.result_states``, or the organizer's decision), since
when (the time of the move, which is the audit event's), the last deal entered and when. Then the
queues the director works through: results awaiting confirmation, disputes (the result as entered
with the side that rejected it, why and which deal), the tables' requests to correct a deal of a
closed round (``scoring.services.correction_requests``: who asked, which deal, why), corrections made after
a round closed, and tables with no result yet (an abandoned match's first: nobody but the director can give it one). A few queries whatever the size of the field (``selectors.round_views`` and two
aggregates). It lives beside ``tournaments/selectors.py`` (the reads it builds on), which would
otherwise pass the house's module size.

What this module does not do: write (the actions are ``scoring.services.results`` and the table services)
or render.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Count, Max, Q

from scoring.models import CorrectionRequest, CorrectionRequestStatus, Deal, DealVersion, MatchStatus
from scoring.result_states import ResultStatus
from tournaments import selectors
from tournaments.models import RoundStatus, TableStatus, Tournament

#: The organizer's word on a table stands over its matches: the desk shows it as decided.
DECIDED_BY_DIRECTOR = "decided"
#: A table whose match was abandoned and that has no result: only the director can set one, so
#: it is among the missing results, said as what it is (not "being played").
ABANDONED = "abandoned"


@dataclass(frozen=True)
class DeskTable:
    """One table of a round being played, as the desk shows it."""

    round: int
    number: int
    match: int | None
    entrants: tuple[str, ...]
    state: str
    since: datetime | None
    last_deal: int | None
    last_deal_at: datetime | None
    totals: dict[str, int]
    detail: dict[str, Any]
    #: The table's id, for the console's form that sets its result.
    table_id: int = 0

    def as_json(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "table": self.number,
            "match": self.match,
            "entrants": list(self.entrants),
            "state": self.state,
            "since": _iso(self.since),
            "last_deal": self.last_deal,
            "last_deal_at": _iso(self.last_deal_at),
            "totals": self.totals,
            "detail": self.detail,
        }


@dataclass(frozen=True)
class DeskRequest:
    """A table's open request to correct a deal of its closed round (any round of the event)."""

    id: int
    match: int
    round: int
    table: int
    deal: int
    reason: str
    #: Who asked: the side that named itself, else the audit label ("table link").
    side: str
    by: str
    at: datetime

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "match": self.match,
            "round": self.round,
            "table": self.table,
            "deal": self.deal,
            "reason": self.reason,
            "side": self.side,
            "by": self.by,
            "at": self.at.isoformat(),
        }


@dataclass(frozen=True)
class Desk:
    """The tables of the rounds being played and the queues drawn from them."""

    tables: tuple[DeskTable, ...]
    corrections: tuple[selectors.Correction, ...]
    requests: tuple[DeskRequest, ...] = ()

    def _in(self, *states: str) -> list[DeskTable]:
        return [t for t in self.tables if t.state in states]

    @property
    def awaiting(self) -> list[DeskTable]:
        return self._in(ResultStatus.SUBMITTED)

    @property
    def disputes(self) -> list[DeskTable]:
        return self._in(ResultStatus.DISPUTED)

    @property
    def missing(self) -> list[DeskTable]:
        """Tables still playing or without a counted result (a void one, an abandoned match's)."""
        found = self._in(ABANDONED, ResultStatus.OPEN, ResultStatus.VOID)
        return sorted(found, key=lambda t: t.state != ABANDONED)

    def as_json(self) -> dict[str, Any]:
        return {
            "tables": [t.as_json() for t in self.tables],
            "queues": {
                "awaiting_confirmation": [t.as_json() for t in self.awaiting],
                "disputes": [t.as_json() for t in self.disputes],
                "correction_requests": [r.as_json() for r in self.requests],
                "corrections_after_close": [c.as_json() for c in self.corrections],
                "missing_results": [t.as_json() for t in self.missing],
            },
        }


def _iso(when: datetime | None) -> str | None:
    return when.isoformat() if when else None


def desk(tournament: Tournament) -> Desk:
    """The desk of ``tournament`` now."""
    rounds = [r for r in selectors.current_rounds(tournament) if r.status != RoundStatus.BUILDING]
    views = [t for r in selectors.round_views(tournament, rounds) for t in r.tables]
    ids = [t.match.pk for t in views if t.match]
    last = dict(
        Deal.objects.filter(match_id__in=ids, voided=False)
        .values("match_id")
        .annotate(last=Max("number"))
        .values_list("match_id", "last")
    )
    when = dict(
        DealVersion.objects.filter(deal__match_id__in=ids)
        .values("deal__match_id")
        .annotate(at=Max("created_at"))
        .values_list("deal__match_id", "at")
    )
    numbers = {r.pk: r.number for r in rounds}
    tables = tuple(_desk_table(view, numbers[view.table.round_id], last, when) for view in views)
    return Desk(tables, tuple(selectors.corrections(tournament)), tuple(correction_requests(tournament)))


#: How a correction request reaches its tournament's round and table.
_TABLE = "match__tournament_game__table"


def _requests_of(tournament: Tournament) -> Any:
    return CorrectionRequest.objects.filter(**{f"{_TABLE}__round__tournament": tournament})


def correction_requests(tournament: Tournament) -> list[DeskRequest]:
    """The open requests of the tables of ``tournament`` to correct a deal, oldest first."""
    found = (
        _requests_of(tournament)
        .filter(status=CorrectionRequestStatus.OPEN)
        .order_by("created_at", "pk")
        .values_list(
            "pk",
            "match_id",
            f"{_TABLE}__round__number",
            f"{_TABLE}__number",
            "deal_number",
            "reason",
            "side",
            "actor_label",
            "created_at",
        )
    )
    return [DeskRequest(*row) for row in found]


def requests_revision(tournament: Tournament) -> str:
    """What changes whenever a request is made or settled (the desk's ETag counts it: a closed
    round's match is not among those :func:`selectors.live_revision` sums)."""
    counted = _requests_of(tournament).aggregate(
        open=Count("pk", filter=Q(status=CorrectionRequestStatus.OPEN)), last=Max("pk")
    )
    return f"{counted['open']}.{counted['last'] or 0}"


def _desk_table(
    view: selectors.TableView, round_number: int, last: dict[int, int], when: dict[int, datetime]
) -> DeskTable:
    match = view.match
    names = tuple(seat.name for seat in view.seats)
    if view.status in (TableStatus.ADJUSTED, TableStatus.FORFEIT) or match is None:
        detail = {"reason": view.reason, "by": view.table.adjusted_by}
        return DeskTable(
            round_number,
            view.number,
            None,
            names,
            DECIDED_BY_DIRECTOR,
            view.table.adjusted_at,
            None,
            None,
            {},
            detail,
            view.id,
        )
    abandoned = match.status == MatchStatus.ABANDONED
    return DeskTable(
        round=round_number,
        number=view.number,
        match=match.pk,
        entrants=names,
        state=ABANDONED if abandoned else match.result_status,
        since=match.result_at or match.created_at,
        last_deal=last.get(match.pk),
        last_deal_at=when.get(match.pk),
        totals=dict(match.state.get("totals") or {}),
        detail=match.detail.as_json(),
        table_id=view.id,
    )
