"""Table links: the secret scorer URL of one match, signed and revocable.

A token is the match id and the match's current ``table_secret``, signed with the site's
``SECRET_KEY``. Revoking a link rotates the secret (and may disable links altogether), so every
earlier token stops working at once; nothing is stored per token.

A **table code** is the same link made short enough to type when a QR code will not scan: the match
id and a check of five characters computed from the match's current ``table_secret`` with the
site's key (:func:`table_code`). It is only a way to find the scorer link: it grants what the link
grants, stops when the link is revoked and changes when the link is renewed. Nothing is stored for
it either. Its check is short, so guessing is slowed like guessing tokens: each bad code counts
against the address (``scoring.throttling``).
"""

from __future__ import annotations

import hmac
from typing import Any

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.crypto import salted_hmac

from scoring.models import Match
from scoring.result_states import Confirmation

SALT = "tablescore.table-link"
CODE_SALT = "tablescore.table-code"
#: Crockford's base 32: no I, L, O or U, so that what is read aloud is typed right.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: The characters of a code's check: 32⁵, about 33 million codes for each match.
CHECK_LENGTH = 5
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})


def table_token(match: Match, side: int | None = None) -> str:
    """The token a scorer's phone carries for ``match``; with ``side`` (an index of its sides),
    that side's own link (confirmation by own device: it scores the match like the table's link,
    and accepts or rejects the result in that side's name only)."""
    payload = {"m": match.pk, "s": match.table_secret, **({"p": side} if side is not None else {})}
    return signing.dumps(payload, salt=SALT, compress=False)


def token_side(token: str) -> int | None:
    """The side whose own link ``token`` is, if it is one (only ever read from a signed token)."""
    payload = signed_payload(token)
    side = payload.get("p") if payload else None
    return side if isinstance(side, int) else None


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


def scorer_path(match: Match, side: int | None = None) -> str:
    """The path of the scorer page for ``match`` (what the QR code points to); a side's own."""
    return reverse("scoring:table", args=[table_token(match, side)])


def scorer_url(match: Match, side: int | None = None) -> str:
    """The absolute scorer URL, for QR codes and printed slips; a side's own with ``side``."""
    return settings.SITE_URL.rstrip("/") + scorer_path(match, side)


def organizer_links(match: Match) -> dict[str, Any]:
    """The links only an organizer is shown: the scorer URL and, when each side confirms on its own
    device, each side's own URL by side name; none while the link is revoked."""
    if match.table_link_revoked:
        return {}
    links: dict[str, Any] = {"scorer": scorer_url(match)}
    if match.confirmation == Confirmation.OWN_DEVICE:
        links["sides"] = {name: scorer_url(match, index) for index, name in enumerate(match.sides)}
    return links


def code_page_url() -> str:
    """Where a table code is typed, as the slips print it (``example.org/t/``)."""
    return (settings.SITE_URL.rstrip("/") + reverse("scoring:table_code")).split("://", 1)[-1]


def _base32(number: int) -> str:
    digits = ""
    while True:
        number, digit = divmod(number, len(CODE_ALPHABET))
        digits = CODE_ALPHABET[digit] + digits
        if number == 0:
            return digits


def _check(match_id: int, secret: str) -> str:
    digest = int.from_bytes(salted_hmac(CODE_SALT, f"{match_id}:{secret}", algorithm="sha256").digest()[:8])
    return _base32(digest)[-CHECK_LENGTH:].rjust(CHECK_LENGTH, "0")


def table_code(match: Match) -> str:
    """The match's table code, in groups of four (``7KM4 QX2``): the match id and its check."""
    code = _base32(match.pk) + _check(match.pk, match.table_secret)
    return " ".join(code[i : i + 4] for i in range(0, len(code), 4))


def normalized_code(text: str) -> str:
    """What was typed, as a code: upper case, spaces and dashes dropped, O read as 0, I and L as 1."""
    return "".join(text.split()).replace("-", "").upper().translate(_READ_AS)


def match_for_code(text: str) -> Match | None:
    """The match whose scorer link the typed code stands for, if its link still works."""
    code = normalized_code(text)
    if len(code) <= CHECK_LENGTH or len(code) > 20 or any(c not in CODE_ALPHABET for c in code):
        return None
    match_id = 0
    for char in code[:-CHECK_LENGTH]:
        match_id = match_id * len(CODE_ALPHABET) + CODE_ALPHABET.index(char)
    match = Match.objects.filter(pk=match_id).first()
    if match is None or match.table_link_revoked:
        return None
    if not hmac.compare_digest(code[-CHECK_LENGTH:], _check(match.pk, match.table_secret)):
        return None
    return match
