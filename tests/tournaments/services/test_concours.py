"""The concours format (docs/games/belote.md, "Concours de belote"): parties of M belote deals, the
first drawn at random, later ones down the standings without a rematch, a sit-out scored at its
partie's average and half a partie won, ranked by points marked, then fewer conceded, then lots
the server draws and records."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from clubs.errors import InvalidEntry
from tests.tournaments.concours import concours, play_table
from tests.tournaments.factories import make_tournament, start_round
from tournaments import services
from tournaments.models import Round, Tournament, TournamentStatus
from tournaments.selectors import cached_standings, standing_rows
from tournaments.services import EntrantSpec

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def play_partie(tournament: Tournament) -> Round:
    """Draw the next partie and play every table of it."""
    the_round = start_round(tournament)
    for table in the_round.tables.order_by("number"):
        play_table(table)
    services.standings_recompute(tournament_id=tournament.pk)
    return the_round


def marked(tournament: Tournament) -> dict[int, Any]:
    """Per team: its row of the standings as the API gives it."""
    return {row.entrant: row.as_json() for row in standing_rows(tournament)}


def test_a_concours_of_13_teams_plays_4_parties_of_12_deals_without_a_rematch():
    tournament = concours(13, deals=12)
    assert tournament.tiebreaks == ["points-marked", "points-conceded", "lots"]
    assert "seed" in tournament.settings  # the first partie is drawn at random, from a recorded seed

    parties = [play_partie(tournament) for _ in range(4)]

    tournament.refresh_from_db()
    assert tournament.rounds_planned == 4  # a concours plays four parties unless told otherwise
    assert tournament.status == TournamentStatus.FINISHED
    pairs = [frozenset(t.entrants) for p in parties for t in p.tables.all()]
    assert len(pairs) == 4 * 6
    assert len(set(pairs)) == len(pairs)
    sat_out = [p.byes for p in parties]
    assert all(len(b) == 1 for b in sat_out)
    assert len({b[0] for b in sat_out}) == 4
    assert [p.label for p in parties] == ["Game 1", "Game 2", "Game 3", "Game 4"]
    rows = standing_rows(tournament)
    keys = [(-r.values["points-marked"], r.values["points-conceded"]) for r in rows]
    assert keys == sorted(keys)  # points marked, then fewer conceded


def test_partie_1_is_drawn_at_random_and_later_ones_down_the_standings():
    tournament = concours(6)
    first = play_partie(tournament)
    again = concours(6, settings={"seed": tournament.settings["seed"]})
    drawn_again = start_round(again)
    names = {e.pk: e.name for e in Tournament.objects.get(pk=tournament.pk).entrants.all()}
    names_again = {e.pk: e.name for e in again.entrants.all()}
    assert [[names[e] for e in t.entrants] for t in first.tables.order_by("number")] == [
        [names_again[e] for e in t.entrants] for t in drawn_again.tables.order_by("number")
    ]

    # the same seed draws the same tables: the draw comes from the recorded seed alone
    second = start_round(tournament)
    order = [row.entrant for row in standing_rows(tournament)]
    assert next(t.entrants for t in second.tables.order_by("number"))[0] == order[0]
    met = {frozenset(t.entrants) for t in first.tables.all()}
    assert not met & {frozenset(t.entrants) for t in second.tables.all()}


def test_a_team_that_sits_out_marks_the_partie_average_and_half_a_partie_won():
    tournament = concours(3, deals=1, settings={"ranking": "parties-won"})
    assert tournament.tiebreaks == ["parties-won", "points-marked", "points-conceded", "lots"]
    the_round = start_round(tournament)
    (table,) = the_round.tables.all()
    play_table(table, [100])  # 100 / 62: the partie's average is 81
    (out,) = the_round.byes

    row = marked(tournament)[out]
    assert row["points-marked"] == 81
    assert row["points-conceded"] == 81
    assert row["parties-won"] == 0.5
    winner, loser = table.entrants
    assert marked(tournament)[winner]["parties-won"] == 1
    assert marked(tournament)[loser]["parties-won"] == 0


def test_ties_are_broken_by_lots_the_server_draws_once_and_records():
    tournament = concours(4, deals=1)
    the_round = start_round(tournament)
    for table in the_round.tables.all():
        play_table(table, [100])  # two winners at 100 / 62, two losers at 62 / 100
    assert not tournament.lots

    services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    lots = dict(tournament.lots)
    assert set(lots) == {str(e) for e in tournament.entrants.values_list("pk", flat=True)}
    assert len(set(lots.values())) == 4
    rows = standing_rows(tournament)
    assert [r.rank for r in rows] == ["1", "2", "3", "4"]
    assert rows[0].values["lots"] < rows[1].values["lots"]
    assert rows[2].values["lots"] < rows[3].values["lots"]
    shown = cached_standings(tournament)
    assert "Lots drawn" in shown.metric_names

    services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.lots == lots  # recorded: never drawn again
    assert [r.entrant for r in standing_rows(tournament)] == [r.entrant for r in rows]


def test_no_lot_is_drawn_before_anyone_has_played():
    tournament = concours(4, deals=1)
    services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    assert tournament.lots == {}


def test_the_ranking_by_parties_won_puts_a_win_before_more_points():
    tournament = concours(4, deals=1, settings={"ranking": "parties-won"})
    the_round = start_round(tournament)
    first, second = the_round.tables.order_by("number")
    play_table(first, [82])  # a narrow win: 82 / 80
    play_table(second, [30])  # a big loss for the first team: 30 / 132
    rows = standing_rows(tournament)
    assert [rows[0].entrant, rows[1].entrant] == [second.entrants[1], first.entrants[0]]
    assert rows[2].entrant == first.entrants[1]  # 80 marked: lost, but more points than 30

    by_points = concours(4, deals=1)
    the_round = start_round(by_points)
    first, second = the_round.tables.order_by("number")
    play_table(first, [82])
    play_table(second, [30])
    rows = standing_rows(by_points)
    assert rows[0].entrant == second.entrants[1]  # 132 marked
    assert rows[1].entrant == first.entrants[0]  # 82
    assert rows[2].entrant == first.entrants[1]  # 80, ahead of the winner of nothing at 30


@pytest.mark.parametrize("draw", ["random", "rotation"])
def test_the_draw_variants_play_without_a_rematch(draw):
    tournament = concours(8, deals=1, settings={"draw": draw}, rounds=3)
    assert tournament.settings["draw"] == draw
    parties = [play_partie(tournament) for _ in range(3)]
    pairs = [frozenset(t.entrants) for p in parties for t in p.tables.all()]
    assert len(set(pairs)) == len(pairs) == 12
    if draw == "rotation":
        stays = [[t.entrants[0] for t in p.tables.order_by("number")] for p in parties]
        assert stays[0] == stays[1] == stays[2]  # odd-numbered teams keep their table


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"game": "tally", "entrant_kind": "individual"}, "format"),
        ({"game": "jam", "entrant_kind": "individual"}, "format"),
        ({"entrant_kind": "individual"}, "entrant_kind"),
        ({"match_format": "game"}, "match_format"),
    ],
)
def test_it_refuses_a_concours_that_is_not_one(changes, field):
    body: dict[str, Any] = {
        "game": "belote",
        "format": "concours",
        "entrant_kind": "partnership",
        "match_format": "deals:12",
        **changes,
    }
    with pytest.raises(InvalidEntry) as refused:
        make_tournament(**body)
    assert refused.value.field == field


def test_coinche_and_klaverjas_play_a_concours_too():
    for game in ("coinche", "klaverjas"):
        tournament = make_tournament(
            game=game, format="concours", entrant_kind="partnership", match_format="deals:8"
        )
        assert tournament.format == "concours"


def test_a_concours_setting_is_refused_in_another_format():
    with pytest.raises(InvalidEntry) as refused:
        make_tournament(
            game="belote",
            format="swiss",
            entrant_kind="partnership",
            match_format="deals:12",
            settings={"ranking": "points"},
        )
    assert refused.value.field == "settings"


def test_pairs_of_parties_never_repeat_over_many_fields():
    # The spec's range is 6 to 60 teams (odd counts sit one out); 5 teams over 4 parties can rematch:
    # a known defect of the engine's greedy pairing, in the closing note of stop 30.
    for teams, parties in itertools.product((7, 9, 13), (4,)):
        tournament = concours(teams, deals=1, rounds=parties)
        rounds = [play_partie(tournament) for _ in range(parties)]
        pairs = [frozenset(t.entrants) for r in rounds for t in r.tables.all()]
        assert len(set(pairs)) == len(pairs), teams


def test_a_team_arriving_after_the_first_partie_starts_joins_the_next_one():
    tournament = concours(4, deals=1)
    first = start_round(tournament)
    late_team = EntrantSpec("Team Late", players=("Lou North", "Lou South"))
    (late,) = services.entrants_register(tournament_id=tournament.pk, entrants=[late_team])

    late.refresh_from_db()
    first.refresh_from_db()
    assert late.joins_round == 2
    assert first.absent == [late.pk]


def test_a_tournament_changed_into_a_concours_takes_its_ranking_and_must_play_deals():
    swiss = make_tournament(game="belote", entrant_kind="partnership", match_format="deals:12", rounds=4)
    changed = services.tournament_configure(tournament_id=swiss.pk, format="concours")
    assert changed.tiebreaks == ["points-marked", "points-conceded", "lots"]
    assert "seed" in changed.settings  # its first partie is drawn at random

    one_game = make_tournament(game="belote", entrant_kind="partnership", match_format="game", rounds=4)
    with pytest.raises(InvalidEntry) as refused:
        services.tournament_configure(tournament_id=one_game.pk, format="concours")
    assert refused.value.field == "match_format"


def test_a_partie_of_ten_deals_is_the_games_own_fixed_length_match():
    tournament = make_tournament(
        game="belote", format="concours", entrant_kind="partnership", match_format="deals:10"
    )
    assert tournament.options["deals"] == 10  # so a litige on the 10th deal hands its pot back
    coinche = make_tournament(
        game="coinche", format="concours", entrant_kind="partnership", match_format="deals:8"
    )
    assert "deals" not in coinche.options  # played to its target, cut after 8 deals
