"""What a match's result records beside its status (``Match.result_detail``), typed.

The detail is stored as a JSON object whose keys a dozen modules read, the services write and
the API shows. Read as a bare dict, a misspelt key is silently ``None``; read through
:class:`ResultDetail`, it is an attribute mypy checks, and the stored shape is written in one
place. :meth:`ResultDetail.of` and :meth:`ResultDetail.as_json` are a round trip, keys it does
not know included. The closed round is data (``{"closed": 2}``); migration ``scoring/0013`` read
the English names stored before ("round 2") into it.

What this module does not do: decide what a move records (``scoring.services.lifecycle.move``,
``scoring.services.blind``) or query anything.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from scoring.titles import RoundName

#: The stored keys, in the order the detail is written back.
KEYS = ("closed", "actor", "by", "reason", "deal", "entered", "how", "picked", "diff")


@dataclass(frozen=True)
class Difference:
    """Where the sides' own entries of a double-blind match differ: a deal, a field of its entry
    (``"deal"`` when a side has the deal and another has not), and each side's value in seating
    order."""

    deal: int
    field: str
    values: tuple[Any, ...]

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> Difference:
        return cls(int(row["deal"]), str(row["field"]), tuple(row["values"]))

    def as_json(self) -> dict[str, Any]:
        return {"deal": self.deal, "field": self.field, "values": list(self.values)}


@dataclass(frozen=True)
class ResultDetail:
    """The result's detail: a key that is not stored reads ``None`` (``entered`` stored empty, as
    a side's undo leaves it, reads ``()``), so that writing it back stores the same keys.

    - ``closed``: the round that closed the result: its number (``2``) or a bracket round's
      label, said by ``scoring.titles.said_round``;
    - ``actor``: who made the last move; ``by``: the side that accepted or rejected it;
    - ``reason``: why it was rejected, voided or picked; ``deal``: the deal a rejection names;
    - ``entered``: the sides that have entered a double-blind match; ``how``: how the ledgers
      were settled ("identical"); ``picked``: the side whose ledger the director chose;
    - ``diff``: where the sides' ledgers differ.
    """

    closed: RoundName | None = None
    actor: str | None = None
    by: str | None = None
    reason: str | None = None
    deal: int | None = None
    entered: tuple[str, ...] | None = None
    how: str | None = None
    picked: str | None = None
    diff: tuple[Difference, ...] | None = None
    #: Keys this class does not know, kept as they are.
    others: Mapping[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, stored: Mapping[str, Any] | None) -> ResultDetail:
        """The detail as stored (``None`` or ``{}``: nothing recorded)."""
        stored = stored or {}

        def text(key: str) -> str | None:
            return None if stored.get(key) is None else str(stored[key])

        entered, deal, diff = stored.get("entered"), stored.get("deal"), stored.get("diff")
        closed = stored.get("closed")
        return cls(
            closed=closed if closed is None or isinstance(closed, int) else str(closed),
            actor=text("actor"),
            by=text("by"),
            reason=text("reason"),
            deal=None if deal is None else int(deal),
            entered=None if entered is None else tuple(str(side) for side in entered),
            how=text("how"),
            picked=text("picked"),
            diff=None if diff is None else tuple(Difference.of(row) for row in diff),
            # A key stored as null reads None like an absent one: kept here so it is written back.
            others={key: value for key, value in stored.items() if key not in KEYS or value is None},
        )

    def but(self, **changes: Any) -> ResultDetail:
        """The same detail with ``changes`` (attributes as typed: ``entered`` a tuple)."""
        return dataclasses.replace(self, **changes)

    def as_json(self) -> dict[str, Any]:
        """The detail as it is stored: the keys recorded, nothing for the others."""
        values: dict[str, Any] = {
            "closed": self.closed,
            "actor": self.actor,
            "by": self.by,
            "reason": self.reason,
            "deal": self.deal,
            "entered": None if self.entered is None else list(self.entered),
            "how": self.how,
            "picked": self.picked,
            "diff": None if self.diff is None else [row.as_json() for row in self.diff],
        }
        return {**{key: value for key, value in values.items() if value is not None}, **self.others}

    @property
    def closed_round(self) -> RoundName:
        """The closing round (its number or label), or ``""`` when no round closed the result."""
        return "" if self.closed is None else self.closed

    @property
    def sides_entered(self) -> tuple[str, ...]:
        """The sides that have entered the whole (double-blind) match, in seating order."""
        return self.entered or ()

    @property
    def differences(self) -> tuple[Difference, ...]:
        """Where the sides' ledgers differ (nothing unless a double-blind result was disputed)."""
        return self.diff or ()
