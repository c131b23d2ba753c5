"""Small events for the standings tests (factories, not fixtures)."""

from __future__ import annotations

from tournaments.standings import MatchResult, Outcome, Results, SideResult

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def duel(round_number, one, other, outcome, points=(0, 0), deals=(0, 0)):
    """A two-sided match; ``outcome`` is the first entrant's."""
    mirror = {W: L, L: W, D: D}[outcome]
    return MatchResult(
        round_number,
        (
            SideResult((one,), outcome, points[0], deals[0]),
            SideResult((other,), mirror, points[1], deals[1]),
        ),
    )


# Round 1: 1 beats 2 (10-5), 3 draws 4 (7-7). Round 2: 1 draws 3 (8-8), 2 beats 4 (9-3).
# Round 3: 1 beats 4 (6-2), 3 beats 2 (5-4). Match points 2/1/0: 1 → 5, 2 → 2, 3 → 4, 4 → 1.
EVENT = Results(
    entrants=(1, 2, 3, 4),
    matches=(
        duel(1, 1, 2, W, (10, 5), (3, 1)),
        duel(1, 3, 4, D, (7, 7), (2, 2)),
        duel(2, 1, 3, D, (8, 8), (2, 2)),
        duel(2, 2, 4, W, (9, 3), (3, 1)),
        duel(3, 1, 4, W, (6, 2), (2, 0)),
        duel(3, 3, 2, W, (5, 4), (2, 1)),
    ),
)
