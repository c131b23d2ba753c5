"""Seasons data: a club's competitions over many evenings, its players' ratings, and what the club
and each player let the public see.

Every row carries ``club_id``. Models hold no logic: ``seasons.services`` does every write, the
pure packages compute (``seasons.competition``: the season table; ``seasons.rating``: ratings).
"""

from __future__ import annotations

from django.db import models
from django.urls import reverse

from clubs.models import Club, Player
from tournaments.models import Tournament


class Season(models.Model):
    """A competition over evenings (tournaments) of one game, with its counting rule."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    game_key = models.CharField(max_length=40)
    rule = models.JSONField(help_text="The counting rule, checked (seasons.competition.rule).")
    table = models.JSONField(default=dict, blank=True, help_text="Cache: the season table as last computed.")
    table_at = models.DateTimeField(null=True, blank=True)
    revision = models.PositiveIntegerField(default=0, help_text="Bumped by every change the page shows.")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("seasons:season", args=[self.pk])


class SeasonEvening(models.Model):
    """An evening of a season: a tournament of the season's game, on its day."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="evenings")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="season_evenings")
    day = models.DateField(help_text="The day the evening is played (what the season's page shows).")

    class Meta:
        ordering = ("day", "pk")
        constraints = [models.UniqueConstraint(fields=["season", "tournament"], name="season_evening_once")]

    def __str__(self) -> str:
        return f"{self.tournament} in {self.season}"


class Rating(models.Model):
    """A player's rating in one game family at one club (openskill's mu and sigma)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="ratings")
    family = models.CharField(max_length=40)
    mu = models.FloatField()
    sigma = models.FloatField()
    matches = models.PositiveIntegerField()

    class Meta:
        ordering = ("family", "-mu")
        constraints = [models.UniqueConstraint(fields=["club", "family", "player"], name="rating_once")]

    def __str__(self) -> str:
        return f"{self.player} in {self.family}"


class RatingLedger(models.Model):
    """What a club's ratings in a family were computed from: the matches up to ``through`` (a
    table's round id and number) and a digest of their results, so that a new match is added on
    top and a change to an older one replays the whole history."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    family = models.CharField(max_length=40)
    through_round = models.PositiveIntegerField(default=0)
    through_table = models.PositiveIntegerField(default=0)
    matches = models.PositiveIntegerField(default=0)
    digest = models.CharField(max_length=64, blank=True)
    replays = models.PositiveIntegerField(
        default=0, help_text="How many times the history was replayed in full."
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "family"], name="rating_ledger_once")]

    def __str__(self) -> str:
        return f"{self.family} ratings of {self.club}"


class ClubPreferences(models.Model):
    """What a club shows of its players: their pages and top lists, and the chance to win before a
    match on its scoreboards."""

    club = models.OneToOneField(Club, on_delete=models.CASCADE, related_name="season_preferences")
    players_public = models.BooleanField(
        default=True, help_text="Player pages, ratings and top lists are public (else organizers only)."
    )
    win_chances = models.BooleanField(
        default=False, help_text="Scoreboards show each side's chance to win before a match."
    )

    class Meta:
        verbose_name_plural = "club preferences"

    def __str__(self) -> str:
        return f"preferences of {self.club}"


class PlayerPrivacy(models.Model):
    """A player who asked to be left out of the club's public lists and pages."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="privacy")
    hidden = models.BooleanField(default=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "player"], name="player_privacy_once")]

    def __str__(self) -> str:
        return f"{self.player} ({'hidden' if self.hidden else 'listed'}) at {self.club}"
