"""A club's invitation links: issued by a site operator or the club's staff, accepted once by the
person who opens one, revoked by the staff.

A link carries a random token (``secrets``: unguessable, nothing to sign it with that could leak);
the database keeps only its SHA-256, so the link is shown once, to whoever made it, and a copy of
the database opens nothing. A link works until ``INVITATION_DAYS`` have passed, once, and never
after it is revoked. Accepting locks the invitation's row and marks it used with a conditional
update, so of two phones opening the same link at once only one gets the role.

What this module does not do: render the link or its QR code (``clubs.invitation_pages``).
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import IntegrityError, models, transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.access import can_manage, is_owner, require_organizer
from clubs.errors import Conflict, InvalidEntry, NotFound
from clubs.models import Club, ClubRole, Invitation, StaffRole


class InvitationState(models.TextChoices):
    """Why a link does not (or does) give its role."""

    VALID = "valid", gettext_lazy("valid")
    UNKNOWN = "unknown", gettext_lazy("This invitation link does not exist. Check that it was copied whole.")
    USED = "used", gettext_lazy("This invitation link was already used. Ask the club for a new one.")
    EXPIRED = "expired", gettext_lazy("This invitation link has expired. Ask the club for a new one.")
    REVOKED = (
        "revoked",
        gettext_lazy("This invitation link was withdrawn by the club. Ask the club for a new one."),
    )


class InvitationRefused(Conflict):
    """A link that gives nothing: unknown (404), or used, expired or revoked (410)."""

    status = 410


@dataclass(frozen=True)
class Issued:
    """A new invitation and its token: the only moment the token is known."""

    invitation: Invitation
    token: str


def token_hash(token: str) -> str:
    """What the database keeps of a token."""
    return hashlib.sha256(token.encode()).hexdigest()


def invitation_state(invitation: Invitation | None, *, now: Any = None) -> InvitationState:
    """Whether ``invitation`` still gives its role, and if not why (revoked before used before
    expired: the first thing that happened to it)."""
    if invitation is None:
        return InvitationState.UNKNOWN
    if invitation.revoked_at is not None:
        return InvitationState.REVOKED
    if invitation.used_at is not None:
        return InvitationState.USED
    if invitation.expires_at <= (now or timezone.now()):
        return InvitationState.EXPIRED
    return InvitationState.VALID


def _refused(state: InvitationState) -> InvitationRefused:
    error = InvitationRefused(str(state.label), "token", code=f"invitation_{state.value}")
    if state == InvitationState.UNKNOWN:
        error.status = 404
    return error


def invitation_for(token: str) -> Invitation:
    """The invitation of a link that still gives its role, or :class:`InvitationRefused`."""
    invitation = Invitation.objects.select_related("club").filter(token_hash=token_hash(token)).first()
    state = invitation_state(invitation)
    if invitation is None or state != InvitationState.VALID:
        raise _refused(state)
    return invitation


def invitation_club(kwargs: Mapping[str, Any]) -> QuerySet[Any] | None:
    """The club of an invitation page, from its link's token (``clubs.bound``): the page speaks
    the club's language."""
    token = kwargs.get("token")
    return (
        Invitation.objects.filter(token_hash=token_hash(token)).values("club_id")
        if isinstance(token, str)
        else None
    )


def may_give(user: Any, club: Club, role: str) -> bool:
    """Whether ``user`` may give (or take back) ``role`` in ``club``: its staff give organizers,
    only its owners (or a site operator) give owners."""
    return is_owner(user, club) if role == ClubRole.OWNER else can_manage(user, club)


def _issue(*, club: Club, role: str, by: Any) -> Issued:
    token = secrets.token_urlsafe(24)
    invitation = Invitation.objects.create(
        club=club,
        role=role,
        token_hash=token_hash(token),
        created_by=by,
        expires_at=timezone.now() + timedelta(days=settings.INVITATION_DAYS),
    )
    return Issued(invitation=invitation, token=token)


def invitation_issue(*, club: Club, role: str, by: Any) -> Issued:
    """A new link that gives ``role`` in ``club``, made by ``by`` (one of its staff)."""
    require_organizer(by, club)
    if role not in ClubRole.values:
        raise InvalidEntry(_("choose the role the invitation gives"), "role", code="role_unknown")
    if not may_give(by, club, role):
        raise PermissionDenied(_("only the club's owners may invite an owner"))
    with transaction.atomic():
        return _issue(club=club, role=role, by=by)


def first_invitation_issue(*, club: Club, by: Any) -> Issued:
    """The link that gives a new club its first owner (``clubs.services.clubs.club_create``,
    inside its transaction)."""
    return _issue(club=club, role=ClubRole.OWNER, by=by)


def invitation_revoke(*, club: Club, invitation_id: int, by: Any) -> Invitation:
    """The link stops working. A used or already revoked one is left as it is."""
    require_organizer(by, club)
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(club=club, pk=invitation_id).first()
        if invitation is None:
            raise NotFound(_("no such invitation"), "invitation")
        if not may_give(by, club, invitation.role):
            raise PermissionDenied(_("only the club's owners may withdraw an owner's invitation"))
        if invitation.revoked_at is None and invitation.used_at is None:
            invitation.revoked_at = timezone.now()
            invitation.save(update_fields=["revoked_at"])
    return invitation


def invitation_accept(*, token: str, user: Any) -> StaffRole:
    """``user`` (signed in) takes the role the link gives; the link is used up. Someone who
    already has a role in the club keeps the higher one (an owner stays an owner)."""
    with transaction.atomic():
        invitation = Invitation.objects.select_for_update().filter(token_hash=token_hash(token)).first()
        state = invitation_state(invitation)
        if invitation is None or state != InvitationState.VALID:
            raise _refused(state)
        now = timezone.now()
        # The backstop where the row lock is a no-op (SQLite): only one update finds it unused.
        taken = Invitation.objects.filter(
            pk=invitation.pk, used_at__isnull=True, revoked_at__isnull=True
        ).update(used_at=now, used_by=user)
        if not taken:
            raise _refused(InvitationState.USED)
        role, created = StaffRole.objects.get_or_create(
            club_id=invitation.club_id, user=user, defaults={"role": invitation.role}
        )
        if not created and invitation.role == ClubRole.OWNER and role.role != ClubRole.OWNER:
            role.role = ClubRole.OWNER
            role.save(update_fields=["role"])
    return role


def invitation_accept_new_account(
    *, token: str, username: str, display_name: str, password: str
) -> StaffRole:
    """A new account (``password`` already checked against the site's rules by the form) and the
    role the link gives it, in one transaction: a refused link makes no account."""
    with transaction.atomic():
        invitation_for(token)
        try:
            with transaction.atomic():
                user = get_user_model().objects.create_user(
                    username=username, password=password, first_name=display_name
                )
        except IntegrityError:
            raise InvalidEntry(
                _("this user name is taken: choose another, or sign in if it is yours"),
                "username",
                code="username_taken",
            ) from None
        return invitation_accept(token=token, user=user)


def pending_invitations(club: Club) -> list[Invitation]:
    """The club's links that still work, newest first (for its staff page)."""
    now = timezone.now()
    return list(
        Invitation.objects.filter(
            club=club, used_at__isnull=True, revoked_at__isnull=True, expires_at__gt=now
        )
        .select_related("created_by")
        .order_by("-created_at")
    )
