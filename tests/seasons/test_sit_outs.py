"""Seasons and ratings read an evening's sit-outs as the club's rules say: a season's points count
what the bye rule scored (an *uitloter*'s 1,600), its tables never count a bye, and a rating never
counts a bye or a missed round as a match."""

from __future__ import annotations

from collections import Counter

import pytest

from seasons import selectors, services
from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments import services as tournament_services
from tournaments.evenings import evening_results
from tournaments.models import Entrant, TableAssignment
from tournaments.services import EntrantSpec

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

FIVE = ("Ann", "Bob", "Cy", "Dee", "Ely")
UITLOTER = {"game_points": 1600, "outcome": "win", "max_per_entrant": 1}


def evening(club, *, bye=None, late=False):
    """An individual Coinche evening of five (one sits out each round), two rounds played; with
    ``late`` a sixth player arrives after round 1 is drawn."""
    rules = {"bye": bye, "absent": {"game_points": 1450, "outcome": "loss"}} if bye else {}
    tournament = make_tournament(
        club=club, game="coinche", format="individual", match_format="deals:1", rounds=2, **rules
    )
    tournament_services.entrants_register(
        tournament_id=tournament.pk, entrants=[EntrantSpec(n) for n in FIVE]
    )
    first = start_round(tournament)
    if late:
        tournament_services.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec("Fay")])
    play_round(first)
    play_round(start_round(tournament))
    tournament_services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def table_points(tournament):
    """Per player: its side's game points over the tables it played, and how many tables."""
    points, tables = Counter(), Counter()
    for table in TableAssignment.objects.filter(round__tournament=tournament):
        for entrant, doc in table.result.items():
            player = Entrant.objects.get(pk=int(entrant)).players.get().pk
            points[player] += doc["points"]
            tables[player] += 1
    return points, tables


def byes_of(tournament):
    return Counter(
        Entrant.objects.get(pk=e).players.get().pk for r in tournament.rounds.all() for e in r.byes
    )


def test_a_season_counts_the_bye_rules_points_and_never_a_bye_as_a_table(club):
    played = evening(club, bye=UITLOTER)
    points, tables = table_points(played)
    byes = byes_of(played)
    assert sum(byes.values()) == 2

    found = {r.player: r for r in evening_results(played)}
    for player, result in found.items():
        assert result.points == points[player] + 1600 * byes[player]
        assert result.tables == tables[player]


def test_without_a_bye_rule_a_season_counts_the_tables_only_as_before(club):
    played = evening(club)
    points, _ = table_points(played)

    assert {r.player: r.points for r in evening_results(played)} == {p: points[p] for p in points}


def test_a_late_arrivals_missed_round_counts_the_absent_rule_in_the_season(club, season):
    played = evening(club, bye=UITLOTER, late=True)
    fay = Entrant.objects.get(tournament=played, name="Fay").players.get().pk
    points, _ = table_points(played)

    services.season_attach(season_id=season.pk, tournament_id=played.pk)

    late = next(r for r in evening_results(played) if r.player == fay)
    assert late.points == points[fay] + 1450 + 1600 * byes_of(played)[fay]


def test_a_rating_never_counts_a_bye_or_a_missed_round_as_a_match(club):
    played = evening(club, bye=UITLOTER, late=True)
    _, tables = table_points(played)

    rated = Counter(
        p for match in selectors.rated_matches(club.pk, "coinche") for s in match.sides for p in s
    )

    assert rated == tables
    assert all(len(match.sides) >= 2 for match in selectors.rated_matches(club.pk, "coinche"))
