"""An organizer's own API token, for scripts: issued, replaced and removed by the organizer on a
page of their own (``clubs.token_pages``), no staff or admin needed.

DRF's ``authtoken`` keeps one token per account; scripts send it as ``Authorization: Token <key>``
and act with the account's rights (the clubs it organizes). Replacing a token is the way to cut off
a script whose token leaked: the old key stops working at once.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction
from rest_framework.authtoken.models import Token


def api_token_of(user: Any) -> Token | None:
    """The account's token, if it has one."""
    return Token.objects.filter(user=user).first()


def api_token_issue(*, user: Any) -> Token:
    """A new token for the account; the one it had, if any, stops working."""
    with transaction.atomic():
        Token.objects.filter(user=user).delete()
        return Token.objects.create(user=user)


def api_token_remove(*, user: Any) -> None:
    """The account's token stops working; scripts need a new one."""
    Token.objects.filter(user=user).delete()
