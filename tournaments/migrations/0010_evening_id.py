"""Each tournament gets its evening id (a UUID that travels with the exported evening). Existing
tournaments get a fresh id each: the field is added without its uniqueness, filled row by row, then
made unique."""

import uuid

from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def fill_evening_ids(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Tournament = apps.get_model("tournaments", "Tournament")
    for pk in Tournament.objects.values_list("pk", flat=True):
        Tournament.objects.filter(pk=pk).update(evening=uuid.uuid4())


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0009_tournament_archived")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="evening",
            field=models.UUIDField(null=True, editable=False),
        ),
        migrations.RunPython(fill_evening_ids, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="tournament",
            name="evening",
            field=models.UUIDField(default=uuid.uuid4, unique=True, editable=False),
        ),
    ]
