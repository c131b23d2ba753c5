"""OpenAPI schema additions that hold for every operation, whatever its view says (drf-spectacular
post-processing hook, in ``SPECTACULAR_SETTINGS``).

Authentication runs before any view: an operation that accepts a table link, a token or a session
may answer 401 (a bad or revoked credential), 403 (a session write without its CSRF token) and,
with a table link, 429 (too many bad tokens from one address, ``scoring/throttling.py``), all in
the API's one error shape. What it does not do: describe any view's own answers.
"""

from __future__ import annotations

from typing import Any

ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
WRITES = {"post", "put", "patch", "delete"}


def document_authentication_errors(result: dict[str, Any], generator: Any, request: Any, public: bool) -> Any:
    for methods in result.get("paths", {}).values():
        for method, operation in methods.items():
            schemes = {name for requirement in operation.get("security") or [] for name in requirement}
            if not schemes:
                continue
            responses = operation.setdefault("responses", {})
            responses.setdefault("401", {"description": "Bad or revoked credentials", "content": ERROR})
            if method in WRITES:
                responses.setdefault(
                    "403", {"description": "Not allowed (or a session without CSRF)", "content": ERROR}
                )
            if "tableLink" in schemes:
                responses.setdefault(
                    "429",
                    {
                        "description": "Too many bad table links from this address",
                        "headers": {"Retry-After": {"schema": {"type": "integer"}}},
                        "content": ERROR,
                    },
                )
    return result
