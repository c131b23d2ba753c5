"""#26's "done when", end to end through the API and the services the pages call: a klaverjas
afternoon of seven pairs (an *uitloter* each round at 1,600 and a win, at most once), €5 each,
check-in and payment required before the draw, the last round blind, a Formule-van-4 prize list
with a booby prize and the best points total, two tables kept on paper and keyed at the desk; then
a concours de belote where every team is rewarded. No spreadsheet beside it: the cash, the sit-outs,
the standings, the reveal and the prize list all come from Tablescore."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from clubs.access import Actor
from scoring.services.sheets import sheet_record
from tests.factories import ClubFactory, organizer
from tests.tournaments.concours import play_table as play_partie_table
from tests.tournaments.factories import current_match, play_table
from tournaments.models import Round, TableAssignment, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

PAIRS = ["Ann & Bob", "Cor & Dirk", "Els & Fien", "Gijs & Henk", "Ilse & Jan", "Kees & Lot", "Mies & Nel"]
AFTERNOON = {
    "name": "Klaverjasmiddag",
    "game": "klaverjas",
    "format": "swiss",
    "match_format": "deals:4",
    "entrant_kind": "partnership",
    "rounds": 3,
    "tiebreaks": ["game-points-for", "match-points"],
    "bye": {"game_points": 1600, "outcome": "win", "max_per_entrant": 1},
    "absent": {"game_points": 1450, "outcome": "loss"},
    "fee": 500,
    "require_check_in": True,
    "require_paid": True,
    "blind_rounds": 1,
    "prizes": {"rule": "every_fourth", "extras": ["booby", "most_points"]},
}


@pytest.fixture
def boss() -> tuple[APIClient, Any]:
    user = organizer(ClubFactory())
    api = APIClient()
    api.force_authenticate(user)
    return api, user


@pytest.fixture
def start(django_capture_on_commit_callbacks: Any) -> Any:
    """Start the next round through the API; its draw (a task sent after commit) runs now."""

    def post(api: APIClient, tournament: int) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return api.post(f"/api/tournaments/{tournament}/rounds/", format="json")

    return post


def key_from_paper(table: TableAssignment, director: Actor) -> None:
    """The table's telbriefje keyed at the desk: four deals, the first pair playing and making
    each (90 + n of 162), saved once."""
    match = current_match(table)
    playing, other = match.sides
    entries = [{"playing": playing, "points": {playing: 90 + n, other: 72 - n}} for n in range(4)]
    sheet_record(match_id=match.pk, first=1, entries=entries, actor=director, key=f"sheet-{table.pk}")
    from tournaments import services

    services.table_sync(match_id=match.pk)


def test_a_klaverjas_afternoon_runs_from_check_in_to_prizes(boss, start):
    api, user = boss
    director = Actor(label=user.get_username(), user=user)
    created = api.post("/api/tournaments/", AFTERNOON, format="json")
    assert created.status_code == 201, created.json()
    pk = created.json()["id"]
    entrants = api.post(
        f"/api/tournaments/{pk}/entrants/", [{"name": name} for name in PAIRS], format="json"
    ).json()

    # Nobody has checked in: the draw waits and says who.
    waiting = start(api, pk)
    assert waiting.status_code == 409
    assert "Ann & Bob" in waiting.json()["error"]["rule"]

    # Everyone arrives; one pair pays €4 of €5, and the draw still waits for it.
    for entrant in entrants:
        paid = 400 if entrant["name"] == "Mies & Nel" else 500
        changed = api.patch(
            f"/api/tournaments/{pk}/entrants/{entrant['id']}/",
            {"checked_in": True, "paid": paid},
            format="json",
        )
        assert changed.status_code == 200
    short = start(api, pk)
    assert short.status_code == 409
    assert "Mies & Nel" in short.json()["error"]["rule"]
    last = entrants[-1]["id"]
    api.patch(f"/api/tournaments/{pk}/entrants/{last}/", {"paid": 500}, format="json")
    cash = api.get(f"/api/tournaments/{pk}/cash/").json()
    assert (cash["expected"], cash["received"], cash["owed"]) == (3500, 3500, 0)

    # Three rounds of three tables and an uitloter; round 1's first two tables are on paper.
    tournament = Tournament.objects.get(pk=pk)
    sat_out: list[int] = []
    for number in (1, 2, 3):
        assert start(api, pk).status_code in (201, 202)
        the_round = Round.objects.get(tournament=tournament, number=number)
        assert len(the_round.byes) == 1
        sat_out += the_round.byes
        for table in the_round.tables.order_by("number"):
            if number == 1 and table.number <= 2:
                key_from_paper(table, director)
            else:
                play_table(table, table.entrants[0])
    assert len(set(sat_out)) == 3  # nobody sits out twice

    # The last round is blind: the public sees the standings after round 2, and no prize.
    public = APIClient()
    assert public.get(f"/api/tournaments/{pk}/standings/").json()["hidden_after"] == 2
    assert public.get(f"/api/tournaments/{pk}/prizes/").json()["prizes"] == []

    assert api.post(f"/api/tournaments/{pk}/reveal/", format="json").status_code == 200
    standings = public.get(f"/api/tournaments/{pk}/standings/").json()
    uitloter = next(row for row in standings["rows"] if row["entrant"] == sat_out[0])
    assert uitloter["game-points-for"] >= 1600  # the bye's 1,600 counted

    prizes = public.get(f"/api/tournaments/{pk}/prizes/").json()
    kinds = [(p["kind"], p["place"]) for p in prizes["prizes"]]
    assert kinds[:4] == [("place", 1), ("place", 2), ("place", 3), ("place", 4)]
    assert {kind for kind, _ in kinds[4:]} == {"most_points", "booby"}
    assert [p["choose"] for p in prizes["prizes"]] == list(range(1, len(kinds) + 1))
    assert prizes["final"] is True


def test_a_concours_rewards_every_team(boss, start):
    api, _ = boss
    concours = {
        "name": "Concours de la Saint-Martin",
        "game": "belote",
        "format": "concours",
        "match_format": "deals:2",
        "entrant_kind": "partnership",
        "rounds": 2,
        "prizes": {"rule": "everyone"},
    }
    pk = api.post("/api/tournaments/", concours, format="json").json()["id"]
    teams = [f"Équipe {n}" for n in range(1, 6)]
    api.post(f"/api/tournaments/{pk}/entrants/", [{"name": name} for name in teams], format="json")
    for number in (1, 2):
        assert start(api, pk).status_code in (201, 202)
        for table in Round.objects.get(tournament_id=pk, number=number).tables.all():
            play_partie_table(table)

    prizes = APIClient().get(f"/api/tournaments/{pk}/prizes/").json()["prizes"]
    assert sorted(p["entrant"]["name"] for p in prizes) == sorted(teams)
    assert [p["place"] for p in prizes] == [1, 2, 3, 4, 5]
