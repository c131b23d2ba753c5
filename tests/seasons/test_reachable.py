"""#23 item 9: players and rules are reachable from where people look. The club page links its
players; names in a tournament's standings link to their player pages; the home page's game cards
open the game's rules, served by the site in the reader's language; the players' list and a
player's page say the same about a provisional rating."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from clubs.models import Player
from games import GAMES
from seasons import services
from seasons.models import ClubPreferences, SeasonEvening
from seasons.wording import provisional_note
from tests.factories import organizer
from tests.seasons.test_pages import played  # noqa: F401 (a fixture)
from tests.translated import spoken

pytestmark = pytest.mark.django_db


def close_player_pages(club) -> None:
    ClubPreferences.objects.update_or_create(club=club, defaults={"players_public": False})


def test_the_club_page_links_its_players(client, club):
    page = client.get(f"/clubs/{club.slug}/").content.decode()
    assert f'href="/players/?club={club.slug}"' in page
    close_player_pages(club)
    assert "/players/?club=" not in client.get(f"/clubs/{club.slug}/").content.decode()
    client.force_login(organizer(club))
    assert f'href="/players/?club={club.slug}"' in client.get(f"/clubs/{club.slug}/").content.decode()


def test_names_in_the_standings_link_to_their_player_pages(client, club, played):  # noqa: F811
    evening = SeasonEvening.objects.filter(season=played).first().tournament
    ann = Player.objects.get(name="Ann", membership__club=club)
    page = client.get(f"/tournaments/{evening.pk}/").content.decode()
    standings = page.split('id="standings"')[1].split("</section>")[0]
    assert f'<a href="/players/{ann.pk}/">Ann</a>' in standings
    live = client.get(f"/tournaments/{evening.pk}/live/").content.decode()
    assert f'<a href="/players/{ann.pk}/">Ann</a>' in live
    close_player_pages(club)
    assert "/players/" not in client.get(f"/tournaments/{evening.pk}/").content.decode()


def test_the_players_list_and_a_player_page_say_the_same_of_a_provisional_rating(client, club, played):  # noqa: F811
    services.ratings_update(club_id=club.pk, family="coinche")
    ann = Player.objects.get(name="Ann", membership__club=club)
    for language in ("en", "fr"):
        listed = spoken(
            client.get(f"/players/?club={club.slug}", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        )
        own = spoken(client.get(f"/players/{ann.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode())
        with translation.override(language):
            note = provisional_note()
        assert note in listed
        assert note in own
    assert "no established rating until" not in listed


def test_every_game_card_on_the_home_page_opens_its_rules(client):
    page = client.get("/").content.decode()
    for key in GAMES:
        assert f'href="/games/{key}/rules/"' in page
        assert client.get(f"/games/{key}/rules/").status_code == 200, key


def test_the_rules_speak_the_readers_language_where_the_repository_has_them(client):
    french = spoken(client.get("/games/belote/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode())
    assert "Règles : Belote" in french
    assert "Ce que la table saisit" in french
    assert "pas encore traduites" not in french
    dutch = client.get("/games/belote/rules/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert "Deze regels zijn nog niet vertaald: hier staan ze in het Engels." in dutch
    assert re.search(r'<article class="rules" lang="en" translate="no">', dutch)
    assert "Ce que la table saisit" not in dutch
    assert 'lang="nl"' in client.get("/games/klaverjas/rules/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()


def test_a_game_without_rules_is_not_found(client):
    assert client.get("/games/snap/rules/").status_code == 404
    assert client.post("/games/belote/rules/").status_code == 405


def test_the_rules_are_read_as_a_page_with_their_tables_not_as_markdown(client):
    page = client.get("/games/belote/rules/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<table class="scrolls" tabindex="0">' in page  # wide tables scroll inside the page, and say so
    assert page.count("<h1>") == 1
    assert "| Option |" not in page  # the pipe table was turned into one


def test_markup_written_in_a_rules_file_is_shown_as_text_never_run():
    from scoring.pages.public.rules import Rules

    shown = Rules("# Title\n\n<script>alert(1)</script> and <b>bold</b>", "en").html
    assert "<script>" not in shown
    assert "&lt;script&gt;" in shown
    assert "<h2>Title</h2>" in shown  # under the page's own title
    assert "<h1>" not in shown


def test_a_rules_page_links_its_english_original_on_the_site_not_in_the_repository(client):
    french = client.get("/games/belote/rules/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert 'href="/games/belote/rules/?in=en"' in french
    assert 'href="belote.md"' not in french
    assert 'href="README.md' not in french  # the repository's reference is not served: its words stay
    original = client.get("/games/belote/rules/?in=en", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert '<html lang="fr"' in original  # the page speaks French, the rules are the English ones
    assert '<article class="rules" lang="en">' in original
    assert "pas encore traduites" not in original  # asked for in English: no "not translated" note
