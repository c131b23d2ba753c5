"""#26 item 4, a blind finish: while the last rounds are hidden, no public read (page, projector,
round page, CSV, API document, ETag) tells anything of their scores; the desk and the console
still show them; after the reveal everything shows.

The leak test compares every public read of an event before and after its hidden round's scores
change (random scores, then the organizer's other random result at every hidden table): each read
must be byte for byte the same, with the same ETag."""

from __future__ import annotations

import difflib
import re
from typing import Any

import pytest
from django.test import Client
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from clubs.access import Actor
from scoring.models import AuditAction, AuditEvent
from scoring.services.deals import deal_record
from tests.factories import organizer
from tests.tournaments.factories import TABLE, accept, current_match, make_tournament, play_round, start_round
from tournaments import services
from tournaments.models import TableGame, Tournament
from tournaments.services import TableDecision

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]

DIRECTOR = Actor(label="director")
#: A hidden round's scores: two different game points per table (a 4-entrant event has 2 tables).
SCORES = st.lists(
    st.tuples(st.integers(0, 400), st.integers(0, 400)).filter(lambda p: p[0] != p[1]), min_size=2, max_size=2
)
CSRF = re.compile(rb'name="csrfmiddlewaretoken" value="[^"]+"')


def blind_evening(scores: list[tuple[int, int]], *, rounds: int = 3, blind: int = 1) -> Tournament:
    """A Swiss evening of 4 entrants and ``rounds`` rounds whose last ``blind`` are hidden: every
    round played, the last one with ``scores`` (points of the first and second side per table)."""
    everyone = {"rule": "everyone", "extras": ["most_points", "best_match"]}
    tournament = make_tournament(entrants=4, rounds=rounds, blind_rounds=blind, prizes=everyone)
    for _ in range(rounds - 1):
        play_round(start_round(tournament))
    last = start_round(tournament)
    for table, (first, second) in zip(last.tables.order_by("number"), scores, strict=True):
        match = current_match(table)
        entry = {"points": dict(zip(match.sides, (first, second), strict=True))}
        deal_record(match_id=match.pk, entry=entry, actor=TABLE)
        accept(match, winner=0 if first > second else 1)
        services.table_sync(match_id=match.pk)
    services.standings_recompute(tournament_id=tournament.pk)
    tournament.refresh_from_db()
    return tournament


def public_reads(tournament: Tournament) -> list[str]:
    pk = tournament.pk
    rounds = [f"/tournaments/{pk}/rounds/{n}/" for n in range(1, (tournament.rounds_planned or 0) + 1)]
    api = [
        f"/api/tournaments/{pk}/{part}"
        for part in ("", "standings/", "rounds/", "entrants/", "corrections/", "prizes/")
    ]
    api += [f"/api/tournaments/{pk}/rounds/{n}/" for n in range(1, (tournament.rounds_planned or 0) + 1)]
    pages = [
        "",
        "live/",
        "projector/",
        "projector/live/",
        "standings.csv",
        "results.csv",
        "prizes/",
        "prizes.csv",
    ]
    matches = TableGame.objects.filter(table__round__tournament=tournament).values_list("match_id", flat=True)
    scoreboards = [f"/matches/{m}/{part}" for m in matches for part in ("", "board/")]
    scoreboards += [
        f"/api/matches/{m}/{part}" for m in matches for part in ("", "deals/", "deals/1/", "history/")
    ]
    return (
        [f"/tournaments/{pk}/{page}" for page in pages] + rounds + api + ["/api/tournaments/"] + scoreboards
    )


def snapshot(
    client: Client, tournament: Tournament, language: str = "en"
) -> dict[str, tuple[int, bytes, Any]]:
    """Every public read: its status, its body (the CSRF tokens left out: they change per answer)
    and its ETag."""
    found = {}
    for url in public_reads(tournament):
        answer = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        found[url] = (answer.status_code, CSRF.sub(b"", answer.content), answer.get("ETag"))
    return found


def changes(before: tuple[int, bytes, Any], after: tuple[int, bytes, Any]) -> str:
    """What differs between two answers (the failure's message)."""
    lines = difflib.unified_diff(
        before[1].decode().splitlines(), after[1].decode().splitlines(), lineterm="", n=0
    )
    return f"ETag {before[2]} → {after[2]}\n" + "\n".join(list(lines)[:20])


