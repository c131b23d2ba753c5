"""Repeated failed sign-ins are paused per address and per account, with a page that says so in the
reader's language (django-axes; ``SIGNIN_FAILURE_LIMIT``, ``SIGNIN_COOLOFF_MINUTES``)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db

PASSWORD = "a-good-password"


@pytest.fixture(autouse=True)
def _limit(settings):
    settings.AXES_FAILURE_LIMIT = 3


@pytest.fixture
def claire():
    return get_user_model().objects.create_user("claire", password=PASSWORD)


def sign_in(client, username: str, password: str, address: str, **headers: str):
    return client.post(
        "/accounts/login/", {"username": username, "password": password}, REMOTE_ADDR=address, **headers
    )


def test_an_address_is_paused_after_the_limit_whatever_account_it_tries(client, claire):
    for name in ("ann", "bob"):
        assert sign_in(client, name, "guess", "10.0.0.5").status_code == 200
    assert sign_in(client, "cy", "guess", "10.0.0.5").status_code == 429  # the third failure

    refused = sign_in(client, "claire", PASSWORD, "10.0.0.5")

    assert refused.status_code == 429
    assert "<h1>Sign-in paused</h1>" in refused.text
    assert "Try again in 10 minutes" in refused.text
    assert "_auth_user_id" not in client.session
    assert sign_in(client, "claire", PASSWORD, "10.0.0.6").status_code == 302  # another phone


def test_an_account_is_paused_after_the_limit_whatever_address_tries(client, claire):
    for address in ("10.0.0.5", "10.0.0.6"):
        assert sign_in(client, "claire", "guess", address).status_code == 200
    assert sign_in(client, "claire", "guess", "10.0.0.7").status_code == 429

    refused = sign_in(client, "claire", PASSWORD, "10.0.0.8")

    assert refused.status_code == 429
    assert "_auth_user_id" not in client.session
    assert sign_in(client, "bob", "guess", "10.0.0.8").status_code == 200  # that address may still try


def test_a_success_before_the_limit_clears_the_count(client, claire):
    for _ in range(2):
        sign_in(client, "claire", "guess", "10.0.0.5")
    assert sign_in(client, "claire", PASSWORD, "10.0.0.5").status_code == 302
    client.logout()

    for _ in range(2):
        assert sign_in(client, "claire", "guess", "10.0.0.5").status_code == 200
    assert sign_in(client, "claire", PASSWORD, "10.0.0.5").status_code == 302


@pytest.mark.parametrize(
    ("language", "words"),
    [("fr", "Connexion suspendue"), ("nl", "Aanmelden gepauzeerd")],
)
def test_the_pause_is_said_in_the_reader_s_language(client, claire, language, words):
    for _ in range(3):
        sign_in(client, "claire", "guess", "10.0.0.5")

    refused = sign_in(client, "claire", PASSWORD, "10.0.0.5", HTTP_ACCEPT_LANGUAGE=language)

    assert refused.status_code == 429
    assert words in refused.text
    assert "Try again" not in refused.text


def test_the_admin_s_sign_in_is_paused_the_same_way(client, claire):
    for _ in range(3):
        client.post("/admin/login/", {"username": "claire", "password": "guess"}, REMOTE_ADDR="10.0.0.5")

    assert sign_in(client, "claire", PASSWORD, "10.0.0.5").status_code == 429
