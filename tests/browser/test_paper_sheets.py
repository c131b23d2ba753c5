"""Paper score sheets (#26) in a browser, in French and Dutch, on a 360 px phone and a 1280 px
laptop: the round's sheets printed (print media emulated: one A4 page per table), and a whole
klaverjas sheet keyed at the desk with the keyboard only (Tab through a deal, Enter to the next,
Ctrl+Enter to save), the running totals filled in as each deal is left and a bad deal named
beside its field before anything is saved. Screenshots into /tmp/paper/."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from scoring.result_states import ResultStatus
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, screen, sign_in, snap
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import add_entrants, current_match, make_tournament, start_round

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/paper")
CASES = [
    pytest.param(PHONE, "fr", id="360-fr"),
    pytest.param(LAPTOP, "fr", id="1280-fr"),
    pytest.param(PHONE, "nl", id="360-nl"),
    pytest.param(LAPTOP, "nl", id="1280-nl"),
]
WORDS = {
    "fr": {"sheet": "Feuille de marque", "saved": "4 donnes enregistrées", "deal": "Donne"},
    "nl": {"sheet": "Telbriefje", "saved": "4 spellen bewaard", "deal": "Spel"},
}


def evening(language: str) -> tuple[Any, Any]:
    """A klaverjas pairs evening of the club speaking ``language``, round 1 drawn (two tables,
    four deals a match), and its organizer."""
    club = ClubFactory(language=language)
    boss = organizer(club)
    tournament = make_tournament(
        club=club,
        name="Klaverjasavond",
        game="klaverjas",
        match_format="deals:4",
        entrant_kind="partnership",
    )
    add_entrants(tournament, 4, partners=True)
    start_round(tournament)
    return tournament, boss


@pytest.mark.parametrize(("size", "language"), CASES)
def test_the_rounds_sheets_print_one_a4_page_per_table(
    live_server: Any, browser: Any, size: Any, language: str
):
    tournament, boss = evening(language)
    page = screen(browser, size, locale=f"{language}-{language.upper()}")
    sign_in(page, live_server.url, boss.username, "a-good-password")
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/1/sheets/")
    assert page.locator("article.sheet").count() == 2
    assert (
        page.locator("article.sheet .sheet-kind").first.inner_text().lower()
        == WORDS[language]["sheet"].lower()
    )
    assert page.locator("article.sheet svg").count() == 2
    name = f"sheets-{size['width']}-{language}"
    snap(page, SHOTS, name)
    assert layout_problems(page) == []
    page.emulate_media(media="print")
    snap(page, SHOTS, name + "-print")
    pdf = page.pdf(format="A4")
    assert len(re.findall(rb"/Type\s*/Page(?!s)", pdf)) == 2  # one A4 page per table
    page.context.close()


def key_deal(page: Any, playing_presses: int, points: int) -> None:
    """Key one deal from its first box, the keyboard only: the playing side by arrow presses, its
    card points (the other side's filled in), Tab over the rest, a trump, Enter to the next deal."""
    for _ in range(playing_presses):
        page.keyboard.press("ArrowDown")
    page.keyboard.press("Tab")  # revoke: nobody
    page.keyboard.press("Tab")
    page.keyboard.type(str(points if playing_presses == 1 else 162 - points))
    page.keyboard.press("Tab")  # the other side's points are filled in on leaving
    for _ in range(11):  # the other side's points, ten kinds of roem
        page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # pit: nobody
    page.keyboard.press("ArrowDown")  # trump: clubs
    page.keyboard.press("Enter")


@pytest.mark.parametrize(("size", "language"), CASES)
def test_a_whole_klaverjas_sheet_is_keyed_with_the_keyboard_only(
    live_server: Any, browser: Any, size: Any, language: str
):
    tournament, boss = evening(language)
    match = current_match(tournament.rounds.get(number=1).tables.get(number=1))
    page = screen(browser, size, locale=f"{language}-{language.upper()}")
    sign_in(page, live_server.url, boss.username, "a-good-password")
    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/1/tables/1/key/")
    page.locator("select[name='d1.playing']").focus()
    for number in range(1, 5):
        assert page.evaluate("document.activeElement.name") == f"d{number}.playing"
        key_deal(page, 1 + number % 2, 100)
    # Enter on the last deal added a fifth row, left empty.
    assert page.evaluate("document.activeElement.name") == "d5.playing"
    expect(page.locator("tr[data-deal='4'] td.total output").first).to_have_text(re.compile(r"\d"))
    first_total = page.locator("tr[data-deal='1'] td.total output").first.inner_text()
    assert first_total.strip() != ""
    # A slip of the pen in deal 2 is named beside its field before anything is saved.
    page.fill("input[name='d2.points.1']", "50")
    page.locator("input[name='d3.points.0']").focus()
    error = page.locator("#error-2")
    error.wait_for()
    assert WORDS[language]["deal"] + " 2" in error.inner_text()
    assert page.locator("input[name='d2.points.0'][aria-invalid=true]").count() == 1
    snap(page, SHOTS, f"key-{size['width']}-{language}-refused")
    # Scrolled sideways, the deal's sticky number sits over the boxes on purpose: checked unscrolled.
    page.evaluate("window.scrollTo(0, 0); document.querySelector('.sheet-scroll').scrollLeft = 0")
    assert layout_problems(page) == []
    page.fill(
        "input[name='d2.points.1']", "62" if page.input_value("input[name='d2.points.0']") == "100" else "100"
    )
    page.locator("input[name='d3.points.0']").focus()
    page.keyboard.press("Control+Enter")
    page.wait_for_load_state()
    page.wait_for_selector(f"text={WORDS[language]['saved']}")
    snap(page, SHOTS, f"key-{size['width']}-{language}-saved")
    assert layout_problems(page) == []
    match.refresh_from_db()
    assert match.deals.count() == 4
    assert match.result_status == ResultStatus.CONFIRMED
    page.context.close()
