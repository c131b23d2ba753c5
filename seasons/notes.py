"""What the seasons app says on a tournament table's scoreboard: each side's chance to win, from
the players' ratings before the match, when the club shows it (``ClubPreferences.win_chances``).

Registered with ``scoring.part_of.register_notes`` in ``SeasonsConfig.ready()``; the scoring app
shows the line without knowing where it comes from.
"""

from __future__ import annotations

from django.utils.translation import gettext

from scoring.models import Match, MatchStatus
from seasons.models import ClubPreferences
from seasons.rating.engine import win_chances
from seasons.selectors import family_of, stored_ratings
from tournaments.evenings import match_table


def win_chance_notes(match: Match) -> tuple[str, ...]:
    """ "Chance to win (ratings): Ann & Cy 58% · Bob & Dee 42%", while the match is being played."""
    if match.status != MatchStatus.IN_PROGRESS or not match.announce_changes:
        return ()
    if not ClubPreferences.objects.filter(club_id=match.club_id, win_chances=True).exists():
        return ()
    table = match_table(match.pk)
    if table is None or len(table.sides) != len(match.sides) or any(not side for side in table.sides):
        return ()
    players = {p for side in table.sides for p in side}
    ratings = stored_ratings(table.club_id, family_of(table.game_key), players)
    chances = win_chances(ratings, table.sides)
    shares = " · ".join(
        f"{name} {round(100 * chance)}%" for name, chance in zip(match.sides, chances, strict=True)
    )
    return (gettext("Chance to win (ratings before the match): %(chances)s") % {"chances": shares},)
