"""Organizer pages: start a match, its scorer link and QR code, revoke or renew it, abandon, rematch."""

import pytest

from scoring.links import match_for_token, table_token
from scoring.models import AuditAction, AuditEvent, Match, MatchStatus
from tests.factories import ClubFactory, PlayerFactory, UserFactory, make_match, organizer

pytestmark = pytest.mark.django_db

KIT_LOU = ["Kit", "Lou"]


def new_match_url(club, game=""):
    return f"/clubs/{club.slug}/matches/new/" + (f"?game={game}" if game else "")


def test_it_sends_a_visitor_to_sign_in(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU)
    for path in (new_match_url(club), f"/matches/{match.pk}/manage/", f"/matches/{match.pk}/print/"):
        response = client.get(path)
        assert response.status_code == 302
        assert response["Location"].startswith("/accounts/login/?next=")
    assert client.post(f"/matches/{match.pk}/revoke/").status_code == 302
    match.refresh_from_db()
    assert not match.table_link_revoked


def test_it_refuses_users_who_do_not_run_the_club(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU)
    client.force_login(organizer(ClubFactory()))  # organizer of another club
    assert client.get(new_match_url(club)).status_code == 403
    assert client.get(f"/matches/{match.pk}/manage/").status_code == 403
    assert client.get(f"/matches/{match.pk}/qr.svg").status_code == 403
    assert client.post(f"/matches/{match.pk}/revoke/").status_code == 403
    assert client.post(f"/matches/{match.pk}/abandon/").status_code == 403
    assert client.post(f"/matches/{match.pk}/rematch/").status_code == 403
    match.refresh_from_db()
    assert (match.table_link_revoked, match.status) == (False, MatchStatus.IN_PROGRESS)
    assert not Match.objects.filter(rematch_of=match).exists()


