"""What a scoreboard shows, read from a match's stored state document (docs/games/README.md §6).

:func:`board` turns ``Match.state`` (the game's own replay output) and the match's deal rows into
plain values that the templates lay out: sides with their players and totals, who deals next and
what else the table needs before dealing (Back Alley's hand size), the game's own structure (JAM
rubbers, Jo-Jotte's games above and below the line, a held Coinche pot), the deal history with each
deal's breakdown, the winner, and the running-totals chart.

What it does not do: score, total or decide anything; every number comes from the state document.
It never shows anything private (no scorer links, no audit details): pages add those themselves.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games import GAMES
from games.declaration import TableShape
from scoring import chart
from scoring.models import Deal, DealVersion, Match, MatchStatus

#: Per-deal keys that are part of every game's output (docs/games/README.md §6), not the game's own extras.
COMMON_DEAL_KEYS = {"number", "dealer", "scores", "breakdown", "running_totals", "warnings"}
SUIT_SYMBOLS = {"clubs": "♣", "diamonds": "♦", "hearts": "♥", "spades": "♠"}


@dataclass(frozen=True)
class SideView:
    name: str
    index: int
    players: str
    total: int
    leading: bool
    winner: bool


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
class Section:
    """A block of the game's own structure: a title, column heads and rows of cells."""

    title: str
    head: tuple[str, ...] = ()
    rows: tuple[tuple[str, ...], ...] = ()
    lines: tuple[str, ...] = ()
    #: One short line ("Held pot: none") rather than a block with a heading.
    compact: bool = False
    #: A CSS class per row ("above", "line", "below", "game-total"), or none.
    styles: tuple[str, ...] = ()

    @property
    def styled_rows(self) -> list[tuple[str, tuple[str, ...]]]:
        return [(self.styles[i] if i < len(self.styles) else "", row) for i, row in enumerate(self.rows)]


@dataclass(frozen=True)
class Board:
    match: Match
    game_name: str
    sides: tuple[SideView, ...]
    finished: bool
    abandoned: bool
    winner: str | None
    draw: bool
    next_lines: tuple[str, ...]
    progress: str
    sections: tuple[Section, ...]
    deals: tuple[DealView, ...]
    chart: chart.Chart | None
    revision: int
    deal_count: int
    extras: Mapping[str, Any] = field(default_factory=dict)

    @property
    def banner(self) -> str:
        if self.abandoned:
            return "Match abandoned"
        if not self.finished:
            return ""
        return (
            f"{self.winner} win{'' if self.winner and ' & ' in self.winner else 's'}!"
            if self.winner
            else "Drawn"
        )

    @property
    def next_deal_number(self) -> int:
        return self.deal_count + 1

    @property
    def history(self) -> tuple[DealView, ...]:
        """Newest first, as the table wants to see it."""
        return tuple(reversed(self.deals))


def seat_players(match: Match) -> list[str]:
    return [str(name) for name in (match.seats or [])]


def table_shape(match: Match) -> TableShape | None:
    """The match's table under its own options (six seats for six-handed Forty-Five, say)."""
    game = GAMES.get(match.game_key)
    return game.table_shape(match.options) if game else None


def partnership(match: Match) -> bool:
    shape = table_shape(match)
    return bool(shape and shape.partnerships)


def side_players(match: Match, side: str) -> str:
    """ "Ann & Cy" for a partnership side whose seats are named; empty otherwise."""
    seats = seat_players(match)
    shape = table_shape(match)
    if not shape or not shape.partnerships or len(seats) != shape.seats or side not in match.sides:
        return ""
    index = match.sides.index(side)
    players = " & ".join(seats[index::2])
    return "" if players == side else players


def dealer_label(match: Match, dealer: Any) -> str:
    """A seat number as "Seat 2 · Cy (NS)", a side name as itself."""
    if isinstance(dealer, bool) or dealer is None:
        return ""
    if isinstance(dealer, int):
        seats = seat_players(match)
        text = f"Seat {dealer}"
        if 0 <= dealer < len(seats):
            text += f" · {seats[dealer]}"
        if partnership(match) and len(match.sides) == 2:
            text += f" ({match.sides[dealer % 2]})"
        return text
    return str(dealer)


def _value_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return SUIT_SYMBOLS.get(value, value).replace("_", " ")
    if isinstance(value, dict):
        return " · ".join(f"{k} {_value_text(v)}" for k, v in value.items())
    if isinstance(value, list):
        return ", ".join(_value_text(v) for v in value) or "none"
    return str(value)


