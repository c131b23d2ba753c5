"""Club variants at the table and on the organizer's pages: a field only while its option is on
(Klaverjas's kraak), a table of another shape (five players for individual Back Alley), through the
"new match" page, the scorer page, the scoreboard and the API."""

from typing import Any

import pytest
from rest_framework.test import APIClient

from scoring.links import table_token
from scoring.models import DealVersion, Match
from tests.factories import ClubFactory, make_match, organizer

pytestmark = pytest.mark.django_db

WIJ_ZIJ = ["Wij", "Zij"]
FIVE = ["Ann", "Bob", "Cy", "Dee", "Eve"]


def new_match_url(club, query="game=back-alley"):
    return f"/clubs/{club.slug}/matches/new/?{query}"


def url(match):
    return f"/t/{table_token(match)}/"


# -- a field brought in by an option: kraak --------------------------------------------------------


def test_it_leaves_the_kraak_buttons_out_for_a_club_that_never_kraakt(client):
    match = make_match(game="klaverjas", sides=WIJ_ZIJ)

    html = client.get(url(match)).text

    assert 'name="f.playing"' in html
    assert 'name="f.kraak"' not in html


def test_it_shows_the_kraak_buttons_in_the_players_words_when_kraken_is_on(client):
    match = make_match(game="klaverjas", sides=WIJ_ZIJ, options={"kraken": "card_points"})

    html = client.get(url(match)).text

    assert 'name="f.kraak"' in html
    for words in ("no kraak", "kraak × 2", "rekraak × 4", "superkraak × 8"):
        assert words in html


def test_it_records_a_kraakt_deal_from_the_form(client):
    match = make_match(game="klaverjas", sides=WIJ_ZIJ, options={"kraken": "card_points"})
    data = {
        "f.playing": '"Wij"',
        "f.points.0": "92",
        "f.points.1": "70",
        "f.roem.0.2": "1",
        "f.kraak": '"kraak"',
    }

    response = client.post(url(match), data)

    assert response.status_code == 302
    match.refresh_from_db()
    # 92 > 70 made; card points doubled, the stuk not: 92 x 2 + 20 = 204, 70 x 2 = 140
    assert match.state["totals"] == {"Wij": 204, "Zij": 140}
    version = DealVersion.objects.get(deal__match=match)
    assert version.entry == {
        "playing": "Wij",
        "points": {"Wij": 92, "Zij": 70},
        "roem": {"Wij": ["stuk"]},
        "kraak": "kraak",
    }


def test_it_leaves_kraak_out_of_the_entry_when_none_was_said(client):
    match = make_match(game="klaverjas", sides=WIJ_ZIJ, options={"kraken": "whole_score"})
    data = {"f.playing": '"Wij"', "f.points.0": "92", "f.points.1": "70", "f.kraak": '"none"'}

    assert client.post(url(match), data).status_code == 302
    assert DealVersion.objects.get(deal__match=match).entry == {
        "playing": "Wij",
        "points": {"Wij": 92, "Zij": 70},
    }


def test_the_api_says_which_option_brings_kraak_in():
    body = APIClient().get("/api/games/klaverjas/").json()
    kraak = next(f for f in body["fields"] if f["name"] == "kraak")

    assert kraak["in_play_when"] == {"kraken": ["whole_score", "card_points"]}
    assert "in_play_when" not in next(f for f in body["fields"] if f["name"] == "playing")


# -- another table: individual Back Alley ------------------------------------------------------------


def test_it_offers_a_link_per_table_of_the_game(client):
    club = ClubFactory()
    client.force_login(organizer(club))

    html = client.get(new_match_url(club)).text

    assert "4 players, two sides of 2" in html
    assert "5 players, each on their own" in html
    assert "?game=back-alley&amp;preset=individual" in html
    assert 'name="seat.3"' in html
    assert 'name="side.4"' not in html


def test_it_draws_five_player_rows_for_the_individual_preset(client):
    club = ClubFactory()
    client.force_login(organizer(club))

    html = client.get(new_match_url(club, "game=back-alley&preset=individual")).text

    assert 'name="side.4"' in html
    assert 'name="seat.0"' not in html
    assert 'name="table" value="5-5"' in html
    assert '<option value="individual" selected>' in html


