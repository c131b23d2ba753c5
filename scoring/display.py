"""What a scoreboard shows, from a match replayed by its game (docs/games/README.md §6).

:func:`board` turns a match's :class:`games.match.MatchState` (the replay of its live deals) and its
deal rows into plain values that the templates lay out: sides with their players, seats and totals,
who deals next and what else the table needs before dealing, the game's own facts and score sheets,
the deal history with each deal's breakdown and notes, the winner, and the running-totals chart.
Everything game-specific is the game's answer: who sits where (``MatchState.seating``), what is
worth showing (``MatchState.facts``) and the notes of a deal (``MatchState.deal_notes``).

What it does not do: score, total or decide anything; it never reads a game's own keys. It never
shows anything private (no scorer links, no audit details): pages add those themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from games import GAMES
from games.facts import Facts, Tally
from games.match import MatchState, Result, Table
from games.seats import Seating
from scoring import chart
from scoring.game_texts import facts_text, game_text, game_texts
from scoring.models import Deal, DealVersion, Match, MatchStatus
from scoring.part_of import Series, series_of


@dataclass(frozen=True)
class SideView:
    """One side on the scoreline: its name, the players of a partnership ("Ann & Cy") and who of
    them sits where ("Ann (North) & Cy (South)"), its total, and what it has won of what decides
    the match when the total does not (``tally``: JAM's rubbers, shown large, the total small)."""

    name: str
    index: int
    players: str
    seats: str
    total: int
    leading: bool
    winner: bool
    tally: int | None = None


@dataclass(frozen=True)
class DealView:
    """One line of the deal history."""

    number: int
    position: int
    dealer: str
    scores: tuple[tuple[str, int], ...]
    running: tuple[tuple[str, int], ...]
    breakdown: tuple[str, ...]
    tags: tuple[str, ...]
    warnings: tuple[str, ...]
    version: int
    voided: bool = False


@dataclass(frozen=True)
class Board:
    match: Match
    game_name: str
    #: The match as its game replayed it: what every value below was read from.
    played: MatchState[Any]
    seating: Seating
    sides: tuple[SideView, ...]
    finished: bool
    abandoned: bool
    winner: str | None
    draw: bool
    next_lines: tuple[str, ...]
    progress: str
    facts: Facts
    deals: tuple[DealView, ...]
    chart: chart.Chart | None
    revision: int
    deal_count: int
    #: The best-of-N series this match is one game of (a tournament's), if any.
    series: Series | None = None

    @property
    def banner(self) -> str:
        if self.abandoned:
            return _("Match abandoned")
        if not self.finished:
            return ""
        if self.series is not None and self.winner is not None:
            if self.series.winner is None:
                return _("Game %(number)s won by %(side)s") % {
                    "number": self.series.game,
                    "side": self.winner,
                }
            return _("Series won by %(side)s: %(score)s") % {
                "side": self.series.winner,
                "score": "–".join(str(count) for count in self.series.won.values()),
            }
        if self.winner is None:
            return _("Drawn")
        if self.seating.named_after_players(self.winner):  # "Ann & Cy win!"
            return _("%(players)s win!") % {"players": self.winner}
        # Translators: %(side)s is a side's name: a team ("Wij", "Us") or one player.
        return _("%(side)s wins!") % {"side": self.winner}

    @property
    def trophy(self) -> bool:
        """Whether the banner announces the end: a winner, of the whole series when there is one."""
        return self.winner is not None and (self.series is None or self.series.winner is not None)

    @property
    def series_line(self) -> str:
        """The series so far, "Best of 3: Us 1 – Them 0 · game 2", for a match that is one game of it."""
        if self.series is None:
            return ""
        score = " – ".join(f"{side} {count}" for side, count in self.series.won.items())
        return _("Best of %(count)s: %(score)s · game %(number)s") % {
            "count": self.series.best_of,
            "score": score,
            "number": self.series.game,
        }

    @property
    def next_deal_number(self) -> int:
        return self.deal_count + 1

    @property
    def history(self) -> tuple[DealView, ...]:
        """Newest first, as the table wants to see it."""
        return tuple(reversed(self.deals))


def _next_lines(played: MatchState[Any], seating: Seating, facts: Facts) -> tuple[str, ...]:
    dealer = played.next_dealer()
    if dealer is None:
        return ()
    return (
        # Translators: who deals the next deal (French: donneur; Dutch: gever).
        _("Deals next: %(dealer)s") % {"dealer": game_text(seating.who(dealer))},
        *(
            _("%(label)s: %(text)s") % {"label": game_text(fact.label), "text": game_text(fact.text)}
            for fact in facts.upcoming
        ),
    )


def _progress(facts: Facts, deal_count: int) -> str:
    parts = []
    if facts.tally is not None:
        parts.append(game_text(facts.tally.goal))
    if facts.target is not None:
        parts.append(_("Playing to %(target)s") % {"target": facts.target})
    if facts.deals is not None:
        deals = facts.deals
        # a game whose dead deals do not count says how many do (Belote's partie of 12 counted deals)
        deal_count = deal_count if facts.counted is None else facts.counted
        parts.append(
            _("Deal %(number)s of %(deals)s") % {"number": deal_count + 1, "deals": deals}
            if deal_count < deals
            else ngettext("%(deals)s deal played", "%(deals)s deals played", deals) % {"deals": deals}
        )
    return " · ".join(parts)


def _deal_views(
    played: MatchState[Any],
    seating: Seating,
    live: Sequence[tuple[Deal, DealVersion]],
    voided: Sequence[Deal],
) -> list[DealView]:
    sides = played.table.sides
    views = [
        DealView(
            number=deal.number,
            position=record.number,
            dealer=game_text(seating.who(record.dealer)),
            scores=tuple((side, record.score.scores.get(side, 0)) for side in sides),
            running=tuple((side, record.running_totals.get(side, 0)) for side in sides),
            breakdown=game_texts(record.score.breakdown),
            tags=game_texts(played.deal_notes(record)),
            warnings=record.score.warnings,
            version=deal.version,
        )
        for record, (deal, _) in zip(played.deals, live, strict=True)
    ]
    views += [
        DealView(deal.number, 0, "", (), (), (), (pgettext("deal", "voided"),), (), deal.version, voided=True)
        for deal in voided
    ]
    return sorted(views, key=lambda view: view.number)


def stored_tally(match: Match) -> Tally | None:
    """What decides ``match`` when its total does not (``Game.tally``), asked of its game from the
    stored outcome, without replaying its deals: for the tournament pages, which list many tables."""
    rules = GAMES.get(match.game_key)
    if rules is None:
        return None
    return rules().tally(Table(tuple(match.sides), match.options), Result.from_json(match.outcome))


def board(
    match: Match,
    played: MatchState[Any],
    live: Sequence[tuple[Deal, DealVersion]] = (),
    voided: Sequence[Deal] = (),
) -> Board:
    """The scoreboard of ``match``, replayed as ``played`` from ``live`` (its counting deals in
    order, each with its current version); ``voided`` are the deals taken out."""
    seating = played.seating(match.seats or ())
    facts = facts_text(played.facts())
    totals = played.totals
    winner = played.result.winner
    tally = facts.tally
    if tally is not None:
        best = max(tally.counts.values()) if any(tally.counts.values()) else None
    else:
        best = max(totals.values()) if totals and played.deals else None
    abandoned = match.status == MatchStatus.ABANDONED
    side_views = tuple(
        SideView(
            name=party.name,
            index=index,
            players=party.players,
            seats=game_text(party.seated),
            total=totals.get(party.name, 0),
            leading=(totals.get(party.name) if tally is None else tally.count(party.name)) == best,
            winner=played.finished and winner == party.name,
            tally=None if tally is None else tally.count(party.name),
        )
        for index, party in enumerate(seating.sides)
    )
    game = GAMES.get(match.game_key)
    return Board(
        match=match,
        game_name=game_text(game.name) if game else match.game_key,
        played=played,
        seating=seating,
        sides=side_views,
        finished=played.finished,
        abandoned=abandoned,
        winner=winner,
        draw=played.result.draw,
        next_lines=() if abandoned else _next_lines(played, seating, facts),
        progress=_progress(facts, len(played.deals)),
        facts=facts,
        deals=tuple(_deal_views(played, seating, live, voided)),
        chart=chart.running_totals(
            list(played.table.sides),
            [record.running_totals for record in played.deals],
            target=facts.target,
            numbers=[deal.number for deal, _ in live],
        )
        if played.deals
        else None,
        revision=match.revision,
        deal_count=len(played.deals),
        series=series_of(match),
    )
