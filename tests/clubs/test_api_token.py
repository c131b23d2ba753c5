"""#28: an organizer gets an API token for scripts on a page of their own (no staff, no admin):
made, replaced (the old one stops working at once) and removed; nobody else gets one."""

from __future__ import annotations

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.factories import ClubFactory, UserFactory, organizer

pytestmark = pytest.mark.django_db
PAGE = "/accounts/api-token/"


def creates_a_match(key: str) -> int:
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return api.post("/api/matches/", {"game": "tally", "sides": ["Ann", "Bob"]}, format="json").status_code


def test_an_organizer_makes_a_token_that_a_script_then_uses(client):
    boss = organizer(ClubFactory())
    client.force_login(boss)
    assert "You have no API token yet." in client.get(PAGE).text

    made = client.post(PAGE, {"action": "issue"}, follow=True)

    key = Token.objects.get(user=boss).key
    assert key in made.text
    assert "Authorization: Token" in made.text
    assert creates_a_match(key) == 201


def test_replacing_the_token_cuts_the_old_one_off(client):
    boss = organizer(ClubFactory())
    client.force_login(boss)
    client.post(PAGE, {"action": "issue"})
    old = Token.objects.get(user=boss).key

    replaced = client.post(PAGE, {"action": "issue"}, follow=True)

    new = Token.objects.get(user=boss).key
    assert new != old
    assert "the one before it no longer works" in replaced.text
    assert creates_a_match(old) == 401
    assert creates_a_match(new) == 201


def test_removing_the_token_refuses_its_scripts(client):
    boss = organizer(ClubFactory())
    client.force_login(boss)
    client.post(PAGE, {"action": "issue"})
    key = Token.objects.get(user=boss).key

    client.post(PAGE, {"action": "remove"})

    assert not Token.objects.filter(user=boss).exists()
    assert creates_a_match(key) == 401


def test_only_an_organizer_has_the_page(client):
    assert client.get(PAGE).status_code == 302  # to the sign-in page
    client.force_login(UserFactory())  # signed in, organizes no club
    assert client.get(PAGE).status_code == 403
    assert client.post(PAGE, {"action": "issue"}).status_code == 403
    assert not Token.objects.exists()


def test_the_club_page_links_its_organizers_to_it(client):
    club = ClubFactory()
    assert PAGE not in client.get(f"/clubs/{club.slug}/").text
    client.force_login(organizer(club))
    assert PAGE in client.get(f"/clubs/{club.slug}/").text
