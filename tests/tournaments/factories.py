"""Tournaments for the tests, built and played through the real services (factories, not fixtures).

``play_table`` plays a table's current match the way a table would, through
``scoring.services.deals.deal_record``, with entries that make the chosen entrant win quickly: a Tally
deal with more points, a JAM deal of 26 tricks in a row (a grand slam and the majority: a rubber),
a Coinche contract made, and the losing side accepts the result (hand-over, the tournaments'
default), so that it counts. The tournament then hears about it exactly as in production: through
the scoring app's ``match_changed`` signal on commit (run the callbacks with
``django_capture_on_commit_callbacks(execute=True)``), or by calling ``table_sync`` directly.
"""

from __future__ import annotations

from typing import Any

from clubs.access import Actor
from clubs.models import Club
from scoring.models import Match, MatchStatus
from scoring.result_states import Action, ResultStatus
from scoring.services.deals import deal_correct, deal_record
from scoring.services.results import result_act
from tests.factories import ClubFactory
from tournaments import services
from tournaments.contracts import TournamentCreate, validated
from tournaments.models import Entrant, Round, TableAssignment, Tournament
from tournaments.services import EntrantSpec

TABLE = Actor(label="table link", via_table_link=True)
NAMES = (
    "Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou",
    "Max", "Ned", "Ola", "Pat", "Quin", "Rae", "Sam", "Tom", "Uma", "Vic", "Wyn", "Xia",
)  # fmt: skip


def make_tournament(
    *,
    club: Club | None = None,
    name: str = "Spring cup",
    game: str = "tally",
    format: str = "swiss",
    match_format: str = "deals:1",
    entrant_kind: str = "individual",
    entrants: int = 0,
    **kwargs: Any,
) -> Tournament:
    """A tournament in registration, with ``entrants`` entrants named from :data:`NAMES`; the
    values as an organizer sends them (``kwargs``: rounds, options, tiebreaks, points, settings...),
    through the creation contract."""
    body = {
        "name": name,
        "game": game,
        "format": format,
        "match_format": match_format,
        "entrant_kind": entrant_kind,
        **kwargs,
    }
    tournament = services.tournament_create(club=club or ClubFactory(), **validated(TournamentCreate, body))
    if entrants:
        add_entrants(tournament, entrants)
    tournament.refresh_from_db()
    return tournament


def add_entrants(tournament: Tournament, count: int, *, partners: bool = False) -> list[Entrant]:
    """``count`` entrants seeded in order; with ``partners`` each has two named players."""
    specs = []
    for i in range(count):
        name = NAMES[i] if i < len(NAMES) else f"Entrant {i + 1}"
        if partners:
            specs.append(EntrantSpec(f"Team {name}", players=(f"{name} North", f"{name} South"), seed=i + 1))
        else:
            specs.append(EntrantSpec(name, seed=i + 1))
    return services.entrants_register(tournament_id=tournament.pk, entrants=specs)


def start_round(tournament: Tournament) -> Round:
    """Open the next round and draw it now (what the ``round_pair`` task does)."""
    opened = services.round_start(tournament_id=tournament.pk)
    drawn = services.round_pair(round_id=opened.pk)
    tournament.refresh_from_db()
    return Round.objects.filter(tournament=tournament, number=drawn.number).get()


def current_match(table: TableAssignment) -> Match:
    """The match being played at the table (the last one of a series)."""
    game = table.games.select_related("match").order_by("-sequence").first()
    assert game is not None, f"table {table.number} has no match"
    return game.match


def winning_entry(match: Match, side: int) -> dict[str, Any]:
    """One deal that the side ``side`` of ``match`` wins (and that ends a short match)."""
    sides = list(match.sides)
    if match.game_key == "jam":
        return {"sequence": ("A" if side == 0 else "B") * 26}
    if match.game_key == "coinche":
        taker, other = sides[side], sides[1 - side]
        return {"taker": taker, "bid": 80, "trump": "hearts", "points": {taker: 100, other: 62}}
    if match.game_key == "klaverjas":
        playing, other = sides[side], sides[1 - side]
        return {"playing": playing, "points": {playing: 100, other: 62}}
    return {"points": {name: (10 if i == side else 1) for i, name in enumerate(sides)}}


def accept(match: Match, *, winner: int = 0) -> Match:
    """A side other than ``winner`` (a side index) accepts the match's result, if it awaits that."""
    match.refresh_from_db()
    if match.result_status == ResultStatus.SUBMITTED:
        other = match.sides[1 if winner == 0 else 0]
        match = result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side=other)
    return match


def play_table(table: TableAssignment, winner: int, *, sync: bool = True, confirm: bool = True) -> Match:
    """Play the table's current match until it ends with ``winner``'s side ahead; the other side
    accepts the result unless ``confirm`` is false (it then awaits confirmation)."""
    table.refresh_from_db()
    side = table.entrants.index(winner)
    if table.round.tournament.format == "individual":
        side %= 2
    match = current_match(table)
    for _ in range(40):
        match.refresh_from_db()
        if match.status != MatchStatus.IN_PROGRESS:
            break
        deal_record(match_id=match.pk, entry=winning_entry(match, side), actor=TABLE)
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED, match.state.get("outcome")
    if confirm:
        match = accept(match, winner=side)
    if sync:
        services.table_sync(match_id=match.pk)
    table.refresh_from_db()
    return match


def play_round(the_round: Round, *, winners: dict[int, int] | None = None) -> None:
    """Play every open table of a round: the first entrant wins unless ``winners`` (table number →
    entrant id) says otherwise; best-of series are played to their end."""
    for table in the_round.tables.order_by("number"):
        for _ in range(9):
            table.refresh_from_db()
            if table.status != "playing":
                break
            winner = (winners or {}).get(table.number, table.entrants[0])
            play_table(table, winner)


def busy_desk(club: Club, director: Any) -> dict[str, Any]:
    """A night for the results desk: round 1 played, closed by the draw of round 2, then corrected
    by ``director`` (an organizer); in round 2 table 1 awaits confirmation, table 2 is disputed
    (its second side says "9, not 10"), table 3 has no result yet."""
    tournament = make_tournament(club=club, entrants=6, rounds=3)
    first = start_round(tournament)
    play_round(first)
    second = start_round(tournament)
    late = current_match(first.tables.order_by("number").first())
    deal_correct(
        match_id=late.pk,
        number=1,
        entry=winning_entry(late, 1),
        expected_version=1,
        actor=Actor(label=director.get_username(), user=director),
        reason="the sheet was misread",
    )
    one, two, _ = second.tables.order_by("number")
    awaiting = play_table(one, one.entrants[0], confirm=False)
    disputed = play_table(two, two.entrants[0], confirm=False)
    result_act(
        match_id=disputed.pk, action=Action.REJECT, actor=TABLE, side=disputed.sides[1], reason="9, not 10"
    )
    return {"tournament": tournament, "awaiting": awaiting, "disputed": disputed}
