"""A match resumed from what a write kept of it (its document and its snapshot) is the match its
replay gives: the same document, the same facts and notes, and playing on from it gives what playing
on from the replay gives. The replay stays the reference; resume is how a deal is appended without
replaying every deal before it (``scoring/services/deals.py``)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GAMES, find_game
from games.base import Game
from games.match import MatchState
from games.snapshot import SnapshotError
from tests.games.test_properties import FAST, KEYS, example_matches
from tests.paths import DATA


def _json(value: Any) -> Any:
    """The value as a JSON column gives it back (fails if it is not JSON)."""
    return json.loads(json.dumps(value, allow_nan=False))


def _resumed(game: Game[Any], options: Any, sides: list[str], head: MatchState[Any]) -> MatchState[Any]:
    """``head`` rebuilt from its stored document and snapshot, after a trip through JSON."""
    return game.resume(
        options, sides, _json(head.as_json()), _json(head.snapshot()), deal_limit=head.deal_limit
    )


def _seen(state: MatchState[Any]) -> Any:
    """All a reader of the match sees: the document, the facts, each deal's notes, what the next
    entry's form offers."""
    return _json(
        {
            "document": state.as_json(),
            "facts": dataclasses.asdict(state.facts()),
            "notes": [state.deal_notes(deal) for deal in state.deals],
            "context": repr(state.entry_context().state) if not state.finished else None,
        }
    )


@pytest.mark.parametrize("key", KEYS)
@settings(FAST, max_examples=15)
@given(data=st.data())
def test_it_resumes_every_game_at_every_deal_as_its_replay(key, data):
    sides, options, entries, _ = data.draw(example_matches(key))
    limit = data.draw(st.one_of(st.none(), st.integers(1, max(1, len(entries)))))
    game = find_game(key)
    entries = entries[:limit]  # a match cut after ``limit`` deals refuses the rest
    full = game.replay(options, sides, entries, deal_limit=limit)

    for cut in range(len(entries) + 1):
        head = game.replay(options, sides, entries[:cut], deal_limit=limit)
        resumed = _resumed(game, options, sides, head)

        assert _seen(resumed) == _seen(head)
        assert _seen(resumed.play_all(entries[cut:])) == _seen(full)


@pytest.mark.parametrize("key", KEYS)
def test_it_keeps_a_snapshot_that_is_plain_json(key):
    game = find_game(key)
    sides = [f"Side {n}" for n in range(GAMES[key].min_sides)]
    match = game.new_match(sides)

    assert _json(match.snapshot()) == match.snapshot()
    assert _seen(_resumed(game, None, sides, match)) == _seen(match)


def test_it_resumes_a_coinche_match_with_its_pot_held_over_deals():
    """The FFB "litige" sheet (tests/data/coinche/ffb_litige_pot.json): a tied deal's points wait
    in a pot, in the game's own state, for a later deal's winner; resumed after every deal, the
    match scores the rest of the sheet as the sheet says."""
    sheet = json.loads((DATA / "coinche" / "ffb_litige_pot.json").read_text())
    game, sides, entries = find_game("coinche"), sheet["match"]["sides"], sheet["match"]["deals"]
    options = {"preset": "ffb", "tie_rule": "litige"}
    full = game.replay(options, sides, entries)

    for cut in range(len(entries) + 1):
        head = _resumed(game, options, sides, game.replay(options, sides, entries[:cut]))
        assert _json(head.play_all(entries[cut:]).as_json()) == _json(full.as_json())
    assert full.totals == {"Nord-Sud": 640, "Est-Ouest": 1130}


def test_it_refuses_a_snapshot_that_does_not_fit_the_document():
    game = find_game("tally")
    head = game.replay(None, ["A", "B"], [{"points": {"A": 3, "B": 1}}])
    snapshot = {**_json(head.snapshot()), "entries": []}

    with pytest.raises(SnapshotError):
        game.resume(None, ["A", "B"], _json(head.as_json()), snapshot)


def test_it_refuses_a_state_of_another_shape():
    game = find_game("coinche")
    head = game.replay(None, ["NS", "EW"], [])
    snapshot = {**_json(head.snapshot()), "state": {"pot": "a lot"}}

    with pytest.raises(SnapshotError):
        game.resume(None, ["NS", "EW"], _json(head.as_json()), snapshot)


def test_the_callers_annotations_stay_on_the_stored_deals_and_out_of_the_games_extras():
    """A caller that numbers each stored deal (the scoring app: its stable number and version)
    gets them back in the document, while the game's notes and facts see the deal as it scored it."""
    game, sides = find_game("belote"), ["NS", "EW"]
    entries = [{"taker": "NS", "trump": "hearts", "points": {"NS": 100, "EW": 62}}] * 2
    head = game.replay(None, sides, entries)
    document = _json(head.as_json())
    for n, deal in enumerate(document["deals"], start=1):
        deal.update(deal_number=10 * n, version=2)
    resumed = game.resume(
        None, sides, document, _json(head.snapshot()), annotations=frozenset({"deal_number", "version"})
    )

    assert [(d["deal_number"], d["version"]) for d in resumed.as_json()["deals"]] == [(10, 2), (20, 2)]
    assert [deal.score.extra for deal in resumed.deals] == [deal.score.extra for deal in head.deals]
    assert _seen(resumed.play(entries[0]))["facts"] == _seen(head.play(entries[0]))["facts"]
