"""#28 item 5: withdrawals, abandons and forfeits leave no loose ends on the console and the desk.
Withdrawing or removing an entrant asks first and names what follows (the open table given to the
opponent as a forfeit); an abandoned match reads as such on the console and the desk, among what
needs the director; a winner set on a table with deals keeps the points played so far."""

from __future__ import annotations

import html

import pytest

from scoring.models import MatchStatus
from scoring.services.deals import deal_record
from scoring.services.matches import match_abandon
from tests.tournaments.factories import TABLE, current_match, make_tournament, start_round, winning_entry
from tournaments.models import Entrant, TableStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


@pytest.fixture
def playing(club):
    """A Swiss round of two tables, one deal entered at table 1 (its first side leads 10–1)."""
    tournament = make_tournament(club=club, entrants=4, rounds=2, match_format="deals:3")
    table = start_round(tournament).tables.get(number=1)
    match = current_match(table)
    deal_record(match_id=match.pk, entry=winning_entry(match, 0), actor=TABLE)
    names = dict(Entrant.objects.filter(tournament=tournament).values_list("pk", "name"))
    return tournament, table, match, [names[e] for e in table.entrants]


def text(response) -> str:
    return html.unescape(response.content.decode())


def test_withdrawing_asks_first_and_names_the_table_given_to_the_opponent(client, boss, playing):
    tournament, table, match, (quitter, opponent) = playing
    entrant = Entrant.objects.get(tournament=tournament, name=quitter)
    url = f"/tournaments/{tournament.pk}/console/entrants/{entrant.pk}/withdraw/"
    consequence = (
        f"Table 1 is still being played: its match is stopped (the deals played so far stay readable) "
        f"and the table is given to {opponent} as a forfeit."
    )

    console = text(client.get(f"/tournaments/{tournament.pk}/console/"))
    assert f'data-confirm="Withdraw {quitter}? The entrant is left out' in console
    assert consequence in console  # the dialog's question says it too

    asked = client.post(url, {"withdrawn": "on"})
    assert asked.status_code == 200
    page = text(asked)
    assert f"<h1>Withdraw {quitter}?</h1>" in page
    assert consequence in page
    assert "Yes, withdraw the entrant" in page
    entrant.refresh_from_db()
    table.refresh_from_db()
    assert not entrant.withdrawn
    assert table.status == TableStatus.PLAYING

    done = client.post(url, {"withdrawn": "on", "confirm": "yes"}, follow=True)
    assert f"{quitter} withdrawn; 1 open table was given to the opponents as a forfeit." in text(done)
    table.refresh_from_db()
    match.refresh_from_db()
    assert table.status == TableStatus.FORFEIT
    assert match.status == MatchStatus.ABANDONED
    assert match.deal_count == 1


def test_removing_asks_first(client, boss, club):
    tournament = make_tournament(club=club, entrants=3, rounds=2)
    ann = tournament.entrants.get(name="Ann")
    url = f"/tournaments/{tournament.pk}/console/entrants/{ann.pk}/remove/"

    console = text(client.get(f"/tournaments/{tournament.pk}/console/"))
    assert 'data-confirm="Remove Ann? The entrant is taken off the list as if never registered' in console
    asked = client.post(url)
    assert "<h1>Remove Ann?</h1>" in text(asked)
    assert Entrant.objects.filter(pk=ann.pk).exists()
    client.post(url, {"confirm": "yes"})
    assert not Entrant.objects.filter(pk=ann.pk).exists()


def test_an_abandoned_match_reads_abandoned_on_the_console_and_the_desk(client, boss, playing):
    tournament, table, match, _ = playing
    match_abandon(match_id=match.pk, reason="the players left", actor=TABLE)

    card = text(client.get(f"/tournaments/{tournament.pk}/console/")).split(f'id="table-{table.pk}"')[1]
    card = card.split("</details>")[0]
    assert "Match abandoned: set the result" in card
    assert "Playing" not in card
    assert '<details class="fix" open>' in card  # the form that settles it is open

    desk = text(client.get(f"/tournaments/{tournament.pk}/desk/"))
    missing = desk.split('id="missing"')[1].split("</section>")[0]
    assert "Match abandoned: set the result" in missing
    assert f'/console/#table-{table.pk}">Set the result' in missing
    assert "being played" not in missing.split("Set the result")[0].split("Table 1")[-1]
    queues = client.get(f"/api/tournaments/{tournament.pk}/desk/").json()["queues"]
    assert queues["missing_results"][0]["state"] == "abandoned"


def test_a_winner_set_from_the_console_on_a_table_with_deals_keeps_its_points(client, boss, playing):
    tournament, table, _match, _ = playing
    first, second = table.entrants
    console = text(client.get(f"/tournaments/{tournament.pk}/console/"))
    assert "A winner set here keeps the game points played so far" in console

    client.post(
        f"/tournaments/{tournament.pk}/console/tables/{table.pk}/result/",
        {f"t{table.pk}-decision": f"win:{second}", f"t{table.pk}-reason": "slow play"},
    )

    table.refresh_from_db()
    assert table.status == TableStatus.ADJUSTED
    assert (table.result[str(first)]["points"], table.result[str(second)]["points"]) == (10, 1)
