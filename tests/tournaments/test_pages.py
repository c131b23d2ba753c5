"""Tournament pages: the public page and its poll (304s), the projector, CSV exports, the organizer
console (register, upload, format, start a round, fix a result, withdraw) and the table slips."""

from __future__ import annotations

import csv
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from scoring.links import scorer_path, table_code
from scoring.services.deals import deal_record
from tests.factories import UserFactory
from tests.tournaments.factories import (
    TABLE,
    add_entrants,
    current_match,
    make_tournament,
    play_table,
    start_round,
    winning_entry,
)
from tournaments import services
from tournaments.models import Entrant, Round, TableStatus, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def tournament(club):
    return make_tournament(club=club, entrants=4, rounds=2)


def tables_text(response) -> str:
    return response.content.decode()


# -- public ----------------------------------------------------------------------------------------


def test_it_shows_the_public_page_with_tables_and_no_scorer_links(client, tournament):
    the_round = start_round(tournament)
    table = the_round.tables.get(number=1)
    match = current_match(table)

    response = client.get(f"/tournaments/{tournament.pk}/")

    assert response.status_code == 200
    page = tables_text(response)
    assert "Spring cup" in page
    assert 'data-table="1"' in page
    assert f"/matches/{match.pk}/" in page  # the public scoreboard
    assert scorer_path(match) not in page
    assert "/t/" not in page
    assert "Console" not in page


def test_it_answers_the_poll_with_304_until_a_deal_is_entered(client, tournament):
    table = start_round(tournament).tables.get(number=1)
    url = f"/tournaments/{tournament.pk}/live/"
    first = client.get(url)
    assert first.status_code == 200
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304

    play_table(table, table.entrants[1])

    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200
    assert again["ETag"] != etag
    assert "outcome-win" in tables_text(again)


def test_it_draws_the_bracket_as_svg(client, club):
    tournament = make_tournament(club=club, game="jam", format="single-elimination", match_format="best-of:3")
    add_entrants(tournament, 8)
    start_round(tournament)
    page = tables_text(client.get(f"/tournaments/{tournament.pk}/"))
    assert "<svg" in page
    assert page.count('class="slot slot-') == 7
    assert "Quarter-finals" in page
    assert "best of 3 rubbers" in page
    assert "Ann" in page


def test_it_shows_the_projector_and_its_poll(client, tournament):
    start_round(tournament)
    page = client.get(f"/tournaments/{tournament.pk}/projector/")
    assert page.status_code == 200
    assert "projector-standings" in tables_text(page)
    assert "Find your table" in tables_text(page)
    poll = client.get(f"/tournaments/{tournament.pk}/projector/live/")
    assert poll.status_code == 200
    assert 'id="projector"' in tables_text(poll)
    assert (
        client.get(
            f"/tournaments/{tournament.pk}/projector/live/", HTTP_IF_NONE_MATCH=poll["ETag"]
        ).status_code
        == 304
    )


