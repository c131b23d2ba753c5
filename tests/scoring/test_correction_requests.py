"""#23 items 1 and 2 on the scoring side: a rejection names the deal that is wrong (or the whole
result), and once the round is closed the table asks the director to correct a deal instead of
being shown a form it may not use (scoring/services/correction_requests.py, its pages and its API): one
request however often a phone repeats it, settled by the director's correction of that deal or
dismissed, the trail keeping each step."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from clubs.access import Actor
from clubs.errors import Conflict, InvalidEntry
from scoring.links import table_token
from scoring.models import AuditAction, AuditEvent, CorrectionRequest, Match
from scoring.result_states import Action, Confirmation, ResultStatus
from scoring.services import correction_requests, deals, results
from tests.factories import ClubFactory, make_match, organizer

pytestmark = pytest.mark.django_db

TABLE = Actor(label="table link", via_table_link=True)
CLOSER = Actor(label="tournament")
THREE = [
    {"points": {"Ann": 10, "Ben": 1}},
    {"points": {"Ann": 3, "Ben": 7}},
    {"points": {"Ann": 5, "Ben": 5}},
]


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def boss(club):
    return organizer(club)


def director(user) -> Actor:
    return Actor(label=user.get_username(), user=user)


def submitted(club) -> Match:
    """Three deals played to the end by the table: the result awaits the other side."""
    return make_match(club=club, deal_limit=3, confirmation=Confirmation.HAND_OVER, deals=THREE)


@pytest.fixture
def closed(club) -> Match:
    """The same, accepted, then closed by its round ("round 1")."""
    match = submitted(club)
    results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, side="Ben")
    results.results_close(match_ids=[match.pk], closed=1, actor=CLOSER)
    match.refresh_from_db()
    assert match.result_status == ResultStatus.FINAL
    return match


def ask(match: Match, **kwargs):
    arguments = {"match_id": match.pk, "deal": 2, "reason": "7 is 17", "actor": TABLE, "side": "Ben"}
    return correction_requests.correction_ask(**{**arguments, **kwargs})


class TestADisputeNamesItsDeal:
    def test_a_rejection_keeps_the_deal_it_names(self, club):
        match = submitted(club)
        done = results.result_act(
            match_id=match.pk, action=Action.REJECT, actor=TABLE, side="Ben", reason="7 is 17", deal=2
        )
        assert done.result_status == ResultStatus.DISPUTED
        assert done.result_detail["deal"] == 2
        event = AuditEvent.objects.filter(match=match, action=AuditAction.RESULT_REJECTED).get()
        assert event.detail["deal"] == 2

    def test_without_a_deal_it_is_about_the_whole_result(self, club):
        match = submitted(club)
        done = results.result_act(
            match_id=match.pk, action=Action.REJECT, actor=TABLE, side="Ben", reason="x"
        )
        assert "deal" not in done.result_detail

    @pytest.mark.parametrize("deal", [0, 4, 99])
    def test_a_deal_the_match_does_not_have_is_refused_naming_the_field(self, club, deal):
        match = submitted(club)
        with pytest.raises(InvalidEntry) as refused:
            results.result_act(
                match_id=match.pk, action=Action.REJECT, actor=TABLE, side="Ben", reason="x", deal=deal
            )
        assert refused.value.field == "deal"
        assert "1 to 3" in refused.value.rule
        match.refresh_from_db()
        assert match.result_status == ResultStatus.SUBMITTED

    def test_the_phone_offers_each_deal_or_the_whole_result_and_sends_the_one_chosen(self, club):
        match = submitted(club)
        token = table_token(match)
        page = Client().get(f"/t/{token}/?entered=0&match={match.pk}").content.decode()  # Ann entered it
        assert "Which deal is wrong?" in page
        assert '<option value="">The whole result</option>' in page
        assert '<option value="3">Deal 3</option>' in page
        answer = Client().post(
            f"/t/{token}/result/", {"action": "reject", "side": "Ben", "reason": "7 is 17", "deal": "2"}
        )
        assert answer.status_code == 302
        match.refresh_from_db()
        assert match.result_detail["deal"] == 2

    def test_the_api_takes_the_deal_and_names_the_field_when_it_is_wrong(self, club):
        match = submitted(club)
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
        url = f"/api/matches/{match.pk}/result/"
        body = {"action": "reject", "side": "Ben", "reason": "x"}
        wrong = api.post(url, {**body, "deal": 7}, format="json")
        assert wrong.status_code == 400
        assert wrong.json()["error"]["field"] == "deal"
        assert api.post(url, {**body, "deal": "two"}, format="json").json()["error"]["field"] == "deal"
        assert api.post(url, {**body, "deal": 3}, format="json").status_code == 200
        match.refresh_from_db()
        assert match.result_detail["deal"] == 3


class TestTheService:
    def test_a_request_is_stored_audited_and_said_on_the_matchs_pages(self, closed):
        before = closed.revision
        asked = ask(closed)
        assert asked.created
        request = asked.request
        assert (request.deal_number, request.reason, request.side, request.status) == (
            2,
            "7 is 17",
            "Ben",
            "open",
        )
        event = AuditEvent.objects.filter(match=closed, action=AuditAction.CORRECTION_ASKED).get()
        assert event.deal_number == 2
        assert event.detail == {"reason": "7 is 17", "side": "Ben"}  # no row id: the trail travels
        closed.refresh_from_db()
        assert closed.revision == before + 1
        assert closed.result_status == ResultStatus.FINAL  # a request changes no score

    def test_a_repeated_request_is_the_same_one(self, closed):
        first = ask(closed)
        again = ask(closed, reason="said twice")
        assert not again.created
        assert again.request.pk == first.request.pk
        assert CorrectionRequest.objects.count() == 1
        assert AuditEvent.objects.filter(action=AuditAction.CORRECTION_ASKED).count() == 1

    def test_before_the_round_closes_the_table_corrects_it_itself(self, club):
        with pytest.raises(Conflict) as refused:
            ask(submitted(club))
        assert refused.value.code == "round_not_closed"
        assert not CorrectionRequest.objects.exists()

    @pytest.mark.parametrize(
        ("change", "field"),
        [
            ({"deal": 4}, "deal"),
            ({"reason": "  "}, "reason"),
            ({"side": None}, "side"),
            ({"side": "Zoe"}, "side"),
        ],
    )
    def test_a_request_names_a_deal_a_reason_and_who_asks(self, closed, change, field):
        with pytest.raises(InvalidEntry) as refused:
            ask(closed, **change)
        assert refused.value.field == field
        assert not CorrectionRequest.objects.exists()

    def test_the_directors_correction_of_that_deal_settles_it(self, closed, boss):
        request = ask(closed).request
        other = ask(closed, deal=3).request
        deals.deal_correct(
            match_id=closed.pk,
            number=2,
            entry={"points": {"Ann": 3, "Ben": 17}},
            expected_version=1,
            actor=director(boss),
            reason="the sheet said 17",
        )
        request.refresh_from_db()
        other.refresh_from_db()
        assert request.status == "corrected"
        assert request.settled_by == boss.get_username()
        assert request.settled_reason == "the sheet said 17"
        assert other.status == "open"
        event = AuditEvent.objects.filter(action=AuditAction.CORRECTION_DONE).get()
        assert (event.deal_number, event.detail) == (2, {"asked": "7 is 17"})

    def test_the_director_dismisses_it_once_and_the_row_stays(self, closed, boss):
        request = ask(closed).request
        with pytest.raises(Conflict):
            correction_requests.correction_dismiss(request_id=request.pk, actor=TABLE)
        done = correction_requests.correction_dismiss(
            request_id=request.pk, actor=director(boss), reason="17 is right"
        )
        assert (done.status, done.settled_reason) == ("dismissed", "17 is right")
        with pytest.raises(Conflict) as again:
            correction_requests.correction_dismiss(request_id=request.pk, actor=director(boss))
        assert again.value.code == "request_settled"
        assert AuditEvent.objects.filter(action=AuditAction.CORRECTION_DISMISSED).count() == 1
        assert ask(closed).created  # asked again after it was settled: a new request


def test_with_own_device_links_a_side_asks_in_its_own_name(club):
    match = make_match(club=club, deal_limit=3, confirmation=Confirmation.OWN_DEVICE, deals=THREE)
    results.result_act(match_id=match.pk, action=Action.ACCEPT, actor=TABLE, link_side=1)
    results.results_close(match_ids=[match.pk], closed=1, actor=CLOSER)
    with pytest.raises(Conflict):
        ask(match, side=None)  # the table's shared link speaks for nobody here
    with pytest.raises(InvalidEntry):
        ask(match, side="Ann", link_side=1)
    assert ask(match, side=None, link_side=1).request.side == "Ben"
    token = table_token(match, 1)
    assert "Request sent to the director" in Client().get(f"/t/{token}/deals/2/").content.decode()
    page = Client().get(f"/t/{token}/deals/3/").content.decode()
    assert "Ask the director to correct deal 3" in page
    assert 'name="side"' not in page  # the link says who asks


class TestThePhone:
    def test_a_closed_rounds_deal_offers_the_request_not_the_form(self, closed):
        token = table_token(closed)
        board = Client().get(f"/t/{token}/").content.decode()
        assert f'href="/t/{token}/deals/2/">Report</a>' in board
        page = Client().get(f"/t/{token}/deals/2/").content.decode()
        assert "Ask the director to correct deal 2" in page
        assert "Round 1 is closed" in page
        assert 'id="entry"' not in page
        assert "Void deal 2" not in page
        assert f'action="/t/{token}/deals/2/ask/"' in page
        ask = page[page.index('id="ask-director"') :]
        assert (
            " required" not in ask[: ask.index("</section>")]
        )  # refused by the server, in the page's language

    def test_a_request_without_a_side_is_refused_in_the_pages_language(self, closed):
        token = table_token(closed)
        answer = Client().post(
            f"/t/{token}/deals/2/ask/", {"reason": "7 is 17"}, follow=True, headers={"Accept-Language": "fr"}
        )
        assert answer.status_code == 200
        assert 'lang="fr"' in answer.content.decode()
        assert not CorrectionRequest.objects.exists()

    def test_the_request_is_sent_once_and_the_page_says_so(self, closed):
        token = table_token(closed)
        phone = Client()
        body = {"side": "Ben", "reason": "7 is 17"}
        answer = phone.post(f"/t/{token}/deals/2/ask/", body, follow=True)
        page = answer.content.decode()
        assert "Request sent: the director will look at deal 2." in page
        assert "Request sent to the director" in page
        assert "Ben: “7 is 17”" in page
        assert f'action="/t/{token}/deals/2/ask/"' not in page
        phone.post(f"/t/{token}/deals/2/ask/", body)  # a flaky phone sends it again
        assert CorrectionRequest.objects.count() == 1

    def test_a_request_without_a_reason_is_refused_on_the_page(self, closed):
        token = table_token(closed)
        answer = Client().post(f"/t/{token}/deals/2/ask/", {"side": "Ben", "reason": ""}, follow=True)
        assert "Say what is wrong with the deal." in answer.content.decode()
        assert not CorrectionRequest.objects.exists()

    def test_the_director_signed_in_still_corrects_it_with_a_reason(self, closed, boss):
        client = Client()
        client.force_login(boss)
        page = client.get(f"/t/{table_token(closed)}/deals/2/").content.decode()
        assert 'id="entry"' in page
        assert "Ask the director" not in page


class TestTheApi:
    def url(self, match: Match) -> str:
        return f"/api/matches/{match.pk}/correction-requests/"

    def table(self, match: Match) -> APIClient:
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
        return api

    def test_201_then_the_same_request_on_a_repeat(self, closed):
        api = self.table(closed)
        body = {"deal": 2, "reason": "7 is 17", "side": "Ben"}
        first = api.post(self.url(closed), body, format="json")
        assert first.status_code == 201
        doc = first.json()
        assert {k: doc[k] for k in ("match", "deal", "reason", "side", "status")} == {
            "match": closed.pk,
            "deal": 2,
            "reason": "7 is 17",
            "side": "Ben",
            "status": "open",
        }
        again = api.post(self.url(closed), body, format="json")
        assert again.status_code == 200
        assert again.json()["id"] == doc["id"]

    @pytest.mark.parametrize(
        ("body", "field"),
        [
            ({"deal": 9, "reason": "x", "side": "Ben"}, "deal"),
            ({"deal": "two", "reason": "x", "side": "Ben"}, "deal"),
            ({"reason": "x", "side": "Ben"}, "deal"),
            ({"deal": 2, "side": "Ben"}, "reason"),
            ({"deal": 2, "reason": "x", "side": "Ben", "table": 3}, "table"),
        ],
    )
    def test_a_bad_request_is_a_400_naming_the_field(self, closed, body, field):
        answer = self.table(closed).post(self.url(closed), body, format="json")
        assert answer.status_code == 400
        assert answer.json()["error"]["field"] == field

    def test_an_open_round_is_a_409(self, club):
        match = submitted(club)
        answer = self.table(match).post(
            self.url(match), {"deal": 2, "reason": "x", "side": "Ben"}, format="json"
        )
        assert answer.status_code == 409
        assert answer.json()["error"]["code"] == "round_not_closed"

    def test_a_stranger_is_refused(self, closed):
        answer = APIClient().post(self.url(closed), {"deal": 2, "reason": "x"}, format="json")
        assert answer.status_code in (401, 403)
