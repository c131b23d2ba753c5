"""Reads of the seasons app: a season's evenings and their results as the pure table reads them,
the season table as stored (with names, and with hidden players left out of public views), the
rated matches of a club's game family, and who the public may see.

Evenings' results come from the tournaments app (``tournaments.evenings``), which says per player
what each evening gave and whether it is final.

What this module does not do: write (``seasons.services``) or shape a page (views, documents).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.utils.translation import gettext_lazy

from clubs.models import Club, Player
from clubs.names import name_key
from games import GAMES
from seasons import wording
from seasons.competition.rule import rule_from_data
from seasons.competition.table import Evening, Score
from seasons.models import ClubPreferences, PlayerPrivacy, Rating, Season, SeasonEvening
from seasons.rating.engine import RatedMatch, provisional, ranks_from_results, shown
from seasons.rating.engine import Rating as RatingValue
from tournaments.evenings import evening_is_final, evening_results, played_tables


def family_games(family: str) -> tuple[str, ...]:
    """The game keys rated under ``family``."""
    return tuple(key for key, cls in GAMES.items() if cls.rating_family() == family)


def family_of(game_key: str) -> str:
    """The rating family of a game key (the key itself for a game not known)."""
    cls = GAMES.get(game_key)
    return cls.rating_family() if cls is not None else game_key


# -- seasons --------------------------------------------------------------------------------------


def season_inputs(season: Season) -> tuple[list[Evening], list[Score]]:
    """The season's evenings and every player's result of each, for :func:`season_table`."""
    evenings, scores = [], []
    for attached in season.evenings.select_related("tournament"):
        tournament = attached.tournament
        evenings.append(Evening(tournament.pk, attached.day, tournament.name, evening_is_final(tournament)))
        scores += [
            Score(tournament.pk, r.player, r.points, r.match_points, r.place)
            for r in evening_results(tournament)
        ]
    return evenings, scores


def season_rule_summary(season: Season) -> str:
    return wording.rule_summary(rule_from_data(season.rule))


@dataclass(frozen=True)
class Privacy:
    """What a viewer may see of a club's players. An organizer sees everything. The public sees
    player pages, ratings and the lists of players only when the club says so
    (``ClubPreferences.players_public``), and never a player who asked to be hidden: in a season
    table such a player keeps the place, without a name."""

    everyone: bool
    hidden: frozenset[int]
    players_public: bool

    @property
    def pages(self) -> bool:
        """Player pages and rating lists may be shown."""
        return self.everyone or self.players_public

    def shows(self, player: int) -> bool:
        """The player may be named (in a season table)."""
        return self.everyone or player not in self.hidden

    def lists(self, player: int) -> bool:
        """The player may be listed and have a page."""
        return self.pages and self.shows(player)


def privacy(club_id: int, *, organizer: bool) -> Privacy:
    """What a viewer sees of the club's players (``organizer``: everything)."""
    preferences = ClubPreferences.objects.filter(club_id=club_id).first()
    hidden = frozenset(
        PlayerPrivacy.objects.filter(club_id=club_id, hidden=True).values_list("player_id", flat=True)
    )
    return Privacy(organizer, hidden, preferences is None or preferences.players_public)


def preferences(club: Club) -> ClubPreferences:
    """The club's preferences (the defaults when it never set them)."""
    return ClubPreferences.objects.filter(club=club).first() or ClubPreferences(club=club)


HIDDEN_NAME = gettext_lazy("A player")


def standings(season: Season, seen: Privacy) -> dict[str, Any]:
    """The stored table as the API and the pages show it: names resolved, each row's evenings
    named; a hidden player's row keeps its place and total, without name or link."""
    table = season.table or {}
    rows = table.get("rows", [])
    days = {e["tournament"]: date.fromisoformat(e["day"]) for e in table.get("evenings", [])}
    metric = rule_from_data(season.rule).metric
    names = dict(Player.objects.filter(pk__in=[r["player"] for r in rows]).values_list("pk", "name"))
    out = []
    for row in rows:
        shown_row = dict(row)
        if "explanation" in row:
            shown_row["explanation"] = wording.explanation(row, days, metric)
        if seen.shows(row["player"]):
            shown_row["name"] = names.get(row["player"], "")
        else:
            shown_row.update(player=None, name=str(HIDDEN_NAME), explanation="")
        out.append(shown_row)
    return {
        "provisional": bool(table.get("provisional", False)),
        "computed_at": table.get("computed_at"),
        "rule": season.rule,
        "evenings": table.get("evenings", []),
        "rows": out,
    }


def attached_evenings(season: Season) -> list[SeasonEvening]:
    return list(season.evenings.select_related("tournament").order_by("day", "pk"))


# -- ratings ----------------------------------------------------------------------------------------


def rated_matches(club_id: int, family: str) -> list[RatedMatch]:
    """The club's final matches of the family's games, in the order they were played."""
    return [
        RatedMatch(t.key, t.sides, ranks_from_results(t.outcomes, t.points))
        for t in played_tables(club_id=club_id, game_keys=family_games(family))
    ]


def club_families(club_id: int) -> list[str]:
    """The rating families the club has ratings in."""
    return sorted(set(Rating.objects.filter(club_id=club_id).values_list("family", flat=True)))


def stored_ratings(club_id: int, family: str, players: Iterable[int] | None = None) -> dict[int, RatingValue]:
    found = Rating.objects.filter(club_id=club_id, family=family)
    if players is not None:
        found = found.filter(player_id__in=list(players))
    return {r.player_id: (r.mu, r.sigma, r.matches) for r in found}


@dataclass(frozen=True)
class RatingView:
    """A rating as the pages show it."""

    family: str
    mu: float
    sigma: float
    matches: int
    player: int = 0
    name: str = ""

    @property
    def value(self) -> RatingValue:
        return (self.mu, self.sigma, self.matches)

    @property
    def provisional(self) -> bool:
        return provisional(self.value)

    @property
    def rating(self) -> int:
        return shown(self.value)

    @property
    def label(self) -> str:
        """1234, or 1234? while provisional: no thousands separator, as every number of the project
        is written (a Dutch reader took "1,560" for one and a half)."""
        return f"{self.rating}{'?' if self.provisional else ''}"

    @property
    def family_name(self) -> str:
        cls = GAMES.get(self.family)
        return cls.name if cls is not None else self.family

    def document(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "mu": round(self.mu, 4),
            "sigma": round(self.sigma, 4),
            "rating": self.rating,
            "provisional": self.provisional,
            "matches": self.matches,
        }


def player_ratings(club_id: int, player: int) -> list[RatingView]:
    found = Rating.objects.filter(club_id=club_id, player_id=player).order_by("family")
    return [RatingView(r.family, r.mu, r.sigma, r.matches, player) for r in found]


def top_ratings(club_id: int, family: str, seen: Privacy, limit: int = 20) -> list[RatingView]:
    """The family's best ratings a viewer may see: provisional ones and hidden players left out."""
    found = Rating.objects.filter(club_id=club_id, family=family).select_related("player")
    views = [RatingView(r.family, r.mu, r.sigma, r.matches, r.player_id, r.player.name) for r in found]
    listed = [v for v in views if not v.provisional and seen.lists(v.player)]
    return sorted(listed, key=lambda v: (-v.rating, name_key(v.name)))[:limit]
