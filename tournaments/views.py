"""Pages of the tournaments app: parse, authorize, call one service, render.

Two audiences:
- everyone: the tournaments, a tournament's public page (standings, the tables being played with
  their live progress, the bracket drawn in SVG) polling a fragment that answers 304 while nothing
  changed, the projector mode (large type, cycling between standings and pairings), CSV exports;
- organizers of the club: a new tournament, and the console: register entrants one by one or
  from a CSV file, choose the format and tiebreaks, start a round, watch the tables (deals entered,
  finished, disputed), fix a result, withdraw an entrant or record a forfeit, print the table slips
  with each table's scorer QR code (the only private thing, on the organizer's pages only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Prefetch, Q
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseNotModified
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import GAMES
from scoring.links import scorer_url
from scoring.models import Deal, Match, MatchStatus
from scoring.permissions import can_manage, managed_clubs
from scoring.qr import qr_svg
from scoring.services import Actor, ServiceError
from tablescore.client import client_ip
from tournaments import documents, exports, forms, services
from tournaments.models import (
    Entrant,
    Round,
    RoundStatus,
    TableAssignment,
    TableGame,
    TableStatus,
    Tournament,
)
from tournaments.pairing import bracket_layout
from tournaments.pairing.formats import BRACKETS
from tournaments.standings import find_metric

#: Seconds between two polls of a public page.
POLL_SECONDS = 5
#: Seconds each panel of the projector stays up.
PROJECTOR_SECONDS = 15


# -- helpers ----------------------------------------------------------------------------------


def _tournament_or_404(pk: int) -> Tournament:
    tournament = Tournament.objects.select_related("club").filter(pk=pk).first()
    if tournament is None:
        raise Http404("no such tournament")
    return tournament


def _manager_check(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    if not can_manage(request.user, tournament.club_id):
        raise PermissionDenied("only the club's owners and organizers may do this")
    return None


def _actor(request: HttpRequest) -> Actor:
    return Actor(label=request.user.get_username(), user=request.user, ip=client_ip(request))


def _not_modified(request: HttpRequest, etag: str) -> bool:
    given = request.headers.get("If-None-Match", "")
    return any(part.strip() in {etag, f"W/{etag}", "*"} for part in given.split(",") if part.strip())


def _poll(request: HttpRequest, etag: str, render_page: Callable[[], HttpResponse]) -> HttpResponse:
    """The fragment, or 304 when the client already has this version."""
    quoted = f'"{etag}"'
    response = HttpResponseNotModified() if _not_modified(request, quoted) else render_page()
    response["ETag"] = quoted
    response["Cache-Control"] = "no-cache"
    return response


def _names(tournament: Tournament) -> dict[int, str]:
    return dict(tournament.entrants.values_list("pk", "name"))


def _table_view(table: TableAssignment, names: dict[int, str], disputed: set[int]) -> dict[str, Any]:
    """A table as the pages show it: who sits where, how far the match is, the result."""
    games = sorted(table.games.all(), key=lambda g: g.sequence)
    match: Match | None = games[-1].match if games else None
    totals = [(match.state.get("totals") or {}).get(side) for side in match.sides] if match else []
    pairs = len(totals) == 2 and len(table.entrants) == 4  # re-drawn partners: seat i on side i % 2
    seats = []
    for seat, entrant in enumerate(table.entrants):
        result = table.result.get(str(entrant), {})
        side = seat % 2 if pairs else seat
        seats.append(
            {
                "id": entrant,
                "name": names.get(entrant, f"#{entrant}"),
                "outcome": result.get("outcome"),
                "points": result.get("points"),
                "games": result.get("games"),
                "total": totals[side] if side < len(totals) else None,
            }
        )
    return {
        "id": table.pk,
        "number": table.number,
        "slot": table.bracket_slot,
        "seats": seats,
        "status": table.status,
        "status_label": table.get_status_display(),
        "reason": table.reason,
        "match": match,
        "game_number": games[-1].sequence if len(games) > 1 else None,
        "deals": match.deal_count if match else 0,
        "match_status": match.status if match else None,
        "abandoned": bool(match and match.status == MatchStatus.ABANDONED),
        "disputed": any(g.match_id in disputed for g in games),
    }


def _rounds_view(tournament: Tournament, rounds: list[Round]) -> list[dict[str, Any]]:
    names = _names(tournament)
    games = Prefetch("games", queryset=TableGame.objects.select_related("match").order_by("sequence"))
    tables = (
        TableAssignment.objects.filter(round__in=rounds)
        .prefetch_related(games)
        .order_by("round_id", "number")
    )
    by_round: dict[int, list[TableAssignment]] = {}
    for table in tables:
        by_round.setdefault(table.round_id, []).append(table)
    match_ids = [g.match_id for t in tables for g in t.games.all()]
    disputed = set(
        Deal.objects.filter(match_id__in=match_ids)
        .filter(Q(version__gt=1) | Q(voided=True))
        .values_list("match_id", flat=True)
    )
    out = []
    for the_round in rounds:
        views = [_table_view(t, names, disputed) for t in by_round.get(the_round.pk, [])]
        out.append(
            {
                "round": the_round,
                "label": the_round.label or f"Round {the_round.number}",
                "tables": views,
                "byes": [names.get(e, f"#{e}") for e in the_round.byes],
                "flags": [
                    {**flag, "names": [names.get(e, f"#{e}") for e in flag.get("entrants", []) if e]}
                    for flag in the_round.flags
                ],
                "finished": sum(1 for v in views if v["status"] != TableStatus.PLAYING),
                "deals": sum(v["deals"] for v in views),
                "disputed": sum(1 for v in views if v["disputed"]),
            }
        )
    return out


def _standings_view(tournament: Tournament) -> dict[str, Any]:
    cached = tournament.standings or {}
    metrics = cached.get("metrics", list(tournament.tiebreaks))
    rows = [
        {**row, "shown": [shown.get(key, "") for key in metrics]}
        for row, shown in zip(cached.get("rows", []), cached.get("shown", []), strict=False)
    ]
    return {
        "metrics": [find_metric(key).name for key in metrics],
        "rows": rows,
        "updated_at": tournament.standings_at,
        "stale": tournament.standings_revision != tournament.revision,
    }


def _public_context(tournament: Tournament) -> dict[str, Any]:
    rounds = documents.current_rounds(tournament)
    bracket = documents.bracket_document(tournament)
    champion = tournament.bracket.get("champion")
    return {
        "tournament": tournament,
        "game": GAMES.get(tournament.game_key),
        "standings": _standings_view(tournament),
        "rounds": _rounds_view(tournament, rounds),
        "panels": bracket_layout.panels(bracket, _names(tournament)) if bracket and bracket["rounds"] else [],
        "champion": _names(tournament).get(champion) if champion else None,
        "etag": documents.live_revision(tournament, rounds),
        "poll_seconds": POLL_SECONDS,
    }


# -- public pages -----------------------------------------------------------------------------


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    """Every tournament, newest first; organizers also see how to start one."""
    tournaments = Tournament.objects.select_related("club").annotate(entrant_count=Count("entrants"))[:100]
    return render(
        request,
        "tournaments/list.html",
        {"tournaments": tournaments, "organizer": bool(managed_clubs(request.user))},
    )


@require_GET
def public(request: HttpRequest, pk: int) -> HttpResponse:
    """The public page: standings, the tables being played, the bracket; polls :func:`live`."""
    tournament = _tournament_or_404(pk)
    context = _public_context(tournament)
    context["poll_url"] = reverse("tournaments:live", args=[pk])
    context["organizer"] = can_manage(request.user, tournament.club_id)
    return render(request, "tournaments/public.html", context)


@require_GET
def live(request: HttpRequest, pk: int) -> HttpResponse:
    """The public page's live part; 304 while nothing it shows has changed."""
    tournament = _tournament_or_404(pk)
    rounds = documents.current_rounds(tournament)

    def page() -> HttpResponse:
        context = _public_context(tournament)
        context["poll_url"] = request.path
        return render(request, "tournaments/_live.html", context)

    return _poll(request, documents.live_revision(tournament, rounds), page)


