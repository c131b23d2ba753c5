"""``makemessages`` that also extracts the game terms of ``games/`` with their context.

``games/`` is pure Python and marks its texts with ``games.terms`` (``term(context, text)``,
``said(context, template, ...)``, ``problem(context, code, template, ...)``) instead of
``pgettext_lazy``; these keywords tell xgettext where the context and the message are, so each
game's words land in ``games/locale/`` under their game's context. Everything else is Django's
command as it is.
"""

from __future__ import annotations

from django.core.management.commands.makemessages import Command as DjangoMakeMessages

#: xgettext keywords of games/terms.py: argument 1 is the context, the message follows.
GAME_KEYWORDS = (
    "--keyword=term:1c,2",
    "--keyword=said:1c,2",
    "--keyword=problem:1c,3",
    "--keyword=counted:1c,2,3",
)


class Command(DjangoMakeMessages):
    xgettext_options = [*DjangoMakeMessages.xgettext_options, *GAME_KEYWORDS]
