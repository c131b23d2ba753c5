"""Pages of the scoring app: parse, authorize, call one service, render.

Three audiences:
- everyone: the home page, a club's matches, a match's scoreboard and its poll endpoint (ETag =
  the match's revision, so an unchanged board answers 304);
- a table, through the match's secret scorer link (``/t/<token>/``): the scoreboard with the deal
  entry form, correcting and voiding a deal with its change history, and a rematch;
- organizers (owners and organizers of the club): a new match, the scorer link with its QR code
  and printed slip, revoking or renewing the link, abandoning, and the match's audit trail.

The entry form comes from the game's declaration (``scoring.forms.entry``); the board's content from
the match replayed by its game (``scoring.display``); the chart's geometry from ``scoring.chart``.
Writes go through ``scoring.services`` with the actor (user name or "table link") and the client's
address.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import actor_for, can_manage, is_site_operator
from clubs.errors import ServiceError
from clubs.models import Club
from clubs.names import name_key
from clubs.parts import club_evenings, club_links, listings
from games import GAMES, MatchState
from scoring import belonging, blind_pages, correction_pages, display, numbering, selectors
from scoring.access import deal_or_404, hidden_from, match_or_404, readable_match_or_404, scorer_match
from scoring.boards import entry_form, scoreboard
from scoring.correction_pages import asks_director
from scoring.forms import VoidForm
from scoring.forms.entry import EntryForm
from scoring.forms.reading import entry_words
from scoring.links import scorer_path
from scoring.models import Deal, Match, MatchStatus, Source
from scoring.services import blind, contacts, deals, ledger, lifecycle, matches
from scoring.titles import said_round
from tablescore.conditional import conditional_get

#: Seconds between two polls of a scoreboard.
POLL_SECONDS = 4
#: The club page's filter for the matches taken off its list (organizers only).
ARCHIVED = "archived"


# -- helpers ----------------------------------------------------------------------------------


def _before(match: Match, number: int) -> MatchState[Any]:
    """The match as it stood before deal ``number`` (all of it, for a voided deal)."""
    live = selectors.live_entries(match)
    position = next((i for i, (deal, _) in enumerate(live) if deal.number == number), len(live))
    return ledger.replay(match, [version.entry for _, version in live[:position]])


def _poll_response(
    request: HttpRequest, match: Match, context: Callable[[], dict[str, Any]], *, private: bool = False
) -> HttpResponseBase:
    """The board fragment, or 304 when the client already has this revision (ETag = revision)."""
    return conditional_get(
        request,
        str(match.revision),
        lambda: render(request, "scoring/_board.html", context()),
        private=private,
    )


# -- public pages -----------------------------------------------------------------------------


@require_GET
def home(request: HttpRequest) -> HttpResponse:
    """The tournaments (live first), the matches in progress, the clubs with their evenings being
    played or coming, and the games; a site operator also finds how to make a club."""
    in_progress = Match.objects.filter(status=MatchStatus.IN_PROGRESS, archived_at__isnull=True)
    in_progress = in_progress.select_related("club")[:30]
    evenings = club_evenings()
    return render(
        request,
        "scoring/home.html",
        {
            "games": list(GAMES.values()),
            "clubs": [
                (club, evenings.get(club.pk, []))
                for club in sorted(Club.objects.all(), key=lambda club: name_key(club.name))
            ],
            "matches": in_progress,
            "makes_clubs": is_site_operator(request.user),
            "listings": listings(None),
        },
    )


@require_GET
def club(request: HttpRequest, slug: str) -> HttpResponse:
    """A club's tournaments (live first) and matches, newest activity first, and the links the apps
    above offer (its players); organizers also see how to start one."""
    the_club = get_object_or_404(Club, slug=slug)
    status = request.GET.get("status", "")
    organizer = can_manage(request.user, the_club)
    archived = organizer and status == ARCHIVED
    shown = the_club.matches.filter(archived_at__isnull=not archived)
    if status in MatchStatus.values:
        shown = shown.filter(status=status)
    return render(
        request,
        "scoring/club.html",
        {
            "club": the_club,
            "matches": shown[:100],
            "status": status,
            "statuses": MatchStatus.choices + ([(ARCHIVED, _("Archived"))] if organizer else []),
            "organizer": organizer,
            "listings": listings(the_club),
            "links": club_links(the_club, request.user),
        },
    )


@require_GET
def match_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The public scoreboard of one match; it polls :func:`match_board` for changes. While a
    tournament's blind finish hides its round, the public reads that it waits for the reveal."""
    match = match_or_404(pk)
    if hidden_from(request, match):
        return render(
            request, "scoring/match_hidden.html", {"match": match, "part_of": belonging.part_of(match)}
        )
    return render(
        request,
        "scoring/match.html",
        {
            "match": match,
            "board": scoreboard(match),
            "poll_url": reverse("scoring:match_board", args=[match.pk]),
            "poll_seconds": POLL_SECONDS,
            "organizer": can_manage(request.user, match.club_id),
            "part_of": belonging.part_of(match),
            "notes": belonging.notes(match),
        },
    )


