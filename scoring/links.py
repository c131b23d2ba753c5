"""Table links: the secret scorer URL of one match, signed and revocable.

A token is the match id and the match's current ``table_secret``, signed with the site's
``SECRET_KEY``. Revoking a link rotates the secret (and may disable links altogether), so every
earlier token stops working at once; nothing is stored per token.
"""

from __future__ import annotations

import hmac
from typing import Any

from django.conf import settings
from django.core import signing
from django.urls import reverse

from scoring.models import Match

SALT = "tablescore.table-link"


def table_token(match: Match) -> str:
    """The token a scorer's phone carries for ``match``."""
    return signing.dumps({"m": match.pk, "s": match.table_secret}, salt=SALT, compress=False)


def signed_payload(token: str) -> dict[str, Any] | None:
    """What a token says, if this server signed it (no database work); ``None`` for a forged,
    mistyped or truncated token. A signed token may still be revoked: see :func:`match_for_token`."""
    try:
        payload = signing.loads(token, salt=SALT)
    except signing.BadSignature:
        return None
    if not isinstance(payload, dict) or not isinstance(payload.get("m"), int):
        return None
    return payload


def match_for_token(token: str, *, with_state: bool = True) -> Match | None:
    """The match a valid, unrevoked token grants scoring of; ``None`` for anything else. Without
    ``with_state`` the cached state (the row's biggest column) is left out: the API's writes lock
    and read the match again, and only need to know whom the link belongs to."""
    payload = signed_payload(token)
    if payload is None:
        return None
    rows = Match.objects.select_related("club")
    match = (rows if with_state else rows.defer("state")).filter(pk=payload["m"]).first()
    if match is None or match.table_link_revoked:
        return None
    if not hmac.compare_digest(str(payload.get("s", "")), match.table_secret):
        return None
    return match


def scorer_path(match: Match) -> str:
    """The path of the scorer page for ``match`` (what the QR code points to)."""
    return reverse("scoring:table", args=[table_token(match)])


def scorer_url(match: Match) -> str:
    """The absolute scorer URL, for QR codes and printed slips."""
    return settings.SITE_URL.rstrip("/") + scorer_path(match)
