"""Demo data: a club, a dozen players, matches of several games in progress, a small tournament.

Idempotent: running it twice leaves the same data. Used by ``manage.py demo`` (the README's run
command) so a newcomer sees something real at once.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction

from games import GAMES
from scoring import services
from scoring.models import Club, ClubRole, Match, Membership, Player, StaffRole

DEMO_SLUG = "demo"
PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou")

#: (title, game, sides, seats, options, deals): matches left in progress.
MATCHES: tuple[tuple[str, str, list[str], list[str] | None, dict[str, Any], list[Any]], ...] = (
    (
        "Monday coinche, table 1",
        "coinche",
        ["NS", "EW"],
        ["Ann", "Bob", "Cy", "Dee"],
        {"preset": "ffb"},
        [
            {"taker": "NS", "bid": 100, "trump": "hearts", "points": {"NS": 112, "EW": 50}, "belote": "NS"},
            {"dead": True},
            {"taker": "EW", "bid": 90, "trump": "spades", "points": {"NS": 60, "EW": 102}},
        ],
    ),
    (
        "Klaverjas boompje",
        "klaverjas",
        ["Wij", "Zij"],
        ["Ely", "Fay", "Gus", "Hal"],
        {},
        [
            {"playing": "Wij", "points": {"Wij": 92, "Zij": 70}, "roem": {"Wij": ["stuk"]}},
            {"playing": "Zij", "points": {"Wij": 87, "Zij": 75}, "roem": {"Zij": ["run4"]}},
        ],
    ),
    (
        "JAM: Ida v Jo",
        "jam",
        ["Ida", "Jo"],
        None,
        {"rubbers": 3},
        [{"tricks": {"Ida": 14, "Jo": 12}, "runs": {"Ida": [4], "Jo": []}}],
    ),
    (
        "Rummy night (tally)",
        "tally",
        ["Kit", "Lou", "Ann"],
        None,
        {"target": 500},
        [{"points": {"Kit": 120, "Lou": 80, "Ann": 95}}],
    ),
)


def load_demo(*, with_admin: bool) -> Club:
    """Create the demo club and its matches unless they exist."""
    from tournaments.demo import load_tournament_demo  # the demo spans both apps

    actor = services.Actor(label="demo data")
    with transaction.atomic():
        club, _ = Club.objects.get_or_create(slug=DEMO_SLUG, defaults={"name": "Demo Card Club"})
        for name in PLAYERS:
            player, _ = Player.objects.get_or_create(name=name)
            Membership.objects.get_or_create(club=club, player=player)
        if with_admin:
            user_model = get_user_model()
            admin = user_model.objects.filter(username="admin").first()
            if admin is None:
                admin = user_model.objects.create_superuser("admin", "admin@example.invalid", "admin")
            StaffRole.objects.get_or_create(club=club, user=admin, defaults={"role": ClubRole.OWNER})
        for title, key, sides, seats, options, deals in MATCHES:
            if key not in GAMES or Match.objects.filter(club=club, title=title).exists():
                continue
            match = services.match_create(
                club=club, game_key=key, sides=sides, options=options, seats=seats, title=title, actor=actor
            )
            for entry in deals:
                services.deal_record(match_id=match.pk, entry=entry, actor=actor)
        load_tournament_demo(club)  # the Coinche Swiss and the JAM knockout, mid-way
    return club
