"""Starting a round, and drawing it: the ``round_pair`` task draws what :func:`round_start` opened.

A round is drawn by the engine of the tournament's format (``tournaments.pairing.formats``) from
the field with its scores and ranks (the seeding before round 1, the standings after) and the
history of who met whom; each table gets its match (``tables``). A bracket is drawn whole at
round 1 (``brackets``). A round that cannot be drawn is marked failed with the reason, and may be
started again. Starting a round needs every table of the round before it confirmed (or decided
by the organizer), and closes that round: its results become final (``scoring.services.results``), so only
the director can change them from then on, with a reason.
"""

from __future__ import annotations

import logging
import uuid
from collections.abc import Iterable, Mapping

from django.db import transaction
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from clubs.errors import Conflict, NotFound, ServiceError
from games import find_game
from scoring.services.results import results_close
from tournaments import check_in, pairing, tasks
from tournaments.models import (
    Entrant,
    Round,
    RoundStatus,
    TableAssignment,
    TableGame,
    Tournament,
    TournamentStatus,
)
from tournaments.pairing import PairingError, RoundDraw, Seating, draw_seeds
from tournaments.pairing.formats import (
    BRACKETS,
    DrawInput,
    Format,
    draw_round,
    field_minimum,
    planned_rounds,
    table_sizes,
)
from tournaments.selectors import DECIDED, standing_rows
from tournaments.services.brackets import draw_bracket
from tournaments.services.common import SYSTEM, after_commit, lock_tournament, results_changed
from tournaments.services.results import settle_round
from tournaments.services.standings import record_lots
from tournaments.services.tables import open_table
from tournaments.standings.club_rules import ByeRule
from tournaments.standings.rows import scores_and_ranks
from tournaments.wording import PARTIE_LABEL, listed

log = logging.getLogger(__name__)


def round_start_refusal(tournament: Tournament) -> Conflict | None:
    """Why the next round cannot start now (``None``: it can). Read only: :func:`round_start`
    raises it, and the console offers its button only when there is none, so the page never
    offers what the service refuses (a round 4 of a 3-round event, round 2 while round 1 plays)."""
    if tournament.status == TournamentStatus.FINISHED:
        return Conflict(gettext("the tournament is finished"), None)
    live = list(tournament.rounds.exclude(status=RoundStatus.FAILED).order_by("number"))
    if tournament.format in BRACKETS and live:
        return Conflict(gettext("the bracket is drawn: its rounds follow as results come in"), None)
    unfinished = next((r for r in live if r.status != RoundStatus.COMPLETE), None)
    if unfinished is not None:
        return _not_complete(unfinished, concours=tournament.format == Format.CONCOURS)
    active = tournament.entrants.filter(withdrawn=False).count()
    needed = field_minimum(
        Format(tournament.format), find_game(tournament.game_key).table_shape(tournament.options)
    )
    if active < needed:
        return Conflict(
            ngettext(
                "at least %(needed)s entrant is needed, not %(active)s",
                "at least %(needed)s entrants are needed, not %(active)s",
                needed,
            )
            % {"needed": needed, "active": active},
            None,
        )
    if live and tournament.rounds_planned is not None and len(live) >= tournament.rounds_planned:
        played = (
            npgettext(
                "concours",
                "the %(count)s game has been played",
                "all %(count)s games have been played",
                tournament.rounds_planned,
            )
            if tournament.format == Format.CONCOURS
            else ngettext(
                "the %(count)s round has been played",
                "all %(count)s rounds have been played",
                tournament.rounds_planned,
            )
        )
        return Conflict(played % {"count": tournament.rounds_planned}, None)
    return check_in.draw_refusal(tournament)


def round_start(*, tournament_id: int) -> Round:
    """Open the next round, closing the one before; the ``round_pair`` task draws it and creates
    its matches."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        refusal = round_start_refusal(tournament)
        if refusal is not None:
            raise refusal
        rounds = list(tournament.rounds.order_by("number"))
        live = [r for r in rounds if r.status != RoundStatus.FAILED]
        if not live:
            _plan(tournament, Format(tournament.format), tournament.entrants.filter(withdrawn=False).count())
        if live:
            _close(live[-1])
        number = len(live) + 1
        failed = next((r for r in rounds if r.number == number), None)
        if failed is not None:
            failed.delete()
        task_id = uuid.uuid4().hex
        new_round = Round.objects.create(
            club_id=tournament.club_id,
            tournament=tournament,
            number=number,
            label=PARTIE_LABEL % number if tournament.format == Format.CONCOURS else "",
            task_id=task_id,
        )
        tournament.revision += 1
        tournament.save()
        after_commit(tasks.round_pair, new_round.pk, task_id=task_id)
    return new_round


def _not_complete(the_round: Round, *, concours: bool = False) -> Conflict:
    """The refusal to pair past ``the_round``, naming its tables without a confirmed result (a
    concours says "game", *partie*, where others say "round")."""
    waiting = list(
        the_round.tables.exclude(status__in=DECIDED).order_by("number").values_list("number", flat=True)
    )
    if not waiting:
        return Conflict(
            (
                pgettext("concours", "game %(number)s is not drawn yet")
                if concours
                else gettext("round %(number)s is not drawn yet")
            )
            % {"number": the_round.number},
            None,
            round=the_round.number,
        )
    said = (
        npgettext(
            "concours",
            "game %(number)s is not complete: table %(tables)s has no confirmed result yet",
            "game %(number)s is not complete: tables %(tables)s have no confirmed result yet",
            len(waiting),
        )
        if concours
        else ngettext(
            "round %(number)s is not complete: table %(tables)s has no confirmed result yet",
            "round %(number)s is not complete: tables %(tables)s have no confirmed result yet",
            len(waiting),
        )
    )
    return Conflict(
        said % {"number": the_round.number, "tables": listed(waiting)},
        None,
        round=the_round.number,
        tables=waiting,
    )


def _close(the_round: Round) -> None:
    """The round is over: its results become final (a table link can no longer change them)."""
    matches = TableGame.objects.filter(table__round=the_round).values_list("match_id", flat=True)
    results_close(match_ids=list(matches), closed=the_round.number, actor=SYSTEM)


def _plan(tournament: Tournament, kind: Format, active: int) -> None:
    """Before round 1: fix a round robin's order and the rounds the event will have."""
    settings = dict(tournament.settings)
    if kind == Format.ROUND_ROBIN:
        settings["order"] = [e.pk for e in seeded(tournament.entrants.filter(withdrawn=False))]
        tournament.settings = settings
    if kind not in BRACKETS:
        tournament.rounds_planned = planned_rounds(
            kind, len(settings.get("order", ())) or active, settings, tournament.rounds_planned
        )
    tournament.status = TournamentStatus.RUNNING


