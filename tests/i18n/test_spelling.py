"""The French and Dutch catalogs are spelled as a native would spell them: every word of every
translation is checked by Debian's hunspell with its French (``fr_FR``) and Dutch (``nl_NL``)
dictionaries. What a dictionary cannot know is listed in ``tests/data/spelling/<language>.txt``:
the games' own words (roem, kraak, coinchée), names (Parlett, Buchholz), and the API's field names
and values that a translated error message quotes as they are (``bids``, ``true``).

Placeholders, HTML tags, code in backquotes and quoted values are left out before the check: they
are not prose. Without hunspell the check skips and says so; in CI (``.ci/run`` installs
``hunspell hunspell-fr hunspell-nl``) a missing dictionary fails.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import missing
from tests.i18n import catalogs
from tests.paths import DATA

DICTIONARIES = {"fr": "fr_FR", "nl": "nl_NL"}
ALLOWED = DATA / "spelling"

#: What is not prose: HTML tags, entities, placeholders (``%(name)s``, ``%s``, ``{key}``), code in
#: backquotes, values in straight double quotes, addresses, and CSV or JSON snippets.
NOT_PROSE = re.compile(
    r"<[^>]*>|&\w+;|%\(\w+\)[sdif]|%[sdif%]|\{[^{}]*\}|`[^`]*`|\"[^\"]*\"|https?://\S+|\S+\.(?:csv|json)\b"
)
#: A word: letters, with the apostrophes and hyphens inside it (``l'équipe``, ``API-token``).
WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")


def words(text: str) -> list[str]:
    """The words of one translation, with its non-prose parts taken out."""
    return WORD.findall(NOT_PROSE.sub(" ", text).replace("’", "'"))


def allowed(language: str) -> set[str]:
    """The tracked list of words the dictionary rightly does not know, one a line, ``#`` comments."""
    lines = (ALLOWED / f"{language}.txt").read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.lstrip().startswith("#")}


def unknown_to(dictionary: str, candidates: set[str]) -> set[str]:
    """The words hunspell's ``dictionary`` does not accept (``hunspell -l`` lists them)."""
    result = subprocess.run(
        ["hunspell", "-d", dictionary, "-l", "-i", "utf-8"],
        input="\n".join(sorted(candidates)),
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=True,
        timeout=120,
    )
    return set(result.stdout.split())


def dictionary_present(dictionary: str) -> bool:
    return shutil.which("hunspell") is not None and any(
        Path(folder, f"{dictionary}.dic").exists() for folder in ("/usr/share/hunspell", "/usr/share/myspell")
    )


def translated_words(language: str) -> dict[str, str]:
    """Every word of every translation into ``language``, with one place it appears (for the message)."""
    found: dict[str, str] = {}
    for path, entries in catalogs.tracked().items():
        if path.parts[-3] != language:
            continue
        for entry in entries:
            for translation in entry.translations:
                for word in words(translation):
                    found.setdefault(word, f"{path}:{entry.line}")
    return found


def test_it_leaves_out_what_is_not_prose():
    assert words('<a href="%(url)s">Règles</a> de %(name)s : `kraak` ou "pass", {key}') == [
        "Règles",
        "de",
        "ou",
    ]
    assert words("l’équipe d'Ann, API-token") == ["l'équipe", "d'Ann", "API-token"]


@pytest.mark.parametrize("language", sorted(DICTIONARIES))
def test_every_translated_word_is_spelled_right(language):
    dictionary = DICTIONARIES[language]
    if not dictionary_present(dictionary):
        missing(f"hunspell with its {dictionary} dictionary (apt-get install hunspell hunspell-{language})")
    found = translated_words(language)
    wrong = unknown_to(dictionary, set(found)) - allowed(language)
    assert sorted(f"{word} ({found[word]})" for word in wrong) == []


@pytest.mark.parametrize("language", sorted(DICTIONARIES))
def test_the_allowed_words_are_still_used(language):
    """A word fixed in the catalogs leaves the list too, so the list never hides a new misspelling."""
    unused = allowed(language) - set(translated_words(language))
    assert sorted(unused) == []
