"""The API's documents of a tournament: the event, an entrant, a table, a round, the standings,
the bracket. Public: nothing here is private (no scorer links, no audit details).

What this module does not do: read across relations (``selectors`` does), compute standings or
brackets, or write.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from scoring.models import Match, MatchStatus
from tournaments import blind_finish, selectors
from tournaments.models import Entrant, Round, RoundStatus, Tournament
from tournaments.pairing.formats import BRACKETS
from tournaments.standings.blind_finish import OPEN, Veil


def tournament_document(tournament: Tournament, veil: Veil = OPEN) -> dict[str, Any]:
    """The event: its game, formats, planned rounds, tiebreaks, status and links; while a blind
    finish hides rounds (``veil``), no revision (it would move with a hidden result)."""
    return {
        "id": tournament.pk,
        "club": tournament.club.slug,
        "name": tournament.name,
        "game": tournament.game_key,
        "preset": tournament.preset or None,
        "options": tournament.options,
        "format": tournament.format,
        "match_format": tournament.match_format,
        "entrant_kind": tournament.entrant_kind,
        "rounds": tournament.rounds_planned,
        "tiebreaks": tournament.tiebreaks,
        "points": tournament.points,
        "settings": {k: v for k, v in tournament.settings.items() if k != "order"},
        "confirmation": tournament.confirmation,
        "bye": tournament.bye or None,
        "absent": tournament.absent or None,
        "fee": tournament.fee,
        "require_paid": tournament.require_paid,
        "require_check_in": tournament.require_check_in,
        "prizes": tournament.prizes or None,
        "blind_rounds": tournament.blind_rounds,
        "revealed": tournament.revealed_at is not None,
        "status": tournament.status,
        "archived": tournament.archived_at is not None,
        "revision": None if veil.active else tournament.revision,
        "entrants": tournament.entrants.count(),
        "rounds_played": tournament.rounds.exclude(status=RoundStatus.FAILED).count(),
        "champion": tournament.bracket.get("champion"),
        "links": {
            "self": reverse("tournaments_api:detail", args=[tournament.pk]),
            "entrants": reverse("tournaments_api:entrants", args=[tournament.pk]),
            "rounds": reverse("tournaments_api:rounds", args=[tournament.pk]),
            "standings": reverse("tournaments_api:standings", args=[tournament.pk]),
            "bracket": reverse("tournaments_api:bracket", args=[tournament.pk]),
            "page": tournament.get_absolute_url(),
        },
    }


def entrant_document(entrant: Entrant) -> dict[str, Any]:
    return {
        "id": entrant.pk,
        "name": entrant.name,
        "players": [p.name for p in entrant.players.all()],
        "club": entrant.affiliation or None,
        "seed": entrant.seed,
        "rating": entrant.rating,
        "withdrawn": entrant.withdrawn,
        "checked_in": entrant.checked_in,
        "paid": entrant.paid,
        "joins_round": entrant.joins_round,
    }


def table_document(view: selectors.TableView) -> dict[str, Any]:
    """A table: its entrants in seat order, the match being played (or last played), its status,
    the result per entrant and, when the organizer set it, why."""
    doc: dict[str, Any] = {
        "number": view.number,
        "entrants": list(view.table.entrants),
        "match": view.match.pk if view.match else None,
        "matches": view.matches,
        "status": view.status,
        "result": view.result,
        "progress": _progress(view.match, view.hidden),
    }
    if view.slot:
        doc["slot"] = view.slot
    if view.reason:
        doc["reason"] = view.reason
    return doc


def _progress(match: Match | None, hidden: bool = False) -> dict[str, Any] | None:
    if match is None:
        return None
    return {
        "deals": match.deal_count,
        "totals": {} if hidden else match.state.get("totals") or {},
        "status": match.status,
        "finished": match.status == MatchStatus.FINISHED,
        "result": match.result_status,
    }


def round_document(tournament: Tournament, the_round: Round, veil: Veil = OPEN) -> dict[str, Any]:
    """A round as the API contract has it: number, status, tables, byes and flags (its results
    left out while a blind finish hides them: ``veil``)."""
    tables = selectors.table_views(tournament, the_round.tables.order_by("number"), veil=veil)
    return {
        "number": the_round.number,
        "label": the_round.label or f"Round {the_round.number}",
        "status": the_round.status,
        "tables": [table_document(t) for t in tables],
        "byes": list(the_round.byes),
        "flags": list(the_round.flags),
        "task": the_round.task_id or None,
    }


def standings_document(tournament: Tournament, veil: Veil = OPEN) -> dict[str, Any]:
    """The cached standings: rows (rank, entrant, name, played, each metric by key), the metric
    keys in precedence order, when they were computed and whether they are behind;
    ``hidden_after``: while a blind finish hides the last rounds (``veil``), the last round they
    count (they are as they stood then, with no time of update), else ``null``."""
    cached = blind_finish.public_standings(tournament, veil)
    return {
        "rows": [row.document for row in cached.rows],
        "metrics": list(cached.metrics),
        "updated_at": cached.updated_at.isoformat() if cached.updated_at else None,
        "stale": cached.stale,
        "hidden_after": veil.until,
    }


def bracket_document(tournament: Tournament) -> dict[str, Any] | None:
    """The bracket's columns with their slots: entrants, match ids, winners; ``None`` unless the
    tournament is an elimination event that has started."""
    if tournament.format not in BRACKETS:
        return None
    state = selectors.bracket_state(tournament)
    if state is None:
        return {"kind": tournament.format, "rounds": [], "champion": None, "placings": []}
    tables = selectors.slot_tables(tournament)
    rounds = []
    for number, (column, slots) in enumerate(state.rounds, start=1):
        out = []
        for slot in slots:
            table = tables.get(slot.slot.id)
            games = table.games if table else ()
            scores = {seat.id: seat.score for seat in table.seats} if table else {}
            out.append(
                {
                    "slot": slot.slot.id,
                    "entrants": [slot.top, slot.bottom],
                    "from": [str(slot.slot.top), str(slot.slot.bottom)],
                    "status": str(slot.status),
                    "winner": slot.winner,
                    "scores": [
                        scores.get(slot.top) if slot.top else None,
                        scores.get(slot.bottom) if slot.bottom else None,
                    ],
                    "table": table.number if table else None,
                    "match": games[-1].match_id if games else None,
                    "matches": [g.match_id for g in games],
                    "best_of": slot.slot.best_of,
                }
            )
        rounds.append({"number": number, "label": column.label, "part": str(column.part), "slots": out})
    return {
        "kind": tournament.format,
        "rounds": rounds,
        "champion": state.champion,
        "placings": [{"rank": p.label, "entrants": list(p.entrants)} for p in state.placings],
    }
