"""tournaments 0010: the tournaments of a database migrated before it each get an evening id of
their own (the id an exported evening is known by on every Tablescore)."""

from __future__ import annotations

import pytest

from tests.clubs.test_migrations import at_head, head, migrate
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)
__all__ = ["at_head"]


def test_existing_tournaments_get_an_evening_id_each(at_head: None) -> None:
    latest = head()
    old = migrate([("tournaments", "0009_tournament_archived")])
    club = old.get_model("clubs", "Club").objects.create(name="North", slug="north")
    made = old.get_model("tournaments", "Tournament")
    for name in ("Cup", "Plate"):
        made.objects.create(
            club=club,
            name=name,
            game_key="tally",
            options={},
            format="swiss",
            match_format="game",
            entrant_kind="individual",
        )
    migrate(latest)
    ids = list(Tournament.objects.filter(club__slug="north").values_list("evening", flat=True))
    assert len(ids) == 2
    assert None not in ids
    assert len(set(ids)) == 2
