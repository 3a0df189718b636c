"""Declaring an endpoint once: its route, request schema, response schema and errors.

:func:`endpoint` registers a view on a blueprint and records an :class:`Operation`,
from which :mod:`api.openapi` writes the document; :func:`read_body` and :func:`respond`
put the same schemas to work on each request.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from flask import Blueprint, Response, request
from pydantic import BaseModel, ValidationError

from api.problems import ApiProblem, from_validation_error
from judge.errors import InvalidLetter, JudgeError, RecordError, UnknownLanguage

M = TypeVar("M", bound=BaseModel)
JSON = "application/json"


@dataclass(frozen=True)
class Operation:
    """What the OpenAPI document says of one method on one path."""

    method: str
    path: str
    operation_id: str
    summary: str
    description: str
    response: type[BaseModel]
    body: type[BaseModel] | None = None
    query: type[BaseModel] | None = None
    errors: tuple[int, ...] = ()
    tags: tuple[str, ...] = ()
    extra: dict[str, Any] = field(default_factory=dict)


#: Every operation of the API, in the order declared.
OPERATIONS: list[Operation] = []


def endpoint(bp: Blueprint | None, path: str, method: str, *, response: type[BaseModel], summary: str,
             body: type[BaseModel] | None = None, query: type[BaseModel] | None = None,
             errors: tuple[int, ...] = (), tags: tuple[str, ...] = (), prefix: str = "",
             ) -> Callable[[Callable[..., Response]], Callable[..., Response]]:
    """Register a view on ``bp`` (or later on the app, if None) and describe it for OpenAPI."""
    if body is not None:
        errors = (400, 413, 415, *errors)
    if query is not None:
        errors = (400, *errors)

    def register(view: Callable[..., Response]) -> Callable[..., Response]:
        doc = (view.__doc__ or "").strip()
        summary_line, _, description = doc.partition("\n")
        OPERATIONS.append(Operation(method, prefix + path, view.__name__, summary or summary_line,
                                    description.strip(), response, body, query,
                                    tuple(sorted(set(errors))), tags))
        if bp is not None:
            bp.add_url_rule(path, view_func=view, methods=[method])
        return view

    return register


def read_body(model: type[M]) -> M:
    """The request body validated by ``model``: 415 if not JSON, 413 if too large, 400 if invalid."""
    if not request.is_json:
        raise ApiProblem("unsupported-media-type",
                         f"Send the body as application/json, not {request.mimetype or 'no content type'}.",
                         field="body")
    data = request.get_data(cache=False)  # raises 413 past MAX_CONTENT_LENGTH
    try:
        return model.model_validate_json(data)
    except ValidationError as exc:
        raise from_validation_error(exc) from None


def read_query(model: type[M]) -> M:
    """The query string validated by ``model`` (400 naming ``query.<name>``)."""
    try:
        return model.model_validate(request.args.to_dict())
    except ValidationError as exc:
        raise from_validation_error(exc, "query") from None


def respond(model: type[BaseModel], data: Any, status: int = 200) -> Response:
    """Shape ``data`` (the library's ``to_dict()``) by ``model`` and answer it as JSON."""
    body = model.model_validate(data).model_dump_json(exclude_unset=True)
    return Response(body, status=status, mimetype=JSON)


_FIELDS: dict[type[JudgeError], str] = {InvalidLetter: "letter", UnknownLanguage: "lang"}


@contextmanager
def rules(prefix: str = "") -> Iterator[None]:
    """Translate the library's refusals: a bad record is 400 at its path, any other is 422.

    ``prefix`` locates the call in the body (``items[3]``).
    """
    try:
        yield
    except RecordError as exc:
        path = exc.path or "body"
        raise ApiProblem("invalid-record", str(exc), field=path) from None
    except JudgeError as exc:
        name = next((f for cls, f in _FIELDS.items() if isinstance(exc, cls)), None)
        where = ".".join(p for p in (prefix, name) if p) or None
        raise ApiProblem("rejected-by-rules", f"{where}: {exc}" if where else str(exc), field=where) from None
