"""The writes of the room's first start (``manage.py room_setup``, the answers checked by
``clubs.setup``): the club and its owner's account, the demo organized by the same staff, and the
demo's ``admin``/``admin`` switched off. One transaction each.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction

from clubs.demo import DEMO_SLUG
from clubs.models import Club, ClubRole, StaffRole
from clubs.setup import Answers, check_answers, free_slug


def set_up_room(answers: Answers) -> Club:
    """Make the club and its owner's account (an existing account of that name gets the new
    password and the role)."""
    answers = check_answers(answers)
    with transaction.atomic():
        club = Club.objects.create(
            name=answers.club,
            slug=free_slug(answers.club),
            language=answers.language,
            time_zone=answers.time_zone,
        )
        user_model = get_user_model()
        user = user_model.objects.filter(username=answers.organizer).first()
        if user is None:
            user = user_model(username=answers.organizer)
        user.set_password(answers.password)
        user.is_active = True
        user.save()
        StaffRole.objects.create(club=club, user=user, role=ClubRole.OWNER)
    return club


def organize_demo(club: Club) -> None:
    """With ``--demo``, the room club's staff also organize the demo club, to try things there."""
    demo_club = Club.objects.filter(slug=DEMO_SLUG).first()
    if demo_club is None:
        return
    with transaction.atomic():
        for role in StaffRole.objects.filter(club=club).select_related("user"):
            StaffRole.objects.get_or_create(
                club=demo_club, user=role.user, defaults={"role": ClubRole.ORGANIZER}
            )


def switch_off_default_admin() -> bool:
    """The room has no ``admin``/``admin``: an account left by ``bin/run`` (the demo's) or by
    ``bin/run --dev`` whose password is still ``admin`` loses it. Whether there was one."""
    user = get_user_model().objects.filter(username="admin").first()
    if user is None or not user.check_password("admin"):
        return False
    user.set_unusable_password()
    user.save(update_fields=["password"])
    return True
