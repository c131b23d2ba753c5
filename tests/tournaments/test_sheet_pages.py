"""Paper score sheets (#26): the printed sheet of a round's tables laid out like the game's entry
form, and the desk's page that keys a whole sheet in one Save, through the scoring services."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from scoring.models import AuditAction, AuditEvent, DealVersion, Match, Source
from scoring.result_states import ResultStatus
from tests.factories import UserFactory
from tests.tournaments.factories import add_entrants, current_match, make_tournament, start_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def evening(club, boss):
    """A klaverjas pairs evening, round 1 drawn: two tables, four deals a match."""
    tournament = make_tournament(
        club=club,
        name="Klaverjasavond",
        game="klaverjas",
        format="swiss",
        match_format="deals:4",
        entrant_kind="partnership",
    )
    add_entrants(tournament, 4, partners=True)
    the_round = start_round(tournament)
    return {"tournament": tournament, "round": the_round, "boss": boss}


def sheets_url(evening, table: int | None = None) -> str:
    base = f"/tournaments/{evening['tournament'].pk}/rounds/{evening['round'].number}/"
    return base + ("sheets/" if table is None else f"sheets/{table}/")


def key_url(evening, table: int = 1) -> str:
    return f"/tournaments/{evening['tournament'].pk}/rounds/{evening['round'].number}/tables/{table}/key/"


def match_at(evening, number: int = 1) -> Match:
    return current_match(evening["round"].tables.get(number=number))


def token(value: str) -> str:
    """How a choice is posted (its JSON)."""
    return f'"{value}"'


def deal_row(
    number: int, match: Match, playing: int, points: int, *, trump: str = "hearts"
) -> dict[str, str]:
    """One keyed deal: the side ``playing`` played, its card points, the other side the rest."""
    sides = list(match.sides)
    return {
        f"d{number}.playing": token(sides[playing]),
        f"d{number}.points.0": str(points if playing == 0 else 162 - points),
        f"d{number}.points.1": str(162 - points if playing == 0 else points),
        f"d{number}.trump": token(trump),
    }


def whole_sheet(match: Match, *, key: str = "sheet-1", bad: int | None = None) -> dict[str, str]:
    """Four deals as the paper says; deal ``bad`` adds up to 150 instead of 162."""
    data = {"first": "1", "key": key}
    for number in range(1, 5):
        data.update(deal_row(number, match, number % 2, 100))
    if bad is not None:
        data[f"d{bad}.points.1"] = "50"
    return data


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


class TestPrintedSheet:
    def test_it_lays_out_the_games_entry_fields_a_row_per_deal_with_names_and_qr(self, client, evening):
        answer = client.get(sheets_url(evening))
        assert answer.status_code == 200
        page = answer.content.decode()
        assert page.count('<article class="sheet">') == 2
        text = text_of(page)
        for label in ("Playing side", "Card points", "Roem", "Pit (all 8 tricks)", "Trump", "Running total"):
            assert label in text
        assert "Round 1 · Table 1" in text
        assert "Team Ann v Team Cy" in text
        assert "Ann North &amp; Ann South" in page
        assert "Signed for Team Ann" in text
        assert "Signed for Team Cy" in text
        first = page[page.index('<article class="sheet">') : page.index("</article>")]
        body = first[first.index("<tbody>") : first.index("</tbody>")]
        assert re.findall(r'class="deal-no">(\d+)<', body) == ["1", "2", "3", "4"]
        assert "<svg" in first
        assert "Scan to score this table." in first

    def test_it_shows_no_id_and_prints_one_table_alone(self, client, evening):
        text = text_of(client.get(sheets_url(evening, 2)).content.decode())
        assert "Table 2" in text
        assert "Table 1" not in text
        assert "Seat 0" not in text
        assert f"/{evening['tournament'].pk}/" not in text.replace("/t/", "")

    def test_it_is_the_organizers_only(self, evening):
        visitor = Client()
        assert visitor.get(sheets_url(evening)).status_code == 302
        visitor.force_login(UserFactory())
        assert visitor.get(sheets_url(evening)).status_code == 403
        assert visitor.get(key_url(evening)).status_code == 403

    def test_the_console_links_to_the_rounds_sheets(self, client, evening):
        page = client.get(f"/tournaments/{evening['tournament'].pk}/console/").content.decode()
        assert sheets_url(evening) in page

    def test_it_speaks_the_clubs_language(self, client, evening):
        club = evening["tournament"].club
        club.language = "nl"
        club.save()
        text = text_of(client.get(sheets_url(evening)).content.decode())
        assert "Telbriefje" in text
        assert "Ronde 1" in text


class TestKeying:
    def test_it_saves_the_whole_sheet_as_entered_by_the_director_confirmed(
        self, client, evening, django_capture_on_commit_callbacks
    ):
        match = match_at(evening)
        with django_capture_on_commit_callbacks(execute=True):
            answer = client.post(key_url(evening), whole_sheet(match))
        assert answer.status_code == 302
        match.refresh_from_db()
        assert match.deals.count() == 4
        assert match.status == "finished"
        assert match.result_status == ResultStatus.CONFIRMED
        versions = DealVersion.objects.filter(deal__match=match)
        assert {(v.actor_user_id, v.source) for v in versions} == {(evening["boss"].pk, Source.ADMIN)}
        assert AuditEvent.objects.filter(match=match, action=AuditAction.RESULT_CONFIRMED).exists()
        page = client.get(answer["Location"]).content.decode()
        assert "4 deals saved" in text_of(page)
        assert evening["round"].tables.get(number=1).status == "finished"  # counted in the round

    def test_a_bad_deal_saves_nothing_and_says_which_deal_and_field(self, client, evening):
        match = match_at(evening)
        answer = client.post(key_url(evening), whole_sheet(match, bad=3))
        assert answer.status_code == 200
        assert match.deals.count() == 0
        page = answer.content.decode()
        text = text_of(page)
        assert "Deal 3 · Card points" in text
        row = page[page.index('data-deal="3"') : page.index('data-deal="4"')]
        assert 'name="d3.points.1" value="50"' in row
        assert re.search(r'name="d3\.points\.0"[^>]*aria-invalid="true"', row)
        assert 'name="d4.points.0" value="100"' in page  # nothing typed is lost

    def test_a_second_save_of_the_same_sheet_changes_nothing(self, client, evening):
        match = match_at(evening)
        client.post(key_url(evening), whole_sheet(match))
        again = client.post(key_url(evening), whole_sheet(match), follow=True)
        assert match.deals.count() == 4
        assert "saved already" in text_of(again.content.decode())

    def test_a_value_that_cannot_be_read_is_named_by_deal_and_field(self, client, evening):
        match = match_at(evening)
        data = whole_sheet(match)
        data["d2.points.0"] = "abc"
        text = text_of(client.post(key_url(evening), data).content.decode())
        assert "Deal 2" in text
        assert "Card points" in text
        assert "abc" in text
        assert match.deals.count() == 0

    def test_the_check_names_the_bad_deal_and_gives_running_totals(self, client, evening):
        match = match_at(evening)
        answer = client.post(key_url(evening) + "check/", whole_sheet(match, bad=3))
        found = answer.json()
        assert found["error"]["deal"] == 3
        assert found["error"]["field"] == "points"
        assert set(found["totals"]) == {"1", "2"}
        assert match.deals.count() == 0

    def test_a_finished_match_offers_no_form(self, client, evening):
        match = match_at(evening)
        client.post(key_url(evening), whole_sheet(match))
        page = client.get(key_url(evening)).content.decode()
        assert '<form method="post" class="sheet-key"' not in page
        assert "4 deals already recorded" in text_of(page)


def test_the_desk_offers_to_key_the_sheet_of_a_table_without_a_result(client, evening):
    page = client.get(f"/tournaments/{evening['tournament'].pk}/desk/").content.decode()
    assert key_url(evening, 1) in page
    assert key_url(evening, 2) in page