@require_GET
def projector(request: HttpRequest, pk: int) -> HttpResponse:
    """Large type for a screen in the room, cycling between standings and pairings."""
    tournament = _tournament_or_404(pk)
    context = _public_context(tournament)
    context.update(
        {"poll_url": reverse("tournaments:projector_live", args=[pk]), "cycle_seconds": PROJECTOR_SECONDS}
    )
    return render(request, "tournaments/projector.html", context)


@require_GET
def projector_live(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    rounds = documents.current_rounds(tournament)

    def page() -> HttpResponse:
        context = _public_context(tournament)
        context.update({"poll_url": request.path, "cycle_seconds": PROJECTOR_SECONDS, "fragment": True})
        return render(request, "tournaments/_projector.html", context)

    return _poll(request, documents.live_revision(tournament, rounds), page)


def _csv(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@require_GET
def standings_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    return _csv(exports.standings_csv(tournament), f"tournament-{pk}-standings.csv")


@require_GET
def results_csv(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    return _csv(exports.results_csv(tournament), f"tournament-{pk}-results.csv")


# -- organizers -------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    """A new tournament in one of the clubs the organizer runs."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    clubs = managed_clubs(request.user)
    if not clubs:
        raise PermissionDenied("you do not organize any club")
    choices = [(c.slug, c.name) for c in clubs]
    form = forms.TournamentForm(
        request.POST or None, clubs=choices, initial={"club": request.GET.get("club", choices[0][0])}
    )
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            club = next(c for c in clubs if c.slug == form.cleaned_data["club"])
            try:
                tournament = services.tournament_create(club=club, **form.arguments())
            except ServiceError as error:
                form.add_service_error(error)
            else:
                messages.success(request, "Tournament created: register the entrants.")
                return redirect("tournaments:console", pk=tournament.pk)
    return render(request, "tournaments/new.html", {"form": form}, status=status)


def _console_context(request: HttpRequest, tournament: Tournament, **forms_given: Any) -> dict[str, Any]:
    rounds = list(tournament.rounds.order_by("number"))
    playing = documents.current_rounds(tournament)
    entrants = list(tournament.entrants.prefetch_related("players"))
    draws = tournament.format not in BRACKETS
    round_views = _rounds_view(tournament, playing)
    for view in round_views:
        for table in view["tables"]:
            table["form"] = forms.ResultForm(
                prefix=f"t{table['id']}",
                entrants=[(s["id"], s["name"]) for s in table["seats"]],
                draws=draws,
            )
    return {
        "tournament": tournament,
        "game": GAMES.get(tournament.game_key),
        "entrants": entrants,
        "active": sum(1 for e in entrants if not e.withdrawn),
        "rounds": rounds,
        "playing": round_views,
        "standings": _standings_view(tournament),
        "entrant_form": forms_given.get("entrant_form") or forms.EntrantForm(),
        "upload_form": forms_given.get("upload_form") or forms.UploadForm(),
        "configure_form": forms_given.get("configure_form")
        or forms.ConfigureForm(
            tiebreaks=tournament.tiebreaks,
            initial={"format": tournament.format, "rounds": tournament.rounds_planned},
        ),
        "can_start": tournament.format not in BRACKETS or not rounds,
        "next_round": sum(1 for r in rounds if r.status != RoundStatus.FAILED) + 1,
        "brackets": tournament.format in BRACKETS,
    }


@require_GET
def console(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's console of a tournament."""
    tournament = _tournament_or_404(pk)
    refused = _manager_check(request, tournament)
    if refused:
        return refused
    return render(request, "tournaments/console.html", _console_context(request, tournament))


def _console_again(request: HttpRequest, tournament: Tournament, **given: Any) -> HttpResponse:
    return render(
        request, "tournaments/console.html", _console_context(request, tournament, **given), status=422
    )


@require_POST
def console_entrant(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    refused = _manager_check(request, tournament)
    if refused:
        return refused
    form = forms.EntrantForm(request.POST)
    if form.is_valid():
        try:
            entrant = services.entrant_register(tournament_id=tournament.pk, **form.arguments())
        except ServiceError as error:
            form.add_service_error(error)
        else:
            messages.success(request, f"{entrant.name} registered.")
            return redirect(reverse("tournaments:console", args=[pk]) + "#entrants")
    return _console_again(request, tournament, entrant_form=form)


@require_POST
def console_upload(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    refused = _manager_check(request, tournament)
    if refused:
        return refused
    form = forms.UploadForm(request.POST, request.FILES)
    if form.is_valid():
        try:
            rows = services.parse_entrants_csv(form.text())
            made = services.entrants_register(tournament_id=tournament.pk, rows=rows)
        except ServiceError as error:
            row = error.extra.get("row")
            where = f"line {row + 2}: " if isinstance(row, int) else ""
            form.add_error("file", f"{where}{error.rule}")
        else:
            messages.success(request, f"{len(made)} entrants registered from the file.")
            return redirect(reverse("tournaments:console", args=[pk]) + "#entrants")
    return _console_again(request, tournament, upload_form=form)


@require_POST
def console_withdraw(request: HttpRequest, pk: int, entrant: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    refused = _manager_check(request, tournament)
    if refused:
        return refused
    found = Entrant.objects.filter(tournament=tournament, pk=entrant).first()
    if found is None:
        raise Http404("no such entrant")
    back = request.POST.get("withdrawn", "on") == "on"
    services.entrant_withdraw(entrant_id=found.pk, withdrawn=back)
    messages.success(request, f"{found.name} {'withdrawn' if back else 'back in'}.")
    return redirect(reverse("tournaments:console", args=[pk]) + "#entrants")


@require_POST
def console_configure(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = _tournament_or_404(pk)
    refused = _manager_check(request, tournament)
    if refused:
        return refused
    form = forms.ConfigureForm(request.POST, tiebreaks=tournament.tiebreaks)
    if form.is_valid():
        try:
            services.tournament_configure(tournament_id=tournament.pk, **form.arguments())
        except ServiceError as error:
            form.add_service_error(error)
        else:
            messages.success(request, "Format and tiebreaks saved.")
            return redirect(reverse("tournaments:console", args=[pk]) + "#format")
    return _console_again(request, tournament, configure_form=form)


@require_POST
def console_round(request: HttpRequest, pk: int) -> HttpResponse:
    """Start the next round (it is drawn by a task and appears when built)."""
    tournament = _tournament_or_404(pk)
    refused = _manager_check(request, tournament)
    if refused:
        return refused
    try:
        started = services.round_start(tournament_id=tournament.pk)
    except ServiceError as error:
        messages.error(request, error.rule)
    else:
        messages.success(request, f"Round {started.number} is being drawn.")
    return redirect(reverse("tournaments:console", args=[pk]) + "#tables")


@require_POST
def console_result(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Fix a table's result: a winner, a draw, a forfeit, or back to what the matches say."""
    tournament = _tournament_or_404(pk)
    refused = _manager_check(request, tournament)
    if refused:
        return refused
    found = TableAssignment.objects.filter(round__tournament=tournament, pk=table).first()
    if found is None:
        raise Http404("no such table")
    names = _names(tournament)
    form = forms.ResultForm(
        request.POST,
        prefix=f"t{found.pk}",
        entrants=[(e, names.get(e, "")) for e in found.entrants],
        draws=tournament.format not in BRACKETS,
    )
    if not form.is_valid():
        messages.error(request, "Choose what happened at the table.")
        return redirect(reverse("tournaments:console", args=[pk]) + f"#table-{found.pk}")
    decision = form.cleaned_data["decision"]
    reason = form.cleaned_data.get("reason", "")
    actor = _actor(request)
    try:
        if decision == "clear":
            services.table_reset(table_id=found.pk, actor=actor)
        elif decision.startswith("forfeit:"):
            services.table_forfeit(
                table_id=found.pk, entrants=[int(decision.split(":")[1])], reason=reason, actor=actor
            )
        else:
            winner = None if decision == "draw" else int(decision.split(":")[1])
            services.table_adjust(table_id=found.pk, winner=winner, reason=reason, actor=actor)
    except ServiceError as error:
        messages.error(request, f"Table {found.number}: {error.rule}")
    else:
        messages.success(request, f"Table {found.number}: result saved.")
    return redirect(reverse("tournaments:console", args=[pk]) + f"#table-{found.pk}")


@require_GET
def slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Printable table slips of a round: who sits where and the QR code of the scorer link."""
    tournament = _tournament_or_404(pk)
    refused = _manager_check(request, tournament)
    if refused:
        return refused
    the_round = Round.objects.filter(tournament=tournament, number=number).first()
    if the_round is None or the_round.status in (RoundStatus.BUILDING, RoundStatus.FAILED):
        raise Http404("no such round, or not drawn yet")
    names = _names(tournament)
    slips_out = []
    tables = the_round.tables.order_by("number").prefetch_related(
        Prefetch("games", queryset=TableGame.objects.select_related("match").order_by("sequence"))
    )
    for table in tables:
        games = list(table.games.all())
        match = games[-1].match if games else None
        url = scorer_url(match) if match and not match.table_link_revoked else ""
        slips_out.append(
            {
                "table": table,
                "names": [names.get(e, "") for e in table.entrants],
                "match": match,
                "url": url,
                "qr": qr_svg(url, scale=6) if url else "",
            }
        )
    return render(
        request,
        "tournaments/slips.html",
        {"tournament": tournament, "round": the_round, "slips": slips_out},
    )
