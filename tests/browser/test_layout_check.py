"""The layout check itself (tests/browser/layout.py): a check that cannot fail proves nothing."""

from typing import Any

import pytest

from tests.browser.layout import layout_problems

pytestmark = pytest.mark.browser

STICKY_PAGE = """
<style>body { margin: 0; font: 16px sans-serif; } .bar { position: sticky; top: 0; background: #eee; }
p { margin: 0 0 40px; }</style>
<p class="bar">Online</p>
""" + "".join(f"<p>Line {n}</p>" for n in range(60))


def test_a_sticky_line_over_what_scrolled_under_it_is_not_an_overlap(phone: Any) -> None:
    """A CI run flagged the scorer's sticky status line over the text a script had just scrolled
    under it: the check now measures the page at its top, and puts the scroll back."""
    phone.set_content(STICKY_PAGE)
    phone.evaluate("window.scrollTo(0, 468)")  # the bar lies over the ninth line
    assert layout_problems(phone) == []
    assert phone.evaluate("window.scrollY") == 468


def test_a_sticky_line_over_the_text_at_the_top_is_an_overlap(phone: Any) -> None:
    phone.set_content(STICKY_PAGE.replace("top: 0;", "top: 0; margin-bottom: -30px;"))
    phone.evaluate("window.scrollTo(0, 500)")
    problems = layout_problems(phone)
    assert any("overlap" in problem and "Line 0" in problem for problem in problems), problems
