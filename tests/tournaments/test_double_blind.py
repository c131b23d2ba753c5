"""Double-blind confirmation at a tournament (#12): created through the API, each side enters the
match on its own link (API and scorer page) without seeing the other side's entries, the match
document shows where the comparison stands (the diff for organizers only), and the desk shows the
two versions side by side, the differing fields marked, and settles the dispute."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from clubs.access import Actor
from scoring.links import table_token
from scoring.models import AuditAction, AuditEvent, Match
from scoring.services import blind
from tests.factories import organizer
from tests.tournaments.factories import current_match, make_tournament, start_round
from tournaments import services
from tournaments.models import TableStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture(autouse=True)
def _in_english():
    """The rules these tests read are the English ones, whatever a test before left active."""
    with translation.override("en"):
        yield


@pytest.fixture
def match(club) -> Match:
    tournament = make_tournament(club=club, entrants=2, rounds=1, confirmation="double-blind")
    return current_match(start_round(tournament).tables.get())


def entry(match: Match, a: int, b: int) -> dict:
    return {"points": dict(zip(match.sides, (a, b), strict=True))}


def as_side(side: int | None, match: Match) -> APIClient:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match, side)}")
    return api


def post_deal(api: APIClient, match: Match, body: dict):
    return api.post(f"/api/matches/{match.pk}/deals/", body, format="json")


class TestTheApi:
    def test_a_tournament_is_created_double_blind(self, club, boss):
        api = APIClient()
        api.force_authenticate(boss)
        body = {
            "name": "Blind cup",
            "club": club.slug,
            "game": "tally",
            "format": "swiss",
            "match_format": "deals:1",
            "entrant_kind": "individual",
            "confirmation": "double-blind",
        }
        made = api.post("/api/tournaments/", body, format="json")
        assert made.status_code == 201, made.content
        assert made.json()["confirmation"] == "double-blind"

    def test_each_side_enters_on_its_own_link(self, match):
        first = post_deal(as_side(0, match), match, entry(match, 10, 1))
        assert first.status_code == 201
        assert first.json()["finished"] is True
        assert first.json()["result"]["status"] == "open"
        assert first.json()["result"]["entered"] == [match.sides[0]]
        assert "points" not in str(first.json())  # no entry of anybody's echoed back
        doc = APIClient().get(f"/api/matches/{match.pk}/").json()
        assert doc["deals"] == []  # blind: nothing of side A's entry is public

    def test_the_shared_link_enters_nothing(self, match):
        answer = post_deal(as_side(None, match), match, entry(match, 10, 1))
        assert answer.status_code == 409
        assert "own link" in answer.json()["error"]["rule"]

    def test_identical_entries_confirm(self, match):
        post_deal(as_side(0, match), match, entry(match, 10, 1))
        post_deal(as_side(1, match), match, entry(match, 10, 1))
        doc = APIClient().get(f"/api/matches/{match.pk}/").json()
        assert doc["result"]["status"] == "confirmed"
        assert doc["totals"] == {match.sides[0]: 10, match.sides[1]: 1}

    def test_different_entries_show_the_diff_to_organizers_only(self, match, boss):
        post_deal(as_side(0, match), match, entry(match, 10, 1))
        post_deal(as_side(1, match), match, entry(match, 10, 2))
        public = APIClient().get(f"/api/matches/{match.pk}/").json()
        assert public["result"]["status"] == "disputed"
        assert "diff" not in public["result"]
        api = APIClient()
        api.force_authenticate(boss)
        diff = api.get(f"/api/matches/{match.pk}/").json()["result"]["diff"]
        a, b = match.sides
        assert diff == [{"deal": 1, "field": "points", "values": {a: {a: 10, b: 1}, b: {a: 10, b: 2}}}]

    def test_accept_is_refused(self, match):
        answer = as_side(1, match).post(
            f"/api/matches/{match.pk}/result/", {"action": "accept", "side": match.sides[1]}, format="json"
        )
        assert answer.status_code == 409


class TestTheScorerPage:
    def test_a_side_sees_only_its_own_entries(self, match):
        a, b = Client(), Client()
        url_a = f"/t/{table_token(match, 0)}/"
        url_b = f"/t/{table_token(match, 1)}/"
        saved = a.post(url_a, {"match": match.pk, "f.points.0": "17", "f.points.1": "3"})
        assert saved.status_code in (200, 302), saved.content.decode()[:2000]
        assert blind.ledger_of(match, 0) == [entry(match, 17, 3)]
        own = a.get(url_a).content.decode()
        assert 'id="deal-1"' in own
        assert f'data-side="{match.sides[0]}">17<' in own
        other = b.get(url_b).content.decode()
        assert 'id="deal-1"' not in other
        assert f'data-side="{match.sides[0]}">0<' in other
        assert "own entry" in other
        assert 'id="entry-form"' in other or "Save deal 1" in other

    def test_the_shared_link_has_no_entry_form(self, match):
        page = Client().get(f"/t/{table_token(match)}/").content.decode()
        assert "Each side enters this match on its own link" in page
        assert "Save deal 1" not in page


class TestTheDesk:
    def disputed(self, match):
        post_deal(as_side(0, match), match, entry(match, 10, 1))
        post_deal(as_side(1, match), match, entry(match, 10, 2))

    def test_the_versions_side_by_side_with_the_differing_fields(self, client, boss, match):
        self.disputed(match)
        tournament = match.tournament_game.table.round.tournament
        page = client.get(f"/tournaments/{tournament.pk}/desk/").content.decode()
        disputes = page[page.index('id="disputes"') :]
        a, b = match.sides
        assert f"{a}'s version" in disputes
        assert f"{b}'s version" in disputes
        assert disputes.count('class="diff-tag"') == 2
        assert f"Pick {a}'s version" in disputes
        assert "Enter the director's score" in disputes
        assert "Confirm as entered" not in disputes[: disputes.index('id="corrections"')]

    def test_picking_a_side_confirms_and_is_audited(self, client, boss, match):
        self.disputed(match)
        tournament = match.tournament_game.table.round.tournament
        answer = client.post(
            f"/tournaments/{tournament.pk}/desk/{match.pk}/", {"action": "pick", "side": "1"}
        )
        assert answer.status_code == 302
        match.refresh_from_db()
        assert match.result_status == "confirmed"
        assert match.state["totals"] == {match.sides[0]: 10, match.sides[1]: 2}
        assert AuditEvent.objects.filter(match=match, action=AuditAction.BLIND_PICKED).exists()
        page = client.get(answer["Location"]).content.decode()
        assert f"{match.sides[1]}&#x27;s version is the result" in page

    def test_the_directors_score_link_comes_back_to_the_desk(self, client, boss, match):
        self.disputed(match)
        tournament = match.tournament_game.table.round.tournament
        page = client.get(f"/tournaments/{tournament.pk}/desk/").content.decode()
        start = page.index("Enter the director")
        href = page[
            page.rindex('href="', 0, start) + 6 : page.index('"', page.rindex('href="', 0, start) + 6)
        ]
        scorer = client.get(href.replace("&amp;", "&")).content.decode()
        assert "Back to the results desk" in scorer
        assert "Save deal 1" in scorer
        saved = client.post(
            href.replace("&amp;", "&"),
            {"match": match.pk, "f.points.0": "10", "f.points.1": "2"},
            HTTP_HX_REQUEST="true",
        )
        assert "Back to the results desk" in saved.content.decode()  # the way back stays
        match.refresh_from_db()
        assert match.result_status == "confirmed"  # the director's whole score counts
        assert AuditEvent.objects.filter(match=match, action=AuditAction.RESULT_CONFIRMED).exists()


class TestSideLinksShown:
    """The sides' own links on the organizer's pages (they were in the API only)."""

    @pytest.mark.parametrize("mode", ["own-device", "double-blind"])
    def test_the_match_page_the_print_slip_and_the_round_slips(self, client, boss, club, mode):
        tournament = make_tournament(club=club, entrants=2, rounds=1, confirmation=mode)
        the_round = start_round(tournament)
        match = current_match(the_round.tables.get())
        # a token is signed with the time: what names the side is its payload, before the signature
        own = [f"/t/{table_token(match, side).split(':')[0]}:" for side in (0, 1)]
        manage = client.get(f"/matches/{match.pk}/manage/").content.decode()
        assert "Each side's own link" in manage
        assert all(url in manage for url in own)
        printed = client.get(f"/matches/{match.pk}/print/").content.decode()
        assert printed.count('class="slip side-slip"') == 2
        assert all(url in printed for url in own)
        slips = client.get(f"/tournaments/{tournament.pk}/rounds/{the_round.number}/slips/").content.decode()
        assert slips.count('class="slip side-slip"') == 2
        assert f"For {match.sides[0]} only" in slips
        assert all(url in slips for url in own)

    def test_the_console_says_where_they_are(self, client, boss, club):
        tournament = make_tournament(club=club, entrants=2, rounds=1, confirmation="double-blind")
        services.physical_tables_prepare(tournament_id=tournament.pk, count=1)
        console = client.get(f"/tournaments/{tournament.pk}/console/").content.decode()
        assert "Each round's slips carry one slip per side" in console

    def test_hand_over_has_none(self, client, boss, club):
        tournament = make_tournament(club=club, entrants=2, rounds=1, confirmation="hand-over")
        match = current_match(start_round(tournament).tables.get())
        assert "Each side's own link" not in client.get(f"/matches/{match.pk}/manage/").content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Bureau des résultats", "Version —", "diffère", "Saisir le score de l"]),
        ("nl", ["Uitslagentafel", "Versie van", "verschilt", "Score van de wedstrijdleider invoeren"]),
    ],
)
def test_the_desk_speaks_french_and_dutch(client, boss, match, language, words):
    post_deal(as_side(0, match), match, entry(match, 10, 1))
    post_deal(as_side(1, match), match, entry(match, 10, 2))
    tournament = match.tournament_game.table.round.tournament
    page = client.get(f"/tournaments/{tournament.pk}/desk/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert all(word in page for word in words), [w for w in words if w not in page]
    assert "Results desk" not in page


def test_a_side_takes_back_its_last_deal_on_its_page(match):
    side = Client()
    url = f"/t/{table_token(match, 0)}/"
    side.post(url, {"match": match.pk, "f.points.0": "17", "f.points.1": "3"})
    page = side.get(url).content.decode()
    assert page.count("Take back my deal 1") == 1
    answer = side.post(url + "blind/undo/")
    assert answer.status_code == 302
    assert blind.ledger_of(match, 0) == []
    assert "Deal 1 taken back" in side.get(url).content.decode()
    assert (
        Client().post(f"/t/{table_token(match)}/blind/undo/").status_code == 302
    )  # shared link: refused, said
    assert AuditEvent.objects.filter(match=match, action=AuditAction.BLIND_UNDONE).count() == 1


class TestTheStandings:
    """Standings count a double-blind result only once it is confirmed (identical, or picked)."""

    def test_counted_once_the_director_picks_not_while_disputed(self, match):
        table = match.tournament_game.table
        post_deal(as_side(0, match), match, entry(match, 10, 1))
        post_deal(as_side(1, match), match, entry(match, 10, 2))
        services.table_sync(match_id=match.pk)  # what the announcement runs once the write commits
        table.refresh_from_db()
        assert table.status == TableStatus.PLAYING  # disputed: not counted
        boss = organizer(match.club)
        blind.blind_pick(match_id=match.pk, side=0, actor=Actor(label="director", user=boss))
        services.table_sync(match_id=match.pk)
        table.refresh_from_db()
        assert table.status == TableStatus.FINISHED

    def test_counted_once_both_sides_agree(self, match):
        table = match.tournament_game.table
        post_deal(as_side(0, match), match, entry(match, 10, 1))
        services.table_sync(match_id=match.pk)
        table.refresh_from_db()
        assert table.status == TableStatus.PLAYING
        post_deal(as_side(1, match), match, entry(match, 10, 1))
        services.table_sync(match_id=match.pk)
        table.refresh_from_db()
        assert table.status == TableStatus.FINISHED