@require_GET
def match_board(request: HttpRequest, pk: int) -> HttpResponseBase:
    """The scoreboard fragment; a conditional GET answers 304 while the match is unchanged."""
    match = readable_match_or_404(request, pk)
    return _poll_response(
        request,
        match,
        lambda: {
            "match": match,
            "board": scoreboard(match),
            "poll_url": request.path,
            "poll_seconds": POLL_SECONDS,
            "fragment": True,
        },
    )


# -- the table: the scorer link ---------------------------------------------------------------


def _scorer_board(request: HttpRequest, match: Match, token: str) -> display.Board:
    """The board a scorer page shows: the match's deals, or a double-blind side's own entries."""
    side = blind_pages.blind_side(request, match, token)
    if side is None or not blind_pages.shows_own(match):
        return scoreboard(match)
    return blind_pages.blind_board(match, side)


def scorer_page_context(
    request: HttpRequest, match: Match, token: str, board: display.Board, form: EntryForm | None = None
) -> dict[str, Any]:
    """The scorer page of ``board``; its entry form is the next deal's unless ``form`` (as posted)."""
    last = max((deal.number for deal in board.deals), default=0)
    side = blind_pages.blind_side(request, match, token)
    locked = blind_pages.blind_locked(request, match, token)
    blind_context: dict[str, Any] = {}
    if side is not None or locked:
        blind_context = {"blind": blind_pages.blind_panel(match, side, board), "blind_locked": locked}
        blind_context["entry_closed"] = locked or match.result_status != "open"
    return {
        **blind_context,
        # the director came from the desk (a dispute's score sheet, a double-blind's own score)
        "back": blind_pages.back_path(request),
        "match": match,
        "token": token,
        "board": board,
        "form": form or entry_form(match, board.played),
        "entry_heading": _("Enter deal %(number)s") % {"number": last + 1},
        "entry_submit": _("Save deal %(number)s") % {"number": last + 1},
        "entry_number": last + 1,
        "scorer": True,
        "idempotency_key": uuid.uuid4().hex,
        "poll_url": reverse("scoring:table_board", args=[token]),
        "contact_url": reverse("scoring:table_contact", args=[token]),
        "poll_seconds": POLL_SECONDS,
        "organizer": can_manage(request.user, match.club_id),
    }


@never_cache
@require_http_methods(["GET", "POST"])
def table(request: HttpRequest, token: str) -> HttpResponse:
    """The scorer page: the scoreboard and the form for the next deal (POST records it)."""
    match = scorer_match(token)
    board = _scorer_board(request, match, token)
    if request.method == "GET":
        return render(request, "scoring/table.html", scorer_page_context(request, match, token, board))
    contacts.note_contact(match, numbering.outbox_count(request.headers))
    form = entry_form(match, board.played, data=request.POST)
    entry = form.entry()
    status = 422
    side = blind_pages.blind_side(request, match, token)
    if entry is not None and side is not None:
        return _blind_entry(request, match, token, side, form, entry)
    if entry is not None:
        try:
            written = deals.deal_record_numbered(
                match_id=match.pk,
                number=_int_or_none(request.POST.get("number")),
                entry=entry,
                actor=actor_for(request, table_link_club=match.club_id),
                source=Source.WEB,
                idempotency_key=request.POST.get("key") or None,
            )
        except ServiceError as error:
            form.report(error.field, error.rule, error.words)
            status = error.status if error.status != 400 else 422
        else:  # saved, or a recorded conflict (both entries shown on the page, to settle)
            notice = numbering.saved_notice(written)
            if not request.htmx:  # type: ignore[attr-defined]
                level = messages.WARNING if written.conflict else messages.SUCCESS
                messages.add_message(request, level, notice)
                return redirect("scoring:table", token=token)  # the message and the totals on top
            match.refresh_from_db()
            context = scorer_page_context(request, match, token, scoreboard(match))
            context["notice"] = notice
            answer = render(request, "scoring/table.html", context, status=409 if written.conflict else 200)
            return numbering.tell_outcome(answer, _outcome(written))
    match.refresh_from_db()
    context = scorer_page_context(request, match, token, scoreboard(match), form)
    answer = render(request, "scoring/table.html", context, status=status)
    return numbering.tell_outcome(answer, numbering.Outcome.REFUSED, form)


