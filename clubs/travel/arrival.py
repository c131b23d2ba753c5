"""What an arriving evening file is checked against before its rows are read, and what its import
answers: the club it goes into, and the outcome (created, updated, already here, older than here)
or the refusal that names what changed on both sides.

A file goes into the club the operator names (``import_evening --club``, or the club whose page
the organizer uploads it on). A club's slug may differ from one Tablescore to another (a laptop set
up on the night), so a file written by a club of another slug is refused unless the operator says
it is the same club: the command line says so by naming ``--club``, the page by a checkbox.
"""

from __future__ import annotations

import enum
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext

from clubs.models import Club
from clubs.travel.envelope import ChangedOnBothSides, EveningFileError
from clubs.travel.lineage import Judgement, Side, fingerprint, history_of

#: How many differing parts a refusal names before "and N more".
NAMED = 8


class Arrival(enum.Enum):
    CREATED = "created"
    UPDATED = "updated"
    SAME = "same"
    OLDER = "older"


@dataclass(frozen=True)
class Imported:
    """What an import did, and the evening's page here."""

    arrival: Arrival
    title: str
    url: str
    #: Where its organizer goes next (the tournament's console, the match's page).
    manage_url: str = ""
    players_created: int = 0

    @property
    def message(self) -> str:
        if self.arrival is Arrival.CREATED:
            return gettext("The evening “%(title)s” was imported.") % {"title": self.title}
        if self.arrival is Arrival.UPDATED:
            return gettext("The evening “%(title)s” was brought up to date from the file.") % {
                "title": self.title
            }
        if self.arrival is Arrival.SAME:
            return gettext("The evening “%(title)s” is already here, as in the file: nothing changed.") % {
                "title": self.title
            }
        return gettext(
            "The evening “%(title)s” here is newer than the file (the file was made from an earlier "
            "copy): nothing changed."
        ) % {"title": self.title}


def club_checked(document: dict[str, Any], club: Club, *, other_club: bool) -> None:
    """Refuse a file of another club unless the operator said it is this club."""
    written = document.get("club")
    slug = written.get("slug") if isinstance(written, dict) else None
    if not isinstance(slug, str):
        raise EveningFileError(gettext("The evening file does not say which club it comes from."))
    if slug != club.slug and not other_club:
        raise EveningFileError(
            gettext(
                "This evening was exported by another club (“%(slug)s”). If it is this club under "
                "another name, say so to import it here."
            )
            % {"slug": slug}
        )


def refusal(judgement: Judgement, name: Callable[[str], str]) -> ChangedOnBothSides:
    """The error for an evening changed on both sides, naming each part that differs."""
    where = {
        Side.BOTH: gettext("changed here and in the file"),
        Side.HERE: gettext("changed here"),
        Side.FILE: gettext("changed in the file"),
    }
    lines = [f"{name(key)}: {where[side]}" for key, side in judgement.differences[:NAMED]]
    more = len(judgement.differences) - NAMED
    if more > 0:
        lines.append(gettext("and %(count)s more") % {"count": more})
    return ChangedOnBothSides(
        gettext(
            "This evening changed here and in the file since it last travelled, so neither copy "
            "can replace the other; nothing was imported. What differs: %(what)s."
        )
        % {"what": "; ".join(lines)}
    )


def evening_id(document: dict[str, Any]) -> uuid.UUID:
    """The evening's identity the file carries."""
    try:
        return uuid.UUID(str(document.get("evening")))
    except ValueError:
        raise EveningFileError(gettext("The evening file has no evening id.")) from None


def arriving_parts(
    document: dict[str, Any], parts: Callable[[dict[str, Any]], dict[str, str]]
) -> tuple[dict[str, str], list[str]]:
    """The arriving evening's parts and history, once its fingerprint matches its content."""
    try:
        arriving = parts(document)
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise unreadable(error) from error
    if document.get("fingerprint") != fingerprint(arriving):
        raise EveningFileError(gettext("The evening file's fingerprint does not match its content."))
    history = history_of(document)
    return arriving, history


def unreadable(error: Exception) -> EveningFileError:
    """A file whose digest holds but whose rows are not as Tablescore writes them."""
    if isinstance(error, EveningFileError):
        return error
    return EveningFileError(
        gettext(
            "The evening file's rows are not as Tablescore writes them; nothing was imported (%(error)s)."
        )
        % {"error": error}
    )
