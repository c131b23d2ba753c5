"""The tournaments app hears the scoring app's matches: subscribed in ready(), it reads a changed
match into its table; a listener's failure never reaches the write that announced the change."""

from __future__ import annotations

import logging

import pytest

from scoring.models import Match
from scoring.services.deals import deal_record
from scoring.signals import announce, match_changed
from tests.tournaments.factories import TABLE, current_match, make_tournament, start_round, winning_entry
from tournaments import listeners
from tournaments.models import TableStatus

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("in_process_tasks")]


def test_it_is_subscribed_to_the_scoring_apps_matches_once():
    heard = [reference() for _, reference, *_ in match_changed.receivers]  # weak references

    assert heard.count(listeners.match_changed) == 1


def test_an_announced_change_is_read_into_the_table():
    table = start_round(make_tournament(entrants=2, rounds=1)).tables.get()
    match = current_match(table)
    deal_record(match_id=match.pk, entry=winning_entry(match, 1), actor=TABLE)  # no commit: unheard
    table.refresh_from_db()
    assert table.status == TableStatus.PLAYING

    announce(match.pk)

    table.refresh_from_db()
    assert table.status == TableStatus.FINISHED
    assert table.result[str(table.entrants[1])]["outcome"] == "win"


def test_a_failing_listener_is_logged_and_the_others_still_hear(caplog):
    heard = []

    def broken(sender, **kwargs):
        raise RuntimeError("a bug in a listener")

    def listening(sender, *, match_id, **kwargs):
        heard.append((sender, match_id))

    match_changed.connect(broken, dispatch_uid="test.broken")
    match_changed.connect(listening, dispatch_uid="test.listening")
    try:
        with caplog.at_level(logging.ERROR, logger="django.dispatch"):
            announce(12345)
    finally:
        match_changed.disconnect(dispatch_uid="test.broken")
        match_changed.disconnect(dispatch_uid="test.listening")

    assert heard == [(Match, 12345)]
    assert "a bug in a listener" in caplog.text
