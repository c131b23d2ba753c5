"""The demo club: a club, a dozen members, an admin account if asked, and every app's share.

Idempotent: running it twice leaves the same data. Used by ``manage.py demo`` (the run command) so
a newcomer sees something real at once. The club and its people are made here; then each app adds
its part (``clubs.parts``): the scoring app matches in progress, the tournaments app two events.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction

from clubs.models import Club, ClubRole, Membership, Player, StaffRole
from clubs.parts import club_parts

DEMO_SLUG = "demo"
PLAYERS = ("Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal", "Ida", "Jo", "Kit", "Lou")


@dataclass(frozen=True)
class Demo:
    """The demo club, and what each app's part says it holds ("4 matches", "2 tournaments")."""

    club: Club
    parts: tuple[str, ...]


def load_demo(*, with_admin: bool) -> Demo:
    """Create the demo club, its members (and the superuser admin/admin) and every app's part,
    unless they exist."""
    with transaction.atomic():
        club, _ = Club.objects.get_or_create(slug=DEMO_SLUG, defaults={"name": "Demo Card Club"})
        for name in PLAYERS:
            player, _ = Player.objects.get_or_create(name=name)
            Membership.objects.get_or_create(club=club, player=player)
        if with_admin:
            user_model = get_user_model()
            admin = user_model.objects.filter(username="admin").first()
            if admin is None:
                admin = user_model.objects.create_superuser("admin", "admin@example.invalid", "admin")
            StaffRole.objects.get_or_create(club=club, user=admin, defaults={"role": ClubRole.OWNER})
        parts = tuple(part.demo(club) for part in club_parts() if part.demo is not None)
    return Demo(club=club, parts=parts)
