"""At the table, on a phone: open the scorer link, enter three Coinche deals, correct the second,
and watch the public scoreboard on another phone follow without a reload."""

from __future__ import annotations

import re
from typing import Any

import pytest

from games import GAMES, find_game
from scoring.links import scorer_path
from scoring.models import Deal, DealVersion, TableContact
from tests.browser.support import shot
from tests.factories import ClubFactory, make_match

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NS_EW = ["NS", "EW"]
SEATS = ["Ann", "Bob", "Cy", "Dee"]

DEAL_1 = {"taker": "NS", "bid": 100, "trump": "hearts", "points": {"NS": 112, "EW": 50}, "belote": "NS"}
DEAL_2 = {"taker": "EW", "bid": 90, "trump": "spades", "points": {"NS": 60, "EW": 102}}
DEAL_3 = {"taker": "NS", "bid": 80, "trump": "clubs", "points": {"NS": 76, "EW": 86}, "belote": "NS"}
DEAL_2_FIXED = {"taker": "EW", "bid": 90, "trump": "spades", "points": {"NS": 100, "EW": 62}}


def expected_totals(*entries: dict[str, Any]) -> dict[str, int]:
    """What the rule book says the totals are (the test does no scoring of its own)."""
    state = find_game("coinche").replay({"preset": "parlett"}, NS_EW, list(entries))
    return dict(state.totals)


def chip(page: Any, field: str, value: Any) -> Any:
    """The button of ``value`` in the group of ``field`` (values are posted as JSON)."""
    token = f'"{value}"' if isinstance(value, str) else str(value)
    return page.locator(f"#field-{field} label.chip:has(input[value='{token}'])")


def enter(page: Any, entry: dict[str, Any]) -> None:
    """Tap in a deal as a player would: side buttons, bid and trump buttons, the card points."""
    form = page.locator("#entry")
    chip(form, "taker", entry["taker"]).click()
    chip(form, "bid", entry["bid"]).click()
    chip(form, "trump", entry["trump"]).click()
    page.fill("input[name='f.points.0']", str(entry["points"]["NS"]))
    page.fill("input[name='f.points.1']", str(entry["points"]["EW"]))
    chip(form, "belote", entry["belote"]).click() if entry.get("belote") else chip_none(
        form, "belote"
    ).click()


def chip_none(page: Any, field: str) -> Any:
    return page.locator(f"#field-{field} label.chip:has(input[value=''])")


def totals_on(page: Any) -> dict[str, int]:
    return {side: int(page.locator(f'#scoreline .total[data-side="{side}"]').inner_text()) for side in NS_EW}


