"""QR codes of scorer links and of the room page (drawn by ``tablescore.qr``).

:func:`wifi_text` is what a Wi-Fi QR code carries (the format phone cameras read since ZXing
defined it: ``WIFI:T:WPA;S:<name>;P:<password>;;``), so that a phone joins the room's network by
scanning it.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from tablescore.qr import qr_svg as shared_qr_svg

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
    """The QR code of ``url`` (or any text: a Wi-Fi QR code's) as ``tablescore.qr.qr_svg`` draws
    it, named for screen readers (``label``; the scorer link's by default, in the active language)."""
    return shared_qr_svg(url, label=str(label or LABEL), scale=scale, css_class=css_class)
