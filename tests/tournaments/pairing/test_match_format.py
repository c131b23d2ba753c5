"""Match formats as the pages name them."""

import pytest

from tournaments.pairing.match_format import parse_match_format


@pytest.mark.parametrize(
    ("text", "game", "label"),
    [
        ("game", "coinche", "one game"),
        ("rubber", "jam", "one rubber"),
        ("deals:1", "tally", "1 deal a match"),
        ("deals:8", "klaverjas", "8 deals a match"),
        ("best-of:3", "coinche", "best of 3 games"),
        ("best-of:3", "jam", "best of 3 rubbers"),
        ("best-of:5", "jam", "best of 5 games"),
    ],
)
def test_it_names_each_format_as_a_player_says_it(text, game, label):
    assert parse_match_format(text, game).label == label
