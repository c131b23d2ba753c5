"""``manage.py import_club FILE``: restore a club from an ``export_club`` archive (``clubs.services.archive``)."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from clubs import archive
from clubs.services.archive import club_import


class Command(BaseCommand):
    help = (
        "Restore a club from an archive written by `export_club`, into a database that does not have "
        "that club: in one transaction, keeping every id, so table links and tournament pages work "
        "as before. Accounts are created with their password hashes (their owners sign in as "
        "before); an account whose username exists here is linked and left unchanged. Refuses, "
        "changing nothing, when the club or any of its ids is already here."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", metavar="FILE", help="The archive, or - for standard input.")

    def handle(self, *args: Any, **options: Any) -> None:
        path = options["file"]
        try:
            if path == "-":
                text = sys.stdin.read()
            else:
                with open(path, encoding="utf-8") as file:
                    text = file.read()
        except OSError as error:
            raise CommandError(f"cannot read {path}: {error.strerror}") from None
        except UnicodeDecodeError:
            raise CommandError(f"{path} is not a Tablescore club archive: it is not UTF-8 text") from None
        try:
            restored = club_import(archive.loads(text))
        except archive.ArchiveError as error:
            raise CommandError(f"{path}: {error}") from None
        created = sum(restored.created.values())
        linked = ", ".join(f"{n} {label}" for label, n in sorted(restored.linked.items()))
        self.stdout.write(
            self.style.SUCCESS(
                f"Restored club {restored.club.slug!r}: {created} rows created"
                + (f"; linked to rows already here: {linked}" if linked else "")
            )
        )