def _deal_tags(doc: Mapping[str, Any]) -> tuple[str, ...]:
    """Short words about a deal from the game's own per-deal keys."""
    tags: list[str] = []
    result = doc.get("result")
    if isinstance(result, str):
        tags.append(result.replace("_", " "))
    contract = doc.get("contract")
    if isinstance(contract, dict) and contract.get("taker"):
        parts = [str(contract.get("taker")), str(contract.get("bid", ""))]
        trump = contract.get("trump")
        if trump:
            parts.append(SUIT_SYMBOLS.get(str(trump), str(trump)))
        double = contract.get("double")
        if double and double != "none":
            parts.append(str(double))
        tags.append(" ".join(p for p in parts if p))
    if doc.get("dead") is True and "dead" not in tags:
        tags.append("dead")
    if isinstance(doc.get("hand_size"), int):
        tags.append(f"{doc['hand_size']} cards")
    if isinstance(doc.get("rubber"), int):
        tags.append(f"rubber {doc['rubber']}")
    if isinstance(doc.get("game"), int):
        tags.append(f"game {doc['game']}")
    if isinstance(doc.get("pot"), int) and doc["pot"]:
        tags.append(f"pot {doc['pot']}")
    return tuple(tags)


def _next_lines(match: Match, state: Mapping[str, Any]) -> tuple[str, ...]:
    next_deal = state.get("next_deal")
    if not isinstance(next_deal, dict):
        return ()
    lines = []
    if "dealer" in next_deal:
        lines.append(f"Deals next: {dealer_label(match, next_deal['dealer'])}")
    for key, value in next_deal.items():
        if key == "dealer":
            continue
        if key == "leader":
            lines.append(f"Leads: {dealer_label(match, value)}")
        elif key == "hand_size":
            lines.append(f"Hand size: {value} card{'' if value == 1 else 's'} each")
        elif key == "pass":
            lines.append(f"Pass cards to the {value}")
        else:
            lines.append(f"{key.replace('_', ' ').capitalize()}: {_value_text(value)}")
    return tuple(lines)


def _match_target(state: Mapping[str, Any]) -> int | None:
    """The total that ends the match, when the totals are what it is played to (not when the
    target belongs to each rubber or game, as in JAM and Jo-Jotte)."""
    if state.get("rubbers") or state.get("games"):
        return None
    target = (state.get("options") or {}).get("target")
    return target if isinstance(target, int) and not isinstance(target, bool) else None


def _progress(state: Mapping[str, Any], deal_count: int) -> str:
    options = state.get("options") or {}
    target, deals = _match_target(state), options.get("deals")
    if target is not None:
        return f"Playing to {target}"
    if isinstance(deals, int) and not isinstance(deals, bool):
        return (
            f"Deal {min(deal_count + 1, deals)} of {deals}" if deal_count < deals else f"{deals} deals played"
        )
    return ""


def _sections(match: Match, state: Mapping[str, Any], deals: Sequence[Mapping[str, Any]]) -> list[Section]:
    sides = list(state.get("sides") or match.sides)
    outcome = state.get("outcome") or {}
    out: list[Section] = []
    rubbers = state.get("rubbers")
    if isinstance(rubbers, list) and rubbers:
        rows = tuple(
            (
                f"Rubber {r.get('number')}",
                *(str((r.get("points") or {}).get(s, 0)) for s in sides),
                str(r.get("winner") or "playing"),
            )
            for r in rubbers
        )
        lines: tuple[str, ...] = ()
        won = outcome.get("rubbers_won")
        if isinstance(won, dict):
            lines = ("Rubbers won: " + " – ".join(f"{s} {won.get(s, 0)}" for s in sides),)
        out.append(Section("Rubbers", ("", *sides, "Winner"), rows, lines))
    games = state.get("games")
    if isinstance(games, list) and games:
        # A bridge-style sheet: bonuses and melds above the line (the newest on top, growing
        # upwards), then each game's trick scores below it, closed by the game's total.
        rows_list: list[tuple[str, ...]] = []
        styles: list[str] = []
        for d in reversed(deals):
            above = d.get("above")
            if isinstance(above, dict) and any(above.values()):
                rows_list.append((f"deal {d.get('number')}", *(str(above.get(s, 0)) for s in sides)))
                styles.append("above")
        rows_list.append(("the line", *("" for _ in sides)))
        styles.append("line")
        for g in games:
            number = g.get("number")
            for d in deals:
                below = d.get("below")
                if d.get("game") == number and isinstance(below, dict) and any(below.values()):
                    rows_list.append((f"deal {d.get('number')}", *(str(below.get(s, 0)) for s in sides)))
                    styles.append("below")
            winner = g.get("winner")
            rows_list.append(
                (
                    f"Game {number}: {winner} won" if winner else f"Game {number} (playing)",
                    *(str((g.get("below") or {}).get(s, 0)) for s in sides),
                )
            )
            styles.append("game-total")
        games_lines: tuple[str, ...] = ()
        won = outcome.get("games_won")
        if isinstance(won, dict):
            games_lines = ("Games won in the rubber: " + " – ".join(f"{s} {won.get(s, 0)}" for s in sides),)
        out.append(
            Section(
                "Above and below the line", ("", *sides), tuple(rows_list), games_lines, styles=tuple(styles)
            )
        )
    rounded = state.get("rounded_totals")
    if isinstance(rounded, dict) and rounded:
        # Coinche with rounding = total: the deals stay exact, the sheet (and the match end) is rounded
        sheet = " – ".join(f"{s} {rounded.get(s, 0)}" for s in sides)
        out.append(Section("Score sheet, rounded to 10", lines=(sheet,), compact=True))
    pot = state.get("pot")
    if isinstance(pot, int) and not isinstance(pot, bool):
        held = f"{pot} point{'' if pot == 1 else 's'}, for the next contract made" if pot else "none"
        out.append(Section("Held pot", lines=(held,), compact=True))
    team_totals = state.get("team_totals")
    if isinstance(team_totals, dict) and team_totals:
        out.append(
            Section(
                "Teams",
                ("Team", "Total"),
                tuple((str(team), str(total)) for team, total in team_totals.items()),
            )
        )
    return out


