"""#23's evening, whole, as a new club lives it, in French and again in Dutch: eight pairs of
Klaverjas, Swiss, three rounds of four deals, the default hand-over confirmation. The organizer
works on a 1280 px laptop (console, results desk, projector at 1080p); four phones at 360 px play
round 1's tables through their scorer pages.

- Each phone enters its four deals; the other side's card points fill in by themselves.
- Three tables hand the phone over: the page asks who entered, then offers the other side alone.
- Table 2's other side reports deal 3; the console says "finished · disputed" and offers no
  round 2; the desk's card names deal 3 and corrects exactly that one.
- Round 2 closes round 1: table 1's phone shows no edit form on deal 2 but "ask the director",
  and the request reaches the desk.
- After round 3 the console offers the results, the projector shows the winner and the final
  standings, and a table's page says the evening is over.

Every sentence looked for is read from the catalogs in the page's language (a missing or English
one fails), and every page passes the layout check and axe (screenshots in /tmp/evening/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext

from scoring.links import scorer_path
from scoring.models import CorrectionRequest, Match
from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in, until
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import current_match, make_tournament, play_round
from tournaments import services
from tournaments.models import PhysicalTable, Tournament
from tournaments.physical_tables import table_path
from tournaments.services import EntrantSpec

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/evening")
PASSWORD = "a-good-password"
PROJECTOR = {"width": 1920, "height": 1080}
PAIRS = {
    "fr": (
        ("Les As de Pique", "Émilie Laurent", "François Simon"),
        ("Les Rois du Trèfle", "Chloé Martin", "Damien Roux"),
        ("Belote et Rebelote", "Élise Petit", "Fabien Moreau"),
        ("Les Dames de Cœur", "Gaëlle Fournier", "Hugo Girard"),
        ("Atout Pique", "Inès Bonnet", "Jules Dupont"),
        ("Le Dix de Der", "Karine Lambert", "Léon Fontaine"),
        ("Capot Garanti", "Manon Rousseau", "Noël Vincent"),
        ("Les Valets Farceurs", "Océane Muller", "Pierre Lefèvre"),
    ),
    "nl": (
        ("De Boompjes", "Anneke de Vries", "Bram Jansen"),
        ("Roem en Stuk", "Chantal Bakker", "Daan Visser"),
        ("Pit of Nat", "Eva Smit", "Freek Meijer"),
        ("De Troefboeren", "Gerda de Boer", "Henk Mulder"),
        ("Klaverjassers", "Ingrid de Groot", "Jeroen Bos"),
        ("Vier Boeren", "Karin Vos", "Lucas Peters"),
        ("De Nellen", "Marieke Hendriks", "Niels van Dijk"),
        ("Alle Slagen", "Olga Dekker", "Pieter van Leeuwen"),
    ),
}


def said(language: str, text: str, **values: Any) -> str:
    """``text`` as the page says it in ``language`` (the catalogs'; English if missing, which the
    test then does not find on a French or Dutch page)."""
    with translation.override(language):
        found = gettext(text)
    assert found != text or language == "en", f"no {language} for {text!r}"
    return found % values if values else found


def evening(language: str) -> Tournament:
    club = ClubFactory(language=language, name={"fr": "Club de Cartes", "nl": "Klaverjasclub"}[language])
    tournament = make_tournament(
        club=club,
        name={"fr": "Soirée klaverjas", "nl": "Klaverjasavond"}[language],
        game="klaverjas",
        entrant_kind="partnership",
        match_format="deals:4",
        rounds=3,
    )
    specs = [
        EntrantSpec(name, players=players, seed=i) for i, (name, *players) in enumerate(PAIRS[language], 1)
    ]
    services.entrants_register(tournament_id=tournament.pk, entrants=specs)
    return tournament


def enter_deal(phone: Any, match: Match, number: int, language: str) -> None:
    """One deal through the scorer page: the first side plays and makes 92; the other side's 70
    fills in by itself (162 in all)."""
    playing = match.sides[0]
    phone.locator(f"#entry #field-playing label.chip:has(input[value='\"{playing}\"'])").click()
    phone.fill("input[name='f.points.0']", "92")
    assert phone.input_value("input[name='f.points.1']") == "70"
    phone.locator("#entry button[type=submit]").click()
    phone.wait_for_selector(f"text={said(language, 'Deal %(number)s saved.', number=number)}")


def top(page: Any) -> Any:
    """The page scrolled to its top: the scorer's status line is sticky, and content passing under
    it while scrolled is by design, not an overlap."""
    page.evaluate("window.scrollTo(0, 0)")
    return page


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_a_club_evening_in_its_language_without_a_moment_of_doubt(
    live_server, browser, tasks_in_process, language
):
    base = live_server.url
    tournament = evening(language)
    boss = organizer(tournament.club)
    problems: list[str] = []
    laptop = screen(browser, LAPTOP, locale=f"{language}-{language.upper()}")
    sign_in(laptop, base, boss.username, PASSWORD)
    console = f"{base}/tournaments/{tournament.pk}/console/"
    desk = f"{base}/tournaments/{tournament.pk}/desk/"

    # Round 1 is started from the console.
    laptop.goto(console)
    laptop.get_by_role("button", name=said(language, "Start round %(number)s", number=1)).click()
    laptop.wait_for_load_state()
    first = tournament.rounds.get(number=1)
    tables = list(first.tables.order_by("number"))
    assert len(tables) == 4

    # Four phones, one a table: four deals each through the page.
    phones = []
    for table in tables:
        match = current_match(table)
        phone = screen(browser, PHONE, locale=f"{language}-{language.upper()}")
        phone.goto(base + scorer_path(match))
        for number in range(1, 5):
            enter_deal(phone, match, number, language)
        phones.append((phone, match))
    problems += looked_at(top(phones[0][0]), SHOTS, f"{language}-1-phone-finished")

    # Hand-over: who entered, then the other side alone accepts (tables 1, 3 and 4).
    for index in (0, 2, 3):
        phone, match = phones[index]
        panel = phone.locator("#result")
        panel.get_by_role("link", name=said(language, "Entered by: %(side)s", side=match.sides[0])).click()
        accept = said(language, "%(side)s: accept the result", side=match.sides[1])
        assert (
            panel.get_by_role("button").filter(has_text=match.sides[0]).count() == 0
        )  # never the side that entered
        if index == 0:
            problems += looked_at(top(phone), SHOTS, f"{language}-2-hand-over")
        panel.get_by_role("button", name=accept).click()
        phone.locator("#result").wait_for(state="detached")

    # Table 2's other side reports deal 3.
    phone, disputed = phones[1]
    panel = phone.locator("#result")
    panel.get_by_role("link", name=said(language, "Entered by: %(side)s", side=disputed.sides[0])).click()
    panel.locator("summary", has_text=said(language, "Report a problem")).click()
    panel.get_by_label(said(language, "Which deal is wrong?")).select_option(
        label=said(language, "Deal %(n)s", n=3)
    )
    panel.get_by_label(said(language, "What is wrong?")).fill("92 / 70 → 100 / 62")
    problems += looked_at(top(phone), SHOTS, f"{language}-3-dispute-deal-3")
    panel.get_by_role("button", name=said(language, "Report the problem")).click()
    phone.locator("#result").wait_for(state="detached")  # the panel leaves once the report is in
    assert Match.objects.get(pk=disputed.pk).result_detail["deal"] == 3

    # The console tells it as it is: no round 2 while table 2's result is disputed.
    laptop.goto(console)
    assert laptop.get_by_role("button", name=said(language, "Start round %(number)s", number=2)).count() == 0
    assert laptop.locator(".start-refused").is_visible()
    problems += looked_at(laptop, SHOTS, f"{language}-4-console-disputed")

    # The desk names deal 3 and corrects exactly that one.
    laptop.goto(desk)
    card = laptop.locator("#disputes .desk-card")
    assert card.get_by_role("link", name=said(language, "Correct deal %(n)s", n=4)).count() == 0
    problems += looked_at(laptop, SHOTS, f"{language}-5-desk-dispute")
    card.get_by_role("link", name=said(language, "Correct deal %(n)s", n=3)).click()
    laptop.locator("#entry").wait_for()
    assert said(language, "Deal %(number)s", number=3) in laptop.locator("h1").inner_text()
    laptop.fill("input[name='f.points.0']", "100")
    laptop.fill("input[name='f.points.1']", "62")
    laptop.locator("#entry button[type=submit]").click()
    laptop.wait_for_load_state()
    # The director's correction settles the dispute: the result counts, corrected.
    assert Match.objects.get(pk=disputed.pk).result_status == "confirmed"

    # Round 2 is offered now; drawing it closes round 1.
    laptop.goto(console)
    laptop.get_by_role("button", name=said(language, "Start round %(number)s", number=2)).click()
    laptop.wait_for_load_state()

    # Table 1's phone, on a closed round's deal: no edit form, a request to the director.
    phone, match = phones[0]
    phone.goto(base + scorer_path(match) + "deals/2/")
    ask = phone.locator("#ask-director")
    title = said(language, "Ask the director to correct deal %(n)s", n=2)
    assert title in ask.inner_text()
    assert phone.locator("#entry").count() == 0
    ask.get_by_label(match.sides[1]).check()
    ask.get_by_label(said(language, "What is wrong?")).fill("roem 20")
    problems += looked_at(top(phone), SHOTS, f"{language}-6-ask-the-director")
    ask.get_by_role("button", name=title).click()
    until(lambda: CorrectionRequest.objects.filter(match=match).exists(), "the request sent")
    assert CorrectionRequest.objects.filter(match=match).count() == 1
    laptop.goto(desk)
    assert "roem 20" in laptop.locator("#requests").inner_text()
    problems += looked_at(laptop, SHOTS, f"{language}-7-desk-request")

    # Rounds 2 and 3 are played; the console offers the results.
    play_round(tournament.rounds.get(number=2))
    laptop.goto(console)
    laptop.get_by_role("button", name=said(language, "Start round %(number)s", number=3)).click()
    laptop.wait_for_load_state()
    play_round(tournament.rounds.get(number=3))
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    laptop.goto(console)
    assert (
        laptop.locator(".evening-over")
        .get_by_role("link", name=said(language, "See the results"))
        .is_visible()
    )
    assert laptop.locator("#register").count() == 0
    assert laptop.get_by_role("button", name=said(language, "Start round %(number)s", number=4)).count() == 0
    problems += looked_at(laptop, SHOTS, f"{language}-8-console-over")

    # The projector: the winner and the final standings.
    projector = screen(browser, PROJECTOR, locale=f"{language}-{language.upper()}")
    projector.goto(f"{base}/tournaments/{tournament.pk}/projector/")
    assert projector.locator("#standings-title").inner_text() == said(language, "Final standings")
    assert projector.locator(".winner-banner").inner_text().strip()
    problems += looked_at(projector, SHOTS, f"{language}-9-projector-over")

    # A table's page after the end: the evening is over, its results one tap away.
    phone.goto(base + table_path(PhysicalTable.objects.get(tournament=tournament, number=1)))
    note = phone.locator(".place-note")
    assert note.get_by_role("link", name=said(language, "See the results")).is_visible()
    problems += looked_at(top(phone), SHOTS, f"{language}-10-table-after-the-end")

    assert problems == [], problems
