"""QR codes of scorer links, as SVG (segno: pure Python, no image library).

The code is always black on white with a full quiet zone, whatever the page's theme, so that
every phone camera reads it off a screen or a printed slip.
"""

from __future__ import annotations

import io

import segno


def qr_svg(url: str, *, scale: int = 4, css_class: str = "qr") -> str:
    """A standalone SVG document of ``url`` (scales to its container through its view box)."""
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
        title="Scorer link",
        nl=False,
    )
    return out.getvalue().decode()
