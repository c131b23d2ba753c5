"""Which origins a browser trusts: HTTPS, or this computer (``localhost``, ``127.0.0.1``, ``[::1]``).

A room's phones reach a laptop on plain ``http://192.168.x.y``, which is not a secure context:
there a browser runs no service worker and ignores the ``Cross-Origin-Opener-Policy`` header with a
console error on every page. :class:`OpenerPolicyWhereHonoured` sends that header only where it is
honoured, and :func:`is_loopback` tells whether links naming a host reach only this computer (the
console and the slips warn then: ``scoring.links.links_are_loopback``).
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.http.request import split_domain_port


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address, IPv6 with or without brackets) is this computer:
    ``localhost`` and its subdomains, 127.0.0.0/8, ``::1``; ``0.0.0.0`` and ``::`` too, which name
    no machine a phone could reach."""
    name = host.strip().strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


class OpenerPolicyWhereHonoured:
    """Drops ``Cross-Origin-Opener-Policy`` from answers to plain HTTP requests for another host
    than this computer: a browser ignores it there and logs an error for it. Listed before
    ``SecurityMiddleware``, which adds it."""

    HEADER = "Cross-Origin-Opener-Policy"

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.HEADER in response and not request.is_secure():
            # The raw header: an unknown host's 400 must not raise again here.
            raw = request.META.get("HTTP_HOST") or request.META.get("SERVER_NAME", "")
            host, _ = split_domain_port(raw)
            if not is_loopback(host or raw):
                del response[self.HEADER]
        return response
