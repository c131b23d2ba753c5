"""The scoring data: matches, deals with append-only versions, idempotency records, audit.

Every row that grows with play (matches, deals, versions, audit events) carries ``club_id`` so the
big tables can be distributed by club (the clubs themselves are in ``clubs.models``). Models hold
no logic: every write goes through ``scoring.services``; a match's cached ``state`` is always the
replay of its live deal versions and is rewritten by the service that changed them.
"""

from __future__ import annotations

import secrets
import uuid
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext

from clubs.models import Club
from scoring.result_detail import ResultDetail
from scoring.result_states import Confirmation, ResultStatus, choices
from scoring.titles import said_title


class MatchStatus(models.TextChoices):
    IN_PROGRESS = "in_progress", _("In progress")
    FINISHED = "finished", _("Finished")
    ABANDONED = "abandoned", _("Abandoned")


def new_table_secret() -> str:
    """The random part of a table's scorer link."""
    return secrets.token_urlsafe(18)


class Match(models.Model):
    """One sitting at one table: a game with its options frozen at creation, and its deals."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="matches")
    public_id = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    game_key = models.CharField(max_length=40)
    title = models.CharField(
        max_length=120,
        blank=True,
        help_text="A friendly match's title, as typed (a tournament's table: none).",
    )
    title_parts = models.JSONField(
        null=True,
        blank=True,
        help_text="A tournament table's title as data: event, round, table, game (scoring/titles.py).",
    )
    preset = models.CharField(max_length=40, blank=True)
    options = models.JSONField(help_text="The effective options, frozen at creation.")
    sides = models.JSONField(help_text="Side names in seating order, as in match.json.")
    seats = models.JSONField(null=True, blank=True, help_text="Player names per seat (partnership games).")
    deal_limit = models.PositiveIntegerField(
        null=True,
        blank=True,
        help_text="Cut the match after this many deals (a tournament's fixed-deals format).",
    )
    status = models.CharField(max_length=16, choices=MatchStatus.choices, default=MatchStatus.IN_PROGRESS)
    state = models.JSONField(
        default=dict, help_text="Cache: the replay of the live deals (docs/games/README.md §6)."
    )
    snapshot = models.JSONField(
        null=True,
        blank=True,
        help_text="Cache beside the state: what resumes the game without a replay (games/snapshot.py).",
    )
    winner = models.CharField(max_length=120, blank=True)
    deal_count = models.PositiveIntegerField(default=0)
    revision = models.PositiveIntegerField(
        default=0, help_text="Bumped by every write; the ETag of the page."
    )
    table_secret = models.CharField(max_length=64, default=new_table_secret)
    table_link_revoked = models.BooleanField(default=False)
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL)
    announce_changes = models.BooleanField(
        default=False,
        help_text="Tell the tournaments app after every change (the match is a tournament table's).",
    )
    result_status = models.CharField(
        max_length=10,
        choices=choices(ResultStatus),
        default=ResultStatus.OPEN,
        help_text="Where the result stands (scoring/result_states.py).",
    )
    confirmation = models.CharField(
        max_length=12,
        choices=choices(Confirmation),
        default=Confirmation.NONE,
        help_text="How the other side vouches for the result (a tournament's choice).",
    )
    result_detail = models.JSONField(
        default=dict,
        blank=True,
        help_text="Who accepted or rejected and why, which round closed it (scoring/services/results.py).",
    )
    result_at = models.DateTimeField(null=True, blank=True, help_text="When the result reached its status.")
    archived_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="Hidden from the lists since then (a friendly match kept, not shown).",
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ("-updated_at",)
        verbose_name_plural = "matches"
        indexes = [models.Index(fields=["club", "status"])]

    def __str__(self) -> str:
        if self.title_parts or self.title or not self.sides:
            return said_title(str(self.title), self.title_parts)
        said = str(self.sides[0])
        for side in self.sides[1:]:  # "Ann v Ben v Cy", in the active language
            said = pgettext("versus", "%(first)s v %(second)s") % {"first": said, "second": side}
        return said

    def get_absolute_url(self) -> str:
        return reverse("scoring:match", args=[self.pk])

    @property
    def outcome(self) -> dict[str, Any]:
        """The cached outcome document."""
        return dict(self.state.get("outcome") or {"finished": False, "winner": None, "draw": False})

    @property
    def detail(self) -> ResultDetail:
        """The result's detail, typed (``result_detail`` as stored; write back ``.as_json()``)."""
        return ResultDetail.of(self.result_detail)


