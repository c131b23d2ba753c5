"""Reads of a player's page: every match and evening played, partners and opponents, results,
season places and ratings, over the clubs whose privacy lets the viewer see them.

A player is a person known across clubs; each club decides what the public sees of its players
(``selectors.privacy``). Partners and opponents who asked to be hidden are "A player".

What this module does not do: write, or shape the API's document (``documents``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date

from clubs.models import Club, Player
from clubs.names import name_key
from seasons.models import Season, SeasonEvening
from seasons.selectors import HIDDEN_NAME, Privacy, RatingView, player_ratings
from tournaments.blind_finish import public_standings, veil_of
from tournaments.evenings import PlayedTable, played_tables
from tournaments.models import Entrant


@dataclass(frozen=True)
class MatchLine:
    """A table the player sat at: when, where, with whom, against whom, and how it went."""

    day: date
    club: str
    tournament: int
    evening: str
    round: int
    partners: tuple[str, ...]
    opponents: tuple[str, ...]
    outcome: str
    points: int
    against: int
    match: int | None


@dataclass(frozen=True)
class EveningLine:
    """An evening the player played: tables, wins, own points, place."""

    tournament: int
    name: str
    day: date
    tables: int
    wins: int
    points: int
    place: str


@dataclass(frozen=True)
class SeasonPlace:
    season: Season
    rank: int | None
    total: float
    evenings: int


@dataclass
class PlayerView:
    """Everything a player's page shows."""

    player: Player
    clubs: list[Club] = field(default_factory=list)
    ratings: list[RatingView] = field(default_factory=list)
    matches: list[MatchLine] = field(default_factory=list)
    evenings: list[EveningLine] = field(default_factory=list)
    partners: list[tuple[str, int]] = field(default_factory=list)
    opponents: list[tuple[str, int]] = field(default_factory=list)
    seasons: list[SeasonPlace] = field(default_factory=list)


def player_view(player: Player, seen_at: Callable[[int], Privacy]) -> PlayerView | None:
    """The page of ``player`` for a viewer who sees each club as ``seen_at(club_id)`` says;
    ``None`` when no club of the player lets the viewer see them."""
    view = PlayerView(player)
    partners: Counter[str] = Counter()
    opponents: Counter[str] = Counter()
    for club in sorted(player.clubs.all(), key=lambda c: name_key(c.name)):
        seen = seen_at(club.pk)
        if not seen.lists(player.pk):
            continue
        view.clubs.append(club)
        view.ratings += player_ratings(club.pk, player.pk)
        tables = played_tables(club_id=club.pk, player=player.pk, closed=False)
        names = _names(tables, seen)
        for table in tables:
            line = _line(club, table, player.pk, names)
            view.matches.append(line)
            partners.update(line.partners)
            opponents.update(line.opponents)
        view.evenings += _evenings(player.pk, [m for m in view.matches if m.club == club.name])
        view.seasons += _season_places(club, player.pk)
    if not view.clubs:
        return None
    days = dict(
        SeasonEvening.objects.filter(tournament_id__in={m.tournament for m in view.matches}).values_list(
            "tournament_id", "day"
        )
    )
    view.matches = [replace(m, day=days.get(m.tournament, m.day)) for m in view.matches]
    view.evenings = [replace(e, day=days.get(e.tournament, e.day)) for e in view.evenings]
    view.matches.sort(key=lambda m: (m.day, m.tournament, m.round), reverse=True)
    view.evenings.sort(key=lambda e: (e.day, e.tournament), reverse=True)
    view.partners = partners.most_common()
    view.opponents = opponents.most_common()
    return view


def _names(tables: list[PlayedTable], seen: Privacy) -> dict[int, str]:
    ids = {p for t in tables for side in t.sides for p in side}
    found = dict(Player.objects.filter(pk__in=ids).values_list("pk", "name"))
    return {p: name if seen.shows(p) else str(HIDDEN_NAME) for p, name in found.items()}


def _line(club: Club, table: PlayedTable, player: int, names: dict[int, str]) -> MatchLine:
    mine = next(i for i, side in enumerate(table.sides) if player in side)
    others = [i for i in range(len(table.sides)) if i != mine]
    return MatchLine(
        day=table.day,
        club=club.name,
        tournament=table.tournament,
        evening=table.evening,
        round=table.round,
        partners=tuple(names.get(p, "") for p in table.sides[mine] if p != player),
        opponents=tuple(names.get(p, "") for i in others for p in table.sides[i]),
        outcome=table.outcomes[mine],
        points=table.points[mine],
        against=max((table.points[i] for i in others), default=0),
        match=table.match,
    )


def _evenings(player: int, lines: list[MatchLine]) -> list[EveningLine]:
    by_evening: dict[int, list[MatchLine]] = {}
    for line in lines:
        by_evening.setdefault(line.tournament, []).append(line)
    places = _places(player, set(by_evening))
    return [
        EveningLine(
            tournament=tournament,
            name=found[0].evening,
            day=found[0].day,
            tables=len(found),
            wins=sum(1 for m in found if m.outcome == "win"),
            points=sum(m.points for m in found),
            place=places.get(tournament, ""),
        )
        for tournament, found in by_evening.items()
    ]


def _places(player: int, tournaments: set[int]) -> dict[int, str]:
    """The player's place in each tournament's stored standings (a blind finish's, as the public
    sees them until the reveal: ``tournaments.blind_finish``)."""
    out = {}
    for entrant in Entrant.objects.filter(players=player, tournament_id__in=tournaments).select_related(
        "tournament"
    ):
        event = entrant.tournament
        rows = public_standings(event, veil_of(event)).rows
        rank = next((row.rank for row in rows if row.entrant == entrant.pk), "")
        out[entrant.tournament_id] = rank
    return out


def _season_places(club: Club, player: int) -> list[SeasonPlace]:
    out = []
    for season in Season.objects.filter(club=club):
        row = next((r for r in season.table.get("rows", []) if r["player"] == player), None)
        if row is not None:
            out.append(SeasonPlace(season, row["rank"], row["total"], row["evenings"]))
    return out
