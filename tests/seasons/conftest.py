"""Fixtures of the seasons tests: evenings played through the real services."""

from __future__ import annotations

import pytest

from seasons import services
from seasons.competition.rule import rule_from_data
from tests.tournaments.conftest import boss, club, in_process_tasks
from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments.models import Tournament

__all__ = ["boss", "club", "in_process_tasks"]


def play_evening(
    club, name: str, players: tuple[str, ...], *, rounds: int = 2, played: int | None = None
) -> Tournament:
    """An individual Coinche evening (partners re-drawn each round) of ``players``, ``played``
    rounds of ``rounds`` played (all by default), the first entrant of each table winning."""
    tournament = make_tournament(
        club=club, name=name, game="coinche", format="individual", match_format="deals:1", rounds=rounds
    )
    from tournaments import services as tournament_services
    from tournaments.services import EntrantSpec

    tournament_services.entrants_register(
        tournament_id=tournament.pk, entrants=[EntrantSpec(n) for n in players]
    )
    for _ in range(rounds if played is None else played):
        play_round(start_round(tournament))
    tournament_services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


@pytest.fixture
def season(club):
    from games import find_game

    rule = rule_from_data({"metric": "points", "counting": {"best": 2}, "absence": "zero"})
    return services.season_create(club=club, name="Competitie", game=find_game("coinche"), rule=rule)
