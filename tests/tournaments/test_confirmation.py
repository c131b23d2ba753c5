"""Results the room can trust (#12), as the tournament hears them: the confirmation mode chosen at
creation, standings counting confirmed and final results only, pairing refused while a table is
not confirmed and closing the round it follows, the director's late correction listed publicly,
and the results desk's read model."""

from __future__ import annotations

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from clubs.access import Actor
from clubs.errors import ServiceError
from scoring.links import table_token
from scoring.models import Match
from scoring.result_states import COUNTED, Action, ResultStatus
from scoring.services.deals import deal_correct, deal_record, deal_void
from scoring.services.results import result_act
from tests.factories import organizer
from tests.tournaments.factories import (
    TABLE,
    accept,
    current_match,
    make_tournament,
    play_round,
    play_table,
    start_round,
    winning_entry,
)
from tournaments import services
from tournaments.desk import desk
from tournaments.models import TableStatus
from tournaments.selectors import corrections, standing_rows

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def office(api, boss):
    """The API as an organizer of the club."""
    api.force_authenticate(boss)
    return api


@pytest.fixture
def tournament(club):
    return make_tournament(club=club, entrants=4, rounds=3)


def director(club) -> Actor:
    user = organizer(club)
    return Actor(label=user.get_username(), user=user)


def played(row_points: list) -> dict[int, int]:
    return {row.entrant: row.played for row in row_points}


class TestTheMode:
    def test_a_tournament_confirms_by_hand_over_unless_told(self, office):
        api = office
        body = {"name": "Cup", "game": "tally", "format": "swiss", "match_format": "deals:1"}
        made = api.post("/api/tournaments/", {**body, "entrant_kind": "individual"}, format="json")
        assert made.status_code == 201
        assert made.json()["confirmation"] == "hand-over"
        none = api.post(
            "/api/tournaments/", {**body, "entrant_kind": "individual", "confirmation": "none"}, format="json"
        )
        assert none.json()["confirmation"] == "none"

    @pytest.mark.parametrize(("mode", "rule"), [("maybe", "must be one of")])
    def test_an_unavailable_mode_is_a_400(self, office, mode, rule):
        api = office
        body = {
            "name": "Cup",
            "game": "tally",
            "format": "swiss",
            "match_format": "deals:1",
            "entrant_kind": "individual",
            "confirmation": mode,
        }
        answer = api.post("/api/tournaments/", body, format="json")
        assert answer.status_code == 400
        assert answer.json()["error"]["field"] == "confirmation"
        assert rule in answer.json()["error"]["rule"]

    def test_the_tables_matches_are_made_with_it(self, club):
        tournament = make_tournament(club=club, entrants=2, rounds=1, confirmation="own-device")
        match = current_match(start_round(tournament).tables.get())
        assert match.confirmation == "own-device"

    def test_the_console_offers_it(self, client: Client, boss, club):
        page = client.get(f"/tournaments/new/?game=tally&club={club.slug}").content.decode()
        assert 'name="confirmation"' in page
        assert "Hand-over" in page
        assert 'value="double-blind"' in page


