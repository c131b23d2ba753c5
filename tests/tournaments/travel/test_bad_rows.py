"""A file whose digest holds but whose rows are not as Tablescore writes them (made by hand, or by
a broken tool) is refused with an evening file error, never another exception (a 500 on the
page), and a refusal changes nothing."""

from __future__ import annotations

import contextlib
import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from clubs.models import Club
from clubs.travel.envelope import EveningFileError, dumps, sealed
from clubs.travel.lineage import fingerprint
from tests.conftest import leave_no_rows
from tests.factories import ClubFactory
from tests.rows import table_rows
from tests.tournaments.factories import make_tournament, play_round, start_round
from tests.tournaments.travel.conftest import exported, gone
from tournaments.travel.document import parts_of
from tournaments.travel.service import import_evening

pytestmark = pytest.mark.django_db

SECTIONS = ("tournament", "entrants", "rounds", "tables", "matches", "deals", "versions", "audit", "players")
JUNK = st.one_of(
    st.none(), st.just("x"), st.just(-1), st.just([]), st.just({}), st.just(10**12), st.just("2026-13-45")
)


def resealed(document: dict[str, Any]) -> dict[str, Any]:
    """The file with a valid digest, and the fingerprint of its rows when they have one."""
    body = {k: v for k, v in document.items() if k not in ("format", "version", "digest")}
    # Rows without parts keep the old fingerprint: the import refuses them before it.
    with contextlib.suppress(KeyError, TypeError, ValueError, AttributeError):
        body["fingerprint"] = fingerprint(parts_of(body))
    return sealed(body)


@pytest.fixture(scope="module")
def evening(django_db_setup: Any, django_db_blocker: Any) -> Any:
    """One exported evening (its club and file), shared by every example."""
    with django_db_blocker.unblock():
        club = ClubFactory()
        tournament = make_tournament(club=club, entrants=4, rounds=1)
        play_round(start_round(tournament))
        document = exported(tournament)
        gone(tournament)
    yield club, document
    leave_no_rows(django_db_blocker)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(section=st.sampled_from(SECTIONS), index=st.integers(0, 50), key=st.integers(0, 50), junk=JUNK)
def test_a_spoiled_row_is_refused_cleanly(
    evening: tuple[Club, dict[str, Any]], section: str, index: int, key: int, junk: Any
) -> None:
    club, document = evening
    spoiled = copy.deepcopy(document)
    rows = spoiled[section] if isinstance(spoiled[section], list) else [spoiled[section]]
    row = rows[index % len(rows)]
    name = sorted(row)[key % len(row)]
    row[name] = junk
    before = table_rows()
    try:
        import_evening(data=dumps(resealed(spoiled)), club=club)
    except EveningFileError:
        assert table_rows() == before
    else:
        from tournaments.models import Tournament

        Tournament.objects.filter(
            club=club
        ).delete()  # it was acceptable: leave the next example a clean club
