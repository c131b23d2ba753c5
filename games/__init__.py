"""The rule book: every game Tablescore scores, as pure Python (no Django, no I/O).

``GAMES`` maps each key of ``docs/games/README.md`` to its rules class; ``find_game`` looks a
game up by key or alias. See ``base.py`` for the contract and ``GLOSSARY.md`` for card terms.
"""

from __future__ import annotations

from typing import Any

from games.aluette import Aluette
from games.auction_forty_five import AuctionFortyFive
from games.back_alley import BackAlley
from games.base import Game
from games.belote import Belote
from games.coinche import Coinche
from games.errors import GameError, IllegalDealError, OptionError, SidesError
from games.forty_five import FortyFive
from games.jam import Jam
from games.jo_jotte import JoJotte
from games.klaverjas import Klaverjas
from games.match import DealScore, MatchState, Result, Table
from games.matching_trumps import MatchingTrumps
from games.parcellus import Parcellus
from games.tally import Tally

GAMES: dict[str, type[Game[Any]]] = {
    cls.key: cls
    for cls in (
        Aluette,
        AuctionFortyFive,
        BackAlley,
        Belote,
        Coinche,
        FortyFive,
        Jam,
        JoJotte,
        Klaverjas,
        MatchingTrumps,
        Parcellus,
        Tally,
    )
}


class UnknownGameError(LookupError):
    """No game has that key or alias."""


def find_game(key: str) -> Game[Any]:
    """The rules of the game with this key or alias."""
    normalized = key.strip().lower()
    for cls in GAMES.values():
        if normalized == cls.key or normalized in cls.aliases:
            return cls()
    raise UnknownGameError(f"no game is called {key!r}; known games: {', '.join(GAMES)}")


__all__ = [
    "GAMES",
    "DealScore",
    "Game",
    "GameError",
    "IllegalDealError",
    "MatchState",
    "OptionError",
    "Result",
    "SidesError",
    "Table",
    "UnknownGameError",
    "find_game",
]
