"""The project's gettext catalogs as data: a small reader of ``.po`` files (no dependency), where
they are, and how to regenerate them into a copy of the project without touching the tracked ones.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.paths import ROOT

#: The languages every catalog must translate completely.
LANGUAGES = ("fr", "nl")
#: Entries whose French or Dutch is rightly the English word (a name, a word both languages share).
#: Anything else translated as its own English is a translation forgotten.
SAME_AS_ENGLISH = frozenset({"Tablescore", "Club", "Match", "Score", "Scores", "Bonus", "Solo"})
#: Words that stay as they are in French and Dutch: the games' native terms, names and titles.
NATIVE = frozenset(
    [
        "nat",
        "pit",
        "roem",
        "verzaakt",
        "stuk",
        "kraak",
        "rekraak",
        "superkraak",
        "gaan",
        "boompje",
        "Jas",
        "Nel",
        "capot",
        "Capot",
        "belote",
        "Belote",
        "coinche",
        "Coinche",
        "surcoinche",
        "litige",
        "générale",
        "dix",
        "de",
        "der",
        "carré",
        "tierce",
        "quarte",
        "quinte",
        "chute",
        "dedans",
        # classic Belote's words (the French keep them; the Dutch say them beside their own)
        "preneur",
        "rebelote",
        "et",
        "partie",
        "donne",
        "concours",
        "Jo",
        "Jotte",
        "nullo",
        "JAM",
        "Parcellus",
        "Back",
        "Alley",
        "Parlett",
        "Penguin",
        "Book",
        "of",
        "Card",
        "Games",
        "FFB",
        "Fédération",
        "Française",
        "Amsterdam",
        "Rotterdam",
        "Klaverjas",
        "Klaverjassen",
        "board",
        "grand",
        "baby",
        "Pagat",
        "Roem",
        "Kraak",
    ]
)
#: Words a language spells as English does.
SAME = {
    "fr": frozenset({"Points", "Option", "Options", "Total"})
    # the tournaments' and seasons' pages: a tiebreak's inventor, "Table 3", "3 points", "2 oct. absent"
    | {"Console", "Buchholz", "Table", "table", "point", "points", "pt", "pts", "absent"},
    "nl": frozenset({"pot", "contract", "Contract", "best", "of", "three", "Team", "team", "Teams", "Effect"})
    | {"Console", "Buchholz", "Ratings", "pt"}
    # the compass: West is west in Dutch too
    | {"West"}
    # an API token is a token in Dutch too
    | {"Token"},
}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def same_as_english_is_fine(text: str, language: str) -> bool:
    """A translation equal to its English is right when the whole text is a shared word, or every word
    of it is a native term, a name, or spelled the same in ``language`` (placeholders and numbers aside)."""
    if text in SAME_AS_ENGLISH:
        return True
    words = re.findall(r"[^\W\d_]+", PLACEHOLDER.sub("", text))
    return all(word in NATIVE or word in SAME[language] or word in SAME_AS_ENGLISH for word in words)


#: What a copy of the project for ``makemessages`` leaves out (not sources, or not ours).
NOT_SOURCES = (
    ".git",
    ".venv",
    "var",
    "staticfiles",
    "test-artifacts",
    "__pycache__",
    ".mypy_cache",
    ".ruff_cache",
    ".pytest_cache",
    ".hypothesis",
    "*.mo",
)


@dataclass(frozen=True)
class Entry:
    context: str | None
    msgid: str
    plural: str | None
    translations: tuple[str, ...]
    fuzzy: bool
    line: int

    @property
    def key(self) -> tuple[str | None, str, str | None]:
        return self.context, self.msgid, self.plural


def _text(lines: list[str]) -> str:
    return "".join(ast.literal_eval(line) for line in lines)


def read(path: Path) -> list[Entry]:
    """The live entries of a ``.po`` file (the header and obsolete ``#~`` entries left out)."""
    entries: list[Entry] = []
    fields: dict[str, list[str]] = {}
    flags: set[str] = set()
    current = ""
    start = 0

    def flush() -> None:
        nonlocal fields, flags
        msgid = _text(fields.get("msgid", []))
        if msgid:
            entries.append(
                Entry(
                    context=_text(fields["msgctxt"]) if "msgctxt" in fields else None,
                    msgid=msgid,
                    plural=_text(fields["msgid_plural"]) if "msgid_plural" in fields else None,
                    translations=tuple(_text(v) for k, v in sorted(fields.items()) if k.startswith("msgstr")),
                    fuzzy="fuzzy" in flags,
                    line=start,
                )
            )
        fields, flags = {}, set()

    for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = raw.strip()
        done = any(key.startswith("msgstr") for key in fields)
        if line.startswith(("#", "msgctxt", "msgid ")) and done:
            flush()
        if not line or line.startswith("#~"):
            continue
        if line.startswith("#,"):
            flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith('"'):
            fields.setdefault(current, []).append(line)
        elif not line.startswith("#"):
            current, _, rest = line.partition(" ")
            if not fields:
                start = number
            fields[current] = [rest]
    flush()
    return entries


def tracked(root: Path = ROOT) -> dict[Path, list[Entry]]:
    """Every catalog under ``root`` (``<folder>/locale/<lang>/LC_MESSAGES/django.po``), by its path
    relative to ``root``."""
    return {path.relative_to(root): read(path) for path in catalog_files(root)}


def catalog_files(root: Path = ROOT, domain: str = "django") -> list[Path]:
    """The ``.po`` files of ``domain``: the project's ``locale/`` and each top-level package's."""
    patterns = (f"locale/*/LC_MESSAGES/{domain}.po", f"*/locale/*/LC_MESSAGES/{domain}.po")
    found = {path for pattern in patterns for path in root.glob(pattern)}
    return sorted(path for path in found if path.relative_to(root).parts[0] not in NOT_SOURCES)


def compile_stale(root: Path = ROOT) -> list[Path]:
    """Compile each catalog whose ``.mo`` is missing or older than its ``.po`` (what
    ``compilemessages`` does, for a test run started without ``bin/test``), the scripts' catalog
    (``djangojs``) too; the ``.mo`` is written aside and moved into place, so two test runs at
    once never read half a file."""
    msgfmt = shutil.which("msgfmt")
    compiled = []
    catalogs = catalog_files(root) + catalog_files(root, "djangojs")
    for po in catalogs if msgfmt else []:
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        partial = mo.with_name(f".{mo.name}.{os.getpid()}")
        subprocess.run([msgfmt, "--check-format", "-o", str(partial), str(po)], check=True)
        os.replace(partial, mo)
        compiled.append(po)
    return compiled


def regenerated(into: Path) -> dict[Path, list[Entry]]:
    """The catalogs as ``makemessages -l fr -l nl`` makes them from the sources as they are now,
    run in a copy of the project at ``into`` (the copy's own settings, so its LOCALE_PATHS point
    into the copy: the tracked files are never written)."""
    copy = into / "project"
    shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(*NOT_SOURCES), symlinks=True)
    environment = {
        key: value for key, value in os.environ.items() if key not in ("DATABASE_URL", "REDIS_URL")
    }
    environment.update(SECRET_KEY="catalogs", DJANGO_SETTINGS_MODULE="tablescore.settings")
    command = [sys.executable, "manage.py", "makemessages", *[f"-l{lang}" for lang in LANGUAGES], "-v0"]
    subprocess.run(command, cwd=copy, env=environment, check=True, capture_output=True, timeout=600)
    return tracked(copy)
