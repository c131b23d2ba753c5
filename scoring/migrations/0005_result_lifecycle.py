"""The result lifecycle (scoring/result_states.py): each match's result status, its confirmation
mode, what the last move recorded and when; the audit trail's new actions. A match finished
before keeps counting: its result is confirmed."""

from typing import Any

from django.db import migrations, models


def finished_results_confirmed(apps: Any, schema_editor: Any) -> None:
    Match = apps.get_model("scoring", "Match")
    Match.objects.filter(status="finished").update(result_status="confirmed")


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0004_clubs_moved"),
    ]

    operations = [
        migrations.AddField(
            model_name="match",
            name="confirmation",
            field=models.CharField(
                choices=[
                    ("none", "None: a finished match counts at once"),
                    ("hand-over", "Hand-over: the phone is passed across and the other side accepts"),
                    ("own-device", "Own device: each side opens its own link"),
                    ("double-blind", "Double-blind: both sides enter the match"),
                ],
                default="none",
                help_text="How the other side vouches for the result (a tournament's choice).",
                max_length=12,
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="result_at",
            field=models.DateTimeField(
                blank=True, help_text="When the result reached its status.", null=True
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="result_detail",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="Who accepted or rejected and why, which round closed it (scoring/services/results.py).",
            ),
        ),
        migrations.AddField(
            model_name="match",
            name="result_status",
            field=models.CharField(
                choices=[
                    ("open", "being played"),
                    ("submitted", "awaiting confirmation"),
                    ("confirmed", "confirmed"),
                    ("disputed", "disputed"),
                    ("final", "final"),
                    ("void", "void"),
                ],
                default="open",
                help_text="Where the result stands (scoring/result_states.py).",
                max_length=10,
            ),
        ),
        migrations.AlterField(
            model_name="auditevent",
            name="action",
            field=models.CharField(
                choices=[
                    ("match_created", "Match created"),
                    ("deal_recorded", "Deal recorded"),
                    ("deal_corrected", "Deal corrected"),
                    ("deal_voided", "Deal voided"),
                    ("match_abandoned", "Match abandoned"),
                    ("link_revoked", "Table link revoked"),
                    ("link_renewed", "Table link renewed"),
                    ("result_submitted", "Result submitted"),
                    ("result_confirmed", "Result confirmed"),
                    ("result_opened", "Result open again"),
                    ("result_accepted", "Result accepted"),
                    ("result_rejected", "Result rejected"),
                    ("result_resolved", "Dispute resolved"),
                    ("result_voided", "Result voided"),
                    ("result_reopened", "Result reopened"),
                    ("result_closed", "Round closed"),
                    ("result_corrected", "Corrected after the round closed"),
                ],
                max_length=20,
            ),
        ),
        migrations.RunPython(finished_results_confirmed, migrations.RunPython.noop),
    ]