def _outcome(written: deals.Numbered) -> numbering.Outcome:
    if written.conflict is not None:
        return numbering.Outcome.CONFLICT
    return numbering.Outcome.DUPLICATE if written.duplicate else numbering.Outcome.SAVED


def _blind_entry(
    request: HttpRequest, match: Match, token: str, side: int, form: EntryForm, entry: Any
) -> HttpResponse:
    """A side's deal of a double-blind match, into its own ledger (``scoring.services.blind``)."""
    try:
        written = blind.blind_record(
            match_id=match.pk,
            side=side,
            entry=entry,
            actor=actor_for(request, table_link_club=match.club_id),
        )
    except ServiceError as error:
        form.report(error.field, error.rule, error.words)
        match.refresh_from_db()
        board = blind_pages.blind_board(match, side)
        context = scorer_page_context(request, match, token, board, form)
        return render(
            request, "scoring/table.html", context, status=error.status if error.status != 400 else 422
        )
    notice = blind_pages.saved_notice(written)
    if not request.htmx:  # type: ignore[attr-defined]
        messages.success(request, notice)
        return redirect("scoring:table", token=token)
    match.refresh_from_db()
    context = scorer_page_context(request, match, token, _scorer_board(request, match, token))
    # News about the result (the side's last deal) goes in the result news the board's poll
    # empties, so it goes once the result moves on (the director picks a version).
    context["result_notice" if written.finished else "notice"] = notice
    return render(request, "scoring/table.html", context)


@require_POST
def table_contact(request: HttpRequest, token: str) -> HttpResponse:
    """The scorer page's heartbeat: its table reached the server now, with the count of deals its
    phone keeps unsent (``Tablescore-Outbox``; the console and the desk show both). Its own POST,
    so that no read of the board writes."""
    contacts.note_contact(scorer_match(token), numbering.outbox_count(request.headers))
    return HttpResponse(status=204)


@require_GET
def table_board(request: HttpRequest, token: str) -> HttpResponseBase:
    """The scorer's board fragment (with edit links), 304 while unchanged. A read only: the page
    says it is there with a POST of its own (:func:`table_contact`)."""
    match = scorer_match(token)
    return _poll_response(
        request,
        match,
        lambda: {
            "match": match,
            "token": token,
            "board": _scorer_board(request, match, token),
            "blind": blind_pages.blind_side(request, match, token) is not None
            or blind_pages.blind_locked(request, match, token),
            "scorer": True,
            "organizer": can_manage(request.user, match.club_id),
            "poll_url": request.path,
            "poll_seconds": POLL_SECONDS,
            "fragment": True,
        },
        private=True,
    )


def _deal_context(
    request: HttpRequest, match: Match, token: str, deal: Deal, form: EntryForm, void_form: VoidForm
) -> dict[str, Any]:
    organizer = can_manage(request.user, match.club_id)
    closed = lifecycle.needs_reason(match) and organizer
    asking = (
        correction_pages.ask_context(match, token, deal)
        if asks_director(match, organizer)
        else {"asked": correction_pages.open_request(match, deal) if closed else None}
    )
    return {
        **asking,
        "back": blind_pages.back_path(request),
        "reason_required": closed,
        "closed_round": (said_round(match.detail.closed_round) or _("the round")).capitalize()
        if closed
        else "",
        "reason_value": request.POST.get("reason", "") if request.method == "POST" else "",
        "match": match,
        "token": token,
        "deal": deal,
        "form": form,
        "void_form": void_form,
        "versions": [
            {
                "version": v.version,
                "voided": v.voided,
                "reason": v.reason,
                "created_at": v.created_at,
                "actor_label": v.actor_label,
                "actor_ip": v.actor_ip,
                "source": v.get_source_display(),
                "entry_words": entry_words(match, v.entry) if v.entry is not None else (),
            }
            for v in reversed(selectors.deal_history(deal))
        ],
        "organizer": can_manage(request.user, match.club_id),
        "scorer": True,
    }


