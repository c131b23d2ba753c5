"""The demo club: the club and its people, then each app's part, idempotent."""

import io

import pytest
from django.core.management import call_command

from clubs.demo import PLAYERS, load_demo
from clubs.models import Club, Player, StaffRole
from clubs.parts import club_parts
from scoring.models import Match
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


def test_the_demo_is_idempotent():
    load_demo(with_admin=True)
    counts = (Club.objects.count(), Player.objects.count(), Match.objects.count())
    load_demo(with_admin=True)
    assert (Club.objects.count(), Player.objects.count(), Match.objects.count()) == counts
    assert Player.objects.count() == 33  # 12 members, 12 more in the Coinche Swiss, 9 in the Klaverjas season
    assert sorted(set(Tournament.objects.values_list("game_key", "format"))) == [
        ("coinche", "swiss"),
        ("jam", "single-elimination"),
        ("klaverjas", "individual"),
    ]


def test_each_app_adds_its_part_bottom_app_first():
    demo = load_demo(with_admin=False)

    assert [part.app for part in club_parts() if part.demo] == ["scoring", "tournaments", "seasons"]
    assert demo.parts == ("4 matches", "2 tournaments", "a season of 5 evenings")
    assert set(PLAYERS) <= set(demo.club.players.values_list("name", flat=True))
    assert not StaffRole.objects.exists()  # no admin account unless asked


def test_the_command_says_what_it_loaded_and_makes_the_admin_when_asked():
    out = io.StringIO()

    call_command("demo", admin=True, stdout=out)

    assert (
        out.getvalue().strip()
        == "Demo club ready: Demo Card Club (4 matches, 2 tournaments, a season of 5 evenings)"
    )
    assert StaffRole.objects.get().user.username == "admin"
