"""The result lifecycle on the pages: the scorer page's confirmation panel (hand-over: pass the
phone, pick your side, Accept or Report a problem; without JavaScript and with htmx), the state
on the scoreboard, and no rematch at a tournament table."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from scoring.links import scorer_path
from scoring.models import Match
from scoring.result_states import Action, Confirmation
from scoring.services import results
from tests.factories import make_match, organizer

pytestmark = pytest.mark.django_db

WON = {"points": {"Ann": 10, "Ben": 1}}


@pytest.fixture
def submitted():
    return make_match(deal_limit=1, confirmation=Confirmation.HAND_OVER, deals=[WON])


def answer(client, match, htmx=False, **posted):
    extra = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    return client.post(scorer_path(match) + "result/", posted, **extra)


def test_the_scorer_page_asks_who_entered_then_offers_only_the_other_side(client, submitted):
    page = client.get(scorer_path(submitted)).content.decode()
    assert "Pass the phone to the other side" in page
    assert "which side entered the score?" in page
    ask = f'<a class="button wide" href="?entered=%s&amp;match={submitted.pk}#result">Entered by: %s</a>'
    assert ask % (0, "Ann") in page
    assert ask % (1, "Ben") in page
    assert 'name="side"' not in page  # nobody accepts before the page knows who entered
    assert "Result awaiting confirmation" in page

    assert "Entered by" in client.get(scorer_path(submitted) + "?entered=0&match=999").text  # another match's
    page = client.get(scorer_path(submitted) + f"?entered=0&match={submitted.pk}").content.decode()
    assert "Entered by: Ann" in page
    assert 'name="side" value="Ben"' in page
    assert 'name="side" value="Ann"' not in page  # the side that entered cannot accept
    assert "Ben: accept the result" in page
    assert "Report a problem" in page
    assert 'name="entered" value="Ann"' in page
    assert " required" not in page.split('id="result"')[1].split("</section>")[0]  # no browser bubble


def test_the_side_that_entered_cannot_accept_and_is_told_in_the_pages_language(client, submitted):
    refused = client.post(
        scorer_path(submitted) + "result/",
        {"action": "accept", "side": "Ann", "entered": "Ann"},
        headers={"Accept-Language": "fr", "HX-Request": "true"},
    )
    assert refused.status_code == 422
    assert "Saisi par : Ann — c&#x27;est l&#x27;autre camp qui accepte le résultat." in refused.text
    assert 'name="side" value="Ben"' in refused.text  # the panel still offers the other side
    submitted.refresh_from_db()
    assert submitted.result_status == "submitted"
    accepted = answer(client, submitted, action="accept", side="Ben", entered="Ann")
    assert accepted.status_code == 302
    submitted.refresh_from_db()
    assert submitted.result_status == "confirmed"


def test_accepting_without_javascript_redirects_back_with_the_news(client, submitted):
    response = answer(client, submitted, action="accept", side="Ben")
    assert response.status_code == 302
    assert response["Location"].endswith("#result")
    page = client.get(response["Location"]).content.decode()
    assert "Result accepted: it counts now." in page
    assert "Result accepted by Ben" in page
    assert "Pass the phone" not in page
    submitted.refresh_from_db()
    assert submitted.result_status == "confirmed"


def test_accepting_with_htmx_answers_the_page_in_place(client, submitted):
    response = answer(client, submitted, htmx=True, action="accept", side="Ben")
    assert response.status_code == 200
    assert "Result accepted: it counts now." in response.content.decode()


def test_a_problem_needs_its_reason_and_says_so_in_the_panel(client, submitted):
    refused = answer(client, submitted, htmx=True, action="reject", side="Ben", reason="")
    assert refused.status_code == 422
    page = refused.content.decode()
    assert 'role="alert">Say what is wrong with the result.' in page
    assert '<details class="report" open>' in page
    reported = answer(client, submitted, action="reject", side="Ben", reason="9, not 10")
    page = client.get(reported["Location"]).content.decode()
    assert "Result disputed by Ben: 9, not 10" in page
    submitted.refresh_from_db()
    assert submitted.result_status == "disputed"


def test_accepting_needs_a_side(client, submitted):
    response = answer(client, submitted, action="accept")
    page = client.get(response["Location"]).content.decode()
    assert "Side must be one of the match&#x27;s sides: Ann, Ben." in page
    submitted.refresh_from_db()
    assert submitted.result_status == "submitted"


def test_the_scoreboard_shows_the_state(client, submitted):
    assert "Result awaiting confirmation" in client.get(f"/matches/{submitted.pk}/").content.decode()


def test_a_friendly_match_says_nothing_of_confirmation(client):
    match = make_match(deal_limit=1, deals=[WON])
    page = client.get(scorer_path(match)).content.decode()
    assert "Result " not in page.split('id="scoreline"')[1].split("</section>")[0]
    assert "Rematch" in page


def test_a_tournament_table_has_no_rematch_button_and_refuses_one(client):
    match = make_match(deal_limit=1, deals=[WON], announce_changes=True)
    page = client.get(scorer_path(match)).content.decode()
    assert "Rematch" not in page
    response = client.post(scorer_path(match) + "rematch/", follow=True)
    assert response.status_code == 200
    assert "A tournament table has no rematch" in response.content.decode()
    assert not Match.objects.filter(rematch_of=match).exists()


def _part(page: str, start: str, end: str) -> str:
    begin = page.index(start)
    return page[begin : page.index(end, begin)]


def test_the_news_of_a_report_goes_once_the_director_decides(client, submitted):
    """The news of an answer sits in the page's result news, which the board's poll empties once
    the match moves on: after the desk resolves the dispute the page shows "Result confirmed" and
    no longer "Problem reported"."""
    reported = answer(client, submitted, htmx=True, action="reject", side="Ben", reason="9, not 10")
    page = reported.content.decode()
    assert "Problem reported: the director decides." in _part(page, '<div id="result-news">', "</div>")
    director = organizer(submitted.club)
    results.result_act(
        match_id=submitted.pk, action=Action.RESOLVE, actor=Actor(label="director", user=director)
    )
    polled = client.get(scorer_path(submitted) + "board/", HTTP_HX_REQUEST="true").content.decode()
    assert '<div id="result-news" hx-swap-oob="true"></div>' in polled  # the old news goes
    assert "Problem reported" not in polled
    assert "Result confirmed" in _part(polled, '<section id="scoreline"', "</section>")
    public = client.get(f"/matches/{submitted.pk}/board/", HTTP_HX_REQUEST="true").content.decode()
    assert "result-news" not in public  # the public board has no news to empty
