"""The scoring REST API: each endpoint's happy path and its 400, 403, 404, 405, then the database."""

import pytest
from django.urls import clear_script_prefix, set_script_prefix
from rest_framework.test import APIClient

from clubs.access import Actor
from scoring.documents import match_document
from scoring.links import table_token
from scoring.models import AuditAction, AuditEvent, Deal, DealVersion, Match, MatchStatus
from scoring.services.matches import match_create
from tests.factories import ClubFactory, UserFactory, make_match, organizer

pytestmark = pytest.mark.django_db

ANN_BEN = ["Ann", "Ben"]


def points(ann, ben):
    return {"points": {"Ann": ann, "Ben": ben}}


@pytest.fixture
def api():
    return APIClient()


@pytest.fixture
def club():
    return ClubFactory()


@pytest.fixture
def boss(club):
    return organizer(club)


def as_table(api, match):
    api.credentials(HTTP_AUTHORIZATION=f"Table {table_token(match)}")
    return api


# -- games ---------------------------------------------------------------------------------


def test_it_lists_the_games(api):
    response = api.get("/api/games/")
    assert response.status_code == 200
    keys = {g["key"] for g in response.json()}
    assert {"jam", "tally"} <= keys


def test_it_describes_a_game(api):
    response = api.get("/api/games/jam/")
    assert response.status_code == 200
    body = response.json()
    assert [f["name"] for f in body["fields"]] == ["sequence", "tricks", "runs"]
    assert "target" in body["options"]["properties"]


def test_it_answers_404_for_an_unknown_game(api):
    assert api.get("/api/games/bridge/").status_code == 404


def test_it_previews_an_entry_without_saving(api):
    body = {"sides": ANN_BEN, "options": {"target": 100}, "deals": [points(60, 10)], "entry": points(50, 0)}
    response = api.post("/api/games/tally/preview/", body, format="json")
    assert response.status_code == 200
    assert response.json()["match"]["totals"] == {"Ann": 110, "Ben": 10}
    assert response.json()["match"]["outcome"]["winner"] == "Ann"
    assert Match.objects.count() == 0


