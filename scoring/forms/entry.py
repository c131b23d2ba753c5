"""The deal entry form of one match: a Django form whose fields come from the game's declaration.

:class:`EntryForm` has one field per entry field in play under the match's options
(``Game.entry_fields``), built by ``build.py`` in the context the game's rules see before the
deal. Posted back, it gives the JSON entry exactly as the game defines it, leaving out what was not
filled in and what equals its default, so that the game's own validation (run by the service) is
the one that decides; the service's refusal is then shown beside the field it names
(:meth:`EntryForm.report`). A dead deal (all passed) sends ``{"dead": true}`` and nothing else.

What it does not do: check any card rule, or score. A value it cannot even read (``abc`` in a
number box) is the only error it finds itself.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.forms.renderers import TemplatesSetting
from django.http import QueryDict
from django.utils.translation import gettext as _

from games.declaration import MISSING, Field, fixed_sum
from games.match import MatchState
from games.values import SideRef
from scoring.forms.build import FieldBuilder, ValueOrParts, page_help
from scoring.forms.fields import EMPTY, token
from scoring.forms.widgets import PairSum
from scoring.game_texts import game_text, said_beside

#: The boolean field that marks a dead deal (all passed): when on, the entry is only ``{"dead": true}``.
DEAD_FIELD = "dead"


class EntryForm(forms.Form):
    """The entry of one deal: the next one (``played`` is the match so far) or a stored one shown
    for correction (``entry``, with ``played`` the match before it)."""

    prefix = "f"
    default_renderer = TemplatesSetting
    dead_field = DEAD_FIELD

    def __init__(
        self,
        played: MatchState[Any],
        *,
        players: Sequence[str] = (),
        data: QueryDict | None = None,
        entry: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(data=data)
        self.declared = {f.name: f for f in played.game.entry_fields(played.table.options)}
        self.stored = entry
        self.context = played.entry_context()
        #: The fields whose refusal already names them by their label ("Card points: the total must
        #: be 162"): the alert below Save says it as it is, not after the label a second time.
        self.named_in_refusal: set[str] = set()
        builder = FieldBuilder(self.context, played.seating(players), data)
        #: The form's fields, typed as what they are: fields of game values.
        self.values: dict[str, ValueOrParts] = {}
        for declared in self.declared.values():
            shown = EMPTY if entry is None else entry.get(declared.name, EMPTY)
            self.fields[declared.name] = self.values[declared.name] = self._field(builder, declared, shown)

    def _field(self, builder: FieldBuilder, declared: Field, shown: Any) -> ValueOrParts:
        # A nullable answer the table must give gets its own "nobody" button; a field it may leave
        # out gets a blank one.
        must_answer = declared.nullable and declared.required is True
        optional = (declared.nullable and not must_answer) or (
            declared.required is False and declared.default is MISSING
        )
        null = (_("nobody") if isinstance(declared.kind, SideRef) else _("none")) if must_answer else None
        field = builder.field(
            declared.kind,
            self.add_prefix(declared.name),
            game_text(declared.label),
            shown,
            optional=optional,
            null=null,
            total=self._pair_sum(declared),
        )
        field.help_text = page_help(declared)
        return field

    def _pair_sum(self, declared: Field) -> PairSum | None:
        """What ``declared``'s two numbers add up to, as the page fills one in from the other (the
        game's fixed sum, and the choice of the entry it follows, by its posted name)."""
        found = fixed_sum(declared, tuple(self.declared.values()), self.context)
        if found is None:
            return None
        if found.follows is None:
            return PairSum(found.default)
        by_token = {token(value): total for value, total in found.by_value.items()}
        return PairSum(found.default, self.add_prefix(found.follows), by_token)

    def add_prefix(self, field_name: str) -> str:
        """Posted names are ``f.points.0``: the entry's key, then a side's or a seat's index."""
        return f"{self.prefix}.{field_name}"

    def get_initial_for_field(self, field: forms.Field, field_name: str) -> Any:
        """What the field shows unposted: the stored entry's value, else the field's default."""
        declared = self.declared[field_name]
        if self.stored is not None:
            value = self.stored.get(field_name, EMPTY)
        else:
            value = EMPTY if declared.default is MISSING else declared.default
        return self.values[field_name].shown(value)

    @property
    def has_dead(self) -> bool:
        return DEAD_FIELD in self.fields

    def entry(self) -> dict[str, Any] | None:
        """The JSON entry from the post, or ``None`` when a value cannot be read (see ``errors``)."""
        if not self.is_valid():
            return None
        raw: dict[str, Any] = {}
        for name, value in self.cleaned_data.items():
            default = self.declared[name].default
            if value is EMPTY or (
                default is not MISSING and value == default and type(value) is type(default)
            ):
                continue
            raw[name] = value
        if raw.get(DEAD_FIELD) is True:
            return {DEAD_FIELD: True}
        for name, field in self.values.items():
            blank = field.blank
            if name not in raw and self.declared[name].is_required(raw) and blank is not EMPTY:
                raw[name] = blank
        return raw

    def report(self, field_name: str | None, rule: str, words: object = None) -> None:
        """Show a refusal beside the field it names, or above the form; a game's refusal names the
        field by its label there, not by its API key (``words``: the refusal as the game said it)."""
        if field_name in self.fields:
            labels = {name: str(field.label) for name, field in self.fields.items() if field.label}
            beside = said_beside(words, labels)
            if beside is not None:
                self.named_in_refusal.add(field_name)
            rule = beside or rule
        self.add_error(field_name if field_name in self.fields else None, rule)
