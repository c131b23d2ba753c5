"""Red suits drawn red: ``{{ text|suits }}`` marks every ♥ and ♦ of a game's words ("110♥",
"♦ diamonds") so the page colours them as the cards are, ♣ and ♠ staying in the text's colour.

The text is escaped first; only the suit symbols gain markup. The colour is the stylesheet's
(``.suit-red``, readable on both themes); a selected chip keeps its own colour.
"""

from __future__ import annotations

import re

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe

register = template.Library()

_RED = re.compile("([\u2665\u2666\u2661\u2662])")


@register.filter
def suits(value: object) -> SafeString:
    escaped = str(conditional_escape(str(value)))
    return mark_safe(_RED.sub(r'<span class="suit-red">\1</span>', escaped))  # escaped above
