"""Every error in one shape: ``application/problem+json`` (RFC 9457).

``{type, title, status, detail}``, plus ``field`` (the offending field, when one is to
blame), ``errors`` (every schema violation found) and ``request_id``. Werkzeug's own
errors (404, 405, 413, ...) take the same shape; an unexpected failure is logged with
the request id and answered 500 without internals.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterable, Mapping
from typing import Any

from flask import Flask, Response, g, request
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

from api.schemas import Problem

MIMETYPE = "application/problem+json"
TYPE_PREFIX = "urn:category-judge:problem:"
log = logging.getLogger("api")

#: kind -> (status, title). The kind is the last part of the problem's ``type`` URI.
KINDS: dict[str, tuple[int, str]] = {
    "invalid-json": (400, "Malformed JSON"),
    "schema-violation": (400, "Request does not match the schema"),
    "invalid-record": (400, "Game record breaks its schema"),
    "not-found": (404, "Not found"),
    "method-not-allowed": (405, "Method not allowed"),
    "body-too-large": (413, "Request body too large"),
    "too-many-items": (413, "Too many items"),
    "unsupported-media-type": (415, "Unsupported media type"),
    "rejected-by-rules": (422, "Request rejected by the rules"),
    "internal-error": (500, "Internal server error"),
    "not-ready": (503, "Not ready"),
}


class ApiProblem(Exception):
    """Raise from a view to answer with a problem of a known ``kind``."""

    def __init__(self, kind: str, detail: str, *, field: str | None = None,
                 errors: list[dict[str, str]] | None = None, headers: Mapping[str, str] | None = None) -> None:
        super().__init__(detail)
        self.kind = kind
        self.status, self.title = KINDS[kind]
        self.detail = detail
        self.field = field
        self.errors = errors
        self.headers = dict(headers or {})


def field_path(loc: Iterable[int | str], prefix: str = "") -> str:
    """``('items', 3, 'letter')`` -> ``items[3].letter``; the empty location is ``body``.

    >>> field_path(("items", 3, "letter")), field_path(()), field_path(("lang",), "query")
    ('items[3].letter', 'body', 'query.lang')
    """
    out = prefix
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out or "body"


def from_validation_error(exc: ValidationError, prefix: str = "") -> ApiProblem:
    """A pydantic error -> 400, naming the first offending field (and listing all of them)."""
    errors = [{"field": field_path(e["loc"], prefix), "message": e["msg"], "type": e["type"]}
              for e in exc.errors(include_url=False, include_input=False)]
    if errors and errors[0]["type"] == "json_invalid":
        return ApiProblem("invalid-json", f"The body is not valid JSON: {errors[0]['message']}", field="body")
    first = errors[0] if errors else {"field": "body", "message": "invalid"}
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return ApiProblem("schema-violation", f"{first['field']}: {first['message']}{more}", field=first["field"],
                      errors=errors)


def problem_response(status: int, kind: str, title: str, detail: str, *, field: str | None = None,
                     errors: list[dict[str, str]] | None = None, headers: Mapping[str, str] | None = None,
                     ) -> Response:
    """The one place an error body is written."""
    body: dict[str, Any] = {"type": TYPE_PREFIX + kind, "title": title, "status": status, "detail": detail}
    if field is not None:
        body["field"] = field
    if errors:
        body["errors"] = errors
    request_id = g.get("request_id")
    if request_id:
        body["request_id"] = request_id
    # ensure_ascii: a detail that quotes a client's odd text can never fail to encode.
    response = Response(json.dumps(body), status=status, mimetype=MIMETYPE)
    for name, value in (headers or {}).items():
        response.headers[name] = value
    return response


def _status_kind(code: int) -> str:
    for kind, (status, _) in KINDS.items():
        if status == code:
            return kind
    return "http-" + str(code)


def handle_problem(exc: ApiProblem) -> Response:
    return problem_response(exc.status, exc.kind, exc.title, exc.detail, field=exc.field, errors=exc.errors,
                            headers=exc.headers)


def handle_http_exception(exc: HTTPException) -> Response:
    """Werkzeug's errors (404, 405, 413, ...) in the same shape, keeping headers such as ``Allow``."""
    code = exc.code or 500
    kind = _status_kind(code)
    title = KINDS[kind][1] if kind in KINDS else (exc.name or "Error")
    detail = exc.description or title
    if code == 404:
        detail = f"No such resource: {request.path}"
    elif code == 405:
        detail = f"{request.method} is not allowed on {request.path}"
    elif code == 413:
        limit = request.max_content_length
        detail = f"The body is larger than the limit of {limit:,} bytes." if limit else detail
    field = "body" if code in (413, 415) else None
    headers = {k: v for k, v in exc.get_headers() if k.lower() not in ("content-type", "content-length")}
    return problem_response(code, kind, title, detail, field=field, headers=headers)


def handle_unexpected(exc: Exception) -> Response:
    """Log the failure with its request id; answer 500 without internals."""
    log.exception("unexpected failure", extra={"request_id": g.get("request_id"), "path": request.path})
    kind = "internal-error"
    status, title = KINDS[kind]
    return problem_response(status, kind, title,
                            "The server failed to answer; quote the request id when reporting it.")


def init_app(app: Flask) -> None:
    app.register_error_handler(ApiProblem, handle_problem)
    app.register_error_handler(HTTPException, handle_http_exception)
    app.register_error_handler(Exception, handle_unexpected)


def problem_schema_ref() -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{Problem.__name__}"}
