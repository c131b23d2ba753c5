"""Every write of the tournaments app: one transaction each, the tournament row locked first.

Services take keyword-only arguments, map rows to the plain values of the pure layers
(``tournaments.pairing`` draws rounds and brackets, ``tournaments.standings`` ranks,
``tournaments.results`` reads a table's result from its matches) and store what comes back. Each
table plays ``scoring`` matches created through ``scoring.services.match_create``; a match tells
the tournament it changed through ``tournaments.events`` and the ``match_changed`` task, which
calls :func:`table_sync`.

Every service here is idempotent: running it twice (a task delivered twice, the periodic
reconcile catching up after the broker was down) leaves the same rows. Follow-up work is enqueued
with ``transaction.on_commit`` through ``tournaments.events.enqueue``, which never raises.

What this module does not do: parse HTTP, check permissions (the edges do), pair, rank or score.
"""

from __future__ import annotations

import csv
import io
import logging
import random
import uuid
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from games import Game, GameError, UnknownGameError, find_game
from scoring import services as scoring
from scoring.models import Club, Deal, Match, MatchStatus, Membership, Player
from scoring.services import Actor, Conflict, InvalidEntry, NotFound, ServiceError
from tournaments.models import (
    Entrant,
    Round,
    RoundStatus,
    TableAssignment,
    TableGame,
    TableStatus,
    Tournament,
    TournamentStatus,
)
from tournaments.pairing import (
    BracketState,
    FirstRound,
    PairingError,
    RoundDraw,
    Seating,
    SlotStatus,
    advance,
)
from tournaments.pairing import Entrant as Contestant
from tournaments.pairing import formats as draw
from tournaments.pairing.formats import EntrantKind, Format
from tournaments.pairing.match_format import MatchFormat, MatchFormatError, parse_match_format
from tournaments.standings import rows as ranking
from tournaments.standings import series as results

log = logging.getLogger(__name__)

#: Who the audit trail names for matches the tournament opens by itself.
SYSTEM = Actor(label="tournament")
DEFAULT_POINTS = {"win": 2, "draw": 1, "loss": 0}
SETTINGS = {
    "first_round": (Format.SWISS, Format.TABLES),
    "seed": tuple(Format),
    "third_place": (Format.SINGLE_ELIMINATION,),
    "reset": (Format.DOUBLE_ELIMINATION,),
    "cycles": (Format.ROUND_ROBIN,),
    "table_size": (Format.TABLES,),
}
LATE_ENTRY = frozenset({Format.SWISS, Format.TABLES, Format.INDIVIDUAL})
DECIDED = frozenset({TableStatus.FINISHED, TableStatus.ADJUSTED, TableStatus.FORFEIT})
MAX_ENTRANTS = 1024


def _enqueue_after_commit(task_name: str, *args: int, task_id: str | None = None) -> None:
    from tournaments import events

    transaction.on_commit(lambda: events.enqueue(task_name, *args, task_id=task_id))


# -- creating a tournament ----------------------------------------------------------------------


def tournament_create(
    *,
    club: Club,
    name: Any,
    game_key: Any,
    format: Any,
    match_format: Any,
    entrant_kind: Any,
    rounds: Any = None,
    preset: Any = None,
    options: Any = None,
    tiebreaks: Any = None,
    points: Any = None,
    settings: Any = None,
) -> Tournament:
    """A tournament in registration, its game options resolved and frozen now."""
    title = _text(name, "name", 120, required=True)
    try:
        game = find_game(game_key) if isinstance(game_key, str) else find_game("")
    except UnknownGameError as error:
        raise InvalidEntry(str(error), "game") from None
    kind = _choice(format, Format, "format")
    entrants = _choice(entrant_kind, EntrantKind, "entrant_kind")
    try:
        parsed = parse_match_format(match_format, game.key)
    except MatchFormatError as error:
        raise InvalidEntry(str(error), "match_format") from None
    _check_fit(game, kind, entrants)
    planned = _check_rounds(rounds, kind)
    extras = _check_settings(settings, kind, game)
    frozen = _freeze_options(game, kind, options, preset, parsed, extras)
    try:
        precedence = (
            ranking.check_precedence(tiebreaks) if tiebreaks is not None else ranking.DEFAULT_PRECEDENCE[kind]
        )
    except ValueError as error:
        raise InvalidEntry(str(error), "tiebreaks") from None
    return Tournament.objects.create(
        club=club,
        name=title,
        game_key=game.key,
        preset=str(frozen.get("preset") or ""),
        options=frozen,
        entrant_kind=entrants,
        format=kind,
        match_format=parsed.text,
        rounds_planned=planned,
        tiebreaks=list(precedence),
        points=_check_points(points),
        settings=extras,
    )


def _text(value: Any, field: str, limit: int, *, required: bool = False) -> str:
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise InvalidEntry(f"{field} must be a non-empty text", field)
    text = str(value).strip()
    if len(text) > limit:
        raise InvalidEntry(f"{field} must be at most {limit} characters", field)
    return text


def _choice(value: Any, choices: Any, field: str) -> Any:
    values = [member.value for member in choices]
    if value not in values:
        raise InvalidEntry(f"{field} must be one of {', '.join(values)}", field)
    return choices(value)


