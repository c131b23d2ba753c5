"""The contracts of an event: creating a tournament, and changing its format, tiebreaks or rounds.

Each field is checked on its own here (type, bounds, a known game, metric or format); whether the
values fit together (the game in that format, rounds or a setting the format allows, the options
the game takes) is the service's business, since changing the format asks the same questions.
Two readings are the contract's own, as they only need the game: the match format, given as one
text (``deals:4``, what the API always took) or as its kind and a number (``deals`` and
``match_length`` 4, what the new-tournament page posts from a choice and a number box); and the
preset, named in any case (``FFB`` is the game's ``ffb``).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from games import UnknownGameError, find_game
from games.base import Game
from scoring.result_states import Confirmation
from tournaments.contracts.club_rules import ClubRules
from tournaments.contracts.kit import Choice, Contract, Flag, JSONObject, Named, Text, WholeNumber, partly
from tournaments.pairing.base import FirstRound
from tournaments.pairing.concours import ConcoursDraw
from tournaments.pairing.formats import SETTINGS, ConcoursRanking, EntrantKind, EventSettings, Format
from tournaments.pairing.match_format import (
    MOST_DEALS,
    FormatKind,
    MatchFormatError,
    parse_match_format,
)
from tournaments.standings import METRICS, PointScheme, StandingsError
from tournaments.wording import match_format_refusal

MATCH_FORMAT_HELP = (
    "game (to the game's own end), rubber, deals or best-of with match_length (or in one text: "
    "deals:N, best-of:N)."
)
MATCH_LENGTH_HELP = "Deals a match (deals), or games a series (best-of, 3 when left out)."


class GameKey(Named, serializers.CharField):
    """A game's key or alias; the value is the game's rules."""

    default_error_messages = {"invalid": _("{field} must be a game's key")}

    def to_internal_value(self, data: Any) -> Game[Any]:
        if not isinstance(data, str):
            self.fail("invalid")
        try:
            return find_game(data)
        except UnknownGameError as error:
            raise serializers.ValidationError(str(error)) from None


class MatchFormatText(Text):
    """``game``, ``deals:N``, ``rubber`` or ``best-of:N``, or the kind alone (``deals``,
    ``best-of``) with a ``match_length``; read for the game by the contract."""

    def to_internal_value(self, data: Any) -> str:
        text = super().to_internal_value(data)
        if text in (FormatKind.DEALS, FormatKind.BEST_OF):
            return text
        try:
            parse_match_format(text, "")
        except MatchFormatError as error:
            raise serializers.ValidationError(match_format_refusal(error)) from None
        return text


class Tiebreaks(Named, serializers.ListField):
    """The standings metrics in order of precedence: known keys, each once, at least one."""

    rule = _("tiebreaks must be a non-empty list of metric keys")
    default_error_messages = {"not_a_list": rule, "empty": rule}

    def __init__(self, **kwargs: Any) -> None:
        known = partly(_("{input!r} is not a metric; known: {known}"), known=", ".join(METRICS))
        child = Choice(METRICS, error_messages={"invalid_choice": known, "null": self.rule})
        super().__init__(child=child, allow_empty=False, **kwargs)

    def to_internal_value(self, data: Any) -> tuple[str, ...]:
        keys = tuple(super().to_internal_value(data))
        if len(set(keys)) != len(keys):
            raise serializers.ValidationError(_("each metric may appear once in tiebreaks"))
        return keys


class SettingsInput(Contract):
    """A format's extras; the value is an :class:`EventSettings`."""

    unknown_key = partly(_("{key} is not a setting ({settings})"), settings=", ".join(SETTINGS))
    not_an_object = _("settings must be an object")

    first_round = Choice(
        FirstRound,
        required=False,
        error_messages={"invalid_choice": _("first_round must be by-seed or random")},
        help_text="Swiss and tables: round 1 by seed or at random.",
    )
    seed = WholeNumber(required=False, help_text="The seed of the random draws (recorded when left out).")
    third_place = Flag(required=False, help_text="Single elimination: a match for third place.")
    reset = Flag(required=False, help_text="Double elimination: a second final if the losers' champion wins.")
    cycles = WholeNumber(
        low=1, high=4, required=False, help_text="Round robin: how many times everyone meets."
    )
    table_size = WholeNumber(required=False, help_text="Multi-seat tables: the preferred seats a table.")
    draw = Choice(
        ConcoursDraw,
        required=False,
        error_messages={"invalid_choice": _("draw must be standings, random or rotation")},
        help_text="Concours: the parties after the first down the standings (the default), drawn at "
        "random each partie, or a fixed rotation.",
    )
    ranking = Choice(
        ConcoursRanking,
        required=False,
        error_messages={"invalid_choice": _("ranking must be points or parties-won")},
        help_text="Concours: by the points marked (the default), or by parties won then points.",
    )

    def validate(self, attrs: dict[str, Any]) -> EventSettings:
        return EventSettings(**attrs)


