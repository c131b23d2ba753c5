"""What an organizer's pages show of a table's scorer link: the link, its QR code and table code,
each side's own link, and the words asked and said around revoking or renewing it. Helpers of
the organizer's pages, not pages, kept apart from them because the tournaments' table pages show a
table's side links the same way (``side_links``).

What this module does not do: revoke (``scoring.services.links``) or sign a link (``scoring.links``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from scoring import links
from scoring.links import code_page_url, scorer_path, scorer_url
from scoring.models import Match
from scoring.qr import qr_svg
from scoring.result_states import OWN_LINKS, Confirmation


def link_context(match: Match, *, qr_scale: int) -> dict[str, Any]:
    """What the organizer's pages show of a match's scorer link: the link, its QR code (none once
    revoked), and its table code with the page where it is typed."""
    url = scorer_url(match)
    return {
        "scorer_url": url,
        "scorer_path": scorer_path(match),
        "qr": qr_svg(url, scale=qr_scale) if not match.table_link_revoked else "",
        "table_code": links.table_code(match),
        "code_url": code_page_url(),
        "side_links": side_links(match, qr_scale=qr_scale),
    }


def side_links(match: Match, *, qr_scale: int) -> list[dict[str, Any]]:
    """Each side's own link with its QR code, when each side has one (own-device and double-blind
    confirmation); none once the match's link is revoked (they are revoked with it)."""
    if match.table_link_revoked or match.confirmation not in OWN_LINKS:
        return []
    found = []
    for index, name in enumerate(match.sides):
        url = scorer_url(match, index)
        qr = qr_svg(url, scale=qr_scale) if qr_scale else ""
        blind = match.confirmation == Confirmation.DOUBLE_BLIND
        found.append({"index": index, "name": name, "url": url, "qr": qr, "blind": blind})
    return found


def revoke_words(*, renew: bool) -> dict[str, str]:
    """What the organizer is asked before revoking (or renewing) a match's scorer link: whole
    sentences, one set per choice."""
    if renew:
        return {
            "question": _("Replace the scorer link?"),
            "consequence": _(
                "The link, its QR code and its table code stop working at once: the table scans the new one "
                "to go on."
            ),
            "yes": _("Yes, replace the link"),
        }
    return {
        "question": _("Revoke the scorer link?"),
        "consequence": _(
            "The link, its QR code and its table code stop working at once: nobody can score through a link."
        ),
        "yes": _("Yes, revoke the link"),
    }


def revoke_done(*, renew: bool) -> str:
    """What the organizer is told once the scorer link is revoked (or renewed)."""
    return _("A new scorer link is ready.") if renew else _("The scorer link no longer works.")
