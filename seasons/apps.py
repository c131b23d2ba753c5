from django.apps import AppConfig


class SeasonsConfig(AppConfig):
    name = "seasons"
    verbose_name = "Seasons"

    def ready(self) -> None:
        """Listen to the tournaments' results (an evening changed: recompute its seasons and the
        ratings), tell the clubs app the seasons' part of a club (its rows, the demo's season, the
        seasons its pages list) and the scoreboards each side's chance to win."""
        from clubs.parts import ClubPart, register
        from scoring import part_of
        from seasons import bound, listeners
        from seasons.demo import load_season_demo
        from seasons.listing import club_links, public_player_pages, season_listing
        from seasons.notes import win_chance_notes
        from tournaments.signals import results_changed

        results_changed.connect(listeners.results_changed, dispatch_uid="seasons.results_changed")
        part_of.register_notes(self.label, win_chance_notes)
        bound.register()
        register(
            ClubPart(
                app=self.label,
                rows=(
                    ("seasons.season", "club_id"),
                    ("seasons.seasonevening", "club_id"),
                    ("seasons.rating", "club_id"),
                    ("seasons.ratingledger", "club_id"),
                    ("seasons.clubpreferences", "club_id"),
                    ("seasons.playerprivacy", "club_id"),
                ),
                demo=load_season_demo,
                listing=season_listing,
                links=club_links,
                player_page=public_player_pages,
            )
        )
