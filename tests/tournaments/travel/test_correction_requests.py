"""The tables' requests to correct a deal of a closed round travel with the evening (#23 item 2):
an open one is still open at the desk of the site the file arrives at, a settled one keeps who
settled it and why, each on the arrived copy of its match."""

from __future__ import annotations

import pytest

from clubs.access import Actor
from clubs.travel.envelope import dumps
from scoring.models import CorrectionRequest
from scoring.services import correction_requests
from tests.factories import organizer
from tests.tournaments.factories import TABLE, current_match
from tests.tournaments.travel.conftest import exported, gone
from tournaments import desk
from tournaments.models import Tournament
from tournaments.travel.service import import_evening

pytestmark = pytest.mark.django_db


def test_open_and_settled_requests_arrive_with_their_match(played: Tournament) -> None:
    match = current_match(played.rounds.get(number=1).tables.get(number=2))
    boss = organizer(played.club)
    ask = {"match_id": match.pk, "deal": 1, "actor": TABLE, "side": match.sides[1]}
    first = correction_requests.correction_ask(reason="1 is 10", **ask).request
    correction_requests.correction_dismiss(
        request_id=first.pk, actor=Actor(label=boss.get_username(), user=boss), reason="10 is right"
    )
    correction_requests.correction_ask(reason="now 1 is 11", **ask)
    document = exported(played)
    assert len(document["correction_requests"]) == 2
    gone(played)
    assert not CorrectionRequest.objects.exists()

    import_evening(data=dumps(document), club=played.club, other_club=False)
    copy = Tournament.objects.get(club=played.club)
    arrived = {r.reason: r for r in CorrectionRequest.objects.all()}
    assert arrived["1 is 10"].status == "dismissed"
    assert (arrived["1 is 10"].settled_by, arrived["1 is 10"].settled_reason) == (
        boss.get_username(),
        "10 is right",
    )
    assert arrived["1 is 10"].settled_at is not None
    assert arrived["now 1 is 11"].status == "open"
    moved = current_match(copy.rounds.get(number=1).tables.get(number=2))
    assert {r.match_id for r in arrived.values()} == {moved.pk}
    (listed,) = desk.correction_requests(copy)
    assert (listed.round, listed.table, listed.deal, listed.reason) == (1, 2, 1, "now 1 is 11")
