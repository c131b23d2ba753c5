"""How visitors find tournaments (tournaments/listing.py): the home page and a club's page list them,
live first, by the games' names; the list of all tournaments filters by club; a table's scoreboard
links back to its tournament."""

import pytest

from tests.factories import ClubFactory, make_match, organizer
from tests.tournaments.factories import current_match, make_tournament, start_round

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_links_to_the_tournaments_live_first_with_game_names_not_keys(client):
    waiting = make_tournament(name="Taking entries", game="coinche", entrant_kind="partnership")
    live = make_tournament(name="Being played", game="jam", entrants=4)
    start_round(live)

    page = client.get("/").text

    assert page.index("Being played") < page.index("Taking entries")
    assert f'href="/tournaments/{live.pk}/"' in page
    assert f'href="/tournaments/{waiting.pk}/"' in page
    assert "La Coinche" in page
    assert "JAM" in page
    assert "coinche ·" not in page
    assert "jam ·" not in page
    assert 'href="/tournaments/"' in page  # all of them


def test_it_lists_the_clubs_tournaments_live_first_and_only_its_own(client):
    club = ClubFactory()
    done = make_tournament(club=club, name="Last week", entrants=2, rounds=1)
    live = make_tournament(club=club, name="Tonight", entrants=4)
    start_round(live)
    elsewhere = make_tournament(name="Another club's cup")

    page = client.get(f"/clubs/{club.slug}/").text

    assert page.index("Tonight") < page.index("Last week")
    assert "Live" in page
    assert elsewhere.name not in page
    assert f'href="/tournaments/?club={club.slug}"' in page
    listed = client.get(f"/tournaments/?club={club.slug}").text
    assert "Tonight" in listed
    assert done.name in listed
    assert elsewhere.name not in listed


def test_it_names_games_and_puts_manage_beside_the_card(client):
    club = ClubFactory()
    match = make_match(club=club, game="tally", sides=["Kit", "Lou"])
    client.force_login(organizer(club))

    page = client.get(f"/clubs/{club.slug}/").text

    assert "Tally ·" in page
    assert "tally ·" not in page
    assert 'class="cards with-actions"' in page
    assert f'aria-label="Manage {match}"' in page


def test_a_tables_scoreboard_links_back_to_its_tournament(client):
    tournament = make_tournament(entrants=4)
    match = current_match(start_round(tournament).tables.get(number=1))

    page = client.get(f"/matches/{match.pk}/").text

    assert f'<a href="/tournaments/{tournament.pk}/">← {tournament.name}</a>' in page


def test_a_friendly_scoreboard_links_to_no_tournament(client):
    club = ClubFactory()
    match = make_match(club=club)
    assert "/tournaments/" not in client.get(f"/matches/{match.pk}/").text


def test_the_list_names_games_not_keys(client):
    club = ClubFactory()
    make_tournament(club=club, game="coinche", entrant_kind="partnership")
    page = client.get("/tournaments/").text
    assert "La Coinche ·" in page
    assert "coinche ·" not in page
