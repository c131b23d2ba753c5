"""games/terms.py: a game's words stay plain English strings that carry their context, template
and code; its errors carry a stable code (the Django side that translates them is tested in
tests/scoring/test_game_texts.py)."""

import copy
import pickle

import pytest

from games import GameError, IllegalDealError, find_game, terms
from games.terms import Words, code_of, joined

# Called through the module, so that ``makemessages`` (whose keywords are these functions' names)
# does not take the test's sample texts for the project's own.
mark, sentence, counted_words, broken_rule = terms.term, terms.said, terms.counted, terms.problem


def test_a_term_is_its_english_text_with_its_context():
    word = mark("klaverjas", "nat")

    assert word == "nat"
    assert isinstance(word, str)
    assert (word.context, word.template, word.params, word.code) == ("klaverjas", "nat", {}, None)


def test_a_sentence_is_filled_in_english_and_keeps_its_template_and_parameters():
    line = sentence("klaverjas", "pit by %(side)s: +100", side="Wij")

    assert line == "pit by Wij: +100"
    assert line.template == "pit by %(side)s: +100"
    assert line.params == {"side": "Wij"}


def test_a_counted_text_says_one_or_many_in_english():
    one = counted_words("coinche", "%(count)s point", "%(count)s points", 1)
    many = counted_words("coinche", "%(count)s point", "%(count)s points", 20)

    assert (one, many) == ("1 point", "20 points")
    assert many.plural == "%(count)s points"


def test_a_list_keeps_each_part_as_it_was_marked():
    listed = joined([mark("klaverjas", "stuk"), "20"], " + ")

    assert listed == "stuk + 20"
    assert listed.params["p0"].context == "klaverjas"


@pytest.mark.parametrize("copier", [copy.deepcopy, lambda w: pickle.loads(pickle.dumps(w))])
def test_words_survive_a_copy_and_a_pickle(copier):
    original = broken_rule("games", "required", "%(field)s is required", field="points")

    copied = copier(original)

    assert isinstance(copied, Words)
    assert (copied, copied.code, copied.params, copied.context) == (
        original,
        "required",
        {"field": "points"},
        "games",
    )


def test_an_error_takes_its_code_from_its_rule_or_its_class():
    assert GameError("points", broken_rule("games", "wrong_total", "nope")).code == "wrong_total"
    assert GameError("points", "a plain sentence").code == "invalid_entry"
    assert IllegalDealError(None, "a plain sentence", 0).code == "illegal_deal"
    assert code_of("plain", "fallback") == "fallback"


def test_a_refused_deal_keeps_the_rules_code_and_its_english_sentence():
    klaverjas = find_game("klaverjas")
    with pytest.raises(GameError) as refused:
        klaverjas.replay({}, ["Wij", "Zij"], [{"playing": "Wij", "points": {"Wij": 100, "Zij": 60}}])

    assert refused.value.code == "wrong_total"
    assert refused.value.rule == "points must add up to 162, not 160"
    assert refused.value.deal == 0


def test_a_nested_problem_takes_the_innermost_code():
    klaverjas = find_game("klaverjas")
    with pytest.raises(GameError) as refused:
        klaverjas.replay({}, ["Wij", "Zij"], [{"playing": "Wij", "points": {"Wij": "x", "Zij": 62}}])

    assert refused.value.code == "not_an_integer"
    assert refused.value.rule == "points for Wij must be an integer (integer from 0 to 162)"
