"""Pages of the tournaments app: parse, authorize, call one service, render.

Two audiences:
- everyone: the tournaments, a tournament's public page (standings, the tables being played with
  their live progress, the bracket drawn in SVG) polling a fragment that answers 304 while nothing
  changed, each round's own page (its pairings, results and corrections: every round can be found
  again), the projector (the bracket, or who plays whom and who plays at which table beside the
  standings, paged to fit the screen, then the winner and the final standings:
  ``tournaments.projector``), CSV exports;
- organizers of the club: a new tournament, and the console: register entrants one by one or
  from a CSV file, choose the format and tiebreaks, start a round (the console polls while it is
  drawn), watch the tables (deals entered, finished, disputed), fix a result, withdraw an entrant or record a forfeit, print the table slips
  with each table's scorer QR code (the only private thing, on the organizer's pages only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext, pgettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import actor_for, can_manage, managed_clubs, organized_clubs
from clubs.errors import ServiceError
from clubs.models import Club
from games import GAMES
from scoring.links import code_page_url, scorer_url, table_code
from scoring.pages.organizer.links import side_links
from scoring.qr import qr_svg
from tournaments import (
    blind_finish,
    check_in_pages,
    documents,
    entrant_pages,
    forms,
    history,
    listing,
    notices,
    selectors,
    services,
    uploads,
    wording,
)
from tournaments.access import tournament_for_organizer, tournament_or_404
from tournaments.contracts import (
    EntrantInput,
    TableResultInput,
    TournamentChange,
    TournamentCreate,
    validated,
)
from tournaments.models import (
    Round,
    RoundStatus,
    TableAssignment,
    Tournament,
    TournamentStatus,
    players_as_entered,
)
from tournaments.pairing.formats import BRACKETS, Format
from tournaments.physical_tables import links_of

#: Where the console shows what an action did: beside the control that did it (``notices``).
AT_ENTRANTS = entrant_pages.AT_ENTRANTS
AT_TABLES = "at-tables"
#: Seconds between two polls of a public page.
POLL_SECONDS = 5


# -- helpers ----------------------------------------------------------------------------------


def public_context(tournament: Tournament) -> dict[str, Any]:
    """What the public pages show; of a blind finish, what it shows (``blind_finish``)."""
    shown = blind_finish.veil_of(tournament)
    rounds = selectors.current_rounds(tournament)
    bracket = documents.bracket_document(tournament)
    names = selectors.entrant_names(tournament)
    champion = tournament.bracket.get("champion")
    standings = blind_finish.public_standings(tournament, shown)
    return {
        "tournament": tournament,
        "game": GAMES.get(tournament.game_key),
        "standings": standings,
        "people": selectors.people_linked(tournament),
        "rounds": selectors.round_views(tournament, rounds, names, shown),
        "earlier": history.earlier_rounds(tournament, rounds, names, shown),
        "every_round": history.every_round(tournament),
        "cross": history.round_robin_cross_table(tournament, standings, shown),
        "winner": history.winner_line(tournament, standings, shown),
        "panels": wording.bracket_panels(bracket, names) if bracket and bracket["rounds"] else [],
        "champion": names.get(champion) if champion else None,
        "etag": blind_finish.page_etag(shown, selectors.live_revision(tournament, rounds)),
        "poll_seconds": POLL_SECONDS,
        "corrections": blind_finish.public_corrections(tournament, shown),
        "blind": shown,
    }


# -- public pages -----------------------------------------------------------------------------


@require_GET
def tournament_list(request: HttpRequest) -> HttpResponse:
    """The tournaments (of one club with ``?club=<slug>``), being played first; organizers also
    see how to start one, and their club's archived ones (``&archived=1``)."""
    club = Club.objects.filter(slug=request.GET.get("club", "")).first()
    keeper = club is not None and can_manage(request.user, club)
    archived = keeper and request.GET.get("archived") == "1"
    return render(
        request,
        "tournaments/list.html",
        {
            "tournaments": listing.live_first(club, archived=archived)[:100],
            "club": club,
            "organizer": bool(managed_clubs(request.user)),
            "keeper": keeper,
            "archived": archived,
        },
    )


@require_GET
def public(request: HttpRequest, pk: int) -> HttpResponse:
    """The public page: standings, the tables being played, the bracket; polls :func:`live`."""
    tournament = tournament_or_404(pk)
    context = public_context(tournament)
    context["poll_url"] = reverse("tournaments:live", args=[pk])
    context["organizer"] = can_manage(request.user, tournament.club_id)
    return blind_finish.shown_page(render(request, "tournaments/public.html", context))[0]


