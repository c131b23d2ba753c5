"""The API's JSON reader: the rule book's strict one (``games.strict_json``), so a deal entry that
names a side twice is a 400 rather than whichever value came last."""

from __future__ import annotations

import codecs
from collections.abc import Mapping
from typing import IO, Any

from django.conf import settings
from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from games import strict_json


class StrictJSONParser(JSONParser):
    def parse(
        self, stream: IO[Any], media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> Any:
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        try:
            return strict_json.loads(codecs.getreader(encoding)(stream).read())
        except (ValueError, RecursionError) as error:
            raise ParseError(_("JSON parse error - %(problem)s") % {"problem": error}) from None
