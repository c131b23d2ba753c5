"""Matches that tournaments created before ``Match.announce_changes`` existed are tables' matches:
they go on telling the tournaments app about every change."""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def mark_table_matches(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Match = apps.get_model("scoring", "Match")
    TableGame = apps.get_model("tournaments", "TableGame")
    Match.objects.filter(pk__in=TableGame.objects.values("match_id")).update(announce_changes=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0003_entrant_order"),
        ("scoring", "0003_match_announce_changes"),
    ]

    operations = [migrations.RunPython(mark_table_matches, migrations.RunPython.noop)]
