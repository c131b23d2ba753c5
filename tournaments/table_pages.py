"""The organizer's pages of the room's physical tables (``tournaments.physical_tables``): one slip
per table to print once for the whole event, making the tables before round 1, and revoking or
renewing a table's link (asked first, like a match's Revoke).

The console lists the tables (``templates/tournaments/_table_links.html``); the per-round slips
(``tournaments.views.slips``, each match's own link) stay available.
"""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring.links import code_page_url
from scoring.pages.common import confirmation, confirmed
from tournaments import physical_tables, services
from tournaments.access import tournament_for_organizer
from tournaments.forms import in_words
from tournaments.models import PhysicalTable

#: Where the console shows what these actions did (``tournaments.notices``).
AT_TABLE_LINKS = "at-table-links"


def _back(pk: int) -> str:
    return reverse("tournaments:console", args=[pk]) + "#table-links"


@never_cache
@require_GET
def table_slips(request: HttpRequest, pk: int) -> HttpResponse:
    """One printable slip per physical table: its number, QR code and code, for the whole event."""
    tournament = tournament_for_organizer(request.user, pk)
    return render(
        request,
        "tournaments/table_slips.html",
        {
            "tournament": tournament,
            "tables": physical_tables.links_of(tournament, qr_scale=6),
            "code_url": code_page_url(),
        },
    )


@require_POST
def tables_prepare(request: HttpRequest, pk: int) -> HttpResponse:
    """Make the tables 1 to N now, so their slips can be printed before round 1."""
    tournament = tournament_for_organizer(request.user, pk)
    try:
        count = int(request.POST.get("tables", ""))
    except ValueError:
        count = 0
    try:
        made = services.physical_tables_prepare(tournament_id=tournament.pk, count=count)
    except ServiceError as error:
        messages.error(request, in_words(error.rule, {}), extra_tags=AT_TABLE_LINKS)
    else:
        messages.success(
            request,
            ngettext(
                "%(count)s table has its link: print the slip.",
                "%(count)s tables have their links: print the slips.",
                len(made),
            )
            % {"count": len(made)},
            extra_tags=AT_TABLE_LINKS,
        )
    return redirect(_back(pk))


@require_POST
def table_revoke(request: HttpRequest, pk: int, number: int) -> HttpResponse:
    """Stop a physical table's link at once, once confirmed; with ``renew`` a fresh link (a new
    slip) replaces it."""
    tournament = tournament_for_organizer(request.user, pk)
    table = PhysicalTable.objects.filter(tournament=tournament, number=number).first()
    if table is None:
        raise Http404(gettext("no such table"))
    renew = request.POST.get("renew") == "on"
    if not table.revoked and not confirmed(request):
        return confirmation(
            request,
            gettext("%(event)s · table %(number)s") % {"event": tournament.name, "number": number},
            question=(
                gettext("Replace the link of table %(number)s?")
                if renew
                else gettext("Revoke the link of table %(number)s?")
            )
            % {"number": number},
            consequence=gettext(
                "Its slip's QR code and code stop working at once, for every round: print the table's new slip."
            )
            if renew
            else gettext(
                "Its slip's QR code and code stop working at once, for every round: nobody can score through them."
            ),
            yes=gettext("Yes, replace the link") if renew else gettext("Yes, revoke the link"),
            carried=["renew"],
            back=_back(pk),
        )
    services.physical_table_revoke(
        tournament_id=tournament.pk, number=number, actor=actor_for(request), renew=renew
    )
    said = (
        gettext("Table %(number)s has a new link: print its slip.")
        if renew
        else gettext("The link of table %(number)s no longer works.")
    ) % {"number": number}
    messages.success(request, said, extra_tags=AT_TABLE_LINKS)
    return redirect(_back(pk))
