from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        """Listen to the scoring app's matches (the tournaments' tables), and tell the clubs app
        the tournaments' part of a club: its rows, and the demo's two events."""
        from clubs.parts import ClubPart, register
        from scoring.signals import match_changed
        from tournaments import listeners
        from tournaments.demo import load_tournament_demo

        match_changed.connect(listeners.match_changed, dispatch_uid="tournaments.match_changed")
        register(
            ClubPart(
                app=self.label,
                rows=(
                    ("tournaments.tournament", "club_id"),
                    ("tournaments.entrant", "club_id"),
                    ("tournaments.round", "club_id"),
                    ("tournaments.tableassignment", "club_id"),
                    ("tournaments.tablegame", "club_id"),
                ),
                demo=lambda club: f"{len(load_tournament_demo(club))} tournaments",
            )
        )
