"""Undo while deals wait on the phone (#23 item 7): it takes back the last deal entered on this
phone, which leaves the outbox and is never scored, instead of offering to undo deal 5, already
scored, while deals 6 and 7 wait offline. In French, on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import table_token
from scoring.models import Deal
from tests.browser.layout import layout_problems
from tests.browser.support import PHONE, screen, shot
from tests.browser.test_offline_outbox import SCORED_AGAIN, enter, ready
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SIDES = ["Ann", "Bob"]


def test_undo_takes_back_the_last_deal_kept_on_this_phone(live_server: Any, browser: Any):
    match = make_match(sides=SIDES, title="Table 4", deals=[{"points": {"Ann": 1, "Bob": 2}}] * 5)
    page = screen(browser, PHONE, locale="fr-FR")
    ready(page, f"{live_server.url}/t/{table_token(match)}/")
    scored_undo = page.locator("#undo")
    kept_undo = page.locator("#outbox-undo")
    assert "Annuler la donne 5" in scored_undo.inner_text()
    assert kept_undo.is_hidden()

    page.context.set_offline(True)
    for number, points in ((6, ("3", "4")), (7, ("5", "6"))):
        enter(page, *points)
        page.wait_for_selector(f"#kept:has-text('La donne {number} est enregistrée sur ce téléphone')")
    assert scored_undo.is_hidden()  # no undo of deal 5 while 6 and 7 wait
    assert kept_undo.inner_text() == "Annuler la donne 7 (pas encore envoyée)"
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "table-outbox-undo-fr-360")
    assert layout_problems(page) == []

    asked = []
    page.once("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    kept_undo.click()
    page.wait_for_selector("#outbox-status:has-text('1 donne enregistrée sur ce téléphone')")
    assert len(asked) == 1
    assert "Annuler la donne 7 ?" in asked[0]
    assert page.locator("#outbox-list li").count() == 1
    assert kept_undo.inner_text() == "Annuler la donne 6 (pas encore envoyée)"
    assert page.locator("#entry input[name=number]").input_value() == "7"  # the next deal is 7 again
    assert "Enregistrer la donne 7" in page.locator("#entry button[type=submit]").inner_text()

    page.context.set_offline(False)
    page.wait_for_function(
        "() => document.querySelectorAll('#outbox-list li').length === 0", timeout=SCORED_AGAIN
    )
    assert list(Deal.objects.filter(match=match).values_list("number", flat=True).order_by("number")) == [
        1,
        2,
        3,
        4,
        5,
        6,
    ]
    page.wait_for_selector("#undo:has-text('Annuler la donne 6')")
    assert kept_undo.is_hidden()