def other_result(tournament: Tournament, scores: list[tuple[int, int]]) -> None:
    """The organizer sets another result, with other points, at every table of the hidden round."""
    last = tournament.rounds.order_by("-number").first()
    assert last is not None
    for table, (first, second) in zip(last.tables.order_by("number"), scores, strict=True):
        a, b = table.entrants
        decision = TableDecision(
            reason="keyed again", winner=a if first > second else b, points={a: first, b: second}
        )
        services.table_decide(table_id=table.pk, decision=decision, actor=DIRECTOR)
    services.standings_recompute(tournament_id=tournament.pk)


@settings(
    max_examples=3,
    deadline=None,
    phases=(Phase.explicit, Phase.reuse, Phase.generate),  # an example takes seconds: no shrinking
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(before=SCORES, after=SCORES)
def test_no_public_read_tells_a_hidden_score(before, after):
    client = Client()
    tournament = blind_evening(before)
    seen = snapshot(client, tournament)
    refused = {url: status for url, (status, _, _) in seen.items() if status != 200}
    assert refused
    assert all(
        url.startswith(("/matches/", "/api/matches/")) and status == 404 for url, status in refused.items()
    )

    other_result(tournament, after)
    tournament.refresh_from_db()
    assert tournament.revision > 0
    assert tournament.standings_revision == tournament.revision

    again = snapshot(client, tournament)
    for url in seen:
        assert again[url] == seen[url], url + "\n" + changes(seen[url], again[url])


def test_the_public_sees_the_standings_after_the_last_round_shown_with_the_blind_line(client):
    tournament = blind_evening([(300, 100), (50, 250)])

    standings = client.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    page = client.get(f"/tournaments/{tournament.pk}/").text
    last = client.get(f"/api/tournaments/{tournament.pk}/rounds/3/").json()

    assert standings["hidden_after"] == 2
    assert {row["played"] for row in standings["rows"]} == {2}
    assert standings["updated_at"] is None
    assert "Standings are hidden for the last round: revealed at the prize-giving" in page
    assert all(table["result"] == {} and table["progress"]["totals"] == {} for table in last["tables"])
    assert client.get(f"/api/tournaments/{tournament.pk}/").json()["revision"] is None
    hidden_match = last["tables"][0]["match"]
    assert "hidden until the prize-giving" in client.get(f"/matches/{hidden_match}/").text
    assert client.get(f"/api/matches/{hidden_match}/").status_code == 404
    round_page = client.get(f"/tournaments/{tournament.pk}/rounds/3/").text
    assert "300" not in round_page
    assert "250" not in round_page


def test_the_line_speaks_french_and_dutch(client):
    tournament = blind_evening([(300, 100), (50, 250)], rounds=4, blind=2)
    start = client.get(f"/tournaments/{tournament.pk}/")
    assert start.status_code == 200

    french = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="fr").text
    dutch = client.get(f"/tournaments/{tournament.pk}/", HTTP_ACCEPT_LANGUAGE="nl").text

    assert "Le classement est masqué pour les 2 dernières rondes : dévoilé à la remise des prix" in french
    assert "De stand is verborgen voor de laatste 2 ronden: bekendgemaakt bij de prijsuitreiking" in dutch


def test_the_desk_the_console_and_an_organizers_reads_still_show_everything(client, club):
    tournament = blind_evening([(300, 100), (50, 250)])
    client.force_login(organizer(tournament.club))

    console = client.get(f"/tournaments/{tournament.pk}/console/").text
    desk = client.get(f"/tournaments/{tournament.pk}/desk/").text
    standings = client.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    last = client.get(f"/api/tournaments/{tournament.pk}/rounds/3/").json()
    results = client.get(f"/tournaments/{tournament.pk}/results.csv").text

    assert "Hidden from the public until you reveal" in console
    assert "Reveal the standings" in console
    assert "Hidden from the public until you reveal" in desk
    assert "300" in console
    assert standings["hidden_after"] is None
    assert {row["played"] for row in standings["rows"]} == {3}
    assert all(table["result"] for table in last["tables"])
    assert ",300," in results
    hidden_match = last["tables"][0]["match"]
    assert client.get(f"/api/matches/{hidden_match}/").status_code == 200
    assert "hidden until the prize-giving" not in client.get(f"/matches/{hidden_match}/").text


