"""The documents the seasons API sends (what scripts rely on), and the season's CSV file.

What this module does not do: read across relations (``selectors``, ``players``) or decide what
the viewer may see (the selectors' ``Privacy`` did).
"""

from __future__ import annotations

import csv
import io
from typing import Any

from django.urls import reverse

from seasons.models import Season, SeasonEvening
from seasons.players import PlayerView
from tournaments.exports import safe_cell


def season_document(season: Season) -> dict[str, Any]:
    return {
        "id": season.pk,
        "name": season.name,
        "club": season.club.slug,
        "game": season.game_key,
        **season.rule,
        "evenings": season.evenings.count(),
        "links": {
            "self": reverse("seasons_api:detail", args=[season.pk]),
            "evenings": reverse("seasons_api:evenings", args=[season.pk]),
            "standings": reverse("seasons_api:standings", args=[season.pk]),
            "page": season.get_absolute_url(),
        },
    }


def evening_document(evening: SeasonEvening) -> dict[str, Any]:
    return {
        "tournament": evening.tournament_id,
        "name": evening.tournament.name,
        "day": evening.day.isoformat(),
        "links": {"tournament": reverse("tournaments_api:detail", args=[evening.tournament_id])},
    }


def standings_document(shown: dict[str, Any]) -> dict[str, Any]:
    """The API's standings: provisional, the evenings, and the rows (see ``selectors.standings``)."""
    return {
        "provisional": shown["provisional"],
        "computed_at": shown["computed_at"],
        "evenings": shown["evenings"],
        "rows": [
            {
                key: row.get(key)
                for key in (
                    "rank",
                    "tied",
                    "player",
                    "name",
                    "total",
                    "evenings",
                    "counted",
                    "dropped",
                    "explanation",
                )
            }
            for row in shown["rows"]
        ],
    }


def player_document(view: PlayerView) -> dict[str, Any]:
    return {
        "id": view.player.pk,
        "name": view.player.name,
        "clubs": [c.slug for c in view.clubs],
        "ratings": [r.document() for r in view.ratings],
        "matches": [
            {
                "day": m.day.isoformat(),
                "tournament": m.tournament,
                "evening": m.evening,
                "round": m.round,
                "partners": list(m.partners),
                "opponents": list(m.opponents),
                "outcome": m.outcome,
                "points": m.points,
                "against": m.against,
                "match": m.match,
            }
            for m in view.matches
        ],
        "seasons": [
            {
                "season": s.season.pk,
                "name": s.season.name,
                "rank": s.rank,
                "total": s.total,
                "evenings": s.evenings,
            }
            for s in view.seasons
        ],
    }


def standings_csv(shown: dict[str, Any]) -> str:
    """Rank, player, total, evenings played, then each evening's value (struck out: in brackets)."""
    out = io.StringIO()
    writer = csv.writer(out)
    evenings = shown["evenings"]
    writer.writerow(
        ["Rank", "Player", "Total", "Evenings", *(f"{e['name']} ({e['day']})" for e in evenings), "Counted"]
    )
    for row in shown["rows"]:
        values = {v["tournament"]: str(v["value"]) for v in row["counted"]}
        values.update({v["tournament"]: f"({v['value']})" for v in row["dropped"]})
        cells = [
            "" if row["rank"] is None else f"{row['rank']}{'=' if row['tied'] else ''}",
            row["name"],
            row["total"],
            row["evenings"],
            *(values.get(e["tournament"], "") for e in evenings),
            row["explanation"],
        ]
        writer.writerow([safe_cell(cell) for cell in cells])
    return out.getvalue()
