"""Classic Belote at a concours table, in French, on a phone: the table taps the taker and the
taker's card points, the page fills in the other side's from 162, a litige's pot is shown while
it waits, and the next deal collects it. Screenshots at 360 px and 1280 px."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import scorer_path
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, shot
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SEATS = ["Ann", "Bob", "Cy", "Dee"]


def _chip(page: Any, field: str, value: str) -> Any:
    return page.locator(f"#field-{field} label.chip:has(input[value='\"{value}\"'])")


def _enter(page: Any, taker: str, taker_points: int, number: int) -> None:
    _chip(page.locator("#entry"), "taker", taker).click()
    index = 0 if taker == "NS" else 1
    page.fill(f"input[name='f.points.{index}']", str(taker_points))
    other = page.locator(f"input[name='f.points.{1 - index}']")
    assert other.input_value() == str(162 - taker_points)
    page.locator("#entry button[type=submit]").click()
    page.wait_for_selector(f"text=Donne {number} enregistrée.")


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_a_french_concours_table_scores_a_litige_and_sees_its_pot(live_server: Any, browser: Any, size: Any):
    match = make_match(game="belote", sides=["NS", "EO"], seats=SEATS, title="Table 3")
    small = size["width"] < 500
    context = browser.new_context(viewport=size, locale="fr", has_touch=small, is_mobile=small)
    page = context.new_page()
    page.set_default_timeout(10_000)
    page.goto(live_server.url + scorer_path(match))

    _enter(page, "NS", 81, 1)
    assert "Pot du litige" in page.content()
    assert "81 points, pour le gagnant de la donne suivante" in page.content()
    shot(page, f"belote-fr-{size['width']}-litige-pot")
    assert layout_problems(page) == []

    _enter(page, "EO", 100, 2)
    # deal 1: NS 0, EO 81 (NS's 81 held); deal 2: EO made 100 + the pot 81, NS 62
    totals = {s: page.locator(f'#scoreline .total[data-side="{s}"]').inner_text() for s in ("NS", "EO")}
    assert totals == {"NS": "62", "EO": "262"}
    assert "Pot du litige" not in page.content()
    shot(page, f"belote-fr-{size['width']}-pot-collected")
    context.close()
