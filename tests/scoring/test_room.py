"""Connect the room (#22): the Wi-Fi QR code's text, the room page (organizers only, the only page
with the Wi-Fi password), and the warning on every page that prints links while they point at this
computer."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from hypothesis import given
from hypothesis import strategies as st

from clubs.models import Club
from scoring.links import links_are_loopback
from scoring.qr import wifi_escaped, wifi_text
from tablescore.origins import is_loopback
from tests.factories import ClubFactory, UserFactory, make_match, organizer
from tests.i18n.pages import assert_page_speaks
from tests.tournaments.factories import make_tournament, start_round

WARNING = "These links point at this computer"
LAN = "http://192.168.1.20:8000"
PASSWORD = "c0rn;fl@kes,42"


def wifi_fields(text: str) -> dict[str, str]:
    """A Wi-Fi QR code's text read back as a phone does: ``T``, ``S``, ``P`` unescaped."""
    assert text.startswith("WIFI:")
    assert text.endswith(";;")
    fields: dict[str, str] = {}
    key, value, escaped, in_value = "", "", False, False
    for char in text[len("WIFI:") : -1]:
        if escaped:
            value += char
            escaped = False
        elif char == "\\":
            escaped = True
        elif not in_value and char == ":":
            in_value = True
        elif char == ";":
            fields[key] = value
            key, value, in_value = "", "", False
        elif in_value:
            value += char
        else:
            key += char
    assert not escaped, text
    assert key + value == "", text
    return fields


# -- the Wi-Fi QR code's text -----------------------------------------------------------------


def test_each_special_character_is_escaped_with_a_backslash():
    assert wifi_escaped('a\\b;c,d:e"f') == 'a\\\\b\\;c\\,d\\:e\\"f'
    assert wifi_escaped("Club wifi 5G") == "Club wifi 5G"


def test_a_protected_network_says_wpa_and_an_open_one_nopass():
    assert wifi_text("Club", "secret-pass") == "WIFI:T:WPA;S:Club;P:secret-pass;;"
    assert wifi_text("Club") == "WIFI:T:nopass;S:Club;;"
    assert wifi_text("Bar;Tabac", "a:b,c") == "WIFI:T:WPA;S:Bar\\;Tabac;P:a\\:b\\,c;;"


@given(name=st.text(min_size=1, max_size=32), password=st.text(max_size=63))
def test_reading_the_text_back_gives_the_name_and_the_password(name, password):
    fields = wifi_fields(wifi_text(name, password))
    assert fields["S"] == name
    assert fields["T"] == ("WPA" if password else "nopass")
    assert fields.get("P", "") == password


# -- which links reach only this computer --------------------------------------------------------


@pytest.mark.parametrize(
    ("host", "loopback"),
    [
        ("127.0.0.1", True),
        ("127.8.0.1", True),
        ("localhost", True),
        ("LOCALHOST.", True),
        ("room.localhost", True),
        ("[::1]", True),
        ("::1", True),
        ("0.0.0.0", True),
        ("192.168.1.20", False),
        ("10.0.0.5", False),
        ("club.example.org", False),
        ("localhost.example.org", False),
        ("", False),
    ],
)
def test_loopback_hosts(host, loopback):
    assert is_loopback(host) is loopback


@pytest.mark.parametrize(
    ("site", "loopback"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://localhost:8000/", True),
        ("http://[::1]:8000", True),
        (LAN, False),
        ("https://scores.example.org", False),
    ],
)
def test_the_site_urls_links_are_loopback_or_not(settings, site, loopback):
    settings.SITE_URL = site
    assert links_are_loopback() is loopback


# -- the room page ------------------------------------------------------------------------------


def room(club: Club) -> str:
    return f"/clubs/{club.slug}/room/"


@pytest.mark.django_db
def test_the_room_page_is_for_the_clubs_organizers_only(client: Client):
    club = ClubFactory(wifi_name="Club", wifi_password=PASSWORD)
    response = client.get(room(club))
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
    other = ClubFactory()
    client.force_login(organizer(other))
    assert client.get(room(club)).status_code == 403
    assert client.get("/clubs/no-such-club/room/").status_code == 404
    client.force_login(UserFactory())
    assert client.get(room(club)).status_code == 403


@pytest.mark.django_db
def test_it_shows_the_wifi_and_the_clubs_address_never_cached(client: Client, settings):
    settings.SITE_URL = LAN
    club = ClubFactory(name="Bridge Club", wifi_name="Club <Room>", wifi_password=PASSWORD)
    client.force_login(organizer(club))
    response = client.get(room(club))
    page = response.content.decode()
    assert response.status_code == 200
    assert "no-store" in response["Cache-Control"]
    assert "Club &lt;Room&gt;" in page
    assert PASSWORD in page
    assert f"{LAN}/clubs/{club.slug}/" in page
    assert 'aria-label="QR code that joins the Wi-Fi"' in page
    assert 'aria-label="QR code of Tablescore&#x27;s address"' in page
    assert WARNING not in page


@pytest.mark.django_db
def test_an_open_network_has_a_code_without_a_password_and_no_name_no_code(client: Client):
    club = ClubFactory(wifi_name="Open room")
    client.force_login(organizer(club))
    page = client.get(room(club)).content.decode()
    assert "Open network: no password." in page
    assert "wifi-qr" in page
    club.wifi_name = ""
    club.save()
    page = client.get(room(club)).content.decode()
    assert "wifi-qr" not in page
    assert "site-qr" in page
    assert f"/clubs/{club.slug}/settings/" in page  # where to give the Wi-Fi's name


