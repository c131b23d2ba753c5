"""The home page lists the clubs with their evenings being played or coming, and shows a site
operator how to make a club."""

from __future__ import annotations

import re

import pytest

from tests.factories import ClubFactory, UserFactory, organizer
from tests.tournaments.factories import make_tournament, start_round
from tournaments.models import Tournament, TournamentStatus

pytestmark = pytest.mark.django_db


def club_cards(page: str) -> dict[str, str]:
    """Each club card of the clubs list, by the club's name."""
    listed = page.split('class="cards club-list"', 1)[1].split("</ul>\n", 1)[0]
    return {
        name: card
        for card in listed.split('<li><a href="/clubs/')[1:]
        for name in re.findall(r"<strong>([^<]+)</strong>", card)[:1]
    }


def test_it_lists_each_club_with_its_live_and_coming_evenings(client):
    busy, quiet = ClubFactory(name="Busy club"), ClubFactory(name="Quiet club")
    live = make_tournament(club=busy, name="Tonight", entrants=4)
    start_round(live)
    make_tournament(club=busy, name="Next week")
    done = make_tournament(club=busy, name="Last month")
    Tournament.objects.filter(pk=done.pk).update(status=TournamentStatus.FINISHED)
    make_tournament(club=ClubFactory(name="Other club"), name="Elsewhere")

    cards = club_cards(client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode())

    busy_card = cards["Busy club"]
    assert busy_card.index("Tonight") < busy_card.index("Next week")
    assert f'href="/tournaments/{live.pk}/"' in busy_card
    assert "Live" in busy_card.split("Tonight")[0]
    assert "Coming" in busy_card.split("Next week")[0].split("Tonight")[1]
    assert "Last month" not in busy_card
    assert "Elsewhere" not in busy_card
    assert "No evening being played or coming." in cards[quiet.name]


def test_it_speaks_the_visitors_language(client):
    make_tournament(club=ClubFactory(name="Les As"), name="Ce soir")
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "À venir" in club_cards(page)["Les As"]


def test_only_a_site_operator_sees_how_to_make_a_club(client):
    assert "/clubs/new/" not in client.get("/").content.decode()
    client.force_login(organizer())
    assert "/clubs/new/" not in client.get("/").content.decode()
    client.force_login(UserFactory(is_superuser=True, is_staff=True))
    assert "/clubs/new/" in client.get("/").content.decode()
