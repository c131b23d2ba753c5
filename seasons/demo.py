"""The demo season: a Klaverjas club's "competitie" of five weekly evenings, individual entrants
whose partners are re-drawn every round, its table, player pages and ratings.

Four evenings are played to the end; on the fifth, round 1 is being played, so the table shows as
provisional. Henk misses the fourth evening (Ingrid stands in once, and stays below the line).
Everything goes through the services, as an organizer and the tables would. Idempotent: a season
that exists is left as it is. The deals are drawn from a fixed seed, so the demo is the same on
every machine. Registered as the seasons app's part of the demo club (``clubs.parts``).
"""

from __future__ import annotations

import random
from datetime import date, timedelta
from typing import Any

from clubs.models import Club
from games import find_game
from seasons import services
from seasons.competition.rule import rule_from_data
from seasons.models import Season
from seasons.selectors import family_of
from tournaments import services as events
from tournaments.demo import play_table
from tournaments.models import RoundStatus, TableAssignment, Tournament
from tournaments.pairing.formats import EntrantKind, Format
from tournaments.pairing.match_format import parse_match_format
from tournaments.services import EntrantSpec
from tournaments.services.common import follow_ups_once

SEASON = "Klaverjascompetitie 2025"
PLAYERS = ("Anneke", "Bert", "Corrie", "Dirk", "Els", "Frits", "Gerda", "Henk")
FIRST_EVENING = date(2025, 9, 4)
EVENINGS = 5
ROUNDS = 3


def load_season_demo(club: Club) -> str:
    """Create the demo season of ``club`` unless it exists; say what it holds."""
    season = Season.objects.filter(club=club, name=SEASON).first()
    if season is None:
        game = find_game("klaverjas")
        rule = rule_from_data(
            {"metric": "points", "counting": {"drop": 1}, "absence": "zero", "min_evenings": 3}
        )
        season = services.season_create(club=club, name=SEASON, game=game, rule=rule)
        rng = random.Random(16)
        with follow_ups_once():
            for index in range(EVENINGS):
                day = FIRST_EVENING + timedelta(days=7 * index)
                tournament = _evening(club, index, day, rng)
                services.season_attach(season_id=season.pk, tournament_id=tournament.pk, day=day)
        services.ratings_update(club_id=club.pk, family=family_of("klaverjas"))
    return f"a season of {season.evenings.count()} evenings"


def _evening(club: Club, index: int, day: date, rng: random.Random) -> Tournament:
    tournament = events.tournament_create(
        club=club,
        name=f"Klaverjasavond {day:%-d %b}",
        game=find_game("klaverjas"),
        format=Format.INDIVIDUAL,
        match_format=parse_match_format("deals:4", "klaverjas"),
        entrant_kind=EntrantKind.INDIVIDUAL,
        rounds=ROUNDS,
    )
    players = [("Ingrid" if index == 3 and name == "Henk" else name) for name in PLAYERS]
    events.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec(name=n) for n in players])
    last = index == EVENINGS - 1
    for _ in range(1 if last else ROUNDS):
        the_round = events.round_pair(round_id=events.round_start(tournament_id=tournament.pk).pk)
        for table in TableAssignment.objects.filter(round=the_round).order_by("number"):
            play_table(table, 2 if last and table.number == 1 else 4, lambda sides: _deal(rng, sides))
        the_round.refresh_from_db()
        if not last:
            assert the_round.status == RoundStatus.COMPLETE, the_round
    events.standings_recompute(tournament_id=tournament.pk)
    return tournament


def _deal(rng: random.Random, sides: list[str]) -> dict[str, Any]:
    playing = rng.choice(sides)
    other = sides[1] if playing == sides[0] else sides[0]
    made = rng.random() < 0.75
    points = rng.randint(82, 162) if made else rng.randint(40, 81)
    entry: dict[str, Any] = {"playing": playing, "points": {playing: points, other: 162 - points}}
    if rng.random() < 0.25:
        entry["roem"] = {rng.choice(sides): [rng.choice(("stuk", "run3"))]}
    return entry
