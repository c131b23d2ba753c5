"""What the scoring service tests share: phones writing at once, and PostgreSQL for them."""

import threading

import pytest
from django.db import connection, connections

from tests.conftest import missing

PHONES = 8


def run_at_once(work):
    """``work(i)`` for each of ``PHONES`` threads released together; the errors they raised."""
    barrier = threading.Barrier(PHONES)
    errors = []

    def phone(i):
        try:
            barrier.wait(timeout=10)
            work(i)
        except Exception as error:  # collected and asserted by the caller
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=phone, args=(i,)) for i in range(PHONES)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    return errors


@pytest.fixture
def postgres():
    if connection.vendor != "postgresql":
        missing("the concurrency tests run against PostgreSQL (phase 2 of bin/test)")
