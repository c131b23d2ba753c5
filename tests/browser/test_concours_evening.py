"""A French concours de belote on a 360 px phone, from registration to the printed standings: the
organizer creates the concours (4 parties of 12 deals), pastes 13 teams, starts each partie from
the console; one table enters its last deals and accepts its result on its phone, the others
through the services (for speed); the public page, the projector and the printed standings speak
of parties and points marqués. Screenshots into /tmp/concours/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from scoring.links import scorer_path
from tests.browser.layout import layout_problems
from tests.browser.support import LAPTOP, PHONE, screen, sign_in, snap, until
from tests.factories import ClubFactory, organizer
from tests.tournaments.concours import concours, deal_entry, play_deals, play_table
from tests.tournaments.factories import current_match, start_round
from tournaments import services
from tournaments.models import Round, Tournament, TournamentStatus

pytestmark = [
    pytest.mark.browser,
    pytest.mark.hosted,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

SHOTS = Path("/tmp/concours")
TEAMS = [
    f"{name}: {a} & {b}"
    for name, a, b in (
        ("Les As", "Ann", "Bob"),
        ("Les Rois", "Cy", "Dee"),
        ("Les Dames", "Ely", "Fay"),
        ("Les Valets", "Gus", "Hal"),
        ("Les Dix", "Ida", "Jo"),
        ("Les Neuf", "Kit", "Lou"),
        ("Belote et Rebelote", "Max", "Ned"),
        ("Capot", "Ola", "Pat"),
        ("Dix de der", "Quin", "Rae"),
        ("Litige", "Sam", "Tom"),
        ("Atout cœur", "Uma", "Vic"),
        ("Les Pique", "Wyn", "Xia"),
        ("Carreau", "Yan", "Zoé"),
    )
]


#: Table 1's first team's card points on each deal of the first partie.
FIRST_TEAM = 120


def start_partie(page: Any, base: str, tournament: Tournament, number: int) -> Round:
    """Press "Lancer la partie N" on the console; the draw runs in process."""
    page.goto(f"{base}/tournaments/{tournament.pk}/console/")
    page.get_by_role("button", name=f"Lancer la partie {number}").click()
    page.wait_for_load_state()
    until(lambda: Round.objects.filter(tournament=tournament, number=number).exists(), f"partie {number}")
    return Round.objects.get(tournament=tournament, number=number)


def phone_enters_its_last_deals(browser: Any, base: str, the_round: Round) -> None:
    """Table 1 enters its last two deals and the other team accepts, on the table's phone. The
    first team takes every deal with ``FIRST_TEAM``'s points: spread out by the entrants' ids, the
    points once tied the partie and left no winner to accept (CI, another order of the tests)."""
    table = the_round.tables.get(number=1)
    play_deals(table, range(10), FIRST_TEAM)
    match = current_match(table)
    page = screen(browser, PHONE, locale="fr-FR")
    page.goto(base + scorer_path(match))
    for deal in (10, 11):
        entry = deal_entry(table, deal, FIRST_TEAM)
        taker = entry["taker"]
        page.locator(f"#entry #field-taker label.chip:has(input[value='\"{taker}\"'])").click()
        index = match.sides.index(taker)
        page.fill(f"input[name='f.points.{index}']", str(entry["points"][taker]))
        page.locator("#entry button[type=submit]").click()
        page.wait_for_selector(f"text=Donne {deal + 1} enregistrée.")
    snap(page, SHOTS, "3-table-phone-last-deal")
    match.refresh_from_db()
    winner = match.state["outcome"]["winner"]
    assert winner == match.sides[0]
    other = next(side for side in match.sides if side != winner)
    page.locator("#result").get_by_role("link", name=f"Saisi par : {winner}").click()
    page.get_by_role("button", name=f"{other} : accepter le résultat").click()
    page.locator("#result").wait_for(state="detached")
    until(lambda: not the_round.tables.filter(number=1, status="playing").exists(), "table 1 accepted")
    snap(page, SHOTS, "4-table-phone-accepted")
    page.evaluate("window.scrollTo(0, 0)")  # the status line is sticky: scrolled, content passes under it
    assert layout_problems(page) == []
    page.context.close()


def test_a_french_concours_of_13_teams_runs_to_the_printed_standings(
    live_server: Any, browser: Any, tasks_in_process: None
):
    base = live_server.url
    boss = organizer(ClubFactory())
    page = screen(browser, PHONE, locale="fr-FR")
    sign_in(page, base, boss.username, "a-good-password")

    # The concours: 4 parties (the default) of 12 deals, ranked by points marked.
    page.goto(f"{base}/tournaments/new/?game=belote")
    page.fill("input[name=name]", "Concours de la Saint-Martin")
    page.select_option("select[name=format]", "concours")
    page.select_option("select[name=match_format]", "deals")
    page.fill("input[name=match_length]", "12")
    page.select_option("select[name=entrant_kind]", "partnership")
    assert "Concours : classement" in page.content()
    snap(page, SHOTS, "0-new-concours")
    assert layout_problems(page) == []
    page.get_by_role("button", name="Créer le tournoi").click()
    until(lambda: Tournament.objects.filter(name="Concours de la Saint-Martin").exists(), "the concours")
    page.wait_for_load_state()
    tournament = Tournament.objects.get(name="Concours de la Saint-Martin")
    assert (tournament.format, tournament.match_format) == ("concours", "deals:12")

    # Thirteen teams of two, pasted at once.
    page.locator("#bulk > summary").click()
    page.fill("textarea[name=entrants]", "\n".join(TEAMS))
    page.get_by_role("button", name="Inscrire la liste").click()
    until(lambda: tournament.entrants.count() == 13, "thirteen teams")
    page.wait_for_load_state()

    for number in range(1, 5):
        the_round = start_partie(page, base, tournament, number)
        assert len(the_round.byes) == 1  # thirteen teams: one sits out each partie
        if number == 1:
            snap(page, SHOTS, "1-console-partie-1")
            assert "Partie 1" in page.content()
            assert layout_problems(page) == []
            phone_enters_its_last_deals(browser, base, the_round)
        for table in the_round.tables.filter(status="playing").order_by("number"):
            play_table(table)

    tournament.refresh_from_db()
    assert tournament.status == TournamentStatus.FINISHED
    met = [frozenset(t.entrants) for r in tournament.rounds.all() for t in r.tables.all()]
    assert len(met) == 24
    assert len(set(met)) == 24  # never the same opponent twice

    # The public page, as the room reads it on a phone.
    page.goto(f"{base}/tournaments/{tournament.pk}/")
    text = page.content()
    assert "Partie 4" in text
    assert "Points marqués" in text
    assert "Ronde" not in page.locator("#live").inner_text()
    snap(page, SHOTS, "5-public-standings-360")
    assert layout_problems(page) == []

    # The printed standings.
    page.emulate_media(media="print")
    snap(page, SHOTS, "6-printed-standings")
    rows = page.locator(".standings-table tbody tr")
    assert rows.count() == 13
    page.context.close()

    # The projector, on the wall.
    wall = screen(browser, LAPTOP, locale="fr-FR")
    wall.goto(f"{base}/tournaments/{tournament.pk}/projector/")
    assert "Points marqués" in wall.content()
    snap(wall, SHOTS, "7-projector", full_page=False)
    wall.context.close()


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_the_lots_drawn_for_a_tie_show_on_the_standings(live_server: Any, browser: Any, size: Any):
    tournament = concours(4, deals=1)
    for table in start_round(tournament).tables.all():
        play_table(table, [100])  # two teams at 100 / 62, two at 62 / 100: tied in pairs
    services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    page = screen(browser, size, locale="fr-FR")

    page.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    standings = page.locator("#standings").inner_text()
    assert "Tirage au sort" in standings
    lots = sorted(tournament.lots.values())
    assert str(lots[0]) in standings
    snap(page, SHOTS, f"8-lots-{size['width']}")
    assert layout_problems(page) == []
    page.context.close()
