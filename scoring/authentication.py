"""Who may call the APIs, for every app: a table's scorer link (``Authorization: Table <token>``),
a signed-in session, or an organizer's API token (DRF's own); ``TableLinkAuthentication`` is the
first of DRF's default classes (``REST_FRAMEWORK`` in the settings), so no view names its own. A
request made with a match's link may score that match, and nothing else; an organizer's call is
checked against their club.

What this module does not do: decide what a caller may change beyond that (the services do).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied as DjangoPermissionDenied
from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from clubs.access import (
    SignInRequired,
    is_signed_in,
    one_or_404,
    require_organizer,
)
from clubs.errors import Conflict
from scoring.access import can_score
from scoring.links import is_place, match_for_token, place_now, signed_payload, token_side
from scoring.models import Match
from scoring.throttling import TooManyBadTokens, check_token, count_refused


@dataclass(frozen=True)
class TableGrant:
    """``request.auth`` for a request made with a table link: it may score one match (``side``:
    the side whose own link it is, for confirmation by own device)."""

    match: Match
    side: int | None = None


def granted_match(request: Request) -> Match | None:
    """The match the request's table link may score, if it was made with one."""
    return request.auth.match if isinstance(request.auth, TableGrant) else None


def require_organizer_call(request: Request, *, club_id: int | None, running: str) -> None:
    """An organizer's write (a tournament's, a season's): an organizer's session or token, of
    ``club_id`` when the thing written to has a club yet; a table link never (it may score one
    match and nothing else)."""
    if isinstance(request.auth, TableGrant):
        raise DjangoPermissionDenied(_("a table link cannot run %(what)s") % {"what": running})
    if not is_signed_in(request.user):
        raise SignInRequired(_("sign in as an organizer of the club"))
    if club_id is not None:
        require_organizer(request.user, club_id)


class TableLinkAuthentication(authentication.BaseAuthentication):
    """``Authorization: Table <token>``, or ``?table=<token>`` (the scorer link itself)."""

    keyword = "Table"

    def authenticate(self, request: Request) -> tuple[AnonymousUser, TableGrant] | None:
        header = authentication.get_authorization_header(request).decode("latin-1")
        token = None
        if header.startswith(self.keyword + " "):
            token = header[len(self.keyword) + 1 :].strip()
        elif "table" in request.query_params:
            token = request.query_params["table"]
        if token is None:
            return None
        # A token this server did not sign is counted per address, and throttled (429) past the
        # rate without any database work; a signed one is always checked (scoring/throttling.py).
        try:
            signed = check_token(request, token)
        except TooManyBadTokens as error:
            raise exceptions.Throttled(wait=error.retry_after) from None
        match = match_for_token(token, with_state=False) if signed else None
        if match is None:
            _refuse_an_empty_place(token)
            if signed:
                count_refused(request)
            raise exceptions.AuthenticationFailed(_("this table link is not valid (revoked or mistyped)"))
        return AnonymousUser(), TableGrant(match, token_side(token))

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


def _refuse_an_empty_place(token: str) -> None:
    """A valid link of a place (a tournament's physical table) where no match is played now is
    not a bad link: 409, saying what the table waits for, rather than a misleading 401."""
    payload = signed_payload(token)
    now = place_now(payload) if payload is not None and is_place(payload) else None
    if now is not None and now.match is None:
        rule = _("%(table)s has no match now: wait for the next round") % {"table": now.label}
        raise Conflict(rule, None, waiting=now.note)


class TableLinkScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]
    """Documents the table link in the OpenAPI schema."""

    target_class = TableLinkAuthentication
    name = "tableLink"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "header", "name": "Authorization", "description": "Table <token>"}


def match_to_write(request: Request, pk: int) -> Match:
    """The match a write names, for the permission check only (the service locks and reads it
    again): a table link already carries its match, and nobody needs the cached state here."""
    granted = granted_match(request)
    if granted is not None and granted.pk == pk:
        return granted
    return one_or_404(Match.objects.defer("state"), "match", pk=pk)


def require_scorer(request: Request, match: Match) -> None:
    if not can_score(request.user, granted_match(request), match):
        if not is_signed_in(request.user) and request.auth is None:
            raise exceptions.NotAuthenticated(_("sign in, or use this table's scorer link"))
        raise exceptions.PermissionDenied(_("you may not score this match"))
