from django.apps import AppConfig


class ClubsConfig(AppConfig):
    name = "clubs"
    verbose_name = "Clubs"

    def ready(self) -> None:
        """The club's own rows in a club archive (players and accounts travel as shared rows), and
        its settings, staff and invitation pages bound to the club (its language)."""
        from clubs import bound
        from clubs.parts import ClubPart, register
        from clubs.services.invitations import invitation_club

        bound.register(
            bound.by_slug, "clubs:settings", "clubs:staff", "clubs:staff_remove", "clubs:invitation_withdraw"
        )
        bound.register(invitation_club, "clubs:invitation")

        register(
            ClubPart(
                app=self.label,
                rows=(
                    ("clubs.club", "pk"),
                    ("clubs.membership", "club_id"),
                    ("clubs.staffrole", "club_id"),
                    ("clubs.invitation", "club_id"),
                    ("clubs.eveningtravel", "club_id"),
                ),
            )
        )
