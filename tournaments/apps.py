from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        """Listen to the scoring app's matches (the tournaments' tables), and tell the clubs app
        the tournaments' part of a club: its rows, the demo's two events, and the listing of
        tournaments the home and club pages show; and tell the scoreboards of its tables' matches
        which tournament they belong to, the scoring app's table links which match each
        physical table plays now, the scoring pages how a bracket round is named, and which matches a
        blind finish hides from the public."""
        from clubs.parts import ClubPart, register
        from scoring import part_of, places, titles
        from scoring.signals import match_changed
        from tournaments import blind_finish, bound, listeners, physical_tables, wording
        from tournaments.demo import load_tournament_demo
        from tournaments.listing import (
            club_evenings,
            table_match_part,
            table_match_series,
            tournament_listing,
        )

        match_changed.connect(listeners.match_changed, dispatch_uid="tournaments.match_changed")
        part_of.register(self.label, table_match_part)
        part_of.register_series(self.label, table_match_series)
        part_of.register_hidden(self.label, blind_finish.table_match_hidden)
        places.register(
            physical_tables.KIND, places.Kind(secret=physical_tables.secret_of, now=physical_tables.now_at)
        )
        bound.register()
        titles.say_rounds_with(lambda label: wording.round_label(label, 0))
        register(
            ClubPart(
                app=self.label,
                rows=(
                    ("tournaments.tournament", "club_id"),
                    ("tournaments.entrant", "club_id"),
                    ("tournaments.round", "club_id"),
                    ("tournaments.tableassignment", "club_id"),
                    ("tournaments.tablegame", "club_id"),
                    ("tournaments.physicaltable", "club_id"),
                ),
                demo=lambda club: f"{len(load_tournament_demo(club))} tournaments",
                listing=tournament_listing,
                evenings=club_evenings,
            )
        )
