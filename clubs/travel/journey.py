"""An evening's departure and arrival, the same for every kind of evening (a tournament, a
friendly match): each app describes its kind (:class:`Kind`: how to find a copy here, read it as
a file's body, cut it into parts, write a file over it) and these functions do the rest.

An arrival runs in one transaction: the file is opened and checked, compared with the copy here if
the evening is here already, written, and read back: the copy here must give the file's
fingerprint, or nothing is kept. Then the kind settles what follows from it (the standings).
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from clubs import archive
from clubs.models import Club, EveningTravel
from clubs.services.travel import evening_travel_keep
from clubs.travel.arrival import (
    Arrival,
    Imported,
    arriving_parts,
    club_checked,
    evening_id,
    refusal,
    unreadable,
)
from clubs.travel.envelope import EveningFileError, opened, sealed
from clubs.travel.lineage import Verdict, fingerprint, judge, recorded

T = TypeVar("T")
Body = dict[str, Any]


@dataclass(frozen=True)
class Kind(Generic[T]):
    """What one kind of evening is, for its journey."""

    #: The file's ``kind``.
    name: str
    #: The copy here of the evening with this id, its row locked (or ``None``).
    find: Callable[[uuid.UUID], T | None]
    #: Why a copy here may not take the file into this club (or ``None``: it may).
    foreign: Callable[[T, Club], str | None]
    #: The file's body of a copy here.
    body: Callable[[T], Body]
    #: A body's parts, and a part's key in words.
    parts: Callable[[Body], dict[str, str]]
    said: Callable[[str], str]
    #: Write the file into the club (over the copy here, if any) with its evening id; the copy,
    #: and how many players it added to the club.
    write: Callable[[Body, Club, T | None, uuid.UUID], tuple[T, int]]
    #: What the outcome says, and what follows from the copy (standings).
    imported: Callable[[Arrival, T, int], Imported]
    settle: Callable[[T], None] = lambda copy: None


def snapshot() -> AbstractContextManager[None]:
    """One transaction whose reads all see one moment (``clubs.archive.snapshot``): tables go on
    playing while their evening is exported, and a file with a deal but not its version would
    arrive short."""
    return archive.snapshot(read_only=False)


def travel_of(evening: uuid.UUID) -> dict[str, Any]:
    """The evening's travel record here (empty if it never travelled), its row locked."""
    found = EveningTravel.objects.select_for_update().filter(evening=evening).first()
    return {"history": found.history, "known": found.known} if found else {}


def keep(club_id: int, evening: uuid.UUID, record: dict[str, Any]) -> None:
    """Store the evening's travel record (``clubs.services.travel``)."""
    evening_travel_keep(club_id=club_id, evening=evening, history=record["history"], known=record["known"])


def depart(body: Body, parts: dict[str, str], *, club_id: int, evening: uuid.UUID) -> Body:
    """The sealed file of ``body``; the evening's travel record says it left in this state (the
    caller holds the evening's row lock)."""
    record = recorded(travel_of(evening), parts)
    keep(club_id, evening, record)
    return sealed(
        {
            **body,
            "fingerprint": fingerprint(parts),
            "history": record["history"],
            "exported_at": timezone.now().isoformat(),
        }
    )


def arrive(kind: Kind[T], *, data: bytes | str, club: Club, other_club: bool = False) -> Imported:
    """Bring the evening file in ``data`` into ``club``; an :class:`EveningFileError` changes
    nothing."""
    document = opened(data, kind=kind.name)
    club_checked(document, club, other_club=other_club)
    arriving, history = arriving_parts(document, kind.parts)
    evening = evening_id(document)
    try:
        with transaction.atomic():
            here = kind.find(evening)
            if here is not None:
                refused = kind.foreign(here, club)
                if refused:
                    raise EveningFileError(refused)
                judgement = judge(
                    here=kind.parts(kind.body(here)),
                    travel=travel_of(evening),
                    arriving=arriving,
                    history=history,
                )
                if judgement.verdict is Verdict.CONFLICT:
                    raise refusal(judgement, kind.said)
                if judgement.verdict is not Verdict.FORWARD:
                    arrival = Arrival.SAME if judgement.verdict is Verdict.SAME else Arrival.OLDER
                    return kind.imported(arrival, here, 0)
            travel = recorded(travel_of(evening) if here is not None else {}, arriving, history)
            copy, created = kind.write(document, club, here, evening)
            keep(club.pk, evening, travel)
            if kind.parts(kind.body(copy)) != arriving:
                raise EveningFileError(gettext("The evening file could not be imported as it was written."))
            kind.settle(copy)
    except (KeyError, TypeError, ValueError, AttributeError, ValidationError, DatabaseError) as error:
        raise unreadable(error) from error
    return kind.imported(Arrival.CREATED if here is None else Arrival.UPDATED, copy, created)
