"""A game's words in their context: plain English strings that know how to be translated.

``games/`` knows no Django, so it cannot call ``pgettext_lazy``; it marks its texts instead. Each
marker returns a :class:`Words`: a ``str`` whose value is the English text (so every test, the
API, the command line and the docs read English as before) carrying what a translator needs:

- ``term(context, text)`` marks a word or a sentence of a declaration (a label, a hint, a choice's
  words, a rule of the docs) with its context, ``pgettext_lazy("klaverjas", "nat")`` in meaning;
- ``said(context, template, **params)`` builds a sentence from a template with named placeholders
  (``"pit by %(side)s: +100"``), never from concatenated pieces (a breakdown line, a match's goal);
- ``problem(context, code, template, **params)`` is a ``said`` sentence naming a broken rule with a
  stable machine-readable ``code`` (snake_case), which :class:`games.errors.GameError` carries;
- ``counted(context, singular, plural, count, **params)`` is a sentence with a number in it, which
  the pages translate with ``npgettext`` (``count`` is also the ``%(count)s`` parameter);
- ``joined(parts, separator)`` lists texts ("3 in a row 20, stuk 20") and ``shaped(template, ...)``
  lays texts out with symbols only ("NS: 82 + contract 80 = 162"), each part translated on its own.

The context is the game's key, so the same English word in two games can translate differently;
the terms every game shares (suits, "points", the generic checks of ``values.py``) use ``SHARED``.
A parameter may itself be :class:`Words` (the field's problem inside "points must ..."): it is
translated too. The translation happens where a page is rendered (``scoring/game_texts.py``:
``pgettext(context, template) % params``); ``makemessages`` extracts the markers with the keywords
``term:1c,2``, ``said:1c,2``, ``problem:1c,3`` and ``counted:1c,2,3`` (``clubs/management/commands/makemessages.py``),
so the first argument (the context) and the template must be string literals.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

#: The context of the words every game shares.
SHARED = "games"


class Words(str):
    """English text that carries its context, its template and parameters, and maybe a code."""

    context: str
    template: str
    params: Mapping[str, Any]
    code: str | None
    #: The plural template, for a text counted by ``params["count"]``.
    plural: str | None

    def __new__(
        cls,
        context: str,
        template: str,
        params: Mapping[str, Any] | None = None,
        code: str | None = None,
        plural: str | None = None,
    ) -> Words:
        params = dict(params or {})
        english = plural if plural is not None and params.get("count") != 1 else template
        made = super().__new__(cls, english % params if params else english)
        made.context = context
        made.template = template
        made.params = params
        made.code = code
        made.plural = plural
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Words, (self.context, self.template, dict(self.params), self.code, self.plural))

    def __repr__(self) -> str:
        return f"Words({self.context!r}, {str(self)!r})"


def term(context: str, text: str) -> Words:
    """``text`` (English) marked with its context: a label, a hint, a choice's words."""
    return Words(context, text)


def said(context: str, template: str, **params: Any) -> Words:
    """The sentence ``template % params`` (named placeholders), translatable as a whole."""
    return Words(context, template, params)


def problem(context: str, code: str, template: str, **params: Any) -> Words:
    """A broken rule in words, with its stable ``code``."""
    return Words(context, template, params, code)


def counted(context: str, singular: str, plural: str, count: int, **params: Any) -> Words:
    """``singular`` or ``plural`` by ``count`` (English rules; the pages use the language's own)."""
    return Words(context, singular, {**params, "count": count}, None, plural)


def joined(parts: Iterable[str], separator: str = ", ") -> Words:
    """The ``parts`` one after the other; a page translates each part (the list itself is not a
    catalog entry: its template is only placeholders)."""
    items = list(parts)
    template = separator.replace("%", "%%").join(f"%(p{i})s" for i in range(len(items)))
    return Words(SHARED, template, {f"p{i}": part for i, part in enumerate(items)})


def shaped(template: str, **params: Any) -> Words:
    """A layout of placeholders and symbols only ("%(side)s: %(sum)s = %(score)s"): no words to
    translate, so no catalog entry (it is not a keyword of makemessages); its parameters are."""
    return Words(SHARED, template, params)


def code_of(text: str, default: str) -> str:
    """The code a text carries, or ``default`` for a plain string."""
    code = getattr(text, "code", None)
    return code if isinstance(code, str) else default
