"""The content types of the moved models follow them: ``scoring.club`` becomes ``clubs.club`` (and so
for player, membership and staffrole). Permissions and the admin's history point at a content type,
so renaming it keeps every permission a user or group was given (now ``clubs.change_club`` …) and
every admin log entry; leaving it would create new, empty content types beside stale ones. One row
per model changes, no table. A fresh database has no such rows yet: nothing to do there; a clubs
row made already (by a partial earlier run) is left as it is."""

from django.apps.registry import Apps
from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor

MOVED = ("club", "player", "membership", "staffrole")


def rename(apps: Apps, schema_editor: BaseDatabaseSchemaEditor, old: str, new: str) -> None:
    content_types = apps.get_model("contenttypes", "ContentType").objects.using(schema_editor.connection.alias)
    for model in MOVED:
        if not content_types.filter(app_label=new, model=model).exists():
            content_types.filter(app_label=old, model=model).update(app_label=new)


def forwards(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    rename(apps, schema_editor, "scoring", "clubs")


def backwards(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    rename(apps, schema_editor, "clubs", "scoring")


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
    ]

    operations = [migrations.RunPython(forwards, backwards)]
