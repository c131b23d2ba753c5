"""A club onboards itself in Chromium, no admin: the operator makes it on a laptop, its first owner
opens the link on a 360 px phone in French, makes an account and invites an organizer, whose
phone joins with the QR code's link; a used link says so. Layout checker and axe find nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clubs.models import Club, ClubRole, StaffRole
from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in
from tests.factories import UserFactory
from tests.tournaments.factories import make_tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/tablescore-onboarding")


def make_account(page: Any, name: str, username: str) -> None:
    page.fill("input[name=display_name]", name)
    page.fill("input[name=username]", username)
    page.fill("input[name=password1]", "un-bon-mot-de-passe")
    page.fill("input[name=password2]", "un-bon-mot-de-passe")
    page.locator("form.accept button[type=submit]").click()
    page.wait_for_load_state()


def test_a_club_is_made_invited_and_joined_on_phones_in_french(live_server, browser: Any, settings):
    settings.SITE_URL = live_server.url  # the address the links and QR codes carry
    UserFactory(username="operator", is_superuser=True, is_staff=True)
    problems: list[str] = []

    laptop = screen(browser, LAPTOP, locale="en-GB", scheme="light")
    sign_in(laptop, live_server.url, "operator", "a-good-password")
    laptop.goto(live_server.url + "/")
    laptop.get_by_role("link", name="New club").click()
    laptop.fill("input[name=name]", "Les As de Liège")
    laptop.select_option("select[name=language]", "fr")
    laptop.select_option("select[name=time_zone]", "Europe/Brussels")
    problems += looked_at(laptop, SHOTS, "new-club-laptop")
    laptop.locator("form.club-new button[type=submit]").click()
    laptop.wait_for_load_state()
    owner_link = laptop.locator("#invitation-link").input_value()
    assert owner_link.startswith(live_server.url + "/invite/")
    assert laptop.locator(".qr-box svg[role=img]").count() == 1
    problems += looked_at(laptop, SHOTS, "owner-link-laptop")

    phone = screen(browser, PHONE, locale="fr-FR")
    phone.goto(owner_link)
    assert phone.locator("h1").inner_text() == "Rejoindre l'équipe d'un club"
    problems += looked_at(phone, SHOTS, "accept-phone-fr")
    make_account(phone, "Marie Dupont", "marie")
    assert "Vous faites maintenant partie de l'équipe de ce club" in phone.locator(".messages").inner_text()
    club = Club.objects.get(name="Les As de Liège")
    assert StaffRole.objects.get(club=club, user__username="marie").role == ClubRole.OWNER
    problems += looked_at(phone, SHOTS, "joined-phone-fr")

    phone.goto(f"{live_server.url}/clubs/{club.slug}/staff/")
    phone.locator("input[name=role][value=organizer]").check()
    problems += looked_at(phone, SHOTS, "staff-phone-fr")
    phone.locator("form.invite button[type=submit]").click()
    phone.wait_for_load_state()
    organizer_link = phone.locator("#invitation-link").input_value()
    assert phone.locator(".qr-box svg[role=img]").count() == 1
    problems += looked_at(phone, SHOTS, "organizer-link-phone-fr")
    phone.goto(f"{live_server.url}/clubs/{club.slug}/staff/")
    assert phone.locator(".cards.invitations li form").count() == 1
    problems += looked_at(phone, SHOTS, "staff-pending-phone-fr")

    second = screen(browser, PHONE, locale="fr-FR", scheme="light")
    second.goto(organizer_link)
    make_account(second, "Paul Martin", "paul")
    assert StaffRole.objects.get(club=club, user__username="paul").role == ClubRole.ORGANIZER
    second.goto(organizer_link)
    assert "a déjà été utilisé" in second.locator("main, body").first.inner_text()
    problems += looked_at(second, SHOTS, "used-link-phone-fr")

    phone.goto(f"{live_server.url}/clubs/{club.slug}/staff/")
    assert phone.locator(".cards.staff li").count() == 2
    problems += looked_at(phone, SHOTS, "staff-two-phone-fr")
    laptop.goto(f"{live_server.url}/clubs/{club.slug}/staff/")
    assert laptop.locator(".cards.staff li").count() == 2
    problems += looked_at(laptop, SHOTS, "staff-laptop")

    make_tournament(club=club, name="Soirée belote du vendredi")
    phone.goto(live_server.url + "/")
    assert "Soirée belote du vendredi" in phone.locator(".club-list").inner_text()
    problems += looked_at(phone, SHOTS, "home-phone-fr")
    assert problems == []
    for page in (laptop, phone, second):
        page.close()
