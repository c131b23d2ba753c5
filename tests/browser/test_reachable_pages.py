"""#23 items 9 and 10 on a 360 px phone in French: a French club's page (its players' link, the
forms it leads to in French for an English browser) and a game's rules page fit the screen
without overlap or overflow (the layout checker and axe), with a shot of each."""

from __future__ import annotations

import pytest

from tests.browser.support import ARTIFACTS, LAPTOP, PHONE, looked_at, screen, sign_in
from tests.factories import ClubFactory, UserFactory, organizer

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
SHOTS = ARTIFACTS


@pytest.mark.parametrize(("size", "dims"), [("phone", PHONE), ("laptop", LAPTOP)])
def test_the_club_page_and_the_rules_page_fit_in_french(live_server, browser, size, dims):
    club = ClubFactory(name="Belote club de la Gare", slug="gare", language="fr")
    page = screen(browser, dims, locale="fr-FR")
    found = []
    page.goto(live_server.url + f"/clubs/{club.slug}/")
    players = page.get_by_role("link", name="Joueurs")
    assert players.get_attribute("href") == f"/players/?club={club.slug}"
    found += looked_at(page, SHOTS, f"reachable-{size}-club")
    page.goto(live_server.url + "/")
    page.locator('a[href="/games/belote/rules/"]').click()
    page.wait_for_load_state()
    assert page.get_by_role("heading", level=1).inner_text().startswith("Règles")
    found += looked_at(page, SHOTS, f"reachable-{size}-rules")
    page.goto(live_server.url + "/games/jam/rules/")
    assert "pas encore traduites" in page.locator(".notice").inner_text()
    found += looked_at(page, SHOTS, f"reachable-{size}-rules-english")
    assert found == []


def test_a_french_clubs_new_tournament_form_is_french_for_an_english_browser(live_server, browser):
    club = ClubFactory(name="Belote club de la Gare", slug="gare", language="fr")
    user = organizer(club, user=UserFactory(username="directrice"))
    user.set_password("a-good-password")
    user.save()
    page = screen(browser, PHONE, locale="en-GB")
    sign_in(page, live_server.url, "directrice", "a-good-password")
    page.goto(live_server.url + f"/clubs/{club.slug}/")
    page.get_by_role("link", name="+ Nouveau tournoi").click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"
    page.locator('a[href*="game=belote"]').click()
    page.wait_for_load_state()
    assert page.locator("html").get_attribute("lang") == "fr"
    assert looked_at(page, SHOTS, "reachable-phone-new-tournament") == []


@pytest.mark.parametrize(("size", "dims"), [("phone", PHONE), ("laptop", LAPTOP)])
def test_the_standings_link_their_players_and_fit_in_french(live_server, browser, size, dims):
    from tests.tournaments.factories import make_tournament, play_round, start_round
    from tournaments import services
    from tournaments.services import EntrantSpec

    club = ClubFactory(name="Belote club de la Gare", slug="gare", language="fr")
    tournament = make_tournament(
        club=club, game="coinche", entrant_kind="partnership", name="Concours du lundi"
    )
    services.entrants_register(
        tournament_id=tournament.pk,
        entrants=[
            EntrantSpec("Les As", players=("Émilie Laurent", "François Simon")),
            EntrantSpec("Zoé Martin & Anne Roy", players=("Zoé Martin", "Anne Roy")),
            EntrantSpec("Les Rois", players=("Jean-Baptiste Delacroix", "Marie-Hélène Fontaine")),
            EntrantSpec("Paul Petit & Luc Grand", players=("Paul Petit", "Luc Grand")),
        ],
    )
    play_round(start_round(tournament))
    page = screen(browser, dims, locale="fr-FR")
    page.goto(live_server.url + f"/tournaments/{tournament.pk}/")
    standings = page.locator("#standings")
    assert standings.get_by_role("link", name="Émilie Laurent").count() == 1
    assert standings.get_by_role("link", name="Zoé Martin").count() == 1
    assert looked_at(page, ARTIFACTS, f"reachable-{size}-standings") == []
