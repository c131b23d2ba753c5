"""A game as players call it: ``{{ match.game_key|game_name }}`` gives "La Coinche", never ``coinche``.

Lists of matches and tournaments carry only the game's key; the name comes from the rule book's
registry, without its parenthesis ("La Coinche (Belote coinchée / Belote contrée)" is "La Coinche"
in a list; a match's own page shows the whole name). A key the registry does not know is shown as
it is. The name is said in the active language.
"""

from __future__ import annotations

from django import template

from games import GAMES
from scoring.game_texts import game_text

register = template.Library()


@register.filter
def game_name(key: str) -> str:
    game = GAMES.get(key)
    return str(game_text(game.name)).split(" (", 1)[0] if game is not None else key
