"""The parties of a *concours de belote*: teams of two, a new opponent every partie (pure).

In: the field as :class:`~tournaments.pairing.base.Entrant` values (``score`` = the standings
metric, the points marked so far; ``rank`` = the standings position), the history as
:class:`~tournaments.pairing.base.Seating` rows (two seats, or one for a team that sat out), the
partie number, a recorded ``seed`` and the :class:`ConcoursDraw` rule. Out: a
:class:`~tournaments.pairing.base.RoundDraw`, table 1 the top table, the better-placed team in
seat 0.

How a partie is drawn (``docs/games/belote.md``, "Concours de belote"):

1. **Order.** Partie 1, and every partie under ``ConcoursDraw.RANDOM``: the field shuffled from
   the seed (tables drawn at random). Later parties under ``STANDINGS`` (the default): the
   standings, best first (``standing_key``).
2. **Sit-out.** An odd field leaves one team out: one that has not sat out yet, the last of the
   order (so drawn in partie 1, then the lowest such team in the standings); once every team has,
   the last of those that sat out least. ``sit_out_cap`` (the club's rule of at most so many
   sit-outs a team) is never passed while a team under it remains; when none does, the reason
   says so.
3. **Pairs.** Down the order, 1st v 2nd, 3rd v 4th, ...; when a pair would be a rematch, the lower
   team of the pair swaps with the next team down that the upper team has not met. When the teams
   left at the bottom can no longer be paired without a rematch, the pairing steps back up the
   list and tries the next swap (a depth-first search), so a rematch happens only when no pairing
   of the whole field avoids one; it is then flagged. In a field of up to ten teams whose number
   of parties is known, a pairing that would leave a later partie no way without a rematch is
   passed over, whichever team the standings send out next in an odd field.
4. ``ROTATION`` (Pont-de-Claix): the teams numbered in the drawn order; odd-numbered teams keep
   their table and even-numbered teams move up one table each partie (with an odd field a
   phantom team gives the sit-out). It repeats after as many parties as there are tables, each
   repeat flagged.

What this module does not do: compute the points marked (the standings do), or know about games,
matches or Django. Randomness only comes from ``seed``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from tournaments.pairing.base import (
    Bye,
    Entrant,
    EntrantId,
    Flag,
    Note,
    RoundDraw,
    Seating,
    TableAssignment,
    check_round,
    check_unique,
    seeded_shuffle,
    standing_key,
)
from tournaments.pairing.errors import FieldTooSmallError, MissingSeedError
from tournaments.pairing.history import History, index_history, rounds_text


class ConcoursDraw(StrEnum):
    """How the parties after the first are drawn."""

    STANDINGS = "standings"
    """Down the standings, never the same opponent twice (the default)."""
    RANDOM = "random"
    """A new random draw every partie, never the same opponent twice."""
    ROTATION = "rotation"
    """A fixed rotation: odd-numbered teams stay, even-numbered teams move."""


#: A search that gives up after this many steps falls back to the fewest rematches it found.
SEARCH_LIMIT = 200_000
#: Fields up to this size look ahead to the parties still to come (larger ones never get stuck).
LOOKAHEAD_FIELD = 10
#: The look ahead gives up after this many steps over one draw, and the pairing found stands: a
#: long evening of a small field (ten teams, nine parties) asks for a whole round-robin schedule,
#: whose search can run for hours.
LOOKAHEAD_LIMIT = 20_000


def pair_concours(
    entrants: Sequence[Entrant],
    history: Sequence[Seating],
    *,
    round_number: int,
    seed: int | None,
    draw: ConcoursDraw = ConcoursDraw.STANDINGS,
    parties: int | None = None,
    sit_out_cap: int | None = None,
) -> RoundDraw:
    """The tables (and sit-out) of partie ``round_number`` of ``parties`` (when known)."""
    check_unique(e.id for e in entrants)
    check_round(round_number, history)
    if len(entrants) < 2:
        raise FieldTooSmallError(f"a concours needs at least 2 teams, not {len(entrants)}")
    if seed is None and (round_number == 1 or draw is not ConcoursDraw.STANDINGS):
        raise MissingSeedError("a concours draws its tables at random: give the seed to record")
    past = index_history(history)
    if draw is ConcoursDraw.ROTATION:
        assert seed is not None
        return _rotation(entrants, past, round_number, seed)
    if round_number == 1 or draw is ConcoursDraw.RANDOM:
        assert seed is not None
        order = seeded_shuffle(entrants, seed + round_number - 1)
    else:
        order = sorted(entrants, key=standing_key)
    byes: list[Bye] = []
    sat_out: Counter[EntrantId] | None = None
    if len(order) % 2:
        out = _sit_out(order, past, sit_out_cap)
        order = [e for e in order if e.id != out.entrant]
        byes.append(out)
        sat_out = Counter({e.id: past.byes[e.id] for e in entrants})
        sat_out[out.entrant] += 1
    ahead = 0 if parties is None else max(parties - round_number, 0)
    pairs = _pairs([e.id for e in order], past, ahead, Field([e.id for e in entrants], sat_out))
    tables = tuple(
        TableAssignment(number, (a, b), _rematch(a, b, past)) for number, (a, b) in enumerate(pairs, 1)
    )
    return RoundDraw(round_number, tables, tuple(byes), seed=seed)


def _sit_out(order: Sequence[Entrant], past: History, cap: int | None = None) -> Bye:
    """The last team of the order among those that have sat out least."""
    fewest = min(past.byes[e.id] for e in order)
    team = [e for e in order if past.byes[e.id] == fewest][-1]
    if cap is not None and fewest >= cap:
        return Bye(
            team.id,
            f"every team has sat out the most the club's rule allows ({cap}); "
            f"this one has sat out least ({fewest}) and is last",
        )
    if fewest == 0:
        return Bye(team.id, "the last team in the order that has not sat out yet")
    return Bye(team.id, f"every team has sat out; this one has sat out least ({fewest}) and is last")


@dataclass(frozen=True)
class Field:
    """Every team of the concours, and with an odd field how often each has sat out (this partie's
    sit-out counted): who may sit out of the parties to come, for the look ahead."""

    teams: list[EntrantId]
    sat_out: Counter[EntrantId] | None = None

    def sittings(self) -> list[tuple[list[EntrantId], Counter[EntrantId] | None]]:
        """The ways the next partie may seat the field: with an even field, everyone; with an odd
        one, each team that may sit out (one that has sat out least) left out in turn."""
        if self.sat_out is None:
            return [(self.teams, None)]
        fewest = min(self.sat_out[team] for team in self.teams)
        ways: list[tuple[list[EntrantId], Counter[EntrantId] | None]] = []
        for out in (team for team in self.teams if self.sat_out[team] == fewest):
            counted = Counter(self.sat_out)
            counted[out] += 1
            ways.append(([team for team in self.teams if team != out], counted))
        return ways


def _pairs(
    ids: list[EntrantId], past: History, ahead: int = 0, field: Field | None = None
) -> list[tuple[EntrantId, EntrantId]]:
    """Down the list: each first unpaired team against the next it has not met, stepping back when
    the bottom gets stuck; the fewest rematches if none avoids them all. With ``ahead`` parties
    still to come after this one in a small field, a pairing that would leave a later partie no
    way without a rematch is passed over (six teams whose first three parties split them into
    two groups of three could not play a fourth). An odd field's later sit-outs go by standings
    not yet known: the pairing first sought leaves a way whichever team sits out, then one that
    leaves a way for some; five teams over four parties otherwise met again in one random draw
    in seven."""
    met = {pair for pair, rounds in past.met.items() if rounds}
    whole = field or Field(ids)
    look = ahead if len(whole.teams) <= LOOKAHEAD_FIELD else 0
    steps = 0

    def search(
        left: list[EntrantId], allow: int, done: list[tuple[EntrantId, EntrantId]], follows: Follows
    ) -> bool:
        nonlocal steps
        if not left:
            return follows(met | {_key(a, b) for a, b in done})
        steps += 1
        if steps > SEARCH_LIMIT:
            return False
        top, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            repeat = _key(top, other) in met
            if repeat and not allow:
                continue
            done.append((top, other))
            if search(rest[:i] + rest[i + 1 :], allow - repeat, done, follows):
                return True
            done.pop()
        return False

    def anyway(_met: set[tuple[EntrantId, EntrantId]]) -> bool:
        return True

    def looking(every: bool) -> Follows:
        budget = [LOOKAHEAD_LIMIT]
        return lambda taken: _can_follow(whole, taken, look, budget, every)

    tries: list[tuple[int, Follows]] = []
    if look:
        tries.append((0, looking(every=True)))
        if whole.sat_out is not None:
            tries.append((0, looking(every=False)))
    tries += [(allow, anyway) for allow in range(len(ids) // 2 + 1)]
    for allow, follows in tries:
        steps = 0
        found: list[tuple[EntrantId, EntrantId]] = []
        if search(ids, allow, found, follows):
            return found
    # a field the search could not settle in time: plain down the list, rematches flagged
    return [(ids[i], ids[i + 1]) for i in range(0, len(ids), 2)]


#: Whether the parties to come can follow once these pairs have met.
Follows = Callable[[set[tuple[EntrantId, EntrantId]]], bool]


def _key(a: EntrantId, b: EntrantId) -> tuple[EntrantId, EntrantId]:
    return (a, b) if a <= b else (b, a)


def _can_follow(
    field: Field, met: set[tuple[EntrantId, EntrantId]], ahead: int, budget: list[int], every: bool
) -> bool:
    """Whether ``ahead`` more parties of the field can each be played without a rematch: whichever
    team sits out (``every``), or for some team that may (not ``every``); once ``budget`` (steps
    left, shared by the whole draw) runs out, taken to be so."""
    if ahead <= 0:
        return True

    def pairing(left: list[EntrantId], taken: set[tuple[EntrantId, EntrantId]], then: Field) -> bool:
        if not left:
            return _can_follow(then, taken, ahead - 1, budget, every)
        budget[0] -= 1
        if budget[0] <= 0:
            return True
        top, rest = left[0], left[1:]
        for i, other in enumerate(rest):
            key = _key(top, other)
            if key not in taken and pairing(rest[:i] + rest[i + 1 :], taken | {key}, then):
                return True
        return False

    ways = (pairing(playing, met, Field(field.teams, sat_out)) for playing, sat_out in field.sittings())
    return all(ways) if every else any(ways)


def _rematch(a: EntrantId, b: EntrantId, past: History) -> tuple[Note, ...]:
    rounds = past.met.get((a, b) if a <= b else (b, a))
    if not rounds:
        return ()
    return (Note(Flag.REMATCH, (a, b), f"these teams met in {rounds_text(rounds)}"),)


def _rotation(entrants: Sequence[Entrant], past: History, round_number: int, seed: int) -> RoundDraw:
    """Odd-numbered teams keep their table, even-numbered teams move up one table a partie."""
    numbered: list[Entrant | None] = list(seeded_shuffle(entrants, seed))
    if len(numbered) % 2:
        numbered.append(None)
    tables_count = len(numbered) // 2
    staying, moving = numbered[0::2], numbered[1::2]
    tables: list[TableAssignment] = []
    byes: list[Bye] = []
    for table in range(tables_count):
        home = staying[table]
        away = moving[(table + round_number - 1) % tables_count]
        if home is None or away is None:
            alone = home or away
            assert alone is not None
            byes.append(Bye(alone.id, "the rotation seats this team against the empty place"))
            continue
        tables.append(TableAssignment(len(tables) + 1, (home.id, away.id), _rematch(home.id, away.id, past)))
    return RoundDraw(round_number, tuple(tables), tuple(byes), seed=seed)