class TestCounting:
    def test_a_result_awaiting_confirmation_does_not_count(self, tournament):
        table = start_round(tournament).tables.order_by("number").first()
        play_table(table, table.entrants[0], confirm=False)
        assert table.status == TableStatus.PLAYING
        assert set(played(standing_rows(tournament)).values()) == {0}
        accept(current_match(table))
        services.table_sync(match_id=current_match(table).pk)
        table.refresh_from_db()
        assert table.status == TableStatus.FINISHED
        assert played(standing_rows(tournament))[table.entrants[0]] == 1

    def test_a_disputed_result_counts_once_the_director_resolves_it(self, club, tournament):
        table = start_round(tournament).tables.order_by("number").first()
        match = play_table(table, table.entrants[0], confirm=False)
        result_act(match_id=match.pk, action=Action.REJECT, actor=TABLE, side=match.sides[1], reason="no")
        services.table_sync(match_id=match.pk)
        table.refresh_from_db()
        assert table.status == TableStatus.PLAYING
        result_act(match_id=match.pk, action=Action.RESOLVE, actor=director(club))
        services.table_sync(match_id=match.pk)
        table.refresh_from_db()
        assert table.status == TableStatus.FINISHED

    def test_a_void_result_leaves_the_table_without_one(self, club, tournament):
        table = start_round(tournament).tables.order_by("number").first()
        match = play_table(table, table.entrants[0])
        assert table.status == TableStatus.FINISHED
        result_act(match_id=match.pk, action=Action.VOID, actor=director(club), reason="wrong table")
        services.table_sync(match_id=match.pk)
        table.refresh_from_db()
        assert table.status == TableStatus.PLAYING
        assert table.result == {}


class TestClosingARound:
    def test_pairing_is_refused_naming_the_tables_not_confirmed(self, office, club):
        api, tournament = office, make_tournament(club=club, entrants=4, rounds=3)
        first = start_round(tournament)
        one, two = first.tables.order_by("number")
        play_table(one, one.entrants[0])
        play_table(two, two.entrants[0], confirm=False)
        answer = api.post(f"/api/tournaments/{tournament.pk}/rounds/")
        assert answer.status_code == 409
        assert (
            answer.json()["error"]["rule"] == "round 1 is not complete: table 2 has no confirmed result yet"
        )
        assert answer.json()["error"]["tables"] == [2]
        assert Match.objects.filter(result_status=ResultStatus.FINAL).count() == 0

    def test_pairing_the_next_round_makes_the_last_one_final(self, tournament):
        first = start_round(tournament)
        play_round(first)
        start_round(tournament)
        statuses = Match.objects.filter(tournament_game__table__round=first).values_list(
            "result_status", flat=True
        )
        assert set(statuses) == {ResultStatus.FINAL}
        match = Match.objects.filter(tournament_game__table__round=first).first()
        assert match.result_detail["closed"] == 1

    def test_a_late_correction_by_the_director_is_listed_and_recomputes_the_standings(
        self, api, client: Client, club, tournament, django_capture_on_commit_callbacks
    ):
        first = start_round(tournament)
        play_round(first)
        start_round(tournament)
        table = first.tables.order_by("number").first()
        match = current_match(table)
        loser = table.entrants[1]

        as_table = APIClient()
        as_table.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
        url = f"/api/matches/{match.pk}/deals/1/"
        refused = as_table.put(url, winning_entry(match, 1), format="json", HTTP_IF_MATCH='"1"')
        assert refused.status_code == 409
        assert refused.json()["error"]["rule"] == "round 1 is closed: call the director"

        boss = director(club)
        with django_capture_on_commit_callbacks(execute=True):  # the tournament hears, the standings follow
            deal_correct(
                match_id=match.pk,
                number=1,
                entry=winning_entry(match, 1),
                expected_version=1,
                actor=boss,
                reason="the sheet was misread",
            )

        table.refresh_from_db()
        assert table.result[str(loser)]["outcome"] == "win"
        tournament.refresh_from_db()
        assert tournament.standings_revision == tournament.revision
        rows = {row["entrant"]: row for row in tournament.standings["rows"]}
        assert rows[loser]["match-points"] > rows[table.entrants[0]]["match-points"]
        listed = api.get(f"/api/tournaments/{tournament.pk}/corrections/").json()
        assert listed == [
            {
                "match": match.pk,
                "round": 1,
                "table": table.number,
                "deal": 1,
                "by": boss.label,
                "at": listed[0]["at"],
                "reason": "the sheet was misread",
            }
        ]
        assert [c.reason for c in corrections(tournament)] == ["the sheet was misread"]
        page = client.get(f"/tournaments/{tournament.pk}/").content.decode()
        assert "Corrections after the round closed" in page
        assert "the sheet was misread" in page


