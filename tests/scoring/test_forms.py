"""The entry form generated from each game's declaration, and the "new match" form: what a page
shows for each field (read from the rendered HTML) and the JSON entry a post turns into."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string

from games import GAMES, find_game
from scoring.forms.entry import EntryForm
from scoring.forms.match import MatchForm
from tests.html_forms import choices_shown, form_as_shown

SEATS = ("Ann", "Bob", "Cy", "Dee")


def make_form(
    key: str, sides: list[str], *, data: QueryDict | None = None, entry: Any = None, **options: Any
):
    played = find_game(key).new_match(sides, options or None)
    seats = SEATS if played.seating().partnerships else ()
    return EntryForm(played, players=seats, data=data, entry=entry)


def page(form: EntryForm) -> str:
    """The form as the scorer page draws it."""
    context = {"form": form, "action": "/t/x/", "heading": "Enter deal 1", "submit_label": "Save deal 1"}
    return render_to_string("scoring/_entry_form.html", context)


def post(**values: Any) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in values.items():
        data[name.replace("__", ".")] = value
    return data


def entry_of(key: str, sides: list[str], data: QueryDict, **options: Any) -> dict[str, Any] | None:
    return make_form(key, sides, data=data, **options).entry()


def as_posted(html: str) -> QueryDict:
    """What a browser posts for the entry form as the page shows it."""
    data = QueryDict(mutable=True)
    for name, values in form_as_shown(html, "entry").items():
        data.setlist(name, values)
    return data


def words_of(html: str, name: str) -> list[str]:
    return [words for _, words, _ in choices_shown(html, name)]


def test_it_makes_a_field_for_every_field_in_play_of_every_game():
    for key, game in GAMES.items():
        sides = ["A", "B"] if game.min_sides <= 2 <= game.max_sides else ["A", "B", "C"]
        html = page(make_form(key, sides))
        in_play = [f.name for f in game.entry_fields(find_game(key).new_match(sides).table.options)]
        assert re.findall(r'id="field-([a-z_]+)"', html) == in_play, key


def test_it_shows_sides_as_buttons_and_counts_as_steppers():
    tricks = str(make_form("forty-five", ["NS", "EW"])["tricks"])
    assert re.findall(r'name="(f\.tricks\.\d)"', tricks) == ["f.tricks.0", "f.tricks.1"]
    assert tricks.count('class="number stepper nested"') == 2
    assert tricks.count('class="step"') == 4  # − and + beside each number
    assert 'data-total="5"' in tricks  # typing one side's tricks fills in the other's
    playing = page(make_form("klaverjas", ["Wij", "Zij"]))
    assert '<select name="f.playing"' not in playing
    assert choices_shown(playing, "f.playing") == [
        ('"Wij"', "Wij", "Ann & Cy"),
        ('"Zij"', "Zij", "Bob & Dee"),
    ]


def test_it_turns_a_klaverjas_post_into_the_entry_of_the_spec():
    data = post(
        f__playing='"Wij"',
        f__points__0="92",
        f__points__1="70",
        f__roem__0__2="1",
        f__verzaakt="",
        f__pit="",
    )
    assert entry_of("klaverjas", ["Wij", "Zij"], data) == {
        "playing": "Wij",
        "points": {"Wij": 92, "Zij": 70},
        "roem": {"Wij": ["stuk"]},
    }


def test_it_names_the_roem_in_the_players_words():
    roem = str(make_form("klaverjas", ["Wij", "Zij"])["roem"])
    assert re.findall(r'for="id_f\.roem_0_\d">([^<]+)<', roem) == [
        "3 in a row",
        "4 in a row",
        "stuk",
        "four of a kind",
        "four Jacks",
    ]


def test_it_leaves_out_what_was_not_entered_so_the_game_names_the_missing_field():
    assert entry_of("klaverjas", ["Wij", "Zij"], post(f__points__0="92")) == {"points": {"Wij": 92}}


def test_it_reports_a_value_it_cannot_read_beside_its_field():
    form = make_form(
        "klaverjas", ["Wij", "Zij"], data=post(f__playing='"Wij"', f__points__0="ninety", f__points__1="70")
    )
    assert form.entry() is None
    assert re.search(r'data-field="points">&#x27;ninety&#x27; is not a whole number', page(form))


def test_it_sends_only_dead_for_a_dead_coinche_deal():
    data = post(f__dead="on", f__taker='"NS"', f__bid="100", f__double='"none"')
    assert entry_of("coinche", ["NS", "EW"], data) == {"dead": True}
    html = page(make_form("coinche", ["NS", "EW"]))
    assert 'class="entry has-dead"' in html  # the page hides the other fields while the switch is on
    assert 'role="switch" name="f.dead"' in html


def test_it_builds_a_coinche_entry_with_capot_melds_and_belote():
    data = post(
        f__taker='"NS"',
        f__bid='"capot"',
        f__trump='"clubs"',
        f__double='"none"',
        f__points__0="162",
        f__points__1="0",
        f__capot='"NS"',
        f__belote='"NS"',
        f__melds__0__0__meld='"tierce"',
        f__melds__0__0__top='"K"',
        f__melds__0__0__suit='"diamonds"',
        f__melds__0__0__rank='"J"',
        f__melds__1__0__meld='"carre"',
        f__melds__1__0__rank='"9"',
    )
    entry = entry_of("coinche", ["NS", "EW"], data)
    assert entry == {
        "taker": "NS",
        "bid": "capot",
        "trump": "clubs",
        "points": {"NS": 162, "EW": 0},
        "capot": "NS",
        "belote": "NS",
        "melds": {
            "NS": [{"meld": "tierce", "top": "K", "suit": "diamonds"}],
            "EW": [{"meld": "carre", "rank": "9"}],
        },
    }
    find_game("coinche").new_match(["NS", "EW"]).play(entry)


def test_it_takes_more_rows_of_melds_than_it_offered():
    rows = {f"f__melds__0__{i}__meld": '"carre"' for i in range(5)}
    rows.update({f"f__melds__0__{i}__rank": f'"{rank}"' for i, rank in enumerate(["J", "9", "A", "10", "K"])})
    entry = entry_of("coinche", ["NS", "EW"], post(**rows))
    assert entry is not None
    assert [meld["rank"] for meld in entry["melds"]["NS"]] == ["J", "9", "A", "10", "K"]


def test_it_offers_coinche_bids_as_buttons_and_hides_trumps_the_options_forbid():
    html = page(make_form("coinche", ["NS", "EW"]))
    bids = words_of(html, "f.bid")
    assert '<select name="f.bid"' not in html
    assert bids[:3] == ["80", "90", "100"]
    assert bids[-1] == "capot"
    assert [value for value, _, _ in choices_shown(html, "f.trump") if value] == [
        '"clubs"',
        '"diamonds"',
        '"hearts"',
        '"spades"',
    ]
    assert words_of(html, "f.trump")[0] == "♣ clubs"
    wide_open = page(make_form("coinche", ["NS", "EW"], no_trump=True, all_trump=True))
    assert len([value for value, _, _ in choices_shown(wide_open, "f.trump") if value]) == 6


def test_it_offers_the_generale_bid_in_the_players_words_only_when_the_club_plays_it():
    plain = page(make_form("coinche", ["NS", "EW"]))
    assert '"generale"' not in [value for value, _, _ in choices_shown(plain, "f.bid")]
    html = page(make_form("coinche", ["NS", "EW"], generale=True))
    assert [(value, words) for value, words, _ in choices_shown(html, "f.bid")][-2:] == [
        ('"capot"', "capot"),
        ('"generale"', "générale"),
    ]
    data = post(
        f__taker='"NS"',
        f__bid='"generale"',
        f__trump='"hearts"',
        f__points__0="162",
        f__points__1="0",
        f__capot='"NS"',
        f__capot_alone="on",
    )
    entry = entry_of("coinche", ["NS", "EW"], data, generale=True)
    assert entry == {
        "taker": "NS",
        "bid": "generale",
        "trump": "hearts",
        "points": {"NS": 162, "EW": 0},
        "capot": "NS",
        "capot_alone": True,
    }
    doc = find_game("coinche").replay({"generale": True}, ["NS", "EW"], [entry]).as_json()
    assert doc["deals"][0]["scores"] == {"NS": 750, "EW": 0}


def test_it_leaves_capot_alone_out_when_it_is_not_switched_on():
    data = post(f__taker='"NS"', f__bid="100", f__trump='"hearts"', f__points__0="112", f__points__1="50")
    assert "capot_alone" not in (entry_of("coinche", ["NS", "EW"], data) or {})


def test_it_asks_capot_alone_only_of_a_club_that_plays_the_generale():
    assert 'name="f.capot_alone"' not in page(make_form("coinche", ["NS", "EW"]))
    assert 'name="f.capot_alone"' in page(make_form("coinche", ["NS", "EW"], generale=True))


def test_it_offers_the_30_for_60_bid_in_the_players_words_only_when_the_club_plays_it():
    plain = page(make_form("auction-forty-five", ["Us", "Them"]))
    assert words_of(plain, "f.bid") == ["15", "20", "25", "30"]
    html = page(make_form("auction-forty-five", ["Us", "Them"], thirty_for_sixty=True))
    assert choices_shown(html, "f.bid")[-1][:2] == ('"30-for-60"', "30 for 60")
    data = post(
        f__bidder='"Us"', f__bid='"30-for-60"', f__tricks__0="5", f__tricks__1="0", f__high_trump='"Us"'
    )
    assert entry_of("auction-forty-five", ["Us", "Them"], data, thirty_for_sixty=True) == {
        "bidder": "Us",
        "bid": "30-for-60",
        "tricks": {"Us": 5, "Them": 0},
        "high_trump": "Us",
    }


def test_it_gives_a_required_answer_that_may_be_nobody_its_own_button():
    html = page(make_form("auction-forty-five", ["Us", "Them"]))
    assert choices_shown(html, "f.high_trump")[-1] == ("null", "nobody", "")
    assert "" not in [
        value for value, _, _ in choices_shown(html, "f.high_trump")
    ]  # no blank: it must be said
    data = post(f__bidder='"Us"', f__bid="20", f__tricks__0="3", f__tricks__1="2", f__high_trump="null")
    assert entry_of("auction-forty-five", ["Us", "Them"], data)["high_trump"] is None  # type: ignore[index]


def test_it_words_the_when_set_choice_of_the_new_match_form():
    field = str(MatchForm(type(find_game("auction-forty-five")))["o.defenders_score_at_100"])
    assert words_of(field, "o.defenders_score_at_100") == [
        "what they took (as the rules say)",
        "what they took",
        "nothing",
        "what they took, only when the bid fails",
    ]


def test_it_says_the_rules_values_of_the_chosen_preset_on_the_new_match_form():
    coinche = type(find_game("coinche"))
    field = str(MatchForm(coinche, query=post(preset="ffb"))["o.double_formula"])
    assert words_of(field, "o.double_formula")[0] == "winner takes all (as the rules say)"
    assert "checked" in str(MatchForm(coinche, query=post(preset="ffb"))["o.melds_to_winner"])
    assert "checked" not in str(MatchForm(coinche)["o.melds_to_winner"])


def test_it_sends_a_switch_only_when_it_was_turned_from_the_rules_it_was_drawn_with():
    coinche = type(find_game("coinche"))
    drawn = MatchForm(coinche)  # drawn for Parlett: declarations on, melds to the winner off
    on = {name.replace(".", "__"): "on" for name, value in drawn.switches_drawn.items() if value}
    assert "o__declarations" in on
    assert "o__melds_to_winner" not in on
    sides = {"side__0": "NS", "side__1": "EW", "table": "4-2", "drawn": drawn.drawn}
    # every switch left as drawn, the FFB rules chosen: the rules decide every switch
    left = MatchForm(coinche, data=post(game="coinche", preset="ffb", **on, **sides)).arguments()
    assert left is not None
    assert (left["preset"], left["options"]) == ("ffb", {})
    # two switches turned: declarations off, melds to the winner on
    turned = {**on, "o__melds_to_winner": "on"}
    del turned["o__declarations"]
    arguments = MatchForm(coinche, data=post(game="coinche", **turned, **sides)).arguments()
    assert arguments is not None
    assert arguments["options"] == {"declarations": False, "melds_to_winner": True}


def test_it_reads_matching_trumps_teams_by_the_players_numbers_on_the_new_match_form():
    game = type(find_game("matching-trumps"))
    sides = {f"side__{i}": n for i, n in enumerate(SEATS)}
    for typed in ("1 3 / 2 4", "[[0, 2], [1, 3]]"):
        arguments = MatchForm(game, data=post(game="matching-trumps", o__teams=typed, **sides)).arguments()
        assert arguments is not None
        assert arguments["options"] == {"teams": [[0, 2], [1, 3]]}
        assert arguments["sides"] == list(SEATS)
    for bad in ("[[0, 2]", "Ann Bob", "1 3 /"):
        refused = MatchForm(game, data=post(o__teams=bad))
        assert refused.arguments() is None
        assert "o.teams" in refused.errors
    shown = str(MatchForm(game, data=post(o__teams="1 3 / 2 4"))["o.teams"])
    assert 'value="1 3 / 2 4"' in shown


def test_it_names_the_seats_of_the_new_match_form_by_the_compass_and_the_sides_after_their_players():
    form = MatchForm(type(find_game("klaverjas")))
    assert re.findall(
        r'<span class="label">([^<]+)</span>\s*<input type="text" name="seat\.', str(form["seat"])
    ) == [
        "North (side 1)",
        "East (side 2)",
        "South (side 1)",
        "West (side 2)",
    ]
    data = post(game="klaverjas", seat__0="Ann", seat__2="Cy", side__1="Zij", table="4-2")
    arguments = MatchForm(type(find_game("klaverjas")), data=data).arguments()
    assert arguments is not None
    assert (arguments["sides"], arguments["seats"]) == (["Ann & Cy", "Zij"], ["Ann", "", "Cy", ""])


def test_it_fills_empty_runs_when_jam_tricks_are_entered():
    entry = entry_of("jam", ["Ida", "Jo"], post(f__tricks__0="14", f__tricks__1="12", f__runs__0="4"))
    assert entry == {"tricks": {"Ida": 14, "Jo": 12}, "runs": {"Ida": [4], "Jo": []}}
    find_game("jam").new_match(["Ida", "Jo"]).play(entry)


def test_it_sends_a_jam_trick_sequence_alone():
    sequence = "ab" * 13
    assert entry_of("jam", ["Ida", "Jo"], post(f__sequence=sequence)) == {"sequence": sequence.upper()}


def test_it_reads_back_alley_bids_in_seat_order_named_by_player_and_compass_seat():
    bids = str(make_form("back-alley", ["NS", "EW"])["bids"])
    assert words_of(bids, "f.bids.0")[:4] == ["—", "pass", "board", "double board"]
    assert re.findall(r'<span class="label">([^<]+)</span>', bids) == [
        "Ann (North)",
        "Bob (East)",
        "Cy (South)",
        "Dee (West)",
    ]
    assert "Seat" not in bids
    data = post(
        f__bids__0="6",
        f__bids__1='"pass"',
        f__bids__2='"board"',
        f__bids__3="4",
        f__tricks__0="13",
        f__tricks__1="0",
    )
    assert entry_of("back-alley", ["NS", "EW"], data) == {
        "bids": [6, "pass", "board", 4],
        "tricks": {"NS": 13, "EW": 0},
    }


def test_it_marks_a_missing_seat_bid_as_null():
    assert entry_of("back-alley", ["NS", "EW"], post(f__bids__0="6", f__bids__2="3")) == {
        "bids": [6, None, 3, None]
    }


@pytest.mark.parametrize(
    ("key", "sides", "entry"),
    [
        (
            "klaverjas",
            ["Wij", "Zij"],
            {
                "playing": "Zij",
                "points": {"Wij": 87, "Zij": 75},
                "roem": {"Zij": ["run3", "run3", "run4"]},
                "pit": None,
            },
        ),
        (
            "coinche",
            ["NS", "EW"],
            {
                "taker": "EW",
                "bid": 90,
                "trump": "spades",
                "double": "coinche",
                "points": {"NS": 67, "EW": 95},
                "melds": {"EW": [{"meld": "tierce", "top": "K", "suit": "diamonds"}]},
            },
        ),
        ("tally", ["Kit", "Lou", "Ann"], {"points": {"Kit": 120, "Lou": -80, "Ann": 95}}),
        ("jam", ["Ida", "Jo"], {"tricks": {"Ida": 14, "Jo": 12}, "runs": {"Ida": [4, 5], "Jo": []}}),
    ],
)
def test_it_shows_a_stored_entry_and_posts_it_back_unchanged(key, sides, entry):
    shown = page(make_form(key, sides, entry=entry))
    expected = {k: v for k, v in entry.items() if v is not None}
    assert entry_of(key, sides, as_posted(shown)) == expected


def test_it_shows_the_services_error_beside_the_field_it_names():
    form = make_form("klaverjas", ["Wij", "Zij"], data=post(f__playing='"Wij"'))
    form.entry()
    form.report("points", "points must add up to 162, not 160")
    form.report("nonsense", "the match is already finished")
    html = page(form)
    assert 'data-field="points">points must add up to 162, not 160</p>' in html
    assert '<p class="error form-error" role="alert">the match is already finished</p>' in html


def test_coinche_card_points_are_filled_in_from_the_total_the_trump_chosen_sets():
    points = str(make_form("coinche", ["NS", "EW"], no_trump=True, all_trump=True)["points"])

    assert 'data-total="162"' in points
    assert 'data-total-field="f.trump"' in points
    totals = json.loads(html.unescape(re.search(r'data-totals="([^"]*)"', points).group(1)))
    assert (totals['"no-trump"'], totals['"all-trump"'], totals['"hearts"']) == (130, 258, 162)
    assert re.search(
        r'name="f\.trump" value="&quot;all-trump&quot;"',
        page(make_form("coinche", ["NS", "EW"], all_trump=True)),
    )


def test_the_new_match_form_carries_what_each_preset_shows_in_each_option():
    shown = json.loads(MatchForm(find_game("coinche")).presets_shown)

    assert shown["pagat"]["o.target"] == {"said": "2000 (as the rules say)"}
    assert shown["parlett"]["o.target"] == {"said": "1000 (as the rules say)"}
    assert shown["ffb"]["o.failed_capot_value"] == {"said": "410 (as the rules say)"}
    assert shown["pagat"]["o.capot_doublable"] == {"checked": False}
    assert "o.first_dealer" not in shown["pagat"]
    assert MatchForm(find_game("tally")).presets_shown == ""


def test_jo_jotte_card_points_are_filled_in_from_the_matchs_total():
    assert 'data-total="160"' in str(make_form("jo-jotte", ["Ann", "Bob"])["trick_points"])
    assert 'data-total="165"' in str(
        make_form("jo-jotte", ["Ann", "Bob"], trick_points_total=165)["trick_points"]
    )
