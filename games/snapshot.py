"""A game's own state as plain JSON and back, so that a stored match resumes instead of replaying.

Replaying every deal is the reference (``Game.replay``): it is what a correction or a void does,
and what a page that needs every deal's details does. A deal appended to a match needs only where
the match stands, and replaying sixty deals to learn it costs more than the write itself. So the
writes keep the state beside the output document, and :meth:`games.base.Game.resume` rebuilds the
match from the two; ``tests/games/test_resume.py`` holds resume = replay for every game.

The states are frozen dataclasses (tuples, mappings, enums, nested dataclasses such as Coinche's
``Rules``), typed by the return annotation of the game's ``start``: cattrs turns them into JSON and
back by those types, so a game with a new kind of state needs no code here.

What this module does not do: decide when a stored state may be trusted (the caller compares the
deals it was stored with, ``scoring/services/resume.py``), or touch Django.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any, get_type_hints

from cattrs.errors import BaseValidationError, StructureHandlerNotFoundError
from cattrs.preconf.json import make_converter

if TYPE_CHECKING:
    from games.base import Game

_converter = make_converter()
# A game without a state of its own (``start`` returns None) stores null.
_converter.register_structure_hook(type(None), lambda value, _: None)


@cache
def state_type(game_class: type[Game[Any]]) -> Any:
    """The type of a game's state: the return annotation of its ``start``."""
    return get_type_hints(game_class.start)["return"]


def dump_state(game_class: type[Game[Any]], state: Any) -> Any:
    """The state as plain JSON values (lists, dicts, strings, numbers)."""
    return _converter.unstructure(state, state_type(game_class))


class SnapshotError(ValueError):
    """What was kept of a match does not read back as this game's (another version of its state,
    a document cut short): the caller replays instead."""


def load_state(game_class: type[Game[Any]], document: Any) -> Any:
    """The state back from :func:`dump_state`'s JSON; raises :class:`SnapshotError` for a document
    of another shape."""
    try:
        return _converter.structure(document, state_type(game_class))
    except (BaseValidationError, StructureHandlerNotFoundError, KeyError, TypeError, ValueError) as error:
        raise SnapshotError(f"the stored state is not a {game_class.key} state") from error
