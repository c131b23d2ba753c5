"""The catalogs are current and complete: every string marked for translation is in its catalog
(none missing, none obsolete), and French and Dutch translate every one, none left empty, fuzzy or
in English.

The regeneration runs ``makemessages`` in a copy of the project (``catalogs.regenerated``), so the
tracked ``.po`` files are never touched; when it fails, run
``SECRET_KEY=x .venv/bin/python manage.py makemessages -l fr -l nl`` and translate what it added.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.i18n import catalogs
from tests.paths import ROOT


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> dict[Path, list[catalogs.Entry]]:
    return catalogs.regenerated(tmp_path_factory.mktemp("catalogs"))


def keys(entries: list[catalogs.Entry]) -> set[tuple[str | None, str, str | None]]:
    return {entry.key for entry in entries}


def test_it_finds_the_catalogs_of_every_language():
    found = catalogs.tracked()
    for language in catalogs.LANGUAGES:
        assert Path(f"locale/{language}/LC_MESSAGES/django.po") in found
        assert Path(f"clubs/locale/{language}/LC_MESSAGES/django.po") in found


def test_every_marked_string_is_in_its_catalog_and_no_other(fresh):
    tracked = catalogs.tracked()
    problems = []
    for path, entries in fresh.items():
        if path not in tracked:
            problems.append(f"{path}: missing (run makemessages -l fr -l nl)")
            continue
        for context, msgid, _ in sorted(keys(entries) - keys(tracked[path]), key=str):
            problems.append(f"{path}: missing {msgid!r}" + (f" (context {context!r})" if context else ""))
        for context, msgid, _ in sorted(keys(tracked[path]) - keys(entries), key=str):
            problems.append(f"{path}: obsolete {msgid!r}" + (f" (context {context!r})" if context else ""))
    assert problems == []


def test_no_entry_is_empty_or_fuzzy():
    problems = [
        f"{path}:{entry.line} {'fuzzy' if entry.fuzzy else 'empty'}: {entry.msgid!r}"
        for path, entries in catalogs.tracked().items()
        if path.parts[-3] in catalogs.LANGUAGES
        for entry in entries
        if entry.fuzzy or not all(entry.translations)
    ]
    assert problems == []


def test_no_entry_is_left_in_english():
    """A French or Dutch entry equal to its English is a forgotten translation, unless its words are
    the same in that language (``catalogs.same_as_english_is_fine``)."""
    problems = [
        f"{path}:{entry.line} {entry.msgid!r}"
        for path, entries in catalogs.tracked().items()
        if path.parts[-3] in catalogs.LANGUAGES
        for entry in entries
        if any(
            text in (entry.msgid, entry.plural) and not catalogs.same_as_english_is_fine(text, path.parts[-3])
            for text in entry.translations
        )
    ]
    assert problems == []


def test_the_reader_sees_an_empty_a_fuzzy_and_a_plural_entry(tmp_path):
    po = tmp_path / "django.po"
    po.write_text(
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        '#: a.py:1\nmsgid "One"\nmsgstr ""\n\n'
        '#, fuzzy\nmsgid "Two"\nmsgstr "Deux"\n\n'
        'msgctxt "klaverjas"\nmsgid "%(n)s deal"\nmsgid_plural "%(n)s deals"\n'
        'msgstr[0] "%(n)s donne"\nmsgstr[1] ""\n\n'
        '#~ msgid "Gone"\n#~ msgstr "Parti"\n',
        encoding="utf-8",
    )
    entries = catalogs.read(po)
    assert [(e.msgid, e.translations, e.fuzzy) for e in entries] == [
        ("One", ("",), False),
        ("Two", ("Deux",), True),
        ("%(n)s deal", ("%(n)s donne", ""), False),
    ]
    assert entries[2].key == ("klaverjas", "%(n)s deal", "%(n)s deals")


def test_no_compiled_catalog_is_tracked():
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").splitlines()
    assert "*.mo" in ignored