@pytest.mark.django_db
def test_the_password_is_on_no_public_page(client: Client):
    club = ClubFactory(wifi_name="Club", wifi_password=PASSWORD)
    match = make_match(club=club)
    tournament = make_tournament(club=club, entrants=4)
    for url in ("/", club.get_absolute_url(), match.get_absolute_url(), tournament.get_absolute_url()):
        response = client.get(url)
        assert response.status_code == 200, url
        assert PASSWORD not in response.content.decode(), url


@pytest.mark.django_db
def test_the_club_page_and_the_console_link_to_the_room_page(client: Client):
    tournament = make_tournament(entrants=4)
    club = tournament.club
    client.force_login(organizer(club))
    assert room(club) in client.get(club.get_absolute_url()).content.decode()
    assert room(club) in client.get(f"/tournaments/{tournament.pk}/console/").content.decode()
    client.logout()
    assert room(club) not in client.get(club.get_absolute_url()).content.decode()


# -- the warning on the pages that print links ----------------------------------------------------


def link_pages(client: Client) -> list[str]:
    """The console, both kinds of slips, a match's slip and its organizer page, for an organizer."""
    tournament = make_tournament(entrants=4)
    start_round(tournament)
    match = make_match(club=tournament.club)
    client.force_login(organizer(tournament.club))
    return [
        f"/tournaments/{tournament.pk}/console/",
        f"/tournaments/{tournament.pk}/rounds/1/slips/",
        f"/tournaments/{tournament.pk}/tables/slips/",
        f"/matches/{match.pk}/print/",
        f"/matches/{match.pk}/manage/",
        room(tournament.club),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("site", ["http://127.0.0.1:8000", "http://localhost:8765"])
def test_pages_printing_links_to_this_computer_say_so_at_the_top(client: Client, settings, site):
    settings.SITE_URL = site
    host = site.split("//")[1].split(":")[0]
    for url in link_pages(client):
        page = client.get(url).content.decode()
        said = f"{WARNING} ({host}): phones cannot open them. Start Tablescore with bin/run --room."
        assert said in re.sub(r"<[^>]+>", "", page), url
        assert '<code class="command">bin/run --room</code>' in page, url
        body = page.split("<main>", 1)[1]
        assert re.sub(r"\s+", " ", body).lstrip().startswith('<p class="notice loopback-warning'), url


@pytest.mark.django_db
@pytest.mark.parametrize("site", [LAN, "https://scores.example.org"])
def test_pages_printing_links_for_the_room_do_not(client: Client, settings, site):
    settings.SITE_URL = site
    for url in link_pages(client):
        response = client.get(url)
        assert response.status_code == 200, url
        assert WARNING not in response.content.decode(), url


# -- the Wi-Fi in the club's settings --------------------------------------------------------------


@pytest.mark.django_db
def test_the_settings_page_keeps_the_wifi(client: Client):
    club = ClubFactory()
    client.force_login(organizer(club))
    form = {"language": "", "time_zone": "UTC", "wifi_name": "Club room", "wifi_password": " spaced pass "}
    assert client.post(f"/clubs/{club.slug}/settings/", form).status_code == 302
    club.refresh_from_db()
    assert (club.wifi_name, club.wifi_password) == ("Club room", " spaced pass ")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("name", "password", "field", "said"),
    [
        ("Club", "short", "wifi_password", "a Wi-Fi password has 8 to 63 characters"),
        ("", "long enough", "wifi_name", "give the Wi-Fi&#x27;s name with its password"),
        ("é" * 17, "", "wifi_name", "a Wi-Fi name has at most 32 bytes"),
    ],
)
def test_a_wifi_that_cannot_work_is_refused_naming_the_field(client: Client, name, password, field, said):
    club = ClubFactory(wifi_name="Before", wifi_password="before-pass")
    client.force_login(organizer(club))
    form = {"language": "", "time_zone": "UTC", "wifi_name": name, "wifi_password": password}
    response = client.post(f"/clubs/{club.slug}/settings/", form)
    assert response.status_code == 422
    page = response.content.decode()
    assert said in page
    # the error sits in the field it names
    blocks = [block for block in page.split('<div class="field">') if f'id="id_{field}"' in block]
    assert len(blocks) == 1
    assert said in blocks[0]
    club.refresh_from_db()
    assert (club.wifi_name, club.wifi_password) == ("Before", "before-pass")


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_room_page_and_the_warning_speak_the_language(client: Client, language):
    club = ClubFactory(name="Le Cercle", wifi_name="Cercle", wifi_password=PASSWORD)
    client.force_login(organizer(club))
    assert_page_speaks(client.get(room(club), HTTP_ACCEPT_LANGUAGE=language).content.decode(), language)
    club.wifi_name = club.wifi_password = ""
    club.save()
    page = client.get(room(club), HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert_page_speaks(page, language)
    assert "loopback-warning" in page  # the tests' SITE_URL is 127.0.0.1
    settings_page = client.get(f"/clubs/{club.slug}/settings/", HTTP_ACCEPT_LANGUAGE=language)
    assert_page_speaks(settings_page.content.decode(), language)
