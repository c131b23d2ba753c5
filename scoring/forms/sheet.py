"""A paper score sheet's columns and the desk's keying rows, both from the game's entry form.

The entry form (``entry.py``) is built from the game's one declaration; a sheet is that same form
laid flat: one column per value a table enters (a side's points, a side's count of one kind of
roem, who played, the trump), in the declaration's order, under the field's label. The printed
sheet (``templates/tournaments/_sheet.html``) draws the columns as boxes to write in; the desk's
keying page (``templates/tournaments/sheet_key.html``) draws them as plain inputs, one row per
deal, posted under the row's own prefix (``d3.points.0``) and read back by :class:`RowForm`, the
entry form itself, so that a keyed deal becomes exactly the JSON a phone would send.

What it does not do: check any rule (the game does, through ``scoring.services.sheets``), or
draw anything (the templates do).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any, cast

from django.http import QueryDict
from django.utils.translation import gettext as _

from clubs.errors import ServiceError
from games.errors import GameError
from games.match import MatchState
from scoring.forms.build import ValueOrParts
from scoring.forms.entry import EntryForm
from scoring.forms.fields import ChoiceValue, PartsField, SwitchValue, WholeNumber
from scoring.game_texts import game_text, said_beside

#: The input a column asks for.
CHOICE, SWITCH, NUMBER, TEXT = "choice", "switch", "number", "text"


@dataclass(frozen=True)
class Column:
    """One value of a deal: posted as ``<row prefix>.<name>``, under the field's ``label``, named
    within it by ``part`` (a side, a kind of roem: "Wij · stuk"), entered as ``input``;
    ``choices`` are a choice's (token, words), ``total`` the fixed sum of a pair of numbers."""

    name: str
    field: str
    label: str
    path: tuple[str, ...]
    input: str
    choices: tuple[tuple[str, str], ...] = ()
    total: int | None = None

    @property
    def part(self) -> str:
        """The column's words within its field: "Wij · stuk"."""
        return " · ".join(self.path)


@dataclass(frozen=True)
class FieldGroup:
    """The columns of one field of the entry, side by side under its label; ``help`` is the
    field's help for players, ``choices`` its values in words when it is one choice (the sheet's
    key: "Played: Wij, Zij")."""

    name: str
    label: str
    help: str
    columns: tuple[Column, ...]

    @property
    def span(self) -> int:
        return len(self.columns)

    @property
    def choices(self) -> tuple[str, ...]:
        if len(self.columns) != 1 or self.columns[0].input != CHOICE:
            return ()
        return tuple(words for token, words in self.columns[0].choices if token)


class RowForm(EntryForm):
    """The entry form of one keyed deal: its fields posted under ``d<row>.`` instead of ``f.``."""

    def __init__(self, played: MatchState[Any], *, row: int, **given: Any) -> None:
        self.prefix = row_prefix(row)
        super().__init__(played, **given)


def row_prefix(row: int) -> str:
    """The prefix of the inputs of the row of deal number ``row``."""
    return f"d{row}"


def groups(form: EntryForm) -> tuple[FieldGroup, ...]:
    """The sheet's columns, field by field, in the declaration's order."""
    found = []
    for name, field in form.values.items():
        label = str(field.label)
        columns = tuple(_columns(field, name, label, ()))
        found.append(FieldGroup(name, label, str(field.help_text or ""), columns))
    return tuple(found)


def columns_of(sheet: Sequence[FieldGroup]) -> tuple[Column, ...]:
    return tuple(column for group in sheet for column in group.columns)


@dataclass(frozen=True)
class Heading:
    """One cell of a sheet's headings: its words, how many columns and heading rows it spans, and
    whether its words run upwards (a narrow column's long name)."""

    text: str
    cols: int = 1
    rows: int = 1
    upright: bool = False
    total: bool = False


#: A narrow column's name longer than this runs upwards.
UPRIGHT_AFTER = 7


def headings(
    sheet: Sequence[FieldGroup], sides: Sequence[str], *, deal: str, total: str
) -> list[list[Heading]]:
    """The sheet's heading rows: each field over its parts, level by level (Roem over each side
    over each kind of roem), with the deal's number first and a running total per side last."""
    depth = max([1, *(len(column.path) for group in sheet for column in group.columns)])
    rows: list[list[Heading]] = [[Heading(deal, rows=depth + 1)]]
    for group in sheet:
        parted = any(column.path for column in group.columns)
        rows[0].append(Heading(group.label, cols=group.span, rows=1 if parted else depth + 1))
    rows[0].append(Heading(total, cols=len(sides), total=True))
    for level in range(1, depth + 1):
        row: list[Heading] = []
        for group in sheet:
            cells = list(_level(group.columns, level, depth))
            # Names at one level of a field run all upwards or none (Team Ann beside Team Cy).
            upright = any(cell.upright for cell in cells)
            row.extend(
                replace(cell, upright=upright and cell.cols == 1 and cell.rows + level > depth)
                for cell in cells
            )
        if level == 1:
            row.extend(Heading(side, rows=depth, total=True) for side in sides)
        rows.append(row)
    return rows


