"""How visitors find tournaments from the scoring app's pages: the tournaments a visitor of the home
page or of a club's page is looking for (the ones being played first, then those taking entries,
then the finished ones), and the tournament a table's scoreboard links back to.

The scoring app serves those pages and cannot name this app: ``TournamentsConfig.ready()`` hands
it :func:`tournament_listing` through the tournaments' part of a club (``clubs.parts``) and
:func:`table_match_part` through ``scoring.part_of``.
"""

from __future__ import annotations

from django.db.models import Case, Count, IntegerField, Max, Q, QuerySet, Value, When
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from clubs.models import Club
from clubs.parts import Listed, Listing
from scoring.models import Match
from scoring.part_of import PartOf, Series
from scoring.templatetags.game_names import game_name
from tournaments.models import RoundStatus, TableGame, Tournament, TournamentStatus
from tournaments.pairing.match_format import FormatKind, parse_match_format
from tournaments.wording import format_label

#: How many tournaments a home or club page lists before "all tournaments".
SHOWN = 6
_ORDER = {TournamentStatus.RUNNING: 0, TournamentStatus.REGISTRATION: 1, TournamentStatus.FINISHED: 2}


def live_first(club: Club | None = None, *, archived: bool = False) -> QuerySet[Tournament]:
    """The tournaments of ``club`` (of every club: ``None``), being played first, then taking
    entries, then finished, newest first within each; with their entrants still in and their
    last round. Archived ones are left out, or only they with ``archived``."""
    found = Tournament.objects.select_related("club").filter(archived_at__isnull=not archived)
    if club is not None:
        found = found.filter(club=club)
    return found.annotate(
        order=Case(
            *(When(status=status, then=Value(rank)) for status, rank in _ORDER.items()),
            output_field=IntegerField(),
        ),
        entrant_count=Count("entrants", filter=Q(entrants__withdrawn=False), distinct=True),
        last_round=Max("rounds__number", filter=~Q(rounds__status=RoundStatus.FAILED)),
    ).order_by("order", "-created_at")


def tournament_listing(club: Club | None) -> Listing:
    """The first tournaments of ``club`` (every club's for the home page), live first."""
    found = live_first(club)[:SHOWN]
    all_url = reverse("tournaments:list") + (f"?club={club.slug}" if club is not None else "")
    return Listing(
        heading=gettext("Tournaments"),
        items=tuple(_listed(t, with_club=club is None) for t in found),
        all_url=all_url,
        empty=gettext("No tournament yet."),
    )


#: How many evenings the home page shows under each club.
EVENINGS_SHOWN = 3


def club_evenings() -> dict[int, tuple[Listed, ...]]:
    """Each club's tournaments being played or taking entries, live first (a few per club)."""
    coming = live_first().filter(status__in=[TournamentStatus.RUNNING, TournamentStatus.REGISTRATION])
    found: dict[int, list[Listed]] = {}
    for tournament in coming[:500]:
        shown = found.setdefault(tournament.club_id, [])
        if len(shown) < EVENINGS_SHOWN:
            shown.append(_listed(tournament, with_club=False))
    return {club_id: tuple(items) for club_id, items in found.items()}


def _listed(tournament: Tournament, *, with_club: bool) -> Listed:
    """A tournament read with :func:`live_first`'s counts."""
    running = tournament.status == TournamentStatus.RUNNING
    last_round: int | None = getattr(tournament, "last_round", None)
    entrants: int = getattr(tournament, "entrant_count", 0)
    now = gettext("round %(number)s being played") % {"number": last_round} if running and last_round else ""
    words = [
        game_name(tournament.game_key),
        format_label(tournament.format),
        *([tournament.club.name] if with_club else []),
        ngettext("%(count)s entrant", "%(count)s entrants", entrants) % {"count": entrants},
        now or tournament.get_status_display(),
    ]
    return Listed(
        title=tournament.name, url=tournament.get_absolute_url(), detail=" · ".join(words), live=running
    )


def table_match_series(match: Match) -> Series | None:
    """The best-of-N series ``match`` is one game of (``None`` for a table playing one match, or
    whose match keeps its own tally: JAM's rubbers are inside one match)."""
    game = TableGame.objects.select_related("table__round__tournament").filter(match=match).first()
    if game is None:
        return None
    tournament = game.table.round.tournament
    best_of = parse_match_format(tournament.match_format, tournament.game_key)
    if best_of.kind != FormatKind.BEST_OF or best_of.option_overrides:
        return None
    won = dict.fromkeys(match.sides, 0)
    played = Match.objects.filter(
        tournament_game__table=game.table_id, tournament_game__sequence__lte=game.sequence
    )
    for outcome in played.values_list("state__outcome", flat=True):
        winner = (outcome or {}).get("winner")
        if (outcome or {}).get("finished") and winner in won:
            won[winner] += 1
    return Series(game=game.sequence, best_of=best_of.count, won=won)


def table_match_part(match: Match) -> PartOf | None:
    """The tournament whose table plays ``match`` (only a tournament's matches announce changes,
    so a friendly match costs no query)."""
    if not match.announce_changes:
        return None
    game = TableGame.objects.select_related("table__round__tournament").filter(match=match).first()
    if game is None:
        return None
    tournament = game.table.round.tournament
    return PartOf(title=tournament.name, url=tournament.get_absolute_url())
