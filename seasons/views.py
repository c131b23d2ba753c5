"""Pages of the seasons app: parse, authorize, call one service, render.

- everyone: the seasons of a club, a season's table (dropped evenings struck through, the way
  clubs say "wegstrepen"; marked provisional while a counted evening is not final), its projector
  view and CSV file; the players of a club with the top ratings, and a player's page, as far as
  the club and the player let the public see;
- organizers of the club: a new season, the season's evenings (attach, take out), what the public
  sees of the club's players; a player (or an organizer) may hide the player from public lists.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import can_manage, managed_clubs, one_or_404, organized_clubs
from clubs.errors import ServiceError
from clubs.models import Club, Player
from clubs.names import name_key
from games import GAMES
from seasons import documents, selectors, services, wording
from seasons.access import may_hide, season_for_organizer, season_or_404, seen_by
from seasons.contracts import EveningAttach, Preferences, PrivacyChange, SeasonCreate
from seasons.forms import EveningForm, SeasonForm
from seasons.models import Season
from seasons.players import player_view
from tablescore.conditional import conditional_get
from tournaments.contracts import validated
from tournaments.models import Tournament

#: Seconds between two refreshes of the projector.
PROJECTOR_REFRESH = 30


def _table_context(request: HttpRequest, season: Season) -> dict[str, Any]:
    seen = seen_by(request.user)(season.club_id)
    shown = selectors.standings(season, seen)
    evenings = []
    for evening in shown["evenings"]:
        day = date.fromisoformat(evening["day"])
        evenings.append({**evening, "date": day, "short": wording.short_date(day)})
    rows = []
    for row in shown["rows"]:
        values = {v["tournament"]: (v, False) for v in row["counted"]}
        values.update({v["tournament"]: (v, True) for v in row["dropped"]})
        cells = [values.get(e["tournament"]) for e in evenings]
        rows.append({**row, "cells": cells})
    return {
        "season": season,
        "game": GAMES.get(season.game_key),
        "summary": selectors.season_rule_summary(season),
        "shown": shown,
        "evenings": evenings,
        "rows": rows,
        "qualified": [r for r in rows if r["rank"] is not None],
        "below": [r for r in rows if r["rank"] is None],
        "organizer": can_manage(request.user, season.club_id),
        "pages": seen.pages,
    }


@require_GET
def season_list(request: HttpRequest) -> HttpResponse:
    found = Season.objects.select_related("club")
    club = None
    if request.GET.get("club"):
        club = one_or_404(Club.objects.all(), "club", slug=request.GET["club"])
        found = found.filter(club=club)
    return render(
        request,
        "seasons/list.html",
        {"seasons": found[:100], "club": club, "organizer": bool(managed_clubs(request.user))},
    )


@require_GET
def season_page(request: HttpRequest, pk: int) -> HttpResponse:
    return render(request, "seasons/season.html", _table_context(request, season_or_404(pk)))


@require_GET
def season_projector(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The table for a screen across the room; it polls its fragment (``?fragment=1``), which
    answers 304 while the season's revision is unchanged."""
    season = season_or_404(pk)

    def respond() -> HttpResponse:
        context = {**_table_context(request, season), "refresh": PROJECTOR_REFRESH}
        fragment = request.GET.get("fragment") == "1"
        return render(request, "seasons/_projected.html" if fragment else "seasons/projector.html", context)

    return conditional_get(request, str(season.revision), respond)


