"""Demo tournaments: the two events of the tournament issue's "done when", mid-way, to carry on.

- "Coinche Swiss" — 12 partnerships, 5 rounds, four deals a round (FFB rules), results confirmed
  by hand-over: round 1 is played, confirmed and closed (final); in round 2 two tables are
  confirmed, one awaits confirmation, one is disputed, one is part-way and one has not started.
- "JAM knockout" — 8 players, single elimination, best of three rubbers: the bracket is drawn and
  two quarter-finals are decided (each rubber accepted by its loser), a third is under way.

Everything goes through the services, as an organizer and the tables would (the deals through
``scoring.services.deals.deal_record``). Idempotent: an event that exists is left as it is. The draws
are fixed (seeded), so the demo is the same on every machine. Registered as the tournaments app's
part of the demo club (``clubs.parts``).

What this module does not do: create the club or its staff (``clubs.demo``), or the matches of the
scoring app's part (``scoring.demo``).
"""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction

from clubs.access import Actor
from clubs.models import Club
from games import find_game
from scoring.models import Match, MatchStatus
from scoring.result_states import Action, ResultStatus
from scoring.services.deals import deal_record
from scoring.services.results import result_act
from tournaments import services
from tournaments.models import TableAssignment, Tournament
from tournaments.pairing.formats import EntrantKind, Format
from tournaments.pairing.match_format import parse_match_format
from tournaments.services import EntrantSpec
from tournaments.services.common import follow_ups_once

COINCHE = "Coinche Swiss"
JAM = "JAM knockout"
TEAMS = (
    ("Les As", "Ann", "Bob"),
    ("Belote", "Cy", "Dee"),
    ("Capot", "Ely", "Fay"),
    ("Dix de der", "Gus", "Hal"),
    ("Atout", "Ida", "Jo"),
    ("Coinchés", "Kit", "Lou"),
    ("Surcoinche", "Mia", "Ned"),
    ("Sans atout", "Ola", "Pia"),
    ("Tout atout", "Quy", "Rex"),
    ("Litige", "Sue", "Tim"),
    ("Rebelote", "Uma", "Vic"),
    ("Belle", "Wes", "Xia"),
)
JAM_PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal")
ACTOR = Actor(label="demo data", via_table_link=True)


def load_tournament_demo(club: Club) -> list[Tournament]:
    """Create the demo tournaments of ``club`` unless they exist; return them."""
    with transaction.atomic(), follow_ups_once():
        return [_coinche_swiss(club), _jam_knockout(club)]


def _coinche_swiss(club: Club) -> Tournament:
    found = Tournament.objects.filter(club=club, name=COINCHE).first()
    if found is not None:
        return found
    tournament = services.tournament_create(
        club=club,
        name=COINCHE,
        game=find_game("coinche"),
        format=Format.SWISS,
        match_format=parse_match_format("deals:4", "coinche"),
        entrant_kind=EntrantKind.PARTNERSHIP,
        rounds=5,
        preset="ffb",
    )
    services.entrants_register(
        tournament_id=tournament.pk,
        entrants=[
            EntrantSpec(name=team, players=(a, b), seed=seed)
            for seed, (team, a, b) in enumerate(TEAMS, start=1)
        ],
    )
    rng = random.Random(1)
    for plan in (ROUND_1, ROUND_2):
        drawn = services.round_pair(round_id=services.round_start(tournament_id=tournament.pk).pk)
        for table in drawn.tables.order_by("number"):
            deals, then = plan.get(table.number, (0, None))
            play_table(table, deals, lambda sides: _coinche_deal(rng, sides), then=then)
    services.standings_recompute(tournament_id=tournament.pk)
    return tournament


#: Each table's deals and what the other side then says, round by round.
ROUND_1: dict[int, tuple[int, Action | None]] = dict.fromkeys(range(1, 7), (4, Action.ACCEPT))
ROUND_2: dict[int, tuple[int, Action | None]] = {
    1: (4, Action.ACCEPT),
    2: (4, Action.ACCEPT),
    3: (4, None),
    4: (4, Action.REJECT),
    5: (2, None),
}


def _coinche_deal(rng: random.Random, sides: list[str]) -> dict[str, Any]:
    taker = rng.choice(sides)
    other = sides[1] if taker == sides[0] else sides[0]
    bid = rng.choice((80, 90, 100, 110))
    made = rng.random() < 0.7
    points = rng.randint(bid, 152) if made else rng.randint(40, 81)
    entry: dict[str, Any] = {
        "taker": taker,
        "bid": bid,
        "trump": rng.choice(("clubs", "diamonds", "hearts", "spades")),
        "points": {taker: points, other: 162 - points},
    }
    if rng.random() < 0.3:
        entry["belote"] = rng.choice(sides)
    return entry


def _jam_knockout(club: Club) -> Tournament:
    found = Tournament.objects.filter(club=club, name=JAM).first()
    if found is not None:
        return found
    tournament = services.tournament_create(
        club=club,
        name=JAM,
        game=find_game("jam"),
        format=Format.SINGLE_ELIMINATION,
        match_format=parse_match_format("best-of:3", "jam"),
        entrant_kind=EntrantKind.INDIVIDUAL,
    )
    services.entrants_register(
        tournament_id=tournament.pk,
        entrants=[
            EntrantSpec(name=name, players=(name,), seed=seed)
            for seed, name in enumerate(JAM_PLAYERS, start=1)
        ],
    )
    services.round_pair(round_id=services.round_start(tournament_id=tournament.pk).pk)
    rng = random.Random(2)
    quarter = TableAssignment.objects.filter(round__tournament=tournament, round__number=1)
    for table in quarter.order_by("number"):
        deals = {1: 99, 2: 99, 3: 1}.get(table.number, 0)
        play_table(table, deals, lambda sides: {"sequence": "".join(rng.choice("AAB") for _ in range(26))})
    services.bracket_advance(tournament_id=tournament.pk)
    services.standings_recompute(tournament_id=tournament.pk)
    return tournament


def play_table(
    table: TableAssignment, deals: int, entry: Any, *, then: Action | None = Action.ACCEPT
) -> None:
    """Enter up to ``deals`` deals at the table (fewer if its series ends first); each match that
    ends is then accepted or rejected by its losing side (``then``: by default accepted), or left
    awaiting it (``None``)."""
    for _ in range(deals):
        game = table.games.select_related("match").order_by("-sequence").first()
        if game is None or game.match.status != MatchStatus.IN_PROGRESS:
            break
        deal_record(match_id=game.match_id, entry=entry(list(game.match.sides)), actor=ACTOR)
        match = Match.objects.get(pk=game.match_id)
        if then is not None and match.result_status == ResultStatus.SUBMITTED:
            _answer(match, then)
        services.table_sync(match_id=game.match_id)
    table.refresh_from_db()


def _answer(match: Match, action: Action) -> None:
    """The losing side (the second, on a draw) accepts the result, or rejects it with a reason."""
    other = next((side for side in reversed(match.sides) if side != match.winner), match.sides[-1])
    reason = "the belote was ours, not theirs" if action == Action.REJECT else ""
    result_act(match_id=match.pk, action=action, actor=ACTOR, side=other, reason=reason)


__all__ = ["COINCHE", "JAM", "load_tournament_demo", "play_table"]
