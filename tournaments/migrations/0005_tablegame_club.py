"""Every tournament row carries its club: a table's games too, filled from the table."""

import django.db.models.deletion
from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.models import OuterRef, Subquery


def fill_club(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    TableGame = apps.get_model("tournaments", "TableGame")
    TableAssignment = apps.get_model("tournaments", "TableAssignment")
    clubs = TableAssignment.objects.filter(pk=OuterRef("table_id")).values("club_id")[:1]
    TableGame.objects.update(club_id=Subquery(clubs))


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0003_match_announce_changes"),
        ("tournaments", "0004_tables_announce_changes"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablegame",
            name="club",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.CASCADE, to="scoring.club"
            ),
        ),
        migrations.RunPython(fill_club, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tablegame",
            name="club",
            field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to="scoring.club"),
        ),
    ]
