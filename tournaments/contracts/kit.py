"""The pieces the contracts are made of: strict JSON fields, a serializer that refuses keys it does
not declare, and :func:`validated`, which turns the first error into the API's one error shape
(``tablescore.api.invalid_entry``, which the scoring API's serializers use too).

DRF's own fields are lenient where a contract must not be (``CharField`` takes ``5`` as ``"5"``,
``IntegerField`` takes ``"5"`` and ``5.0``, ``BooleanField`` takes ``"yes"``), and their messages
do not name the field. The fields here take exactly the JSON type they document and say what is
wrong in a sentence that names the field (``rounds must be a whole number from 1 to 99``); they
document themselves in the OpenAPI schema as the DRF field they extend.

What this module does not do: know any tournament rule (the contracts and services do).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, NoReturn

from django.core.validators import MaxLengthValidator
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers
from rest_framework.settings import api_settings

from clubs.errors import InvalidEntry
from tablescore.api import invalid_entry

NON_FIELD = api_settings.NON_FIELD_ERRORS_KEY


class Named(serializers.Field):  # type: ignore[type-arg]
    """A field whose messages may name it: ``{field}`` in a message is the field's name."""

    default_error_messages = {"required": _("{field} is required"), "null": _("{field} may not be null")}

    def fail(self, key: str, **kwargs: Any) -> NoReturn:
        super().fail(key, field=self.field_name, **kwargs)


class Text(Named, serializers.CharField):
    """A JSON string, trimmed; never a number or a list turned into text."""

    default_error_messages = {
        "invalid": _("{field} must be a text"),
        "blank": _("{field} must be a non-empty text"),
        "max_length": _("{field} must be at most {max_length} characters"),
    }

    def bind(self, field_name: str, parent: Any) -> None:
        super().bind(field_name, parent)
        if self.max_length is not None:  # DRF wrote the message before the field had a name
            rule = format_lazy(
                self.error_messages["max_length"], field=field_name, max_length=self.max_length
            )
            self.validators = [
                MaxLengthValidator(self.max_length, message=rule) if isinstance(v, MaxLengthValidator) else v
                for v in self.validators
            ]

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return str(super().to_internal_value(data))


class WholeNumber(Named, serializers.IntegerField):
    """A JSON integer (never a boolean or a fraction) within bounds; with ``digits=True`` a string
    of digits is read as its number and an empty string as nothing (what a CSV cell holds)."""

    def __init__(
        self, *, low: int | None = None, high: int | None = None, digits: bool = False, **kwargs: Any
    ):
        given = kwargs.get("error_messages", {})
        super().__init__(**kwargs)
        # Bounds checked here rather than by DRF's validators, so that the message names the field;
        # the schema still shows them.
        self.min_value, self.max_value, self.digits = low, high, digits
        if "invalid" not in given:
            self.error_messages["invalid"] = _number_rule(low, high)

    def validate_empty_values(self, data: Any) -> tuple[bool, Any]:
        if self.digits and data == "" and self.allow_null:
            return True, None
        return super().validate_empty_values(data)

    def to_internal_value(self, data: Any) -> int:
        if self.digits and isinstance(data, str) and data.strip().lstrip("-").isdigit():
            data = int(data)
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        if (self.min_value is not None and data < self.min_value) or (
            self.max_value is not None and data > self.max_value
        ):
            self.fail("invalid")
        return int(data)


def _filled(message: Any, values: dict[str, object]) -> str:
    said = str(message)
    for name, value in values.items():
        said = said.replace("{" + name + "}", str(value))
    return said


_filled_lazy = lazy(_filled, str)


def partly(message: Any, **values: object) -> Any:
    """``message`` (a lazy translation) with some of its ``{placeholders}`` filled when it is read,
    the others (``{field}``, ``{input!r}``) left for DRF to fill."""
    return _filled_lazy(message, values)


def _number_rule(low: int | None, high: int | None) -> Any:
    """The rule of a whole number's bounds, said in the reader's language when it is read; its
    ``{field}`` is left for the field's name."""
    if low is not None and high is not None:
        return partly(_("{field} must be a whole number from {low} to {high}"), low=low, high=high)
    if low is not None:
        return partly(_("{field} must be a whole number of at least {low}"), low=low)
    return _("{field} must be a whole number")


class Flag(Named, serializers.BooleanField):
    """A JSON ``true`` or ``false``, nothing that merely looks like one."""

    default_error_messages = {"invalid": _("{field} must be true or false")}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return bool(data)


class Choice(Named, serializers.ChoiceField):
    """One of a vocabulary's texts; the value is the vocabulary's member (an enumeration's member,
    or the text itself)."""

    default_error_messages = {"invalid_choice": _("{field} must be one of {values}")}

    def __init__(self, vocabulary: Iterable[enum.Enum] | Iterable[str], **kwargs: Any) -> None:
        self.members: dict[str, object] = {
            str(member.value if isinstance(member, enum.Enum) else member): member for member in vocabulary
        }
        super().__init__(choices=[(value, value) for value in self.members], **kwargs)

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, str) or data not in self.members:
            self.fail("invalid_choice", values=", ".join(self.members), input=data)
        return self.members[data]


class JSONObject(Named, serializers.DictField):
    """A JSON object whose values the caller checks (a game's options, for one)."""

    default_error_messages = {"not_a_dict": _("{field} must be an object")}


class TextList(Named, serializers.ListField):
    """A JSON array of non-empty texts."""

    default_error_messages = {"not_a_list": _("{field} must be a list of names")}


class Contract(serializers.Serializer):  # type: ignore[type-arg]
    """An input serializer that refuses the keys it does not declare (the first, alphabetically).

    ``unknown_key`` is the rule for such a key (``{key}`` is its repr; ``None`` lets such keys
    pass); ``unknown_key_field`` the field the error names (``None``: the key itself). ``not_an_object`` is the rule for a body (or
    a nested value) that is not a JSON object.
    """

    unknown_key: Any = _("{key} is not a field")
    unknown_key_field: str | None = None
    not_an_object: Any = _("the body must be a JSON object")

    default_error_messages = {"required": _("{field} is required"), "null": _("{field} may not be null")}

    def fail(self, key: str, **kwargs: Any) -> NoReturn:
        super().fail(key, field=self.field_name, **kwargs)

    def to_internal_value(self, data: Any) -> Any:
        if not isinstance(data, Mapping):
            raise serializers.ValidationError({NON_FIELD: [str(self.not_an_object)]}, code="invalid")
        unknown = sorted(set(data) - set(self.fields))
        if unknown and self.unknown_key is not None:
            field = self.unknown_key_field or unknown[0]
            raise serializers.ValidationError({field: [self.unknown_key.format(key=repr(unknown[0]))]})
        return super().to_internal_value(data)


def validated(contract: type[Contract], data: Any, *, many: bool = False) -> Any:
    """The contract's validated value for ``data`` (with ``many``, a list of such values), or
    :class:`InvalidEntry` naming the first problem (``tablescore.api.invalid_entry``: its top-level
    field, the rule, and for a list the ``row`` it is in)."""
    if not many and not isinstance(data, Mapping):
        raise InvalidEntry(str(contract.not_an_object), None)
    checked = contract(data=data, many=many)
    if checked.is_valid():
        return checked.validated_data
    raise invalid_entry(checked.errors)
