"""Signing in and out happens on the site's own pages; the admin stays at /admin/ for staff."""

import pytest
from django.contrib.auth import get_user_model

pytestmark = pytest.mark.django_db


@pytest.fixture
def organizer():
    return get_user_model().objects.create_user("claire", password="a-good-password")


def test_it_serves_its_own_sign_in_page(client):
    response = client.get("/accounts/login/?next=/tournaments/")

    assert response.status_code == 200
    assert "<h1>Sign in</h1>" in response.text
    assert "Django administration" not in response.text
    assert 'name="next" value="/tournaments/"' in response.text


def test_it_signs_in_and_goes_where_the_visitor_was_going(client, organizer):
    response = client.post(
        "/accounts/login/", {"username": "claire", "password": "a-good-password", "next": "/tournaments/"}
    )

    assert response.status_code == 302
    assert response["Location"] == "/tournaments/"
    assert client.session["_auth_user_id"] == str(organizer.pk)


def test_it_says_why_a_sign_in_failed_and_keeps_the_name(client, organizer):
    response = client.post("/accounts/login/", {"username": "claire", "password": "wrong"})

    assert response.status_code == 200
    assert 'role="alert"' in response.text
    assert "correct username and password" in response.text
    assert 'value="claire"' in response.text
    assert "_auth_user_id" not in client.session


def test_every_page_offers_sign_out_once_signed_in(client, organizer):
    client.force_login(organizer)

    home = client.get("/")

    assert 'action="/accounts/logout/"' in home.text
    assert "Sign in</a>" not in home.text
    assert ">Admin<" not in home.text  # the admin link is for staff only


def test_staff_also_see_the_admin_link(client, organizer):
    organizer.is_staff = True
    organizer.save()
    client.force_login(organizer)

    assert ">Admin<" in client.get("/").text


def test_signing_out_ends_the_session(client, organizer):
    client.force_login(organizer)

    response = client.post("/accounts/logout/")

    assert response.status_code == 302
    assert "_auth_user_id" not in client.session
    assert "Sign in</a>" in client.get("/").text


def test_a_visitor_sees_sign_in_with_the_way_back(client):
    assert 'href="/accounts/login/?next=/tournaments/"' in client.get("/tournaments/").text


def test_it_has_a_favicon(client):
    page = client.get("/")
    assert 'rel="icon"' in page.text

    response = client.get("/favicon.ico")

    assert response.status_code == 302
    assert response["Location"] == "/static/favicon.svg"


def test_it_keeps_a_slow_password_hasher_outside_the_tests():
    """The suite hashes with MD5 for speed (tests/conftest.py); the site itself must not."""
    from django.conf import global_settings

    import tablescore.settings as site

    hashers = getattr(site, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS)
    assert hashers[0] in {
        "django.contrib.auth.hashers.PBKDF2PasswordHasher",
        "django.contrib.auth.hashers.Argon2PasswordHasher",
        "django.contrib.auth.hashers.ScryptPasswordHasher",
    }
