"""Card points fill in the other side (#23 item 6), in La Coinche as in Klaverjas: the total
follows the contract (162 in a suit, 258 at all-trump and 130 at no-trump on Parlett's scale),
a change of trump fills in again, and a deal being corrected fills in the same way. In French,
on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from scoring.links import table_token
from tests.browser.layout import layout_problems
from tests.browser.support import PHONE, screen, shot
from tests.factories import make_match

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SEATS = ["Ann", "Bob", "Cy", "Dee"]
OPTIONS = {"no_trump": True, "all_trump": True}


def _trump(page: Any, value: str) -> None:
    page.locator(f"#field-trump label.chip:has(input[value='\"{value}\"'])").click()


def _points(page: Any) -> tuple[str, str]:
    return (
        page.locator("input[name='f.points.0']").input_value(),
        page.locator("input[name='f.points.1']").input_value(),
    )


def test_coinche_card_points_fill_in_the_other_side_from_the_contracts_total(live_server: Any, browser: Any):
    match = make_match(game="coinche", sides=["NS", "EO"], seats=SEATS, options=OPTIONS)
    page = screen(browser, PHONE, locale="fr")
    page.goto(f"{live_server.url}/t/{table_token(match)}/")

    _trump(page, "all-trump")
    page.fill("input[name='f.points.0']", "100")
    assert _points(page) == ("100", "158")  # 258 at all-trump
    _trump(page, "hearts")
    assert _points(page) == ("100", "62")  # 162 in a suit
    _trump(page, "no-trump")
    assert _points(page) == ("100", "30")  # 130 at no-trump
    page.fill("input[name='f.points.1']", "40")  # typed by hand: it stays
    page.fill("input[name='f.points.0']", "95")
    assert _points(page) == ("95", "40")
    page.evaluate("window.scrollTo(0, 0)")
    shot(page, "table-coinche-fill-fr-360")
    assert layout_problems(page) == []


def test_a_coinche_deal_being_corrected_fills_in_the_other_side(live_server: Any, browser: Any):
    deal = {"taker": "NS", "bid": 80, "trump": "hearts", "points": {"NS": 100, "EO": 62}}
    match = make_match(game="coinche", sides=["NS", "EO"], seats=SEATS, options=OPTIONS, deals=[deal])
    page = screen(browser, PHONE, locale="fr")
    page.goto(f"{live_server.url}/t/{table_token(match)}/deals/1/")

    assert _points(page) == ("100", "62")
    page.fill("input[name='f.points.0']", "90")
    assert _points(page) == ("90", "72")
    _trump(page, "all-trump")
    assert _points(page) == ("90", "168")
    shot(page, "table-coinche-correct-fr-360")
