"""#26 part 2 in Chromium, in French and Dutch, on a phone and a laptop: the organizer ticks
"Présent"/"Aanwezig" and "Payé"/"Betaald" on the console (htmx swaps the list in place), changes
an amount (€4 of €5), an entrant checks in from its own link, the draw waits while someone is
missing and "Retirer les absents"/"Afwezigen afmelden" clears the way, and the cash page adds up.
Each page passes the layout checker and axe."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in, until
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import make_tournament
from tournaments.models import Entrant, Round

pytestmark = [
    pytest.mark.browser,
    pytest.mark.hosted,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]
SHOTS = Path("/tmp/checkin")
WORDS = {
    "fr-FR": {
        "here": "Présent",
        "paid": "Payé",
        "amount": "4,00",
        "waits": "Bob et Dee ne sont pas pointés",
        "im_here": "Je suis là",
        "done": "Vous êtes pointé",
        "withdraw": "Retirer les absents",
        "start": "Démarrer",
        "counts": "2 présents sur 4",
        "cash": ("Encaissé\n9,00\xa0€", "Reste dû\n5,00\xa0€"),
    },
    "nl-NL": {
        "here": "Aanwezig",
        "paid": "Betaald",
        "amount": "4,00",
        "waits": "Bob en Dee hebben zich nog niet gemeld",
        "im_here": "Ik ben er",
        "done": "Je bent aanwezig gemeld",
        "withdraw": "Afwezigen afmelden",
        "start": "Start",
        "counts": "2 van 4 aanwezig",
        "cash": ("Ontvangen\n€\xa09,00", "Nog te betalen\n€\xa05,00"),
    },
}


@pytest.mark.parametrize(
    ("size", "locale"),
    [(PHONE, "fr-FR"), (PHONE, "nl-NL"), (LAPTOP, "fr-FR"), (LAPTOP, "nl-NL")],
    ids=["phone-fr", "phone-nl", "laptop-fr", "laptop-nl"],
)
def test_an_evening_checks_in_pays_and_draws_once_everyone_is_here(
    live_server, browser: Any, tasks_in_process: None, size: dict[str, int], locale: str
):
    club = ClubFactory()
    boss = organizer(club)
    evening = make_tournament(
        club=club, name="Klaverjasmiddag", entrants=4, rounds=3, fee=500, require_check_in=True
    )
    said = WORDS[locale]
    name = f"{'phone' if size is PHONE else 'laptop'}-{locale[:2]}"
    base = live_server.url
    problems: list[str] = []

    page = screen(browser, size, locale=locale)
    sign_in(page, base, boss.username, "a-good-password")
    page.goto(f"{base}/tournaments/{evening.pk}/console/#entrants")
    ann = page.locator(f"#entrant-{Entrant.objects.get(tournament=evening, name='Ann').pk}")
    ann.get_by_role("button", name=said["here"]).click()
    page.locator(f"#{ann.get_attribute('id')} .toggle-button.on").wait_for()
    ann = page.locator(f"#{ann.get_attribute('id')}")
    ann.get_by_role("button", name=said["paid"]).click()
    page.locator(f"#{ann.get_attribute('id')} .toggle-button.on >> nth=1").wait_for()
    bob = page.locator(f"#entrant-{Entrant.objects.get(tournament=evening, name='Bob').pk}")
    bob.locator("details.amount summary").click()
    bob.locator("input[name=amount]").fill(said["amount"])
    bob.locator("details.amount button").click()
    page.locator(f"#{bob.get_attribute('id')} .toggle-button.part").wait_for()
    problems += looked_at(page, SHOTS, f"{name}-console-ticked")

    ann_row = Entrant.objects.get(tournament=evening, name="Ann")
    assert (ann_row.checked_in, ann_row.paid) == (True, 500)
    assert Entrant.objects.get(tournament=evening, name="Bob").paid == 400

    cy = Entrant.objects.get(tournament=evening, name="Cy")
    guest = screen(browser, PHONE, locale=locale)
    guest.goto(f"{base}/tournaments/{evening.pk}/check-in/{cy.secret}/")
    problems += looked_at(guest, SHOTS, f"{name}-entrant-link")
    guest.get_by_role("button", name=said["im_here"]).click()
    guest.wait_for_load_state()
    problems += looked_at(guest, SHOTS, f"{name}-entrant-checked-in")
    assert said["done"] in guest.locator("main").inner_text()
    assert Entrant.objects.get(pk=cy.pk).checked_in
    guest.close()

    page.reload()
    problems += looked_at(page, SHOTS, f"{name}-console-waits")
    tables = page.locator("#tables")
    assert said["waits"] in tables.inner_text()
    assert said["counts"] in page.locator("#entrants").inner_text()
    assert tables.locator("form[action$='/console/rounds/']").count() == 0  # the draw waits
    page.once("dialog", lambda dialog: dialog.accept())
    tables.get_by_role("button", name=said["withdraw"]).click()
    page.wait_for_load_state()
    assert sorted(
        Entrant.objects.filter(tournament=evening, withdrawn=True).values_list("name", flat=True)
    ) == [
        "Bob",
        "Dee",
    ]
    page.locator("#tables form[action$='/console/rounds/'] button").click()
    until(lambda: Round.objects.filter(tournament=evening, number=1).exists(), "round 1 drawn")

    page.goto(f"{base}/tournaments/{evening.pk}/check-in-sheet/")
    problems += looked_at(page, SHOTS, f"{name}-sheet")
    assert page.locator(".check-in-cards svg").count() == 2  # Ann and Cy, still in

    page.goto(f"{base}/tournaments/{evening.pk}/cash/")
    problems += looked_at(page, SHOTS, f"{name}-cash")
    received, owed = said["cash"]
    cash = page.locator("main").inner_text()
    assert received in cash
    assert owed in cash
    page.close()
    assert problems == []
