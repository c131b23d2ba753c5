"""The director's results desk as a page (#12): organizers only, the queues drawn from the room
(one table awaiting confirmation, one disputed, one without a result, one correction after the
round closed), each action through the result services and audited, void asked first and with a
reason, and the poll answering 304 while nothing changed."""

from __future__ import annotations

import pytest
from django.test import Client

from scoring.models import AuditAction, AuditEvent, Match
from scoring.result_states import ResultStatus
from tests.factories import UserFactory
from tests.tournaments.factories import (
    accept,
    busy_desk,
    current_match,
    make_tournament,
    start_round,
)
from tournaments import desk_pages

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def room(club, boss):
    return busy_desk(club, boss)


def section(page: str, name: str) -> str:
    """The part of the desk page in the section ``name`` (up to the next section)."""
    start = page.index(f'id="{name}"')
    return page[start : page.find("<section", start)]


def desk_url(room) -> str:
    return f"/tournaments/{room['tournament'].pk}/desk/"


def act(client: Client, room, match: Match, **data: str):
    return client.post(f"{desk_url(room)}{match.pk}/", data)


def status_of(match: Match) -> str:
    match.refresh_from_db()
    return match.result_status


class TestWho:
    def test_others_are_sent_to_sign_in_or_refused(self, room):
        visitor = Client()
        answer = visitor.get(desk_url(room))
        assert answer.status_code == 302
        assert "/accounts/login/" in answer["Location"]
        visitor.force_login(UserFactory())
        assert visitor.get(desk_url(room)).status_code == 403
        assert visitor.get(f"{desk_url(room)}live/").status_code == 403
        answer = act(visitor, room, room["disputed"], action="resolve")
        assert answer.status_code == 403
        assert status_of(room["disputed"]) == ResultStatus.DISPUTED

    def test_the_console_and_the_public_page_lead_to_it(self, client, room):
        url = desk_url(room)
        console = client.get(f"/tournaments/{room['tournament'].pk}/console/").content.decode()
        assert f'href="{url}">Results desk</a>' in console
        public = client.get(f"/tournaments/{room['tournament'].pk}/").content.decode()
        assert f'href="{url}">Results desk</a>' in public
        assert f'href="{url}"' not in Client().get(f"/tournaments/{room['tournament'].pk}/").content.decode()