def test_it_starts_an_individual_back_alley_match_from_the_page(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    data = {"game": "back-alley", "preset": "individual", "table": "5-5"}
    data.update({f"side.{i}": name for i, name in enumerate(FIVE)})

    response = client.post(new_match_url(club, "game=back-alley&preset=individual"), data)

    assert response.status_code == 302
    match = Match.objects.get(club=club)
    assert match.sides == FIVE
    assert match.seats is None
    assert (match.preset, match.options["scoring"], match.options["first_dealer"]) == (
        "individual",
        "individual",
        "Ann",
    )
    board = client.get(f"/matches/{match.pk}/").text
    for name in FIVE:
        assert name in board


def test_it_asks_again_for_the_players_when_the_options_change_the_table(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    # the page was drawn for four seats; the preset picked brings the five-player table
    data = {"game": "back-alley", "preset": "individual", "table": "4-2", "seat.0": "Ann", "side.0": "Us"}

    response = client.post(new_match_url(club), data)

    assert response.status_code == 422
    assert 'data-field="sides"' in response.text
    assert 'name="side.4"' in response.text
    assert 'value="Us"' in response.text
    assert not Match.objects.filter(club=club).exists()


def test_it_scores_an_individual_deal_from_the_scorer_page(client):
    match = make_match(game="back-alley", sides=FIVE, preset="individual")
    page = client.get(url(match)).text
    assert 'name="f.bids.4"' in page
    assert 'name="f.rainbow.0"' in page
    assert 'name="f.dead"' not in page
    data = {f"f.bids.{i}": bid for i, bid in enumerate(["3", "2", "0", "1", "5"])}
    data.update({f"f.tricks.{i}": str(t) for i, t in enumerate([3, 4, 0, 0, 3])})

    response = client.post(url(match), data)

    assert response.status_code == 302
    match.refresh_from_db()
    # 3 of 3: 9; 2 took 4: 6 + 2 = 8; 0 took 0: 0; 1 took 0: -3; 5 took 3: -15
    assert match.state["totals"] == {"Ann": 9, "Bob": 8, "Cy": 0, "Dee": -3, "Eve": -15}
    board = client.get(f"/matches/{match.pk}/").text
    assert "Deals next: Bob" in board
    assert "9 cards each" in board


def test_the_api_creates_an_individual_back_alley_match():
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(organizer(club))

    response = api.post(
        "/api/matches/", {"game": "back-alley", "sides": FIVE, "preset": "individual"}, format="json"
    )

    assert response.status_code == 201, response.json()
    match = Match.objects.get(pk=response.json()["id"])
    assert match.sides == FIVE
    assert match.options["deal_sequence"] == "down-up-20"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "back-alley", "sides": ["Us", "Them"], "preset": "individual"}, "sides"),
        ({"game": "back-alley", "sides": FIVE}, "sides"),
        ({"game": "back-alley", "sides": FIVE, "options": {"scoring": "individual"}}, "deal_sequence"),
        ({"game": "back-alley", "sides": FIVE, "preset": "individual", "seats": FIVE[:4]}, "seats"),
    ],
)
def test_the_api_names_the_field_of_a_bad_individual_match(body, field):
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(organizer(club))

    response = api.post("/api/matches/", body, format="json")

    assert response.status_code == 400
    assert response.json()["error"]["field"] == field
    assert not Match.objects.exists()


def test_the_api_describes_the_individual_entry_and_table():
    api = APIClient()
    listed = {g["key"]: g for g in api.get("/api/games/").json()}
    body = api.get("/api/games/back-alley/").json()

    assert listed["back-alley"]["other_tables"][0]["seats"] == 5
    assert "other_tables" not in listed["jam"]
    (individual,) = body["variants"]
    assert individual["when"] == {"scoring": ["individual"]}
    assert [f["name"] for f in individual["fields"]] == ["dead", "bids", "tricks", "rainbow", "trump"]
    assert individual["table"] == {"seats": 5, "sides": {"min": 5, "max": 5}, "partnerships": False}


# -- another table: six-handed Auction Forty-Five ------------------------------------------------------

SIX_SEATS = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


