"""A tournament's confirmation mode (scoring/result_states.py). Events made before it keep playing
as they did, without confirmation; a new event confirms by hand-over unless told otherwise."""

from django.db import migrations, models

CHOICES = [
    ("none", "None: a finished match counts at once"),
    ("hand-over", "Hand-over: the phone is passed across and the other side accepts"),
    ("own-device", "Own device: each side opens its own link"),
    ("double-blind", "Double-blind: both sides enter the match"),
]
HELP = "How the other side of a table vouches for its result (scoring/result_states.py)."


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_result_lifecycle"),
        ("tournaments", "0007_physical_tables"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="confirmation",
            field=models.CharField(choices=CHOICES, default="none", help_text=HELP, max_length=12),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="confirmation",
            field=models.CharField(choices=CHOICES, default="hand-over", help_text=HELP, max_length=12),
        ),
    ]
