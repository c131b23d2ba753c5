"""Taking a tournament and a friendly match off the lists, in Chromium as an organizer does it: on
a 360 px phone in French and on a laptop in Dutch, the console's and the manage page's "take it off
the lists" section asks before it deletes, archives, says what it did where the eye is, and fits
(the layout checker and axe on each page)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in
from tests.factories import ClubFactory, make_match, organizer
from tests.tournaments.factories import make_tournament, play_round, start_round
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/tablescore-removal")


@pytest.mark.parametrize(
    ("size", "locale"), [(PHONE, "fr-FR"), (LAPTOP, "nl-NL")], ids=["phone-fr", "laptop-nl"]
)
def test_an_organizer_deletes_a_test_event_and_archives_a_played_one(
    live_server, browser: Any, tasks_in_process: None, size: dict[str, int], locale: str
):
    club = ClubFactory()
    boss = organizer(club)
    test_event = make_tournament(club=club, name="Essai", entrants=4, rounds=2)
    played = make_tournament(club=club, name="Vendredi", entrants=4, rounds=2)
    play_round(start_round(played))
    friendly = make_match(club=club, sides=["Ann", "Bob"], deals=[{"points": {"Ann": 3, "Bob": 1}}])
    page = screen(browser, size, locale=locale)
    base = live_server.url
    sign_in(page, base, boss.username, "a-good-password")
    name = f"{'phone' if size is PHONE else 'laptop'}-{locale}"
    problems: list[str] = []

    page.goto(f"{base}/tournaments/{test_event.pk}/console/#keep")
    problems += looked_at(page, SHOTS, f"{name}-console-fresh")
    asked: list[str] = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.locator("#keep button.danger").click()
    page.wait_for_url(f"{base}/clubs/{club.slug}/")
    problems += looked_at(page, SHOTS, f"{name}-club-after-delete")
    assert len(asked) == 1
    assert not Tournament.objects.filter(pk=test_event.pk).exists()

    page.goto(f"{base}/tournaments/{played.pk}/console/#keep")
    page.locator("#keep button").click()
    page.wait_for_load_state()
    problems += looked_at(page, SHOTS, f"{name}-console-archived")
    assert page.locator("#keep [role=status], #keep .notice, #keep .messages").count() >= 1
    played.refresh_from_db()
    assert played.archived_at is not None

    page.goto(f"{base}/matches/{friendly.pk}/manage/#keep")
    page.locator("#keep button").click()
    page.wait_for_load_state()
    problems += looked_at(page, SHOTS, f"{name}-manage-archived")
    page.goto(f"{base}/clubs/{club.slug}/?status=archived")
    problems += looked_at(page, SHOTS, f"{name}-club-archived-matches")
    page.goto(f"{base}/tournaments/?club={club.slug}&archived=1")
    problems += looked_at(page, SHOTS, f"{name}-archived-tournaments")
    assert page.locator("text=Vendredi").count() == 1
    page.close()
    assert problems == []
