"""Properties every game of the rule book keeps, checked with hypothesis over every registered game.

1. No input makes a game raise anything but ``games.GameError``: arbitrary JSON for sides, options
   and entries, and "near-valid" values drawn from each field's own declaration (so that entries
   get past validation and into the scoring code).
2. On valid matches: ``totals`` is the sum of the deal scores, running totals add up deal by deal,
   a replay in two parts equals one replay, a correction followed by a replay equals a fresh
   replay, states are never changed by playing on, a finished match refuses another deal (with no
   field named), renaming the sides renames the result, and the document is JSON.

JAM and Tally have exact strategies for valid entries (and the swap of two sides); every other game
gets valid matches from its worked examples mixed with declaration-driven entries, keeping the
entries the game accepts.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import GAMES, GameError, IllegalDealError, find_game
from games.base import Game
from games.declaration import Field, Option
from games.match import MatchState
from games.values import (
    Boolean,
    Choice,
    Integer,
    Kind,
    ListOf,
    OneOf,
    PerSide,
    Record,
    Seat,
    SideRef,
    Text,
    TrickSequence,
    Variants,
)
from tests.paths import valid_worked_examples

KEYS = list(GAMES)
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")

FAST = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)

# -- arbitrary JSON -------------------------------------------------------------------------------

json_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.integers(),
    st.floats(allow_nan=False),
    st.text(max_size=8),
)
json_values = st.recursive(
    json_leaves,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def _document(doc: Any) -> Any:
    """The document as a JSON round trip would leave it (fails if it is not serializable)."""
    return json.loads(json.dumps(doc, allow_nan=False))


# -- values drawn from a declaration ---------------------------------------------------------------


def _bound(bound: Any) -> int | None:
    return bound if isinstance(bound, int) else None


def from_kind(kind: Kind, sides: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """Mostly valid values of a kind; an unknown kind gets arbitrary JSON."""
    names = st.sampled_from(sides)
    if isinstance(kind, Integer):
        low = _bound(kind.low)
        high = _bound(kind.high)
        low = low if low is not None else (high - 40 if high is not None else -20)
        high = high if high is not None else low + 300
        ints = st.integers(low, max(low, high))
        if kind.step:
            ints = ints.map(lambda v, s=kind.step: v - v % s)
        return ints
    if isinstance(kind, Boolean):
        return st.booleans()
    if isinstance(kind, Choice):
        return st.sampled_from(kind.values) if kind.values else st.nothing()
    if isinstance(kind, Text):
        return st.text(max_size=12)
    if isinstance(kind, SideRef):
        return names
    if isinstance(kind, Seat):
        return st.integers(0, kind.seats - 1)
    if isinstance(kind, TrickSequence):
        return st.text(alphabet="AB", min_size=kind.length, max_size=kind.length)
    if isinstance(kind, OneOf):
        return st.one_of(*(from_kind(k, sides) for k in kind.kinds))
    if isinstance(kind, ListOf):
        size = kind.length
        low = size if size is not None else 0
        high = size if size is not None else (kind.max_length if kind.max_length is not None else 4)
        return st.lists(from_kind(kind.item, sides), min_size=low, max_size=min(high, 8))
    if isinstance(kind, PerSide):
        items = {side: from_kind(kind.item, sides) for side in sides}
        if kind.all_sides:
            return st.fixed_dictionaries(items)
        return st.fixed_dictionaries({}, optional=items)
    if isinstance(kind, Record):
        return st.fixed_dictionaries({k: from_kind(v, sides) for k, v in kind.keys.items()})
    if isinstance(kind, Variants):
        return st.one_of(
            *(
                st.fixed_dictionaries(
                    {**{k: from_kind(v, sides) for k, v in r.keys.items()}, kind.tag: st.just(tag)}
                )
                for tag, r in kind.records.items()
            )
        )
    return json_values


def field_values(f: Field | Option, sides: tuple[str, ...]) -> st.SearchStrategy[Any]:
    """A field's or option's value: from its kind, sometimes null, sometimes any JSON at all."""
    return st.one_of(from_kind(f.kind, sides), from_kind(f.kind, sides), st.none(), json_values)


def near_entries(cls: type[Game[Any]], sides: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    """Entries built from the declaration: any subset of the fields, values mostly of the right kind."""
    optional = {f.name: field_values(f, sides) for f in cls.fields}
    return st.fixed_dictionaries({}, optional=optional)


def valid_kind_entries(cls: type[Game[Any]], sides: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    """Entries whose every value has the right kind (cross-field rules may still fail)."""
    optional = {f.name: from_kind(f.kind, sides) for f in cls.fields}
    return st.fixed_dictionaries({}, optional=optional)


def near_options(cls: type[Game[Any]], sides: tuple[str, ...]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional={o.name: field_values(o, sides) for o in cls.all_options()})


def sides_of(cls: type[Game[Any]]) -> st.SearchStrategy[tuple[str, ...]]:
    return st.integers(cls.min_sides, cls.max_sides).map(lambda n: NAMES[:n])


# -- 1. nothing but GameError -----------------------------------------------------------------------


def _replay_or_game_error(game: Game[Any], options: Any, sides: Any, entries: Any) -> None:
    try:
        state = game.replay(options, sides, entries)
    except GameError:
        return
    doc = _document(state.as_json())
    assert doc["totals"] == {s: sum(d["scores"][s] for d in doc["deals"]) for s in doc["sides"]}


@pytest.mark.parametrize("key", KEYS)
@FAST
@given(data=st.data())
def test_it_raises_only_game_errors_for_arbitrary_json(key, data):
    cls = GAMES[key]
    sides = data.draw(st.one_of(sides_of(cls), json_values, st.lists(st.text(max_size=3), max_size=9)))
    named = (
        tuple(sides)
        if isinstance(sides, list) and all(isinstance(s, str) for s in sides) and sides
        else NAMES[:2]
    )
    options = data.draw(st.one_of(st.none(), near_options(cls, named), json_values))
    entries = data.draw(st.lists(st.one_of(json_values, near_entries(cls, named)), max_size=6))

    _replay_or_game_error(cls(), options, sides, entries)


@pytest.mark.parametrize("key", KEYS)
@settings(FAST, max_examples=30)
@given(data=st.data())
def test_it_raises_only_game_errors_for_near_valid_entries(key, data):
    cls = GAMES[key]
    sides = data.draw(sides_of(cls))
    options = data.draw(st.one_of(st.none(), near_options(cls, sides)))
    entries = data.draw(
        st.lists(st.one_of(near_entries(cls, sides), valid_kind_entries(cls, sides)), max_size=6)
    )
    game = cls()

    _replay_or_game_error(game, options, list(sides), entries)
    # Entry by entry too, so that a bad entry early does not hide what a later one would do.
    try:
        state = game.new_match(list(sides), options)
    except GameError:
        return
    for entry in entries:
        try:
            state = state.play(entry)
        except GameError:
            continue
    _document(state.as_json())


@pytest.mark.parametrize("key", KEYS)
@settings(FAST, max_examples=15)
@given(data=st.data())
def test_it_answers_every_command_line_with_json_and_exit_0_or_2(key, data):
    import io

    from games.cli import main

    cls = GAMES[key]
    sides = data.draw(sides_of(cls))
    match = data.draw(
        st.one_of(
            st.fixed_dictionaries(
                {"sides": st.just(list(sides)), "deals": st.lists(near_entries(cls, sides), max_size=4)},
                optional={"options": near_options(cls, sides)},
            ),
            json_values,
        )
    )
    text = data.draw(st.one_of(st.just(json.dumps(match)), st.text(max_size=20)))
    names = st.sampled_from([o.name for o in cls.all_options()] + ["bogus"])
    option_args = data.draw(
        st.lists(st.tuples(names, st.one_of(json_values.map(json.dumps), st.text(max_size=6))), max_size=2)
    )
    argv = ["score", key]
    for name, value in option_args:
        argv += ["--option", f"{name}={value}"]
    out = io.StringIO()

    code = main(argv, stdin=io.StringIO(text), stdout=out)

    doc = json.loads(out.getvalue())
    assert code in (0, 2)
    assert ("error" in doc) == (code == 2)


# -- 2. valid matches: the shared checks ---------------------------------------------------------------


def _scores(doc: Mapping[str, Any]) -> list[dict[str, int]]:
    return [d["scores"] for d in doc["deals"]]


def check_valid_match(
    game: Game[Any], options: Any, sides: list[str], entries: list[Any], extra: Any
) -> None:
    """Every property of a valid match; ``extra`` is one more valid-looking entry (for after the end)."""
    full = game.replay(options, sides, entries)
    doc = _document(full.as_json())

    # totals are the sum of the deal scores; running totals add up deal by deal
    assert doc["totals"] == {s: sum(d["scores"][s] for d in doc["deals"]) for s in sides}
    running = dict.fromkeys(sides, 0)
    for number, deal in enumerate(doc["deals"], 1):
        assert deal["number"] == number
        assert set(deal["scores"]) == set(sides)
        for side in sides:
            assert type(deal["scores"][side]) is int
            running[side] += deal["scores"][side]
        assert deal["running_totals"] == running
    assert doc["outcome"]["draw"] == (doc["outcome"]["finished"] and doc["outcome"]["winner"] is None)
    assert (doc["next_dealer"] is None) == doc["outcome"]["finished"]
    assert (doc["next_deal"] is None) == doc["outcome"]["finished"]
    assert (full.outcome() is None) != doc["outcome"]["finished"]

    # a replay in two parts equals one replay, and playing on never changes a state
    for cut in range(len(entries) + 1):
        head = game.replay(options, sides, entries[:cut])
        before = _document(head.as_json())
        assert _document(head.play_all(entries[cut:]).as_json()) == doc
        assert _document(head.as_json()) == before

    # a finished match refuses any further deal, before looking at it
    if full.finished:
        for late in (extra, {"no_such_field": 1}, "not an entry"):
            with pytest.raises(IllegalDealError) as caught:
                full.play(late)
            assert (caught.value.deal, caught.value.field) == (len(entries), None)


def check_correction(
    game: Game[Any], options: Any, sides: list[str], entries: list[Any], index: int, new: Any
) -> None:
    """Correcting deal ``index`` and replaying from the state before it equals a fresh replay."""
    corrected = [*entries[:index], new, *entries[index + 1 :]]
    base = game.replay(options, sides, entries[:index])
    original = _document(game.replay(options, sides, entries).as_json())

    def outcome(run: Callable[[], MatchState[Any]]) -> Any:
        try:
            return _document(run().as_json())
        except IllegalDealError as error:
            return ("error", error.deal, error.field)

    fresh = outcome(lambda: game.replay(options, sides, corrected))
    assert outcome(lambda: base.play_all(corrected[index:])) == fresh
    assert _document(game.replay(options, sides, entries).as_json()) == original


def accept(game: Game[Any], options: Any, sides: list[str], candidates: list[Any]) -> tuple[list[Any], Any]:
    """The candidates the game accepts in turn (until the end), and the first one left over."""
    state = game.new_match(sides, options)
    kept: list[Any] = []
    for candidate in candidates:
        if state.finished:
            return kept, candidate
        try:
            state = state.play(candidate)
        except GameError:
            continue
        kept.append(candidate)
    return kept, candidates[-1] if candidates else {}


# -- JAM ---------------------------------------------------------------------------------------------------


@st.composite
def jam_sequences(draw: st.DrawFn) -> str:
    """26 tricks built from blocks of 1 to 9, so that streaks and majorities are common."""
    letter = draw(st.sampled_from("AB"))
    out = ""
    while len(out) < 26:
        out += letter * draw(st.integers(1, 9))
        letter = "B" if letter == "A" else "A"
    return out[:26]


def jam_entry(sequence: str, sides: tuple[str, str], as_sequence: bool) -> dict[str, Any]:
    """A JAM entry for this sequence, as given or as tricks and runs (in shuffled order)."""
    if as_sequence:
        return {"sequence": sequence}
    letters = dict(zip("AB", sides, strict=True))
    runs: dict[str, list[int]] = {s: [] for s in sides}
    length = 1
    for i in range(1, len(sequence) + 1):
        if i < len(sequence) and sequence[i] == sequence[i - 1]:
            length += 1
            continue
        if length >= 4:
            runs[letters[sequence[i - 1]]].append(length)
        length = 1
    tricks = {s: sequence.count(letter) for letter, s in letters.items()}
    return {"tricks": tricks, "runs": {s: sorted(r, reverse=True) for s, r in runs.items()}}


jam_options = st.fixed_dictionaries(
    {},
    optional={
        "target": st.integers(1, 8),
        "rubbers": st.sampled_from([1, 3]),
        "restart_after_grand": st.booleans(),
        "first_dealer": st.sampled_from(["Ann", "Bob"]),
    },
)


@st.composite
def jam_matches(draw: st.DrawFn) -> tuple[dict[str, Any], list[tuple[str, bool]]]:
    options = draw(jam_options)
    deals = draw(st.lists(st.tuples(jam_sequences(), st.booleans()), max_size=12))
    return options, deals


def _jam_entries(deals: list[tuple[str, bool]], sides: tuple[str, str]) -> list[dict[str, Any]]:
    return [jam_entry(seq, sides, as_seq) for seq, as_seq in deals]


def _until_end(
    game: Game[Any], options: Any, sides: list[str], entries: list[Any]
) -> tuple[list[Any], list[Any]]:
    """The entries up to the end of the match, and those after it."""
    state = game.new_match(sides, options)
    for index, entry in enumerate(entries):
        if state.finished:
            return entries[:index], entries[index:]
        state = state.play(entry)
    return entries, []


@settings(FAST, max_examples=60)
@given(match=jam_matches())
def test_it_keeps_jam_totals_consistent(match):
    options, deals = match
    game = find_game("jam")
    entries, after = _until_end(game, options, ["Ann", "Bob"], _jam_entries(deals, ("Ann", "Bob")))

    check_valid_match(
        game, options, ["Ann", "Bob"], entries, after[0] if after else entries[-1] if entries else {}
    )


@settings(FAST, max_examples=40)
@given(sequence=jam_sequences(), restart=st.booleans())
def test_it_scores_a_jam_sequence_like_its_tricks_and_runs(sequence, restart):
    game = find_game("jam")
    options = {"restart_after_grand": restart}
    sides = ("Ann", "Bob")

    by_sequence = game.replay(options, list(sides), [jam_entry(sequence, sides, True)]).as_json()
    by_counts = game.replay(options, list(sides), [jam_entry(sequence, sides, False)]).as_json()

    assert _scores(by_sequence) == _scores(by_counts)


def _swap_names(value: Any, swap: Mapping[str, str]) -> Any:
    if isinstance(value, dict):
        return {swap.get(k, k): _swap_names(v, swap) for k, v in value.items()}
    if isinstance(value, list):
        return [_swap_names(v, swap) for v in value]
    if isinstance(value, str):
        return swap.get(value, value)
    return value


def _swap_letters(sequence: str) -> str:
    return sequence.translate(str.maketrans("AB", "BA"))


@settings(FAST, max_examples=60)
@given(match=jam_matches())
def test_it_swaps_jam_scores_when_the_players_swap_roles(match):
    options, deals = match
    options = {k: v for k, v in options.items() if k != "first_dealer"}
    game = find_game("jam")
    swap = {"Ann": "Bob", "Bob": "Ann"}
    entries, _ = _until_end(game, options, ["Ann", "Bob"], _jam_entries(deals, ("Ann", "Bob")))
    swapped = [
        {"sequence": _swap_letters(e["sequence"])} if "sequence" in e else _swap_names(e, swap)
        for e in entries
    ]

    doc = game.replay(options, ["Ann", "Bob"], entries).as_json()
    mirror = game.replay(options, ["Ann", "Bob"], swapped).as_json()

    assert _scores(mirror) == [_swap_names(s, swap) for s in _scores(doc)]
    assert mirror["totals"] == _swap_names(doc["totals"], swap)
    assert mirror["outcome"] == _swap_names(doc["outcome"], swap)
    assert mirror["rubbers"] == _swap_names(doc["rubbers"], swap)


@settings(FAST, max_examples=40)
@given(match=jam_matches(), index=st.integers(0, 11), new=st.tuples(jam_sequences(), st.booleans()))
def test_it_replays_a_jam_correction_like_a_fresh_match(match, index, new):
    options, deals = match
    game = find_game("jam")
    entries, _ = _until_end(game, options, ["Ann", "Bob"], _jam_entries(deals, ("Ann", "Bob")))
    if not entries:
        return
    index %= len(entries)

    check_correction(game, options, ["Ann", "Bob"], entries, index, jam_entry(new[0], ("Ann", "Bob"), new[1]))


@settings(FAST, max_examples=30)
@given(match=jam_matches(), more=jam_sequences())
def test_it_refuses_a_jam_deal_after_the_match_has_ended(match, more):
    options, deals = match
    game = find_game("jam")
    state = game.new_match(["Ann", "Bob"], options)
    for entry in [*_jam_entries(deals, ("Ann", "Bob")), *([jam_entry("A" * 26, ("Ann", "Bob"), True)] * 40)]:
        if state.finished:
            break
        state = state.play(entry)

    assert state.finished
    assert state.outcome() is not None
    with pytest.raises(IllegalDealError) as caught:
        state.play({"sequence": more})
    assert (caught.value.deal, caught.value.field) == (len(state.deals), None)


# -- Tally -------------------------------------------------------------------------------------------------


@st.composite
def tally_matches(draw: st.DrawFn) -> tuple[list[str], dict[str, Any], list[dict[str, Any]]]:
    sides = list(NAMES[: draw(st.integers(2, 8))])
    end = draw(st.sampled_from(["open", "target", "deals"]))
    options: dict[str, Any] = {}
    if end == "target":
        options["target"] = draw(st.integers(-50, 400))
    elif end == "deals":
        options["deals"] = draw(st.integers(1, 8))
    if draw(st.booleans()):
        options["win"] = draw(st.sampled_from(["high", "low"]))
    if draw(st.booleans()):
        options["first_dealer"] = draw(st.sampled_from(sides))
    points = st.fixed_dictionaries({s: st.integers(-30, 120) for s in sides})
    deals = draw(st.lists(points.map(lambda p: {"points": p}), max_size=10))
    return sides, options, deals


@settings(FAST, max_examples=60)
@given(match=tally_matches())
def test_it_keeps_tally_totals_consistent(match):
    sides, options, deals = match
    game = find_game("tally")
    entries, after = _until_end(game, options, sides, deals)

    check_valid_match(
        game, options, sides, entries, after[0] if after else {"points": dict.fromkeys(sides, 0)}
    )


@settings(FAST, max_examples=60)
@given(match=tally_matches(), data=st.data())
def test_it_permutes_tally_scores_when_the_sides_swap_names(match, data):
    sides, options, deals = match
    options = {k: v for k, v in options.items() if k != "first_dealer"}
    game = find_game("tally")
    entries, _ = _until_end(game, options, sides, deals)
    order = data.draw(st.permutations(sides))
    rename = dict(zip(sides, order, strict=True))

    doc = game.replay(options, sides, entries).as_json()
    mirror = game.replay(options, sides, _swap_names(entries, rename)).as_json()

    assert _scores(mirror) == [_swap_names(s, rename) for s in _scores(doc)]
    assert mirror["totals"] == _swap_names(doc["totals"], rename)
    assert mirror["outcome"] == _swap_names(doc["outcome"], rename)


@settings(FAST, max_examples=40)
@given(match=tally_matches(), index=st.integers(0, 9), data=st.data())
def test_it_replays_a_tally_correction_like_a_fresh_match(match, index, data):
    sides, options, deals = match
    game = find_game("tally")
    entries, _ = _until_end(game, options, sides, deals)
    if not entries:
        return
    new = {"points": data.draw(st.fixed_dictionaries({s: st.integers(-30, 120) for s in sides}))}

    check_correction(game, options, sides, entries, index % len(entries), new)


@settings(FAST, max_examples=30)
@given(match=tally_matches())
def test_it_ends_a_tally_match_as_its_options_say(match):
    sides, options, deals = match
    game = find_game("tally")
    entries, _ = _until_end(game, options, sides, deals)
    state = game.replay(options, sides, entries)
    totals = state.totals
    low = options.get("win") == "low"
    best = (min if low else max)(totals.values()) if entries else None
    leaders = [s for s in sides if totals[s] == best]

    if "deals" in options:
        assert state.finished == (len(entries) == options["deals"])
    elif "target" in options:
        reached = bool(entries) and any(v >= options["target"] for v in totals.values())
        assert state.finished == (reached and len(leaders) == 1)
    else:
        assert not state.finished
        assert state.result.extra["leader"] == (leaders[0] if len(leaders) == 1 else None)
    if state.finished:
        assert state.result.winner == (leaders[0] if len(leaders) == 1 else None)


# -- every game: valid matches from the worked examples plus declaration-driven entries ---------------------


@cache
def example_pool(key: str) -> tuple[tuple[tuple[str, ...], Any, tuple[Any, ...]], ...]:
    """(sides, options, entries) of every valid worked example of the game."""
    return tuple(
        (tuple(c["match"]["sides"]), c["match"].get("options"), tuple(c["match"]["deals"]))
        for c in valid_worked_examples(key)
    )


@st.composite
def example_matches(draw: st.DrawFn, key: str) -> tuple[list[str], Any, list[Any], Any]:
    """A valid match of any game: a worked example's sides and options, entries from every example
    with those sides and from the declaration, kept when the game accepts them."""
    cls = GAMES[key]
    pool = example_pool(key)
    if pool:
        sides, options, _ = draw(st.sampled_from(pool))
        known = [e for s, _, entries in pool if s == sides for e in entries]
    else:
        sides, options, known = draw(sides_of(cls)), None, []
    fresh = valid_kind_entries(cls, sides)
    pick = st.one_of(st.sampled_from(known), fresh) if known else fresh
    candidates = draw(st.lists(pick, max_size=16))
    kept, extra = accept(cls(), options, list(sides), candidates)
    return list(sides), options, kept, extra


@pytest.mark.parametrize("key", KEYS)
@settings(FAST, max_examples=20)
@given(data=st.data())
def test_it_keeps_every_game_consistent_on_valid_matches(key, data):
    sides, options, entries, extra = data.draw(example_matches(key))

    check_valid_match(find_game(key), options, sides, entries, extra)


@pytest.mark.parametrize("key", KEYS)
@settings(FAST, max_examples=15)
@given(data=st.data())
def test_it_replays_a_correction_in_every_game_like_a_fresh_match(key, data):
    sides, options, entries, _ = data.draw(example_matches(key))
    if not entries:
        return
    index = data.draw(st.integers(0, len(entries) - 1))
    new = data.draw(st.sampled_from(entries))

    check_correction(find_game(key), options, sides, entries, index, new)


@pytest.mark.parametrize("key", KEYS)
@settings(FAST, max_examples=15)
@given(data=st.data())
def test_it_renames_the_result_when_every_game_renames_its_sides(key, data):
    sides, options, entries, _ = data.draw(example_matches(key))
    rename = {s: f"Player {s} #{i}" for i, s in enumerate(sides)}
    game = find_game(key)

    doc = game.replay(options, sides, entries).as_json()
    renamed = game.replay(
        _swap_names(options, rename), [rename[s] for s in sides], _swap_names(entries, rename)
    )
    mirror = renamed.as_json()

    assert _scores(mirror) == [_swap_names(s, rename) for s in _scores(doc)]
    assert mirror["totals"] == _swap_names(doc["totals"], rename)
    assert mirror["outcome"]["finished"] == doc["outcome"]["finished"]
    assert mirror["outcome"]["draw"] == doc["outcome"]["draw"]
    if doc["outcome"]["winner"] in sides:
        assert mirror["outcome"]["winner"] == rename[doc["outcome"]["winner"]]
    assert [d["dealer"] for d in mirror["deals"]] == [_swap_names(d["dealer"], rename) for d in doc["deals"]]
