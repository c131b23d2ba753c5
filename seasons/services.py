"""Every write of the seasons app: one transaction each, the owning row locked first.

- :func:`season_create`, :func:`season_attach`, :func:`season_detach`: a season and its evenings;
- :func:`season_recompute`: the stored season table, from the evenings' results (the
  ``season_recompute`` task, after an evening's results change; idempotent);
- :func:`ratings_update`: a club's ratings in a game family. The ledger remembers which matches
  the stored ratings were computed from (up to a key, and a digest of their results): new final
  matches after that key are added on top, one update each; when an older match changed (a
  correction, a result set later) the whole history is replayed. Either way the ratings equal a
  fresh replay of every final match;
- :func:`preferences_set`, :func:`player_privacy_set`: what the public sees.

Services take what a contract has checked, check what depends on the rows (the tournament is the
club's and of the season's game; the player is a member), and refuse with ``clubs.errors``.
What this module does not do: parse input, check permissions (the edges do), or compute (the pure
packages do).
"""

from __future__ import annotations

import hashlib
from datetime import date, datetime

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext

from clubs.errors import Conflict, InvalidEntry, NotFound
from clubs.models import Club, Membership
from games import Game
from seasons import selectors, tasks
from seasons.competition.rule import SeasonRule, rule_from_data
from seasons.competition.table import Number, SeasonTable, season_table
from seasons.models import ClubPreferences, PlayerPrivacy, Rating, RatingLedger, Season, SeasonEvening
from seasons.rating.engine import RatedMatch, replay
from tournaments.evenings import evening_date
from tournaments.events import send
from tournaments.models import Tournament


def _lock_season(season_id: int) -> Season:
    try:
        return Season.objects.select_for_update().get(pk=season_id)
    except Season.DoesNotExist:
        raise NotFound(gettext("no such season")) from None


def season_create(*, club: Club, name: str, game: Game[object], rule: SeasonRule) -> Season:
    """A new season of ``game`` at ``club``, with no evening yet."""
    with transaction.atomic():
        season = Season.objects.create(club=club, name=name, game_key=game.key, rule=rule.as_data())
        _store(season, season_table([], [], rule))
    return season


def season_attach(*, season_id: int, tournament_id: int, day: date | None = None) -> SeasonEvening:
    """Attach an evening (a tournament of the club and the season's game, played or not); the
    table is recomputed at once."""
    with transaction.atomic():
        season = _lock_season(season_id)
        tournament = Tournament.objects.filter(pk=tournament_id, club_id=season.club_id).first()
        if tournament is None:
            raise InvalidEntry(
                gettext("tournament %(id)s is not one of the club's") % {"id": tournament_id}, "tournament"
            )
        if tournament.game_key != season.game_key:
            raise InvalidEntry(
                gettext("tournament %(id)s plays %(game)s, the season %(season_game)s")
                % {"id": tournament_id, "game": tournament.game_key, "season_game": season.game_key},
                "tournament",
            )
        if season.evenings.filter(tournament=tournament).exists():
            raise Conflict(
                gettext("'%(name)s' is an evening of the season already") % {"name": tournament.name},
                "tournament",
            )
        evening = SeasonEvening.objects.create(
            club_id=season.club_id, season=season, tournament=tournament, day=day or evening_date(tournament)
        )
        _recompute(season)
    return evening


def season_detach(*, season_id: int, tournament_id: int) -> None:
    """Take an evening out of the season (the tournament stays); the table is recomputed."""
    with transaction.atomic():
        season = _lock_season(season_id)
        removed, _ = season.evenings.filter(tournament_id=tournament_id).delete()
        if not removed:
            raise NotFound(gettext("that tournament is not an evening of the season"))
        _recompute(season)


def season_recompute(*, season_id: int) -> Season:
    """Recompute and store the season table (idempotent)."""
    with transaction.atomic():
        season = _lock_season(season_id)
        _recompute(season)
    return season


def _recompute(season: Season) -> None:
    evenings, scores = selectors.season_inputs(season)
    _store(season, season_table(evenings, scores, rule_from_data(season.rule)))


def _number(value: Number) -> int | float:
    return value if isinstance(value, int) else round(float(value), 2)


def _store(season: Season, table: SeasonTable) -> None:
    """Store the table; the revision moves only when something the page shows changed."""
    document = {
        "provisional": table.provisional,
        "computed_at": timezone.now().isoformat(),
        "evenings": [
            {"tournament": e.id, "name": e.label, "day": e.date.isoformat(), "final": e.final}
            for e in table.evenings
        ],
        "rows": [
            {
                "rank": row.rank,
                "tied": row.tied,
                "player": row.player,
                "total": _number(row.total),
                "evenings": row.evenings,
                "best": _number(row.best),
                "counted": [_value(v.evening, v.value, v.absent) for v in row.counted],
                "dropped": [_value(v.evening, v.value, v.absent) for v in row.dropped],
                "explanation": row.explanation,
            }
            for row in table.rows
        ],
    }
    if all(document[key] == season.table.get(key) for key in ("rows", "evenings", "provisional")):
        return
    season.table = document
    season.table_at = timezone.now()
    season.revision += 1
    season.save(update_fields=["table", "table_at", "revision"])


