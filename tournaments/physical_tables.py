"""The room's physical tables as a player's phone and the organizer see them.

Each numbered table has one scorer link for the whole event (``PhysicalTable``). The tournaments
app registers its tables with ``scoring.places`` (in ``AppConfig.ready()``), answering here which
match a table's link opens now (:func:`now_at`): the match played at that table number in the
latest round drawn (in a bracket playing several columns at once, the latest one with a match in
progress), the last game of a best-of-N series; between rounds, the finished match with what the
table waits for (its result accepted by the other side, or the next round: the confirmation panel
stays reachable until the next round is drawn); no match at all (before round 1, a table left out or given a walkover this round),
the waiting page. A series not decided yet comes first: its table follows it to its end, whatever
rounds were drawn since. The organizer's side: each table's link, QR code and code (:func:`links_of`), and
the API's ``tables`` (:func:`tables_document`).

What this module does not do: write (``tournaments.services.physical_tables``), or check tokens
(``scoring.links``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _

from scoring import links
from scoring.models import MatchStatus
from scoring.places import Now
from scoring.qr import qr_svg
from scoring.result_states import ResultStatus
from scoring.services import contacts
from scoring.services.common import place_events
from tournaments.models import (
    Entrant,
    PhysicalTable,
    Round,
    RoundStatus,
    TableAssignment,
    TableGame,
    TableStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.wording import round_label, seat_names

#: The kind of place the scoring app knows the tables by (every table token carries it: one
#: letter, so that the token, and the QR code of the slip, stay short).
KIND = "t"
DRAWN = (RoundStatus.PLAYING, RoundStatus.COMPLETE)


def secret_of(pk: int) -> str | None:
    """The table's current secret; ``None`` once its link is revoked, or for no such table."""
    found = PhysicalTable.objects.filter(pk=pk).values_list("secret", "revoked").first()
    return None if found is None or found[1] else found[0]


def _round_name(the_round: Round) -> str:
    return round_label(the_round.label, the_round.number)


def _latest_games(assignments: list[TableAssignment]) -> dict[int, TableGame]:
    """Each table's last game (the one a best-of-N series plays now), by table id."""
    games = TableGame.objects.filter(table__in=assignments).select_related("match", "match__club")
    return {game.table_id: game for game in games.order_by("sequence")}


def now_at(pk: int) -> Now:
    """What table ``pk``'s link opens now (see the module's docstring)."""
    table = PhysicalTable.objects.select_related("tournament").get(pk=pk)
    tournament = table.tournament
    rounds = list(tournament.rounds.exclude(status=RoundStatus.FAILED).order_by("-number"))
    drawn = [r for r in rounds if r.status in DRAWN]
    drawing = next((r for r in rounds if r.status == RoundStatus.BUILDING), None)
    assignments = list(
        TableAssignment.objects.filter(round__in=drawn, number=table.number)
        .select_related("round")
        .order_by("-round__number")
    )
    games = _latest_games(assignments)
    # A series not decided yet keeps its table, whatever rounds were drawn since (a bracket draws
    # the semi-finals while a quarter-final is still between two games, or awaits its acceptance).
    undecided = [a for a in reversed(assignments) if a.id in games and a.status == TableStatus.PLAYING]
    playing = [
        a for a in assignments if a.id in games and games[a.id].match.status == MatchStatus.IN_PROGRESS
    ]
    latest = [a for a in assignments if drawn and a.round_id == drawn[0].id]
    chosen = next(iter(undecided or playing or latest), None)
    label, event = gettext("Table %(number)s") % {"number": table.number}, tournament.name
    # The evening is over: the pages link to its results instead of "check for the next round".
    results = tournament.get_absolute_url() if tournament.status == TournamentStatus.FINISHED else ""
    if chosen is None:
        return Now(label, event, None, _nothing_here(tournament, drawn, drawing), results=results)
    game = games.get(chosen.id)
    if game is None:
        note = gettext("%(round)s: no match to score at this table.") % {"round": _round_name(chosen.round)}
        return Now(label, event, None, note, _walkover(chosen), results=results)
    if game.match.status == MatchStatus.IN_PROGRESS:
        return Now(label, event, game.match)
    awaited = AWAITED.get(ResultStatus(game.match.result_status), "")
    note = _over(tournament, chosen, game, drawing)
    return Now(label, event, game.match, note, check=str(awaited), results=results)


