"""``manage.py game_docs``: write the pages of the games in their players' language.

``docs/games/klaverjas.nl.md``, ``coinche.fr.md`` and ``belote.fr.md`` (``games.docs.TRANSLATED``) are
generated whole from the declaration by ``games.docs.translated_page``, each text rendered through
the games' catalogs with the page's language active (``scoring.game_texts.translator``). The English
pages' tables stay with ``python -m games docs``. A test fails when a written page is not current.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

from games import GAMES
from games.docs import TRANSLATED, translated_page, translated_path
from scoring.game_texts import translator


class Command(BaseCommand):
    help = "Write the translated pages of docs/games/ (Klaverjas in Dutch, Coinche and Belote in French)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--dir", default=str(Path(settings.BASE_DIR) / "docs" / "games"))

    def handle(self, *args: Any, **options: Any) -> None:
        folder = Path(options["dir"])
        for key, languages in TRANSLATED.items():
            for language in languages:
                path = translated_path(GAMES[key], language, folder)
                path.write_text(translated_page(GAMES[key], translator(language)), encoding="utf-8")
                self.stdout.write(str(path))
