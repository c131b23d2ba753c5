"""The club's settings page: its organizers set the language and the time zone of the club's pages."""

from __future__ import annotations

import pytest

from clubs.models import Club
from tests.factories import ClubFactory, UserFactory, organizer
from tests.i18n.pages import assert_page_speaks

pytestmark = pytest.mark.django_db


def url(club: Club) -> str:
    return f"/clubs/{club.slug}/settings/"


def test_it_saves_the_language_and_the_time_zone(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    response = client.post(url(club), {"language": "nl", "time_zone": "Europe/Amsterdam"})
    assert response.status_code == 302
    assert response["Location"] == url(club)
    club.refresh_from_db()
    assert (club.language, club.time_zone) == ("nl", "Europe/Amsterdam")
    page = client.get(url(club), HTTP_ACCEPT_LANGUAGE="en")
    assert page["Content-Language"] == "nl"  # the settings page is the club's own
    assert "Opgeslagen." in page.content.decode()


def test_blank_gives_the_choice_back_to_the_browser(client):
    club = ClubFactory(language="fr")
    client.force_login(organizer(club))
    client.post(url(club), {"language": "", "time_zone": "UTC"})
    club.refresh_from_db()
    assert club.language == ""


def test_a_setting_left_out_of_the_post_keeps_its_value(client):
    club = ClubFactory(language="fr", wifi_name="Room", wifi_password="password1")
    client.force_login(organizer(club))
    assert client.post(url(club), {"time_zone": "Europe/Paris"}).status_code == 302
    club.refresh_from_db()
    assert (club.language, club.time_zone, club.wifi_name, club.wifi_password) == (
        "fr",
        "Europe/Paris",
        "Room",
        "password1",
    )
    client.post(url(club), {"language": "", "time_zone": "UTC", "wifi_name": "", "wifi_password": ""})
    club.refresh_from_db()
    assert (club.language, club.wifi_name, club.wifi_password) == ("", "", "")


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_a_bad_time_zone_is_refused_in_the_language(client, language):
    club = ClubFactory(time_zone="UTC")
    client.force_login(organizer(club))
    response = client.post(
        url(club), {"language": "", "time_zone": "Mars/Olympus"}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 422
    assert 'role="alert"' in response.content.decode()
    assert_page_speaks(response.content.decode(), language)
    club.refresh_from_db()
    assert club.time_zone == "UTC"


def test_only_its_organizers_may_open_it(client):
    club = ClubFactory()
    response = client.get(url(club))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    client.force_login(UserFactory())
    assert client.get(url(club)).status_code == 403
    assert client.post(url(club), {"language": "fr", "time_zone": "UTC"}).status_code == 403
    club.refresh_from_db()
    assert club.language == ""
    assert client.get("/clubs/no-such-club/settings/").status_code == 404


def test_the_club_page_links_to_it_for_organizers(client):
    club = ClubFactory()
    assert url(club) not in client.get(f"/clubs/{club.slug}/").content.decode()
    client.force_login(organizer(club))
    assert url(club) in client.get(f"/clubs/{club.slug}/").content.decode()
