"""Pairing engines: pure functions from plain values to the tables of a round, or to a bracket.

No Django, no ORM, no I/O, no hidden randomness (a random draw takes a ``seed`` and records it).
Everything in and out is a frozen dataclass, an enum, an int or a str. Bad input raises a
:class:`PairingError` subclass (a ``ValueError``) whose message a director can read.

**In** (built by ``tournaments.services`` from its rows, a few lines each):

- :class:`Entrant` ``(id, score=0, rank=0, club=None)``: ``id`` the service's entrant id (a
  player, or a partnership playing as one side), ``score`` the match points so far on any
  integer scale, ``rank`` the current standings position (or the seed before round 1; 1 is
  best), ``club`` any label::

      Entrant(e.id, score=points[e.id], rank=position[e.id], club=e.club_name or None)

- :class:`Seating` ``(round, seats)``: one table of an earlier round, entrant ids in seat order
  (seat 0 takes the first side; at a partnership table seats 0/2 and 1/3 are partners); a single
  seat is a bye. ``RoundDraw.seatings()`` gives them back for the next call::

      Seating(m.round.number, tuple(s.entrant_id for s in m.seats.order_by("number")))

**Out**: :class:`RoundDraw` ``(round, tables, byes, seed, cost)``; each
:class:`TableAssignment` ``(number, seats, notes)`` becomes a Match, each :class:`Bye`
``(entrant, reason)`` a bye result. Every flag is a :class:`Note` ``(flag, entrants, reason)``
with :class:`Flag` one of ``rematch``, ``bye``, ``float``, ``same-club``, ``side-imbalance``,
``repeat-partner``, ``table-size`` (a ``StrEnum``: store ``flag.value``).

**Engines**

- :func:`pair_swiss` ``(entrants, history, *, round_number, policy=SwissPolicy(), seed=None)``:
  global minimum-cost perfect matching (rustworkx), lexicographic penalties in the order of
  ``SwissPolicy.priorities`` (default rematch, score, club, side, seeding); round 1 by seed or
  random (``FirstRound``). :func:`prepare_swiss` returns the cost graph without solving it.
- :func:`round_robin_round` / :func:`round_robin_schedule` ``(entrant ids in Berger-number
  order, *, cycles=1, seed=None)``: Berger tables, a bye for odd fields, sides alternating.
- :func:`single_elimination` ``(ids in seed order, *, third_place, best_of, final_best_of)``,
  :func:`double_elimination` ``(..., reset=True, ...)`` → :class:`Bracket`; :func:`advance`
  ``(bracket, {slot id: winner id})`` → :class:`BracketState` with ``ready`` (slots to create
  matches for), ``rounds`` (the drawing), ``finished``, ``champion`` and ``placings``.
- :func:`draw_tables` ``(entrants, history, *, round_number, sizes, first_round, seed)``:
  tables of 2–5 seats grouped by standing (``PARCELLUS``, ``MATCHING_TRUMPS`` or any
  :class:`TableSizes`); :func:`plan_tables` gives the sizes and the number of byes.
- :func:`draw_individual_round` ``(players, history, *, round_number, seed)``: new partners and
  opponents every round for individual events of partnership games.

**Around the engines** (import them from their modules): :mod:`~tournaments.pairing.formats` (the
event formats, their rules, and which engine draws a round of each), :mod:`~.match_format` (how
much a table plays), :mod:`~.seating` (which side each seat plays for, partnership names),
:mod:`~.bracket` (a bracket's values) and :mod:`~.bracket_layout` (a bracket drawn as SVG boxes).

Standings (match points, Buchholz, head-to-head, ...) live in :mod:`tournaments.standings`.
"""

from tournaments.pairing.base import (
    Bye,
    Entrant,
    EntrantId,
    FirstRound,
    Flag,
    Note,
    RoundDraw,
    Seating,
    TableAssignment,
)
from tournaments.pairing.bracket import (
    Bracket,
    BracketKind,
    BracketRound,
    BracketState,
    Part,
    Placing,
    Slot,
    SlotState,
    SlotStatus,
    Source,
    SourceKind,
)
from tournaments.pairing.elimination import (
    advance,
    double_elimination,
    draw_seeds,
    seed_order,
    single_elimination,
)
from tournaments.pairing.errors import (
    BracketError,
    DuplicateEntrantError,
    FieldTooSmallError,
    InvalidFormatError,
    InvalidRoundError,
    InvalidTableSizesError,
    MissingSeedError,
    NotInSlotError,
    PairingError,
    SlotNotReadyError,
    UnknownSlotError,
)
from tournaments.pairing.individual import draw_individual_round
from tournaments.pairing.matching import (
    CostGraph,
    Matching,
    NoPerfectMatchingError,
    min_cost_perfect_matching,
)
from tournaments.pairing.round_robin import (
    berger_pairs,
    round_robin_round,
    round_robin_schedule,
    rounds_per_cycle,
)
from tournaments.pairing.swiss import (
    Criterion,
    InvalidPolicyError,
    SwissPolicy,
    SwissProblem,
    pair_swiss,
    prepare_swiss,
)
from tournaments.pairing.tables import MATCHING_TRUMPS, PARCELLUS, TableSizes, draw_tables, plan_tables

__all__ = [
    "MATCHING_TRUMPS",
    "PARCELLUS",
    "Bracket",
    "BracketError",
    "BracketKind",
    "BracketRound",
    "BracketState",
    "Bye",
    "CostGraph",
    "Criterion",
    "DuplicateEntrantError",
    "Entrant",
    "EntrantId",
    "FieldTooSmallError",
    "FirstRound",
    "Flag",
    "InvalidFormatError",
    "InvalidPolicyError",
    "InvalidRoundError",
    "InvalidTableSizesError",
    "Matching",
    "MissingSeedError",
    "NoPerfectMatchingError",
    "NotInSlotError",
    "Note",
    "PairingError",
    "Part",
    "Placing",
    "RoundDraw",
    "Seating",
    "Slot",
    "SlotNotReadyError",
    "SlotState",
    "SlotStatus",
    "Source",
    "SourceKind",
    "SwissPolicy",
    "SwissProblem",
    "TableAssignment",
    "TableSizes",
    "UnknownSlotError",
    "advance",
    "berger_pairs",
    "double_elimination",
    "draw_individual_round",
    "draw_seeds",
    "draw_tables",
    "min_cost_perfect_matching",
    "pair_swiss",
    "plan_tables",
    "prepare_swiss",
    "round_robin_round",
    "round_robin_schedule",
    "rounds_per_cycle",
    "seed_order",
    "single_elimination",
]
