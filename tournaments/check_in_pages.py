"""The pages of check-in and fees: the console's toggles on each entrant's row ("Checked in",
"Paid", the amount), "Withdraw absentees" before a draw, each entrant's own check-in page
(``/tournaments/<pk>/check-in/<secret>/``, public: whoever holds the link or its QR code), the
printable sheet of those QR codes, and the evening's cash page (organizers only).

Every write posts through the entrant contract (``EntrantChange``) and ``services.entrant_update``,
as the API does; the forms post without JavaScript and htmx swaps the entrant list in place. What
the draw waits for is ``tournaments.check_in``; the sums are ``tournaments.cash``.
"""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from clubs.access import Actor, actor_for
from clubs.errors import ServiceError
from scoring.pages.common import confirmation, confirmed
from scoring.qr import qr_svg
from tablescore.client import client_ip
from tablescore.qr import site_url
from tournaments import cash, check_in, forms, services
from tournaments.access import tournament_for_organizer
from tournaments.contracts import EntrantChange, validated
from tournaments.contracts.club_rules import MOST_FEE
from tournaments.entrant_pages import AT_ENTRANTS
from tournaments.models import Entrant, Tournament, TournamentStatus

#: Who the audit trail names when an entrant checks in from its own link.
OWN_LINK = "entrant's own link"


def check_in_path(entrant: Entrant) -> str:
    return reverse("tournaments:check_in", args=[entrant.tournament_id, entrant.secret])


def check_in_url(entrant: Entrant) -> str:
    """The absolute address of the entrant's own check-in page (what its QR code carries)."""
    return site_url(check_in_path(entrant))


def console_context(
    tournament: Tournament, entrants: list[Entrant], refused: ServiceError | None
) -> dict[str, Any]:
    """What the console's entrant rows and the warning above its start button need; ``refused``
    is why the next round cannot start (the draw waits for check-in or fees: said here)."""
    now = check_in.missing(tournament, entrants)
    # Check-in is in use once the event requires it or the organizer has ticked someone in: until
    # then, nobody "has not checked in" (a club that never ticks is never warned).
    in_use = tournament.require_check_in or any(e.checked_in for e in entrants)
    absent = now.absent if in_use else ()
    return {
        "check_in": now,
        "check_in_absent": check_in.absent_words(absent) if absent else "",
        "check_in_unpaid": check_in.unpaid_words(now.unpaid) if now.unpaid and tournament.fee else "",
        "withdraw_absentees": _absentees_question(len(absent)) if absent else "",
        "check_in_refused": refused is not None and refused.code in check_in.WAITING,
    }


def _absentees_question(count: int) -> str:
    return ngettext(
        "Withdraw the %(count)s entrant who has not checked in?",
        "Withdraw the %(count)s entrants who have not checked in?",
        count,
    ) % {"count": count}


def _console_entrant(request: HttpRequest, pk: int, entrant: int) -> Entrant:
    tournament = tournament_for_organizer(request.user, pk)
    found = Entrant.objects.filter(tournament=tournament, pk=entrant).select_related("tournament").first()
    if found is None:
        raise Http404(gettext("no such entrant"))
    return found


def _back(pk: int, entrant: Entrant | None = None) -> str:
    return reverse("tournaments:console", args=[pk]) + (f"#entrant-{entrant.pk}" if entrant else "#entrants")


def _change(request: HttpRequest, entrant: Entrant, body: dict[str, Any]) -> None:
    """Post ``body`` through the entrant contract and service; a refusal is said on the list."""
    try:
        services.entrant_update(
            entrant_id=entrant.pk, actor=actor_for(request), **validated(EntrantChange, body)
        )
    except ServiceError as error:
        messages.error(request, forms.in_words(error.rule, {}), extra_tags=AT_ENTRANTS)


@require_POST
def console_check_in(request: HttpRequest, pk: int, entrant: int) -> HttpResponse:
    """The "Checked in" toggle: ``checked_in=on`` or ``off``."""
    found = _console_entrant(request, pk, entrant)
    _change(request, found, {"checked_in": request.POST.get("checked_in") == "on"})
    return redirect(_back(pk, found))


def cents(text: str) -> int | None:
    """An amount typed in euros ("4", "4,50", "€ 4.50") in cents; ``None`` if it is not one."""
    cleaned = text.replace("€", "").replace(" ", "").replace("\u00a0", "").replace(",", ".")
    try:
        amount = Decimal(cleaned)
    except InvalidOperation:
        return None
    if not amount.is_finite() or amount != amount.quantize(Decimal("0.01")):
        return None
    return int(amount * 100)


