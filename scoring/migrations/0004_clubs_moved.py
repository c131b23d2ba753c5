"""Club, Player, Membership and StaffRole left for the clubs app (clubs 0001): the scoring tables'
foreign keys now name ``clubs.club``, and the four models leave scoring's state. Django's model
state only: the tables, their rows and their constraints stay as they are."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models


def club(**options: Any) -> models.ForeignKey[Any, Any]:
    return models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to="clubs.club", **options)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("scoring", "0003_match_announce_changes"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(model_name="match", name="club", field=club(related_name="matches")),
                migrations.AlterField(model_name="deal", name="club", field=club()),
                migrations.AlterField(model_name="dealversion", name="club", field=club()),
                migrations.AlterField(model_name="idempotentrequest", name="club", field=club()),
                migrations.AlterField(model_name="auditevent", name="club", field=club()),
                migrations.RemoveField(model_name="player", name="clubs"),
                migrations.DeleteModel(name="StaffRole"),
                migrations.DeleteModel(name="Membership"),
                migrations.DeleteModel(name="Player"),
                migrations.DeleteModel(name="Club"),
            ],
        ),
    ]
