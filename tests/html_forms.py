"""What a browser would post for a form as the page shows it: a small reader of HTML forms.

Pages are tested through what they render, not through the Python objects behind them, so a form
can be rebuilt on other machinery without its tests changing.
"""

from __future__ import annotations

from html.parser import HTMLParser


class _FormReader(HTMLParser):
    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.fields: list[tuple[str, str]] = []
        self._select: str | None = None
        self._select_value: str | None = None
        self._select_first: str | None = None
        self._textarea: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: (value or "") for key, value in attrs}
        if tag == "form":
            self.inside = found.get("id") == self.form_id
            return
        if not self.inside or "disabled" in found:
            return
        name = found.get("name")
        if tag == "input" and name:
            kind = found.get("type", "text").lower()
            if kind in {"checkbox", "radio"}:
                if "checked" in found:
                    self.fields.append((name, found.get("value", "on")))
            elif kind not in {"submit", "button", "reset", "image", "file"}:
                self.fields.append((name, found.get("value", "")))
        elif tag == "select" and name:
            self._select, self._select_value, self._select_first = name, None, None
        elif tag == "option" and self._select is not None:
            value = found.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in found:
                self._select_value = value
        elif tag == "textarea" and name:
            self._textarea, self._text = name, []

    def handle_data(self, data: str) -> None:
        if self._textarea is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False
        elif tag == "select" and self._select is not None:
            chosen = self._select_value if self._select_value is not None else self._select_first
            if chosen is not None:
                self.fields.append((self._select, chosen))
            self._select = None
        elif tag == "textarea" and self._textarea is not None:
            self.fields.append((self._textarea, "".join(self._text)))
            self._textarea = None


def form_as_shown(html: str, form_id: str) -> dict[str, list[str]]:
    """The values the form ``form_id`` of ``html`` posts as it is shown, by field name."""
    reader = _FormReader(form_id)
    reader.feed(html)
    assert reader.fields or f'id="{form_id}"' in html, f"no form {form_id!r} on the page"
    posted: dict[str, list[str]] = {}
    for name, value in reader.fields:
        posted.setdefault(name, []).append(value)
    return posted


class _ChoiceReader(HTMLParser):
    """The choices of one field: its radio buttons (with their label's words and note) or the
    options of its drop-down list."""

    def __init__(self, name: str) -> None:
        super().__init__(convert_charrefs=True)
        self.name = name
        self.choices: list[list[str]] = []
        self._in_label = self._in_select = self._in_option = self._in_note = False
        self._current: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {key: (value or "") for key, value in attrs}
        if tag == "label":
            self._in_label, self._current = True, None
        elif (
            tag == "input"
            and self._in_label
            and found.get("name") == self.name
            and found.get("type") == "radio"
        ):
            self._current = [found.get("value", ""), "", ""]
            self.choices.append(self._current)
        elif tag == "select":
            self._in_select = found.get("name") == self.name
        elif tag == "option" and self._in_select:
            self._current = [found.get("value", ""), "", ""]
            self.choices.append(self._current)
        elif tag == "small":
            self._in_note = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "label":
            self._in_label, self._current = False, None
        elif tag == "select":
            self._in_select = False
        elif tag == "option":
            self._current = None
        elif tag == "small":
            self._in_note = False

    def handle_data(self, data: str) -> None:
        if self._current is not None:
            self._current[2 if self._in_note else 1] += data.strip()


def choices_shown(html: str, name: str) -> list[tuple[str, str, str]]:
    """Each choice the page offers for the field posted as ``name``: the value it posts, its words
    and the note under them (a side's players), in the page's order."""
    reader = _ChoiceReader(name)
    reader.feed(html)
    return [(value, words, note) for value, words, note in reader.choices]
