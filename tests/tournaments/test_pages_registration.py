"""Registration on the organizer's pages (#14): a new tournament drawn for its game (the match format
a choice and a number, the preset by its name), entrants one by one with the focus back on Name,
a pasted list, a CSV file that says what it did, removal before round 1, and every error in the
page's words beside the field it names, where the page lands."""

from __future__ import annotations

import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from tests.tournaments.factories import make_tournament, start_round
from tournaments.models import Entrant, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

#: Field keys of the contracts, which a page never shows.
KEYS = ("match_format", "match_length", "entrant_kind", "tiebreaks")


def section(page: str, anchor: str) -> str:
    """The part of the console from the element with id ``anchor`` to the next section."""
    return page.split(f'id="{anchor}"', 1)[1].split("<section", 1)[0]


def autofocused(page: str) -> list[str]:
    return re.findall(r'<(?:input|select|textarea)[^>]*name="([^"]+)"[^>]*autofocus', page)


def test_it_asks_for_the_game_first_by_its_name(client, boss):
    page = client.get("/tournaments/new/").text
    assert "Which game?" in page
    assert 'href="?game=coinche&amp;club=' in page
    assert "La Coinche (Belote coinchée / Belote contrée)" in page


def test_it_offers_the_games_presets_in_words_and_the_match_format_as_a_choice_and_a_number(client, boss):
    page = client.get("/tournaments/new/?game=coinche").text

    assert '<option value="ffb">FFB (Fédération Française de Belote)</option>' in page
    assert "Parlett (Penguin Book of Card Games) · usual" in page
    assert "parlett (default)" not in page
    assert '<option value="deals">A number of deals, the best total wins</option>' in page
    assert re.search(r'<input type="number" name="match_length"[^>]*min="1"', page)
    assert "deals:N" not in page
    assert autofocused(page) == ["name"]
    assert (
        "preset" not in client.get("/tournaments/new/?game=jam").text.split("<form", 1)[1].split("</form>")[0]
    )


def create(client: Client, club, game: str, **fields: str):
    """Post the new-tournament page for ``game`` with ``fields`` (a Swiss unless told)."""
    body = {"club": club.slug, "game": game, "format": "swiss", **fields}
    return client.post(f"/tournaments/new/?game={game}", body)


def test_it_creates_a_tournament_with_a_number_of_deals_and_a_preset(client, boss, club):
    response = create(
        client,
        club,
        "coinche",
        name="Coinche night",
        match_format="deals",
        match_length="4",
        entrant_kind="partnership",
        rounds="3",
        preset="ffb",
    )
    tournament = Tournament.objects.get(name="Coinche night")
    assert response.status_code == 302
    assert (tournament.match_format, tournament.preset) == ("deals:4", "ffb")


def test_it_refuses_fixed_partnerships_for_jam_beside_entrants_in_words(client, boss, club):
    response = create(client, club, "jam", name="JAM pairs", match_format="game", entrant_kind="partnership")
    assert response.status_code == 422
    error = response.text.split('id="id_entrant_kind_error">', 1)[1].split("</p>")[0]
    assert error == "JAM is played one player a side: its entrants are individuals, not fixed partnerships"
    assert autofocused(response.text) == ["entrant_kind"]
    assert 'aria-invalid="true"' in response.text
    assert not Tournament.objects.exists()


def test_errors_never_show_a_field_key(client, boss, club):
    response = create(client, club, "tally", name="x", match_format="deals")
    assert response.status_code == 422
    errors = " ".join(re.findall(r'class="error"[^>]*>([^<]*)<', response.text))
    assert errors
    for key in KEYS:
        assert key not in errors