def _check_fit(game: Game[Any], kind: Format, entrants: EntrantKind) -> None:
    """Refuse a format the game cannot be played in."""
    if kind == Format.INDIVIDUAL:
        if not game.partnerships:
            raise InvalidEntry(
                f"the individual format re-draws partners: {game.name} is not a partnership game", "format"
            )
        if entrants != EntrantKind.INDIVIDUAL:
            raise InvalidEntry("the individual format needs individual entrants", "entrant_kind")
        return
    if kind == Format.TABLES:
        if game.partnerships or game.max_sides < 3:
            raise InvalidEntry(
                f"multi-seat tables need a game for three or more sides; {game.name} is not one", "format"
            )
        return
    if not game.min_sides <= 2 <= game.max_sides:
        raise InvalidEntry(f"{game.name} is not played by two sides: use the tables format", "format")
    if game.partnerships and entrants == EntrantKind.INDIVIDUAL:
        raise InvalidEntry(
            f"{game.name} is played in partnerships: register partnerships, or use the individual format",
            "entrant_kind",
        )


def _check_rounds(value: Any, kind: Format) -> int | None:
    if value is None:
        return None
    if kind in draw.BRACKETS or kind == Format.ROUND_ROBIN:
        raise InvalidEntry(f"a {kind.label.lower()} has as many rounds as its field needs", "rounds")
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 99:
        raise InvalidEntry("rounds must be a whole number from 1 to 99", "rounds")
    return value


def _check_settings(value: Any, kind: Format, game: Game[Any]) -> dict[str, Any]:
    if value is None:
        value = {}
    if not isinstance(value, dict):
        raise InvalidEntry("settings must be an object", "settings")
    out: dict[str, Any] = {}
    for key, item in value.items():
        if key not in SETTINGS or kind not in SETTINGS[key]:
            raise InvalidEntry(f"{key!r} is not a setting of a {kind.label.lower()} event", "settings")
        if key == "first_round" and item not in FirstRound.__members__.values():
            raise InvalidEntry("first_round must be by-seed or random", "settings")
        if key in ("third_place", "reset") and not isinstance(item, bool):
            raise InvalidEntry(f"{key} must be true or false", "settings")
        if key in ("seed", "cycles", "table_size") and (isinstance(item, bool) or not isinstance(item, int)):
            raise InvalidEntry(f"{key} must be a whole number", "settings")
        out[key] = item
    if "cycles" in out and not 1 <= out["cycles"] <= 4:
        raise InvalidEntry("cycles must be 1 to 4", "settings")
    if kind == Format.TABLES:
        try:
            sizes = draw.table_sizes(game, out.get("table_size"))
        except PairingError as error:
            raise InvalidEntry(str(error), "settings") from None
        if "table_size" in out and out["table_size"] != sizes.preferred:
            raise InvalidEntry(
                f"table_size must be {game.min_sides} to {game.max_sides} for {game.name}", "settings"
            )
        out["table_size"] = sizes.preferred
    random_first = out.get("first_round") == FirstRound.RANDOM
    if (random_first or kind == Format.INDIVIDUAL) and "seed" not in out:
        out["seed"] = random.SystemRandom().randrange(1, 2**31)
    return out


def _sample_sides(game: Game[Any], kind: Format, extras: Mapping[str, Any]) -> list[str]:
    count = int(extras.get("table_size", 2)) if kind == Format.TABLES else 2
    return [f"Side {i + 1}" for i in range(count)]


def _freeze_options(
    game: Game[Any],
    kind: Format,
    options: Any,
    preset: Any,
    parsed: MatchFormat,
    extras: Mapping[str, Any],
) -> dict[str, Any]:
    """The game's effective options (preset, given values, the match format's overrides), less
    those that depend on who sits at a table (``first_dealer`` as a side name)."""
    if options is not None and not isinstance(options, dict):
        raise InvalidEntry("options must be an object", "options")
    given = dict(options or {})
    if preset is not None:
        if not isinstance(preset, str):
            raise InvalidEntry("preset must be a preset name", "preset")
        if preset:
            given["preset"] = preset
    seat_bound = {opt.name for opt in game.all_options() if callable(opt.default)}
    for name in given:
        if name in seat_bound:
            raise InvalidEntry(f"{name} depends on who sits at each table: leave it out", name)
    try:
        table = game.resolve_options(tuple(_sample_sides(game, kind, extras)), given, parsed.option_overrides)
    except GameError as error:
        raise InvalidEntry(error.rule, error.field) from None
    return {key: value for key, value in table.options.items() if key not in seat_bound}


def _check_points(value: Any) -> dict[str, int]:
    if value is None:
        return dict(DEFAULT_POINTS)
    if not isinstance(value, dict):
        raise InvalidEntry("points must be an object: win, draw, loss (and bye)", "points")
    out = dict(DEFAULT_POINTS)
    for key, item in value.items():
        if key not in ("win", "draw", "loss", "bye"):
            raise InvalidEntry(f"{key!r} is not a kind of match points (win, draw, loss, bye)", "points")
        if isinstance(item, bool) or not isinstance(item, int) or not 0 <= item <= 100:
            raise InvalidEntry(f"points for a {key} must be a whole number from 0 to 100", "points")
        out[key] = item
    if out["win"] <= 0:
        raise InvalidEntry("a win must be worth at least 1 point", "points")
    return out