class PointsInput(Contract):
    """Match points per outcome, the defaults where left out; the value is a :class:`PointScheme`."""

    unknown_key = _("{key} is not a kind of match points (win, draw, loss, bye)")
    not_an_object = _("points must be an object: win, draw, loss (and bye)")

    win = WholeNumber(low=0, high=100, required=False)
    draw = WholeNumber(low=0, high=100, required=False)
    loss = WholeNumber(low=0, high=100, required=False)
    bye = WholeNumber(low=0, high=100, required=False, help_text="A bye scores as a win when left out.")

    def validate(self, attrs: dict[str, Any]) -> PointScheme:
        try:
            return PointScheme(**attrs)
        except StandingsError as error:
            raise serializers.ValidationError(str(error)) from None


class TournamentCreate(ClubRules):
    """``POST /api/tournaments/``, and the new-tournament page."""

    unknown_key = _("{key} is not a field of a tournament")

    name = Text(max_length=120)
    game = GameKey(help_text="A game's key (GET /api/games/) or alias.")
    format = Choice(Format)
    match_format = MatchFormatText(help_text=MATCH_FORMAT_HELP)
    match_length = WholeNumber(
        low=1, high=MOST_DEALS, required=False, allow_null=True, help_text=MATCH_LENGTH_HELP
    )
    entrant_kind = Choice(EntrantKind)
    rounds = WholeNumber(low=1, high=99, required=False, allow_null=True, help_text="Swiss and tables only.")
    preset = Text(
        max_length=40,
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text="The game's preset, if it has any.",
    )
    options = JSONObject(required=False, allow_null=True, help_text="The game's options (its schema).")
    tiebreaks = Tiebreaks(required=False, allow_null=True)
    points = PointsInput(required=False, allow_null=True)
    settings = SettingsInput(required=False, allow_null=True)
    confirmation = Choice(
        Confirmation,
        required=False,
        help_text="How the other side of a table vouches for its result: none, hand-over (the default: "
        "the phone is passed across), own-device (each side its own link) or double-blind (both sides enter the match on their own links; different entries are a dispute).",
    )
    club = Text(
        required=False,
        allow_blank=True,
        help_text="The club's slug; needed by an organizer of several clubs.",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The match format as the chosen game plays it (JAM's best of three is its own rubbers),
        and the game's preset by its own name."""
        game = attrs["game"]
        attrs["match_format"] = _match_format(attrs["match_format"], attrs.pop("match_length", None), game)
        if attrs.get("preset"):
            attrs["preset"] = _preset(attrs["preset"], game)
        return attrs


def _match_format(text: str, length: int | None, game: Game[Any]) -> Any:
    kind = FormatKind(text.partition(":")[0])
    if length is not None:
        if not kind.counted or ":" in text:
            raise serializers.ValidationError(
                {
                    "match_length": _(
                        "match_length is only for the deals and best-of match formats (without :N)"
                    )
                }
            )
        text = f"{kind}:{length}"
    elif text == FormatKind.DEALS:
        raise serializers.ValidationError(
            {"match_length": _("match_length must be given: the number of deals a match is")}
        )
    elif text == FormatKind.BEST_OF:
        text = f"{kind}:3"
    try:
        return parse_match_format(text, game.key)
    except MatchFormatError as error:
        raise serializers.ValidationError(
            {"match_length" if length else "match_format": match_format_refusal(error)}
        ) from None


def _preset(name: str, game: Game[Any]) -> str:
    """The game's preset called ``name``, in any case."""
    known = {preset.lower(): preset for preset in game.presets}
    found = known.get(name.strip().lower())
    if found is None:
        rule = (
            gettext("preset must be one of the game's presets: %(presets)s")
            % {"presets": ", ".join(game.presets)}
            if game.presets
            else gettext("the game has no presets: leave preset out")
        )
        raise serializers.ValidationError({"preset": rule})
    return found


class TournamentChange(ClubRules):
    """``PATCH /api/tournaments/{id}/``, and the console's format form: what may change."""

    unknown_key = _("{key} cannot be changed")

    format = Choice(Format, required=False, allow_null=True, help_text="Only before the first round.")
    tiebreaks = Tiebreaks(required=False, allow_null=True)
    rounds = WholeNumber(low=1, high=99, required=False, allow_null=True)
    archived = Flag(
        required=False, help_text="true: hidden from the public lists (kept for seasons); false: shown again."
    )
