"""The room page (#22) on the projector, a phone and paper: each QR code read by a camera (zxing-cpp
off the page's own drawing) gives the Wi-Fi to join and the club's address on the room's network;
nothing overlaps at 360 px and at 1280 px; it prints on one A4 page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in, snap
from tests.browser.test_offline_outbox import scanned
from tests.factories import ClubFactory, organizer
from tests.scoring.test_room import wifi_fields
from tests.tournaments.factories import make_tournament, start_round

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/room-shots")
LAN = "http://192.168.1.20:8000"
NAME = 'Bridge "Salle" 2;4'
PASSWORD = "trump:no,trump\\1"


def test_its_codes_join_the_wifi_and_open_the_clubs_page_and_it_prints_on_one_page(
    browser, live_server, settings
):
    settings.SITE_URL = LAN
    club = ClubFactory(name="Bridge Club de Namur", slug="namur", wifi_name=NAME, wifi_password=PASSWORD)
    user = organizer(club)
    problems: list[str] = []
    for size, name in ((PHONE, "360"), (LAPTOP, "1280")):
        page = screen(browser, size, scheme="light" if name == "1280" else "dark")
        sign_in(page, live_server.url, user.username, "a-good-password")
        page.goto(f"{live_server.url}/clubs/namur/room/")
        problems += looked_at(page, SHOTS, f"room-{name}")
        assert wifi_fields(scanned(page.locator("#room-wifi svg"))) == {"T": "WPA", "S": NAME, "P": PASSWORD}
        assert scanned(page.locator("#room-site svg")) == f"{LAN}/clubs/namur/"
        assert page.inner_text(".room-address") == f"{LAN}/clubs/namur/"
        assert page.locator("#loopback-warning").count() == 0
        page.context.close()
    assert problems == []

    page = screen(browser, LAPTOP, scheme="light")
    sign_in(page, live_server.url, user.username, "a-good-password")
    page.goto(f"{live_server.url}/clubs/namur/room/")
    page.emulate_media(media="print")
    snap(page, SHOTS, "room-print")
    pdf = page.pdf(path=str(SHOTS / "room-print.pdf"), format="A4", prefer_css_page_size=True)
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1
    page.context.close()


def test_while_the_links_point_at_this_computer_it_says_so_first(browser, live_server, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    club = ClubFactory(slug="local")
    user = organizer(club)
    page = screen(browser, PHONE)
    sign_in(page, live_server.url, user.username, "a-good-password")
    page.goto(f"{live_server.url}/clubs/local/room/")
    warning = page.locator("#loopback-warning")
    assert "phones cannot open them" in warning.inner_text()
    assert warning.bounding_box()["y"] < page.locator("h1").bounding_box()["y"]
    assert warning.is_visible()
    assert looked_at(page, SHOTS, "room-loopback-360") == []
    page.context.close()


def test_the_console_and_the_slips_warn_first_at_both_sizes(browser, live_server, settings):
    settings.SITE_URL = "http://127.0.0.1:8000"
    tournament = make_tournament(name="Tuesday pairs", entrants=4)
    start_round(tournament)
    user = organizer(tournament.club)
    problems: list[str] = []
    for size, name in ((PHONE, "360"), (LAPTOP, "1280")):
        page = screen(browser, size)
        sign_in(page, live_server.url, user.username, "a-good-password")
        for what, path in (
            ("console", f"/tournaments/{tournament.pk}/console/"),
            ("slips", f"/tournaments/{tournament.pk}/rounds/1/slips/"),
            ("table-slips", f"/tournaments/{tournament.pk}/tables/slips/"),
        ):
            page.goto(live_server.url + path)
            warning = page.locator("#loopback-warning")
            assert warning.is_visible(), what
            assert "(127.0.0.1)" in warning.inner_text(), what
            first = page.locator("main > *:visible").first
            assert first.get_attribute("id") == "loopback-warning", what
            problems += looked_at(page, SHOTS, f"{what}-loopback-{name}")
        page.goto(f"{live_server.url}/clubs/{tournament.club.slug}/settings/")  # where the Wi-Fi is given
        problems += looked_at(page, SHOTS, f"settings-{name}")
        page.context.close()
    assert problems == []
