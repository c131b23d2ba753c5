"""A club's staff: a role taken back. Roles are given by invitation (``invitations``).

A club always keeps someone to run it: its last owner, or its last staff member of any role,
cannot be removed (the club's rows are locked while counting, so two removals at once cannot
leave it with none).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import require_organizer
from clubs.errors import Conflict, NotFound
from clubs.models import Club, ClubRole, StaffRole
from clubs.services.invitations import may_give


def removable(roles: Sequence[StaffRole], by: Any, club: Club) -> set[int]:
    """The ids of ``roles`` (all of a club's) that ``by`` may take back: not the last owner, not
    the last one of all, an owner's only by an owner."""
    owners = [row for row in roles if row.role == ClubRole.OWNER]
    if len(roles) < 2:
        return set()
    return {
        row.pk
        for row in roles
        if may_give(by, club, row.role) and not (row.role == ClubRole.OWNER and len(owners) < 2)
    }


def staff_role_remove(*, club: Club, role_id: int, by: Any) -> StaffRole:
    """Take back one staff role of ``club``; refused for the last owner or the last one of all."""
    require_organizer(by, club)
    with transaction.atomic():
        roles = list(StaffRole.objects.select_for_update().filter(club=club).order_by("pk"))
        role = next((row for row in roles if row.pk == role_id), None)
        if role is None:
            raise NotFound(_("no such staff role"), "role")
        if not may_give(by, club, role.role):
            raise PermissionDenied(_("only the club's owners may remove an owner"))
        if role.pk not in removable(roles, by, club):
            raise Conflict(
                _("the club keeps at least one owner: invite another owner before removing this one"),
                "role",
                code="last_owner",
            )
        role.delete()
    return role