def board(
    match: Match,
    live: Sequence[tuple[Deal, DealVersion]] = (),
    voided: Sequence[Deal] = (),
) -> Board:
    """The scoreboard of ``match``; ``live`` are its counting deals in order, ``voided`` the rest."""
    state: Mapping[str, Any] = match.state or {}
    sides = list(state.get("sides") or match.sides)
    totals: Mapping[str, int] = state.get("totals") or {}
    outcome = state.get("outcome") or {}
    winner = outcome.get("winner")
    finished = bool(outcome.get("finished"))
    best = max(totals.values()) if totals else None
    side_views = tuple(
        SideView(
            name=side,
            index=i,
            players=side_players(match, side),
            total=int(totals.get(side, 0)),
            leading=best is not None and totals.get(side) == best and len(state.get("deals") or []) > 0,
            winner=finished and winner == side,
        )
        for i, side in enumerate(sides)
    )
    deal_docs: list[Mapping[str, Any]] = list(state.get("deals") or [])
    deal_views: list[DealView] = []
    for position, doc in enumerate(deal_docs):
        row = live[position][0] if position < len(live) else None
        number = doc.get("deal_number") or (row.number if row else doc.get("number", position + 1))
        version = doc.get("version") or (row.version if row else 1)
        deal_views.append(
            DealView(
                number=int(number),
                position=int(doc.get("number", position + 1)),
                dealer=dealer_label(match, doc.get("dealer")),
                scores=tuple((s, int((doc.get("scores") or {}).get(s, 0))) for s in sides),
                running=tuple((s, int((doc.get("running_totals") or {}).get(s, 0))) for s in sides),
                breakdown=tuple(str(line) for line in doc.get("breakdown") or ()),
                tags=_deal_tags(doc),
                warnings=tuple(str(w) for w in doc.get("warnings") or ()),
                version=int(version),
            )
        )
    for deal in voided:
        deal_views.append(
            DealView(
                number=deal.number,
                position=0,
                dealer="",
                scores=(),
                running=(),
                breakdown=(),
                tags=("voided",),
                warnings=(),
                version=deal.version,
                voided=True,
            )
        )
    deal_views.sort(key=lambda d: d.number)
    the_chart = (
        chart.running_totals(
            sides,
            [d.get("running_totals") or {} for d in deal_docs],
            target=_match_target(state),
            numbers=[d.number for d in deal_views if not d.voided],
        )
        if deal_docs
        else None
    )
    game = GAMES.get(match.game_key)
    return Board(
        match=match,
        game_name=game.name if game else match.game_key,
        sides=side_views,
        finished=finished,
        abandoned=match.status == MatchStatus.ABANDONED,
        winner=winner if isinstance(winner, str) else None,
        draw=bool(outcome.get("draw")),
        next_lines=() if finished or match.status == MatchStatus.ABANDONED else _next_lines(match, state),
        progress=_progress(state, len(deal_docs)),
        sections=tuple(_sections(match, state, deal_docs)),
        deals=tuple(deal_views),
        chart=the_chart,
        revision=match.revision,
        deal_count=len(deal_docs),
    )
