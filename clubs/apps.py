from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        """The club's own rows in a club archive (players and accounts travel as shared rows), and
        its settings page bound to the club (its language)."""
        from clubs import bound
        from clubs.parts import ClubPart, register

        bound.register(bound.by_slug, "clubs:settings")

        register(
            ClubPart(
                app=self.label,
                rows=(
                    ("clubs.club", "pk"),
                    ("clubs.membership", "club_id"),
                    ("clubs.staffrole", "club_id"),
                    ("clubs.eveningtravel", "club_id"),
                ),
            )
        )
