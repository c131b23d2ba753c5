"""``manage.py export_evening ID [-o FILE]`` (or ``--match ID``): write one evening, a tournament or
a friendly match, as an evening file that ``import_evening`` brings into the same club on another
Tablescore (``tournaments.travel``, ``scoring.travel``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.travel.envelope import EveningFileError, dumps
from scoring.travel.friendly import export_match
from tournaments.travel.service import export_evening


class Command(BaseCommand):
    help = (
        "Write a tournament (or, with --match, a friendly match) as an evening file: its entrants, "
        "rounds, tables, matches with every deal version, result and audit event, under ids of the "
        "file's own and with a digest. `import_evening FILE --club SLUG` brings it into the club on "
        "another Tablescore, or brings a copy there up to date."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", nargs="?", type=int, help="The tournament's id.")
        parser.add_argument("--match", type=int, metavar="ID", help="A friendly match's id instead.")
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="Write to FILE instead of standard output."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        if (options["tournament"] is None) == (options["match"] is None):
            raise CommandError("name one evening: a tournament's id, or --match with a friendly match's id")
        try:
            if options["match"] is not None:
                document = export_match(match_id=options["match"])
            else:
                document = export_evening(tournament_id=options["tournament"])
        except EveningFileError as error:
            raise CommandError(str(error)) from None
        text = dumps(document)
        if options["output"] is None:
            self.stdout.write(text, ending="")
            return
        try:
            with open(options["output"], "w", encoding="utf-8") as file:
                file.write(text)
        except OSError as error:
            raise CommandError(f"cannot write {options['output']}: {error.strerror}") from None
        self.stdout.write(
            self.style.SUCCESS(f"Wrote the evening “{document['title']}” to {options['output']}")
        )
