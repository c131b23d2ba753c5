"""Factories for the suite: real rows built through the real services, never JSON fixtures."""

from __future__ import annotations

from typing import Any

import factory
from django.contrib.auth import get_user_model

from clubs.access import Actor
from clubs.models import Club, ClubRole, Player, StaffRole
from scoring.models import Match
from scoring.services.deals import deal_record
from scoring.services.matches import match_create


class ClubFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Club
        django_get_or_create = ("slug",)

    name = factory.Sequence(lambda n: f"Club {n}")
    slug = factory.Sequence(lambda n: f"club-{n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    name = factory.Sequence(lambda n: f"Player {n}")


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.django.Password("a-good-password")


class StaffRoleFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = StaffRole

    club = factory.SubFactory(ClubFactory)
    user = factory.SubFactory(UserFactory)
    role = ClubRole.ORGANIZER


def organizer(club: Club | None = None, **kwargs: Any) -> Any:
    """A user who organizes ``club`` (a new club when none is given)."""
    role = StaffRoleFactory(club=club or ClubFactory(), **kwargs)
    return role.user


def make_match(
    *,
    club: Club | None = None,
    game: str = "tally",
    sides: list[str] | None = None,
    options: dict[str, Any] | None = None,
    deals: list[Any] = (),  # type: ignore[assignment]
    **kwargs: Any,
) -> Match:
    """A match created and played through the services, as a table would."""
    actor = Actor(label="factory")
    match = match_create(
        club=club or ClubFactory(),
        game_key=game,
        sides=sides or ["Ann", "Ben"],
        options=options,
        actor=actor,
        **kwargs,
    )
    for entry in deals:
        deal_record(match_id=match.pk, entry=entry, actor=actor)
    match.refresh_from_db()
    return match
