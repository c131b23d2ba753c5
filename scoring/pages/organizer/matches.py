"""The organizer's pages of a friendly match: the new-match form, the manage page with the table's
link and QR code, the printable slip, and the actions on it (revoke or renew the link, abandon,
play again, settle a conflict between two phones).
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import actor_for, get_for_organizer
from clubs.errors import ServiceError
from clubs.models import Club
from clubs.names import name_key
from games import GAMES
from scoring.boards import scoreboard
from scoring.forms import AbandonForm, RevokeForm
from scoring.forms.match import MatchForm
from scoring.links import code_page_url, scorer_url, table_code
from scoring.models import Match
from scoring.pages.common import confirmation, confirmed, settle_conflict
from scoring.pages.organizer import links
from scoring.qr import qr_svg
from scoring.selectors import audit_trail
from scoring.services import matches
from scoring.services.links import table_link_revoke
from scoring.sheets import paper_sheet


@require_http_methods(["GET", "POST"])
def match_new(request: HttpRequest, slug: str) -> HttpResponse:
    """Start a match: choose the game, then its preset, options, sides and players."""
    the_club = get_for_organizer(request.user, Club.objects.all(), "club", slug=slug)
    key = (request.POST.get("game") if request.method == "POST" else request.GET.get("game")) or ""
    game = GAMES.get(key)
    players = sorted(the_club.players.values_list("name", flat=True), key=name_key)
    posted = request.POST if request.method == "POST" else None
    form = MatchForm(game, players=players, data=posted, query=request.GET)
    status = 200
    if request.method == "POST":
        arguments = form.arguments()
        if arguments is not None:
            try:
                match = matches.match_create(club=the_club, actor=actor_for(request), **arguments)
            except ServiceError as error:
                form.report(error.field, error.rule)
            else:
                messages.success(request, _("Match started: hand the scorer link to the table."))
                return redirect("scoring:match_manage", pk=match.pk)
        status = 422
    return render(
        request,
        "scoring/match_new.html",
        {"club": the_club, "form": form, "games": list(GAMES.values()), "game": game},
        status=status,
    )


def managed_match(request: HttpRequest, pk: int) -> Match:
    """The match ``pk``, for an organizer of its club only (others: sign in, or 403); every
    organizer page of a match finds it this way."""
    return get_for_organizer(request.user, Match.objects.select_related("club"), "match", pk=pk)


@never_cache
@require_GET
def match_manage(request: HttpRequest, pk: int) -> HttpResponse:
    """The organizer's page of a match: its scorer link and QR code, the link's state, the trail."""
    match = managed_match(request, pk)
    return render(
        request,
        "scoring/manage.html",
        {
            "match": match,
            "board": scoreboard(match),
            **links.link_context(match, qr_scale=4),
            "events": audit_trail(match, private=True, newest_first=True, limit=200),
            "revoke_form": RevokeForm(),
            "abandon_form": AbandonForm(),
            "rematches": Match.objects.filter(rematch_of=match).order_by("pk"),
        },
    )


@never_cache
@require_GET
def match_print(request: HttpRequest, pk: int) -> HttpResponse:
    """A printable slip: the match, its seats and the scorer link as a large QR code."""
    match = managed_match(request, pk)
    if match.table_link_revoked:
        messages.error(request, _("The scorer link is revoked: issue a new one first."))
        return redirect("scoring:match_manage", pk=match.pk)
    return render(
        request,
        "scoring/print.html",
        {"match": match, "board": scoreboard(match), **links.link_context(match, qr_scale=8)},
    )


@never_cache
@require_GET
def match_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A blank paper score sheet of the match (``scoring.sheets``), its QR code the scorer link's."""
    match = managed_match(request, pk)
    url = "" if match.table_link_revoked else scorer_url(match)
    sheet = paper_sheet(match, title=str(match), url=url, code=table_code(match) if url else "")
    return render(
        request,
        "scoring/sheet.html",
        {"match": match, "sheets": [sheet], "code_url": code_page_url()},
    )


@require_GET
def match_qr(request: HttpRequest, pk: int) -> HttpResponse:
    """The scorer link's QR code as an SVG file (organizers only: it is the link)."""
    match = managed_match(request, pk)
    if match.table_link_revoked:
        raise Http404("the scorer link is revoked")
    response = HttpResponse(qr_svg(scorer_url(match), scale=8), content_type="image/svg+xml")
    response["Cache-Control"] = "private, no-store"
    return response


@require_POST
def match_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    """Stop the scorer link at once, once confirmed; with ``renew`` a fresh link replaces it."""
    match = managed_match(request, pk)
    form = RevokeForm(request.POST)
    renew = bool(form.is_valid() and form.cleaned_data["renew"])
    if not match.table_link_revoked and not confirmed(request):
        return confirmation(
            request,
            match,
            **links.revoke_words(renew=renew),
            carried=["renew"],
        )
    table_link_revoke(
        match_id=match.pk,
        actor=actor_for(request),
        renew=renew,
    )
    messages.success(request, links.revoke_done(renew=renew))
    return redirect("scoring:match_manage", pk=match.pk)


@require_POST
def match_abandon(request: HttpRequest, pk: int) -> HttpResponse:
    """Stop a match without a result, once confirmed."""
    match = managed_match(request, pk)
    if not confirmed(request):
        return confirmation(
            request,
            match,
            question=_("Abandon the match?"),
            consequence=_("The match stops where it is, without a result; no deal can be entered after."),
            yes=_("Yes, abandon the match"),
            carried=["reason"],
        )
    form = AbandonForm(request.POST)
    reason = form.cleaned_data["reason"] if form.is_valid() else ""
    matches.match_abandon(match_id=match.pk, reason=reason, actor=actor_for(request))
    messages.success(request, _("The match was abandoned."))
    return redirect("scoring:match_manage", pk=match.pk)


@require_POST
def match_rematch(request: HttpRequest, pk: int) -> HttpResponse:
    """A new match with the same game, options, sides and seats."""
    match = managed_match(request, pk)
    new = matches.rematch(match=match, actor=actor_for(request))
    messages.success(request, _("Rematch started: hand its scorer link to the table."))
    return redirect("scoring:match_manage", pk=new.pk)


@require_POST
def match_conflict(request: HttpRequest, match_pk: int, pk: int) -> HttpResponse:
    """An organizer of the club settles a conflict from the match's organizer page."""
    match = managed_match(request, match_pk)
    settle_conflict(request, match, pk, table_link=False)
    return redirect("scoring:match_manage", pk=match.pk)