def test_a_round_is_hidden_only_once_it_is_drawn(client):
    tournament = make_tournament(entrants=4, rounds=3, blind_rounds=1)
    for _ in range(2):
        play_round(start_round(tournament))
    services.standings_recompute(tournament_id=tournament.pk)

    standings = client.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    page = client.get(f"/tournaments/{tournament.pk}/").text

    assert standings["hidden_after"] is None
    assert "Standings are hidden" not in page


def test_the_reveal_shows_everything_once_and_is_audited(client):
    tournament = blind_evening([(300, 100), (50, 250)])
    boss = organizer(tournament.club)
    client.force_login(boss)

    first = client.post(f"/tournaments/{tournament.pk}/console/reveal/", follow=True)
    again = client.post(f"/api/tournaments/{tournament.pk}/reveal/")
    client.logout()

    assert "The standings are revealed" in first.text
    assert again.status_code == 200
    assert again.json()["revealed"] is True
    tournament.refresh_from_db()
    assert tournament.revealed_at is not None
    events = AuditEvent.objects.filter(
        place=f"tournament:{tournament.pk}", action=AuditAction.STANDINGS_REVEALED
    )
    assert events.count() == 1
    standings = client.get(f"/api/tournaments/{tournament.pk}/standings/").json()
    assert standings["hidden_after"] is None
    assert {row["played"] for row in standings["rows"]} == {3}
    assert "300" in client.get(f"/tournaments/{tournament.pk}/rounds/3/").text
    assert "Standings are hidden" not in client.get(f"/tournaments/{tournament.pk}/").text
    projector = client.get(f"/tournaments/{tournament.pk}/projector/").text
    assert "revealing" in projector
    assert "Final standings" in projector


def test_only_an_organizer_reveals_and_an_open_event_has_nothing_to_reveal(client):
    tournament = blind_evening([(300, 100), (50, 250)])
    open_event = make_tournament(club=tournament.club, name="Open", entrants=4)

    anonymous = client.post(f"/api/tournaments/{tournament.pk}/reveal/")
    client.force_login(organizer(tournament.club))
    nothing = client.post(f"/api/tournaments/{open_event.pk}/reveal/")

    assert anonymous.status_code in (401, 403)
    assert nothing.status_code == 409
    assert nothing.json()["error"]["field"] == "blind_rounds"
    tournament.refresh_from_db()
    assert tournament.revealed_at is None


def test_a_bracket_refuses_a_blind_finish(client, boss, club):
    body = {"name": "Cup", "game": "tally", "format": "single-elimination", "match_format": "deals:1"}
    body.update({"entrant_kind": "individual", "club": club.slug, "blind_rounds": 1})

    answer = client.post("/api/tournaments/", body, content_type="application/json")

    assert answer.status_code == 400
    assert answer.json()["error"]["field"] == "blind_rounds"
    assert "elimination bracket" in answer.json()["error"]["rule"]


def test_once_revealed_the_same_change_shows_in_the_public_reads(client):
    """The leak test's check can fail: without the veil, the same change shows."""
    tournament = blind_evening([(300, 100), (50, 250)])
    services.tournament_reveal(tournament_id=tournament.pk, actor=DIRECTOR)
    services.standings_recompute(tournament_id=tournament.pk)
    seen = snapshot(client, tournament)

    other_result(tournament, [(7, 390), (390, 7)])
    again = snapshot(client, tournament)

    changed = {url for url in seen if again[url] != seen[url]}
    pk = tournament.pk
    assert {
        f"/tournaments/{pk}/rounds/3/",
        f"/tournaments/{pk}/results.csv",
        f"/api/tournaments/{pk}/rounds/3/",
    } <= changed


def test_the_prize_list_waits_for_the_reveal(client):
    tournament = blind_evening([(300, 100), (250, 90)])
    prizes = f"/api/tournaments/{tournament.pk}/prizes/"

    hidden = client.get(prizes).json()
    assert (hidden["hidden"], hidden["prizes"]) == (True, [])
    page = client.get(f"/tournaments/{tournament.pk}/prizes/").content.decode()
    assert "The prize list is shown once the organizer reveals the standings." in page
    assert client.get(f"/tournaments/{tournament.pk}/prizes.csv").content.decode().count("\n") == 1

    boss = Client()
    boss.force_login(organizer(tournament.club))
    assert len(boss.get(prizes).json()["prizes"]) == 6  # 4 places, most points, best match

    services.tournament_reveal(tournament_id=tournament.pk, actor=DIRECTOR)
    shown = client.get(prizes).json()
    assert (shown["hidden"], len(shown["prizes"])) == (False, 6)