def tournament_configure(
    *, tournament_id: int, format: Any = None, tiebreaks: Any = None, rounds: Any = None
) -> Tournament:
    """Change the format, tiebreak precedence or planned rounds (the format only before round 1)."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        game = find_game(tournament.game_key)
        if format is not None and format != tournament.format:
            if tournament.rounds.exists():
                raise Conflict("the format cannot change once a round has been played", "format")
            kind = _choice(format, Format, "format")
            _check_fit(game, kind, EntrantKind(tournament.entrant_kind))
            tournament.format = kind
            tournament.settings = _check_settings(
                {k: v for k, v in tournament.settings.items() if kind in SETTINGS.get(k, ())}, kind, game
            )
            if tiebreaks is None:
                tournament.tiebreaks = list(ranking.DEFAULT_PRECEDENCE[kind])
            if kind in draw.BRACKETS or kind == Format.ROUND_ROBIN:
                tournament.rounds_planned = None
        if tiebreaks is not None:
            try:
                tournament.tiebreaks = list(ranking.check_precedence(tiebreaks))
            except ValueError as error:
                raise InvalidEntry(str(error), "tiebreaks") from None
        if rounds is not None:
            planned = _check_rounds(rounds, Format(tournament.format))
            done = tournament.rounds.exclude(status=RoundStatus.FAILED).count()
            if planned is not None and planned < done:
                raise Conflict(f"{done} rounds have already been played", "rounds")
            tournament.rounds_planned = planned
        tournament.revision += 1
        tournament.save()
        _settle_tournament(tournament)
        _enqueue_after_commit("standings_recompute", tournament.pk)
    return tournament


def _lock(tournament_id: int) -> Tournament:
    try:
        return Tournament.objects.select_for_update().select_related("club").get(pk=tournament_id)
    except Tournament.DoesNotExist:
        raise NotFound("no such tournament") from None


# -- entrants -----------------------------------------------------------------------------------


def entrants_register(*, tournament_id: int, rows: Any) -> list[Entrant]:
    """Register one entrant (a JSON object) or many (a list of them), all or nothing.

    Each row: ``name``, ``players`` (names; partnerships list both partners), ``club`` (the
    entrant's home club), ``seed``, ``rating``. An error in row ``k`` of a list names it (``row``).
    """
    many = isinstance(rows, list)
    items = rows if many else [rows]
    if not items:
        raise InvalidEntry("give at least one entrant", None)
    with transaction.atomic():
        tournament = _lock(tournament_id)
        _check_open(tournament)
        taken = set(tournament.entrants.values_list("name", flat=True))
        if len(taken) + len(items) > MAX_ENTRANTS:
            raise InvalidEntry(f"a tournament takes at most {MAX_ENTRANTS} entrants", None)
        made = []
        for index, item in enumerate(items):
            try:
                made.append(_register_one(tournament, item, taken))
            except InvalidEntry as error:
                if many:
                    error.extra["row"] = index
                raise
        tournament.revision += 1
        tournament.save(update_fields=["revision"])
        _enqueue_after_commit("standings_recompute", tournament.pk)
    return made


def entrant_register(
    *,
    tournament_id: int,
    name: Any,
    players: Any = None,
    club: Any = None,
    seed: Any = None,
    rating: Any = None,
) -> Entrant:
    """Register one entrant (see :func:`entrants_register`)."""
    row = {"name": name, "players": players, "club": club, "seed": seed, "rating": rating}
    return entrants_register(tournament_id=tournament_id, rows=row)[0]


def _check_open(tournament: Tournament) -> None:
    if tournament.status == TournamentStatus.FINISHED:
        raise Conflict("the tournament is finished", None)
    if tournament.status == TournamentStatus.RUNNING and tournament.format not in LATE_ENTRY:
        raise Conflict(f"entries closed when the {tournament.get_format_display().lower()} started", None)


def _register_one(tournament: Tournament, item: Any, taken: set[str]) -> Entrant:
    if not isinstance(item, dict):
        raise InvalidEntry("each entrant must be an object with a name", None)
    unknown = sorted(set(item) - {"name", "players", "club", "seed", "rating"})
    if unknown:
        raise InvalidEntry(f"{unknown[0]!r} is not a field of an entrant", unknown[0])
    limit = 80 if tournament.format == Format.INDIVIDUAL else 120
    name = _text(item.get("name"), "name", limit, required=True)
    if name in taken:
        raise InvalidEntry(f"{name!r} is already entered", "name")
    players = item.get("players")
    names: list[str] = []
    if players is not None:
        if not isinstance(players, list) or not all(isinstance(p, str) and p.strip() for p in players):
            raise InvalidEntry("players must be a list of names", "players")
        names = [p.strip() for p in players]
        most = 1 if tournament.entrant_kind == EntrantKind.INDIVIDUAL else 4
        if len(names) > most or any(len(p) > 80 for p in names):
            raise InvalidEntry(f"players lists at most {most} names of up to 80 characters", "players")
    affiliation = _text(item.get("club"), "club", 120)
    seed = _whole(item.get("seed"), "seed", low=1)
    rating = _whole(item.get("rating"), "rating", low=-100000)
    entrant = Entrant.objects.create(
        club_id=tournament.club_id,
        tournament=tournament,
        name=name,
        affiliation=affiliation,
        seed=seed,
        rating=rating,
    )
    if names:
        entrant.players.set([_player(tournament.club_id, p) for p in names])
    taken.add(name)
    return entrant


def _whole(value: Any, field: str, *, low: int) -> int | None:
    if value is None or value == "":
        return None
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= 1_000_000:
        raise InvalidEntry(f"{field} must be a whole number of at least {low}", field)
    return value


def _player(club_id: int, name: str) -> Player:
    """The club's member of that name, or a new player who joins the club."""
    player = Player.objects.filter(name=name, membership__club_id=club_id).first()
    if player is None:
        player = Player.objects.create(name=name)
        Membership.objects.create(club_id=club_id, player=player)
    return player


CSV_FIELDS = ("name", "players", "club", "seed", "rating")


def parse_entrants_csv(text: str) -> list[dict[str, Any]]:
    """Rows of an entrants CSV (a header with ``name`` and any of players, club, seed, rating;
    players separated by ``;`` or ``/``). Raises :class:`InvalidEntry` naming the line."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    header = [h.strip().lower() for h in reader.fieldnames or []]
    if "name" not in header:
        raise InvalidEntry("the CSV needs a header line with a name column", "file")
    unknown = [h for h in header if h and h not in CSV_FIELDS]
    if unknown:
        raise InvalidEntry(f"unknown column {unknown[0]!r}; columns: {', '.join(CSV_FIELDS)}", "file")
    reader.fieldnames = header
    rows = []
    for line in reader:
        if not any((value or "").strip() for value in line.values() if isinstance(value, str)):
            continue
        row: dict[str, Any] = {"name": (line.get("name") or "").strip()}
        players = (line.get("players") or "").replace("/", ";")
        if players.strip():
            row["players"] = [p.strip() for p in players.split(";") if p.strip()]
        for key in ("club", "seed", "rating"):
            value = (line.get(key) or "").strip()
            if value:
                row[key] = value
        rows.append(row)
    if not rows:
        raise InvalidEntry("the CSV has no entrants", "file")
    return rows


def entrant_withdraw(*, entrant_id: int, withdrawn: bool = True) -> Entrant:
    """Take an entrant out of the rounds still to be drawn (or put it back). Its results stay;
    in a round robin or a bracket its later opponents win by forfeit."""
    entrant = Entrant.objects.filter(pk=entrant_id).first()
    if entrant is None:
        raise NotFound("no such entrant")
    with transaction.atomic():
        tournament = _lock(entrant.tournament_id)
        entrant.refresh_from_db()
        if entrant.withdrawn != withdrawn:
            entrant.withdrawn = withdrawn
            entrant.save(update_fields=["withdrawn"])
            tournament.revision += 1
            tournament.save(update_fields=["revision"])
            if tournament.format in draw.BRACKETS and tournament.bracket:
                _enqueue_after_commit("bracket_advance", tournament.pk)
            _enqueue_after_commit("standings_recompute", tournament.pk)
    return entrant


# -- rounds -------------------------------------------------------------------------------------


def round_start(*, tournament_id: int) -> Round:
    """Open the next round; the ``round_pair`` task draws it and creates its matches."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.status == TournamentStatus.FINISHED:
            raise Conflict("the tournament is finished", None)
        rounds = list(tournament.rounds.order_by("number"))
        live = [r for r in rounds if r.status != RoundStatus.FAILED]
        if tournament.format in draw.BRACKETS and live:
            raise Conflict("the bracket is drawn: its rounds follow as results come in", None)
        unfinished = next((r for r in live if r.status != RoundStatus.COMPLETE), None)
        if unfinished is not None:
            raise Conflict(f"round {unfinished.number} is not complete yet", None, round=unfinished.number)
        active = tournament.entrants.filter(withdrawn=False).count()
        needed = _field_minimum(tournament)
        if active < needed:
            raise Conflict(f"at least {needed} entrants are needed, not {active}", None)
        settings = dict(tournament.settings)
        if not live:
            if tournament.format == Format.ROUND_ROBIN:
                settings["order"] = [e.pk for e in _seeded(tournament.entrants.filter(withdrawn=False))]
                tournament.settings = settings
            if tournament.format not in draw.BRACKETS:
                tournament.rounds_planned = draw.planned_rounds(
                    Format(tournament.format),
                    len(settings.get("order", ())) or active,
                    settings,
                    tournament.rounds_planned,
                )
            tournament.status = TournamentStatus.RUNNING
        if tournament.rounds_planned is not None and len(live) >= tournament.rounds_planned:
            raise Conflict(f"all {tournament.rounds_planned} rounds have been played", None)
        number = len(live) + 1
        failed = next((r for r in rounds if r.number == number), None)
        if failed is not None:
            failed.delete()
        task_id = uuid.uuid4().hex
        new_round = Round.objects.create(
            club_id=tournament.club_id, tournament=tournament, number=number, task_id=task_id
        )
        tournament.revision += 1
        tournament.save()
        _enqueue_after_commit("round_pair", new_round.pk, task_id=task_id)
    return new_round


def _field_minimum(tournament: Tournament) -> int:
    if tournament.format == Format.INDIVIDUAL:
        return 4
    if tournament.format == Format.DOUBLE_ELIMINATION:
        return 3
    if tournament.format == Format.TABLES:
        return max(2, find_game(tournament.game_key).min_sides)
    return 2


def _seeded(entrants: Iterable[Entrant]) -> list[Entrant]:
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
        raise NotFound("no such round")
    with transaction.atomic():
        tournament = _lock(found)
        the_round = Round.objects.get(pk=round_id)
        if the_round.status != RoundStatus.BUILDING:
            return the_round
        try:
            with transaction.atomic():
                if tournament.format in draw.BRACKETS:
                    _draw_bracket(tournament, the_round)
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
        tournament.revision += 1
        tournament.save(update_fields=["revision"])
        _enqueue_after_commit("standings_recompute", tournament.pk)
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
    active = [e for e in entrants if not e.withdrawn]
    if the_round.number == 1:
        positions = {e.pk: (0, i) for i, e in enumerate(_seeded(active), start=1)}
    else:
        positions = ranking.scores_and_ranks(_standing_rows(tournament))
    field = tuple(
        Contestant(
            e.pk,
            score=positions.get(e.pk, (0, 0))[0],
            rank=positions.get(e.pk, (0, 9999))[1],
            club=e.affiliation or None,
        )
        for e in active
    )
    game = find_game(tournament.game_key)
    request = draw.DrawInput(
        format=kind,
        round_number=the_round.number,
        field=field,
        history=tuple(_history(tournament, the_round.number)),
        settings=tournament.settings,
        order=tuple(tournament.settings.get("order", ())),
        sizes=draw.table_sizes(game, tournament.settings.get("table_size"))
        if kind == Format.TABLES
        else None,
    )
    drawn = draw.draw_round(request)
    _store_draw(tournament, the_round, drawn, {e.pk: e for e in entrants})


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
        _open_table(tournament, the_round, table, entrants)
    the_round.byes = [bye.entrant for bye in drawn.byes]
    the_round.flags = [
        {"flag": str(note.flag), "entrants": list(note.entrants), "reason": note.reason}
        for note in drawn.notes
    ]
    the_round.status = RoundStatus.PLAYING
    the_round.save(update_fields=["byes", "flags", "status"])
    _settle_round(tournament, the_round)


def _open_table(
    tournament: Tournament, the_round: Round, table: TableAssignment, entrants: Mapping[int, Entrant]
) -> None:
    """Start the table's first match, or give a walkover when an entrant has withdrawn."""
    out = [e for e in table.entrants if entrants[e].withdrawn]
    if out:
        table.status = TableStatus.FORFEIT
        table.result = results.forfeit_results(table.entrants, _side_of(tournament, table), forfeiting=out)
        names = ", ".join(entrants[e].name for e in out)
        table.reason = f"withdrawn: {names}"
        table.adjusted_by = SYSTEM.label
        table.adjusted_at = timezone.now()
        table.save(update_fields=["status", "result", "reason", "adjusted_by", "adjusted_at"])
        return
    _start_game(tournament, the_round, table, entrants, sequence=1)


@dataclass(frozen=True)
class Layout:
    """How a table's entrants sit at a match: side names, seat names, each entrant's side."""

    sides: list[str]
    seats: list[str] | None
    side_of: list[int]


def _side_of(tournament: Tournament, table: TableAssignment) -> list[int]:
    if tournament.format == Format.INDIVIDUAL:
        return [i % 2 for i in range(len(table.entrants))]
    return list(range(len(table.entrants)))


def _layout(tournament: Tournament, people: Sequence[Entrant]) -> Layout:
    game = find_game(tournament.game_key)
    names = [e.name for e in people]
    if tournament.format == Format.INDIVIDUAL:
        sides = [f"{names[0][:58]} & {names[2][:58]}", f"{names[1][:58]} & {names[3][:58]}"]
        return Layout(sides, [n[:80] for n in names], [0, 1, 0, 1])
    seats = None
    if game.partnerships and len(people) == 2:
        partners = [[p.name for p in e.players.all()] for e in people]
        if all(len(p) == 2 for p in partners):
            seats = [partners[0][0], partners[1][0], partners[0][1], partners[1][1]]
    return Layout(names, seats, list(range(len(people))))


def _start_game(
    tournament: Tournament,
    the_round: Round,
    table: TableAssignment,
    entrants: Mapping[int, Entrant],
    *,
    sequence: int,
) -> Match:
    layout = _layout(tournament, [entrants[e] for e in table.entrants])
    parsed = parse_match_format(tournament.match_format, tournament.game_key)
    where = the_round.label or f"round {the_round.number}"
    title = f"{tournament.name} · {where}, table {table.number}"
    if sequence > 1:
        title += f", game {sequence}"
    match = scoring.match_create(
        club=tournament.club,
        game_key=tournament.game_key,
        sides=layout.sides,
        options=dict(tournament.options),
        seats=layout.seats,
        title=title[:120],
        deal_limit=parsed.deal_limit,
        announce_changes=True,
        actor=SYSTEM,
    )
    TableGame.objects.create(
        club_id=table.club_id, table=table, match=match, sequence=sequence, synced_revision=match.revision
    )
    return match


# -- results ------------------------------------------------------------------------------------


def table_sync(*, match_id: int) -> TableAssignment | None:
    """Read a table's result from its matches after one of them changed (a deal entered,
    corrected or voided); start the next game of a series; settle the round. ``None`` for a
    match that is not a tournament's."""
    link = (
        TableGame.objects.filter(match_id=match_id)
        .values_list("table__round__tournament_id", flat=True)
        .first()
    )
    if link is None:
        return None
    with transaction.atomic():
        tournament = _lock(link)
        table = TableAssignment.objects.select_related("round").get(games__match_id=match_id)
        if _sync_table(tournament, table):
            tournament.revision += 1
            tournament.save(update_fields=["revision"])
            _settle_round(tournament, table.round)
            _enqueue_after_commit("standings_recompute", tournament.pk)
            if tournament.format in draw.BRACKETS:
                _enqueue_after_commit("bracket_advance", tournament.pk)
    return table


def _game_results(
    tournament: Tournament, table: TableAssignment
) -> tuple[list[TableGame], list[results.GameResult]]:
    games = list(table.games.select_related("match").order_by("sequence"))
    played = []
    for game in games:
        match = game.match
        if match.status == MatchStatus.ABANDONED:
            continue
        sides = list(match.sides)
        outcome = match.outcome
        winner = outcome.get("winner")
        totals = match.state.get("totals") or {}
        played.append(
            results.GameResult(
                finished=bool(outcome.get("finished")),
                winner=sides.index(winner) if winner in sides else None,
                totals=tuple(int(totals.get(side, 0)) for side in sides),
                deals_won=results.deals_won(
                    [d.get("scores", {}) for d in match.state.get("deals", [])], sides
                ),
            )
        )
    return games, played


def _sync_table(tournament: Tournament, table: TableAssignment) -> bool:
    """Bring one table in line with its matches; True when its status or result changed."""
    games, played = _game_results(tournament, table)
    for game in games:
        if game.synced_revision != game.match.revision:
            TableGame.objects.filter(pk=game.pk).update(synced_revision=game.match.revision)
    if table.status in (TableStatus.ADJUSTED, TableStatus.FORFEIT):
        return False
    parsed = parse_match_format(tournament.match_format, tournament.game_key)
    side_of = _side_of(tournament, table)
    series = results.series_result(
        played,
        sides=max(side_of) + 1,
        best_of=parsed.games,
        decisive=tournament.format in draw.BRACKETS,
    )
    if series.finished:
        status, result = TableStatus.FINISHED, results.entrant_results(table.entrants, side_of, series)
    else:
        status, result = TableStatus.PLAYING, {}
    if series.another_game and not any(g.match.status == MatchStatus.IN_PROGRESS for g in games):
        entrants = {e.pk: e for e in tournament.entrants.filter(pk__in=table.entrants)}
        _start_game(
            tournament, table.round, table, entrants, sequence=(games[-1].sequence + 1) if games else 1
        )
    if (status, result) == (table.status, table.result):
        return False
    table.status, table.result = status, result
    table.save(update_fields=["status", "result"])
    return True


def _settle_round(tournament: Tournament, the_round: Round) -> None:
    """A drawn round is complete when every table is decided; then the tournament may be over."""
    if the_round.status in (RoundStatus.BUILDING, RoundStatus.FAILED):
        return
    if tournament.format in draw.BRACKETS:
        return  # the bracket settles its own rounds (_advance_bracket)
    open_tables = the_round.tables.exclude(status__in=DECIDED).exists()
    status = RoundStatus.PLAYING if open_tables else RoundStatus.COMPLETE
    if status != the_round.status:
        the_round.status = status
        the_round.save(update_fields=["status"])
    _settle_tournament(tournament)


def _settle_tournament(tournament: Tournament) -> None:
    if tournament.format in draw.BRACKETS or tournament.status == TournamentStatus.REGISTRATION:
        return
    live = list(tournament.rounds.exclude(status=RoundStatus.FAILED).values_list("status", flat=True))
    done = (
        tournament.rounds_planned is not None
        and len(live) >= tournament.rounds_planned
        and all(s == RoundStatus.COMPLETE for s in live)
    )
    status = TournamentStatus.FINISHED if done else TournamentStatus.RUNNING
    if status != tournament.status:
        tournament.status = status
        tournament.revision += 1
        tournament.save(update_fields=["status", "revision"])


def _table_for_result(table_id: int) -> tuple[Tournament, TableAssignment]:
    link = TableAssignment.objects.filter(pk=table_id).values_list("round__tournament_id", flat=True).first()
    if link is None:
        raise NotFound("no such table")
    tournament = _lock(link)
    table = TableAssignment.objects.select_related("round").get(pk=table_id)
    if table.round.status in (RoundStatus.BUILDING, RoundStatus.FAILED):
        raise Conflict("the round is not drawn yet", None)
    return tournament, table


def _reason(reason: Any) -> str:
    text = reason.strip() if isinstance(reason, str) else ""
    if not text:
        raise InvalidEntry("say why the organizer sets this result", "reason")
    return text[:300]


def _after_result(tournament: Tournament, table: TableAssignment) -> None:
    tournament.revision += 1
    tournament.save(update_fields=["revision"])
    _settle_round(tournament, table.round)
    _enqueue_after_commit("standings_recompute", tournament.pk)
    if tournament.format in draw.BRACKETS:
        _enqueue_after_commit("bracket_advance", tournament.pk)


def table_adjust(
    *, table_id: int, winner: Any, reason: Any, actor: Actor, points: Any = None
) -> TableAssignment:
    """The organizer's result for a table: ``winner`` (an entrant id at the table) or ``None``
    for a draw, optional game points per entrant id, and the reason. The matches stay as played."""
    why = _reason(reason)
    with transaction.atomic():
        tournament, table = _table_for_result(table_id)
        if winner is not None and winner not in table.entrants:
            raise InvalidEntry("the winner must be one of the table's entrants", "winner")
        if winner is None and tournament.format in draw.BRACKETS:
            raise InvalidEntry("a bracket needs a winner: a draw cannot advance anyone", "winner")
        given: dict[int, int] = {}
        if points is not None:
            if not isinstance(points, dict):
                raise InvalidEntry("points must map entrant ids to game points", "points")
            for key, value in points.items():
                entrant = _whole(key, "points", low=1)
                if (
                    entrant is None
                    or entrant not in table.entrants
                    or isinstance(value, bool)
                    or not isinstance(value, int)
                ):
                    raise InvalidEntry("points must map the table's entrant ids to whole numbers", "points")
                given[entrant] = value
        table.status = TableStatus.ADJUSTED
        table.result = results.adjusted_results(
            table.entrants, _side_of(tournament, table), winner=winner, points=given
        )
        _mark(table, why, actor)
        _after_result(tournament, table)
    return table


def table_forfeit(*, table_id: int, entrants: Any, reason: Any, actor: Actor) -> TableAssignment:
    """A forfeit: each side with an entrant in ``entrants`` loses, the others win."""
    why = _reason(reason)
    with transaction.atomic():
        tournament, table = _table_for_result(table_id)
        if not isinstance(entrants, list) or not entrants or any(e not in table.entrants for e in entrants):
            raise InvalidEntry("name the forfeiting entrants of this table", "entrants")
        side_of = _side_of(tournament, table)
        losing = {side_of[table.entrants.index(e)] for e in entrants}
        if tournament.format in draw.BRACKETS and len(losing) == len(set(side_of)):
            raise InvalidEntry("a bracket needs a winner: one side must not forfeit", "entrants")
        table.status = TableStatus.FORFEIT
        table.result = results.forfeit_results(table.entrants, side_of, forfeiting=entrants)
        _mark(table, why, actor)
        _after_result(tournament, table)
    return table


def table_reset(*, table_id: int, actor: Actor) -> TableAssignment:
    """Drop the organizer's result: the table's matches decide again."""
    with transaction.atomic():
        tournament, table = _table_for_result(table_id)
        if table.status not in (TableStatus.ADJUSTED, TableStatus.FORFEIT):
            return table
        table.status = TableStatus.PLAYING
        table.result = {}
        _mark(table, f"result cleared by {actor.label}", actor)
        if not table.games.exists():
            entrants = {e.pk: e for e in tournament.entrants.filter(pk__in=table.entrants)}
            _start_game(tournament, table.round, table, entrants, sequence=1)
        _sync_table(tournament, table)
        _after_result(tournament, table)
    return table


def _mark(table: TableAssignment, reason: str, actor: Actor) -> None:
    table.reason = reason
    table.adjusted_by = actor.label[:120]
    table.adjusted_at = timezone.now()
    table.save(update_fields=["status", "result", "reason", "adjusted_by", "adjusted_at"])


# -- standings ----------------------------------------------------------------------------------


def _standing_rows(tournament: Tournament) -> list[ranking.Row]:
    """The standings now, from every decided table and bye (pure computation, no write)."""
    contenders = [ranking.Contender(e.pk, e.name, e.withdrawn) for e in tournament.entrants.all()]
    tables = []
    byes: list[tuple[int, int]] = []
    rounds = tournament.rounds.exclude(status__in=(RoundStatus.FAILED, RoundStatus.BUILDING))
    for table in TableAssignment.objects.filter(round__in=rounds, status__in=DECIDED).select_related("round"):
        tables.append(ranking.TableResult(table.round.number, {int(k): v for k, v in table.result.items()}))
    for past in rounds:
        byes.extend((past.number, entrant) for entrant in past.byes)
    placings: list[tuple[str, list[int]]] = []
    if tournament.format in draw.BRACKETS and tournament.status == TournamentStatus.FINISHED:
        placings = [(p["label"], p["entrants"]) for p in tournament.bracket.get("placings", [])]
    return ranking.standings(
        contenders,
        tables,
        byes,
        points=tournament.points,
        precedence=tournament.tiebreaks,
        placings=placings,
    )


def standings_recompute(*, tournament_id: int) -> dict[str, Any]:
    """Recompute and cache the standings (idempotent); returns the cached document."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        rows = _standing_rows(tournament)
        tournament.standings = {
            "rows": [row.as_json() for row in rows],
            "shown": [row.shown for row in rows],
            "metrics": list(tournament.tiebreaks),
        }
        tournament.standings_at = timezone.now()
        tournament.standings_revision = tournament.revision
        tournament.save(update_fields=["standings", "standings_at", "standings_revision"])
    return dict(tournament.standings)


# -- brackets -----------------------------------------------------------------------------------


def _draw_bracket(tournament: Tournament, the_round: Round) -> None:
    seeds = [e.pk for e in _seeded(tournament.entrants.filter(withdrawn=False))]
    parsed = parse_match_format(tournament.match_format, tournament.game_key)
    bracket = draw.build_bracket(Format(tournament.format), seeds, tournament.settings, draw.best_of(parsed))
    tournament.bracket = {"seeds": seeds}
    tournament.rounds_planned = len(bracket.rounds)
    tournament.save(update_fields=["bracket", "rounds_planned"])
    the_round.label = bracket.rounds[0].label  # the bracket's columns are the rounds
    the_round.status = RoundStatus.PLAYING
    the_round.save(update_fields=["label", "status"])
    _advance_bracket(tournament)


def bracket_state(tournament: Tournament) -> BracketState | None:
    """The bracket with the winners decided so far (no write)."""
    if tournament.format not in draw.BRACKETS or not tournament.bracket.get("seeds"):
        return None
    parsed = parse_match_format(tournament.match_format, tournament.game_key)
    bracket = draw.build_bracket(
        Format(tournament.format), tournament.bracket["seeds"], tournament.settings, draw.best_of(parsed)
    )
    decided: dict[str, int] = {}
    tables = TableAssignment.objects.filter(round__tournament=tournament).exclude(bracket_slot="")
    for table in tables:
        if table.status in DECIDED:
            winner = next((int(e) for e, doc in table.result.items() if doc.get("outcome") == "win"), None)
            if winner is not None:
                decided[table.bracket_slot] = winner
    winners: dict[str, int] = {}
    state = advance(bracket, winners)
    for slot in bracket.slots:  # feeders come first: keep only results that fit the slot now
        winner = decided.get(slot.id)
        current = state.slot(slot.id)
        if (
            winner is not None
            and current.status is SlotStatus.READY
            and winner in (current.top, current.bottom)
        ):
            winners[slot.id] = winner
            state = advance(bracket, winners)
    return state


def bracket_advance(*, tournament_id: int) -> BracketState | None:
    """Fill the bracket's slots from the decided tables and open a table for every slot whose
    two entrants are known (idempotent)."""
    with transaction.atomic():
        tournament = _lock(tournament_id)
        if tournament.format not in draw.BRACKETS or not tournament.bracket.get("seeds"):
            return None
        return _advance_bracket(tournament)


def _advance_bracket(tournament: Tournament) -> BracketState | None:
    entrants = {e.pk: e for e in tournament.entrants.prefetch_related("players")}
    changed = False
    for _ in range(64):  # a walkover can make the next slot ready at once
        state = bracket_state(tournament)
        if state is None:
            return None
        opened = False
        tables = {
            t.bracket_slot: t
            for t in TableAssignment.objects.filter(round__tournament=tournament).exclude(bracket_slot="")
        }
        columns = {
            slot_id: (index, column)
            for index, (column, _) in enumerate(state.rounds)
            for slot_id in column.slots
        }
        for slot in state.ready:
            seats = [e for e in (slot.top, slot.bottom) if e is not None]  # a ready slot has both
            existing = tables.get(slot.slot.id)
            if existing is not None:
                if existing.entrants != seats:
                    changed |= _reseat(tournament, existing, seats, entrants)
                continue
            index, column = columns[slot.slot.id]
            the_round, _ = Round.objects.get_or_create(
                tournament=tournament,
                number=index + 1,
                defaults={
                    "club_id": tournament.club_id,
                    "label": column.label,
                    "status": RoundStatus.PLAYING,
                },
            )
            table = TableAssignment.objects.create(
                club_id=tournament.club_id,
                round=the_round,
                number=slot.slot.index,
                entrants=seats,
                bracket_slot=slot.slot.id,
            )
            _open_table(tournament, the_round, table, entrants)
            opened = changed = True
        if not opened:
            break
    state = bracket_state(tournament)
    assert state is not None
    changed |= _settle_bracket(tournament, state)
    if changed:
        tournament.revision += 1
        tournament.save(update_fields=["revision"])
        _enqueue_after_commit("standings_recompute", tournament.pk)
    return state


def _reseat(
    tournament: Tournament, table: TableAssignment, seats: list[int], entrants: Mapping[int, Entrant]
) -> bool:
    """A corrected result changed who plays this slot: restart it if nothing was played yet."""
    played = Deal.objects.filter(match__tournament_game__table=table).exists()
    if played or table.status != TableStatus.PLAYING:
        note = f"slot {table.bracket_slot}: the bracket now says {seats}, but this table has results; fix by hand"
        flags = list(table.round.flags)
        if not any(f.get("reason") == note for f in flags):
            flags.append({"flag": "bracket-conflict", "entrants": seats, "reason": note})
            table.round.flags = flags
            table.round.save(update_fields=["flags"])
            return True
        return False
    for game in table.games.select_related("match"):
        if game.match.status != MatchStatus.ABANDONED:
            scoring.match_abandon(match_id=game.match_id, reason="the bracket changed", actor=SYSTEM)
    last = table.games.order_by("-sequence").values_list("sequence", flat=True).first() or 0
    table.entrants = seats
    table.save(update_fields=["entrants"])
    _start_game(tournament, table.round, table, entrants, sequence=last + 1)
    return True


def _settle_bracket(tournament: Tournament, state: BracketState) -> bool:
    changed = False
    done = {SlotStatus.DONE, SlotStatus.BYE, SlotStatus.VOID}
    by_number = {r.number: r for r in tournament.rounds.all()}
    for index, (_column, slots) in enumerate(state.rounds):
        the_round = by_number.get(index + 1)
        if the_round is None:
            continue
        status = RoundStatus.COMPLETE if all(s.status in done for s in slots) else RoundStatus.PLAYING
        flags = [
            {"flag": "bye", "entrants": [s.winner], "reason": f"{s.slot.id}: no opponent in the bracket"}
            for s in slots
            if s.status is SlotStatus.BYE and s.winner is not None
        ]
        kept = [f for f in the_round.flags if f.get("flag") != "bye"]
        if status != the_round.status or kept + flags != the_round.flags:
            the_round.status = status
            the_round.flags = kept + flags
            the_round.save(update_fields=["status", "flags"])
            changed = True
    bracket = dict(tournament.bracket)
    bracket["champion"] = state.champion
    bracket["placings"] = [{"label": p.label, "entrants": list(p.entrants)} for p in state.placings]
    finished = TournamentStatus.FINISHED if state.finished else TournamentStatus.RUNNING
    if bracket != tournament.bracket or finished != tournament.status:
        tournament.bracket = bracket
        tournament.status = finished
        tournament.save(update_fields=["bracket", "status"])
        changed = True
    return changed


# -- catching up --------------------------------------------------------------------------------


def tournaments_reconcile(*, building_after_seconds: int = 60) -> dict[str, int]:
    """Catch up on everything a lost task would have done: rounds left being built, tables behind
    their matches, stale standings and brackets. Safe to run at any time, as often as wanted."""
    done = {"rounds": 0, "tables": 0, "standings": 0, "brackets": 0}
    cutoff = timezone.now() - timedelta(seconds=building_after_seconds)
    for round_id in Round.objects.filter(status=RoundStatus.BUILDING, created_at__lt=cutoff).values_list(
        "pk", flat=True
    ):
        round_pair(round_id=round_id)
        done["rounds"] += 1
    behind = (
        TableGame.objects.filter(table__round__tournament__status=TournamentStatus.RUNNING)
        .exclude(synced_revision=F("match__revision"))
        .values_list("match_id", flat=True)
    )
    for match_id in list(behind):
        table_sync(match_id=match_id)
        done["tables"] += 1
    brackets = Tournament.objects.filter(
        status=TournamentStatus.RUNNING, format__in=[f.value for f in draw.BRACKETS]
    ).values_list("pk", flat=True)
    for tournament_id in list(brackets):
        bracket_advance(tournament_id=tournament_id)
        done["brackets"] += 1
    stale = Tournament.objects.filter(~Q(standings_revision=F("revision"))).values_list("pk", flat=True)
    for tournament_id in list(stale):
        standings_recompute(tournament_id=tournament_id)
        done["standings"] += 1
    return done


__all__ = [
    "Actor",
    "Conflict",
    "InvalidEntry",
    "NotFound",
    "ServiceError",
    "bracket_advance",
    "bracket_state",
    "entrant_register",
    "entrant_withdraw",
    "entrants_register",
    "parse_entrants_csv",
    "round_pair",
    "round_start",
    "standings_recompute",
    "table_adjust",
    "table_forfeit",
    "table_reset",
    "table_sync",
    "tournament_configure",
    "tournament_create",
    "tournaments_reconcile",
]
