"""Who may organize a club, which club an organizer acts for, and who the audit trail names."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.test import RequestFactory

from clubs.access import (
    Actor,
    SignInRequired,
    actor_for,
    can_manage,
    club_for_organizer,
    get_for_organizer,
    is_signed_in,
    managed_clubs,
    one_or_404,
    require_organizer,
)
from clubs.errors import InvalidEntry
from clubs.models import Club
from scoring.models import Match
from tests.factories import ClubFactory, UserFactory, make_match, organizer

pytestmark = pytest.mark.django_db


def request_by(user, address="192.0.2.5"):
    request = RequestFactory().post("/", REMOTE_ADDR=address)
    request.user = user
    return request


# -- organizing --------------------------------------------------------------------------------


def test_it_lets_organizers_and_staff_manage_and_no_one_else():
    club = ClubFactory()
    boss = organizer(club)
    staff = UserFactory(is_staff=True)

    assert can_manage(boss, club)
    assert can_manage(boss, club.pk)
    assert not can_manage(boss, ClubFactory())
    assert can_manage(staff, club)
    assert not can_manage(UserFactory(), club)
    assert not can_manage(AnonymousUser(), club)
    assert not can_manage(None, club)


def test_it_lists_the_clubs_a_user_organizes():
    north, south = ClubFactory(), ClubFactory()
    boss = organizer(north)

    assert managed_clubs(boss) == [north]
    assert set(managed_clubs(UserFactory(is_superuser=True))) == {north, south}
    assert managed_clubs(AnonymousUser()) == []


def test_it_refuses_anyone_but_an_organizer():
    club = ClubFactory()

    require_organizer(organizer(club), club)
    with pytest.raises(SignInRequired):
        require_organizer(AnonymousUser(), club)
    with pytest.raises(PermissionDenied, match="only the club's owners and organizers"):
        require_organizer(UserFactory(), club.pk)


def test_it_picks_the_club_an_organizer_names_or_their_only_one():
    north, south = ClubFactory(slug="north"), ClubFactory(slug="south")
    boss = organizer(north)

    assert club_for_organizer(boss, None) == north
    assert club_for_organizer(boss, "north") == north
    with pytest.raises(PermissionDenied, match="you do not organize a club 'south'"):
        club_for_organizer(boss, "south")
    organizer(south, user=boss)
    with pytest.raises(InvalidEntry, match="say which club") as caught:
        club_for_organizer(boss, None)
    assert caught.value.field == "club"
    with pytest.raises(PermissionDenied, match="you do not organize any club"):
        club_for_organizer(UserFactory(), None)
    with pytest.raises(SignInRequired):
        club_for_organizer(AnonymousUser(), "north")


def test_it_finds_a_row_or_answers_404_naming_what_is_missing():
    match = make_match()

    assert one_or_404(Match.objects.all(), "match", pk=match.pk) == match
    with pytest.raises(Http404, match="no such match"):
        one_or_404(Match.objects.all(), "match", pk=match.pk + 1)


def test_it_finds_a_row_for_an_organizer_of_its_club_only():
    match = make_match()
    boss = organizer(match.club)

    assert get_for_organizer(boss, Match.objects.all(), "match", pk=match.pk) == match
    assert get_for_organizer(boss, Club.objects.all(), "club", slug=match.club.slug) == match.club
    with pytest.raises(Http404):
        get_for_organizer(boss, Match.objects.all(), "match", pk=match.pk + 1)
    with pytest.raises(SignInRequired):
        get_for_organizer(AnonymousUser(), Match.objects.all(), "match", pk=match.pk)
    with pytest.raises(PermissionDenied):
        get_for_organizer(organizer(), Club.objects.all(), "club", slug=match.club.slug)


# -- who writes ---------------------------------------------------------------------------------


def test_it_names_a_signed_in_user_and_where_they_write_from():
    boss = organizer()

    assert actor_for(request_by(boss)) == Actor(label=boss.username, user=boss, ip="192.0.2.5")


def test_it_names_the_table_link_when_nobody_is_signed_in():
    actor = actor_for(request_by(AnonymousUser()))

    assert actor == Actor(label="table link", ip="192.0.2.5", via_table_link=True)
    assert actor.account is None


def test_through_a_table_link_it_names_an_organizer_of_that_club_and_no_other_user():
    club = ClubFactory()
    boss, stranger = organizer(club), organizer()

    by_boss = actor_for(request_by(boss), table_link_club=club.pk)
    by_stranger = actor_for(request_by(stranger), table_link_club=club.pk)

    assert by_boss == Actor(label=boss.username, user=boss, ip="192.0.2.5", via_table_link=True)
    assert by_boss.account == boss
    assert by_stranger == Actor(label="table link", ip="192.0.2.5", via_table_link=True)


def test_only_a_signed_in_account_is_stored_as_the_author():
    assert is_signed_in(UserFactory())
    assert not is_signed_in(AnonymousUser())
    assert not is_signed_in(None)
    assert Actor(label="phone", user=AnonymousUser()).account is None
    assert Actor(label="demo data").account is None
