"""The entry form generated from each game's declaration: widgets, and the JSON entry it posts."""

from __future__ import annotations

from typing import Any

import pytest
from django.http import QueryDict

from games import GAMES, find_game
from scoring.forms import (
    ChoiceWidget,
    CounterWidget,
    EntryForm,
    FormContext,
    GroupWidget,
    MatchForm,
    NumberWidget,
    TextWidget,
    ToggleWidget,
    Widget,
)

SEATS = ("Ann", "Bob", "Cy", "Dee")


def make_form(key: str, sides: list[str], **options: Any) -> EntryForm:
    game = find_game(key)
    table = game.new_match(sides, options or None).table
    ctx = FormContext(
        sides=tuple(sides),
        options=dict(table.options),
        seats=SEATS if game.partnerships else (),
        partnerships=game.partnerships,
    )
    return EntryForm(type(game), ctx)


def post(**values: Any) -> QueryDict:
    data = QueryDict(mutable=True)
    for name, value in values.items():
        data[name.replace("__", ".")] = value
    return data


def submitted(form: EntryForm) -> QueryDict:
    """What a browser posts for the form as it is shown (every widget's current value)."""
    data = QueryDict(mutable=True)

    def walk(widget: Widget) -> None:
        if isinstance(widget, GroupWidget):
            for child in widget.parts:
                walk(child)
        elif isinstance(widget, ChoiceWidget | NumberWidget | TextWidget):
            if widget.raw:
                data[widget.name] = widget.raw
        elif isinstance(widget, ToggleWidget):
            if widget.checked:
                data[widget.name] = "on"
        elif isinstance(widget, CounterWidget):
            for row in widget.rows:
                if row["raw"]:
                    data[row["name"]] = row["raw"]

    for block in form.blocks:
        walk(block.widget)
    return data


def entry_of(form: EntryForm, data: QueryDict) -> dict[str, Any] | None:
    form.bind(data)
    return form.entry()


def test_it_makes_a_widget_for_every_field_in_play_of_every_game():
    for key, game in GAMES.items():
        sides = ["A", "B"] if game.min_sides <= 2 <= game.max_sides else ["A", "B", "C"]
        form = make_form(key, sides)
        assert [b.name for b in form.blocks] == [f.name for f in game.entry_fields(form.ctx.options)]


def test_it_shows_sides_as_buttons_and_counts_as_steppers():
    form = make_form("forty-five", ["NS", "EW"])
    tricks = form.blocks[0].widget
    assert isinstance(tricks, GroupWidget)
    assert all(isinstance(w, NumberWidget) and w.stepper for w in tricks.parts)
    assert tricks.total == 5
    klaverjas = make_form("klaverjas", ["Wij", "Zij"])
    playing = klaverjas.blocks[0].widget
    assert isinstance(playing, ChoiceWidget)
    assert not playing.as_select
    assert [o.label for o in playing.options] == ["Wij", "Zij"]
    assert [o.note for o in playing.options] == ["Ann & Cy", "Bob & Dee"]


def test_it_turns_a_klaverjas_post_into_the_entry_of_the_spec():
    form = make_form("klaverjas", ["Wij", "Zij"])
    data = post(
        f__playing='"Wij"',
        f__points__0="92",
        f__points__1="70",
        f__roem__0__2="1",
        f__verzaakt="",
        f__pit="",
    )
    assert entry_of(form, data) == {
        "playing": "Wij",
        "points": {"Wij": 92, "Zij": 70},
        "roem": {"Wij": ["stuk"]},
    }


def test_it_leaves_out_what_was_not_entered_so_the_game_names_the_missing_field():
    form = make_form("klaverjas", ["Wij", "Zij"])
    assert entry_of(form, post(f__points__0="92")) == {"points": {"Wij": 92}}


def test_it_reports_a_value_it_cannot_read_beside_its_field():
    form = make_form("klaverjas", ["Wij", "Zij"])
    assert entry_of(form, post(f__playing='"Wij"', f__points__0="ninety", f__points__1="70")) is None
    assert "ninety" in form.errors["points"]


def test_it_sends_only_dead_for_a_dead_coinche_deal():
    form = make_form("coinche", ["NS", "EW"])
    data = post(f__dead="on", f__taker='"NS"', f__bid="100", f__double='"none"')
    assert entry_of(form, data) == {"dead": True}


def test_it_builds_a_coinche_entry_with_capot_melds_and_belote():
    form = make_form("coinche", ["NS", "EW"])
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
    entry = entry_of(form, data)
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


def test_it_offers_coinche_bids_as_buttons_and_hides_trumps_the_options_forbid():
    form = make_form("coinche", ["NS", "EW"])
    bid = next(b for b in form.blocks if b.name == "bid").widget
    assert isinstance(bid, ChoiceWidget)
    assert [o.label for o in bid.options][:3] == ["80", "90", "100"]
    assert bid.options[-1].label == "capot"
    trump = next(b for b in form.blocks if b.name == "trump").widget
    assert isinstance(trump, ChoiceWidget)
    assert len(trump.values) == 4
    open_form = make_form("coinche", ["NS", "EW"], no_trump=True, all_trump=True)
    assert len(next(b for b in open_form.blocks if b.name == "trump").widget.values) == 6  # type: ignore[attr-defined]


