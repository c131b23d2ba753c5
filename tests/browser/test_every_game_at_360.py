"""Every game's scorer page and score sheet at 360 × 740 in Dutch, with the numbers of a real
match (each game's longest golden sheet of tests/data/): nothing cut ("1(" for 100), nothing
overlapping, 44 px taps (#28 item 9: Jo-Jotte's point boxes and score sheet, JAM's trick box)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from games import GAMES
from scoring.links import scorer_path
from tests.browser.layout import layout_problems
from tests.browser.support import PHONE, screen, snap
from tests.factories import make_match
from tests.paths import DATA

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]
SHOTS = Path("/tmp/tablescore-games-360")


def longest_sheet(key: str) -> dict[str, Any]:
    """The game's longest golden sheet that scores to its end (some end on a refused deal)."""
    sheets = [json.loads(path.read_text()) for path in sorted((DATA / key).glob("*.json"))]
    whole = [sheet for sheet in sheets if "error" not in sheet.get("expect", {})]
    return max(whole, key=lambda sheet: len(sheet["match"].get("deals", [])))


def choices(args: list[str], options: dict[str, Any] | None) -> tuple[str | None, dict[str, Any]]:
    """The preset and the options of the sheet's command line (``--preset P --option K=V``)."""
    chosen = dict(options or {})
    for flag, value in itertools.pairwise(args):
        if flag == "--option":
            name, _, text = value.partition("=")
            try:
                chosen[name] = json.loads(text)
            except ValueError:
                chosen[name] = text  # a word, as the command line takes it ("win=low")
    return (args[args.index("--preset") + 1] if "--preset" in args else None), chosen


def numbers_cut(page: Any) -> list[str]:
    """Each number box filled with the largest number it takes, up to three digits (a card-points
    box takes 162, a trick count 13): the boxes whose number does not show whole ("1(" for 100),
    its text measured in the box's own font against the room inside its padding."""
    return page.evaluate(
        """() => {
          const pen = document.createElement('canvas').getContext('2d');
          return [...document.querySelectorAll('input[type=number]')].filter(box => box.offsetParent).map(box => {
            box.value = String(Math.min(box.max ? Number(box.max) : 999, 999));
            const style = getComputedStyle(box);
            pen.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
            const room = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
            return pen.measureText(box.value).width > room + 0.5 ? `${box.name} shows ${box.value} cut` : null;
          }).filter(Boolean);
        }"""
    )


@pytest.mark.parametrize("key", sorted(GAMES))
def test_the_scorer_page_and_the_score_sheet_fit_a_phone_with_real_numbers(live_server, browser: Any, key):
    sheet = longest_sheet(key)
    played = sheet["match"]
    preset, options = choices(sheet.get("args", []), played.get("options"))
    match = make_match(
        game=key,
        sides=played["sides"],
        options=options or None,
        deals=played.get("deals", [])[:-1],  # one deal short of the end: the entry form is there
        preset=preset,
        seats=played.get("seats"),
    )
    page = screen(browser, PHONE, locale="nl-NL")
    problems = []
    for name, path in (("scorer", scorer_path(match)), ("sheet", f"/matches/{match.pk}/")):
        page.goto(live_server.url + path)
        if name == "scorer":
            problems += [f"{key} scorer: {problem}" for problem in numbers_cut(page)]
        snap(page, SHOTS, f"{key}-{name}")
        problems += [f"{key} {name}: {problem}" for problem in layout_problems(page)]
    page.close()
    assert problems == []
