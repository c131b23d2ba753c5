"""The evening file's envelope: its format, its version and its integrity digest.

The digest is a SHA-256 over the canonical JSON of everything else in the file (keys sorted, no
spaces). It detects a file cut short on the way or edited by hand. It is not a signature: a file
signed with the site's ``SECRET_KEY`` could only be read back by the site that wrote it, and an
evening file is made to move between sites that share no secret. Who may import is decided by who
may organize the club; the digest only says that the file is whole and as it was written.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.utils.translation import gettext

FORMAT = "tablescore-evening"
VERSION = 1
#: What an evening file may be: a tournament or a friendly match.
KINDS = ("tournament", "match")


class EveningFileError(Exception):
    """A file that cannot be imported (or an evening that cannot be exported): the message, in the
    active language, says why. Nothing was changed."""


class ChangedOnBothSides(EveningFileError):
    """The evening changed here and in the file since it last travelled (the API answers 409)."""


def canonical(value: Any) -> bytes:
    """The one text of ``value`` that digests and fingerprints are taken over."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def digest_of(body: dict[str, Any]) -> str:
    """The SHA-256 of the file's body (everything but its own digest)."""
    return hashlib.sha256(canonical({k: v for k, v in body.items() if k != "digest"})).hexdigest()


def sealed(body: dict[str, Any]) -> dict[str, Any]:
    """The file: ``body`` with its format, version and digest."""
    document = {"format": FORMAT, "version": VERSION, **body}
    return {**document, "digest": digest_of(document)}


def dumps(document: dict[str, Any]) -> str:
    """The file as text (UTF-8 JSON, one key a line for whoever opens it)."""
    return json.dumps(document, ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def opened(data: bytes | str, *, kind: str | None = None) -> dict[str, Any]:
    """The document in ``data`` once it is whole, of this format and version, and untouched; an
    :class:`EveningFileError` naming the first problem otherwise."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise EveningFileError(
                gettext("This is not a Tablescore evening file: it is not text.")
            ) from None
    try:
        document = json.loads(data)
    except ValueError:
        raise EveningFileError(
            gettext(
                "This file cannot be read: it is cut short or it is not a Tablescore evening file. "
                "Export the evening again."
            )
        ) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise EveningFileError(gettext("This is not a Tablescore evening file."))
    if document.get("version") != VERSION:
        raise EveningFileError(
            gettext("This evening file was written by another version of Tablescore (version %(version)s).")
            % {"version": document.get("version")}
        )
    if document.get("digest") != digest_of(document):
        raise EveningFileError(
            gettext(
                "This evening file was changed after it was exported, or it is incomplete: its "
                "digest does not match. Export the evening again."
            )
        )
    if document.get("kind") not in KINDS:
        raise EveningFileError(gettext("This is not a Tablescore evening file."))
    if kind is not None and document.get("kind") != kind:
        raise EveningFileError(
            gettext("This evening file holds a friendly match, not a tournament.")
            if kind == "tournament"
            else gettext("This evening file holds a tournament, not a friendly match.")
        )
    return document


def section(document: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """A list of rows of the file, each a JSON object; refused when it is anything else."""
    rows = document.get(name, [])
    if not isinstance(rows, list) or not all(isinstance(row, dict) for row in rows):
        raise EveningFileError(
            gettext("The evening file's “%(section)s” is not a list of rows.") % {"section": name}
        )
    return rows
