"""The scoring app's share of the demo club: matches of several games left in progress.

Idempotent: a match whose title the club has already is left as it is. Every deal goes through the
services, as a table would enter it. Registered as the scoring app's part (``clubs.parts``), so
``manage.py demo`` (``clubs.demo``) loads it after making the club and its members.
"""

from __future__ import annotations

from typing import Any

from clubs.access import Actor
from clubs.models import Club
from games import GAMES
from scoring.models import Match
from scoring.services.deals import deal_record
from scoring.services.matches import match_create

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


def load_match_demo(club: Club) -> str:
    """Start the demo's matches in ``club`` unless they exist; say how many there are."""
    actor = Actor(label="demo data")
    for title, key, sides, seats, options, deals in MATCHES:
        if key not in GAMES or Match.objects.filter(club=club, title=title).exists():
            continue
        match = match_create(
            club=club, game_key=key, sides=sides, options=options, seats=seats, title=title, actor=actor
        )
        for entry in deals:
            deal_record(match_id=match.pk, entry=entry, actor=actor)
    titles = [title for title, *_ in MATCHES]
    return f"{Match.objects.filter(club=club, title__in=titles).count()} matches"
