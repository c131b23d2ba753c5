"""#28 item 10: times and dates in the club's time zone, and a time-zone list a club reads through.
An evening begun at 00:05 in Amsterdam is that day's evening, not the day before's (in UTC); the
club settings list the zones a club picks (Europe/Amsterdam first among Europe's), not 600 entries
with "Factory" and "US/Pacific"."""

from __future__ import annotations

import datetime

import pytest

from clubs.forms import ClubSettingsForm, time_zone_choices
from tests.factories import ClubFactory
from tests.tournaments.factories import make_tournament
from tournaments.evenings import evening_date

pytestmark = pytest.mark.django_db


def test_an_evening_after_midnight_in_amsterdam_is_that_days(time_machine):
    club = ClubFactory(time_zone="Europe/Amsterdam")
    time_machine.move_to(datetime.datetime(2026, 11, 27, 23, 5, tzinfo=datetime.UTC))  # 00:05 on the 28th

    tournament = make_tournament(club=club)

    assert evening_date(tournament) == datetime.date(2026, 11, 28)


def test_an_evening_in_utc_stays_on_its_utc_day(time_machine):
    club = ClubFactory(time_zone="UTC")
    time_machine.move_to(datetime.datetime(2026, 11, 27, 23, 5, tzinfo=datetime.UTC))

    assert evening_date(make_tournament(club=club)) == datetime.date(2026, 11, 27)


def zones(choices) -> list[str]:
    return [name for _group, items in choices for name, _label in items]


def test_the_list_has_the_zones_a_club_picks_and_none_of_the_legacy_ones():
    choices = time_zone_choices()
    listed = zones(choices)

    assert choices[0][0] == "Europe"
    assert {"Europe/Amsterdam", "Europe/Paris", "Europe/Brussels", "America/Montreal", "UTC"} <= set(listed)
    assert not {"Factory", "US/Pacific", "EST5EDT", "Etc/GMT+3", "GB"} & set(listed)
    assert len(listed) < 500


def test_a_club_keeps_an_odd_zone_it_already_has_on_its_settings_page():
    club = ClubFactory(time_zone="Etc/GMT-1")

    form = ClubSettingsForm(instance=club)

    assert "Etc/GMT-1" in zones(form.fields["time_zone"].choices)
    assert "Etc/GMT-1" not in zones(time_zone_choices())