@pytest.mark.django_db(transaction=True)
def test_it_scores_three_coinche_deals_and_a_correction_on_a_phone(live_server, phone, second_phone):
    if "coinche" not in GAMES:
        pytest.skip("the coinche game is not registered yet")
    match = make_match(
        club=ClubFactory(),
        game="coinche",
        sides=NS_EW,
        seats=SEATS,
        options={"preset": "parlett"},
        title="Table 7",
    )

    # Another phone watches the public scoreboard and records its polls.
    polls: list[int] = []
    second_phone.on(
        "response",
        lambda r: polls.append(r.status) if r.url.endswith(f"/matches/{match.pk}/board/") else None,
    )
    second_phone.goto(f"{live_server.url}/matches/{match.pk}/")
    second_phone.evaluate("window.stillTheSamePage = true")

    # The table opens its scorer link and enters three deals.
    phone.goto(live_server.url + scorer_path(match))
    assert phone.locator("h1").first.inner_text() == "Table 7"
    for number, entry in enumerate((DEAL_1, DEAL_2, DEAL_3), start=1):
        enter(phone, entry)
        if number == 1:
            shot(phone, "coinche-1-entry-filled")
        phone.locator("#entry button[type=submit]").click()
        phone.wait_for_selector(f"text=Deal {number} saved.")
    assert totals_on(phone) == expected_totals(DEAL_1, DEAL_2, DEAL_3)
    assert phone.locator("ol.deals > li.deal").count() == 3
    shot(phone, "coinche-2-three-deals")

    # The public board followed, without a reload.
    second_phone.wait_for_function(
        "([ns, ew]) => document.querySelector('#scoreline .total[data-side=NS]').textContent.trim() === ns"
        " && document.querySelector('#scoreline .total[data-side=EW]').textContent.trim() === ew",
        arg=[str(v) for v in expected_totals(DEAL_1, DEAL_2, DEAL_3).values()],
        timeout=15_000,
    )

    # Correct the second deal: the points were the other way round.
    phone.locator("#deal-2 a.edit").click()
    phone.wait_for_url(re.compile(r"/deals/2/$"))
    assert phone.locator("input[name='f.points.1']").input_value() == "102"
    phone.fill("input[name='f.points.0']", "100")
    phone.fill("input[name='f.points.1']", "62")
    shot(phone, "coinche-3-correcting-deal-2")
    phone.locator("#entry button[type=submit]").click()
    phone.wait_for_selector("text=Deal 2 corrected.")
    corrected = expected_totals(DEAL_1, DEAL_2_FIXED, DEAL_3)
    assert corrected != expected_totals(DEAL_1, DEAL_2, DEAL_3)
    assert totals_on(phone) == corrected
    assert phone.locator("#deal-2 .tag.corrected").count() == 1
    assert "failed" in phone.locator("#deal-2").inner_text()
    shot(phone, "coinche-4-after-correction")

    # The change history of deal 2 shows both versions.
    phone.locator("#deal-2 a.edit").click()
    history = phone.locator(".history").inner_text()
    assert "v2" in history
    assert "v1" in history
    assert "table link" in history
    shot(phone, "coinche-5-deal-2-history")

    # The public board shows the corrected totals, still without a reload, and polls got 304s.
    second_phone.wait_for_function(
        "([ns, ew]) => document.querySelector('#scoreline .total[data-side=NS]').textContent.trim() === ns"
        " && document.querySelector('#scoreline .total[data-side=EW]').textContent.trim() === ew",
        arg=[str(v) for v in corrected.values()],
        timeout=15_000,
    )
    second_phone.wait_for_selector("#deal-2 .tag.corrected", timeout=15_000)
    assert second_phone.evaluate("window.stillTheSamePage") is True
    board = f"/matches/{match.pk}/board/"
    with second_phone.expect_response(lambda r: r.url.endswith(board) and r.status == 304, timeout=15_000):
        pass  # one more poll of an unchanged board
    assert 304 in polls
    assert 200 in polls
    assert "/t/" not in second_phone.content()  # the public page never shows the scorer link
    shot(second_phone, "coinche-6-public-board-light")

    # And the database agrees.
    assert Deal.objects.filter(match=match).count() == 3
    assert DealVersion.objects.get(deal__match=match, deal__number=2, version=2).entry == DEAL_2_FIXED
    match.refresh_from_db()
    assert match.state["totals"] == corrected
    assert set(DealVersion.objects.filter(deal__match=match).values_list("actor_label", flat=True)) == {
        "table link"
    }


@pytest.mark.django_db(transaction=True)
def test_it_enters_a_deal_without_javascript(live_server, browser):
    match = make_match(game="tally", sides=["Kit", "Lou"])
    context = browser.new_context(viewport={"width": 360, "height": 740}, java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(live_server.url + scorer_path(match))
        assert page.locator("button.step").first.is_hidden()
        page.fill("input[name='f.points.0']", "12")
        page.fill("input[name='f.points.1']", "7")
        page.locator("#entry button[type=submit]").click()
        page.wait_for_selector("text=Deal 1 saved.")
        assert page.locator('#scoreline .total[data-side="Kit"]').inner_text() == "12"
    finally:
        context.close()
    match.refresh_from_db()
    assert match.state["totals"] == {"Kit": 12, "Lou": 7}


@pytest.mark.django_db(transaction=True)
def test_the_open_scorer_page_tells_the_desk_it_is_there_with_a_post_of_its_own(live_server, phone):
    """#24: the contact the desk shows came from the board's poll, a GET that wrote; the page now
    posts it to /contact/, and its poll only reads."""
    match = make_match(game="tally", sides=["Kit", "Lou"])
    posts: list[str] = []
    phone.on("request", lambda request: posts.append(request.url) if request.method == "POST" else None)
    phone.goto(live_server.url + scorer_path(match))
    phone.wait_for_function(
        "() => performance.getEntriesByType('resource').some(e => e.name.endsWith('/contact/'))"
    )
    assert [url for url in posts if url.endswith("/contact/")]
    assert TableContact.objects.get(match=match).pending == 0