def _value(tournament: int, value: Number, absent: bool) -> dict[str, object]:
    found: dict[str, object] = {"tournament": tournament, "value": _number(value)}
    if absent:
        found["absent"] = True
    return found


def seasons_of_evening(tournament_id: int) -> list[int]:
    """The seasons an evening belongs to (for the task that recomputes them)."""
    return list(SeasonEvening.objects.filter(tournament_id=tournament_id).values_list("season_id", flat=True))


# -- ratings ----------------------------------------------------------------------------------------


def _digest(matches: list[RatedMatch]) -> str:
    hashing = hashlib.sha256()
    for match in matches:
        hashing.update(repr((match.key, match.sides, match.ranks)).encode())
    return hashing.hexdigest()


def ratings_update(*, club_id: int, family: str) -> RatingLedger:
    """Bring the club's ratings in ``family`` up to its final matches (see the module text)."""
    with transaction.atomic():
        RatingLedger.objects.get_or_create(club_id=club_id, family=family)
        ledger = RatingLedger.objects.select_for_update().get(club_id=club_id, family=family)
        matches = selectors.rated_matches(club_id, family)
        through = (ledger.through_round, ledger.through_table)
        known = [m for m in matches if m.key <= through]
        fresh = [m for m in matches if m.key > through]
        if len(known) == ledger.matches and _digest(known) == ledger.digest:
            if not fresh:
                return ledger
            start = selectors.stored_ratings(club_id, family, {p for m in fresh for s in m.sides for p in s})
            ratings = replay(fresh, start)
        else:
            ratings = replay(matches)
            Rating.objects.filter(club_id=club_id, family=family).exclude(
                player_id__in=list(ratings)
            ).delete()
            ledger.replays += 1
        _save_ratings(club_id, family, ratings)
        if matches:
            ledger.through_round, ledger.through_table = matches[-1].key
        else:
            ledger.through_round = ledger.through_table = 0
        ledger.matches = len(matches)
        ledger.digest = _digest(matches)
        ledger.save()
    return ledger


def _save_ratings(club_id: int, family: str, ratings: dict[int, tuple[float, float, int]]) -> None:
    existing = {r.player_id: r for r in Rating.objects.filter(club_id=club_id, family=family)}
    changed, added = [], []
    for player, (mu, sigma, matches) in ratings.items():
        row = existing.get(player)
        if row is None:
            added.append(
                Rating(club_id=club_id, family=family, player_id=player, mu=mu, sigma=sigma, matches=matches)
            )
        elif (row.mu, row.sigma, row.matches) != (mu, sigma, matches):
            row.mu, row.sigma, row.matches = mu, sigma, matches
            changed.append(row)
    Rating.objects.bulk_create(added, batch_size=1000)
    Rating.objects.bulk_update(changed, ["mu", "sigma", "matches"], batch_size=1000)


def evening_changed(*, tournament_id: int) -> list[int]:
    """An evening's results changed: its seasons' tables are recomputed after the commit, and
    the club's ratings in the game's family brought up to date. Returns the seasons' ids."""
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        return []
    seasons = seasons_of_evening(tournament_id)
    for season_id in seasons:
        send(tasks.season_recompute, season_id)
    send(tasks.ratings_update, tournament_id)
    return seasons


# -- what the public sees ---------------------------------------------------------------------------


def preferences_set(*, club: Club, players_public: bool, win_chances: bool) -> ClubPreferences:
    """The club's choice: whether player pages and rating lists are public, and whether its
    scoreboards show the chance to win before a match."""
    with transaction.atomic():
        found, _ = ClubPreferences.objects.select_for_update().get_or_create(club=club)
        found.players_public, found.win_chances = players_public, win_chances
        found.save()
    return found


def player_privacy_set(*, club: Club, player_id: int, hidden: bool) -> PlayerPrivacy:
    """A player's choice to be left out of the club's public lists (or back in)."""
    if not Membership.objects.filter(club=club, player_id=player_id).exists():
        raise NotFound(gettext("no such player in the club"))
    with transaction.atomic():
        found, _ = PlayerPrivacy.objects.select_for_update().get_or_create(club=club, player_id=player_id)
        found.hidden = hidden
        found.save()
        Season.objects.filter(club=club).update(revision=F("revision") + 1)
    return found


# -- catching up ------------------------------------------------------------------------------------


def seasons_reconcile() -> int:
    """Catch up on lost tasks: every season with an evening whose standings were stored after the
    season's table, and every club's family whose tournaments changed after its ratings, are
    brought up to date. Returns how many were."""
    done = 0
    for season in Season.objects.all():
        since = season.table_at
        stale = season.evenings.filter(tournament__standings_at__gt=since) if since else season.evenings.all()
        if stale.exists():
            season_recompute(season_id=season.pk)
            done += 1
    latest: dict[tuple[int, str], datetime] = {}
    for club_id, game_key, at in Tournament.objects.filter(standings_at__isnull=False).values_list(
        "club_id", "game_key", "standings_at"
    ):
        key = (club_id, selectors.family_of(game_key))
        if at is not None and (key not in latest or at > latest[key]):
            latest[key] = at
    for (club_id, family), at in latest.items():
        ledger = RatingLedger.objects.filter(club_id=club_id, family=family).first()
        if ledger is None or ledger.updated_at < at:
            ratings_update(club_id=club_id, family=family)
            done += 1
    return done
