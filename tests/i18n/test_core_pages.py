"""The pages of the project itself in French and Dutch: the base layout (nav, the language
switcher at the foot), 403, 404, 500, the sign-in page and a club's settings."""

from __future__ import annotations

import pytest
from django.test import RequestFactory
from django.utils import translation

from tablescore.errors import server_error
from tests.factories import ClubFactory, UserFactory, organizer
from tests.i18n.pages import assert_page_speaks, assert_speaks, english_left, visible_text

LANGUAGES = ("fr", "nl")
pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_404_page_with_the_layout_speaks_the_language(client, language):
    html = assert_speaks(client, "/no/such/page/", language, status=404)
    assert 'name="language"' in html
    assert 'action="/i18n/setlang/"' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_layout_of_a_signed_in_organizer_speaks_the_language(client, language):
    user = UserFactory(is_staff=True)
    client.force_login(user)
    assert_speaks(client, "/no/such/page/", language, status=404)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_403_page_and_its_reason_speak_the_language(client, language):
    club = ClubFactory()
    client.force_login(organizer())  # an organizer of another club
    assert_speaks(client, f"/clubs/{club.slug}/settings/", language, status=403)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_500_page_speaks_the_language(language):
    with translation.override(language):
        try:
            raise RuntimeError("boom")
        except RuntimeError:
            response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert_page_speaks(response.content.decode(), language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sign_in_page_speaks_the_language(client, language):
    assert_speaks(client, "/accounts/login/", language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_sign_in_speaks_the_language(client, language):
    response = client.post(
        "/accounts/login/", {"username": "nobody", "password": "wrong"}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    assert_page_speaks(response.content.decode(), language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_club_settings_page_speaks_the_language(client, language):
    club = ClubFactory(name="Klaverjasclub De Troef")
    client.force_login(organizer(club))
    assert_speaks(client, f"/clubs/{club.slug}/settings/", language, allow=[club.name])


def test_the_harness_finds_english_left_on_a_page(client):
    """The same page in English is full of sentinels: the check can fail."""
    html = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert english_left(html)
    assert english_left("<html lang='fr'><p>Enregistrer the deal</p></html>") == [
        "'Enregistrer the deal': deal, the"
    ]


def test_the_harness_reads_what_is_shown_and_spoken_only():
    html = (
        '<html lang="fr"><head><title>Titre</title></head><body><script>var the = 1;</script>'
        '<p title="Sign in">Texte</p><button lang="en">English</button><template>the</template>'
        '<p data-say-offline="Hors ligne">Ann and Bob</p></body></html>'
    )
    assert visible_text(html) == ["Sign in", "Texte", "Hors ligne", "Ann and Bob"]
    assert english_left(html, allow=["Ann and Bob"]) == ["'Sign in': sign in"]
