"""Creating a tournament and changing its format, tiebreaks or planned rounds.

The arguments come typed and checked one by one (``tournaments.contracts``); here they are checked
against each other through the format's rules (``tournaments.pairing.formats``): the game fits the
format, the rounds and settings apply to it, and the game takes the options. The game's options
are resolved and frozen at creation, so a later change of the game's defaults never changes an
event under way.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

from django.db import transaction
from django.utils.translation import gettext

from clubs.errors import Conflict, InvalidEntry
from clubs.models import Club
from games import Game, GameError, find_game
from games.declaration import TableShape
from scoring import seating
from scoring.result_states import AVAILABLE, Confirmation
from scoring.services.common import game_error
from tournaments import tasks
from tournaments.models import RoundStatus, Tournament
from tournaments.pairing.errors import SetupError
from tournaments.pairing.formats import (
    EntrantKind,
    EventSettings,
    Format,
    check_fit,
    check_match_format,
    check_rounds,
    check_settings,
    default_precedence,
    draws_at_random,
    plans_its_own_rounds,
)
from tournaments.pairing.match_format import MatchFormat, parse_match_format
from tournaments.services.club_rules import CLUB_RULES, apply_club_rules
from tournaments.services.common import after_commit, lock_tournament
from tournaments.services.removal import mark_archived
from tournaments.services.results import settle_tournament
from tournaments.standings import PointScheme
from tournaments.wording import setup_refusal


def tournament_create(
    *,
    club: Club,
    name: str,
    game: Game[Any],
    format: Format,
    match_format: MatchFormat,
    entrant_kind: EntrantKind,
    rounds: int | None = None,
    preset: str | None = None,
    options: Mapping[str, object] | None = None,
    tiebreaks: Sequence[str] | None = None,
    points: PointScheme | None = None,
    settings: EventSettings | None = None,
    confirmation: Confirmation = Confirmation.HAND_OVER,
    **club_rules: Any,
) -> Tournament:
    """A tournament in registration, its game options resolved and frozen now; ``confirmation``:
    how the other side of a table vouches for its result (the tables' matches are made with it);
    ``club_rules``: the club's rules for the evening (``tournaments.services.club_rules``)."""
    if confirmation not in AVAILABLE:
        raise InvalidEntry(
            gettext("%(mode)s is not a confirmation mode") % {"mode": confirmation}, "confirmation"
        )
    given = _partie_length(game, format, _event_options(options or {}, preset), match_format)
    shape = seating.chosen_table(type(game), {**given, **match_format.option_overrides})
    with _format_rules():
        check_fit(game, shape, format, entrant_kind)
        check_rounds(format, rounds)
        check_match_format(format, match_format)
        extras = _settings(format, game, shape, settings or EventSettings())
    frozen = _freeze_options(game, format, given, match_format, extras)
    tournament = Tournament(
        club=club,
        name=name,
        game_key=game.key,
        preset=str(frozen.get("preset") or ""),
        options=frozen,
        entrant_kind=entrant_kind,
        format=format,
        match_format=match_format.text,
        rounds_planned=rounds,
        tiebreaks=list(tiebreaks or default_precedence(format, extras)),
        points=_points(points or PointScheme()),
        settings=extras,
        confirmation=confirmation,
    )
    apply_club_rules(tournament, _known(club_rules))
    tournament.save()
    return tournament


def _known(rules: dict[str, Any]) -> dict[str, Any]:
    unknown = set(rules) - CLUB_RULES
    if unknown:
        raise TypeError(f"unknown club rules: {', '.join(sorted(unknown))}")
    return rules


@contextmanager
def _format_rules() -> Iterator[None]:
    """A broken rule of the format becomes the service error naming its field."""
    try:
        yield
    except SetupError as error:
        raise InvalidEntry(setup_refusal(error), error.field) from None


def _settings(format: Format, game: Game[Any], shape: TableShape, settings: EventSettings) -> dict[str, Any]:
    """The settings to store, with a recorded seed where the draws are random."""
    extras: dict[str, Any] = check_settings(format, game, shape, settings)
    if draws_at_random(format, extras):
        extras["seed"] = random.SystemRandom().randrange(1, 2**31)
    return extras


def _points(points: PointScheme) -> dict[str, int]:
    stored = {"win": points.win, "draw": points.draw, "loss": points.loss}
    if points.bye is not None:
        stored["bye"] = points.bye
    return stored


def _event_options(options: Mapping[str, object], preset: str | None) -> dict[str, object]:
    """The options an event gives its matches, with its preset (the match format's overrides come
    on top, as a second layer)."""
    return {**options, "preset": preset} if preset else dict(options)


def _partie_length(
    game: Game[Any], format: Format, given: dict[str, object], parsed: MatchFormat
) -> dict[str, object]:
    """A concours' partie of M deals is the game's own fixed-length match where the game has one
    (belote's and klaverjas' ``deals``), unless the options say otherwise: the game then ends it
    itself, with its own last-deal rules (belote hands back a litige's pot on the last deal)."""
    if format != Format.CONCOURS or parsed.deal_limit is None or "deals" in given:
        return given
    if not any(option.name == "deals" for option in game.all_options()):
        return given
    return {**given, "deals": parsed.deal_limit}


def _freeze_options(
    game: Game[Any],
    format: Format,
    given: Mapping[str, object],
    parsed: MatchFormat,
    extras: Mapping[str, Any],
) -> dict[str, Any]:
    """The game's effective options (preset, given values, the match format's overrides), less
    those that depend on who sits at a table (``first_dealer`` as a side name)."""
    seat_bound = seating.side_bound_options(type(game), {**given, **parsed.option_overrides})
    for name in given:
        if name in seat_bound:
            raise InvalidEntry(
                gettext("%(name)s depends on who sits at each table: leave it out") % {"name": name}, name
            )
    sides = int(extras.get("table_size", 2)) if format == Format.TABLES else 2
    try:
        table = game.resolve_options(
            tuple(f"Side {i + 1}" for i in range(sides)), given, parsed.option_overrides
        )
    except GameError as error:
        raise game_error(error) from None
    return {key: value for key, value in table.options.items() if key not in seat_bound}


def tournament_configure(
    *,
    tournament_id: int,
    format: Format | None = None,
    tiebreaks: Sequence[str] | None = None,
    rounds: int | None = None,
    archived: bool | None = None,
    **club_rules: Any,
) -> Tournament:
    """Change the format, tiebreak precedence or planned rounds (the format only before round 1),
    the club's rules (``club_rules``: those given), or take the tournament off the public lists
    (``archived``: ``tournaments.services.removal``)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament_id)
        if archived is not None:
            mark_archived(tournament, archived)
        game = find_game(tournament.game_key)
        if format is not None and format != tournament.format:
            if tournament.rounds.exists():
                raise Conflict(gettext("the format cannot change once a round has been played"), "format")
            shape = game.table_shape(tournament.options)
            with _format_rules():
                check_fit(game, shape, format, EntrantKind(tournament.entrant_kind))
                check_match_format(format, parse_match_format(tournament.match_format, tournament.game_key))
                tournament.settings = _settings(
                    format, game, shape, EventSettings.from_stored(tournament.settings, format)
                )
            tournament.format = format
            if tiebreaks is None:
                tournament.tiebreaks = list(default_precedence(format, tournament.settings))
            if plans_its_own_rounds(format):
                tournament.rounds_planned = None
        if tiebreaks is not None:
            tournament.tiebreaks = list(tiebreaks)
        if rounds is not None:
            with _format_rules():
                check_rounds(Format(tournament.format), rounds)
            done = tournament.rounds.exclude(status=RoundStatus.FAILED).count()
            if rounds < done:
                raise Conflict(f"{done} rounds have already been played", "rounds")
            tournament.rounds_planned = rounds
        apply_club_rules(tournament, _known(club_rules))
        tournament.revision += 1
        tournament.save()
        settle_tournament(tournament)
        after_commit(tasks.standings_recompute, tournament.pk)
    return tournament
