from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        """Listen to the scoring app's matches (the tournaments' tables), and tell the clubs app
        the tournaments' part of a club: its rows, the demo's two events, and the listing of
        tournaments the home and club pages show; and tell the scoreboards of its tables' matches
        which tournament they belong to."""
        from clubs.parts import ClubPart, register
        from scoring import belonging
        from scoring.signals import match_changed
        from tournaments import listeners
        from tournaments.demo import load_tournament_demo
        from tournaments.listing import table_match_part, tournament_listing

        match_changed.connect(listeners.match_changed, dispatch_uid="tournaments.match_changed")
        belonging.register(self.label, table_match_part)
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
                listing=tournament_listing,
            )
        )
