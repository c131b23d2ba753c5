"""``manage.py demo``: load the demo club (idempotent)."""

from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from clubs.demo import load_demo


class Command(BaseCommand):
    help = "Load demo data: a club, a dozen players, matches in progress, two tournaments. Safe to run again."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "--admin",
            action="store_true",
            help="Also create the superuser admin/admin (the default when DEBUG is on).",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        demo = load_demo(with_admin=options["admin"] or settings.DEBUG)
        self.stdout.write(self.style.SUCCESS(f"Demo club ready: {demo.club.name} ({', '.join(demo.parts)})"))