def _options_of(block: Any) -> list[tuple[str, str]]:
    """(label, posted token) of each button of a choice widget."""
    assert isinstance(block.widget, ChoiceWidget)
    return [(o.label, o.token) for o in block.widget.options]


def test_it_offers_the_generale_bid_in_the_players_words_only_when_the_club_plays_it():
    plain = make_form("coinche", ["NS", "EW"])
    assert ("générale", '"generale"') not in _options_of(next(b for b in plain.blocks if b.name == "bid"))
    form = make_form("coinche", ["NS", "EW"], generale=True)
    bid = next(b for b in form.blocks if b.name == "bid")
    assert _options_of(bid)[-2:] == [("capot", '"capot"'), ("générale", '"generale"')]
    data = post(
        f__taker='"NS"',
        f__bid='"generale"',
        f__trump='"hearts"',
        f__points__0="162",
        f__points__1="0",
        f__capot='"NS"',
        f__capot_alone="on",
    )
    entry = entry_of(form, data)
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
    form = make_form("coinche", ["NS", "EW"])
    data = post(f__taker='"NS"', f__bid="100", f__trump='"hearts"', f__points__0="112", f__points__1="50")
    assert "capot_alone" not in (entry_of(form, data) or {})


def test_it_offers_the_30_for_60_bid_in_the_players_words_only_when_the_club_plays_it():
    plain = make_form("auction-forty-five", ["Us", "Them"])
    assert [label for label, _ in _options_of(next(b for b in plain.blocks if b.name == "bid"))] == [
        "15",
        "20",
        "25",
        "30",
    ]
    form = make_form("auction-forty-five", ["Us", "Them"], thirty_for_sixty=True)
    bid = next(b for b in form.blocks if b.name == "bid")
    assert _options_of(bid)[-1] == ("30 for 60", '"30-for-60"')
    data = post(
        f__bidder='"Us"', f__bid='"30-for-60"', f__tricks__0="5", f__tricks__1="0", f__high_trump='"Us"'
    )
    assert entry_of(form, data) == {
        "bidder": "Us",
        "bid": "30-for-60",
        "tricks": {"Us": 5, "Them": 0},
        "high_trump": "Us",
    }


def test_it_words_the_when_set_choice_of_the_new_match_form():
    form = MatchForm(type(find_game("auction-forty-five")))
    block = next(b for b in form.option_blocks if b.option.name == "defenders_score_at_100")
    labels = [o.label for o in block.widget.options]  # type: ignore[attr-defined]
    assert labels == ["default (True)", "yes", "no", "only when the bidders are set"]


def test_it_fills_empty_runs_when_jam_tricks_are_entered():
    form = make_form("jam", ["Ida", "Jo"])
    entry = entry_of(form, post(f__tricks__0="14", f__tricks__1="12", f__runs__0="4"))
    assert entry == {"tricks": {"Ida": 14, "Jo": 12}, "runs": {"Ida": [4], "Jo": []}}
    find_game("jam").new_match(["Ida", "Jo"]).play(entry)


def test_it_sends_a_jam_trick_sequence_alone():
    form = make_form("jam", ["Ida", "Jo"])
    sequence = "ab" * 13
    assert entry_of(form, post(f__sequence=sequence)) == {"sequence": sequence.upper()}


def test_it_reads_back_alley_bids_in_seat_order():
    form = make_form("back-alley", ["NS", "EW"])
    bids = next(b for b in form.blocks if b.name == "bids").widget
    assert isinstance(bids, GroupWidget)
    assert next(w.label for w in bids.parts) == "Seat 0 · Ann (NS)"
    data = post(
        f__bids__0="6",
        f__bids__1='"pass"',
        f__bids__2='"board"',
        f__bids__3="4",
        f__tricks__0="13",
        f__tricks__1="0",
    )
    assert entry_of(form, data) == {"bids": [6, "pass", "board", 4], "tricks": {"NS": 13, "EW": 0}}


def test_it_marks_a_missing_seat_bid_as_null():
    form = make_form("back-alley", ["NS", "EW"])
    data = post(f__bids__0="6", f__bids__2="3")
    assert entry_of(form, data) == {"bids": [6, None, 3, None]}


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
    form = make_form(key, sides)
    form.load(entry)
    again = make_form(key, sides)
    expected = {
        k: v for k, v in entry.items() if (v is not None and v != "none") or (k == "double" and v != "none")
    }
    assert entry_of(again, submitted(form)) == expected


def test_it_shows_the_services_error_beside_the_field_it_names():
    form = make_form("klaverjas", ["Wij", "Zij"])
    form.add_error("points", "points must add up to 162, not 160")
    form.add_error(None, "the match is already finished")
    assert form.errors == {
        "points": "points must add up to 162, not 160",
        "": "the match is already finished",
    }
