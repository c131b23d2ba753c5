"""The club rows moved from the scoring app to the clubs app by Django's model state only: a
database migrated before the move keeps its tables, rows, permissions and admin history, and the
move can be undone. (A fresh database runs every migration each time the suite creates its test
database, on SQLite and, in phase 2, on PostgreSQL.)"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from clubs.models import Club, Membership, Player
from scoring.models import Match
from tournaments.models import Entrant

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow]  # migrates a database there and back

#: The last migrations before the move.
BEFORE = [
    ("scoring", "0003_match_announce_changes"),
    ("tournaments", "0005_tablegame_club"),
    ("clubs", None),
    ("seasons", None),
]
#: Apps born after the move: going back before it takes their tables away, and forward brings them back.
LATER = ("seasons_",)
MOVED = ("club", "player", "membership", "staffrole")
#: The migrations of the move (later migrations may add tables of their own).
THE_MOVE = [
    ("scoring", "0004_clubs_moved"),
    ("tournaments", "0006_clubs_moved"),
    ("clubs", "0002_content_types"),
]


def migrate(targets: list[tuple[str, str | None]]) -> Any:
    """Migrate the test database to ``targets``; the apps of the model state there."""
    state = MigrationExecutor(connection).migrate(targets)
    ContentType.objects.clear_cache()
    return state.apps


def head() -> list[tuple[str, str | None]]:
    return list(MigrationExecutor(connection).loader.graph.leaf_nodes())


def schema() -> dict[str, Any]:
    """Every table with its columns and constraints, as the database describes them."""
    with connection.cursor() as cursor:
        return {
            table: (
                [
                    (c.name, c.type_code, c.null_ok)
                    for c in connection.introspection.get_table_description(cursor, table)
                ],
                sorted(connection.introspection.get_constraints(cursor, table)),
            )
            for table in sorted(connection.introspection.table_names(cursor))
            if not table.startswith(LATER)
        }


def test_the_migrations_describe_the_models_as_they_are():
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)  # exits 1 on a difference


@pytest.fixture
def at_head():
    latest = head()
    yield
    migrate(latest)  # whatever happened, the next test finds the database as it was


def test_a_database_migrated_before_the_move_keeps_its_rows_and_tables(at_head):
    latest = head()
    migrate(THE_MOVE)
    tables = schema()
    old = migrate(BEFORE)
    assert schema() == tables  # going back changed no table either
    club = old.get_model("scoring", "Club").objects.create(name="North", slug="north")
    ann = old.get_model("scoring", "Player").objects.create(name="Ann")
    old.get_model("scoring", "Membership").objects.create(club=club, player=ann)
    old.get_model("scoring", "Match").objects.create(
        club=club, game_key="tally", options={}, sides=["Ann", "Ben"]
    )
    tournament = old.get_model("tournaments", "Tournament").objects.create(
        club=club,
        name="Cup",
        game_key="tally",
        options={},
        format="swiss",
        match_format="game",
        entrant_kind="individual",
    )
    old.get_model("tournaments", "Entrant").objects.create(
        club=club, tournament=tournament, name="Ann"
    ).players.add(ann.pk)

    migrate(THE_MOVE)
    assert schema() == tables
    migrate(latest)

    north = Club.objects.get(slug="north")
    assert list(north.players.all()) == [Player.objects.get(name="Ann")]
    assert Membership.objects.get().club == north
    assert Match.objects.get().club == north
    assert list(Entrant.objects.get().players.values_list("name", flat=True)) == ["Ann"]


def test_the_content_types_and_permissions_follow_the_models(at_head):
    user = get_user_model().objects.create_user("olga")
    user.user_permissions.add(Permission.objects.get(content_type__app_label="clubs", codename="change_club"))
    latest = head()

    migrate(BEFORE)

    assert set(
        ContentType.objects.filter(app_label="scoring", model__in=MOVED).values_list("model", flat=True)
    ) == (set(MOVED))
    assert not ContentType.objects.filter(app_label="clubs", model__in=MOVED).exists()
    assert get_user_model().objects.get(pk=user.pk).has_perm("scoring.change_club")

    migrate(latest)

    assert set(
        ContentType.objects.filter(app_label="clubs", model__in=MOVED).values_list("model", flat=True)
    ) == set(MOVED)
    assert not ContentType.objects.filter(app_label="scoring", model__in=MOVED).exists()
    assert get_user_model().objects.get(pk=user.pk).has_perm("clubs.change_club")
