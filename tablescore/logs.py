"""Log lines for the terminal that serves the room: some events deserve one line, not a traceback.

A request for an unknown host (``DisallowedHost``) is refused with 400 whatever the log says; the
traceback Django attaches to it tells the person watching the terminal nothing more than its
message does ("Invalid HTTP_HOST header: '10.0.0.9:8000'. You may need to add '10.0.0.9' to
ALLOWED_HOSTS.").
"""

from __future__ import annotations

import logging


class OneLineFormatter(logging.Formatter):
    """``WARNING django.security.DisallowedHost: <message>``, without the exception's traceback."""

    def __init__(self) -> None:
        super().__init__("%(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        plain = logging.makeLogRecord(
            {**record.__dict__, "exc_info": None, "exc_text": None, "stack_info": None}
        )
        return " ".join(super().format(plain).split())