def test_a_preview_names_the_bad_field(api):
    body = {"sides": ANN_BEN, "entry": {"points": {"Ann": 1}}}
    response = api.post("/api/games/tally/preview/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "points"


def test_a_preview_refuses_get(api):
    assert api.get("/api/games/tally/preview/").status_code == 405


# -- creating a match ----------------------------------------------------------------------


def test_an_organizer_creates_a_match(api, club, boss):
    api.force_authenticate(boss)
    response = api.post(
        "/api/matches/", {"game": "jam", "sides": ANN_BEN, "options": {"rubbers": 3}}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    match = Match.objects.get(pk=body["id"])
    assert match.club == club
    assert match.options["rubbers"] == 3
    assert match.options["target"] == 5
    assert body["outcome"] == {
        "finished": False,
        "winner": None,
        "draw": False,
        "rubbers_won": {"Ann": 0, "Ben": 0},
    }
    assert response["Location"] == f"/api/matches/{match.pk}/"
    assert AuditEvent.objects.filter(match=match, action=AuditAction.MATCH_CREATED).exists()


def test_the_created_match_comes_back_with_the_links_its_organizer_reads_later(api, boss):
    """#28: the answer to the creation lacked the scorer link that GET gives its organizer."""
    api.force_authenticate(boss)
    created = api.post("/api/matches/", {"game": "jam", "sides": ANN_BEN}, format="json").json()

    read = api.get(f"/api/matches/{created['id']}/").json()

    assert "scorer" in created["links"]
    assert created["links"] == read["links"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"game": "bridge", "sides": ANN_BEN}, "game"),
        ({"game": "jam", "sides": ["Ann"]}, "sides"),
        ({"game": "jam", "sides": ["Ann", "Ann"]}, "sides"),
        ({"game": "jam", "sides": ANN_BEN, "options": {"target": "five"}}, "target"),
        ({"game": "jam", "sides": ANN_BEN, "options": {"colour": "red"}}, "colour"),
        ({"sides": ANN_BEN}, "game"),
    ],
)
def test_a_bad_match_names_the_field(api, boss, body, field):
    api.force_authenticate(boss)
    response = api.post("/api/matches/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == field
    assert Match.objects.count() == 0


def test_an_anonymous_visitor_cannot_create_a_match(api):
    response = api.post("/api/matches/", {"game": "jam", "sides": ANN_BEN}, format="json")
    assert response.status_code in (401, 403)
    assert Match.objects.count() == 0


def test_a_user_without_a_club_cannot_create_a_match(api):
    api.force_authenticate(UserFactory())
    response = api.post("/api/matches/", {"game": "jam", "sides": ANN_BEN}, format="json")
    assert response.status_code == 403


def test_an_organizer_cannot_create_in_another_club(api, boss):
    other = ClubFactory()
    api.force_authenticate(boss)
    response = api.post("/api/matches/", {"game": "jam", "sides": ANN_BEN, "club": other.slug}, format="json")
    assert response.status_code == 403
    assert Match.objects.count() == 0


def test_a_table_link_cannot_create_a_match(api, club):
    match = make_match(club=club)
    response = as_table(api, match).post("/api/matches/", {"game": "jam", "sides": ANN_BEN}, format="json")
    assert response.status_code == 403
    assert Match.objects.count() == 1


# -- reading -------------------------------------------------------------------------------


def test_anyone_reads_a_match_state(api):
    match = make_match(options={"target": 100}, deals=[points(30, 20)])
    response = api.get(f"/api/matches/{match.pk}/")
    assert response.status_code == 200
    body = response.json()
    assert body["totals"] == {"Ann": 30, "Ben": 20}
    assert body["deals"][0]["deal_number"] == 1
    assert body["deals"][0]["version"] == 1
    assert body["next_dealer"] == "Ben"
    assert response["ETag"] == f'"{match.revision}"'


def test_it_answers_304_for_an_unchanged_match_and_the_new_state_after_a_deal(api):
    match = make_match(options={"target": 100}, deals=[points(30, 20)])
    url = f"/api/matches/{match.pk}/"
    etag = api.get(url)["ETag"]

    unchanged = api.get(url, HTTP_IF_NONE_MATCH=etag)

    assert unchanged.status_code == 304
    assert unchanged.content == b""
    assert unchanged["ETag"] == etag
    assert unchanged["Cache-Control"] == "no-cache"
    as_table(api, match).post(f"/api/matches/{match.pk}/deals/", points(5, 9), format="json")
    changed = api.get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed.json()["totals"] == {"Ann": 35, "Ben": 29}
    match.refresh_from_db()
    assert changed["ETag"] == f'"{match.revision}"' != etag


def test_it_answers_404_for_a_missing_match(api):
    assert api.get("/api/matches/999/").status_code == 404
    assert api.post("/api/matches/999/deals/", points(1, 2), format="json").status_code == 404


# -- recording deals -----------------------------------------------------------------------


def test_a_table_link_records_a_deal(api):
    match = make_match(options={"target": 100})
    response = as_table(api, match).post(f"/api/matches/{match.pk}/deals/", points(40, 25), format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["deal"]["number"] == 1
    assert body["match"]["totals"] == {"Ann": 40, "Ben": 25}
    version = DealVersion.objects.get(deal__match=match)
    assert version.entry == points(40, 25)
    assert version.actor_label == "table link"
    assert version.actor_ip == "127.0.0.1"
    match.refresh_from_db()
    assert match.state["totals"] == {"Ann": 40, "Ben": 25}
    assert match.deal_count == 1


def test_an_organizer_records_a_deal(api, club, boss):
    match = make_match(club=club)
    api.force_authenticate(boss)
    response = api.post(f"/api/matches/{match.pk}/deals/", points(1, 2), format="json")
    assert response.status_code == 201
    assert DealVersion.objects.get(deal__match=match).actor_label == boss.username


def test_an_invalid_deal_is_400_naming_the_field_and_saves_nothing(api):
    match = make_match()
    response = as_table(api, match).post(
        f"/api/matches/{match.pk}/deals/", {"points": {"Ann": 3}}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "points"
    assert "Ben" in response.json()["error"]["rule"]
    assert Deal.objects.count() == 0
    match.refresh_from_db()
    assert match.revision == 0


@pytest.mark.parametrize("body", ["[1, 2]", '"text"', "null", "17"])
def test_a_body_that_is_not_an_object_is_400(api, body):
    match = make_match()
    response = as_table(api, match).post(
        f"/api/matches/{match.pk}/deals/", body, content_type="application/json"
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] is None
    assert Deal.objects.count() == 0


def test_malformed_json_is_400(api):
    match = make_match()
    response = as_table(api, match).post(
        f"/api/matches/{match.pk}/deals/", "{not json", content_type="application/json"
    )
    assert response.status_code == 400
    assert "error" in response.json()


def test_a_deal_naming_a_side_twice_is_400_and_saves_nothing(api):
    match = make_match()
    response = as_table(api, match).post(
        f"/api/matches/{match.pk}/deals/",
        '{"points": {"Ann": 3, "Ann": 7, "Ben": 1}}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "'Ann' appears twice" in response.json()["error"]["rule"]
    assert Deal.objects.count() == 0


def test_an_anonymous_visitor_cannot_record(api):
    match = make_match()
    response = api.post(f"/api/matches/{match.pk}/deals/", points(1, 2), format="json")
    assert response.status_code in (401, 403)
    assert Deal.objects.count() == 0


def test_another_tables_link_cannot_record(api):
    mine, theirs = make_match(), make_match()
    response = as_table(api, mine).post(f"/api/matches/{theirs.pk}/deals/", points(1, 2), format="json")
    assert response.status_code == 403
    assert Deal.objects.count() == 0


def test_an_organizer_of_another_club_cannot_record(api):
    match = make_match()
    api.force_authenticate(organizer())
    assert api.post(f"/api/matches/{match.pk}/deals/", points(1, 2), format="json").status_code == 403


def test_a_bad_table_token_is_refused(api):
    match = make_match()
    api.credentials(HTTP_AUTHORIZATION="Table not-a-token")
    response = api.post(f"/api/matches/{match.pk}/deals/", points(1, 2), format="json")
    assert response.status_code in (401, 403)
    assert Deal.objects.count() == 0


def test_the_same_idempotency_key_twice_makes_one_deal_and_the_same_response(api):
    match = make_match()
    client = as_table(api, match)
    first = client.post(
        f"/api/matches/{match.pk}/deals/", points(5, 6), format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    again = client.post(
        f"/api/matches/{match.pk}/deals/", points(5, 6), format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert first.status_code == again.status_code == 201
    assert first.json() == again.json()
    assert Deal.objects.filter(match=match).count() == 1


def test_a_reused_idempotency_key_with_another_body_is_409(api):
    match = make_match()
    client = as_table(api, match)
    client.post(f"/api/matches/{match.pk}/deals/", points(5, 6), format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    response = client.post(
        f"/api/matches/{match.pk}/deals/", points(7, 6), format="json", HTTP_IDEMPOTENCY_KEY="k-1"
    )
    assert response.status_code == 409
    assert Deal.objects.filter(match=match).count() == 1


def test_a_finished_match_refuses_a_new_deal_with_409(api):
    match = make_match(options={"target": 10}, deals=[points(12, 3)])
    assert match.status == MatchStatus.FINISHED
    response = as_table(api, match).post(f"/api/matches/{match.pk}/deals/", points(1, 2), format="json")
    assert response.status_code == 409
    assert "finished" in response.json()["error"]["rule"]
    assert Deal.objects.filter(match=match).count() == 1


def test_deals_cannot_be_patched(api):
    match = make_match()
    assert as_table(api, match).patch(f"/api/matches/{match.pk}/deals/", {}, format="json").status_code == 405


# -- corrections and voids -----------------------------------------------------------------


def test_a_correction_replays_the_match(api):
    match = make_match(options={"target": 100}, deals=[points(10, 0), points(20, 0), points(30, 0)])
    client = as_table(api, match)
    response = client.put(
        f"/api/matches/{match.pk}/deals/2/", points(0, 20), format="json", HTTP_IF_MATCH="1"
    )
    assert response.status_code == 200
    assert response.json()["match"]["totals"] == {"Ann": 40, "Ben": 20}
    assert response["ETag"] == '"2"'
    deal = Deal.objects.get(match=match, number=2)
    assert deal.version == 2
    assert [v.entry for v in deal.versions.order_by("version")] == [points(20, 0), points(0, 20)]
    match.refresh_from_db()
    assert match.state["totals"] == {"Ann": 40, "Ben": 20}


def test_a_stale_correction_is_409_with_the_current_version(api):
    match = make_match(deals=[points(10, 0)])
    client = as_table(api, match)
    client.put(f"/api/matches/{match.pk}/deals/1/", points(0, 10), format="json", HTTP_IF_MATCH="1")
    response = client.put(f"/api/matches/{match.pk}/deals/1/", points(5, 5), format="json", HTTP_IF_MATCH="1")
    assert response.status_code == 409
    assert response.json()["error"]["current_version"] == 2
    assert Deal.objects.get(match=match, number=1).version == 2


def test_a_correction_needs_if_match(api):
    match = make_match(deals=[points(10, 0)])
    response = as_table(api, match).put(f"/api/matches/{match.pk}/deals/1/", points(0, 10), format="json")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "If-Match"


def test_an_invalid_correction_is_400_and_changes_nothing(api):
    match = make_match(deals=[points(10, 0)])
    response = as_table(api, match).put(
        f"/api/matches/{match.pk}/deals/1/",
        {"points": {"Ann": "x", "Ben": 1}},
        format="json",
        HTTP_IF_MATCH="1",
    )
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "points"
    assert Deal.objects.get(match=match, number=1).version == 1


def test_a_correction_of_a_missing_deal_is_404(api):
    match = make_match()
    response = as_table(api, match).put(
        f"/api/matches/{match.pk}/deals/4/", points(1, 1), format="json", HTTP_IF_MATCH="1"
    )
    assert response.status_code == 404


def test_a_correction_can_unfinish_a_match(api):
    match = make_match(options={"target": 10}, deals=[points(12, 3)])
    response = as_table(api, match).put(
        f"/api/matches/{match.pk}/deals/1/", points(2, 3), format="json", HTTP_IF_MATCH="1"
    )
    assert response.status_code == 200
    match.refresh_from_db()
    assert match.status == MatchStatus.IN_PROGRESS
    assert match.state["outcome"]["finished"] is False


def test_a_correction_that_would_end_the_match_early_is_409(api):
    match = make_match(options={"target": 10}, deals=[points(2, 3), points(1, 1)])
    response = as_table(api, match).put(
        f"/api/matches/{match.pk}/deals/1/", points(12, 3), format="json", HTTP_IF_MATCH="1"
    )
    assert response.status_code == 409
    assert response.json()["error"]["deal"] == 2
    assert Deal.objects.get(match=match, number=1).version == 1


def test_a_void_takes_the_deal_out_and_keeps_it_in_the_trail(api):
    match = make_match(options={"target": 100}, deals=[points(10, 0), points(20, 0)])
    response = as_table(api, match).delete(
        f"/api/matches/{match.pk}/deals/1/?reason=entered twice", HTTP_IF_MATCH="1"
    )
    assert response.status_code == 200
    assert response.json()["match"]["totals"] == {"Ann": 20, "Ben": 0}
    deal = Deal.objects.get(match=match, number=1)
    assert deal.voided is True
    last = deal.versions.order_by("-version").first()
    assert (last.voided, last.reason, last.entry) == (True, "entered twice", None)
    assert AuditEvent.objects.filter(match=match, action=AuditAction.DEAL_VOIDED).count() == 1


def test_a_void_needs_a_reason(api):
    match = make_match(deals=[points(10, 0)])
    response = as_table(api, match).delete(f"/api/matches/{match.pk}/deals/1/", HTTP_IF_MATCH="1")
    assert response.status_code == 400
    assert response.json()["error"]["field"] == "reason"
    assert Deal.objects.get(match=match, number=1).voided is False


def test_a_deal_shows_its_change_history(api):
    match = make_match(deals=[points(10, 0)])
    as_table(api, match).put(
        f"/api/matches/{match.pk}/deals/1/", points(0, 10), format="json", HTTP_IF_MATCH="1"
    )
    response = APIClient().get(f"/api/matches/{match.pk}/deals/1/")
    assert response.status_code == 200
    assert [v["entry"] for v in response.json()["versions"]] == [points(10, 0), points(0, 10)]


# -- the audit trail -----------------------------------------------------------------------


def test_the_history_lists_every_write_and_hides_private_details_from_the_public(api):
    match = make_match(deals=[points(10, 0)])
    as_table(api, match).put(
        f"/api/matches/{match.pk}/deals/1/", points(0, 10), format="json", HTTP_IF_MATCH="1"
    )
    public = APIClient().get(f"/api/matches/{match.pk}/history/").json()
    assert [e["action"] for e in public] == ["match_created", "deal_recorded", "deal_corrected"]
    assert all("ip" not in e for e in public)
    private = as_table(APIClient(), match).get(f"/api/matches/{match.pk}/history/").json()
    assert private[-1]["detail"]["entry"] == points(0, 10)


def test_the_schema_and_docs_are_served(api):
    assert api.get("/api/schema/").status_code == 200
    assert api.get("/api/docs/").status_code == 200


def test_a_deal_limit_ends_the_match_after_that_many_deals(api):
    match = match_create(
        club=ClubFactory(),
        game_key="tally",
        sides=ANN_BEN,
        options={"target": 1000},
        deal_limit=2,
        actor=Actor(label="t"),
    )
    client = as_table(api, match)
    client.post(f"/api/matches/{match.pk}/deals/", points(5, 9), format="json")
    response = client.post(f"/api/matches/{match.pk}/deals/", points(5, 0), format="json")
    assert response.json()["match"]["outcome"]["winner"] == "Ann"
    match.refresh_from_db()
    assert match.status == MatchStatus.FINISHED
    assert client.post(f"/api/matches/{match.pk}/deals/", points(1, 1), format="json").status_code == 409


def test_a_matchs_links_follow_the_address_the_site_is_served_at():
    """The links are worked out once per match (scoring/documents.py): a site served under a
    path of its own (a federation's /club/) still gets its own addresses, and the plain one its."""
    match = make_match(options={"target": 100})

    plain = match_document(match)["links"]
    set_script_prefix("/club/")
    try:
        prefixed = match_document(match)["links"]
    finally:
        clear_script_prefix()

    assert plain == {
        "self": f"/api/matches/{match.pk}/",
        "deals": f"/api/matches/{match.pk}/deals/",
        "history": f"/api/matches/{match.pk}/history/",
        "page": f"/matches/{match.pk}/",
    }
    assert prefixed == {key: "/club" + link for key, link in plain.items()}
    assert match_document(match)["links"] == plain
