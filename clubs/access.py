"""Who may organize a club, and who is writing: the checks and the actor every edge uses.

Reading needs nothing. Organizing a club (starting its matches and tournaments, managing them)
needs a staff or superuser account, or an owner or organizer role in the club (``StaffRole``).
Every write names its :class:`Actor` for the audit trail: a user by name, or a table link, with
the client's address.

A refusal is an exception, so every edge refuses the same way: :class:`SignInRequired` (a page
answers with the sign-in page, ``tablescore/signin.py``; the API with 401) and Django's
``PermissionDenied`` (403). What this module does not do: decide who may score a match (its table
link or an organizer of its club, ``scoring/access.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from django.core.exceptions import PermissionDenied
from django.db import models
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from clubs.errors import InvalidEntry
from clubs.models import Club, ClubRole, StaffRole
from clubs.names import name_key
from tablescore.client import client_ip

if TYPE_CHECKING:
    from rest_framework.request import Request

Row = TypeVar("Row", bound=models.Model)


class SignInRequired(PermissionDenied):
    """Only a signed-in organizer may do this, and nobody is signed in."""


def is_signed_in(user: Any) -> bool:
    """Whether ``user`` is a signed-in account (not anonymous, not absent)."""
    return bool(getattr(user, "is_authenticated", False))


@dataclass(frozen=True)
class Actor:
    """Who makes a write and from where; ``label`` is what the audit trail shows."""

    label: str
    user: Any = None
    ip: str | None = None
    via_table_link: bool = False

    @property
    def account(self) -> Any:
        """The account a stored row names as its author: the user if signed in, else none."""
        return self.user if is_signed_in(self.user) else None


def actor_for(request: HttpRequest | Request, *, table_link_club: int | None = None) -> Actor:
    """Who writes, for the audit trail, and from where. A signed-in user by name. A write made
    through a table link of club ``table_link_club`` is the link's, unless the signed-in user
    organizes that club (their own name, through the link)."""
    user = request.user
    through_link = table_link_club is not None
    if is_signed_in(user) and (table_link_club is None or can_manage(user, table_link_club)):
        return Actor(
            label=user.get_username() or "user", user=user, ip=client_ip(request), via_table_link=through_link
        )
    return Actor(label="table link", ip=client_ip(request), via_table_link=True)


def can_manage(user: Any, club: Club | int) -> bool:
    """Organizers and owners of the club, and staff or superusers everywhere."""
    if not is_signed_in(user):
        return False
    if user.is_superuser or user.is_staff:
        return True
    club_id = club if isinstance(club, int) else club.pk
    return StaffRole.objects.filter(club_id=club_id, user=user).exists()


def is_site_operator(user: Any) -> bool:
    """Who makes clubs on a hosted site (``clubs.services.clubs``): a superuser, or a staff account
    given the permission to add clubs."""
    if not is_signed_in(user) or not user.is_active:
        return False
    return bool(user.is_superuser or (user.is_staff and user.has_perm("clubs.add_club")))


def is_owner(user: Any, club: Club | int) -> bool:
    """An owner of the club, or a site operator (who stands for one: they made the club)."""
    if is_site_operator(user):
        return True
    club_id = club if isinstance(club, int) else club.pk
    return (
        is_signed_in(user)
        and StaffRole.objects.filter(club_id=club_id, user=user, role=ClubRole.OWNER).exists()
    )


def managed_clubs(user: Any) -> list[Club]:
    """The clubs a user may organize, by name as people sort them (``clubs.names``)."""
    if not is_signed_in(user):
        return []
    clubs = (
        Club.objects.all() if user.is_superuser or user.is_staff else Club.objects.filter(staff__user=user)
    )
    return sorted(clubs.distinct(), key=lambda club: name_key(club.name))


def organized_clubs(user: Any) -> list[Club]:
    """The clubs a page's organizer may act for (a new tournament, season or evening goes into one
    of them): :class:`SignInRequired` for a visitor, ``PermissionDenied`` for one who runs none."""
    if not is_signed_in(user):
        raise SignInRequired(_("sign in as an organizer of a club"))
    clubs = managed_clubs(user)
    if not clubs:
        raise PermissionDenied(_("you do not organize any club"))
    return clubs


def require_organizer(user: Any, club: Club | int) -> None:
    """Refuse anyone but an organizer of ``club``: :class:`SignInRequired` or ``PermissionDenied``."""
    if not is_signed_in(user):
        raise SignInRequired(_("sign in as an organizer of the club"))
    if not can_manage(user, club):
        raise PermissionDenied(_("only the club's owners and organizers may do this"))


def club_for_organizer(user: Any, slug: str | None) -> Club:
    """The club an organizer acts for: the one named by ``slug``, or the only one they organize."""
    if not is_signed_in(user):
        raise SignInRequired(_("sign in as an organizer of the club"))
    clubs = managed_clubs(user)
    if slug is not None:
        chosen = next((club for club in clubs if club.slug == slug), None)
        if chosen is None:
            raise PermissionDenied(_("you do not organize a club '%(slug)s'") % {"slug": slug})
        return chosen
    if len(clubs) == 1:
        return clubs[0]
    if not clubs:
        raise PermissionDenied(_("you do not organize any club"))
    raise InvalidEntry(_("say which club: you organize several"), "club", code="club_required")


#: "no such <what>" for each thing a page or the API looks up, as a whole sentence per thing.
NO_SUCH = {
    "club": gettext_lazy("no such club"),
    "deal": gettext_lazy("no such deal"),
    "match": gettext_lazy("no such match"),
    "player": gettext_lazy("no such player"),
    "season": gettext_lazy("no such season"),
    "tournament": gettext_lazy("no such tournament"),
}


def no_such(what: str) -> str:
    """The 404's sentence for ``what`` (a thing :data:`NO_SUCH` does not name keeps its word)."""
    return str(NO_SUCH[what]) if what in NO_SUCH else _("no such %(what)s") % {"what": what}


def one_or_404(rows: models.QuerySet[Row], what: str, **lookup: Any) -> Row:
    """The row of ``rows`` matching ``lookup``; a 404 saying "no such <what>" when there is none."""
    found = rows.filter(**lookup).first()
    if found is None:
        raise Http404(no_such(what))
    return found


def get_for_organizer(user: Any, rows: models.QuerySet[Row], what: str, **lookup: Any) -> Row:
    """As :func:`one_or_404`, for an organizer of the row's club only (see :func:`require_organizer`)."""
    found = one_or_404(rows, what, **lookup)
    require_organizer(user, found.pk if isinstance(found, Club) else found.serializable_value("club"))
    return found
