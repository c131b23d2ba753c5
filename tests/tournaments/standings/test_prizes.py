"""The prize list (``tournaments.standings.prizes``): worked examples from club rules, and
properties that hold for any number of entrants and any ties."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.standings.club_rules import PrizeExtra, PrizeRule, Prizes
from tournaments.standings.prizes import Placed, PrizeKind, Score, Tie, prize_list, prize_places
from tournaments.standings.ranking import rank_label

BOOBY, MOST, BEST = PrizeExtra.BOOBY, PrizeExtra.MOST_POINTS, PrizeExtra.BEST_MATCH


def field_of(groups: list[int], withdrawn: frozenset[int] = frozenset()) -> list[Placed]:
    """Entrants 1, 2, … ranked in tied groups of the given sizes ("3=" for a group of two or more)."""
    ranked, ahead = [], 0
    for size in groups:
        for _ in range(size):
            entrant = len(ranked) + 1
            label = rank_label(ahead + 1, shared=size > 1)
            ranked.append(Placed(entrant, f"E{entrant}", label, entrant in withdrawn))
        ahead += size
    return ranked


def places_of(prizes) -> list[int]:
    return [p.place for p in prizes if p.kind is PrizeKind.PLACE]


# -- worked examples ----------------------------------------------------------------------------


def test_formule_van_4_with_14_entrants_rewards_places_1_2_3_4_8_12():
    prizes = prize_list(Prizes(PrizeRule.EVERY_FOURTH), field_of([1] * 14))
    assert places_of(prizes) == [1, 2, 3, 4, 8, 12]
    assert [p.entrant for p in prizes] == [1, 2, 3, 4, 8, 12]
    assert [p.choose for p in prizes] == [1, 2, 3, 4, 5, 6]


def test_formule_van_4_with_a_cap_stops_at_it():
    assert prize_places(Prizes(PrizeRule.EVERY_FOURTH, places=10), 30) == [1, 2, 3, 4, 8]


def test_places_gives_the_first_n_and_no_more_than_there_are():
    assert places_of(prize_list(Prizes(PrizeRule.PLACES, places=3), field_of([1] * 10))) == [1, 2, 3]
    assert places_of(prize_list(Prizes(PrizeRule.PLACES, places=5), field_of([1] * 2))) == [1, 2]


def test_everyone_rewards_every_entrant_still_in_but_not_a_withdrawn_one():
    prizes = prize_list(Prizes(PrizeRule.EVERYONE), field_of([1] * 5, withdrawn=frozenset({2})))
    assert [(p.place, p.entrant) for p in prizes] == [(1, 1), (2, 3), (3, 4), (4, 5)]


def test_booby_goes_to_the_last_place_who_then_takes_no_place_prize():
    # 8 entrants, Formule-van-4: places 1-4 and 8, but the 8th takes the booby prize instead.
    prizes = prize_list(Prizes(PrizeRule.EVERY_FOURTH, extras=(BOOBY,)), field_of([1] * 8))
    assert places_of(prizes) == [1, 2, 3, 4]
    booby = prizes[-1]
    assert (booby.kind, booby.entrant, booby.place, booby.choose) == (PrizeKind.BOOBY, 8, 8, 5)


def test_with_everyone_rewarded_the_last_place_has_both_prizes():
    prizes = prize_list(Prizes(PrizeRule.EVERYONE, extras=(BOOBY,)), field_of([1] * 3))
    assert [(p.kind, p.entrant) for p in prizes] == [
        (PrizeKind.PLACE, 1),
        (PrizeKind.PLACE, 2),
        (PrizeKind.PLACE, 3),
        (PrizeKind.BOOBY, 3),
    ]


def test_a_shared_place_is_said_with_whom():
    # 1, 2, 3=, 3=, 5: place 3 goes to the first listed of the two, the tie said.
    prizes = prize_list(Prizes(PrizeRule.PLACES, places=3), field_of([1, 1, 2, 1]))
    third = prizes[2]
    assert (third.entrant, third.rank, third.tie, third.tied_with) == (3, "3=", Tie.SHARED, (4,))
    assert not prizes[0].tied


def test_a_tie_the_lots_decided_is_said():
    ranked = [
        Placed(1, "Ann", "1", values={"points-marked": 9000, "lots": 17}),
        Placed(2, "Bob", "2", values={"points-marked": 8000, "lots": 5}),
        Placed(3, "Cy", "3", values={"points-marked": 8000, "lots": 40}),
    ]
    prizes = prize_list(Prizes(PrizeRule.EVERYONE), ranked, precedence=["points-marked", "lots"])
    assert [(p.entrant, p.tie, p.tied_with) for p in prizes] == [
        (1, None, ()),
        (2, Tie.LOT, (3,)),
        (3, Tie.LOT, (2,)),
    ]


def test_most_points_and_best_match_with_their_ties():
    ranked = field_of([1] * 4)
    scores = [
        Score(1, 1, 900),
        Score(2, 1, 700),
        Score(1, 2, 1000),
        Score(2, 2, 400),
        Score(1, 3, 1200),
        Score(2, 3, 400),
        Score(1, 4, 300),
        Score(2, 4, 1200),
    ]
    prizes = prize_list(Prizes(PrizeRule.PLACES, places=1, extras=(MOST, BEST)), ranked, scores)
    most, best = prizes[1], prizes[2]
    # Totals: 1 → 1600, 2 → 1400, 3 → 1600, 4 → 1500: 1 and 3 tie, 1 is ranked higher.
    assert (most.kind, most.entrant, most.points, most.tie, most.tied_with) == (
        PrizeKind.MOST_POINTS,
        1,
        1600,
        Tie.SHARED,
        (3,),
    )
    # 1,200 in one match: 3 in round 1 and 4 in round 2.
    assert (best.kind, best.entrant, best.round, best.points, best.tied_with) == (
        PrizeKind.BEST_MATCH,
        3,
        1,
        1200,
        (4,),
    )
    assert [p.choose for p in prizes] == [1, 2, 3]


def test_a_withdrawn_entrant_wins_no_extra():
    ranked = field_of([1] * 3, withdrawn=frozenset({3}))
    prizes = prize_list(
        Prizes(PrizeRule.PLACES, places=1, extras=(BEST,)), ranked, [Score(1, 3, 999), Score(1, 2, 5)]
    )
    assert prizes[-1].entrant == 2


def test_no_rule_no_prizes_and_no_entrant_no_prizes():
    assert prize_list(Prizes(given=False), field_of([1] * 5)) == ()
    assert prize_list(Prizes(PrizeRule.EVERYONE, extras=(BOOBY, MOST, BEST)), []) == ()


# -- properties ---------------------------------------------------------------------------------


@st.composite
def evenings(draw):
    groups = draw(st.lists(st.integers(1, 6), max_size=60).filter(lambda g: sum(g) <= 200))
    count = sum(groups)
    withdrawn = draw(st.frozensets(st.integers(1, max(count, 1)), max_size=count // 4 + 1))
    rule = Prizes(
        draw(st.sampled_from(list(PrizeRule))),
        draw(st.none() | st.integers(1, 250)),
        tuple(draw(st.sets(st.sampled_from(list(PrizeExtra))))),
    )
    return rule, field_of(groups, withdrawn)


@settings(max_examples=200, deadline=None)
@given(evenings())
def test_the_list_follows_the_rule_for_any_field_and_ties(evening):
    rule, ranked = evening
    still_in = [p for p in ranked if not p.withdrawn]
    count = len(still_in)
    prizes = prize_list(rule, ranked)
    places = [p for p in prizes if p.kind is PrizeKind.PLACE]
    booby = [p for p in prizes if p.kind is PrizeKind.BOOBY]

    cap = min(rule.places or 0, count) if rule.rule is PrizeRule.PLACES else min(rule.places or count, count)
    expected = list(range(1, cap + 1))
    if rule.rule is PrizeRule.EVERY_FOURTH:
        expected = [n for n in expected if n <= 4 or n % 4 == 0]
    if booby and rule.rule is not PrizeRule.EVERYONE and expected and expected[-1] == count:
        expected = expected[:-1]
    assert [p.place for p in places] == expected
    # The place prize of place n goes to the n-th entrant still in: choosing order is rank order.
    assert [p.entrant for p in places] == [still_in[n - 1].entrant for n in expected]
    assert len({p.entrant for p in places}) == len(places)
    assert [p.choose for p in prizes] == list(range(1, len(prizes) + 1))
    assert not any(p.withdrawn for p in ranked if p.entrant in {q.entrant for q in prizes})
    # A place is said to be tied exactly when its rank is shared with another entrant still in.
    for prize in places:
        assert prize.tied == any(p.rank == prize.rank and p.entrant != prize.entrant for p in still_in)
    if BOOBY in rule.extras and count >= 2:
        assert len(booby) == 1
        assert booby[0].entrant == still_in[-1].entrant
        assert booby[0].choose == len(prizes)
        if rule.rule is not PrizeRule.EVERYONE:
            assert booby[0].entrant not in {p.entrant for p in places}
    else:
        assert booby == []


@settings(max_examples=100, deadline=None)
@given(
    st.integers(1, 40),
    st.lists(st.tuples(st.integers(1, 5), st.integers(1, 40), st.integers(0, 3000)), max_size=120),
)
def test_the_best_total_and_best_match_are_the_highest(count, rows):
    ranked = field_of([1] * count)
    scores = [Score(r, e, p) for r, e, p in rows if e <= count]
    prizes = prize_list(Prizes(PrizeRule.PLACES, places=1, extras=(MOST, BEST)), ranked, scores)
    totals: dict[int, int] = {}
    for score in scores:
        totals[score.entrant] = totals.get(score.entrant, 0) + score.points
    extras = {p.kind: p for p in prizes if p.kind is not PrizeKind.PLACE}
    if not scores:
        assert extras == {}
        return
    most, best = extras[PrizeKind.MOST_POINTS], extras[PrizeKind.BEST_MATCH]
    assert most.points == max(totals.values()) == totals[most.entrant]
    assert set(most.tied_with) | {most.entrant} == {e for e, t in totals.items() if t == most.points}
    assert best.points == max(s.points for s in scores)
    assert Score(best.round, best.entrant, best.points) in scores
    assert best.tied == any(s.points == best.points and s.entrant != best.entrant for s in scores)
