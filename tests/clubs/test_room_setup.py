"""The room's first start: the club and its organizer from the environment or the terminal, once;
no admin/admin (``manage.py room_setup``, clubs/setup.py)."""

from __future__ import annotations

import io

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import RequestFactory

from clubs.demo import DEMO_SLUG, load_demo
from clubs.models import Club, ClubRole, StaffRole

pytestmark = pytest.mark.django_db

ANSWERS = {
    "TABLESCORE_CLUB": "Le Trèfle de Namur",
    "TABLESCORE_LANGUAGE": "fr",
    "TABLESCORE_TIME_ZONE": "Europe/Brussels",
    "TABLESCORE_ORGANIZER": "marie",
    "TABLESCORE_ORGANIZER_PASSWORD": "trefle-du-lundi-soir",
}


class Terminal(io.StringIO):
    """What a person types, one answer a line, on a terminal."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def environment(monkeypatch):
    for name in ANSWERS:
        monkeypatch.delenv(name, raising=False)

    def give(**answers: str) -> None:
        for name, value in answers.items():
            monkeypatch.setenv(name, value)

    return give


def signs_in(username: str, password: str) -> bool:
    request = RequestFactory().post("/accounts/login/", REMOTE_ADDR="10.0.0.9")
    return authenticate(request, username=username, password=password) is not None


def run(*arguments: str, typed: str | None = None) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    stdin = Terminal(typed) if typed is not None else io.StringIO()
    call_command("room_setup", *arguments, stdin=stdin, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_an_unattended_start_makes_the_club_and_its_owner_from_the_environment(environment):
    environment(**ANSWERS)

    out, _ = run()

    club = Club.objects.get()
    assert (club.name, club.slug, club.language, club.time_zone) == (
        "Le Trèfle de Namur",
        "le-trefle-de-namur",
        "fr",
        "Europe/Brussels",
    )
    role = StaffRole.objects.get()
    assert (role.club, role.user.username, role.role) == (club, "marie", ClubRole.OWNER)
    assert signs_in("marie", "trefle-du-lundi-soir")
    assert "Club ready: Le Trèfle de Namur" in out


def test_the_next_start_asks_nothing_and_changes_nothing(environment):
    environment(**ANSWERS)
    run()
    environment(TABLESCORE_CLUB="Another club", TABLESCORE_ORGANIZER_PASSWORD="another-long-password")

    out, _ = run()

    assert list(Club.objects.values_list("name", flat=True)) == ["Le Trèfle de Namur"]
    assert signs_in("marie", "trefle-du-lundi-soir")
    assert out.strip() == "Club: Le Trèfle de Namur (/clubs/le-trefle-de-namur/)"


def test_with_no_terminal_it_names_every_variable_still_missing(environment):
    environment(TABLESCORE_CLUB="Le Trèfle", TABLESCORE_LANGUAGE="fr", TABLESCORE_TIME_ZONE="Europe/Paris")

    with pytest.raises(CommandError) as refused:
        run()

    assert "Set TABLESCORE_ORGANIZER, TABLESCORE_ORGANIZER_PASSWORD " in str(refused.value)
    assert "TABLESCORE_CLUB" not in str(refused.value)
    assert not Club.objects.exists()


def test_the_terminal_asks_only_what_is_missing_and_again_after_a_bad_answer(environment):
    environment(TABLESCORE_CLUB="Le Trèfle", TABLESCORE_ORGANIZER="marie")
    typed = "de\nnl\nMars/Olympus\nEurope/Amsterdam\nshort\nshort\nlong-enough-secret\nanother-one-here\n"
    typed += "klaveren-op-maandag\nklaveren-op-maandag\n"

    out, err = run(typed=typed)

    assert "Club name" not in out
    assert "user name" not in out
    assert "language: 'de' is not one of en, fr, nl" in err
    assert "time zone: 'Mars/Olympus' is not a time zone" in err
    assert "password: This password is too short" in err
    assert "the two passwords differ" in err
    club = Club.objects.get()
    assert (club.language, club.time_zone) == ("nl", "Europe/Amsterdam")
    assert signs_in("marie", "klaveren-op-maandag")


def test_the_terminal_offers_english_and_the_machine_s_time_zone_on_enter(environment, settings):
    typed = "De Klaverheer\n\n\njan\njan-speelt-klaverjas\njan-speelt-klaverjas\n"

    out, _ = run(typed=typed)

    assert "First start in the room" in out
    club = Club.objects.get()
    assert club.language == "en"
    assert club.time_zone  # the machine's, or TIME_ZONE when it has none


@pytest.mark.parametrize(
    ("variable", "value", "message"),
    [
        ("TABLESCORE_LANGUAGE", "de", "language: 'de' is not one of en, fr, nl (from the environment)"),
        ("TABLESCORE_TIME_ZONE", "Paris", "time zone: 'Paris' is not a time zone (write it as Europe/Paris)"),
        ("TABLESCORE_ORGANIZER_PASSWORD", "short", "password: This password is too short."),
        ("TABLESCORE_ORGANIZER_PASSWORD", "90817263544", "password: This password is entirely numeric."),
        ("TABLESCORE_ORGANIZER", "marie curie", "organizer: a user name of letters, digits"),
        ("TABLESCORE_CLUB", "  ", "club: give the club's name"),
    ],
)
def test_a_bad_answer_from_the_environment_stops_the_start_naming_it(environment, variable, value, message):
    environment(**{**ANSWERS, variable: value})

    with pytest.raises(CommandError) as refused:
        run()

    assert str(refused.value).startswith(message)
    assert not Club.objects.exists()
    assert not get_user_model().objects.exists()


def test_the_room_has_no_admin_admin_even_with_the_demo(environment):
    load_demo(with_admin=True)
    assert signs_in("admin", "admin")
    environment(**ANSWERS)

    out, _ = run("--demo")

    assert not signs_in("admin", "admin")
    assert "admin/admin sign-in is switched off" in out
    assert Club.objects.filter(slug=DEMO_SLUG).exists()
    assert StaffRole.objects.filter(club__slug=DEMO_SLUG, user__username="marie").exists()


def test_the_demo_club_loads_only_with_demo(environment):
    environment(**ANSWERS)

    run()

    assert not Club.objects.filter(slug=DEMO_SLUG).exists()
    assert not get_user_model().objects.filter(username="admin").exists()


def test_an_account_of_that_name_becomes_the_owner_with_the_new_password(environment):
    get_user_model().objects.create_user("marie", password="an-old-password-here")
    environment(**ANSWERS)

    run()

    assert signs_in("marie", "trefle-du-lundi-soir")
    assert not signs_in("marie", "an-old-password-here")
    assert StaffRole.objects.get().role == ClubRole.OWNER