def seeded(entrants: Iterable[Entrant]) -> list[Entrant]:
    """Seed order: by seed (unseeded last), then rating (highest first), then registration."""
    return sorted(
        entrants,
        key=lambda e: (e.seed is None, e.seed or 0, e.rating is None, -(e.rating or 0), e.pk),
    )


def round_pair(*, round_id: int) -> Round:
    """Draw a round that is being built and open a match at each of its tables (idempotent: a
    round already drawn is left as it is)."""
    found = Round.objects.filter(pk=round_id).values_list("tournament_id", flat=True).first()
    if found is None:
        raise NotFound(gettext("no such round"))
    with transaction.atomic():
        tournament = lock_tournament(found)
        the_round = Round.objects.get(pk=round_id)
        if the_round.status != RoundStatus.BUILDING:
            return the_round
        try:
            with transaction.atomic():
                if tournament.format in BRACKETS:
                    field = tournament.entrants.filter(withdrawn=False).values_list("pk", "seed", "rating")
                    draw_bracket(
                        tournament, the_round, draw_seeds(list(field), tournament.settings.get("seed"))
                    )
                else:
                    _draw_round(tournament, the_round)
        except (PairingError, ServiceError) as error:
            the_round.refresh_from_db()
            the_round.status = RoundStatus.FAILED
            the_round.flags = [{"flag": "error", "entrants": [], "reason": str(error)}]
            the_round.save(update_fields=["status", "flags"])
            log.warning(
                "round %s of tournament %s could not be paired: %s", the_round.number, tournament.pk, error
            )
        results_changed(tournament)
    return the_round


def _history(tournament: Tournament, before: int) -> list[Seating]:
    history = []
    for past in tournament.rounds.filter(number__lt=before).exclude(status=RoundStatus.FAILED):
        for table in past.tables.all():
            history.append(Seating(past.number, tuple(table.entrants)))
        for bye in past.byes:
            history.append(Seating(past.number, (bye,)))
    return history


def _draw_round(tournament: Tournament, the_round: Round) -> None:
    kind = Format(tournament.format)
    entrants = list(tournament.entrants.all())
    active = [e for e in entrants if not e.withdrawn and (e.joins_round or 1) <= the_round.number]
    # late arrivals not yet in the draw miss this round (the event's absent rule scores it)
    the_round.absent = [e.pk for e in entrants if not e.withdrawn and (e.joins_round or 1) > the_round.number]
    if the_round.number == 1:
        positions = {e.pk: (0, i) for i, e in enumerate(seeded(active), start=1)}
    elif kind == Format.CONCOURS:
        # a concours pairs down its own ranking (points marked, or parties won): the position
        # says it all, lots included, so no match points may reorder it
        record_lots(tournament)
        positions = {row.entrant: (0, row.position) for row in standing_rows(tournament)}
    else:
        positions = scores_and_ranks(standing_rows(tournament))
    field = tuple(
        pairing.Entrant(
            e.pk,
            score=positions.get(e.pk, (0, 0))[0],
            rank=positions.get(e.pk, (0, 9999))[1],
            club=e.affiliation or None,
        )
        for e in active
    )
    sizes = None
    if kind == Format.TABLES:
        sizes = table_sizes(
            find_game(tournament.game_key).table_shape(tournament.options),
            tournament.settings.get("table_size"),
        )
    request = DrawInput(
        format=kind,
        round_number=the_round.number,
        field=field,
        history=tuple(_history(tournament, the_round.number)),
        settings=tournament.settings,
        order=tuple(tournament.settings.get("order", ())),
        sizes=sizes,
        rounds=tournament.rounds_planned,
        bye_cap=ByeRule.from_stored(tournament.bye).max_per_entrant,
    )
    _store_draw(tournament, the_round, draw_round(request), {e.pk: e for e in entrants})


def _store_draw(
    tournament: Tournament, the_round: Round, drawn: RoundDraw, entrants: Mapping[int, Entrant]
) -> None:
    for assignment in drawn.tables:
        table = TableAssignment.objects.create(
            club_id=tournament.club_id,
            round=the_round,
            number=assignment.number,
            entrants=list(assignment.seats),
        )
        open_table(tournament, the_round, table, entrants)
    the_round.byes = [bye.entrant for bye in drawn.byes]
    the_round.flags = [
        {"flag": str(note.flag), "entrants": list(note.entrants), "reason": note.reason}
        for note in drawn.notes
    ]
    the_round.status = RoundStatus.PLAYING
    the_round.save(update_fields=["byes", "absent", "flags", "status"])
    settle_round(tournament, the_round)
