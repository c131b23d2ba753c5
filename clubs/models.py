"""The club data: clubs, the players known across them, memberships and staff roles.

These rows began in the scoring app; they moved here with their tables unchanged (``db_table``
keeps each name), so the move touched no data. A club's page belongs to the scoring app, which
lists its matches: the project points at it (``ABSOLUTE_URL_OVERRIDES`` in tablescore/settings.py).
Models hold no logic; the club's permissions are in :mod:`clubs.access`.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Club(models.Model):
    """A card club: it owns its matches and tournaments."""

    name = models.CharField(max_length=120)
    slug = models.SlugField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

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
    OWNER = "owner", "Owner"
    ORGANIZER = "organizer", "Organizer"


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
