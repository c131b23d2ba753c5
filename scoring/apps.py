from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self) -> None:
        """The scoring app's part of a club: its matches with their trail (an old archive's English
        titles read as data), and the demo's matches."""
        from django.utils.translation import gettext

        from clubs.parts import ClubPart, register
        from scoring import bound, result_states
        from scoring.demo import load_match_demo
        from scoring.old_titles import archived

        bound.register()
        result_states.translate = gettext  # its labels and refusals, in the active language
        register(
            ClubPart(
                app=self.label,
                rows=(
                    ("scoring.match", "club_id"),
                    ("scoring.deal", "club_id"),
                    ("scoring.dealversion", "club_id"),
                    ("scoring.idempotentrequest", "club_id"),
                    ("scoring.auditevent", "club_id"),
                    ("scoring.dealconflict", "club_id"),
                    ("scoring.blindentry", "club_id"),
                    ("scoring.tablecontact", "club_id"),
                    ("scoring.correctionrequest", "club_id"),
                ),
                demo=load_match_demo,
                archived=archived,
            )
        )
