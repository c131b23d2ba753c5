"""Who may do what: organizers manage their club's matches; a table link scores one match.

Reading a scoreboard needs nothing. Writing needs a staff/superuser session, an owner or
organizer role in the match's club, or the match's own table link.
"""

from __future__ import annotations

from typing import Any

from scoring.models import Club, Match, StaffRole


def can_manage(user: Any, club: Club | int) -> bool:
    """Organizers and owners of the club, and staff or superusers everywhere."""
    if user is None or not getattr(user, "is_authenticated", False):
        return False
    if user.is_superuser or user.is_staff:
        return True
    club_id = club if isinstance(club, int) else club.pk
    return StaffRole.objects.filter(club_id=club_id, user=user).exists()


def managed_clubs(user: Any) -> list[Club]:
    """The clubs a user may organize."""
    if user is None or not getattr(user, "is_authenticated", False):
        return []
    if user.is_superuser or user.is_staff:
        return list(Club.objects.all())
    return list(Club.objects.filter(staff__user=user).distinct())


def can_score(user: Any, table_match: Match | None, match: Match) -> bool:
    """Whether a write to ``match`` is allowed: its table link, or an organizer of its club."""
    if table_match is not None and table_match.pk == match.pk:
        return True
    return can_manage(user, match.club_id)
