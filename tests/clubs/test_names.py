"""#23 item 12: names sort as people sort them: Émilie with the E's, not after Z, on the lists of
players, the projector's "find your table" and the new-match page's names."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from clubs.names import name_key
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import make_tournament, start_round
from tournaments import projector, selectors
from tournaments.services import EntrantSpec, entrants_register


def test_an_accent_sorts_with_its_letter_and_case_does_not_count():
    names = ["Zoé", "émile", "Émilie", "Eva", "Anne", "Ève", "zack"]

    assert sorted(names, key=name_key) == ["Anne", "émile", "Émilie", "Eva", "Ève", "zack", "Zoé"]


@given(st.lists(st.text(min_size=1, max_size=12), max_size=20))
def test_the_order_is_total_and_stable_whatever_the_names(names):
    once = sorted(names, key=name_key)
    backwards = list(names)
    backwards.reverse()

    assert sorted(backwards, key=name_key) == once  # the input's order does not matter
    assert sorted(once) == sorted(names)


@pytest.mark.django_db
def test_the_projector_finds_emilie_among_the_es():
    tournament = make_tournament(entrants=0)
    entrants_register(
        tournament_id=tournament.pk, entrants=[EntrantSpec(name) for name in ("Zoé", "Émilie", "Eva", "Bob")]
    )
    start_round(tournament)
    rounds = selectors.round_views(tournament, selectors.current_rounds(tournament))

    places = projector.find_your_table(rounds, selectors.entrant_players(tournament))

    assert [place.name for place in places] == ["Bob", "Émilie", "Eva", "Zoé"]


@pytest.mark.django_db
def test_the_new_match_page_offers_the_clubs_players_in_that_order(client):
    club = ClubFactory()
    for name in ("Zoé", "Émilie", "Eva"):
        club.players.create(name=name)
    client.force_login(organizer(club))

    page = client.get(f"/clubs/{club.slug}/matches/new/?game=tally").text

    assert page.index('value="Émilie"') < page.index('value="Eva"') < page.index('value="Zoé"')
