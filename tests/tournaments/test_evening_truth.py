"""#23 items 3 and 4, "a tournament night without a moment of doubt": the console says what is true
(a finished table that is disputed, a round being drawn, the end of the evening) and every round
can be found again (its own page, in the reader's language, with its pairings, results and
corrections; the projector's pairings, then its winner and final standings; a table's page after
the end). A Swiss of eight over three rounds, read in French as the club reads it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from clubs.access import Actor
from scoring.result_states import Action
from scoring.services.deals import deal_correct
from scoring.services.results import result_act
from tests.i18n.pages import assert_page_speaks
from tests.tournaments.factories import (
    TABLE,
    add_entrants,
    current_match,
    make_tournament,
    play_round,
    play_table,
    start_round,
    winning_entry,
)
from tests.translated import TEST_NAMES
from tournaments import services
from tournaments.models import PhysicalTable, Round, RoundStatus, Tournament
from tournaments.physical_tables import table_path

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def french(client: Client, url: str) -> str:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 200, url
    assert response["Content-Type"].startswith("text/html")
    return response.content.decode()


def console(client: Client, tournament: Tournament) -> str:
    return french(client, f"/tournaments/{tournament.pk}/console/")


def evening(club, rounds_played: int) -> Tournament:
    """Eight entrants, three rounds of four deals; ``rounds_played`` rounds drawn and played."""
    tournament = make_tournament(club=club, match_format="deals:4", entrants=8, rounds=3)
    for _ in range(rounds_played):
        play_round(start_round(tournament))
    services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def test_a_finished_table_that_is_disputed_reads_finished_disputed(client, boss, club):
    tournament = evening(club, 0)
    table = start_round(tournament).tables.get(number=1)
    match = play_table(table, table.entrants[0], confirm=False)
    result_act(match_id=match.pk, action=Action.REJECT, actor=TABLE, side=match.sides[1], reason="9, pas 10")

    page = console(client, tournament)

    card = page.split(f'id="table-{table.pk}"')[1].split("</li>\n    \n")[0]
    assert '<span class="tag">Terminée</span>' in card
    assert "contestée" in card
    assert "En jeu" not in card
    assert "donne 5 sur 4" not in card
    assert "4 donnes" in card
    public = french(client, f"/tournaments/{tournament.pk}/")
    assert "donne 5 sur 4" not in public


def test_the_console_says_a_round_is_being_drawn_only_while_it_is(
    client, boss, club, django_capture_on_commit_callbacks
):
    tournament = evening(club, 1)
    building = services.round_start(tournament_id=tournament.pk)  # its draw task has not run yet

    drawing = console(client, tournament)
    assert "Ronde 2 : appariement en cours" in drawing
    assert 'hx-select="#tables"' in drawing  # it polls until the tables are there

    play_round(services.round_pair(round_id=building.pk))
    drawn = console(client, tournament)
    assert "appariement en cours" not in drawn
    assert 'hx-select="#tables"' not in drawn

    with django_capture_on_commit_callbacks(execute=True):  # a worker draws it just after the answer
        response = client.post(f"/tournaments/{tournament.pk}/console/rounds/", HTTP_ACCEPT_LANGUAGE="fr")
    started = console(client, tournament)
    assert response.status_code == 302
    assert "<h3>Ronde 3 · En jeu</h3>" in started
    assert "appariement en cours" not in started  # no notice left over from the click


def test_after_the_last_round_the_console_offers_the_results_and_no_registration(client, boss, club):
    tournament = evening(club, 3)
    assert tournament.status == "finished"

    page = console(client, tournament)

    assert "Le tournoi est terminé" in page
    assert f'href="/tournaments/{tournament.pk}/#standings"' in page
    assert re.search(r"Vainqueur : \w+|Première place partagée", page)
    assert "Lancer la ronde" not in page
    assert 'id="register"' not in page
    assert 'id="format"' not in page
    assert f"/tournaments/{tournament.pk}/console/entrants/" not in page
    assert "/withdraw/" not in page


def test_the_console_and_the_public_page_link_every_round_to_its_own_page(client, boss, club):
    tournament = evening(club, 3)

    for page in (console(client, tournament), french(client, f"/tournaments/{tournament.pk}/")):
        for number in (1, 2, 3):
            assert f'href="/tournaments/{tournament.pk}/rounds/{number}/"' in page
        assert "/api/" not in re.sub(r'href="/api/docs[^"]*"', "", page.split('class="round-nav"')[1])


def test_a_round_s_page_shows_its_pairings_results_and_corrections_in_the_reader_s_language(
    client, boss, club
):
    tournament = evening(club, 1)
    first = Round.objects.get(tournament=tournament, number=1)
    start_round(tournament)  # closes round 1: a change is now the director's correction
    late = current_match(first.tables.get(number=2))
    deal_correct(
        match_id=late.pk,
        number=1,
        entry=winning_entry(late, 1),
        expected_version=1,
        actor=Actor(label=boss.get_username(), user=boss),
        reason="feuille mal lue",
    )
    names = dict(tournament.entrants.values_list("pk", "name"))

    page = french(client, f"/tournaments/{tournament.pk}/rounds/1/")

    assert '<html lang="fr"' in page
    assert "<h1>Ronde 1</h1>" in page
    for table in first.tables.all():
        assert f'data-table="{table.number}"' in page
        assert all(names[e] in page for e in table.entrants)
    assert "victoire" in page  # the results
    assert "Ronde 1, table 2" in page
    assert "feuille mal lue" in page
    second = french(client, f"/tournaments/{tournament.pk}/rounds/2/")
    assert "feuille mal lue" not in second  # each round lists its own corrections
    assert client.get(f"/tournaments/{tournament.pk}/rounds/9/").status_code == 404


def test_the_projector_shows_who_plays_whom_beside_find_your_table(client, club):
    tournament = evening(club, 0)
    drawn = start_round(tournament)
    names = dict(tournament.entrants.values_list("pk", "name"))

    page = french(client, f"/tournaments/{tournament.pk}/projector/")

    pairings = page.split('class="pairing-list"')[1].split("</ol>")[0]
    for table in drawn.tables.all():
        left, right = (names[e] for e in table.entrants)
        assert (
            f'<b class="where">T{table.number}</b> <span class="who">{left} contre {right}</span>' in pairings
        )
    assert page.index("Qui joue contre qui") < page.index("Trouvez votre table")


def test_after_the_last_round_the_projector_shows_the_winner_and_the_final_standings(client, club):
    tournament = evening(club, 3)
    first = tournament.standings["rows"][0]["name"]

    page = french(client, f"/tournaments/{tournament.pk}/projector/")

    assert re.search(rf'<p class="champion-banner winner-banner">(Vainqueur : {first}|Première place)', page)
    assert "Classement final" in page
    assert "Trouvez votre table" not in page
    assert "tables terminées" not in page


def test_after_the_end_a_table_s_page_says_the_evening_is_over(client, club):
    tournament = evening(club, 3)
    path = table_path(PhysicalTable.objects.get(tournament=tournament, number=1))

    page = french(client, path)

    assert "et le tournoi aussi" in page
    assert "Voir si la ronde suivante commence" not in page
    assert "Voir si la manche suivante commence" not in page
    assert f'href="/tournaments/{tournament.pk}/">Voir les résultats' in page


def test_a_draw_that_failed_says_why_above_the_button_that_draws_it_again(client, boss, club):
    """Without the notice that outlived the draw, a failed draw must still be said."""
    tournament = evening(club, 0)
    Round.objects.create(
        club=club,
        tournament=tournament,
        number=1,
        status=RoundStatus.FAILED,
        flags=[{"flag": "error", "entrants": [], "reason": "sf-1: no opponent in the bracket"}],
    )

    page = console(client, tournament)

    said = "Ronde 1 : l’appariement a échoué — pas d&#x27;adversaire dans le tableau"
    assert said in page
    assert page.index(said) < page.index("Lancer la ronde 1")
    assert f"/tournaments/{tournament.pk}/rounds/1/" not in page  # no page for a round not drawn


def test_the_projector_pairs_an_individual_evening_by_partnership(client, club):
    tournament = make_tournament(
        club=club, game="coinche", format="individual", match_format="deals:4", rounds=3
    )
    add_entrants(tournament, 8)
    drawn = start_round(tournament)
    names = dict(tournament.entrants.values_list("pk", "name"))
    north, east, south, west = (names[e] for e in drawn.tables.get(number=1).entrants)

    page = french(client, f"/tournaments/{tournament.pk}/projector/")

    assert f'<span class="who">{north} &amp; {south} contre {east} &amp; {west}</span>' in page


@pytest.mark.parametrize("language", ["fr", "nl"])
def test_the_end_of_the_evening_speaks_the_reader_s_language(client, boss, club, language):
    tournament = evening(club, 3)
    pages = (
        f"/tournaments/{tournament.pk}/console/",
        f"/tournaments/{tournament.pk}/rounds/2/",
        f"/tournaments/{tournament.pk}/projector/",
    )
    for url in pages:
        html = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert_page_speaks(html, language, allow=TEST_NAMES)