def test_it_draws_six_seats_when_six_players_are_chosen(client):
    club = ClubFactory()
    client.force_login(organizer(club))

    four = client.get(new_match_url(club, "game=auction-forty-five")).text
    six = client.get(new_match_url(club, "game=auction-forty-five&o.players=6")).text

    assert "?game=auction-forty-five&amp;o.players=6" in four
    assert "6 players, two sides of 3" in four
    assert 'name="seat.3"' in four
    assert 'name="seat.4"' not in four
    assert 'name="seat.5"' in six
    assert (
        "North, South-East and South-West are partners (side 1), North-East, South and North-West (side 2)."
        in six
    )
    assert "North-West (side 2)" in six  # the row of the sixth seat


def test_it_starts_a_six_handed_match_and_names_the_teams_after_their_players(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    data = {"game": "auction-forty-five", "o.players": "6", "table": "6-2"}
    data.update({f"seat.{i}": name for i, name in enumerate(SIX_SEATS)})

    response = client.post(new_match_url(club, "game=auction-forty-five&o.players=6"), data)

    assert response.status_code == 302
    match = Match.objects.get(club=club)
    assert match.seats == SIX_SEATS
    assert match.sides == ["Ann & Cy & Eve", "Bob & Dee & Fay"]
    assert match.options["players"] == 6


def test_it_shows_the_six_handed_dealer_by_seat_and_player(client):
    match = make_match(
        game="auction-forty-five",
        sides=["Us", "Them"],
        seats=SIX_SEATS,
        options={"players": 6, "first_dealer": 4},
        deals=[{"bidder": "Us", "bid": 20, "tricks": {"Us": 3, "Them": 2}, "high_trump": "Us"}],
    )

    board = client.get(f"/matches/{match.pk}/").text
    scorer = client.get(url(match)).text

    assert "Deals next: Fay (North-West)" in board
    assert "Ann &amp; Cy &amp; Eve" in scorer  # the side's players on its button


def test_the_api_checks_six_seats_for_six_players():
    club = ClubFactory()
    api = APIClient()
    api.force_authenticate(organizer(club))
    body = {"game": "auction-forty-five", "sides": ["Us", "Them"], "options": {"players": 6}}

    refused = api.post("/api/matches/", {**body, "seats": SIX_SEATS[:4]}, format="json")
    created = api.post("/api/matches/", {**body, "seats": SIX_SEATS}, format="json")

    assert refused.status_code == 400
    assert refused.json()["error"]["field"] == "seats"
    assert created.status_code == 201
    assert Match.objects.get().seats == SIX_SEATS


def _every_table() -> list[tuple[str, dict[str, str], Any]]:
    from urllib.parse import parse_qsl

    from games import GAMES
    from scoring.seating import table_links

    found = []
    for key, game in GAMES.items():
        shapes = dict(
            zip((link["query"] for link in table_links(game, None)), game.table_shapes(), strict=False)
        )
        for query, (_, shape) in shapes.items():
            found.append((key, dict(parse_qsl(query)), shape))
    return found


@pytest.mark.parametrize(
    ("key", "choices", "shape"), _every_table(), ids=lambda v: v if isinstance(v, str) else ""
)
def test_a_table_changing_choice_keeps_what_was_typed_beside_it(client, key, choices, shape):
    """#28: with a title filled in, "5 players, each on their own" fell back to four seats, asked
    for the players again and dropped three of them."""
    club = ClubFactory()
    client.force_login(organizer(club))
    data = {**choices, "title": "Friday friendly", "table": f"{shape.seats}-{shape.max_sides}"}
    if shape.partnerships:
        data.update({f"seat.{i}": f"Player {i + 1}" for i in range(shape.seats)})
        data.update({"side.0": "Us", "side.1": "Them"})
    else:
        data.update(
            {f"side.{i}": FIVE[i] if i < len(FIVE) else f"Player {i + 1}" for i in range(shape.max_sides)}
        )

    response = client.post(new_match_url(club, f"game={key}"), data)

    assert response.status_code == 302, response.text[:2000]
    match = Match.objects.get(club=club)
    assert match.title == "Friday friendly"
    if shape.partnerships:
        assert match.sides == ["Us", "Them"]
        assert len(match.seats) == shape.seats
    else:
        assert len(match.sides) == shape.max_sides
