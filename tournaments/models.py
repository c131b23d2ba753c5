"""Tournament data: an event, its entrants, rounds, tables (each a scoring Match) and standings.

Every row carries ``club_id``. Models hold no logic; ``tournaments.services`` does
every write, and the pure engines in ``tournaments.pairing`` decide pairings and brackets (the
event formats and kinds of entrant are declared there, in ``tournaments.pairing.formats``).
"""

from __future__ import annotations

import uuid
from typing import Any

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from clubs.models import Club, Player
from scoring.models import Match, new_table_secret
from scoring.result_states import Confirmation
from scoring.result_states import choices as result_choices
from tournaments.pairing.match_format import parse_match_format
from tournaments.wording import entrant_kind_choices, format_choices, match_format_label


class TournamentStatus(models.TextChoices):
    # Translators: a tournament's state: entrants are being registered.
    REGISTRATION = "registration", _("Registration")
    # Translators: a tournament's state: its rounds are being played.
    RUNNING = "running", pgettext_lazy("tournament", "Running")
    FINISHED = "finished", pgettext_lazy("tournament", "Finished")


class Tournament(models.Model):
    """One event: a game with frozen options, a format, a match format and a tiebreak order."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tournaments")
    #: The evening's identity across Tablescores: an exported evening keeps it wherever it is
    #: imported, so a second import finds the first (``tournaments.travel``).
    evening = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    name = models.CharField(max_length=120)
    game_key = models.CharField(max_length=40)
    preset = models.CharField(max_length=40, blank=True)
    options = models.JSONField(help_text="The game's effective options, frozen at creation.")
    entrant_kind = models.CharField(max_length=12, choices=entrant_kind_choices())
    format = models.CharField(max_length=20, choices=format_choices())
    match_format = models.CharField(max_length=20, help_text="game, deals:N, rubber or best-of:N")
    rounds_planned = models.PositiveSmallIntegerField(null=True, blank=True)
    tiebreaks = models.JSONField(default=list, help_text="Ordered standings metric keys.")
    points = models.JSONField(default=dict, help_text="Match points for a win, draw and loss.")
    settings = models.JSONField(
        default=dict, help_text="Format extras: third place, final reset, seats, seed."
    )
    confirmation = models.CharField(
        max_length=12,
        choices=result_choices(Confirmation),
        default=Confirmation.HAND_OVER,
        help_text="How the other side of a table vouches for its result (scoring/result_states.py).",
    )
    status = models.CharField(
        max_length=16, choices=TournamentStatus.choices, default=TournamentStatus.REGISTRATION
    )
    revision = models.PositiveIntegerField(
        default=0, help_text="Bumped by every change the public page shows."
    )
    standings = models.JSONField(default=dict, help_text="Cache: the last computed standings.")
    standings_at = models.DateTimeField(null=True, blank=True)
    standings_revision = models.PositiveIntegerField(
        default=0, help_text="The revision the cached standings were computed at (stale when behind)."
    )
    bracket = models.JSONField(
        default=dict,
        blank=True,
        help_text="Elimination: the seed order the bracket is rebuilt from, its champion, placings.",
    )
    lots = models.JSONField(
        default=dict,
        blank=True,
        help_text="Lots drawn to break ties (the 'lots' tiebreak): entrant id → its lot, the lowest "
        "first; drawn by the server when first needed, never drawn again.",
    )
    archived_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Hidden from the public lists since then; its results still count (seasons, audit).",
    )
    # The club's own rules for the evening (tournaments.standings.club_rules).
    bye = models.JSONField(
        default=dict, blank=True, help_text="What sitting out scores; empty: the format's default."
    )
    absent = models.JSONField(default=dict, blank=True, help_text="What missing a round scores.")
    fee = models.PositiveIntegerField(null=True, blank=True, help_text="The entry fee, in cents.")
    require_paid = models.BooleanField(default=False, help_text="The draw waits until everyone has paid.")
    require_check_in = models.BooleanField(
        default=False, help_text="The draw waits until everyone has checked in."
    )
    prizes = models.JSONField(default=dict, blank=True, help_text="Who gets a prize; empty: no prize list.")
    blind_rounds = models.PositiveSmallIntegerField(
        default=0, help_text="The last rounds whose standings stay hidden until revealed."
    )
    revealed_at = models.DateTimeField(
        null=True, blank=True, help_text="When the organizer revealed a blind finish."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("-created_at",)

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("tournaments:public", args=[self.pk])

    @property
    def match_format_label(self) -> str:
        """``best-of:3`` as a player says it: "best of 3 games"."""
        return match_format_label(parse_match_format(self.match_format, self.game_key))


class Entrant(models.Model):
    """A player or a fixed partnership in a tournament."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entrants")
    name = models.CharField(max_length=120)
    players = models.ManyToManyField(Player, blank=True)
    affiliation = models.CharField(max_length=120, blank=True, help_text="The entrant's home club.")
    seed = models.PositiveIntegerField(null=True, blank=True)
    rating = models.IntegerField(null=True, blank=True)
    withdrawn = models.BooleanField(default=False)
    checked_in = models.BooleanField(default=False)
    paid = models.PositiveIntegerField(default=0, help_text="What the entrant has paid, in cents.")
    joins_round = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="A late arrival: the first round it is drawn in."
    )
    secret = models.CharField(
        max_length=64, default=new_table_secret, help_text="The entrant's own link (checking in)."
    )

    class Meta:
        ordering = (models.F("seed").asc(nulls_last=True), "pk")
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="entrant_name_once")]

    def __str__(self) -> str:
        return self.name