class TestTheDesk:
    def test_it_lists_each_table_and_the_queues(self, office, club):
        api, tournament = office, make_tournament(club=club, entrants=4, rounds=3)
        first = start_round(tournament)
        one = first.tables.order_by("number").first()
        play_table(one, one.entrants[0], confirm=False)
        answer = api.get(f"/api/tournaments/{tournament.pk}/desk/")
        assert answer.status_code == 200
        doc = answer.json()
        assert [(t["table"], t["state"]) for t in doc["tables"]] == [(1, "submitted"), (2, "open")]
        assert doc["tables"][0]["last_deal"] == 1
        assert doc["tables"][0]["last_deal_at"]
        assert doc["tables"][0]["since"]
        assert [t["table"] for t in doc["queues"]["awaiting_confirmation"]] == [1]
        assert [t["table"] for t in doc["queues"]["missing_results"]] == [2]
        assert doc["queues"]["disputes"] == []
        assert doc["queues"]["corrections_after_close"] == []

    def test_a_dispute_shows_its_side_and_reason(self, tournament):
        table = start_round(tournament).tables.order_by("number").first()
        match = play_table(table, table.entrants[0], confirm=False)
        result_act(
            match_id=match.pk, action=Action.REJECT, actor=TABLE, side=match.sides[1], reason="9, not 10"
        )
        (dispute,) = desk(tournament).disputes
        assert dispute.detail["by"] == match.sides[1]
        assert dispute.detail["reason"] == "9, not 10"
        assert dispute.totals == match.state["totals"]

    def test_it_is_for_organizers_only(self, api, tournament):
        assert api.get(f"/api/tournaments/{tournament.pk}/desk/").status_code == 401


#: What may happen at a table, in any order: a side's winning deal entered or a correction to it
#: (by the table, or the director), the other side's answer, the director's word.
STEPS = ["win-0", "win-1", "fix-0", "void-deal", "accept", "reject", "resolve", "void", "reopen"]


def take(step: str, match: Match, boss: Actor) -> None:
    """One step at the table, through the services; a refusal is part of the game."""
    match.refresh_from_db()
    try:
        if step.startswith(("win", "fix")):
            side = int(step[-1])
            actor = boss if step.startswith("fix") else TABLE
            deal = match.deals.filter(voided=False).first()
            if deal is None:
                deal_record(match_id=match.pk, entry=winning_entry(match, side), actor=actor)
            else:
                entry = winning_entry(match, side)
                deal_correct(
                    match_id=match.pk,
                    number=deal.number,
                    entry=entry,
                    expected_version=deal.version,
                    actor=actor,
                )
        elif step == "void-deal":
            deal = match.deals.filter(voided=False).first()
            if deal is not None:
                deal_void(
                    match_id=match.pk,
                    number=deal.number,
                    reason="misdeal",
                    expected_version=deal.version,
                    actor=TABLE,
                )
        elif step in ("accept", "reject"):
            result_act(match_id=match.pk, action=Action(step), actor=TABLE, side=match.sides[1], reason="no")
        else:
            result_act(match_id=match.pk, action=Action(step), actor=boss, reason="the director's word")
    except ServiceError:
        pass
    services.table_sync(match_id=match.pk)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(st.sampled_from(STEPS), max_size=8))
def test_standings_only_ever_count_confirmed_and_final_results(club, steps):
    tournament = make_tournament(club=club, entrants=2, rounds=1)
    table = start_round(tournament).tables.get()
    match = current_match(table)
    boss = director(club)
    for step in steps:
        take(step, match, boss)
        match.refresh_from_db()
        table.refresh_from_db()
        counted = match.result_status in COUNTED and match.status == "finished"
        assert (table.status == TableStatus.FINISHED) == counted, (step, match.result_status)
        assert sum(played(standing_rows(tournament)).values()) == (2 if counted else 0)
