"""QR codes of scorer links, as SVG (segno: pure Python, no image library).

The code is always black on white with a full quiet zone, whatever the page's theme, so that
every phone camera reads it off a screen or a printed slip. Inline on a page it is an image with a
name (``role="img"`` and ``aria-label``), so a screen reader says what it is rather than nothing.
"""

from __future__ import annotations

import io

import segno
from django.utils.html import escape
from django.utils.translation import gettext_lazy

#: What a screen reader says of the code.
LABEL = gettext_lazy("QR code of the scorer link")


def qr_svg(url: str, *, scale: int = 4, css_class: str = "qr") -> str:
    """A standalone SVG document of ``url`` (scales to its container through its view box), named
    for screen readers."""
    label = str(LABEL)  # in the active language
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
