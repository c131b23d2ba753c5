"""The write of a table link (scoring/services/links.py): revoked, or renewed with a fresh one."""

import time

import pytest
from django.core import signing

from clubs.access import Actor
from scoring.links import SALT, match_for_token, table_token
from scoring.models import AuditEvent
from scoring.services.links import table_link_revoke
from tests.factories import make_match

pytestmark = pytest.mark.django_db

ACTOR = Actor(label="boss")


def test_revoking_stops_the_link_and_renewing_issues_a_fresh_one():
    match = make_match()
    old = table_token(match)
    revoked = table_link_revoke(match_id=match.pk, actor=ACTOR)
    assert revoked.table_link_revoked
    assert match_for_token(old) is None
    renewed = table_link_revoke(match_id=match.pk, actor=ACTOR, renew=True)
    assert not renewed.table_link_revoked
    assert renewed.table_secret != revoked.table_secret
    assert match_for_token(table_token(renewed)) == match
    assert list(AuditEvent.objects.filter(match=match).values_list("action", flat=True))[-2:] == [
        "link_revoked",
        "link_renewed",
    ]
    assert renewed.revision == match.revision + 2


def test_a_link_reads_the_same_every_time_it_is_made(monkeypatch):
    """A CI run saw the scorer link change between the creation's answer and a read one second
    later: tokens carried a timestamp, so a QR sheet printed twice was two different sheets."""
    match = make_match()
    first = table_token(match)
    later = time.time() + 3600
    monkeypatch.setattr(signing.time, "time", lambda: later)
    assert table_token(match) == first
    assert match_for_token(first) == match


def test_a_link_made_before_links_were_stable_still_scores_its_match():
    match = make_match()
    timestamped = signing.dumps({"m": match.pk, "s": match.table_secret}, salt=SALT, compress=False)
    assert match_for_token(timestamped) == match
    assert match_for_token(timestamped[:-2]) is None


@pytest.mark.parametrize("garbage", ["", ":", "abc", "abc:def", "a:b:c:d", "%%%:x"])
def test_a_mistyped_token_grants_nothing(garbage):
    make_match()
    assert match_for_token(garbage) is None
