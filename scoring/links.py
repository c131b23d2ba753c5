"""Table links: the secret scorer URL of one match, signed and revocable.

A token is the match id and the match's current ``table_secret``, signed with the site's
``SECRET_KEY``. It carries no timestamp, so a link reads the same every time it is printed or
shown (a QR sheet printed twice is the same sheet); tokens made before carry one and still work. Revoking a link rotates the secret (and may disable links altogether), so every
earlier token stops working at once; nothing is stored per token.

A **table code** is the same link made short enough to type when a QR code will not scan: the match
id and a check of five characters computed from the match's current ``table_secret`` with the
site's key (:func:`table_code`). It is only a way to find the scorer link: it grants what the link
grants, stops when the link is revoked and changes when the link is renewed. Nothing is stored for
it either. Its check is short, so guessing is slowed like guessing tokens: each bad code counts
against the address (``scoring.throttling``).

A **place** (a tournament's physical table, ``scoring.places``) has a link and a code of its own,
made the same way from the place's secret: its token resolves to the match played there now.

A **side's own link** (confirmation by own device) is a match's token with the side's index in
:data:`SIDE`: it scores like the table's link and speaks for that side only.
"""

from __future__ import annotations

import hmac
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils.crypto import salted_hmac

from scoring import places
from scoring.models import Match
from scoring.result_states import OWN_LINKS
from tablescore.origins import is_loopback
from tablescore.qr import site_url as site_url  # where the other apps have always found it

SALT = "tablescore.table-link"
CODE_SALT = "tablescore.table-code"
#: Crockford's base 32: no I, L, O or U, so that what is read aloud is typed right.
CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: The characters of a code's check: 32⁵, about 33 million codes for each match.
CHECK_LENGTH = 5
_READ_AS = str.maketrans({"O": "0", "I": "1", "L": "1"})
#: The field of a side's own token holding the side's index ("p" names a place, "k" its kind).
SIDE = "d"


def _signer() -> signing.Signer:
    """Made at each use: the key (and its fallbacks) are the settings' of the moment."""
    return signing.Signer(salt=SALT)


def table_token(match: Match, side: int | None = None) -> str:
    """The token a scorer's phone carries for ``match``; with ``side`` (an index of its sides),
    that side's own link (confirmation by own device: it scores the match like the table's link,
    and accepts or rejects the result in that side's name only)."""
    payload = {"m": match.pk, "s": match.table_secret, **({SIDE: side} if side is not None else {})}
    return _signer().sign_object(payload)


def token_side(token: str) -> int | None:
    """The side whose own link ``token`` is, if it is one (only ever read from a signed match
    token: a place's link is the whole table's)."""
    payload = signed_payload(token)
    side = payload.get(SIDE) if payload and not is_place(payload) else None
    return side if isinstance(side, int) else None


def signed_payload(token: str) -> dict[str, Any] | None:
    """What a token says, if this server signed it (no database work); ``None`` for a forged,
    mistyped or truncated token. A signed token may still be revoked: see :func:`match_for_token`."""
    try:
        # A token made before links were stable carries a timestamp: one more separator.
        payload = signing.loads(token, salt=SALT) if token.count(":") == 2 else _signer().unsign_object(token)
    except (signing.BadSignature, ValueError):
        return None
    if not isinstance(payload, dict):
        return None
    if isinstance(payload.get("m"), int) or is_place(payload):
        return payload
    return None


def is_place(payload: dict[str, Any]) -> bool:
    """Whether a signed token names a place (``scoring.places``) rather than a match."""
    return isinstance(payload.get("p"), int) and isinstance(payload.get("k"), str)


def place_token(kind: str, pk: int, secret: str) -> str:
    """The token of a place's link (a tournament's physical table)."""
    return _signer().sign_object({"k": kind, "p": pk, "s": secret})


def place_path(kind: str, pk: int, secret: str) -> str:
    """The path of a place's link: the scorer page of whatever match is played there now."""
    return reverse("scoring:table", args=[place_token(kind, pk, secret)])