def test_it_puts_the_focus_back_on_name_after_register_and_says_so_beside_the_form(client, boss, club):
    tournament = make_tournament(club=club, game="coinche", entrant_kind="partnership")
    url = f"/tournaments/{tournament.pk}/console/entrants/"

    response = client.post(url, {"name": "Les As", "players": "Ann & Bob"}, follow=True)

    page = response.text
    assert response.redirect_chain[-1][0].endswith("#entrants")
    assert 'role="status">Les As registered.' in section(page, "entrants")
    assert "Les As registered." not in page.split("<main>")[1].split('id="tables"')[0]  # not on top
    assert autofocused(page) == ["name"]
    assert sorted(p.name for p in Entrant.objects.get(name="Les As").players.all()) == ["Ann", "Bob"]


def test_it_refuses_a_partnership_of_one_beside_players_with_the_focus_there(client, boss, club):
    tournament = make_tournament(club=club, game="coinche", entrant_kind="partnership")
    response = client.post(
        f"/tournaments/{tournament.pk}/console/entrants/", {"name": "Eve", "players": "Eve"}
    )
    assert response.status_code == 422
    assert "A partnership is 2 players: list all 2 (Ann &amp; Bob), or none" in response.text
    assert autofocused(response.text) == ["players"]
    assert '#entrants"' in response.text.split('id="entrants"')[1].split("</form>")[0]  # lands on the form
    assert not Entrant.objects.exists()


def test_it_registers_a_pasted_list_and_names_the_line_at_fault(client, boss, club):
    tournament = make_tournament(club=club, game="coinche", entrant_kind="partnership")
    url = f"/tournaments/{tournament.pk}/console/list/"

    done = client.post(url, {"entrants": "Ann & Bob\nCy, Dee\nLes As: Ely & Fay\n"}, follow=True)

    assert 'role="status">3 entrants registered from the list.' in section(done.text, "entrants")
    assert sorted(tournament.entrants.values_list("name", flat=True)) == ["Ann & Bob", "Cy & Dee", "Les As"]
    refused = client.post(url, {"entrants": "Gus & Hal\n\nAnn & Bob\n"})
    assert refused.status_code == 422
    assert "line 3: &#x27;Ann &amp; Bob&#x27; is already entered" in refused.text
    assert '<details class="bulk" id="bulk" open>' in refused.text
    assert tournament.entrants.count() == 3  # all or nothing


def test_a_csv_upload_says_how_many_it_registered(client, boss, club):
    tournament = make_tournament(club=club)
    upload = SimpleUploadedFile("e.csv", b"name,seed\nAnn,1\nBob,2\n", content_type="text/csv")
    response = client.post(f"/tournaments/{tournament.pk}/console/upload/", {"file": upload}, follow=True)
    assert 'role="status">2 entrants registered from the file.' in section(response.text, "entrants")


def test_it_removes_a_mistaken_entrant_before_round_1_and_offers_withdraw_after(client, boss, club):
    tournament = make_tournament(club=club, entrants=5, rounds=2)
    ely = tournament.entrants.get(name="Ely")
    page = client.get(f"/tournaments/{tournament.pk}/console/").text
    assert f'aria-label="Remove {ely.name}"' in page
    assert "Withdraw" not in section(page, "entrants")

    done = client.post(
        f"/tournaments/{tournament.pk}/console/entrants/{ely.pk}/remove/", {"confirm": "yes"}, follow=True
    )

    assert 'role="status">Ely removed.' in section(done.text, "entrants")
    assert not Entrant.objects.filter(pk=ely.pk).exists()
    assert "Ely" not in client.get(f"/tournaments/{tournament.pk}/").text
    start_round(tournament)
    after = client.get(f"/tournaments/{tournament.pk}/console/").text
    assert "Remove " not in section(after, "entrants")
    assert 'aria-label="Withdraw Ann"' in after
    ann = tournament.entrants.get(name="Ann")
    late = client.post(
        f"/tournaments/{tournament.pk}/console/entrants/{ann.pk}/remove/", {"confirm": "yes"}, follow=True
    )
    assert 'role="alert">&#x27;Ann&#x27; is in the draw of round 1' in section(late.text, "entrants")
