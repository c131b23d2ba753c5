"""#23 items 3 and 4 in a browser, in French, as the club lives the evening: eight pairs, Swiss, three
rounds, hand-over confirmation (coinche here, a game of pairs as klaverjas is); the organizer's console on a 1280 px laptop, the projector at 1280
× 720 and 1920 × 1080. A finished table that is disputed reads "Terminée · contestée"; the next
round is offered only once this one is complete, and drawn without a notice that outlives the
draw; the projector shows who plays whom beside "Trouvez votre table"; after the last round the
console offers the results (no registration, no format), every round has its page in French, and
the projector shows the winner and the final standings. Each page passes the layout check and axe,
and is looked at (screenshots in /tmp/console/)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from clubs.access import Actor
from scoring.result_states import Action
from scoring.services.results import result_act
from tests.browser.layout import fits_the_screen
from tests.browser.support import LAPTOP, PHONE, PROJECTORS, looked_at, sign_in, snap
from tests.browser.test_translated_pages import screen
from tests.factories import organizer
from tests.tournaments.factories import TABLE, make_tournament, play_round, play_table, start_round
from tournaments import services
from tournaments.models import PhysicalTable, Round, Tournament
from tournaments.physical_tables import table_path
from tournaments.services import EntrantSpec

pytestmark = [
    pytest.mark.browser,
    pytest.mark.hosted,
    pytest.mark.slow,
    pytest.mark.django_db(transaction=True),
]

SHOTS = Path("/tmp/console")
PASSWORD = "a-good-password"
PAIRS = (
    ("Les As de Pique", "Anne", "Bruno"),
    ("Les Rois du Trèfle", "Chloé", "Damien"),
    ("Belote et Rebelote", "Élise", "Fabien"),
    ("Les Dames de Cœur", "Gaëlle", "Hugo"),
    ("Atout Pique", "Inès", "Jules"),
    ("Le Dix de Der", "Karine", "Léon"),
    ("Capot Garanti", "Manon", "Noël"),
    ("Les Valets Farceurs", "Océane", "Pierre"),
)


def pairs_night() -> Tournament:
    tournament = make_tournament(
        name="Soirée de la Saint-Martin",
        game="coinche",  # a game of pairs the test tables know how to win (factories.winning_entry)
        entrant_kind="partnership",
        match_format="deals:4",
        rounds=3,
    )
    specs = [EntrantSpec(name, players=players, seed=i) for i, (name, *players) in enumerate(PAIRS, 1)]
    services.entrants_register(tournament_id=tournament.pk, entrants=specs)
    return tournament


def projector_looks(browser: Any, url: str, name: str) -> list[str]:
    problems = []
    for size_name, size in PROJECTORS.items():
        page = screen(browser, size, "fr")
        page.goto(url)
        problems += [f"{name}-{size_name}: {p}" for p in fits_the_screen(page)]
        problems += looked_at(page, SHOTS, f"{name}-{size_name}")
        page.context.close()
    return problems


def test_the_console_and_the_projector_tell_the_evening_as_it_is(live_server, browser, tasks_in_process):
    tournament = pairs_night()
    boss = organizer(tournament.club)
    director = Actor(label=boss.get_username(), user=boss)
    play_round(start_round(tournament))
    problems: list[str] = []
    console = screen(browser, LAPTOP, "fr")
    sign_in(console, live_server.url, boss.username, PASSWORD)
    console_url = f"{live_server.url}/tournaments/{tournament.pk}/console/"
    projector_url = f"{live_server.url}/tournaments/{tournament.pk}/projector/"

    # Round 2 is started from the console, and drawn at once: no notice that it is being drawn.
    console.goto(console_url)
    console.get_by_role("button", name="Lancer la ronde 2").click()
    console.wait_for_load_state()
    tables = console.locator("#tables")
    assert "Ronde 2 appariée" in tables.inner_text()
    assert "appariement en cours" not in tables.inner_text()
    assert console.locator("#tables[hx-get]").count() == 0  # no poll once it is drawn

    # The projector while round 2 is played: who plays whom, beside "Trouvez votre table".
    view = screen(browser, PROJECTORS["1080p"], "fr")
    view.goto(projector_url)
    pairings = view.locator(".projector-pairings")
    find = view.locator(".projector-find")
    assert pairings.locator("h2").inner_text() == "Qui joue contre qui"
    assert pairings.locator("li").count() == 4
    assert " contre " in pairings.locator("li").first.inner_text()
    left, right = pairings.bounding_box(), find.bounding_box()
    assert left["x"] + left["width"] <= right["x"]  # beside it, on its left
    assert abs(left["y"] - right["y"]) < 2
    view.context.close()
    problems += projector_looks(browser, projector_url, "projector-round-2")

    # Round 2: table 1 played to its end, its result disputed by the second side; the others confirmed.
    second = tournament.rounds.get(number=2)
    for table in second.tables.order_by("number"):
        play_table(table, table.entrants[0], confirm=table.number != 1)
    disputed = second.tables.get(number=1)
    match = disputed.games.get().match
    result_act(match_id=match.pk, action=Action.REJECT, actor=TABLE, side=match.sides[1], reason="9, pas 10")
    services.table_sync(match_id=match.pk)
    console.goto(console_url)
    head = console.locator(f"#table-{disputed.pk} .table-head").inner_text()
    assert "Terminée" in head, head
    assert "contestée" in head, head
    assert "En jeu" not in head, head
    assert "donne 5 sur 4" not in head, head
    assert console.get_by_role("button", name="Lancer la ronde 3").count() == 0
    assert console.locator(".start-refused").is_visible()
    console.locator(f"#table-{disputed.pk}").scroll_into_view_if_needed()
    problems += looked_at(console, SHOTS, "console-disputed-1280")
    console.locator("#tables").scroll_into_view_if_needed()
    snap(console, SHOTS, "console-disputed-1280-screen", full_page=False)

    # The director settles it; round 3 is then offered.
    result_act(match_id=match.pk, action=Action.RESOLVE, actor=director, reason="vérifié à la table")
    services.table_sync(match_id=match.pk)
    console.goto(console_url)
    console.get_by_role("button", name="Lancer la ronde 3").click()
    console.wait_for_load_state()
    assert "Ronde 3 appariée" in console.locator("#tables").inner_text()

    # The last round is played: the console offers the results, and no more registration.
    play_round(tournament.rounds.get(number=3))
    tournament.refresh_from_db()
    assert tournament.status == "finished"
    console.goto(console_url)
    over = console.locator(".evening-over")
    assert "Le tournoi est terminé" in over.inner_text()
    assert over.get_by_role("link", name="Voir les résultats").is_visible()
    assert console.locator("#register").count() == 0
    assert console.locator("#format").count() == 0
    assert console.get_by_role("button", name="Lancer la ronde 4").count() == 0
    problems += looked_at(console, SHOTS, "console-over-1280")
    snap(console, SHOTS, "console-over-1280-screen", full_page=False)

    # Each round is one link away, in French (not the API's JSON).
    console.locator(".round-nav").get_by_role("link", name="Ronde 2").click()
    console.wait_for_load_state()
    assert console.locator("h1").inner_text().startswith("Ronde 2")
    assert console.locator("html").get_attribute("lang") == "fr"
    assert console.locator(".table-card").count() == 4
    problems += looked_at(console, SHOTS, "round-2-1280")
    phone = screen(browser, PHONE, "fr")
    phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/rounds/2/")
    problems += looked_at(phone, SHOTS, "round-2-360")
    phone.goto(f"{live_server.url}/tournaments/{tournament.pk}/")
    problems += looked_at(phone, SHOTS, "public-over-360")

    # A table's page after the end: the evening is over, and where its results are.
    phone.goto(live_server.url + table_path(PhysicalTable.objects.get(tournament=tournament, number=1)))
    note = phone.locator(".place-note")
    assert "et le tournoi aussi" in note.inner_text()
    assert note.get_by_role("link", name="Voir les résultats").is_visible()
    assert "ronde suivante" not in note.inner_text()
    problems += looked_at(phone, SHOTS, "table-over-360")

    # The projector at the end: the winner, the final standings.
    view = screen(browser, PROJECTORS["720p"], "fr")
    view.goto(projector_url)
    banner = view.locator(".winner-banner").inner_text()
    assert banner.startswith(("Vainqueur : ", "Première place partagée")), banner
    assert view.locator("#standings-title").inner_text() == "Classement final"
    assert view.locator(".projector-find").count() == 0
    view.context.close()
    problems += projector_looks(browser, projector_url, "projector-over")

    assert problems == []


def test_the_projector_fits_twelve_tables_of_pairs_beside_their_players(
    live_server, browser, tasks_in_process
):
    """A big evening: 24 pairs, 48 players, 12 tables; every list on one screen at 1080p and 720p."""
    tournament = make_tournament(
        name="Grand tournoi d'hiver",
        game="coinche",
        entrant_kind="partnership",
        match_format="deals:4",
        rounds=3,
    )
    specs = [
        EntrantSpec(
            f"{PAIRS[i % 8][0]} {i // 8 + 1}", players=(f"{PAIRS[i % 8][1]} {i}", f"{PAIRS[i % 8][2]} {i}")
        )
        for i in range(24)
    ]
    services.entrants_register(tournament_id=tournament.pk, entrants=specs)
    start_round(tournament)
    url = f"{live_server.url}/tournaments/{tournament.pk}/projector/"

    view = screen(browser, PROJECTORS["720p"], "fr")
    view.goto(url)
    assert view.locator(".pairing-list li").count() == 12
    assert view.locator(".find-list li").count() == 48
    assert view.locator("#pairings-title .page-no, #find-title .page-no").count() == 0  # on one screen
    view.context.close()

    assert projector_looks(browser, url, "projector-12-tables") == []


def test_the_console_shows_the_tables_by_itself_once_the_draw_is_done(live_server, browser, tasks_in_process):
    """A worker draws the round after the click: the console says so, then shows the tables without
    a reload, and the note is gone."""
    tournament = pairs_night()
    boss = organizer(tournament.club)
    play_round(start_round(tournament))
    building = Round.objects.create(club=tournament.club, tournament=tournament, number=2)  # not drawn yet
    console = screen(browser, LAPTOP, "fr")
    sign_in(console, live_server.url, boss.username, PASSWORD)
    console.goto(f"{live_server.url}/tournaments/{tournament.pk}/console/")
    note = console.locator("#tables .drawing")
    assert "Ronde 2 : appariement en cours" in note.inner_text()

    services.round_pair(round_id=building.pk)

    console.locator("#tables h3", has_text="Ronde 2 · En jeu").wait_for(timeout=10_000)
    assert console.locator("#tables .drawing").count() == 0
    assert console.locator("#tables[hx-get]").count() == 0  # the poll stops with the draw
    assert console.locator("#tables .table-card").count() == 4
