"""The suite's copy of the demo (tests/demo_copy.py): the same rows as the build, or the build."""

import pytest
from django.core.management import call_command

from clubs.demo import load_demo
from tests import demo_copy
from tests.factories import ClubFactory


@pytest.mark.django_db(transaction=True)
def test_the_copy_holds_every_row_the_build_made_dates_included():
    built = demo_copy._take(load_demo(with_admin=True))
    call_command("flush", interactive=False, verbosity=0)

    demo = demo_copy._make(built)

    assert demo_copy._take(demo).rows == built.rows
    assert demo.club.slug == "demo"
    assert demo.parts == built.parts


@pytest.mark.django_db
def test_a_copy_is_made_only_into_a_database_that_holds_nothing_of_a_test():
    """Otherwise a test's own rows would meet the copy's (the demo is built beside them)."""
    assert demo_copy._empty()
    ClubFactory()
    assert not demo_copy._empty()
