"""The write of a table link (scoring/services/links.py): revoked, or renewed with a fresh one."""

import pytest

from clubs.access import Actor
from scoring.links import match_for_token, table_token
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