def _level(columns: Sequence[Column], level: int, depth: int) -> Iterator[Heading]:
    """The headings of ``columns`` at ``level``: consecutive columns under the same name merged; a
    column whose path ends here spans the rows below."""
    index = 0
    while index < len(columns):
        column = columns[index]
        if len(column.path) < level:
            index += 1
            continue
        key = column.path[:level]
        span = 1
        while index + span < len(columns) and columns[index + span].path[:level] == key:
            span += 1
        leaf = len(column.path) == level
        text = column.path[level - 1]
        yield Heading(
            text,
            cols=span,
            rows=depth - level + 1 if leaf else 1,
            upright=leaf and span == 1 and len(text) > UPRIGHT_AFTER,
        )
        index += span


def _columns(field: ValueOrParts, name: str, label: str, path: tuple[str, ...]) -> Iterator[Column]:
    if isinstance(field, PartsField):
        total = getattr(field.widget, "total", None)
        pair = total.total if total is not None and not total.follows and len(field.parts) == 2 else None
        for suffix, inner in zip(field.widget.widgets_names, field.parts.values(), strict=True):
            for column in _columns(inner, name + suffix, label, (*path, str(inner.label))):
                yield column if pair is None else _with_total(column, pair)
        return
    part, top = path, name.split(".")[0]
    if isinstance(field, ChoiceValue):
        pairs = cast("list[tuple[Any, Any]]", field.choices)
        choices = tuple((str(token), str(words)) for token, words in pairs if token != "")
        yield Column(name, top, label, part, CHOICE, (("", "—"), *choices))
    elif isinstance(field, SwitchValue):
        yield Column(name, top, label, part, SWITCH)
    elif isinstance(field, WholeNumber):
        yield Column(name, top, label, part, NUMBER)
    else:
        yield Column(name, top, label, part, TEXT)


def _with_total(column: Column, total: int) -> Column:
    return column if column.input != NUMBER else Column(**{**column.__dict__, "total": total})


def row_blank(data: Mapping[str, Any], row: int, columns: Sequence[Column]) -> bool:
    """Whether nothing was keyed in row ``row`` (a row left empty is no deal)."""
    prefix = row_prefix(row)
    return all(not str(data.get(f"{prefix}.{column.name}", "")).strip() for column in columns)


def posted_rows(data: QueryDict, first: int, columns: Sequence[Column]) -> list[int]:
    """The deal numbers the post holds, from ``first`` up to the last row with anything keyed
    (an empty row before it is kept: a deal left out in the middle is the game's to refuse)."""
    heads = (key.split(".")[0] for key in data)
    numbers = {int(head[1:]) for head in heads if head.startswith("d") and head[1:].isdigit()}
    rows = sorted(number for number in numbers if number >= first)
    while rows and row_blank(data, rows[-1], columns):
        rows.pop()
    return list(range(first, rows[-1] + 1)) if rows else []


@dataclass(frozen=True)
class RowError:
    """What is wrong with a keyed deal: its number, the field (its API key; ``None``: the deal as
    a whole) and the rule in the page's words, naming the field by its label."""

    deal: int
    field: str | None
    said: str


@dataclass(frozen=True)
class Keyed:
    """The deals read from a keyed sheet, in order from the first row, up to the first that could
    not be read (``error``)."""

    numbers: tuple[int, ...]
    entries: tuple[Any, ...]
    error: RowError | None = None


def read_rows(
    start: MatchState[Any], data: QueryDict, numbers: Sequence[int], *, players: Sequence[str] = ()
) -> Keyed:
    """Each keyed row as the JSON entry a phone would send, read by the entry form of that deal
    (its choices are the deal's own: the match is played on through the rows read so far)."""
    state, entries = start, list[Any]()
    for number in numbers:
        form = RowForm(state, row=number, players=players, data=data)
        entry = form.entry()
        if entry is None:
            name, messages = next(iter(form.errors.items()))
            field = None if name == "__all__" else name
            said = " ".join(str(message) for message in messages)
            if field is not None:
                said = labelled(str(form.fields[field].label), said)
            error = RowError(number, field, deal_said(number, said))
            return Keyed(tuple(numbers[: len(entries)]), tuple(entries), error)
        entries.append(entry)
        # A deal the game refuses is the service's to name; later rows are read as they are.
        with suppress(GameError):
            state = state.play(entry)
    return Keyed(tuple(numbers), tuple(entries))


def labelled(label: str, said: str) -> str:
    """A rule said beside its field: "Points: the total must be 162"."""
    return _("%(label)s: %(text)s") % {"label": label, "text": said}


def refusal(error: ServiceError, sheet: Sequence[FieldGroup]) -> RowError | None:
    """A service's refusal of a keyed deal (``scoring.services.sheets``) in the page's words,
    naming the field by its label; ``None`` when it names no deal."""
    deal = error.extra.get("deal")
    if not isinstance(deal, int):
        return None
    labels = {group.name: group.label for group in sheet}
    field = error.field if error.field in labels else None
    beside = said_beside(error.words, labels)
    plain = str(game_text(error.words if error.words is not None else error.rule))
    if beside is not None:
        said = str(beside)
    elif field is not None:
        said = labelled(labels[field], plain)
    else:
        said = plain
    return RowError(deal, field, deal_said(deal, said))


def deal_said(number: int, said: str) -> str:
    """A refusal said of one deal of the sheet: "Deal 5 · Card points: …"."""
    return _("Deal %(number)s · %(said)s") % {"number": number, "said": said}
