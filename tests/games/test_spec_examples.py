"""Every worked example of ``docs/games/<key>.md`` (``tests/data/examples/``), replayed through the rule book."""

import pytest

from games import GAMES, GameError, find_game
from tests.paths import worked_examples


def _cases():
    for key in GAMES:
        for case in worked_examples(key):
            yield pytest.param(key, case, id=f"{key}: {case['name']}")


@pytest.mark.parametrize(("key", "case"), list(_cases()))
def test_it_scores_the_worked_example(key, case):
    game = find_game(key)
    match, expect = case["match"], case["expect"]
    if "error_field" in expect:
        # an entry error names its deal; an option error (a variant's options) names none
        with pytest.raises(GameError) as caught:
            game.replay(match.get("options"), match["sides"], match["deals"])
        assert (caught.value.deal, caught.value.field) == (expect["error_deal"], expect["error_field"])
        return
    doc = game.replay(match.get("options"), match["sides"], match["deals"]).as_json()
    assert [d["scores"] for d in doc["deals"]] == expect["deal_scores"]
    assert doc["totals"] == expect["totals"]
    assert doc["outcome"]["finished"] == expect["finished"]
    assert doc["outcome"]["winner"] == expect["winner"]
