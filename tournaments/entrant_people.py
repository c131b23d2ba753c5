"""The players of a tournament's entrants, in the order they were entered ("Émilie Laurent &
François Simon", not by name), and the public pages their names link to. Read through
``tournaments.selectors``.
"""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from clubs import parts
from tournaments.models import Entrant, Tournament


def entrant_players(tournament: Tournament) -> dict[int, list[str]]:
    """The players' names of each entrant that lists them, by entrant id, in the order they were
    entered ("Émilie Laurent & François Simon", not by name: ``models.players_as_entered``)."""
    return names_as_entered(Entrant.players.through.objects.filter(entrant__tournament=tournament))


def people_linked(tournament: Tournament) -> dict[int, list[tuple[str, str | None]]]:
    """Each entrant's players as entered, each with the public page its name links to (``None``
    when the club keeps it private: ``clubs.parts.player_pages``), by entrant id."""
    page = parts.player_pages(tournament.club_id)
    links = Entrant.players.through.objects.filter(entrant__tournament=tournament).order_by("pk")
    found: dict[int, list[tuple[str, str | None]]] = {}
    for entrant, player, name in links.values_list("entrant_id", "player_id", "player__name"):
        found.setdefault(entrant, []).append((name, page(player)))
    return found


def names_as_entered(links: QuerySet[Any]) -> dict[int, list[str]]:
    """The players' names of the entrants of ``links`` (rows of the entrant–player link table), by
    entrant id, in the order the rows were written: the order the players were entered."""
    found: dict[int, list[str]] = {}
    for entrant, name in links.order_by("pk").values_list("entrant_id", "player__name"):
        found.setdefault(entrant, []).append(name)
    return found
