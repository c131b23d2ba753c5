"""``manage.py room_setup``: the room's first start asks for the club and its organizer, once.

Each answer comes from its environment variable (``TABLESCORE_CLUB``, ``TABLESCORE_LANGUAGE``,
``TABLESCORE_TIME_ZONE``, ``TABLESCORE_ORGANIZER``, ``TABLESCORE_ORGANIZER_PASSWORD``, the way
``createsuperuser --noinput`` reads ``DJANGO_SUPERUSER_PASSWORD``), else from the terminal, which
asks only for what is missing and asks again after a bad answer. With no terminal and something
missing it stops, naming the variables to set. Once the club exists (``clubs.setup.room_club``)
it asks nothing. Either way the demo's ``admin``/``admin`` is switched off.
"""

from __future__ import annotations

import getpass
import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TextIO

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from clubs.demo import load_demo
from clubs.services.room import organize_demo, set_up_room, switch_off_default_admin
from clubs.setup import (
    VARIABLES,
    Answers,
    SetupError,
    check_club,
    check_language,
    check_organizer,
    check_password,
    check_time_zone,
    language_codes,
    room_club,
)


def machine_time_zone() -> str:
    """This machine's time zone name (Debian's /etc/timezone, or where /etc/localtime points)."""
    named = Path("/etc/timezone")
    if named.exists() and named.read_text().strip():
        return named.read_text().strip()
    local = Path("/etc/localtime")
    if local.is_symlink() and "zoneinfo/" in str(local.readlink()):
        return str(local.readlink()).split("zoneinfo/", 1)[1]
    return str(settings.TIME_ZONE)


class Command(BaseCommand):
    stealth_options = ("stdin",)  # what the tests type
    help = "Set up the room's club and organizer on the first start of bin/run --room; asks nothing later."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--demo", action="store_true", help="Also load the demo club (no admin/admin).")

    def handle(self, *args: Any, **options: Any) -> None:
        self.input: TextIO = options.get("stdin") or sys.stdin
        if switch_off_default_admin():
            self.stdout.write(
                "The demo's admin/admin sign-in is switched off: the room has its own organizer."
            )
        if options["demo"]:
            load_demo(with_admin=False)
        club = room_club()
        if club is None:
            club = set_up_room(self.answers())
            self.stdout.write(self.style.SUCCESS(f"Club ready: {club.name} (/clubs/{club.slug}/)"))
        else:
            self.stdout.write(f"Club: {club.name} (/clubs/{club.slug}/)")
        if options["demo"]:
            organize_demo(club)

    def answers(self) -> Answers:
        given = {key: os.environ.get(variable, "") for key, variable in VARIABLES.items()}
        missing = [VARIABLES[key] for key, value in given.items() if not value]
        interactive = self.input.isatty()
        if missing and not interactive:
            raise CommandError(
                "The room's first start needs its club and organizer, and there is no terminal to ask. "
                f"Set {', '.join(missing)} (language: {', '.join(language_codes())}; "
                "time zone: e.g. Europe/Paris), or run bin/run --room in a terminal."
            )
        if missing:
            self.stdout.write("First start in the room: the club and its organizer (asked once).")
        checks: dict[str, tuple[str, Callable[[str], str]]] = {
            "club": ("Club name: ", check_club),
            "language": (
                f"Language of the club's pages ({', '.join(language_codes())}) [en]: ",
                check_language,
            ),
            "time_zone": (f"Time zone [{machine_time_zone()}]: ", check_time_zone),
            "organizer": ("Organizer's user name: ", check_organizer),
        }
        defaults = {"language": "en", "time_zone": machine_time_zone()}
        values: dict[str, str] = {}
        for key, (prompt, check) in checks.items():
            values[key] = self.settle(given[key], check, partial(self.ask_or, prompt, defaults.get(key, "")))
        organizer = values["organizer"]
        values["password"] = self.settle(
            given["password"], lambda value: check_password(value, organizer), self.new_password
        )
        return Answers(**values)

    def settle(self, given: str, check: Callable[[str], str], ask: Callable[[], str]) -> str:
        """The given answer checked (a bad one stops the start), or asked until it is good."""
        if given:
            try:
                return check(given)
            except SetupError as error:
                raise CommandError(f"{error} (from the environment)") from None
        while True:
            try:
                return check(ask())
            except SetupError as error:
                self.stderr.write(str(error))

    def ask_or(self, prompt: str, default: str) -> str:
        """The answer typed, or ``default`` when Enter alone was pressed."""
        return self.ask(prompt) or default

    def ask(self, prompt: str, *, secret: bool = False) -> str:
        if secret and self.input is sys.stdin:
            return getpass.getpass(prompt)
        self.stdout.write(prompt, ending="")
        self.stdout.flush()
        line = self.input.readline()
        if not line:
            raise CommandError("The terminal closed before the room's setup was answered.")
        answer = line.rstrip("\n")
        return answer if secret else answer.strip()

    def new_password(self) -> str:
        while True:
            first = self.ask("Organizer's password: ", secret=True)
            if first == self.ask("The same password again: ", secret=True):
                return first
            self.stderr.write("password: the two passwords differ; type them again")