def place_now(payload: dict[str, Any]) -> places.Now | None:
    """What the place a signed token names shows now; ``None`` once its link was revoked or
    renewed, or the place is gone."""
    kind = places.kind_of(payload["k"])
    secret = kind.secret(payload["p"]) if kind else None
    if kind is None or secret is None or not hmac.compare_digest(str(payload.get("s", "")), secret):
        return None
    return kind.now(payload["p"])


def match_for_token(token: str, *, with_state: bool = True) -> Match | None:
    """The match a valid, unrevoked token grants scoring of (for a place's token, the match
    played there now); ``None`` for anything else. Without ``with_state`` the cached state (the
    row's biggest column) is left out: the API's writes lock and read the match again, and only
    need to know whom the link belongs to."""
    payload = signed_payload(token)
    if payload is None:
        return None
    if is_place(payload):
        now = place_now(payload)
        return now.match if now else None
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
    return site_url(scorer_path(match, side))


def organizer_links(match: Match) -> dict[str, Any]:
    """The links only an organizer is shown: the scorer URL and, when each side confirms on its own
    device, each side's own URL by side name; none while the link is revoked."""
    if match.table_link_revoked:
        return {}
    links: dict[str, Any] = {"scorer": scorer_url(match)}
    if match.confirmation in OWN_LINKS:
        links["sides"] = {name: scorer_url(match, index) for index, name in enumerate(match.sides)}
    return links


def links_host() -> str:
    """The host every printed link names: ``SITE_URL``'s (lower case, an IPv6 address unbracketed)."""
    return urlsplit(settings.SITE_URL).hostname or ""


def links_are_loopback() -> bool:
    """Whether the links the console, the slips and the room page print point at this computer
    (``127.0.0.1``, ``localhost``): no phone in the room can open them. Plain ``bin/run`` does
    that; ``bin/run --room`` names the laptop's address on the room's network."""
    return is_loopback(links_host())


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


def _grouped(pk: int, check: str) -> str:
    code = _base32(pk) + check
    return " ".join(code[i : i + 4] for i in range(0, len(code), 4))


def table_code(match: Match) -> str:
    """The match's table code, in groups of four (``7KM4 QX2``): the match id and its check."""
    return _grouped(match.pk, _check(match.pk, match.table_secret))


def place_code(kind: str, pk: int, secret: str) -> str:
    """A place's code: its id and a check made from its kind and secret, so that it never stands
    for a match's code of the same digits."""
    return _grouped(pk, _check(pk, f"{kind}:{secret}"))


def normalized_code(text: str) -> str:
    """What was typed, as a code: upper case, spaces and dashes dropped, O read as 0, I and L as 1."""
    return "".join(text.split()).replace("-", "").upper().translate(_READ_AS)


def _parsed(text: str) -> tuple[int, str] | None:
    """A typed code as (id, check), or ``None`` when it cannot be a code."""
    code = normalized_code(text)
    if len(code) <= CHECK_LENGTH or len(code) > 20 or any(c not in CODE_ALPHABET for c in code):
        return None
    pk = 0
    for char in code[:-CHECK_LENGTH]:
        pk = pk * len(CODE_ALPHABET) + CODE_ALPHABET.index(char)
    return pk, code[-CHECK_LENGTH:]


def match_for_code(text: str) -> Match | None:
    """The match whose scorer link the typed code stands for, if its link still works."""
    parsed = _parsed(text)
    if parsed is None:
        return None
    match = Match.objects.filter(pk=parsed[0]).first()
    if match is None or match.table_link_revoked:
        return None
    if not hmac.compare_digest(parsed[1], _check(match.pk, match.table_secret)):
        return None
    return match


def path_for_code(text: str) -> str | None:
    """The scorer link the typed code stands for (a match's, or a place's), if it still works."""
    match = match_for_code(text)
    if match is not None:
        return scorer_path(match)
    parsed = _parsed(text)
    if parsed is None:
        return None
    pk, check = parsed
    for name, kind in places.kinds().items():
        secret = kind.secret(pk)
        if secret is not None and hmac.compare_digest(check, _check(pk, f"{name}:{secret}")):
            return place_path(name, pk, secret)
    return None
