"""The "Club rules" fieldset on a phone and a laptop, in French and Dutch: an organizer creates a
klaverjas afternoon with the AOBK preset and a fee typed with a comma, sees the rules back on the
console's format form, and registers a late arrival after round 1. Every page passes the layout
and accessibility checks; screenshots into /tmp/byes/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in, snap
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import add_entrants, start_round
from tournaments.models import Tournament

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/byes")
WORDS = {
    "fr-FR": {"legend": "Règlement du club", "create": "Créer le tournoi", "save": "Enregistrer"},
    "nl-NL": {"legend": "Clubreglement", "create": "Het toernooi aanmaken", "save": "Opslaan"},
}


@pytest.mark.parametrize("locale", list(WORDS))
@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["360", "1280"])
def test_an_organizer_sets_the_clubs_rules_on_the_page(
    live_server: Any, browser: Any, tasks_in_process: None, locale: str, size: dict[str, int]
) -> None:
    base = live_server.url
    words = WORDS[locale]
    tag = f"{locale[:2]}-{size['width']}"
    boss = organizer(ClubFactory())
    page = screen(browser, size, locale=locale)
    sign_in(page, base, boss.username, "a-good-password")

    page.goto(f"{base}/tournaments/new/?game=klaverjas")
    rules = page.locator("fieldset.club-rules")
    assert rules.locator("legend").first.inner_text() == words["legend"]
    page.fill("input[name=name]", "Klaverjasmiddag")
    page.select_option("select[name=entrant_kind]", "partnership")
    page.fill("input[name=rounds]", "4")
    page.select_option("select[name=rule_preset]", "aobk")
    page.fill("input[name=fee]", "5,00")
    page.select_option("select[name=prize_rule]", "every_fourth")
    page.check("input[name=prize_extras][value=booby]")
    problems = looked_at(page, SHOTS, f"new-{tag}")
    rules.screenshot(path=str(SHOTS / f"new-rules-{tag}.png"))
    page.get_by_role("button", name=words["create"]).click()
    page.wait_for_load_state()

    made = Tournament.objects.get(name="Klaverjasmiddag")
    assert made.bye == {"game_points": 1600, "outcome": "win", "max_per_entrant": 1}
    assert (made.fee, made.prizes["rule"]) == (500, "every_fourth")

    add_entrants(made, 5, partners=True)
    start_round(made)
    page.goto(f"{base}/tournaments/{made.pk}/console/")
    console_rules = page.locator("#format fieldset.club-rules")
    assert console_rules.locator("input[name=bye_points]").input_value() == "1600"
    assert console_rules.locator("input[name=fee]").input_value() == "5,00"
    page.fill("input[name=name]", "Laatkomers")
    problems += looked_at(page, SHOTS, f"console-{tag}")
    console_rules.screenshot(path=str(SHOTS / f"console-rules-{tag}.png"))
    page.locator("#entrants form").first.get_by_role("button").click()
    page.wait_for_load_state()
    snap(page, SHOTS, f"late-{tag}", full_page=False)

    assert made.entrants.get(name="Laatkomers").joins_round == 2
    assert problems == []
