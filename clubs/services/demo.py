"""The demo club's own rows (``clubs.demo``): the club, its dozen members and, if asked, the
superuser ``admin`` (password ``admin``) as its owner.

Idempotent, as the demo is: each row is made only when it is not there, so a second run of the run
command changes nothing. Each app's part of the demo is added afterwards through its own services.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth import get_user_model

from clubs.models import Club, ClubRole, Membership, Player, StaffRole


def demo_club_ensure(*, slug: str, name: str, players: Sequence[str], with_admin: bool) -> Club:
    """The club ``slug`` with ``players`` as members (and the admin as its owner), made where
    missing; the caller holds the transaction."""
    club, _ = Club.objects.get_or_create(slug=slug, defaults={"name": name})
    for player_name in players:
        player, _ = Player.objects.get_or_create(name=player_name)
        Membership.objects.get_or_create(club=club, player=player)
    if with_admin:
        user_model = get_user_model()
        admin = user_model.objects.filter(username="admin").first()
        if admin is None:
            admin = user_model.objects.create_superuser("admin", "admin@example.invalid", "admin")
        StaffRole.objects.get_or_create(club=club, user=admin, defaults={"role": ClubRole.OWNER})
    return club
