"""clubs.services.club_settings: the settings page's four columns saved, by the club's staff only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied

from clubs.access import SignInRequired
from clubs.models import Club
from clubs.services.club_settings import club_settings_update
from tests.factories import ClubFactory, UserFactory, organizer

pytestmark = pytest.mark.django_db

SETTINGS = {
    "language": "nl",
    "time_zone": "Europe/Amsterdam",
    "wifi_name": "Room",
    "wifi_password": "s3cret pass",
}


def test_it_saves_the_four_settings_and_returns_the_club_as_saved():
    club = ClubFactory(language="fr", time_zone="UTC")
    saved = club_settings_update(club=club, by=organizer(club), **SETTINGS)
    assert (saved.pk, saved.language, saved.time_zone, saved.wifi_name, saved.wifi_password) == (
        club.pk,
        *SETTINGS.values(),
    )
    stored = Club.objects.get(pk=club.pk)
    assert (stored.language, stored.time_zone, stored.wifi_name, stored.wifi_password) == tuple(
        SETTINGS.values()
    )


def test_it_leaves_the_other_columns_as_they_are_in_the_database():
    club = ClubFactory(name="Old name")
    Club.objects.filter(pk=club.pk).update(name="Renamed meanwhile")
    club_settings_update(club=club, by=organizer(club), **SETTINGS)
    assert Club.objects.get(pk=club.pk).name == "Renamed meanwhile"


def test_it_clears_a_setting_given_blank():
    club = ClubFactory(language="fr", wifi_name="Room", wifi_password="pass")
    club_settings_update(
        club=club, by=organizer(club), language="", time_zone="UTC", wifi_name="", wifi_password=""
    )
    club.refresh_from_db()
    assert (club.language, club.wifi_name, club.wifi_password) == ("", "", "")


def test_it_refuses_anyone_but_the_clubs_staff():
    club = ClubFactory(language="fr")
    with pytest.raises(SignInRequired):
        club_settings_update(club=club, by=AnonymousUser(), **SETTINGS)
    with pytest.raises(PermissionDenied):
        club_settings_update(club=club, by=UserFactory(), **SETTINGS)
    with pytest.raises(PermissionDenied):
        club_settings_update(club=club, by=organizer(ClubFactory()), **SETTINGS)
    club.refresh_from_db()
    assert (club.language, club.wifi_name) == ("fr", "")
