"""``manage.py import_evening FILE --club SLUG``: bring an evening file (``export_evening``) into a
club: a new evening, an evening here brought up to date, or nothing when it is here already; an
evening changed on both sides, or a file cut short, edited or foreign, is refused and nothing
changes (``tournaments.travel.service``)."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs.models import Club
from clubs.travel.envelope import EveningFileError
from tournaments.travel.service import import_evening


class Command(BaseCommand):
    help = (
        "Bring an evening file written by `export_evening` into the club SLUG, in one transaction: "
        "every id is remapped, players are found in the club by name (or added), and the "
        "standings and seasons are recomputed. Importing the same file again changes nothing; a "
        "later file of the same evening brings it up to date; an evening changed both here and in "
        "the file is refused, naming what differs. Naming --club is saying the file is that club's, "
        "even when it was exported under another slug."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="The evening file, or - for standard input.")
        parser.add_argument("--club", required=True, metavar="SLUG", help="The club it goes into.")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        club = Club.objects.filter(slug=options["club"]).first()
        if club is None:
            raise CommandError(f"there is no club {options['club']!r} here")
        try:
            if path == "-":
                data = sys.stdin.buffer.read()
            else:
                with open(path, "rb") as file:
                    data = file.read()
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        try:
            outcome = import_evening(data=data, club=club, other_club=True)
        except EveningFileError as error:
            raise CommandError(f"{path}: {error}") from None
        self.stdout.write(self.style.SUCCESS(outcome.message))
