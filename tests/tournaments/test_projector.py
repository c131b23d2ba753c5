"""The projector (tournaments/projector.py and its page): the bracket of a knockout with its champion
in large type, or the find-your-table list beside the standings, each cut into pages that take
turns with the clock, the page on show part of the ETag."""

from __future__ import annotations

import re

import pytest

from tests.tournaments.factories import add_entrants, make_tournament, play_round, start_round
from tournaments import projector, services
from tournaments.projector import PAGE_SECONDS, ROWS, bracket_focus, page_at

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_turns_the_pages_with_the_clock():
    items = list(range(25))
    first = page_at(items, 10, now=0)
    assert (first.items, first.number, first.count, first.paged) == (tuple(range(10)), 1, 3, True)
    assert page_at(items, 10, now=PAGE_SECONDS).items == tuple(range(10, 20))
    assert page_at(items, 10, now=2 * PAGE_SECONDS + 1).items == (20, 21, 22, 23, 24)
    assert page_at(items, 10, now=3 * PAGE_SECONDS).number == 1
    assert page_at([], 10, now=99).count == 1


def test_it_keeps_the_live_columns_of_a_big_bracket():
    def column(slots, decided):
        return {
            "part": "winners",
            "slots": [{"winner": 1 if decided else None, "status": "done" if decided else "ready"}] * slots,
        }

    big = {
        "rounds": [column(16, True), column(8, False), column(4, False), column(2, False), column(1, False)]
    }
    assert [len(c["slots"]) for c in bracket_focus(big)["rounds"]] == [8, 4, 2, 1]
    playing = {"rounds": [column(16, False), column(8, False)]}
    assert len(bracket_focus(playing)["rounds"]) == 2  # nothing decided: nothing dropped
    small = {"rounds": [column(4, True), column(2, False), column(1, False)]}
    assert len(bracket_focus(small)["rounds"]) == 3


def test_it_lists_every_player_alphabetically_with_the_table(client):
    tournament = make_tournament(game="coinche", entrant_kind="partnership", match_format="deals:4", rounds=2)
    add_entrants(tournament, 4, partners=True)
    start_round(tournament)

    page = client.get(f"/tournaments/{tournament.pk}/projector/").text

    find = page.split('class="find-list"')[1].split("</ol>")[0]
    names = re.findall(r'<span class="who">([^<]+?) <small>', find)
    assert names == sorted(names, key=str.casefold)
    assert len(names) == 8  # each player of the four partnerships
    assert re.search(r"Ann North <small>Team Ann</small></span> <b class=\"where\">T\d</b>", find)


def test_it_pages_the_standings_and_the_list_and_changes_the_etag_at_a_page_turn(client, time_machine):
    tournament = make_tournament(entrants=ROWS * 2 + 4, rounds=3)
    play_round(start_round(tournament))
    services.standings_recompute(tournament_id=tournament.pk)
    time_machine.move_to("2030-01-01 20:00:00", tick=False)
    url = f"/tournaments/{tournament.pk}/projector/live/"

    first = client.get(url)

    assert "page 1 of 3" in first.text  # the standings: 40 rows, 18 a page
    assert client.get(url, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    time_machine.shift(PAGE_SECONDS)
    turned = client.get(url, HTTP_IF_NONE_MATCH=first["ETag"])
    assert turned.status_code == 200
    assert "page 2 of 3" in turned.text
    assert turned.text.count("<tr") == ROWS + 1


def test_the_knockout_projector_shows_the_bracket_and_the_champion_in_large_type(client):
    tournament = make_tournament(game="jam", format="single-elimination", match_format="game", entrants=4)
    start_round(tournament)
    page = client.get(f"/tournaments/{tournament.pk}/projector/").text
    assert 'class="projector-panel"' in page
    assert '<svg class="bracket-svg"' in page
    assert "Find your table" not in page
    for _ in range(2):
        current = tournament.rounds.order_by("-number").first()
        play_round(current)
        services.bracket_advance(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    finished = client.get(f"/tournaments/{tournament.pk}/projector/").text
    assert re.search(r'<p class="champion-banner">Champion <strong>\w+</strong></p>', finished)


def test_nobody_waits_for_a_panel_the_list_and_the_standings_are_both_up(client):
    tournament = make_tournament(entrants=6, rounds=2)
    start_round(tournament)
    page = client.get(f"/tournaments/{tournament.pk}/projector/").text
    assert 'class="projector-find"' in page
    assert 'class="projector-standings"' in page
    assert "data-cycle" not in page
    assert projector.FIND_COLUMNS * projector.FIND_ROWS >= 48  # a 12-table evening of pairs fits one page


def test_the_knockout_projector_says_at_which_table_each_match_is_played(client):
    """#28 item 8: the bracket alone did not say where a knock-out match was played."""
    tournament = make_tournament(format="single-elimination", entrants=6)
    first = start_round(tournament)
    names = dict(tournament.entrants.values_list("pk", "name"))

    page = client.get(f"/tournaments/{tournament.pk}/projector/").text

    strip = page[
        page.index('class="projector-playing"') : page.index("</ol>", page.index("projector-playing"))
    ]
    for table in first.tables.all():
        assert (
            f'<b class="where">Table {table.number}</b> {names[table.entrants[0]]} v {names[table.entrants[1]]}'
            in strip
        )
    play_round(first)
    services.bracket_advance(tournament_id=tournament.pk)
    semis = tournament.rounds.get(number=2)
    later = client.get(f"/tournaments/{tournament.pk}/projector/").text
    for table in semis.tables.all():
        assert f"Table {table.number}</b> {names[table.entrants[0]]}" in later