@require_POST
def console_pay(request: HttpRequest, pk: int, entrant: int) -> HttpResponse:
    """The "Paid" toggle (``paid=on``: the event's fee, ``off``: nothing) or an amount typed in
    euros (``amount``: someone pays €4 of €5)."""
    found = _console_entrant(request, pk, entrant)
    if "amount" in request.POST:
        paid = cents(request.POST["amount"])
        if paid is None or not 0 <= paid <= MOST_FEE:
            messages.error(
                request,
                gettext("%(name)s: the amount paid must be in euros, from 0 to %(most)s (such as 4,50)")
                % {"name": found.name, "most": cash.money(MOST_FEE)},
                extra_tags=AT_ENTRANTS,
            )
            return redirect(_back(pk, found))
    else:
        paid = (found.tournament.fee or 0) if request.POST.get("paid") == "on" else 0
    _change(request, found, {"paid": paid})
    return redirect(_back(pk, found))


@require_POST
def console_absentees(request: HttpRequest, pk: int) -> HttpResponse:
    """Withdraw every entrant the next draw would seat who has not checked in, once confirmed."""
    tournament = tournament_for_organizer(request.user, pk)
    absent = check_in.missing(tournament).absent
    if absent and not confirmed(request):
        return confirmation(
            request,
            tournament.name,
            question=_absentees_question(len(absent)),
            consequence=check_in.absent_words(absent)
            + ". "
            + gettext("They are left out of the rounds still to be drawn; their results so far stay."),
            yes=gettext("Yes, withdraw the absentees"),
            carried=[],
            back=_back(pk),
        )
    try:
        gone = services.absentees_withdraw(tournament_id=tournament.pk, actor=actor_for(request))
    except ServiceError as error:
        messages.error(request, forms.in_words(error.rule, {}), extra_tags=AT_ENTRANTS)
    else:
        said = ngettext("%(count)s absentee withdrawn.", "%(count)s absentees withdrawn.", len(gone))
        messages.success(request, said % {"count": len(gone)}, extra_tags=AT_ENTRANTS)
    return redirect(_back(pk))


@never_cache
@require_http_methods(["GET", "POST"])
def check_in_page(request: HttpRequest, pk: int, secret: str) -> HttpResponse:
    """The entrant's own page: who it is, and a big "I'm here" button. A wrong or rotated secret is
    a 404; tapping twice is still one check-in."""
    entrant = check_in.by_secret(pk, secret)
    if entrant is None:
        raise Http404(gettext("no such entrant"))
    refused = ""
    if request.method == "POST":
        try:
            services.entrant_check_in(
                entrant_id=entrant.pk, actor=Actor(label=OWN_LINK, ip=client_ip(request))
            )
        except ServiceError as error:
            refused = forms.in_words(error.rule, {})
        else:
            return redirect(check_in_path(entrant))
    entrant.refresh_from_db()
    return render(
        request,
        "tournaments/check_in.html",
        {
            "tournament": entrant.tournament,
            "entrant": entrant,
            "players": ", ".join(p.name for p in entrant.players.all() if p.name != entrant.name),
            "refused": refused,
            "finished": entrant.tournament.status == TournamentStatus.FINISHED,
        },
        status=409 if refused else 200,
    )


@never_cache
@require_GET
def check_in_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """One card per entrant still in: its name and the QR code of its own check-in page, to print
    for the room (or cut up and hand out)."""
    tournament = tournament_for_organizer(request.user, pk)
    entrants = tournament.entrants.filter(withdrawn=False)
    cards = [
        (e, check_in_url(e), qr_svg(check_in_url(e), scale=4, css_class="qr", label=_qr_label(e)))
        for e in entrants
    ]
    return render(request, "tournaments/check_in_sheet.html", {"tournament": tournament, "cards": cards})


def _qr_label(entrant: Entrant) -> str:
    return gettext("QR code of %(name)s's check-in link") % {"name": entrant.name}


@never_cache
@require_GET
def entrant_qr(request: HttpRequest, pk: int, entrant: int) -> HttpResponse:
    """The QR code of an entrant's own check-in link, as an SVG image (the console loads it only
    when its row's "Link and QR code" is opened)."""
    found = _console_entrant(request, pk, entrant)
    svg = qr_svg(check_in_url(found), scale=4, css_class="qr", label=_qr_label(found))
    return HttpResponse(svg, content_type="image/svg+xml")


@never_cache
@require_GET
def cash_page(request: HttpRequest, pk: int) -> HttpResponse:
    """The evening's cash: who paid what, who still owes, the totals; printable."""
    tournament = tournament_for_organizer(request.user, pk)
    summary = cash.cash_of(tournament)
    return render(
        request,
        "tournaments/cash.html",
        {
            "tournament": tournament,
            "cash": summary,
            "rows": [(row, cash.money(row.paid), cash.money(row.owes)) for row in summary.rows],
            "fee": cash.money(summary.fee) if summary.fee else "",
            "expected": cash.money(summary.expected),
            "received": cash.money(summary.received),
            "owed": cash.money(summary.owed),
        },
    )