@require_GET
def season_csv(request: HttpRequest, pk: int) -> HttpResponse:
    season = season_or_404(pk)
    shown = selectors.standings(season, seen_by(request.user)(season.club_id))
    response = HttpResponse(documents.standings_csv(shown), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="season-{pk}.csv"'
    return response


# -- organizers -----------------------------------------------------------------------------------


@require_http_methods(["GET", "POST"])
def season_new(request: HttpRequest) -> HttpResponse:
    clubs = organized_clubs(request.user)
    choices = [(c.slug, c.name) for c in clubs]
    initial = {"club": request.GET.get("club", choices[0][0]), "game": "klaverjas", "min_evenings": 0}
    form = SeasonForm(request.POST or None, clubs=choices, initial=initial)
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            club = next(c for c in clubs if c.slug == form.cleaned_data["club"])
            try:
                arguments = validated(SeasonCreate, form.contract_data())
                arguments.pop("club")
                season = services.season_create(club=club, **arguments)
            except ServiceError as error:
                form.add_service_error(error)
            else:
                messages.success(request, gettext("Season created: attach its evenings."))
                return redirect("seasons:manage", pk=season.pk)
    return render(request, "seasons/new.html", {"form": form}, status=status)


@require_http_methods(["GET", "POST"])
def season_manage(request: HttpRequest, pk: int) -> HttpResponse:
    season = season_for_organizer(request.user, pk)
    attached = selectors.attached_evenings(season)
    taken = {e.tournament_id for e in attached}
    candidates = Tournament.objects.filter(club_id=season.club_id, game_key=season.game_key).exclude(
        pk__in=taken
    )
    form = EveningForm(request.POST or None, tournaments=[(t.pk, t.name) for t in candidates])
    status = 200
    if request.method == "POST":
        status = 422
        if form.is_valid():
            try:
                body = {"tournament": int(form.cleaned_data["tournament"])}
                if form.cleaned_data.get("day"):
                    body["day"] = form.cleaned_data["day"].isoformat()
                arguments = validated(EveningAttach, body)
                services.season_attach(
                    season_id=season.pk, tournament_id=arguments["tournament"], day=arguments.get("day")
                )
            except ServiceError as error:
                form.add_error(None, error.rule)
            else:
                messages.success(request, gettext("Evening attached; the table is recomputed."))
                return redirect("seasons:manage", pk=season.pk)
    return render(
        request,
        "seasons/manage.html",
        {
            "season": season,
            "attached": attached,
            "form": form,
            "candidates": candidates.exists(),
        },
        status=status,
    )


@require_POST
def season_detach(request: HttpRequest, pk: int, tournament: int) -> HttpResponse:
    season = season_for_organizer(request.user, pk)
    services.season_detach(season_id=season.pk, tournament_id=tournament)
    messages.success(request, gettext("Evening taken out of the season."))
    return redirect("seasons:manage", pk=season.pk)


# -- players ----------------------------------------------------------------------------------------


@require_GET
def player_list(request: HttpRequest) -> HttpResponse:
    club = one_or_404(Club.objects.all(), "club", slug=request.GET.get("club", ""))
    seen = seen_by(request.user)(club.pk)
    if not seen.pages:
        raise Http404(gettext("the club keeps its players private"))
    families = sorted(
        {
            selectors.family_of(k)
            for k in Tournament.objects.filter(club=club).values_list("game_key", flat=True)
        }
    )
    return render(
        request,
        "seasons/players.html",
        {
            "club": club,
            "players": sorted(
                (p for p in club.players.all() if seen.lists(p.pk)), key=lambda p: name_key(p.name)
            ),
            "tops": [
                (GAMES[f].name if f in GAMES else f, selectors.top_ratings(club.pk, f, seen))
                for f in families
            ],
            "organizer": seen.everyone,
            "preferences": selectors.preferences(club),
            "provisional_note": wording.provisional_note(),
        },
    )


@require_GET
def player_page(request: HttpRequest, pk: int) -> HttpResponse:
    player = one_or_404(Player.objects.all(), "player", pk=pk)
    view = player_view(player, seen_by(request.user))
    if view is None:
        raise Http404(gettext("no such player"))
    hide_at = [
        (club, selectors.privacy(club.pk, organizer=False).shows(player.pk))
        for club in view.clubs
        if may_hide(request.user, player, club.pk)
    ]
    context = {
        "view": view,
        "hide_at": hide_at,
        "provisional": any(rating.provisional for rating in view.ratings),
        "provisional_note": wording.provisional_note(),
    }
    return render(request, "seasons/player.html", context)


@require_POST
def club_preferences(request: HttpRequest, slug: str) -> HttpResponse:
    club = one_or_404(Club.objects.all(), "club", slug=slug)
    if not can_manage(request.user, club):
        raise PermissionDenied(gettext("only the club's owners and organizers may do this"))
    body = {key: request.POST.get(key) == "on" for key in ("players_public", "win_chances")}
    services.preferences_set(club=club, **validated(Preferences, body))
    messages.success(request, gettext("Saved."))
    return redirect(reverse("seasons:players") + f"?club={club.slug}")


@require_POST
def player_privacy(request: HttpRequest, pk: int, slug: str) -> HttpResponse:
    player = one_or_404(Player.objects.all(), "player", pk=pk)
    club = one_or_404(Club.objects.all(), "club", slug=slug)
    if not may_hide(request.user, player, club.pk):
        raise PermissionDenied(gettext("only the player or the club's organizers may do this"))
    arguments = validated(PrivacyChange, {"hidden": request.POST.get("hidden") == "on"})
    services.player_privacy_set(club=club, player_id=player.pk, **arguments)
    messages.success(request, gettext("Saved."))
    return redirect("seasons:player", pk=player.pk)
