"""The room's first start: the club, its language and time zone, and its organizer's account.

``bin/run --room`` serves phones on the room's network, so it must not open with the demo's
``admin``/``admin``: the first start asks for the club and for an organizer with a password of
their own (``manage.py room_setup``, which reads the answers from the terminal or the environment).
The answers are kept as what they make: the club exists and a user with a password holds a role
in it. That is what "set up" means on the next start, which asks nothing.

:func:`check_answers` refuses a bad answer with a sentence naming it (no half-made club);
``clubs.services.room.set_up_room`` makes everything in one transaction.
"""

from __future__ import annotations

from dataclasses import dataclass
from zoneinfo import available_timezones

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.text import slugify

from clubs.demo import DEMO_SLUG
from clubs.models import Club, StaffRole

#: The environment variables an unattended start reads, in the order the terminal asks.
VARIABLES = {
    "club": "TABLESCORE_CLUB",
    "language": "TABLESCORE_LANGUAGE",
    "time_zone": "TABLESCORE_TIME_ZONE",
    "organizer": "TABLESCORE_ORGANIZER",
    "password": "TABLESCORE_ORGANIZER_PASSWORD",
}


class SetupError(ValueError):
    """An answer that cannot be used; the message names it and says what would do."""


@dataclass(frozen=True)
class Answers:
    club: str
    language: str
    time_zone: str
    organizer: str
    password: str


def language_codes() -> list[str]:
    return [code for code, _ in settings.LANGUAGES]


def check_club(value: str) -> str:
    name = value.strip()
    if not name or len(name) > 120 or not slugify(name):
        raise SetupError("club: give the club's name (1 to 120 characters, with a letter or digit)")
    return name


def check_language(value: str) -> str:
    code = value.strip().lower()
    if code not in language_codes():
        raise SetupError(f"language: {value!r} is not one of {', '.join(language_codes())}")
    return code


def check_time_zone(value: str) -> str:
    zone = value.strip()
    if zone not in available_timezones():
        raise SetupError(f"time zone: {value!r} is not a time zone (write it as Europe/Paris)")
    return zone


def check_organizer(value: str) -> str:
    name = value.strip()
    try:
        UnicodeUsernameValidator()(name)
    except ValidationError:
        raise SetupError(
            "organizer: a user name of letters, digits and @ . + - _ only, without spaces"
        ) from None
    if not name or len(name) > 150:
        raise SetupError("organizer: a user name of 1 to 150 characters")
    return name


def check_password(password: str, organizer: str) -> str:
    """Django's password rules (``AUTH_PASSWORD_VALIDATORS``), all their complaints in one line."""
    user = get_user_model()(username=organizer)
    try:
        validate_password(password, user=user)
    except ValidationError as error:
        raise SetupError("password: " + " ".join(str(message) for message in error.messages)) from None
    return password


def check_answers(answers: Answers) -> Answers:
    organizer = check_organizer(answers.organizer)
    return Answers(
        club=check_club(answers.club),
        language=check_language(answers.language),
        time_zone=check_time_zone(answers.time_zone),
        organizer=organizer,
        password=check_password(answers.password, organizer),
    )


def room_club() -> Club | None:
    """The club a first start made: a club other than the demo's with a staff member who has a
    password. ``None`` until then."""
    roles = StaffRole.objects.exclude(club__slug=DEMO_SLUG).select_related("club", "user").order_by("pk")
    return next((role.club for role in roles if role.user.has_usable_password()), None)


#: Slugs a club cannot take: ``/clubs/new/`` is the page that makes a club, not a club's page.
RESERVED_SLUGS = frozenset({"new"})


def free_slug(name: str) -> str:
    """A slug for a new club called ``name`` that no club has (``-2``, ``-3``… added if need be)."""
    base = slugify(name)[:40] or "club"
    slug, number = base, 2
    while slug in RESERVED_SLUGS or Club.objects.filter(slug=slug).exists():
        slug, number = f"{base}-{number}", number + 1
    return slug
