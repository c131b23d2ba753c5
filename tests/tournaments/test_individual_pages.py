"""#28 item 6: an individual evening (partners re-drawn each round) shows partners and seats on
the console, the public page and the projector; it was four names per table, or "T1"."""

from __future__ import annotations

import pytest

from tests.factories import organizer
from tests.tournaments.factories import make_tournament, start_round
from tournaments.pairing.formats import Format
from tournaments.wording import find_note, partners_line

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_says_the_two_partnerships_and_their_seats():
    assert partners_line(["Ann", "Bob", "Cy", "Dee"]) == "Ann (North) & Cy (South) v Bob (East) & Dee (West)"
    assert find_note(["Ann", "Bob", "Cy", "Dee"], 1) == "East, with Dee"


@pytest.fixture
def evening():
    tournament = make_tournament(
        game="klaverjas", format=Format.INDIVIDUAL, entrant_kind="individual", entrants=8, rounds=3
    )
    table = start_round(tournament).tables.get(number=1)
    names = dict(tournament.entrants.values_list("pk", "name"))
    return tournament, [names[e] for e in table.entrants]


def test_the_public_page_and_the_console_show_who_partners_whom(client, evening):
    tournament, seated = evening
    line = f"{seated[0]} (North) &amp; {seated[2]} (South) v {seated[1]} (East) &amp; {seated[3]} (West)"

    assert line in client.get(f"/tournaments/{tournament.pk}/").text
    client.force_login(organizer(tournament.club))
    assert line in client.get(f"/tournaments/{tournament.pk}/console/").text


def test_the_projector_says_where_each_player_sits_and_with_whom(client, evening):
    tournament, seated = evening

    page = client.get(f"/tournaments/{tournament.pk}/projector/").text

    assert (
        f'<span class="who">{seated[0]} <small>North, with {seated[2]}</small></span> <b class="where">T1</b>'
        in page
    )
