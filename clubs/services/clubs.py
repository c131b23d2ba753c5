"""A club made on a hosted site by its operator, with the link that gives it its first owner.

The room makes its one club at the first start (``clubs.setup``); a site for many clubs makes each
one here, from a page, no admin needed: the operator hands the link to the club, whose organizer
opens it and runs the club from then on.
"""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.access import SignInRequired, is_signed_in, is_site_operator
from clubs.models import Club
from clubs.services.invitations import Issued, first_invitation_issue
from clubs.setup import free_slug


def club_create(*, name: str, language: str, time_zone: str, by: Any) -> Issued:
    """A new club (its name, language and time zone already checked by the form) and the
    invitation of its first owner."""
    if not is_signed_in(by):
        raise SignInRequired(_("sign in as the site's operator"))
    if not is_site_operator(by):
        raise PermissionDenied(_("only the site's operators may make a club"))
    with transaction.atomic():
        club = Club.objects.create(name=name, slug=free_slug(name), language=language, time_zone=time_zone)
        return first_invitation_issue(club=club, by=by)
