"""Fixtures of the hostile-input tests: a small club world whose objects the attacks aim at."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from rest_framework.authtoken.models import Token

from clubs.models import Club
from scoring.models import Match
from scoring.throttling import BadTokenThrottle
from tests.factories import ClubFactory, make_match, organizer
from tests.tournaments.factories import make_tournament, start_round
from tournaments.models import Round, Tournament


@dataclass
class World:
    club: Club
    boss: Any
    token: str
    matches: list[Match]
    tournament: Tournament
    round: Round


@pytest.fixture
def world(db) -> World:
    """A club with an organizer (and a DRF token), two matches with deals, a third without, and a
    Swiss tournament of four whose first round is drawn."""
    club = ClubFactory(slug="hostile-club")
    boss = organizer(club)
    token = Token.objects.create(user=boss).key
    matches = [
        make_match(club=club, deals=[{"points": {"Ann": 10, "Ben": 2}}, {"points": {"Ann": 1, "Ben": 5}}]),
        make_match(club=club, sides=["Cy", "Dee"], deals=[{"points": {"Cy": 3, "Dee": 4}}]),
        make_match(club=club, sides=["Ely", "Fay"]),
    ]
    tournament = make_tournament(club=club, entrants=4)
    the_round = start_round(tournament)
    return World(club, boss, token, matches, tournament, the_round)


@pytest.fixture
def forget_ips():
    """Addresses whose bad-token counts a test makes up; forgotten afterwards (the cache is Redis in
    phase 2, shared by the whole run)."""
    used: list[str] = []
    yield used
    for ip in used:
        BadTokenThrottle.forget(ip)
