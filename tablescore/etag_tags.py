"""``{% load etag_tags %}``: a polled fragment asks for its next version with the ETag the server
gave it (``tablescore/conditional.py``), its language included."""

from __future__ import annotations

from django import template

from tablescore.conditional import versioned

register = template.Library()


@register.filter
def as_etag(version: object) -> str:
    """``version`` as the ETag's value in the page's language (``7.fr``), for the fragment's
    ``If-None-Match``. Sent bare, a French or Dutch page's polls never matched: every poll was
    answered and drawn again in full, never a 304."""
    return versioned(str(version))
