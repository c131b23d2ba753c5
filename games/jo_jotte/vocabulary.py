"""Jo-Jotte's vocabulary: the fixed words of its entry and the numbers of its rules
(docs/games/jo-jotte.md), spelled once for the declaration, the melds and the scoring of a deal."""

from __future__ import annotations

from games.common import SUITS

TRICKS = 9
NO_TRUMP = "no-trump"
CONTRACTS = (*SUITS, NO_TRUMP)
#: A deal replaced by a nullo, or a nullo overcalled by a slam.
NULLO = "nullo"
SLAM = "slam"
SPECIALS = ("none", NULLO, SLAM)
#: The fields a dead deal may not have, in the order the table fills them in.
DEAD_FIELDS = ("declarer", "contract", "special", "double", "tricks", "trick_points", "melds", "jo_jotte")

JO_JOTTE_POINTS = 20
ALL_TRICKS_BONUS = 100
NULLO_MADE = 200
NULLO_FIRST_TRICK = 200
NULLO_FURTHER_TRICK = 100
SLAM_BONUS = 500
GAMES_FOR_RUBBER = 2