class TestQueues:
    def test_each_queue_holds_its_tables(self, client, room):
        answer = client.get(desk_url(room))
        assert answer.status_code == 200
        page = answer.content.decode()
        awaiting, disputes = section(page, "awaiting"), section(page, "disputes")
        assert "Table 1" in awaiting
        assert "awaiting confirmation" in awaiting
        assert "Table 2" not in awaiting
        assert "Table 2" in disputes
        assert "Table 1" not in disputes
        assert f"{room['disputed'].sides[1]} rejected it" in disputes
        assert "9, not 10" in disputes
        for name, total in room["disputed"].state["totals"].items():
            assert f"<dt>{name}</dt><dd>{total}</dd>" in disputes
        assert "About the whole result" in disputes
        assert "Open the score sheet" in disputes
        corrections = section(page, "corrections")
        assert "Round 1, table 1, deal 1" in corrections
        assert "the sheet was misread" in corrections
        missing = section(page, "missing")
        assert "Table 3" in missing
        assert "No deal entered yet" in missing
        everyone = section(page, "all-tables")
        assert everyone.count("<tr class=") == 3
        assert "Last deal: 1, just now" in awaiting
        assert "Seat" not in page
        assert room["tournament"].club.slug not in page

    def test_a_dispute_of_the_whole_result_opens_the_score_sheet_with_the_way_back(self, client, room):
        page = section(client.get(desk_url(room)).content.decode(), "disputes")
        href = page.split('href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
        assert href.startswith("/t/")
        assert "/deals/" not in href
        assert "back=" in href
        sheet = client.get(href).content.decode()
        assert "Back to the results desk" in sheet
        assert "both sides' versions" not in sheet  # a double-blind dispute's words only

    def test_an_awaiting_result_offers_its_last_deal(self, client, room):
        page = section(client.get(desk_url(room)).content.decode(), "awaiting")
        assert "Correct deal 1" in page
        href = page.split('class="button" href="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
        assert "/deals/1/?back=" in href
        assert client.get(href).status_code == 200


class TestActions:
    def test_confirm_as_entered_resolves_the_dispute_and_is_audited(self, client, room, boss):
        answer = act(client, room, room["disputed"], action="resolve")
        assert answer.status_code == 302
        assert answer["Location"] == f"{desk_url(room)}#disputes"
        assert status_of(room["disputed"]) == ResultStatus.CONFIRMED
        event = AuditEvent.objects.filter(match=room["disputed"], action=AuditAction.RESULT_RESOLVED).get()
        assert event.actor_user == boss
        page = client.get(answer["Location"]).content.decode()
        assert "Table 2: the result is confirmed as entered." in section(page, "disputes")
        assert "No dispute." in section(page, "disputes")

    def test_an_awaiting_result_is_confirmed_from_its_queue(self, client, room):
        answer = act(client, room, room["awaiting"], action="resolve")
        assert answer["Location"].endswith("#awaiting")
        assert status_of(room["awaiting"]) == ResultStatus.CONFIRMED

    def test_void_needs_a_reason(self, client, room):
        answer = act(client, room, room["disputed"], action="void", reason="  ", confirm="yes")
        assert answer.status_code == 302
        assert status_of(room["disputed"]) == ResultStatus.DISPUTED
        page = client.get(answer["Location"]).content.decode()
        assert "Table 2: say why the result is voided." in section(page, "disputes")
        assert not AuditEvent.objects.filter(action=AuditAction.RESULT_VOIDED).exists()

    def test_void_is_asked_first_then_done_and_audited_with_its_reason(self, client, room):
        asked = act(client, room, room["disputed"], action="void", reason="played the wrong opponents")
        assert asked.status_code == 200
        page = asked.content.decode()
        assert "Void the result of table 2?" in page
        assert 'name="reason" value="played the wrong opponents"' in page
        assert status_of(room["disputed"]) == ResultStatus.DISPUTED
        done = act(
            client, room, room["disputed"], action="void", reason="played the wrong opponents", confirm="yes"
        )
        assert done.status_code == 302
        assert status_of(room["disputed"]) == ResultStatus.VOID
        event = AuditEvent.objects.filter(match=room["disputed"], action=AuditAction.RESULT_VOIDED).get()
        assert event.detail["reason"] == "played the wrong opponents"
        page = client.get(done["Location"]).content.decode()
        assert "Table 2: the result is void; it does not count." in page
        assert "Table 2" in section(page, "missing")  # a void result is a missing one

    def test_a_void_result_is_reopened_with_a_reason(self, client, room):
        act(client, room, room["disputed"], action="void", reason="wrong table", confirm="yes")
        refused = act(client, room, room["disputed"], action="reopen", reason="")
        assert status_of(room["disputed"]) == ResultStatus.VOID
        assert "say why the result is reopened" in client.get(refused["Location"]).content.decode()
        done = act(client, room, room["disputed"], action="reopen", reason="they replay it")
        assert status_of(room["disputed"]) == ResultStatus.SUBMITTED  # played to its end: asked again
        page = client.get(done["Location"]).content.decode()
        assert "Table 2: the result is reopened; it is awaiting confirmation now." in page
        assert AuditEvent.objects.filter(match=room["disputed"], action=AuditAction.RESULT_REOPENED).exists()

    def test_a_refused_action_says_why_in_its_queue(self, client, room):
        match = room["awaiting"]
        accept(match)
        answer = act(client, room, match, action="resolve")
        page = client.get(answer["Location"]).content.decode()
        assert "Table 1: cannot resolve a result that is confirmed" in page

    def test_an_unknown_action_or_a_match_of_another_tournament_is_refused(self, client, room, club):
        answer = act(client, room, room["disputed"], action="explode")
        assert "Table 2: action:" in client.get(answer["Location"]).content.decode()
        assert status_of(room["disputed"]) == ResultStatus.DISPUTED
        other = make_tournament(club=club, entrants=2, rounds=1)
        stranger = current_match(start_round(other).tables.get())
        assert act(client, room, stranger, action="resolve").status_code == 404


class TestPoll:
    def test_it_answers_304_until_something_changes(self, client, room, monkeypatch):
        monkeypatch.setattr(desk_pages, "_minute", lambda: 1000)
        url = f"{desk_url(room)}live/"
        first = client.get(url)
        assert first.status_code == 200
        assert 'id="desk"' in first.content.decode()
        etag = first["ETag"]
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
        accept(room["awaiting"])
        changed = client.get(url, HTTP_IF_NONE_MATCH=etag)
        assert changed.status_code == 200
        assert "No result is waiting for the other side." in changed.content.decode()

    def test_the_ages_move_with_the_minute(self, client, room, monkeypatch):
        url = f"{desk_url(room)}live/"
        monkeypatch.setattr(desk_pages, "_minute", lambda: 1000)
        etag = client.get(url)["ETag"]
        monkeypatch.setattr(desk_pages, "_minute", lambda: 1001)
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 200