class Deal(models.Model):
    """A deal's place in a match; its content lives in :class:`DealVersion` rows."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField()
    version = models.PositiveIntegerField(default=1, help_text="The current version's number.")
    voided = models.BooleanField(default=False)

    class Meta:
        ordering = ("number",)
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="deal_number_once")]

    def __str__(self) -> str:
        return f"deal {self.number} of match {self.match_id}"


class Source(models.TextChoices):
    WEB = "web", _("Web form")
    API = "api", "API"
    ADMIN = "admin", _("Organizer")
    IMPORT = "import", _("Import")


class DealVersion(models.Model):
    """One version of a deal's entry: never updated, only followed by a newer version."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveIntegerField()
    entry = models.JSONField(null=True, help_text="The deal entry as the game defines it; null when voided.")
    voided = models.BooleanField(default=False)
    reason = models.CharField(max_length=300, blank=True)
    source = models.CharField(max_length=10, choices=Source.choices)
    actor_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    actor_label = models.CharField(max_length=120, help_text="Who: a user name or 'table link'.")
    actor_ip = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("deal_id", "version")
        constraints = [models.UniqueConstraint(fields=["deal", "version"], name="deal_version_once")]

    def __str__(self) -> str:
        return f"{self.deal} v{self.version}"


class IdempotentRequest(models.Model):
    """The stored answer to a request sent with an ``Idempotency-Key``, replayed on a repeat."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="idempotent_requests")
    key = models.CharField(max_length=120)
    fingerprint = models.CharField(max_length=64, help_text="Hash of the request body.")
    status_code = models.PositiveSmallIntegerField()
    response = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["match", "key"], name="idempotency_key_once")]

    def __str__(self) -> str:
        return f"{self.key} for match {self.match_id}"


class AuditAction(models.TextChoices):
    MATCH_CREATED = "match_created", _("Match created")
    DEAL_RECORDED = "deal_recorded", _("Deal recorded")
    DEAL_CORRECTED = "deal_corrected", _("Deal corrected")
    DEAL_VOIDED = "deal_voided", _("Deal voided")
    MATCH_ABANDONED = "match_abandoned", _("Match abandoned")
    LINK_REVOKED = "link_revoked", _("Table link revoked")
    LINK_RENEWED = "link_renewed", _("Table link renewed")
    RESULT_SUBMITTED = "result_submitted", _("Result submitted")
    RESULT_CONFIRMED = "result_confirmed", _("Result confirmed")
    RESULT_OPENED = "result_opened", _("Result open again")
    RESULT_ACCEPTED = "result_accepted", _("Result accepted")
    RESULT_REJECTED = "result_rejected", _("Result rejected")
    RESULT_RESOLVED = "result_resolved", _("Dispute resolved")
    RESULT_VOIDED = "result_voided", _("Result voided")
    RESULT_REOPENED = "result_reopened", _("Result reopened")
    RESULT_CLOSED = "result_closed", _("Round closed")
    RESULT_CORRECTED = "result_corrected", _("Corrected after the round closed")
    CONFLICT_RECORDED = "conflict_recorded", _("Conflicting entry recorded")
    CONFLICT_RESOLVED = "conflict_resolved", _("Conflict resolved")
    BLIND_RECORDED = "blind_recorded", _("Deal entered by one side (double-blind)")
    BLIND_UNDONE = "blind_undone", _("One side's last deal undone (double-blind)")
    BLIND_COMPARED = "blind_compared", _("Both sides' entries compared")
    BLIND_PICKED = "blind_picked", _("A side's entry chosen by the director")
    MATCH_ARCHIVED = "match_archived", _("Match archived")
    MATCH_RESTORED = "match_restored", _("Match shown in the lists again")
    CORRECTION_ASKED = "correction_asked", _("Director asked to correct a deal")
    CORRECTION_DONE = "correction_done", _("Correction request settled: deal corrected")
    CORRECTION_DISMISSED = "correction_dismissed", _("Correction request dismissed")
    STANDINGS_REVEALED = "standings_revealed", _("Standings of a blind finish revealed")
    ENTRANT_CHECKED_IN = "entrant_checked_in", _("Entrant checked in")
    CHECK_IN_UNDONE = "check_in_undone", _("Entrant's check-in taken back")
    ENTRANT_PAID = "entrant_paid", _("Entrant's payment recorded")


class AuditEvent(models.Model):
    """Who changed what, when and from where: the trail of every write. Most belong to a match; a
    place's own events (a tournament's physical table whose link was revoked or renewed) name the
    place instead (``place``: "kind:id", as ``scoring.places`` registers it)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    match = models.ForeignKey(
        Match, null=True, blank=True, on_delete=models.CASCADE, related_name="audit_events"
    )
    place = models.CharField(max_length=60, blank=True, help_text="A place's events: 'kind:id'.")
    action = models.CharField(max_length=20, choices=AuditAction.choices)
    deal_number = models.PositiveIntegerField(null=True, blank=True)
    version = models.PositiveIntegerField(null=True, blank=True)
    actor_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    actor_label = models.CharField(max_length=120)
    actor_ip = models.GenericIPAddressField(null=True, blank=True)
    detail = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("created_at", "pk")
        indexes = [
            models.Index(fields=["match", "created_at"]),
            models.Index(fields=["place", "created_at"], name="audit_place_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.get_action_display()} by {self.actor_label}"


class BlindEntry(models.Model):
    """A deal as one side entered it, in that side's own ledger (double-blind confirmation,
    ``scoring/services/blind.py``): never shown to the other side until both have entered the match, and
    never counted itself: once both ledgers are complete and identical, they become the match's
    deals; different, they are the two versions of a dispute."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="blind_entries")
    side = models.PositiveSmallIntegerField(help_text="The index of the side whose ledger it is.")
    number = models.PositiveIntegerField()
    entry = models.JSONField(help_text="The deal entry as the game defines it.")
    actor_label = models.CharField(max_length=120)
    actor_ip = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ("match", "side", "number")
        constraints = [models.UniqueConstraint(fields=["match", "side", "number"], name="blind_entry_once")]

    def __str__(self) -> str:
        return f"{self.match} side {self.side} deal {self.number}"


class ConflictResolution(models.TextChoices):
    KEPT = "kept", _("The scored entry kept")
    REPLACED = "replaced", _("The other entry used")


class DealConflict(models.Model):
    """A different entry sent for a deal number already scored (two phones at one table, #13):
    kept beside the deal, never applied by itself, until the table or the director decides."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="conflicts")
    number = models.PositiveIntegerField(help_text="The deal number both entries were sent for.")
    entry = models.JSONField(help_text="The entry that was not applied.")
    fingerprint = models.CharField(max_length=64)
    source = models.CharField(max_length=10, choices=Source.choices)
    actor_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    actor_label = models.CharField(max_length=120)
    actor_ip = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolution = models.CharField(max_length=10, choices=ConflictResolution.choices, blank=True)
    resolved_by = models.CharField(max_length=120, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "number", "fingerprint"],
                condition=models.Q(resolved_at__isnull=True),
                name="deal_conflict_open_once",
            )
        ]

    def __str__(self) -> str:
        return f"{self.match} deal {self.number}: conflict"


class TableContact(models.Model):
    """When a match's table last reached the server through its link, and how many deals its
    phone said it still keeps (the ``Tablescore-Outbox`` request header)."""

    match = models.OneToOneField(Match, on_delete=models.CASCADE, primary_key=True, related_name="contact")
    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    seen_at = models.DateTimeField()
    pending = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.match}: seen {self.seen_at:%H:%M}, {self.pending} pending"


