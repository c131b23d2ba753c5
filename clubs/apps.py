from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        """The club's own rows in a club archive (players and accounts travel as shared rows)."""
        from clubs.parts import ClubPart, register

        register(
            ClubPart(
                app=self.label,
                rows=(("clubs.club", "pk"), ("clubs.membership", "club_id"), ("clubs.staffrole", "club_id")),
            )
        )