def test_it_exports_standings_and_results_as_csv(client, tournament):
    the_round = start_round(tournament)
    for table in the_round.tables.all():
        play_table(table, table.entrants[0])
    services.standings_recompute(tournament_id=tournament.pk)

    standings = client.get(f"/tournaments/{tournament.pk}/standings.csv")
    assert standings.status_code == 200
    assert standings["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(standings.content.decode())))
    assert rows[0][:4] == ["rank", "entrant", "name", "played"]
    assert len(rows) == 5

    results = list(
        csv.reader(io.StringIO(client.get(f"/tournaments/{tournament.pk}/results.csv").content.decode()))
    )
    assert results[0][:6] == ["round", "table", "slot", "seat", "entrant", "name"]
    assert len(results) == 5
    assert {r[6] for r in results[1:]} == {"win", "loss"}


def test_it_answers_404_for_an_unknown_tournament(client):
    assert client.get("/tournaments/999/").status_code == 404
    assert client.get("/tournaments/999/live/").status_code == 404


# -- organizers ------------------------------------------------------------------------------------


def test_it_sends_visitors_to_sign_in_and_refuses_other_clubs(client, tournament):
    response = client.get(f"/tournaments/{tournament.pk}/console/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    client.force_login(UserFactory())
    assert client.get(f"/tournaments/{tournament.pk}/console/").status_code == 403
    assert client.post(f"/tournaments/{tournament.pk}/console/rounds/").status_code == 403
    assert not Round.objects.exists()


def test_it_creates_a_tournament_from_the_form(client, boss, club):
    response = client.post(
        "/tournaments/new/",
        {
            "name": "JAM knockout",
            "club": club.slug,
            "game": "jam",
            "format": "single-elimination",
            "match_format": "best-of",
            "match_length": "3",
            "entrant_kind": "individual",
            "tiebreak_0": "match-points",
        },
    )
    tournament = Tournament.objects.get(name="JAM knockout")
    assert response.status_code == 302
    assert response["Location"] == f"/tournaments/{tournament.pk}/console/#entrants"
    assert tournament.options["rubbers"] == 3
    assert tournament.tiebreaks == ["match-points"]


def test_it_shows_the_service_error_beside_the_field(client, boss, club):
    response = client.post(
        "/tournaments/new/",
        {
            "name": "Bad",
            "club": club.slug,
            "game": "coinche",
            "format": "swiss",
            "match_format": "best-of",
            "match_length": "2",
            "entrant_kind": "partnership",
        },
    )
    assert response.status_code == 422
    page = tables_text(response)
    assert "needs an odd number of games (3, 5, 7" in page
    assert 'id="id_match_length_error"' in page
    assert "match_length" not in page.split('id="id_match_length_error"')[1].split("</p>")[0]
    assert not Tournament.objects.exists()


def test_it_registers_entrants_one_by_one_and_from_a_csv_file(client, boss, club):
    tournament = make_tournament(
        club=club, game="coinche", entrant_kind="partnership", match_format="deals:4"
    )
    one = client.post(
        f"/tournaments/{tournament.pk}/console/entrants/",
        {"name": "Aces", "players": "Ann; Bob", "seed": "1"},
    )
    assert one.status_code == 302
    upload = SimpleUploadedFile("teams.csv", b"name,players,club\nKings,Cy;Dee,Lyon\nQueens,Ely;Fay,\n")
    many = client.post(f"/tournaments/{tournament.pk}/console/upload/", {"file": upload})
    assert many.status_code == 302
    assert list(tournament.entrants.values_list("name", flat=True)) == ["Aces", "Kings", "Queens"]
    assert sorted(p.name for p in Entrant.objects.get(name="Kings").players.all()) == ["Cy", "Dee"]

    bad = SimpleUploadedFile("teams.csv", b"name\nJacks\nAces\n")
    refused = client.post(f"/tournaments/{tournament.pk}/console/upload/", {"file": bad})
    assert refused.status_code == 422
    assert "line 3" in tables_text(refused)
    assert not Entrant.objects.filter(name="Jacks").exists()


def test_it_starts_a_round_from_the_console_and_shows_its_tables(
    client, boss, tournament, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/tournaments/{tournament.pk}/console/rounds/")
    assert response.status_code == 302
    the_round = Round.objects.get(tournament=tournament)
    assert the_round.tables.count() == 2
    page = tables_text(client.get(f"/tournaments/{tournament.pk}/console/"))
    assert "0 of 2 tables finished" in page
    assert "Print the table slips" in page
    again = client.post(f"/tournaments/{tournament.pk}/console/rounds/", follow=True)
    rounds_section = tables_text(again).split('id="tables"')[1].split('id="entrants"')[0]
    assert (
        'role="alert">Round 1 is not complete: tables 1 and 2 have no confirmed result yet' in rounds_section
    )  # where the page jumps to


def test_it_fixes_a_result_and_withdraws_an_entrant_from_the_console(client, boss, tournament):
    table = start_round(tournament).tables.get(number=1)
    winner = table.entrants[1]
    url = f"/tournaments/{tournament.pk}/console/tables/{table.pk}/result/"

    refused = client.post(
        url, {f"t{table.pk}-decision": f"win:{winner}", f"t{table.pk}-reason": ""}, follow=True
    )
    card = tables_text(refused).split(f'id="table-{table.pk}"')[1].split("</details>")[0]
    assert 'role="alert">Table 1: say why' in card  # in the table's card, where the page jumps to
    client.post(url, {f"t{table.pk}-decision": f"win:{winner}", f"t{table.pk}-reason": "sheet"})
    table.refresh_from_db()
    assert table.status == TableStatus.ADJUSTED
    assert table.result[str(winner)]["outcome"] == "win"

    client.post(url, {f"t{table.pk}-decision": f"forfeit:{winner}", f"t{table.pk}-reason": "no show"})
    table.refresh_from_db()
    assert table.status == TableStatus.FORFEIT

    ann = tournament.entrants.get(name="Ann")
    client.post(
        f"/tournaments/{tournament.pk}/console/entrants/{ann.pk}/withdraw/",
        {"withdrawn": "on", "confirm": "yes"},
    )
    ann.refresh_from_db()
    assert ann.withdrawn


def test_it_changes_format_and_tiebreaks_from_the_console(client, boss, club):
    tournament = make_tournament(club=club, entrants=4)
    response = client.post(
        f"/tournaments/{tournament.pk}/console/format/",
        {"format": "round-robin", "tiebreak_0": "match-points", "tiebreak_1": "head-to-head"},
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.format == "round-robin"
    assert tournament.tiebreaks == ["match-points", "head-to-head"]


def test_it_prints_table_slips_with_the_scorer_qr_codes(client, boss, tournament):
    table = start_round(tournament).tables.get(number=1)
    response = client.get(f"/tournaments/{tournament.pk}/rounds/1/slips/")
    assert response.status_code == 200
    page = tables_text(response)
    assert page.count("<svg") == 2
    signed_part = scorer_path(current_match(table)).split(":")[0]  # the token's time stamp may move on
    assert signed_part in page
    assert table_code(current_match(table)) in page  # to type when the QR code will not scan
    assert f'translate="no">{table_code(current_match(table))}</strong>' in page  # not words
    assert client.get(f"/tournaments/{tournament.pk}/rounds/7/slips/").status_code == 404


def test_a_withdrawn_entrant_stays_marked_while_it_has_results_and_leaves_if_it_never_played(client):
    tournament = make_tournament(entrants=6, rounds=3)
    never = tournament.entrants.get(name="Fay")
    services.entrant_withdraw(entrant_id=never.pk)
    the_round = start_round(tournament)
    table = the_round.tables.get(number=1)
    play_table(table, table.entrants[0])
    left = tournament.entrants.get(pk=table.entrants[1])
    services.entrant_withdraw(entrant_id=left.pk)
    services.standings_recompute(tournament_id=tournament.pk)

    public = tables_text(client.get(f"/tournaments/{tournament.pk}/"))
    standings = public.split('id="standings"')[1]
    projector = tables_text(client.get(f"/tournaments/{tournament.pk}/projector/"))

    assert "Fay" not in standings
    assert "Fay" not in projector
    assert f'data-entrant="{left.pk}" class="withdrawn"' in standings
    row = standings.split(f'data-entrant="{left.pk}"')[1].split("</tr>")[0]
    assert left.name in row  # its name (a link to the player's page, where the club shows it)
    assert "<small>(withdrawn)</small>" in row
    assert "Fay" in client.get(f"/tournaments/{tournament.pk}/standings.csv").content.decode()


# -- what decides a table (#14, point 2) ---------------------------------------------------------


def test_a_best_of_three_jam_table_shows_the_rubbers_won_large_and_in_the_bracket(client, club):
    tournament = make_tournament(club=club, game="jam", format="single-elimination", match_format="best-of:3")
    add_entrants(tournament, 8)
    table = start_round(tournament).tables.get(bracket_slot="W1-1")
    match = current_match(table)
    deal_record(match_id=match.pk, entry={"sequence": "A" * 26}, actor=TABLE)  # rubber 1 to side 0
    first, second = table.entrants

    page = tables_text(client.get(f"/tournaments/{tournament.pk}/"))
    bracket = client.get(f"/api/tournaments/{tournament.pk}/bracket/").json()
    board = client.get(f"/matches/{match.pk}/").content.decode()

    assert "First to 2 rubbers" in page
    assert '<b class="live-total">1</b>' in page
    assert '<b class="live-total">0</b>' in page
    slot = bracket["rounds"][0]["slots"][0]
    assert dict(zip(slot["entrants"], slot["scores"], strict=True)) == {first: 1, second: 0}
    assert 'class="score" x=' in page  # the bracket's boxes carry the scores
    sides = match.sides
    assert f'data-side="{sides[0]}">1</span>' in board
    assert "rubbers won" in board
    assert "First to 2 rubbers" in board


def test_a_four_deal_coinche_table_counts_its_deals_and_is_not_played_to_1000(client, club):
    tournament = make_tournament(
        club=club, game="coinche", entrant_kind="partnership", match_format="deals:4"
    )
    add_entrants(tournament, 4)
    table = start_round(tournament).tables.first()
    match = current_match(table)
    deal_record(match_id=match.pk, entry=winning_entry(match, 0), actor=TABLE)

    page = tables_text(client.get(f"/tournaments/{tournament.pk}/"))
    board = client.get(f"/matches/{match.pk}/").content.decode()

    assert "deal 2 of 4" in page
    assert "Deal 2 of 4" in board
    assert "Playing to" not in board
    assert "target 1000" not in board  # no target line on the chart
