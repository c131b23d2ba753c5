"""``manage.py ratings_backtest GAME [--club SLUG]``: how well the ratings predicted a club's history.

Replays every final match of the game's rating family in order, predicting each before rating it,
and prints the mean log-loss of the winner's predicted chance beside that of a guess giving every
side the same chance (lower is better). Reads only.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club
from games import UnknownGameError, find_game
from seasons.rating.engine import backtest
from seasons.selectors import rated_matches


class Command(BaseCommand):
    help = "Print the log-loss of the ratings' predictions over a club's history of a game."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="A game's key or alias (its rating family is used).")
        parser.add_argument("--club", help="The club's slug (default: every club, one line each).")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            family = find_game(options["game"]).rating_family()
        except UnknownGameError as error:
            raise CommandError(str(error)) from None
        clubs = Club.objects.order_by("slug")
        if options["club"]:
            clubs = clubs.filter(slug=options["club"])
            if not clubs.exists():
                raise CommandError(f"no club has the slug {options['club']!r}")
        for club in clubs:
            result = backtest(rated_matches(club.pk, family))
            if not result.matches:
                self.stdout.write(f"{club.slug} {family}: no final match yet")
                continue
            self.stdout.write(
                f"{club.slug} {family}: log-loss {result.log_loss:.4f} over {result.predicted} matches "
                f"(uniform guess {result.uniform:.4f}; {result.matches - result.predicted} without a single winner left out)"
            )