def players_as_entered() -> models.Prefetch[Any]:
    """The ``players`` of entrants, prefetched in the order they were entered ("Émilie Laurent &
    François Simon" stays so), not by name: the rows of the link table are written in that order
    (``tournaments.services.entrants``) and read back by their id. The link table is Django's own
    (no column of ours to order by), hence its id named in SQL."""
    link = Entrant.players.through._meta.db_table
    return models.Prefetch("players", queryset=Player.objects.extra(order_by=[f"{link}.id"]))


class RoundStatus(models.TextChoices):
    BUILDING = "building", _("Being paired")
    # Translators: a round's state: its tables are playing.
    PLAYING = "playing", pgettext_lazy("round", "Playing")
    COMPLETE = "complete", pgettext_lazy("round", "Complete")
    FAILED = "failed", _("Could not be paired")


class Round(models.Model):
    """A round of a tournament; its tables are built by the ``round_pair`` task."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    label = models.CharField(
        max_length=40, blank=True, help_text="Brackets: the column's name (Semi-finals)."
    )
    status = models.CharField(max_length=10, choices=RoundStatus.choices, default=RoundStatus.BUILDING)
    byes = models.JSONField(default=list, help_text="Entrant ids with a bye this round.")
    absent = models.JSONField(
        default=list, help_text="Entrant ids that missed this round for another reason (late)."
    )
    flags = models.JSONField(default=list, help_text="Why each flagged pairing was made.")
    task_id = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("tournament_id", "number")
        constraints = [models.UniqueConstraint(fields=["tournament", "number"], name="round_number_once")]

    def __str__(self) -> str:
        return f"{self.tournament} round {self.number}"


class TableStatus(models.TextChoices):
    # Translators: a table's state: its match is being played.
    PLAYING = "playing", pgettext_lazy("table", "Playing")
    FINISHED = "finished", pgettext_lazy("table", "Finished")
    ADJUSTED = "adjusted", _("Result set by the organizer")
    # Translators: a table's state: a side gave up (did not play).
    FORFEIT = "forfeit", _("Forfeit")


class TableAssignment(models.Model):
    """One table of a round: its entrants in side (or seat) order and the match(es) they play."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    entrants = models.JSONField(help_text="Entrant ids in side order (seat order for re-drawn partners).")
    bracket_slot = models.CharField(
        max_length=40, blank=True, help_text="Elimination: which slot this table plays."
    )
    status = models.CharField(max_length=10, choices=TableStatus.choices, default=TableStatus.PLAYING)
    result = models.JSONField(default=dict, help_text="Per entrant id: outcome and game points.")
    reason = models.CharField(max_length=300, blank=True, help_text="Why the organizer set the result.")
    adjusted_by = models.CharField(max_length=120, blank=True, help_text="Who set the result.")
    adjusted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ("round_id", "number")
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="table_number_once")]

    def __str__(self) -> str:
        return f"{self.round}, table {self.number}"


class TableGame(models.Model):
    """A match played at a table; best-of-N formats play several in sequence."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    table = models.ForeignKey(TableAssignment, on_delete=models.CASCADE, related_name="games")
    match = models.OneToOneField(Match, on_delete=models.CASCADE, related_name="tournament_game")
    sequence = models.PositiveSmallIntegerField(default=1)
    synced_revision = models.PositiveIntegerField(
        default=0, help_text="The match revision last read into the table's result."
    )

    class Meta:
        ordering = ("table_id", "sequence")
        constraints = [models.UniqueConstraint(fields=["table", "sequence"], name="table_game_once")]

    def __str__(self) -> str:
        return f"{self.table}, game {self.sequence}"


class PhysicalTable(models.Model):
    """A numbered table of the room, with one scorer link for the whole event: the link opens the
    match played at this table now (``tournaments.physical_tables``). Revoking or renewing the
    link rotates ``secret``, as for a match's own link."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="physical_tables")
    number = models.PositiveSmallIntegerField()
    secret = models.CharField(max_length=64, default=new_table_secret)
    revoked = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("tournament_id", "number")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="physical_table_number_once")
        ]

    def __str__(self) -> str:
        return f"{self.tournament}, table {self.number}"
