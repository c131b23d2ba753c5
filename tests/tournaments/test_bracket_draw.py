"""#28 item 7: "draw the bracket" draws lots. Entrants without a seed are no longer paired in the
order they registered (1 v 8, 4 v 5, ...): they are drawn from the event's recorded random seed,
which reproduces the draw; the seeds an organizer gives still come first; the new-tournament page
offers the third-place match."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.tournaments.factories import make_tournament, start_round
from tournaments import services
from tournaments.models import Tournament
from tournaments.pairing import draw_seeds
from tournaments.services import EntrantSpec

NAMES = ["Ann", "Bob", "Cy", "Dee", "Ely", "Fay", "Gus", "Hal"]


# -- the pure draw ---------------------------------------------------------------------------------


def test_given_seeds_come_first_then_ratings_then_the_lot():
    entrants = [
        (1, None, None),
        (2, 2, None),
        (3, None, 1500.0),
        (4, 1, None),
        (5, None, None),
        (6, None, 1700.0),
    ]

    order = draw_seeds(entrants, lot=99)

    assert order[:4] == [4, 2, 6, 3]
    assert sorted(order[4:]) == [1, 5]


def test_the_same_lot_draws_the_same_order_and_other_lots_other_orders():
    field = [(i, None, None) for i in range(1, 17)]

    assert draw_seeds(field, lot=7) == draw_seeds(list(reversed(field)), lot=7)
    assert len({tuple(draw_seeds(field, lot=lot)) for lot in range(1, 11)}) > 5
    assert draw_seeds(field, lot=None) == list(range(1, 17))  # an event from before the draw was random


@given(
    st.lists(
        st.tuples(st.none() | st.integers(1, 64), st.none() | st.floats(0, 3000, allow_nan=False)),
        max_size=40,
    ),
    st.none() | st.integers(0, 2**31),
)
def test_the_draw_is_a_permutation_that_keeps_the_given_seeds_in_their_order(rows, lot):
    entrants = [(i, seed, rating) for i, (seed, rating) in enumerate(rows, start=1)]

    order = draw_seeds(entrants, lot)

    assert sorted(order) == [e[0] for e in entrants]
    seeded = sorted((e for e in entrants if e[1] is not None), key=lambda e: (e[1], e[0]))
    assert order[: len(seeded)] == [e[0] for e in seeded]


# -- the event --------------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.usefixtures("in_process_tasks")
def test_an_unseeded_bracket_is_drawn_from_its_recorded_lot_not_the_registration_order():
    drawn = []
    for lot in (11, 12, 13):
        tournament = make_tournament(format="single-elimination", settings={"seed": lot})
        services.entrants_register(tournament_id=tournament.pk, entrants=[EntrantSpec(n) for n in NAMES])
        first = start_round(tournament)
        ids = {e.pk: e.name for e in tournament.entrants.all()}
        drawn.append([tuple(ids[e] for e in table.entrants) for table in first.tables.order_by("number")])
        tournament.refresh_from_db()
        expected = draw_seeds([(pk, None, None) for pk in sorted(ids)], lot)
        assert tournament.bracket["seeds"] == expected
    registration_order = [("Ann", "Hal"), ("Dee", "Ely"), ("Bob", "Gus"), ("Cy", "Fay")]
    assert sum(pairs == registration_order for pairs in drawn) <= 1
    assert len({tuple(pairs) for pairs in drawn}) > 1


@pytest.mark.django_db
def test_a_new_bracket_records_the_lot_it_will_draw_with():
    tournament = make_tournament(format="double-elimination")

    assert isinstance(tournament.settings["seed"], int)


@pytest.mark.django_db
def test_the_new_tournament_page_offers_the_third_place_match(client, boss, club):
    form = {
        "name": "Cup",
        "club": club.slug,
        "game": "tally",
        "format": "single-elimination",
        "match_format": "game",
        "entrant_kind": "individual",
        "third_place": "on",
    }
    assert "A match for third place" in client.get(f"/tournaments/new/?game=tally&club={club.slug}").text

    assert client.post("/tournaments/new/", form).status_code == 302
    assert Tournament.objects.get(name="Cup").settings["third_place"] is True

    refused = client.post("/tournaments/new/", {**form, "name": "Swiss", "format": "swiss"})
    assert refused.status_code == 422
    assert 'id="id_third_place_error"' in refused.text
    assert not Tournament.objects.filter(name="Swiss").exists()
