"""QR codes of scorer links and of the room page, as SVG (segno: pure Python, no image library).

The code is always black on white with a full quiet zone, whatever the page's theme, so that
every phone camera reads it off a screen or a printed slip. Inline on a page it is an image with a
name (``role="img"`` and ``aria-label``), so a screen reader says what it is rather than nothing.

:func:`wifi_text` is what a Wi-Fi QR code carries (the format phone cameras read since ZXing
defined it: ``WIFI:T:WPA;S:<name>;P:<password>;;``), so that a phone joins the room's network by
scanning it.
"""

from __future__ import annotations

import io

import segno
from django.utils.html import escape
from django.utils.translation import gettext_lazy

#: What a screen reader says of the code.
LABEL = gettext_lazy("QR code of the scorer link")
#: The characters a Wi-Fi QR code's fields escape with a backslash.
WIFI_SPECIAL = frozenset('\\;,:"')


def wifi_escaped(field: str) -> str:
    """``field`` as a Wi-Fi QR code writes it: ``\\ ; , : "`` each behind a backslash."""
    return "".join("\\" + char if char in WIFI_SPECIAL else char for char in field)


def wifi_text(name: str, password: str = "") -> str:
    """What the QR code that joins network ``name`` carries: WPA with ``password``, open without."""
    if not password:
        return f"WIFI:T:nopass;S:{wifi_escaped(name)};;"
    return f"WIFI:T:WPA;S:{wifi_escaped(name)};P:{wifi_escaped(password)};;"


def qr_svg(url: str, *, scale: int = 4, css_class: str = "qr", label: str | None = None) -> str:
    """A standalone SVG document of ``url`` (or any text: a Wi-Fi QR code's), which scales to its
    container through its view box, named for screen readers (``label``; the scorer link's by
    default)."""
    label = str(label or LABEL)  # in the active language
    code = segno.make(url, error="m")
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
