"""``manage.py export_club SLUG [-o FILE]``: write one club as a JSON archive (``clubs.archive``)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs import archive


class Command(BaseCommand):
    help = (
        "Write one club as a JSON archive: the club, its staff and members, the players and accounts "
        "its rows refer to, its matches with every deal version, idempotency records and the audit "
        "trail, and its tournaments with entrants, rounds, tables and standings. `import_club` "
        "restores it. The archive holds the password hashes of those accounts, so organizers can "
        "sign in after a restore: keep it as private as the database."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("slug", help="The club's slug.")
        parser.add_argument(
            "-o", "--output", metavar="FILE", help="Write to FILE instead of standard output."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            document = archive.export_club(options["slug"])
        except archive.ArchiveError as error:
            raise CommandError(str(error)) from None
        text = archive.dumps(document)
        if options["output"] is None:
            self.stdout.write(text)
            return
        try:
            with open(options["output"], "w", encoding="utf-8") as file:
                file.write(text + "\n")
        except OSError as error:
            raise CommandError(f"cannot write {options['output']}: {error.strerror}") from None
        rows = sum(document["counts"].values())
        self.stdout.write(
            self.style.SUCCESS(f"Wrote club {document['club']!r} ({rows} rows) to {options['output']}")
        )
