"""QR codes as SVG (segno: pure Python, no image library), for every app: scorer links, the room
page, a club's invitation links; and the absolute links they carry (:func:`site_url`).

The code is always black on white with a full quiet zone, whatever the page's theme, so that
every phone camera reads it off a screen or a printed slip. Inline on a page it is an image with a
name (``role="img"`` and ``aria-label``), so a screen reader says what it is rather than nothing.
"""

from __future__ import annotations

import io

import segno
from django.conf import settings
from django.utils.html import escape


def site_url(path: str) -> str:
    """``path`` on the site, as QR codes and slips carry it (``SITE_URL`` + the path)."""
    return str(settings.SITE_URL).rstrip("/") + path


def qr_svg(text: str, *, label: str, scale: int = 4, css_class: str = "qr") -> str:
    """A standalone SVG document of ``text`` (a link, or a Wi-Fi QR code's text), which scales to
    its container through its view box, named ``label`` for screen readers."""
    code = segno.make(text, error="m")
    out = io.BytesIO()
    code.save(
        out,
        kind="svg",
        scale=scale,
        border=4,
        dark="#000",
        light="#fff",
        xmldecl=False,
        svgns=True,
        omitsize=True,
        svgclass=css_class,
        title=label,
        nl=False,
    )
    return out.getvalue().decode().replace("<svg ", f'<svg role="img" aria-label="{escape(label)}" ', 1)
