"""Club, Player, Membership and StaffRole move here from the scoring app: in Django's model state
only. Their tables keep their names (``db_table``) and their rows, so the database is not touched;
scoring's first migration made the tables, hence the dependency on it."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("scoring", "0001_initial"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            database_operations=[],
            state_operations=[
                migrations.CreateModel(
                    name="Club",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=120)),
                        ("slug", models.SlugField(unique=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={"db_table": "scoring_club", "ordering": ("name",)},
                ),
                migrations.CreateModel(
                    name="Membership",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("joined_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "club",
                            models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to="clubs.club"),
                        ),
                    ],
                    options={"db_table": "scoring_membership"},
                ),
                migrations.CreateModel(
                    name="Player",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=80)),
                        (
                            "clubs",
                            models.ManyToManyField(
                                related_name="players", through="clubs.Membership", to="clubs.club"
                            ),
                        ),
                        (
                            "user",
                            models.OneToOneField(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={"db_table": "scoring_player", "ordering": ("name",)},
                ),
                migrations.AddField(
                    model_name="membership",
                    name="player",
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to="clubs.player"),
                ),
                migrations.CreateModel(
                    name="StaffRole",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "role",
                            models.CharField(
                                choices=[("owner", "Owner"), ("organizer", "Organizer")],
                                default="organizer",
                                max_length=16,
                            ),
                        ),
                        (
                            "club",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="staff",
                                to="clubs.club",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="club_roles",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={"db_table": "scoring_staffrole"},
                ),
                migrations.AddConstraint(
                    model_name="membership",
                    constraint=models.UniqueConstraint(fields=("club", "player"), name="membership_once"),
                ),
                migrations.AddConstraint(
                    model_name="staffrole",
                    constraint=models.UniqueConstraint(fields=("club", "user"), name="staff_role_once"),
                ),
            ],
        ),
    ]
