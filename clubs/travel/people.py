"""The players an arriving evening names, found in the club by name or added to it.

Players are shared between clubs and their ids differ from one Tablescore to another, so an
evening file names them; on import each name is looked up among the club's members the way a
person would read it (case and spaces aside: "ann  smith" is Ann Smith), and a name the club does
not know becomes a new player who joins the club.
"""

from __future__ import annotations

from clubs.models import Player
from clubs.services.players import player_create


def said(name: str) -> str:
    """A name as it is compared: spaces collapsed, case folded."""
    return " ".join(name.split()).casefold()


class ClubPlayers:
    """The club's members by name, read once; ``get`` adds a missing one."""

    def __init__(self, club_id: int) -> None:
        self.club_id = club_id
        self.by_name: dict[str, Player] = {}
        for player in Player.objects.filter(membership__club_id=club_id).order_by("pk"):
            self.by_name.setdefault(said(player.name), player)
        self.created = 0

    def get(self, name: str) -> Player:
        found = self.by_name.get(said(name))
        if found is None:
            found = player_create(club_id=self.club_id, name=" ".join(name.split()))
            self.by_name[said(name)] = found
            self.created += 1
        return found
