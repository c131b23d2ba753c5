"""A player made for a club: a new ``Player`` and the ``Membership`` that puts it in the club.

Its own module because the players are the clubs app's, and more than one edge meets a name the
club does not know: an arriving evening file (``clubs.travel.people``) adds the player here. The
caller has looked the name up among the club's members first; this only writes.
"""

from __future__ import annotations

from django.db import transaction

from clubs.models import Membership, Player


def player_create(*, club_id: int, name: str) -> Player:
    """A new player named ``name`` (as given: the caller tidies it), a member of club ``club_id``;
    both rows or neither."""
    with transaction.atomic():
        player = Player.objects.create(name=name)
        Membership.objects.create(club_id=club_id, player=player)
    return player
