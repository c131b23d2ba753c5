"""#28 item 8: tables are counted as played. The table-link box suggests the tables the event
needs (two for eight players re-drawn four to a table, not four); a bracket's bye takes no table
number, no slip and no link (a bracket of 6 plays at tables 1 and 2, not at 2 and 4)."""

from __future__ import annotations

import pytest

from games import find_game
from tests.tournaments.factories import add_entrants, make_tournament, play_table, start_round
from tournaments import services
from tournaments.models import Round
from tournaments.pairing.formats import Format, tables_needed

TALLY = find_game("tally").table_shape(None)
PAIRS = find_game("klaverjas").table_shape(None)


@pytest.mark.parametrize(
    ("format", "shape", "entrants", "tables"),
    [
        (Format.INDIVIDUAL, PAIRS, 8, 2),
        (Format.INDIVIDUAL, PAIRS, 11, 2),
        (Format.SWISS, TALLY, 7, 3),
        (Format.ROUND_ROBIN, TALLY, 5, 2),
        (Format.SINGLE_ELIMINATION, TALLY, 8, 4),
        (Format.SINGLE_ELIMINATION, TALLY, 6, 2),
        (Format.SINGLE_ELIMINATION, TALLY, 5, 2),
        (Format.SINGLE_ELIMINATION, TALLY, 9, 4),
        (Format.SINGLE_ELIMINATION, TALLY, 2, 1),
        (Format.DOUBLE_ELIMINATION, TALLY, 6, 3),
        (Format.SWISS, TALLY, 1, 0),
    ],
)
def test_it_counts_the_tables_a_round_plays_at_once(format, shape, entrants, tables):
    assert tables_needed(format, shape, {}, entrants) == tables


@pytest.mark.django_db
def test_the_table_link_box_suggests_two_tables_for_eight_players_re_drawn(client, boss, club):
    tournament = make_tournament(
        club=club, game="klaverjas", format="individual", entrant_kind="individual", rounds=3
    )
    add_entrants(tournament, 8)

    page = client.get(f"/tournaments/{tournament.pk}/console/").text

    box = page[page.index('name="tables"') :].split(">")[0]
    assert 'value="2"' in box


@pytest.mark.django_db
@pytest.mark.usefixtures("in_process_tasks")
@pytest.mark.parametrize("format", ["single-elimination", "double-elimination"])
def test_a_brackets_byes_take_no_table_number_slip_or_link(format):
    tournament = make_tournament(format=format, entrants=6)
    first = start_round(tournament)

    assert list(first.tables.values_list("number", flat=True)) == [1, 2]
    assert list(tournament.physical_tables.values_list("number", flat=True)) == [1, 2]
    for table in first.tables.all():
        play_table(table, table.entrants[0])
        services.bracket_advance(tournament_id=tournament.pk)
    second = Round.objects.get(tournament=tournament, number=2)
    assert sorted(second.tables.values_list("number", flat=True)) == [1, 2]
    assert sorted(tournament.physical_tables.values_list("number", flat=True)) == [1, 2]
