"""The client's address behind trusted proxies: what the audit trail and the throttle see."""

import pytest
from django.test import RequestFactory

from tablescore.client import client_ip

FORWARDED = "6.6.6.6, 203.0.113.7"  # a value the client made up, then what our proxy saw


@pytest.mark.parametrize(
    ("proxies", "forwarded", "expected"),
    [
        (0, FORWARDED, "10.0.0.2"),  # no proxy trusted: the header is ignored
        (1, FORWARDED, "203.0.113.7"),  # the address our one proxy appended
        (2, FORWARDED, "6.6.6.6"),  # two proxies: the outer one appended the first entry
        (1, "", "10.0.0.2"),  # a proxy that did not append: the peer
        (3, FORWARDED, "10.0.0.2"),  # fewer entries than proxies: nothing to believe
    ],
)
def test_it_takes_the_address_the_outermost_trusted_proxy_saw(settings, proxies, forwarded, expected):
    settings.TRUSTED_PROXIES = proxies
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)
    assert client_ip(request) == expected


@pytest.mark.django_db
def test_it_records_the_client_behind_a_proxy_in_the_audit_trail(client, settings):
    from scoring.links import table_token
    from scoring.models import AuditEvent, DealVersion
    from tests.factories import make_match

    settings.TRUSTED_PROXIES = 1
    match = make_match()
    response = client.post(
        f"/api/matches/{match.pk}/deals/",
        {"points": {"Ann": 1, "Ben": 2}},
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Table {table_token(match)}",
        HTTP_X_FORWARDED_FOR="6.6.6.6, 198.51.100.4",
    )
    assert response.status_code == 201
    assert DealVersion.objects.get(deal__match=match).actor_ip == "198.51.100.4"
    assert AuditEvent.objects.filter(match=match).last().actor_ip == "198.51.100.4"