@require_GET
def round_page(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """One round, found again at any time: its pairings, its results and byes, and the corrections
    made to its results after it closed; every round of the event is one link away."""
    tournament = tournament_or_404(pk)
    the_round = tournament.rounds.exclude(status=RoundStatus.FAILED).filter(number=number).first()
    if the_round is None:
        raise Http404(gettext("no such round, or not drawn yet"))
    shown = blind_finish.veil_of(tournament)
    view = selectors.round_views(tournament, [the_round], veil=shown)[0]
    return render(
        request,
        "tournaments/round.html",
        {
            "tournament": tournament,
            "game": GAMES.get(tournament.game_key),
            "view": view,
            "shown": [view],
            "rounds": history.every_round(tournament),
            "corrections": [
                c for c in blind_finish.public_corrections(tournament, shown) if c.round == number
            ],
            "organizer": can_manage(request.user, tournament.club_id),
        },
    )


def _live_fragment(request: HttpRequest, pk: int, template: str, **extra: Any) -> HttpResponseBase:
    """A live part of a public page (``template``), 304 while nothing it shows has changed."""
    tournament = tournament_or_404(pk)
    rounds = selectors.current_rounds(tournament)

    def page() -> HttpResponse:
        context = {**public_context(tournament), "poll_url": request.path, **extra}
        return render(request, template, context)

    shown = blind_finish.veil_of(tournament)
    return blind_finish.shown_get(request, shown, selectors.live_revision(tournament, rounds), page)


@require_GET
def live(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The public page's live part."""
    return _live_fragment(request, pk, "tournaments/_live.html")


# -- organizers -------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def tournament_new(request: HttpRequest) -> HttpResponse:
    """A new tournament in one of the clubs the organizer runs: the game first (its presets and
    match formats depend on it), then the rest."""
    clubs = organized_clubs(request.user)
    choices = [(c.slug, c.name) for c in clubs]
    club_slug = request.GET.get("club", choices[0][0])
    game = GAMES.get(request.POST.get("game") or request.GET.get("game") or "")
    if game is None:
        return render(
            request,
            "tournaments/new.html",
            {"games": list(GAMES.values()), "club_slug": club_slug},
            status=200 if request.method == "GET" else 422,
        )
    form = forms.TournamentForm(request.POST or None, clubs=choices, game=game, initial={"club": club_slug})
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            club = next(c for c in clubs if c.slug == form.cleaned_data["club"])
            try:
                arguments = validated(TournamentCreate, form.contract_data())
                tournament = services.tournament_create(club=club, **arguments)
            except ServiceError as error:
                form.add_service_error(error)
            else:
                messages.success(
                    request, gettext("Tournament created: register the entrants."), extra_tags=AT_ENTRANTS
                )
                return redirect(reverse("tournaments:console", args=[tournament.pk]) + "#entrants")
    else:
        form.focus("name")
    club_name = dict(choices).get(form["club"].value() or club_slug, "")
    return render(
        request,
        "tournaments/new.html",
        {"form": form, "game": game, "club_slug": club_slug, "club_name": club_name, "clubs": len(choices)},
        status=status,
    )


def _console_context(request: HttpRequest, tournament: Tournament, **forms_given: Any) -> dict[str, Any]:
    rounds = list(tournament.rounds.order_by("number"))
    entrants = list(tournament.entrants.prefetch_related(players_as_entered()))
    draws = tournament.format not in BRACKETS
    removable = services.entrants_removable(tournament)
    said = notices.by_place(request)
    standings = selectors.cached_standings(tournament)
    playing = [
        (
            view,
            [(table, _result_form(table, draws), said.get(f"table-{table.id}", [])) for table in view.tables],
        )
        for view in selectors.round_views(tournament, selectors.current_rounds(tournament))
    ]
    entrant_form = forms_given.get("entrant_form") or forms.EntrantForm(late=forms.late(tournament))
    if "entrants" in said and "entrant_form" not in forms_given:
        entrant_form.focus("name")  # the next entrant's name, straight after a registration
    return {
        "tournament": tournament,
        "game": GAMES.get(tournament.game_key),
        "entrants": entrants,
        "active": sum(1 for e in entrants if not e.withdrawn),
        "removable": removable,
        "entrant_rows": entrant_pages.entrant_rows(tournament, entrants, removable),
        "rounds": rounds,
        "playing": playing,
        "notices": said,
        "standings": standings,
        "veil": blind_finish.veil_of(tournament),
        "people": selectors.people_linked(tournament),
        "corrections": selectors.corrections(tournament),
        "entrant_form": entrant_form,
        "list_form": forms_given.get("list_form") or forms.ListForm(),
        "upload_form": forms_given.get("upload_form") or forms.UploadForm(),
        "configure_form": forms_given.get("configure_form") or forms.ConfigureForm.of(tournament),
        "start_refused": (refused := services.round_start_refusal(tournament)),
        "finished": tournament.status == TournamentStatus.FINISHED,
        "winner": history.winner_line(tournament, standings),
        "drawing": next((r for r in rounds if r.status == RoundStatus.BUILDING), None),
        # The last draw failed: why, above the button that draws it again (no poll says it).
        "draw_failed": rounds[-1] if rounds and rounds[-1].status == RoundStatus.FAILED else None,
        "next_round": sum(1 for r in rounds if r.status != RoundStatus.FAILED) + 1,
        "brackets": tournament.format in BRACKETS,
        "table_links": links_of(tournament),
        "deletable": services.tournament_deletable(tournament),
        "tables_needed": selectors.tables_needed(tournament),
        **check_in_pages.console_context(tournament, entrants, refused),
    }


def _result_form(table: selectors.TableView, draws: bool, data: Any = None) -> forms.ResultForm:
    seated = [(seat.id, seat.name) for seat in table.seats]
    return forms.ResultForm(data, prefix=f"t{table.id}", entrants=seated, draws=draws)


@require_GET
def console(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's console of a tournament."""
    tournament = tournament_for_organizer(request.user, pk)
    return render(request, "tournaments/console.html", _console_context(request, tournament))


def _console_again(request: HttpRequest, tournament: Tournament, **given: Any) -> HttpResponse:
    return render(
        request, "tournaments/console.html", _console_context(request, tournament, **given), status=422
    )


@require_POST
def console_entrant(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_organizer(request.user, pk)
    form = forms.EntrantForm(request.POST, late=forms.late(tournament))
    if form.is_valid():
        try:
            spec = validated(EntrantInput, form.contract_data())
            entrant = services.entrant_register(tournament_id=tournament.pk, entrant=spec)
        except ServiceError as error:
            form.add_service_error(error)
        else:
            messages.success(request, forms.EntrantForm.registered(entrant), extra_tags=AT_ENTRANTS)
            return redirect(reverse("tournaments:console", args=[pk]) + "#entrants")
    return _console_again(request, tournament, entrant_form=form)


@require_POST
def console_list(request: HttpRequest, pk: int) -> HttpResponse:
    """Register a pasted list, one entrant a line, all or nothing."""
    tournament = tournament_for_organizer(request.user, pk)
    form = forms.ListForm(request.POST)
    if not form.is_valid():
        return _console_again(request, tournament, list_form=form)

    def read() -> tuple[list[dict[str, object]], Callable[[int], int | None]]:
        rows, lines = uploads.parse_entrant_lines(form.cleaned_data["entrants"])
        return rows, lambda row: lines[row] if row < len(lines) else None

    return _register_many(request, tournament, form, "entrants", read)


@require_POST
def console_upload(request: HttpRequest, pk: int) -> HttpResponse:
    """Register the entrants of a CSV file, all or nothing."""
    tournament = tournament_for_organizer(request.user, pk)
    form = forms.UploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return _console_again(request, tournament, upload_form=form)

    def read() -> tuple[list[dict[str, object]], Callable[[int], int | None]]:
        return uploads.parse_entrants_csv(uploads.read_upload(form.cleaned_data["file"])), uploads.line_of

    return _register_many(request, tournament, form, "file", read)


def _register_many(
    request: HttpRequest,
    tournament: Tournament,
    form: forms.ListForm | forms.UploadForm,
    field: str,
    read: Callable[[], tuple[list[dict[str, object]], Callable[[int], int | None]]],
) -> HttpResponse:
    """Register the rows ``read`` gives (with the line each row came from); a refusal is shown
    beside ``field``, naming the line at fault."""
    line_of: Callable[[int], int | None] | None = None
    try:
        rows, line_of = read()
        specs = validated(EntrantInput, rows, many=True)
        made = services.entrants_register(tournament_id=tournament.pk, entrants=specs)
    except ServiceError as error:
        row = error.extra.get("row")
        line = line_of(row) if line_of is not None and isinstance(row, int) else None
        said = forms.in_words(error.rule, {}, sentence=not line)
        # Translators: an error in a pasted list or a CSV file, at a line: "line 4: name is required".
        form.add_error(
            field, gettext("line %(line)s: %(error)s") % {"line": line, "error": said} if line else said
        )
        form.focus(field)
        given = "list_form" if isinstance(form, forms.ListForm) else "upload_form"
        return _console_again(request, tournament, **{given: form})
    count = len(made)
    if field == "file":
        said = ngettext(
            "%(count)s entrant registered from the file.",
            "%(count)s entrants registered from the file.",
            count,
        )
    else:
        said = ngettext(
            "%(count)s entrant registered from the list.",
            "%(count)s entrants registered from the list.",
            count,
        )
    messages.success(request, said % {"count": count}, extra_tags=AT_ENTRANTS)
    return redirect(reverse("tournaments:console", args=[tournament.pk]) + "#entrants")


@require_POST
def console_configure(request: HttpRequest, pk: int) -> HttpResponse:
    tournament = tournament_for_organizer(request.user, pk)
    form = forms.ConfigureForm(request.POST, tiebreaks=tournament.tiebreaks)
    if form.is_valid():
        try:
            arguments = validated(TournamentChange, form.contract_data())
            services.tournament_configure(tournament_id=tournament.pk, **arguments)
        except ServiceError as error:
            form.add_service_error(error)
        else:
            messages.success(request, gettext("Format, tiebreaks and rules saved."), extra_tags="at-format")
            return redirect(reverse("tournaments:console", args=[pk]) + "#format")
    return _console_again(request, tournament, configure_form=form)


@require_POST
def console_round(request: HttpRequest, pk: int) -> HttpResponse:
    """Start the next round. A task draws it: the console says "being drawn" while it is, and
    polls until its tables are there (a notice saying so would outlive the draw)."""
    tournament = tournament_for_organizer(request.user, pk)
    try:
        started = services.round_start(tournament_id=tournament.pk)
    except ServiceError as error:
        messages.error(request, forms.in_words(error.rule, {}), extra_tags=AT_TABLES)
    else:
        started.refresh_from_db()
        if started.status == RoundStatus.PLAYING:  # drawn already (else the console says it is being drawn)
            messages.success(
                request,
                (
                    pgettext("concours", "Game %(number)s is drawn: its tables are below.")
                    if tournament.format == Format.CONCOURS
                    else gettext("Round %(number)s is drawn: its tables are below.")
                )
                % {"number": started.number},
                extra_tags=AT_TABLES,
            )
    return redirect(reverse("tournaments:console", args=[pk]) + "#tables")


@require_POST
def console_result(request: HttpRequest, pk: int, table: int) -> HttpResponse:
    """Fix a table's result: a winner, a draw, a forfeit, or back to what the matches say."""
    tournament = tournament_for_organizer(request.user, pk)
    tables = TableAssignment.objects.filter(round__tournament=tournament, pk=table)
    found = next(iter(selectors.table_views(tournament, tables)), None)
    if found is None:
        raise Http404(gettext("no such table"))
    form = _result_form(found, tournament.format not in BRACKETS, request.POST)
    here = f"at-table-{found.id}"
    if not form.is_valid():
        messages.error(request, gettext("Choose what happened at the table."), extra_tags=here)
        return redirect(reverse("tournaments:console", args=[pk]) + f"#table-{found.id}")
    actor = actor_for(request)
    try:
        if form.clears:
            services.table_reset(table_id=found.id, actor=actor)
        else:
            decision = validated(TableResultInput, form.contract_data())
            services.table_decide(table_id=found.id, decision=decision, actor=actor)
    except ServiceError as error:
        messages.error(
            request,
            gettext("Table %(number)s: %(error)s")
            % {"number": found.number, "error": forms.in_words(error.rule, {}, sentence=False)},
            extra_tags=here,
        )
    else:
        messages.success(
            request, gettext("Table %(number)s: result saved.") % {"number": found.number}, extra_tags=here
        )
    return redirect(reverse("tournaments:console", args=[pk]) + f"#table-{found.id}")


@require_GET
def slips(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Printable table slips of a round: who sits where and the QR code of the scorer link."""
    tournament = tournament_for_organizer(request.user, pk)
    the_round = Round.objects.filter(tournament=tournament, number=number).first()
    if the_round is None or the_round.status in (RoundStatus.BUILDING, RoundStatus.FAILED):
        raise Http404(gettext("no such round, or not drawn yet"))
    slips_out = []
    for view in selectors.table_views(tournament, the_round.tables.order_by("number")):
        match = view.match
        url = scorer_url(match) if match and not match.table_link_revoked else ""
        slips_out.append(
            {
                "table": view.table,
                "names": [seat.name for seat in view.seats],
                "where": view.table.bracket_slot or view.table.number,
                "match": match,
                "url": url,
                "qr": qr_svg(url, scale=6) if url else "",
                "code": table_code(match) if url and match else "",
                "sides": side_links(match, qr_scale=6) if match else [],
            }
        )
    return render(
        request,
        "tournaments/slips.html",
        {
            "tournament": tournament,
            "round": the_round,
            "round_label": wording.round_label(the_round.label, the_round.number),
            "slips": slips_out,
            "code_url": code_page_url(),
        },
    )
