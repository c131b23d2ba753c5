"""clubs.services.players: a new player, a member of the club."""

from __future__ import annotations

import pytest

from clubs.models import Membership, Player
from clubs.services.players import player_create
from tests.factories import ClubFactory

pytestmark = pytest.mark.django_db


def test_it_makes_a_player_who_is_a_member_of_the_club():
    club, other = ClubFactory(), ClubFactory()
    player = player_create(club_id=club.pk, name="Ann Smith")
    stored = Player.objects.get(pk=player.pk)
    assert stored.name == "Ann Smith"
    assert list(Membership.objects.filter(player=stored).values_list("club_id", flat=True)) == [club.pk]
    assert not other.players.exists()


def test_it_makes_a_new_player_even_when_the_name_is_taken():
    club = ClubFactory()
    first = player_create(club_id=club.pk, name="Ann")
    second = player_create(club_id=club.pk, name="Ann")
    assert first.pk != second.pk
    assert set(club.players.values_list("pk", flat=True)) == {first.pk, second.pk}
