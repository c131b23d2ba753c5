"""The command line of docs/games/README.md (§3–§7): ``list``, ``schema``, ``score``, ``trick``, ``docs``.

Users script against this; keep its input and output stable. Errors in the user's input print the
JSON error document on standard output and exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TextIO

from games import GAMES, UnknownGameError, find_game, strict_json
from games.docs import refresh_page
from games.errors import GameError
from games.schema import game_schema

USAGE_ERROR = 2


def _emit(doc: Any, out: TextIO) -> None:
    out.write(json.dumps(doc, ensure_ascii=False, indent=2) + "\n")


def _parse_option(text: str) -> tuple[str, Any]:
    """``NAME=VALUE``: VALUE is JSON when it parses as JSON, else a string (docs/games/README.md §4)."""
    name, sep, value = text.partition("=")
    if not sep or not name:
        raise GameError(None, f"--option takes NAME=VALUE, not {text!r}")
    try:
        return name, strict_json.loads(value)  # NaN, Infinity: not JSON, so they stay strings
    except ValueError:
        return name, value


def score(key: str, stdin: TextIO, option_args: Sequence[str], preset: str | None) -> Any:
    """Score a whole ``match.json`` and return the output document of docs/games/README.md §6."""
    game = find_game(key)
    try:
        match = strict_json.loads(stdin.read())
    except (ValueError, RecursionError) as error:
        raise GameError(None, f"match.json is not valid JSON: {error}") from None
    if not isinstance(match, dict):
        raise GameError(None, "match.json must be a JSON object")
    for required in ("sides", "deals"):
        if required not in match:
            raise GameError(required, f"match.json needs {required!r}")
    if not isinstance(match["deals"], list):
        raise GameError("deals", "deals must be a list of entries")
    overrides = _overrides(option_args, preset)
    return game.replay(match.get("options"), match["sides"], match["deals"], overrides).as_json()


def _overrides(option_args: Sequence[str], preset: str | None) -> dict[str, Any]:
    """The command line's option layer (README §4): each ``--option``, then ``--preset``."""
    overrides = dict(_parse_option(text) for text in option_args)
    if preset is not None:
        overrides["preset"] = preset
    return overrides


def schema(key: str, option_args: Sequence[str], preset: str | None) -> Any:
    """The schema of every entry the game takes, or, with options, of the entry under them.

    No sides are known here, so an option that names a side cannot be given, and those whose
    default depends on the sides (``first_dealer``) are left out of ``effective_options``.
    """
    game = find_game(key)
    overrides = _overrides(option_args, preset)
    if not overrides:
        return game_schema(type(game))
    effective = game.resolve_options((), None, overrides).options
    by_sides = {o.name for o in game.options_in_force(effective) if callable(o.default)}
    shown = {k: v for k, v in effective.items() if k in overrides or k not in by_sides}
    return game_schema(type(game), shown)


def trick(key: str, trump: str, cards: Sequence[str]) -> Any:
    """Referee one trick (Matching Trumps only)."""
    if find_game(key).key != "matching-trumps":
        raise GameError(None, "only matching-trumps has a trick referee")
    from games.matching_trumps import referee_json

    return referee_json(trump, list(cards))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description="Tablescore's rule book.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="every game: key, name, seats")
    schema_p = sub.add_parser("schema", help="JSON Schema of a game's deal entry and options")
    schema_p.add_argument("key")
    schema_p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    schema_p.add_argument("--preset", default=None)
    score_p = sub.add_parser("score", help="score match.json from standard input")
    score_p.add_argument("key")
    score_p.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    score_p.add_argument("--preset", default=None)
    trick_p = sub.add_parser("trick", help="referee one trick (matching-trumps)")
    trick_p.add_argument("key")
    trick_p.add_argument("--trump", required=True)
    trick_p.add_argument("cards", nargs="*")
    docs = sub.add_parser("docs", help="rewrite the generated tables of docs/games/KEY.md")
    docs.add_argument("keys", nargs="*")
    docs.add_argument("--dir", default="docs/games")
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run one command; returns the exit code."""
    parser = _parser()
    args, extra = parser.parse_known_args(argv)
    if extra and args.command == "trick":
        # argparse gives the cards after ``--trump X`` no home once ``key`` has been read, so the
        # documented ``trick KEY --trump 6S AH 6H`` leaves them over: they are the cards, in order.
        if "--" in extra:
            extra.remove("--")
        args.cards = [*args.cards, *extra]
    elif extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    try:
        if args.command == "list":
            _emit([_listing(cls) for cls in GAMES.values()], stdout)
        elif args.command == "schema":
            _emit(schema(args.key, args.option, args.preset), stdout)
        elif args.command == "score":
            _emit(score(args.key, stdin, args.option, args.preset), stdout)
        elif args.command == "trick":
            _emit(trick(args.key, args.trump, args.cards), stdout)
        elif args.command == "docs":
            for key in args.keys or list(GAMES):
                refresh_page(type(find_game(key)), Path(args.dir))
    except GameError as error:
        _emit(error.as_json(), stdout)
        return USAGE_ERROR
    except UnknownGameError as error:
        _emit({"error": {"deal": None, "field": None, "rule": str(error)}}, stdout)
        return USAGE_ERROR
    return 0


def _listing(cls: Any) -> dict[str, Any]:
    seats: Any = (
        cls.seats()
        if cls.min_sides == cls.max_sides or cls.partnerships
        else {
            "min": cls.min_sides,
            "max": cls.max_sides,
        }
    )
    listed = {
        "key": cls.key,
        "name": cls.name,
        "seats": seats,
        "partnerships": cls.partnerships,
        "sides": {"min": cls.min_sides, "max": cls.max_sides},
        "aliases": list(cls.aliases),
        "summary": cls.summary,
    }
    others = cls.table_shapes()[1:]
    if others:
        # The keys above describe the default table; a variant's table is listed with its options.
        listed["other_tables"] = [{"when": when.as_json(), **shape.as_json()} for when, shape in others]
    return listed
