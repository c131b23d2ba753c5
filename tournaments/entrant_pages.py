"""The console's entrant actions that change a draw: withdraw an entrant (or put it back) and
remove one registered by mistake. Both ask first (the button's ``data-confirm`` dialog, or this
module's page without JavaScript) and say what follows. What a withdrawal does is the service's
rule (``services.entrant_withdraw``: a table still playing is given to the opponents as a forfeit,
its match abandoned with the deals played kept readable); these pages name the tables it touches,
so the organizer knows before, not after."""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.http import require_POST

from clubs.access import actor_for
from clubs.errors import ServiceError
from scoring.pages.common import confirmation, confirmed
from tournaments import forms, services
from tournaments.access import tournament_for_organizer
from tournaments.models import Entrant, TableAssignment, Tournament
from tournaments.pairing.formats import BRACKETS, Format
from tournaments.pairing.seating import seat_sides

AT_ENTRANTS = "at-entrants"


def withdraw_words(
    tournament: Tournament, entrant: Entrant, tables: Sequence[TableAssignment], names: dict[int, str]
) -> str:
    """What withdrawing ``entrant`` does, in sentences: ``tables`` are the open tables it sits at."""
    said = [
        gettext("The entrant is left out of the rounds still to be drawn; the results played so far stay.")
    ]
    for table in tables:
        sides = seat_sides(Format(tournament.format), len(table.entrants))
        out = sides[table.entrants.index(entrant.pk)]
        winners = " & ".join(
            names.get(e, "") for e, side in zip(table.entrants, sides, strict=True) if side != out
        )
        said.append(
            gettext(
                "Table %(number)s is still being played: its match is stopped (the deals played so far stay "
                "readable) and the table is given to %(winners)s as a forfeit."
            )
            % {"number": table.number, "winners": winners}
        )
        if tournament.format in BRACKETS:
            said.append(gettext("In the bracket, %(winners)s goes through.") % {"winners": winners})
    return " ".join(said)


def remove_words() -> str:
    """What removing an entrant does."""
    return gettext("The entrant is taken off the list as if never registered; its players stay club members.")


def entrant_rows(
    tournament: Tournament, entrants: Sequence[Entrant], removable: bool
) -> list[tuple[Entrant, str]]:
    """Each entrant with the question its button asks (remove before round 1, else withdraw), the
    consequences said: one query for the open tables, whatever the field."""
    if removable:
        return [(e, gettext("Remove %(name)s?") % {"name": e.name} + " " + remove_words()) for e in entrants]
    tables = services.open_tables(tournament)
    names = {e.pk: e.name for e in entrants}
    return [
        (
            e,
            gettext("Withdraw %(name)s?") % {"name": e.name}
            + " "
            + withdraw_words(tournament, e, [t for t in tables if e.pk in t.entrants], names),
        )
        for e in entrants
    ]


def _console_entrant(request: HttpRequest, pk: int, entrant: int) -> Entrant:
    """Entrant ``entrant`` of tournament ``pk``, for an organizer of its club (else 403 or 404)."""
    tournament = tournament_for_organizer(request.user, pk)
    found = Entrant.objects.filter(tournament=tournament, pk=entrant).select_related("tournament").first()
    if found is None:
        raise Http404(gettext("no such entrant"))
    return found


def _back(pk: int) -> str:
    return reverse("tournaments:console", args=[pk]) + "#entrants"


@require_POST
def console_withdraw(request: HttpRequest, pk: int, entrant: int) -> HttpResponse:
    """Withdraw an entrant once the organizer confirmed it (``withdrawn=off`` puts it back in,
    without asking: nothing is settled by it)."""
    found = _console_entrant(request, pk, entrant)
    tournament = found.tournament
    out = request.POST.get("withdrawn", "on") == "on"
    if out and not found.withdrawn and not confirmed(request):
        tables = services.open_tables(tournament, found.pk)
        names = dict(tournament.entrants.values_list("pk", "name"))
        return confirmation(
            request,
            found.tournament.name,
            question=gettext("Withdraw %(name)s?") % {"name": found.name},
            consequence=withdraw_words(tournament, found, tables, names),
            yes=gettext("Yes, withdraw the entrant"),
            carried=["withdrawn"],
            back=_back(pk),
        )
    settled = len(services.open_tables(tournament, found.pk)) if out else 0
    services.entrant_withdraw(entrant_id=found.pk, withdrawn=out, actor=actor_for(request))
    if not out:
        said = gettext("%(name)s back in.")
    elif settled:
        said = ngettext(
            "%(name)s withdrawn; %(count)s open table was given to the opponents as a forfeit.",
            "%(name)s withdrawn; %(count)s open tables were given to the opponents as a forfeit.",
            settled,
        )
    else:
        said = gettext("%(name)s withdrawn.")
    messages.success(request, said % {"name": found.name, "count": settled}, extra_tags=AT_ENTRANTS)
    return redirect(_back(pk))


@require_POST
def console_remove(request: HttpRequest, pk: int, entrant: int) -> HttpResponse:
    """Remove an entrant registered by mistake (before round 1), once the organizer confirmed it."""
    found = _console_entrant(request, pk, entrant)
    if not confirmed(request):
        return confirmation(
            request,
            found.tournament.name,
            question=gettext("Remove %(name)s?") % {"name": found.name},
            consequence=remove_words(),
            yes=gettext("Yes, remove the entrant"),
            carried=[],
            back=_back(pk),
        )
    try:
        services.entrant_remove(entrant_id=found.pk)
    except ServiceError as error:
        messages.error(request, forms.in_words(error.rule, {}), extra_tags=AT_ENTRANTS)
    else:
        messages.success(request, gettext("%(name)s removed.") % {"name": found.name}, extra_tags=AT_ENTRANTS)
    return redirect(_back(pk))
