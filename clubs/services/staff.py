"""A club's staff: a role taken back. Roles are given by invitation (``invitations``).

A club always keeps someone to run it: its last owner, or its last staff member of any role,
cannot be removed (the club's rows are locked while counting, so two removals at once cannot
leave it with none).
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import require_organizer
from clubs.errors import Conflict, NotFound
from clubs.models import Club, ClubRole, StaffRole
from clubs.services.invitations import may_give


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
        others = [row for row in roles if row.pk != role.pk]
        if not others or (role.role == ClubRole.OWNER and not any(r.role == ClubRole.OWNER for r in others)):
            raise Conflict(
                _("the club keeps at least one owner: invite another owner before removing this one"),
                "role",
                code="last_owner",
            )
        role.delete()
    return role
