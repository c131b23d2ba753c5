"""A match as the game contract plays it: the plain values a deal passes around and the
immutable match state (docs/games/README.md §6).

:class:`MatchState` is what ``Game.new_match`` and ``Game.replay`` return: the match's fixed facts
(:class:`Table`), its scored deals (:class:`DealRecord`), the running totals, the game's own state
and the :class:`Result`. :meth:`MatchState.play` returns a new state after one more entry, checked
and scored by the game; :meth:`MatchState.as_json` is the output document; the seating, the facts
worth showing and the context of the next entry are the game's answers for this match.

What this module does not do: know any game's rules (the :class:`games.base.Game` hooks do), or
touch Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from games.declaration import EntryContext, Field, TableShape, validate_entry
from games.errors import GameError, IllegalDealError
from games.facts import Facts
from games.seats import Seating
from games.snapshot import dump_state
from games.terms import problem

if TYPE_CHECKING:
    from games.base import Game

S = TypeVar("S")

Dealer = int | str


@dataclass(frozen=True)
class Table:
    """The fixed facts of one match: its sides and effective options, and what follows from them
    (the table's shape and the entry's fields, worked out once by ``Game.resolve_options``)."""

    sides: tuple[str, ...]
    options: Mapping[str, Any]
    shape: TableShape | None = None
    entry: tuple[Field, ...] | None = None


@dataclass(frozen=True)
class DealScore:
    """What one deal scored: points per side, the rules applied in words, and game-specific keys."""

    scores: Mapping[str, int]
    breakdown: tuple[str, ...]
    extra: Mapping[str, Any] = field(default_factory=dict)
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Result:
    """Where a match stands after a deal: ``finished``, the ``winner`` (or ``None``), and extras."""

    finished: bool
    winner: str | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def draw(self) -> bool:
        """A finished match without a winner."""
        return self.finished and self.winner is None

    @classmethod
    def from_json(cls, outcome: Mapping[str, Any]) -> Result:
        """The result back from the ``outcome`` object of the output document (§6), as a page
        that reads a stored match asks the game about it without replaying its deals."""
        extra = {key: value for key, value in outcome.items() if key not in _OUTCOME_KEYS}
        winner = outcome.get("winner")
        return cls(bool(outcome.get("finished")), winner if isinstance(winner, str) else None, extra)


#: The keys every ``outcome`` object has; the rest are the game's extras.
_OUTCOME_KEYS = frozenset({"finished", "winner", "draw"})


@dataclass(frozen=True)
class DealRecord:
    """One scored deal in a match, as it appears in the output."""

    number: int
    dealer: Dealer
    entry: Mapping[str, Any]
    score: DealScore
    running_totals: Mapping[str, int]
    #: The ``deals[k]`` object this deal was read back from (:meth:`from_json`): :meth:`as_json`
    #: gives it back rather than making it again, so a resumed match writes its earlier deals at
    #: the cost of a copy (its values are shared: the stored document is read, never changed).
    stored: Mapping[str, Any] | None = field(default=None, compare=False, repr=False)

    def as_json(self) -> dict[str, Any]:
        """The ``deals[k]`` object of docs/games/README.md §6."""
        if self.stored is not None:
            return dict(self.stored)
        out: dict[str, Any] = {
            "number": self.number,
            "dealer": self.dealer,
            "scores": dict(self.score.scores),
            "breakdown": list(self.score.breakdown),
            "running_totals": dict(self.running_totals),
        }
        out.update(self.score.extra)
        if self.score.warnings:
            out["warnings"] = list(self.score.warnings)
        return out

    @classmethod
    def from_json(
        cls, doc: Mapping[str, Any], entry: Mapping[str, Any], annotations: frozenset[str] = frozenset()
    ) -> DealRecord:
        """The deal back from its ``deals[k]`` object and its checked entry, for a match resumed
        from what a write stored (``Game.resume``): the keys :meth:`as_json` does not name itself
        are the game's extras, but for the ``annotations`` its caller added to the object (kept in
        :attr:`stored`). Nothing is copied: a resume appends a deal to every deal before it, and
        the stored document is read, never changed."""
        skip = _DEAL_KEYS | annotations if annotations else _DEAL_KEYS
        extra = {key: value for key, value in doc.items() if key not in skip}
        score = DealScore(doc["scores"], tuple(doc["breakdown"]), extra, tuple(doc.get("warnings", ())))
        running = MappingProxyType(doc["running_totals"])
        return cls(doc["number"], doc["dealer"], MappingProxyType(entry), score, running, doc)


#: The keys every ``deals[k]`` object has (``warnings`` when there are some); the rest are extras.
_DEAL_KEYS = frozenset({"number", "dealer", "scores", "breakdown", "running_totals", "warnings"})


@dataclass(frozen=True)
class MatchState(Generic[S]):
    """A match after some deals. Immutable: :meth:`play` returns a new state."""

    game: Game[S]
    table: Table
    deals: tuple[DealRecord, ...]
    totals: Mapping[str, int]
    state: S
    result: Result
    deal_limit: int | None = None

    @property
    def finished(self) -> bool:
        """Whether the match has ended."""
        return self.result.finished

    def outcome(self) -> Result | None:
        """The result once the match has ended, else ``None``."""
        return self.result if self.result.finished else None

    def next_dealer(self) -> Dealer | None:
        """Who deals next, or ``None`` once the match has finished."""
        if self.finished:
            return None
        return self.game.dealer(self.table, self.state, len(self.deals))

    def seating(self, players: Sequence[str] = ()) -> Seating:
        """Who sits where: the game's answer for this match's table, with ``players`` seated in
        seat order (see :meth:`Game.seating`)."""
        return self.game.seating(self.table.options, self.table.sides, players)

    def facts(self) -> Facts:
        """What the game shows of the match besides its totals and deals, with what decides it
        (``Game.tally``); nothing is upcoming once it has ended, and a match cut after a number of
        deals lasts that many: its end is the deal count, not the game's target (a tournament's
        "4 deals a match" Coinche is not played to 1000)."""
        facts = self.game.facts(self.table, self.state, self.deals, self.result)
        facts = replace(facts, tally=self.game.tally(self.table, self.result))
        if self.finished:
            facts = replace(facts, upcoming=())
        if self.deal_limit is not None:
            facts = replace(facts, deals=self.deal_limit, target=None)
        return facts

    def deal_notes(self, record: DealRecord) -> tuple[str, ...]:
        """The game's few words about one of this match's deals."""
        return self.game.deal_notes(self.table, record)

    def entry_context(self) -> EntryContext:
        """What the rules of the next deal see before anything of it is entered: the bounds and
        choices a form offers come from here (Back Alley's tricks up to this deal's hand size)."""
        index = len(self.deals)
        state = self.game.entry_context(self.table, self.state, self.totals, index)
        return EntryContext(self.table.sides, self.table.options, state, raw={}, clean={})

    def validate(self, raw: Any) -> dict[str, Any]:
        """Check one entry in the context of this state; raises :class:`IllegalDealError`."""
        return _validate(self.game, self.table, self.state, self.totals, self.result, len(self.deals), raw)

    def play(self, raw: Any) -> MatchState[S]:
        """The match after one more entry."""
        return self.play_all((raw,))

    def play_all(self, entries: Iterable[Any]) -> MatchState[S]:
        """The match after the given entries, scored one by one; the first bad one raises."""
        game, table = self.game, self.table
        deals = list(self.deals)
        totals = dict(self.totals)
        state, result = self.state, self.result
        running: Mapping[str, int] = self.totals
        for raw in entries:
            index = len(deals)
            clean = _validate(game, table, state, running, result, index, raw)
            dealer = game.dealer(table, state, index)
            try:
                score, state = game.score(table, state, clean, running)
            except GameError as error:
                raise IllegalDealError(error.field, error.rule, index, code=error.code) from None
            for side in table.sides:
                totals[side] += score.scores.get(side, 0)
            running = MappingProxyType(dict(totals))
            deals.append(DealRecord(index + 1, dealer, MappingProxyType(clean), score, running))
            result = game.result(table, state, running, len(deals))
            counted = game.counted_deals(table, state, len(deals))
            if self.deal_limit is not None and not result.finished and counted >= self.deal_limit:
                winner = game.leader(table, state, running)
                result = Result(True, winner, {**result.extra, "deal_limit": self.deal_limit})
        return replace(self, deals=tuple(deals), totals=running, state=state, result=result)

    def snapshot(self) -> dict[str, Any]:
        """What :meth:`as_json` leaves out and ``Game.resume`` needs to go on without a replay:
        the game's own state and each deal's checked entry, as plain JSON."""
        return {
            "state": dump_state(type(self.game), self.state),
            "entries": [dict(deal.entry) for deal in self.deals],
        }

    def as_json(self) -> dict[str, Any]:
        """The output document of docs/games/README.md §6."""
        dealer = self.next_dealer()
        outcome: dict[str, Any] = {
            "finished": self.result.finished,
            "winner": self.result.winner,
            "draw": self.result.draw,
        }
        outcome.update(self.result.extra)
        doc: dict[str, Any] = {
            "game": self.game.key,
            "options": dict(self.table.options),
            "sides": list(self.table.sides),
            "deals": [d.as_json() for d in self.deals],
            "totals": dict(self.totals),
            "outcome": outcome,
            "next_dealer": dealer,
            "next_deal": None if dealer is None else self.game.next_deal(self.table, self.state, dealer),
        }
        doc.update(self.game.structure(self.table, self.state))
        return doc


def _validate(
    game: Game[S],
    table: Table,
    state: S,
    totals: Mapping[str, int],
    result: Result,
    index: int,
    raw: Any,
) -> dict[str, Any]:
    if result.finished:
        raise IllegalDealError(
            None, problem("games", "match_finished", "the match is already finished"), index
        )
    try:
        return validate_entry(
            game.entry_shape(table.options) if table.entry is None else table.entry,
            raw,
            sides=table.sides,
            options=table.options,
            state=game.entry_context(table, state, totals, index),
        )
    except GameError as error:
        raise IllegalDealError(error.field, error.rule, index, code=error.code) from None
