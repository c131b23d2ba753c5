"""The evening the load run plays (started by ``run.py``): a club, a Coinche Swiss and a Klaverjas
Swiss sized to the run, and their round 1 drawn through the services, one table per simulated
table; and a check that the deal generators make entries the rule book accepts.

Django must be set up first (``run.py`` does it); every write goes through the services.
"""

from __future__ import annotations

import random
from typing import Any


def plan(tables: int, seconds: float, think: tuple[float, float]) -> dict[str, dict[str, Any]]:
    """How many tables each tournament gets and how many deals its matches last."""
    coinche = max(1, round(tables * 0.6)) if tables > 1 else 1
    klaverjas = tables - coinche
    expected = seconds / ((think[0] + think[1]) / 2)  # deals a table enters in the run, roughly
    return {
        "coinche": {
            "tables": coinche,
            # more deals than the fastest table can enter: the match lasts the run
            "deals": min(999, int(seconds / think[0]) + 10),
        },
        "klaverjas": {
            "tables": klaverjas,
            # a multiple of 4 (each player deals as often), ending about 60% into the run
            "deals": max(4, 4 * round(0.6 * expected / 4)),
        },
    }


def set_up(tables: int, seconds: float, think: tuple[float, float], pollers: float) -> list[dict[str, Any]]:
    """The club, both tournaments and their round 1, through the services; returns the tables."""
    from clubs.models import Club
    from scoring.links import table_token
    from tournaments import services
    from tournaments.contracts import EntrantInput, TournamentCreate, validated
    from tournaments.models import TableAssignment

    shape = plan(tables, seconds, think)
    club = Club.objects.create(slug="load", name="Load run club")
    specs = [
        {
            "game": "coinche",
            "name": "Coinche Swiss",
            "match_format": f"deals:{shape['coinche']['deals']}",
            "preset": "ffb",
            # the FFB end at 1000 points moved out of reach: the deal count ends the match
            "options": {"target": 100000},
            "team": "Équipe",
        },
        {
            "game": "klaverjas",
            "name": "Klaverjas Swiss",
            "match_format": "game",
            "preset": "amsterdam",
            "options": {"deals": shape["klaverjas"]["deals"]},
            "team": "Paar",
        },
    ]
    out: list[dict[str, Any]] = []
    for spec in specs:
        count = shape[spec["game"]]["tables"]
        if count == 0:
            continue
        body = {key: spec[key] for key in ("name", "game", "match_format", "preset", "options")}
        body.update(format="swiss", entrant_kind="partnership", rounds=5)
        tournament = services.tournament_create(club=club, **validated(TournamentCreate, body))
        letter = spec["game"][0].upper()
        rows = validated(
            EntrantInput,
            [
                {
                    "name": f"{spec['team']} {i:03d}",
                    "players": [f"{letter}{i:03d} North", f"{letter}{i:03d} South"],
                    "seed": i,
                }
                for i in range(1, 2 * count + 1)
            ],
            many=True,
        )
        services.entrants_register(tournament_id=tournament.pk, entrants=rows)
        first = services.round_pair(round_id=services.round_start(tournament_id=tournament.pk).pk)
        for table in TableAssignment.objects.filter(round=first).order_by("number"):
            game = table.games.select_related("match").get()
            out.append(
                {
                    "tournament": tournament.pk,
                    "game": spec["game"],
                    "match": game.match_id,
                    "token": table_token(game.match),
                    "sides": list(game.match.sides),
                    "deals": shape[spec["game"]]["deals"],
                }
            )
        services.standings_recompute(tournament_id=tournament.pk)
    rng = random.Random(6)
    rng.shuffle(out)
    for number, table in enumerate(out, start=1):
        table["table"] = number
        table["poller"] = rng.random() < pollers
    return out


def check_generators() -> None:
    """The deal generators make valid entries (the rule book says so) before any load."""
    from deals import GENERATORS

    from games import find_game

    options = {"coinche": {"preset": "ffb", "target": 100000}, "klaverjas": {"deals": 999}}
    for key, make in GENERATORS.items():
        rng = random.Random(key)
        find_game(key).replay(options[key], ["A", "B"], [make(rng, ["A", "B"]) for _ in range(300)])
