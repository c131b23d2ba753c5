"""Names in the order people sort them: "Émilie" with the E's, not after "Zoé".

A database orders names by its collation (SQLite's is binary: every accented letter after z) and
Python by code point, so every list of people sorts in Python through :func:`name_key`: accents and
case aside first, then the name as written, so that "Emile" and "Émile" still keep one order.
"""

from __future__ import annotations

import unicodedata


def name_key(name: str) -> tuple[str, str]:
    """The sort key of a person's name (see the module's docstring)."""
    plain = "".join(c for c in unicodedata.normalize("NFKD", name) if not unicodedata.combining(c))
    return plain.casefold(), name