@never_cache
@require_http_methods(["GET", "POST"])
def table_deal(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """One deal: correct it (POST), with its change history and the form to void it."""
    match = scorer_match(token)
    deal = deal_or_404(match, number)
    if request.method == "GET":
        form = entry_form(match, _before(match, number), entry=_stored_entry(deal))
        void_form = VoidForm(initial={"version": deal.version})
        return render(
            request, "scoring/deal.html", _deal_context(request, match, token, deal, form, void_form)
        )
    form = entry_form(match, _before(match, number), data=request.POST)
    entry = form.entry()
    status = 422
    reason_error = ""
    expected = _int_or_none(request.POST.get("version"))
    if entry is not None:
        try:
            deals.deal_correct(
                match_id=match.pk,
                number=number,
                entry=entry,
                expected_version=expected,
                actor=actor_for(request, table_link_club=match.club_id),
                source=Source.WEB,
                reason=request.POST.get("reason", ""),
            )
        except ServiceError as error:
            if error.field == "reason":
                reason_error = error.rule
            else:
                form.report(error.field if error.field != "If-Match" else None, error.rule, error.words)
            status = error.status if error.status != 400 else 422
            deal.refresh_from_db()
        else:
            back = blind_pages.back_path(request)
            # The director came from the desk: back to the queue the link was in (its fragment), the
            # news said there ("at-<queue>", tournaments.notices); the table: the totals on top.
            place = f"at-{urlsplit(back).fragment}" if urlsplit(back).fragment else ""
            messages.success(request, _("Deal %(number)s corrected.") % {"number": number}, place)
            return redirect(back or reverse("scoring:table", args=[token]))
    context = _deal_context(request, match, token, deal, form, VoidForm(initial={"version": deal.version}))
    context["reason_error"] = reason_error
    return render(request, "scoring/deal.html", context, status=status)


def _stored_entry(deal: Deal) -> dict[str, Any] | None:
    """The entry of the deal's current version (``None`` once it is voided)."""
    current = selectors.current_version(deal)
    return None if current is None else current.entry


def _int_or_none(text: str | None) -> int | None:
    try:
        return int(text) if text else None
    except ValueError:
        return None


@require_POST
def table_deal_void(request: HttpRequest, token: str, number: int) -> HttpResponse:
    """Take a deal out of the match, with a reason; later deals are rescored without it."""
    match = scorer_match(token)
    deal = deal_or_404(match, number)
    void_form = VoidForm(request.POST)
    if void_form.is_valid():
        try:
            deals.deal_void(
                match_id=match.pk,
                number=number,
                reason=void_form.cleaned_data["reason"],
                expected_version=void_form.cleaned_data["version"],
                actor=actor_for(request, table_link_club=match.club_id),
                source=Source.WEB,
            )
        except ServiceError as error:
            void_form.add_error("reason" if error.field == "reason" else None, error.rule)
            deal.refresh_from_db()
        else:
            messages.success(request, _("Deal %(number)s voided.") % {"number": number})
            return redirect("scoring:table", token=token)  # the message and the totals on top
    form = entry_form(match, _before(match, number), entry=_stored_entry(deal))
    context = _deal_context(request, match, token, deal, form, void_form)
    return render(request, "scoring/deal.html", context, status=422)


@require_POST
def table_rematch(request: HttpRequest, token: str) -> HttpResponse:
    """A new match with the same game, options, sides and seats; the table moves on to it."""
    match = scorer_match(token)
    new = matches.rematch(match=match, actor=actor_for(request, table_link_club=match.club_id))
    return redirect(scorer_path(new))
