"""The demo club: a club, a dozen members, an admin account if asked, and every app's share.

Idempotent: running it twice leaves the same data. Used by ``manage.py demo`` (the run command) so
a newcomer sees something real at once. The club and its people are made by
``clubs.services.demo``; then each app adds its part (``clubs.parts``): the scoring app matches in
progress, the tournaments app two events.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from clubs.models import Club
from clubs.parts import club_parts
from clubs.services.demo import demo_club_ensure

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
        club = demo_club_ensure(slug=DEMO_SLUG, name="Demo Card Club", players=PLAYERS, with_admin=with_admin)
        parts = tuple(part.demo(club) for part in club_parts() if part.demo is not None)
    return Demo(club=club, parts=parts)