class CorrectionRequestStatus(models.TextChoices):
    OPEN = "open", _("Open")
    CORRECTED = "corrected", _("Corrected")
    DISMISSED = "dismissed", _("Dismissed")


class CorrectionRequest(models.Model):
    """A table asking the director to correct one deal of a result its round already closed
    (``scoring/services/correction_requests.py``): the table may no longer write it, so the request waits
    on the results desk until the director corrects that deal or dismisses it. Settled requests
    stay, with who settled them and when: the trail keeps what was asked."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE)
    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="correction_requests")
    deal_number = models.PositiveIntegerField()
    reason = models.CharField(max_length=300)
    side = models.CharField(max_length=120, blank=True, help_text="The side asking, when it named itself.")
    actor_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL)
    actor_label = models.CharField(max_length=120)
    actor_ip = models.GenericIPAddressField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    status = models.CharField(
        max_length=10, choices=CorrectionRequestStatus.choices, default=CorrectionRequestStatus.OPEN
    )
    settled_by = models.CharField(max_length=120, blank=True)
    settled_at = models.DateTimeField(null=True, blank=True)
    settled_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["created_at", "pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["match", "deal_number"],
                condition=models.Q(status="open"),
                name="correction_request_open_once",
            )
        ]

    def __str__(self) -> str:
        return f"{self.match} deal {self.deal_number}: correction asked"
