"""The club rows moved to the clubs app (clubs 0001): the tournament tables' foreign keys now name
``clubs.club`` and ``clubs.player``, in Django's model state only (same tables, same columns).

``run_before``: scoring's 0004 takes the models out of scoring's state, and no model may still
point at them then. Saying so here keeps the scoring app from naming the tournaments app."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models


def club(**options: Any) -> models.ForeignKey[Any, Any]:
    return models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to="clubs.club", **options)


class Migration(migrations.Migration):
    dependencies = [
        ("clubs", "0001_initial"),
        ("tournaments", "0005_tablegame_club"),
    ]
    run_before = [("scoring", "0004_clubs_moved")]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.AlterField(model_name="entrant", name="club", field=club()),
                migrations.AlterField(
                    model_name="entrant",
                    name="players",
                    field=models.ManyToManyField(blank=True, to="clubs.player"),
                ),
                migrations.AlterField(model_name="round", name="club", field=club()),
                migrations.AlterField(model_name="tableassignment", name="club", field=club()),
                migrations.AlterField(model_name="tablegame", name="club", field=club()),
                migrations.AlterField(
                    model_name="tournament", name="club", field=club(related_name="tournaments")
                ),
            ],
        ),
    ]