def test_it_lists_the_games_to_choose_from(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    response = client.get(new_match_url(club))
    assert response.status_code == 200
    assert "?game=klaverjas" in response.text
    assert "?game=coinche" in response.text


def test_it_shows_the_options_of_the_chosen_game(client):
    club = ClubFactory()
    PlayerFactory(name="Ely").clubs.add(club)
    client.force_login(organizer(club))
    response = client.get(new_match_url(club, "klaverjas"))
    assert response.status_code == 200
    html = response.text
    assert 'name="seat.3"' in html
    assert 'name="preset"' in html
    assert "Amsterdam (NKU rules) · usual" in html  # the preset in words, not its key
    assert 'name="o.four_jacks"' in html
    assert 'name="o.deals"' in html
    assert '<option value="Ely">' in html


def test_it_starts_a_klaverjas_match(client):
    club = ClubFactory()
    boss = organizer(club)
    client.force_login(boss)
    data = {
        "game": "klaverjas",
        "title": "Table 4",
        "seat.0": "Ely",
        "seat.1": "Fay",
        "seat.2": "Gus",
        "seat.3": "Hal",
        "side.0": "Wij",
        "side.1": "",
        "preset": "parlett",
        "o.deals": "8",
        "o.four_jacks": "",
    }
    response = client.post(new_match_url(club, "klaverjas"), data, REMOTE_ADDR="10.0.0.7")
    match = Match.objects.get(club=club)
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{match.pk}/manage/"
    assert match.title == "Table 4"
    assert match.sides == ["Wij", "Fay & Hal"]
    assert match.seats == ["Ely", "Fay", "Gus", "Hal"]
    assert (match.preset, match.options["four_jacks"], match.options["deals"]) == ("parlett", 100, 8)
    assert match.created_by == boss
    event = AuditEvent.objects.get(match=match, action=AuditAction.MATCH_CREATED)
    assert (event.actor_label, event.actor_ip) == (boss.username, "10.0.0.7")


def test_it_names_the_field_of_a_bad_match(client):
    club = ClubFactory()
    client.force_login(organizer(club))
    response = client.post(
        new_match_url(club, "tally"), {"game": "tally", "side.0": "Kit", "o.target": "ten"}
    )
    assert response.status_code == 422
    assert 'data-field="target"' in response.text
    response = client.post(new_match_url(club, "tally"), {"game": "tally", "side.0": "Kit", "side.1": "Kit"})
    assert response.status_code == 422
    assert "unique" in response.text
    assert not Match.objects.filter(club=club).exists()


def test_it_shows_the_scorer_link_and_its_qr_code(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU, deals=[{"points": {"Kit": 3, "Lou": 4}}])
    client.force_login(organizer(club))
    response = client.get(f"/matches/{match.pk}/manage/", REMOTE_ADDR="10.0.0.8")
    assert response.status_code == 200
    html = response.text
    assert "<svg" in html
    assert 'class="qr"' in html
    assert "/t/" in html
    assert "Deal recorded" in html  # the audit trail
    qr = client.get(f"/matches/{match.pk}/qr.svg")
    assert qr.status_code == 200
    assert qr["Content-Type"] == "image/svg+xml"
    assert qr.content.startswith(b"<svg")
    printed = client.get(f"/matches/{match.pk}/print/")
    assert printed.status_code == 200
    assert "Scan to score this table" in printed.text


def test_it_revokes_the_scorer_link(client):
    club = ClubFactory()
    boss = organizer(club)
    match = make_match(club=club, sides=KIT_LOU)
    old = f"/t/{table_token(match)}/"
    client.force_login(boss)
    response = client.post(f"/matches/{match.pk}/revoke/", {"confirm": "yes"}, REMOTE_ADDR="10.0.0.9")
    assert response.status_code == 302
    match.refresh_from_db()
    assert match.table_link_revoked
    assert match_for_token(old.split("/")[2]) is None
    page = client.get(f"/matches/{match.pk}/manage/")
    assert "revoked" in page.text
    assert 'class="qr"' not in page.text
    assert client.get(f"/matches/{match.pk}/qr.svg").status_code == 404
    event = AuditEvent.objects.get(match=match, action=AuditAction.LINK_REVOKED)
    assert (event.actor_label, event.actor_ip) == (boss.username, "10.0.0.9")
    client.logout()
    assert client.get(old).status_code == 403


def test_it_renews_the_scorer_link(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU)
    old = table_token(match)
    client.force_login(organizer(club))
    assert client.post(f"/matches/{match.pk}/revoke/", {"renew": "on", "confirm": "yes"}).status_code == 302
    match.refresh_from_db()
    assert not match.table_link_revoked
    assert match_for_token(old) is None
    assert client.get(f"/t/{table_token(match)}/").status_code == 200


def test_it_abandons_a_match(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU)
    client.force_login(organizer(club))
    assert (
        client.post(f"/matches/{match.pk}/abandon/", {"reason": "fire alarm", "confirm": "yes"}).status_code
        == 302
    )
    match.refresh_from_db()
    assert match.status == MatchStatus.ABANDONED
    assert AuditEvent.objects.get(match=match, action=AuditAction.MATCH_ABANDONED).detail == {
        "reason": "fire alarm"
    }
    assert "Match abandoned" in client.get(f"/matches/{match.pk}/").text


def test_it_starts_a_rematch(client):
    club = ClubFactory()
    match = make_match(
        club=club, sides=KIT_LOU, options={"target": 10}, deals=[{"points": {"Kit": 10, "Lou": 0}}]
    )
    client.force_login(organizer(club))
    response = client.post(f"/matches/{match.pk}/rematch/")
    rematch = Match.objects.get(rematch_of=match)
    assert response.status_code == 302
    assert response["Location"] == f"/matches/{rematch.pk}/manage/"
    assert (rematch.sides, rematch.options, rematch.deal_count) == (match.sides, match.options, 0)


def test_a_second_tap_on_rematch_opens_the_same_rematch(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU)
    client.force_login(organizer(club))
    first = client.post(f"/matches/{match.pk}/rematch/")
    second = client.post(f"/matches/{match.pk}/rematch/")
    assert first["Location"] == second["Location"]
    assert Match.objects.filter(rematch_of=match).count() == 1


def test_it_refuses_get_on_the_organizer_actions(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU)
    client.force_login(organizer(club))
    for action in ("revoke", "abandon", "rematch"):
        assert client.get(f"/matches/{match.pk}/{action}/").status_code == 405
    assert client.get("/matches/999999/manage/").status_code == 404


def test_staff_may_manage_every_club(client):
    club = ClubFactory()
    match = make_match(club=club, sides=KIT_LOU)
    client.force_login(UserFactory(is_staff=True))
    assert client.get(f"/matches/{match.pk}/manage/").status_code == 200