def _nothing_here(tournament: Tournament, drawn: list[Round], drawing: Round | None) -> str:
    if tournament.status == TournamentStatus.FINISHED:
        return gettext("The tournament is over: no match at this table.")
    if drawing is not None:
        return gettext("%(round)s is being drawn: this page opens your match by itself.") % {
            "round": _round_name(drawing)
        }
    if not drawn:
        return gettext("The first round is not drawn yet: this page opens your match by itself when it is.")
    return gettext("No match at this table in %(round)s. Wait for the next round.") % {
        "round": _round_name(drawn[0]).lower()
    }


def _walkover(assignment: TableAssignment) -> tuple[str, ...]:
    names = dict(Entrant.objects.filter(pk__in=assignment.entrants).values_list("pk", "name"))
    lines = [seat_names([names.get(e, "?") for e in assignment.entrants])]
    if assignment.reason:
        lines.append(
            pgettext("status: reason", "%(status)s: %(reason)s")
            % {"status": assignment.get_status_display(), "reason": assignment.reason}
        )
    return tuple(lines)


#: What a table waits for while its match's result is not vouched for yet (the scorer page shows
#: the confirmation panel above it, or the result's state).
UNVOUCHED = {
    ResultStatus.SUBMITTED: _("The match is over: the result counts once the other side accepts it."),
    # Translators: the director is the tournament's referee ("l'arbitre", "de wedstrijdleider").
    ResultStatus.DISPUTED: _("The match is over, its result disputed: the director decides."),
}


#: What the "check again" button of a table whose result is not vouched for yet says it waits for.
AWAITED = {
    ResultStatus.SUBMITTED: _("Check whether the other side has accepted"),
    ResultStatus.DISPUTED: _("Check whether the director has decided"),
}


def _over(tournament: Tournament, assignment: TableAssignment, game: TableGame, drawing: Round | None) -> str:
    name = _round_name(assignment.round)
    if game.match.result_status in UNVOUCHED:
        return str(UNVOUCHED[ResultStatus(game.match.result_status)])
    if assignment.status == TableStatus.PLAYING and game.match.status == MatchStatus.FINISHED:
        return gettext("Game %(number)s is over: the next game of the series starts in a moment.") % {
            "number": game.sequence
        }
    if drawing is not None:
        return gettext(
            "%(round)s is over at this table. %(next)s is being drawn: this page opens it by itself."
        ) % {"round": name, "next": _round_name(drawing)}
    if tournament.status == TournamentStatus.FINISHED:
        return gettext(
            "%(round)s is over at this table, and so is the tournament. Thank you for playing!"
        ) % {"round": name}
    return gettext(
        "%(round)s is over at this table. Waiting for the next round: this page opens it by itself when it is drawn."
    ) % {"round": name}


def table_path(table: PhysicalTable) -> str:
    """The path of the table's link (what its QR code points to)."""
    return links.place_path(KIND, table.pk, table.secret)


def last_contacts(tournament: Tournament) -> dict[int, Any]:
    """Per table number, the latest contact of the phone scoring there (when, and how many deals
    it said it keeps unsent: ``scoring.services.contacts.note_contact``), over the tournament's matches."""
    numbers = dict(
        TableGame.objects.filter(table__round__tournament=tournament).values_list("match_id", "table__number")
    )
    latest: dict[int, Any] = {}
    for contact in contacts.contacts(list(numbers)).values():
        number = numbers[contact.match_id]
        if number not in latest or contact.seen_at > latest[number].seen_at:
            latest[number] = contact
    return latest


def links_of(tournament: Tournament, *, qr_scale: int = 0) -> list[dict[str, Any]]:
    """Each table's number, link and code (and its QR code with ``qr_scale``), in number order,
    with its phone's last contact; a revoked table shows no link."""
    contacts = last_contacts(tournament)
    tables = list(tournament.physical_tables.order_by("number"))
    events = place_events(KIND, [table.pk for table in tables])
    found = []
    for table in tables:
        url = "" if table.revoked else links.site_url(table_path(table))
        found.append(
            {
                "number": table.number,
                "revoked": table.revoked,
                "url": url,
                "code": "" if table.revoked else links.place_code(KIND, table.pk, table.secret),
                "qr": qr_svg(url, scale=qr_scale) if url and qr_scale else "",
                "contact": contacts.get(table.number),
                "events": events.get(table.pk, [])[:3],
            }
        )
    return found


def tables_document(tournament: Tournament) -> list[dict[str, Any]]:
    """The API's ``tables`` (organizers only: each is a scorer link): number and link."""
    return [{"number": t["number"], "scorer": t["url"] or None} for t in links_of(tournament)]
