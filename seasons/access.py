"""Which season or player a request names, and what the viewer may see of a club's players.

Reading a season needs nothing; every change needs an organizer of its club (``clubs.access``).
What the public sees of players is the club's choice and each player's (``selectors.privacy``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from clubs.access import can_manage, get_for_organizer, is_signed_in, one_or_404
from clubs.models import Player
from seasons.models import Season
from seasons.selectors import Privacy, privacy


def season_or_404(pk: int) -> Season:
    return one_or_404(Season.objects.select_related("club"), "season", pk=pk)


def season_for_organizer(user: Any, pk: int) -> Season:
    return get_for_organizer(user, Season.objects.select_related("club"), "season", pk=pk)


def seen_by(user: Any) -> Callable[[int], Privacy]:
    """What ``user`` sees of each club's players (an organizer of the club: everything)."""
    return lambda club_id: privacy(club_id, organizer=can_manage(user, club_id))


def may_hide(user: Any, player: Player, club_id: int) -> bool:
    """The player's own account, or an organizer of the club, may hide the player."""
    return can_manage(user, club_id) or (is_signed_in(user) and player.user_id == user.pk)
