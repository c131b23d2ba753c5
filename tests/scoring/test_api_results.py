"""The API contract of a match's result: its document, the actions on it, the director's late
correction with a reason, and the rematch (201 for a friendly match, 409 at a tournament table)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.access import Actor
from scoring.api_results import ResultActionInput
from scoring.links import table_token
from scoring.models import AuditAction, AuditEvent, Match
from scoring.result_states import Confirmation
from scoring.services import results
from tests.factories import ClubFactory, make_match, organizer

pytestmark = pytest.mark.django_db

WON = {"points": {"Ann": 10, "Ben": 1}}


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def submitted(club):
    return make_match(club=club, deal_limit=1, confirmation=Confirmation.HAND_OVER, deals=[WON])


def as_table(api, match, side=None):
    api.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match, side)}")


def act(api, match, **body):
    return api.post(f"/api/matches/{match.pk}/result/", body, format="json")


def test_the_match_document_says_where_the_result_stands(api, submitted):
    doc = api.get(f"/api/matches/{submitted.pk}/").json()
    assert doc["result"]["status"] == "submitted"
    assert doc["result"]["confirmation"] == "hand-over"
    assert doc["result"]["since"]
    assert "scorer" not in doc["links"]


def test_an_organizer_also_gets_the_scorer_link(api, club, submitted):
    api.force_authenticate(organizer(club))
    answer = api.get(f"/api/matches/{submitted.pk}/")
    assert answer.json()["links"]["scorer"].endswith(f"/t/{table_token(submitted)}/")
    assert "private" in answer["Cache-Control"]


def test_the_table_accepts_in_a_sides_name(api, submitted):
    as_table(api, submitted)
    answer = act(api, submitted, action="accept", side="Ben")
    assert answer.status_code == 200
    assert answer.json()["result"] | {"since": None} == {
        "status": "confirmed",
        "confirmation": "hand-over",
        "since": None,
        "by": "Ben",
        "actor": "table link",
    }
    submitted.refresh_from_db()
    assert submitted.result_status == "confirmed"
    assert AuditEvent.objects.filter(match=submitted, action=AuditAction.RESULT_ACCEPTED).exists()


def test_a_rejection_is_a_dispute_with_its_reason(api, submitted):
    as_table(api, submitted)
    assert act(api, submitted, action="reject", side="Ben", reason="").json()["error"]["field"] == "reason"
    answer = act(api, submitted, action="reject", side="Ben", reason="we scored 9")
    assert answer.json()["result"]["status"] == "disputed"
    assert answer.json()["result"]["reason"] == "we scored 9"


def test_a_wrong_state_is_a_409_naming_it(api, submitted):
    as_table(api, submitted)
    act(api, submitted, action="accept", side="Ben")
    again = act(api, submitted, action="accept", side="Ben")
    assert again.status_code == 409
    assert again.json()["error"]["field"] == "action"
    assert "confirmed" in again.json()["error"]["rule"]
    assert again.json()["error"]["result"] == "confirmed"


@pytest.mark.parametrize("action", ["resolve", "void", "reopen"])
def test_the_directors_actions_are_refused_to_the_table(api, submitted, action):
    as_table(api, submitted)
    answer = act(api, submitted, action=action, reason="x")
    assert answer.status_code == 409
    assert "only the director" in answer.json()["error"]["rule"]


def test_an_organizer_resolves_a_dispute_and_voids(api, club, submitted):
    results.result_act(
        match_id=submitted.pk, action="reject", actor=Actor("table link"), side="Ben", reason="9"
    )
    api.force_authenticate(organizer(club))
    assert act(api, submitted, action="resolve").json()["result"]["status"] == "confirmed"
    assert act(api, submitted, action="void").json()["error"]["field"] == "reason"
    assert act(api, submitted, action="void", reason="wrong table").json()["result"]["status"] == "void"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": "close"}, "action"),
        ({"action": "accept", "side": "Ben", "extra": 1}, "extra"),
        ({"side": "Ben"}, "action"),
        ({"action": "accept", "side": "Zoe"}, "side"),
        ({"action": "accept", "reason": "x" * 301}, "reason"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(api, submitted, body, field):
    as_table(api, submitted)
    answer = act(api, submitted, **body)
    assert answer.status_code == 400
    assert answer.json()["error"]["field"] == field
    submitted.refresh_from_db()
    assert submitted.result_status == "submitted"


def test_the_input_is_declared_once():
    assert set(ResultActionInput().fields) == {"action", "side", "reason", "deal"}


def test_a_stranger_may_not_act(api, submitted):
    assert act(api, submitted, action="accept", side="Ben").status_code == 401
    other = make_match(deal_limit=1, confirmation=Confirmation.HAND_OVER, deals=[WON])
    as_table(api, other)
    assert act(api, submitted, action="accept", side="Ben").status_code == 403


def test_own_device_accepts_through_the_sides_own_link(api, club):
    match = make_match(club=club, deal_limit=1, confirmation=Confirmation.OWN_DEVICE, deals=[WON])
    api.force_authenticate(organizer(club))
    sides = api.get(f"/api/matches/{match.pk}/").json()["links"]["sides"]
    assert set(sides) == {"Ann", "Ben"}
    api.force_authenticate(None)
    as_table(api, match)
    assert act(api, match, action="accept", side="Ben").status_code == 409
    as_table(api, match, side=1)
    answer = act(api, match, action="accept")
    assert answer.json()["result"]["by"] == "Ben"


class TestLateCorrection:
    @pytest.fixture
    def final(self, submitted):
        results.result_act(match_id=submitted.pk, action="accept", actor=Actor("table link"), side="Ben")
        results.results_close(match_ids=[submitted.pk], closed=2, actor=Actor("tournament"))
        return submitted

    def put(self, api, match, reason=None):
        url = f"/api/matches/{match.pk}/deals/1/" + (f"?reason={reason}" if reason is not None else "")
        return api.put(url, {"points": {"Ann": 1, "Ben": 10}}, format="json", HTTP_IF_MATCH='"1"')

    def test_a_table_link_cannot_change_a_final_result(self, api, final):
        as_table(api, final)
        answer = self.put(api, final, reason="sorry")
        assert answer.status_code == 409
        assert answer.json()["error"]["rule"] == "round 2 is closed: call the director"

    def test_the_director_corrects_it_with_a_reason(self, api, club, final):
        api.force_authenticate(organizer(club))
        refused = self.put(api, final)
        assert refused.status_code == 400
        assert refused.json()["error"]["field"] == "reason"
        answer = self.put(api, final, reason="scores swapped")
        assert answer.status_code == 200
        assert answer.json()["match"]["result"]["status"] == "final"
        final.refresh_from_db()
        assert final.winner == "Ben"
        assert AuditEvent.objects.get(match=final, action=AuditAction.RESULT_CORRECTED).detail["reason"] == (
            "scores swapped"
        )


def test_a_friendly_match_has_a_rematch(api, club):
    match = make_match(club=club, deal_limit=1, deals=[WON])
    as_table(api, match)
    answer = api.post(f"/api/matches/{match.pk}/rematch/")
    assert answer.status_code == 201
    assert Match.objects.get(pk=answer.json()["id"]).rematch_of == match
    assert api.post(f"/api/matches/{match.pk}/rematch/").json()["id"] == answer.json()["id"]


def test_a_tournament_table_has_none(api, club):
    match = make_match(club=club, deal_limit=1, deals=[WON], announce_changes=True)
    as_table(api, match)
    answer = api.post(f"/api/matches/{match.pk}/rematch/")
    assert answer.status_code == 409
    assert "no rematch" in answer.json()["error"]["rule"]
    assert not Match.objects.filter(rematch_of=match).exists()
