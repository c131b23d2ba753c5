"""The club data: clubs, the players known across them, memberships and staff roles.

These rows began in the scoring app; they moved here with their tables unchanged (``db_table``
keeps each name), so the move touched no data. A club's page belongs to the scoring app, which
lists its matches: the project points at it (``ABSOLUTE_URL_OVERRIDES`` in tablescore/settings.py).
Models hold no logic; the club's permissions are in :mod:`clubs.access`.
"""

from __future__ import annotations

from zoneinfo import available_timezones

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _


def server_time_zone() -> str:
    """A new club's time zone: the server's (``TIME_ZONE``)."""
    return str(settings.TIME_ZONE)


def validate_time_zone(value: str) -> None:
    if value not in available_timezones():
        raise ValidationError(
            _("%(value)s is not a time zone (write it as Europe/Paris)"), params={"value": value}
        )


#: A WPA passphrase's length (IEEE 802.11i): fewer or more characters and no phone joins with it.
WIFI_PASSWORD_LENGTH = (8, 63)


def validate_wifi_password(value: str) -> None:
    """Blank (an open network) or a WPA passphrase's length."""
    shortest, longest = WIFI_PASSWORD_LENGTH
    if value and not shortest <= len(value) <= longest:
        raise ValidationError(
            _("a Wi-Fi password has %(shortest)s to %(longest)s characters"),
            params={"shortest": shortest, "longest": longest},
        )


class Club(models.Model):
    """A card club: it owns its matches and tournaments."""

    name = models.CharField(_("name"), max_length=120)
    slug = models.SlugField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    #: The language of the club's own pages (its page, scoreboards, scorer pages, tournaments,
    #: projectors, slips, seasons) for visitors who did not choose one; blank: their browser's.
    language = models.CharField(
        _("language"), max_length=8, blank=True, default="", choices=settings.LANGUAGES
    )
    #: The time zone the club's pages show times in.
    time_zone = models.CharField(
        _("time zone"), max_length=64, default=server_time_zone, validators=[validate_time_zone]
    )

    #: The room's Wi-Fi, for the organizer's "connect the room" page (its QR code joins a phone to
    #: it); blank when the club has not said. Only organizers see the password (there and on the
    #: settings page).
    wifi_name = models.CharField(_("Wi-Fi name"), max_length=32, blank=True, default="")
    wifi_password = models.CharField(
        _("Wi-Fi password"), max_length=63, blank=True, default="", validators=[validate_wifi_password]
    )

    class Meta:
        db_table = "scoring_club"
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name


class Player(models.Model):
    """A person, known across clubs (a small reference table)."""

    name = models.CharField(max_length=80)
    user = models.OneToOneField(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    clubs: models.ManyToManyField[Club, Membership] = models.ManyToManyField(
        Club, through="Membership", related_name="players"
    )

    class Meta:
        db_table = "scoring_player"
        ordering = ("name",)

    def __str__(self) -> str:
        return self.name


class Membership(models.Model):
    """A player belongs to a club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    player = models.ForeignKey(Player, on_delete=models.CASCADE)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "scoring_membership"
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="membership_once")]

    def __str__(self) -> str:
        return f"{self.player} in {self.club}"


class ClubRole(models.TextChoices):
    OWNER = "owner", _("Owner")
    ORGANIZER = "organizer", _("Organizer")


class StaffRole(models.Model):
    """A Django user who runs a club: an owner or an organizer."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="staff")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="club_roles")
    role = models.CharField(max_length=16, choices=ClubRole.choices, default=ClubRole.ORGANIZER)

    class Meta:
        db_table = "scoring_staffrole"
        constraints = [models.UniqueConstraint(fields=["club", "user"], name="staff_role_once")]

    def __str__(self) -> str:
        return f"{self.user} ({self.role} of {self.club})"


class EveningTravel(models.Model):
    """What an evening (a tournament or a friendly match, by its evening id) was each time it left
    or arrived here: the fingerprints on its way and the parts of those this site saw
    (``clubs.travel.lineage``). Kept beside the evening rather than in its row: the parts of a long
    night weigh more than every page that reads a tournament should carry."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    evening = models.UUIDField(unique=True)
    history = models.JSONField(default=list, help_text="The evening's fingerprints on its way, oldest first.")
    known = models.JSONField(default=dict, help_text="The parts of each fingerprint this site saw.")
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"travels of evening {self.evening}"


class Invitation(models.Model):
    """A one-time link that gives its bearer a role in a club (``clubs.services.invitations``).

    Only the token's SHA-256 is kept: the link is shown once, to whoever made it, and a copy of the
    database opens nothing. It works until ``expires_at``, once (``used_at``), and never after
    ``revoked_at``."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=16, choices=ClubRole.choices, default=ClubRole.ORGANIZER)
    token_hash = models.CharField(max_length=64, unique=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    used_at = models.DateTimeField(null=True, blank=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return f"invitation to {self.club} as {self.role}"
