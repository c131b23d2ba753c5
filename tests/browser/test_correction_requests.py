"""#23 items 1 and 2 in a browser, in French, as at the club's Klaverjas evening (pairs, Swiss,
hand-over confirmation, deals of four): the phones at 360 px, the director's desk at 1280 px.

1. A dispute names its deal: the other side reports deal 3 wrong; the desk says so and its one
   link corrects deal 3 (not deal 4, the last one), with the way back to the desk.
2. A closed round's deal: the phone shows no correction form but "ask the director", the request
   reaches the desk with who asked, which deal and why; the director corrects exactly that deal
   from there, lands back on the desk and the request has left the queue.

Each page passes the layout check and axe, with a screenshot into /tmp/desk/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clubs.access import Actor
from scoring.links import scorer_path
from scoring.models import CorrectionRequest, Match
from scoring.services.deals import deal_record
from tests.browser.support import LAPTOP, PHONE, looked_at, screen, sign_in
from tests.factories import ClubFactory, organizer
from tests.tournaments.factories import accept, add_entrants, current_match, make_tournament, start_round

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/desk")
PASSWORD = "a-good-password"
TABLE = Actor(label="table link", via_table_link=True)


def checked(page: Any, name: str) -> list[str]:
    """The layout check and axe on the page scrolled to its top (the scorer's status line is sticky:
    scrolled down it lies over whatever passes under it, by design), with a shot."""
    page.evaluate("window.scrollTo(0, 0)")
    return looked_at(page, SHOTS, name)


def klaverjas_night() -> Any:
    """Eight pairs of a French club, Swiss, three rounds of four deals, hand-over confirmation."""
    club = ClubFactory(language="fr")
    tournament = make_tournament(
        club=club,
        name="Soirée klaverjas",
        game="klaverjas",
        entrant_kind="partnership",
        match_format="deals:4",
        rounds=3,
    )
    add_entrants(tournament, 8, partners=True)
    return tournament


def play(match: Match) -> Match:
    """Four deals at the table: the first side plays each and makes 92 of 162."""
    first, second = match.sides
    for _ in range(4):
        deal_record(
            match_id=match.pk, entry={"playing": first, "points": {first: 92, second: 70}}, actor=TABLE
        )
    match.refresh_from_db()
    return match


def director_at_desk(browser: Any, base: str, tournament: Any, size: dict[str, int] = LAPTOP) -> Any:
    page = screen(browser, size, locale="fr-FR")
    sign_in(page, base, organizer(tournament.club).username, PASSWORD)
    page.goto(f"{base}/tournaments/{tournament.pk}/desk/")
    return page


def test_a_dispute_names_its_deal_and_the_desk_corrects_that_one(live_server, browser, tasks_in_process):
    tournament = klaverjas_night()
    match = play(current_match(start_round(tournament).tables.get(number=1)))
    problems: list[str] = []

    phone = screen(browser, PHONE, locale="fr-FR")
    phone.goto(live_server.url + scorer_path(match))
    panel = phone.locator("#result")
    panel.get_by_role("link", name=f"Saisi par : {match.sides[0]}").click()  # the hand-over's first question
    panel.locator("summary", has_text="Signaler un problème").click()
    panel.get_by_label("Quelle donne est fausse ?").select_option(label="Donne 3")
    panel.get_by_label("Qu'est-ce qui ne va pas ?").fill("Nous avions 92, pas 70")
    problems += checked(phone, "dispute-deal-phone-360")
    panel.get_by_role("button", name="Signaler le problème").click()
    phone.locator("#scoreline", has_text="contesté").wait_for()
    assert Match.objects.get(pk=match.pk).result_detail["deal"] == 3

    desk = director_at_desk(browser, live_server.url, tournament)
    card = desk.locator("#disputes .desk-card")
    assert "Porte sur la donne 3" in card.inner_text()
    assert card.get_by_role("link", name="Corriger la donne 4").count() == 0
    problems += checked(desk, "dispute-deal-desk-1280")
    card.get_by_role("link", name="Corriger la donne 3").click()
    desk.locator("h1", has_text="Donne 3").wait_for()
    assert desk.get_by_role("link", name="Retour au bureau des résultats").count() == 1
    problems += checked(desk, "dispute-deal-corrects-1280")
    assert problems == [], problems


def test_a_closed_rounds_deal_is_asked_of_the_director_who_corrects_it(
    live_server, browser, tasks_in_process
):
    tournament = klaverjas_night()
    first = start_round(tournament)
    for table in first.tables.all():
        accept(play(current_match(table)))
    start_round(tournament)  # the draw of round 2 closes round 1
    match = current_match(first.tables.get(number=1))
    assert Match.objects.get(pk=match.pk).result_status == "final"
    problems: list[str] = []

    phone = screen(browser, PHONE, locale="fr-FR")
    phone.goto(live_server.url + scorer_path(match))
    phone.locator("#deal-3").get_by_role("link", name="Signaler").click()
    ask = phone.locator("#ask-director")
    assert "Demander à l'arbitre de corriger la donne 3" in ask.inner_text()
    assert phone.locator("#entry").count() == 0
    ask.get_by_label(match.sides[1]).check()
    ask.get_by_label("Qu'est-ce qui ne va pas ?").fill("Belote oubliée : 20 points")
    problems += checked(phone, "ask-director-phone-360")
    ask.get_by_role("button", name="Demander à l'arbitre de corriger la donne 3").click()
    phone.locator(".messages", has_text="Demande envoyée").wait_for()
    assert "Demande envoyée à l'arbitre" in phone.locator("#ask-director").inner_text()
    problems += checked(phone, "ask-director-sent-phone-360")
    phone.reload()  # a flaky phone sending again would find the same request
    assert CorrectionRequest.objects.count() == 1

    desk = director_at_desk(browser, live_server.url, tournament)
    request = desk.locator("#requests .desk-card")
    text = request.inner_text()
    assert "Ronde 1, table 1, donne 3" in text
    assert f"Demandé par : {match.sides[1]}" in text
    assert "Belote oubliée : 20 points" in text
    problems += checked(desk, "ask-director-desk-1280")
    # The director's phone at the desk too: the request's card fits 360 px.
    small = director_at_desk(browser, live_server.url, tournament, PHONE)
    assert "Ronde 1, table 1, donne 3" in small.locator("#requests").inner_text()
    problems += checked(small, "ask-director-desk-360")
    small.context.close()
    request.get_by_role("link", name="Corriger la donne 3").click()
    desk.locator("#entry").wait_for()
    desk.locator("#correction-reason").fill("Belote oubliée")
    problems += checked(desk, "ask-director-corrects-1280")
    desk.locator("#entry button[type=submit]").click()
    desk.locator("#requests", has_text="Aucune table n'a demandé de correction.").wait_for()
    assert CorrectionRequest.objects.get().status == "corrected"
    assert "Belote oubliée" in desk.locator("#corrections").inner_text()
    problems += checked(desk, "ask-director-settled-1280")
    assert problems == [], problems
