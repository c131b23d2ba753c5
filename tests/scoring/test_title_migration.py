"""Migration scoring/0013: a database migrated before titles were data keeps its matches' words.
Its tournament titles and closed rounds become data, said as before in English and now in the
reader's language; a free title stays; going back writes the English again."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import translation

from clubs.models import Club
from scoring.models import AuditEvent, Match

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]  # migrates a database there and back

BEFORE = [("scoring", "0012_match_snapshot")]
TITLED = [("scoring", "0013_match_title_parts")]


def migrate(targets: list[tuple[str, str]]) -> Any:
    return MigrationExecutor(connection).migrate(targets).apps


@pytest.fixture
def at_head():
    latest = list(MigrationExecutor(connection).loader.graph.leaf_nodes())
    yield
    migrate(latest)  # whatever happened, the next test finds the database as it was


def test_old_titles_and_closed_rounds_become_data_and_read_the_same(at_head):
    old = migrate(BEFORE)
    club = Club.objects.create(name="North", slug="north")
    OldMatch = old.get_model("scoring", "Match")
    common = {"club_id": club.pk, "game_key": "tally", "options": {}, "sides": ["Ann", "Ben"]}
    table = OldMatch.objects.create(
        **common,
        title="Spring cup · round 2, table 3, game 2",
        result_detail={"closed": "round 2", "actor": "tournament"},
    )
    semi = OldMatch.objects.create(**common, title="Spring cup · Semi-finals, table 1")
    friendly = OldMatch.objects.create(**common, title="Friday friendly")
    old.get_model("scoring", "AuditEvent").objects.create(
        club_id=club.pk,
        match_id=table.pk,
        action="result_closed",
        actor_label="tournament",
        detail={"from": "confirmed", "closed": "round 2"},
    )

    migrate(TITLED)

    table, semi, friendly = (Match.objects.get(pk=m.pk) for m in (table, semi, friendly))
    assert (table.title, table.title_parts) == (
        "",
        {"event": "Spring cup", "round": 2, "table": 3, "game": 2},
    )
    assert table.result_detail == {"closed": 2, "actor": "tournament"}
    assert AuditEvent.objects.get(match=table).detail == {"from": "confirmed", "closed": 2}
    assert semi.title_parts == {"event": "Spring cup", "round": "Semi-finals", "table": 1, "game": 1}
    assert (friendly.title, friendly.title_parts) == ("Friday friendly", None)
    assert [str(table), str(semi), str(friendly)] == [
        "Spring cup · round 2, table 3, game 2",
        "Spring cup · Semi-finals, table 1",
        "Friday friendly",
    ]
    with translation.override("fr"):
        assert [str(table), str(semi), str(friendly)] == [
            "Spring cup · ronde 2, table 3, partie 2",
            "Spring cup · Demi-finales, table 1",
            "Friday friendly",
        ]

    old = migrate(BEFORE)

    rows = old.get_model("scoring", "Match").objects.order_by("pk").values_list("title", "result_detail")
    assert list(rows) == [
        ("Spring cup · round 2, table 3, game 2", {"closed": "round 2", "actor": "tournament"}),
        ("Spring cup · Semi-finals, table 1", {}),
        ("Friday friendly", {}),
    ]
    assert old.get_model("scoring", "AuditEvent").objects.get().detail == {
        "from": "confirmed",
        "closed": "round 2",
    }
