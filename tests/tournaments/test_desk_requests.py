"""#23 items 1 and 2 at the results desk: a dispute that names its deal offers to correct that deal
(not the table's last one), and a table's request to correct a deal of a closed round shows who
asked, which deal and why, with a one-click link to correct exactly that deal (the way back to
the desk included) and a Dismiss; once corrected or dismissed it leaves the queue, its row stays."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from clubs.access import Actor
from scoring.access import scorer_match
from scoring.links import table_token
from scoring.models import CorrectionRequest
from scoring.result_states import Action
from scoring.services import results
from tests.factories import UserFactory
from tests.html_forms import form_as_shown
from tests.tournaments.factories import current_match, make_tournament, play_round, play_table, start_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

TABLE = Actor(label="table link", via_table_link=True)


@pytest.fixture
def night(club, boss) -> dict[str, Any]:
    """Three-deal matches: round 1 played and closed by the draw of round 2; in round 2, table 1's
    second side says deal 2 is wrong."""
    tournament = make_tournament(club=club, entrants=4, rounds=3, match_format="deals:3")
    first = start_round(tournament)
    play_round(first)
    second = start_round(tournament)
    closed = current_match(first.tables.get(number=1))
    disputed = play_table(second.tables.get(number=1), second.tables.get(number=1).entrants[0], confirm=False)
    results.result_act(
        match_id=disputed.pk,
        action=Action.REJECT,
        actor=TABLE,
        side=disputed.sides[1],
        reason="7 is 17",
        deal=2,
    )
    return {"tournament": tournament, "closed": closed, "disputed": disputed}


def desk_url(night) -> str:
    return f"/tournaments/{night['tournament'].pk}/desk/"


def section(page: str, name: str) -> str:
    start = page.index(f'id="{name}"')
    return page[start : page.find("<section", start)]


def first_href(html: str, words: str) -> str:
    """The link whose words are ``words``."""
    before = html[: html.index(f">{words}</a>")]
    return before[before.rindex('href="') + 6 :].split('"', 1)[0].replace("&amp;", "&")


def ask(night, deal: int = 2) -> None:
    match = night["closed"]
    body = {"side": match.sides[1], "reason": "deal 2 was 17, not 7"}
    assert Client().post(f"/t/{table_token(match)}/deals/{deal}/ask/", body).status_code == 302


class TestADisputeNamesItsDeal:
    def test_the_desk_offers_the_deal_named_not_the_last(self, client, night):
        disputes = section(client.get(desk_url(night)).content.decode(), "disputes")
        assert "About deal 2" in disputes
        assert "Correct deal 3" not in disputes
        href = first_href(disputes, "Correct deal 2")
        assert scorer_match(href.split("/")[2]) == night["disputed"]
        assert "/deals/2/?back=" in href
        assert href.endswith("%23disputes")
        page = client.get(href).content.decode()
        assert 'id="entry"' in page
        assert "Back to the results desk" in page

    def test_the_desk_api_says_which_deal(self, client, night):
        doc = client.get(f"/api/tournaments/{night['tournament'].pk}/desk/").json()
        assert doc["queues"]["disputes"][0]["detail"]["deal"] == 2


class TestACorrectionRequest:
    def test_it_reaches_the_desk_with_who_which_deal_and_why(self, client, night):
        assert "No table asked for a correction." in section(
            client.get(desk_url(night)).content.decode(), "requests"
        )
        ask(night)
        page = client.get(desk_url(night)).content.decode()
        assert 'href="#requests">1 correction request</a>' in page
        requests = section(page, "requests")
        assert "Round 1, table 1, deal 2" in requests
        assert f"Asked by {night['closed'].sides[1]}" in requests
        assert "deal 2 was 17, not 7" in requests
        href = first_href(requests, "Correct deal 2")
        assert scorer_match(href.split("/")[2]) == night["closed"]
        assert "/deals/2/?back=" in href

    def test_the_directors_correction_through_its_link_settles_it_and_comes_back(self, client, night):
        ask(night)
        href = first_href(section(client.get(desk_url(night)).content.decode(), "requests"), "Correct deal 2")
        page = client.get(href).content.decode()
        assert "Ask the director" not in page
        assert f"Asked by {night['closed'].sides[1]}: “deal 2 was 17, not 7”" in page
        posted = {**form_as_shown(page, "entry"), "reason": "the sheet said 17"}
        answer = client.post(href, posted)
        assert answer.status_code == 302
        assert answer["Location"] == f"{desk_url(night)}#requests"
        request = CorrectionRequest.objects.get()
        assert request.status == "corrected"
        desk = client.get(desk_url(night)).content.decode()
        assert "No table asked for a correction." in section(desk, "requests")
        assert "Deal 2 corrected." in section(desk, "requests")  # said where the director lands
        assert "the sheet said 17" in section(desk, "corrections")

    def test_the_director_dismisses_it(self, client, night):
        ask(night)
        request = CorrectionRequest.objects.get()
        url = f"{desk_url(night)}requests/{request.pk}/dismiss/"
        answer = client.post(url, {"reason": "7 is right"})
        assert answer["Location"] == f"{desk_url(night)}#requests"
        request.refresh_from_db()
        assert (request.status, request.settled_reason) == ("dismissed", "7 is right")
        requests = section(client.get(answer["Location"]).content.decode(), "requests")
        assert "Round 1, table 1, deal 2: request dismissed; the deal stands." in requests
        assert "No table asked for a correction." in requests
        again = section(client.get(answer["Location"]).content.decode(), "requests")
        assert "request dismissed" not in again
        client.post(url)
        assert "This request is no longer open." in section(
            client.get(desk_url(night)).content.decode(), "requests"
        )

    def test_only_an_organizer_dismisses(self, night):
        ask(night)
        request = CorrectionRequest.objects.get()
        stranger = Client()
        stranger.force_login(UserFactory())
        assert stranger.post(f"{desk_url(night)}requests/{request.pk}/dismiss/").status_code == 403
        request.refresh_from_db()
        assert request.status == "open"

    def test_the_desks_poll_sees_a_request_on_a_closed_round(self, client, night):
        live = f"{desk_url(night)}live/"
        etag = client.get(live)["ETag"]
        assert client.get(live, headers={"If-None-Match": etag}).status_code == 304
        ask(night)
        assert client.get(live, headers={"If-None-Match": etag}).status_code == 200

    def test_the_desk_api_lists_it(self, client, night):
        ask(night)
        doc = client.get(f"/api/tournaments/{night['tournament'].pk}/desk/").json()
        (request,) = doc["queues"]["correction_requests"]
        assert (request["round"], request["table"], request["deal"]) == (1, 1, 2)
        assert request["reason"] == "deal 2 was 17, not 7"
        assert request["side"] == night["closed"].sides[1]
