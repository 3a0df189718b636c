"""``/healthz``, the OpenAPI 3.1 document (``/openapi.json``) and the docs page (``/docs``).

The document is written from the same pydantic models that validate requests and shape
responses (:mod:`api.schemas`), through the operations :func:`api.endpoints.endpoint`
recorded; it is built once per app, with that app's limits. ``/docs`` is a small page
shipped in ``api/static/`` that renders the document in the browser: no CDN, it works offline.
"""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, Flask, Response, current_app, send_from_directory
from pydantic import BaseModel
from pydantic.json_schema import JsonSchemaMode, models_json_schema

import judge
from api import schemas as s
from api.endpoints import OPERATIONS, Operation, endpoint, respond
from api.problems import KINDS, MIMETYPE, TYPE_PREFIX, ApiProblem
from api.referee import get_referee

bp = Blueprint("meta", __name__)

_ERROR_TEXT = {
    400: "Malformed JSON, or a body that breaks the schema (`field` names where).",
    404: "No such resource.",
    405: "Method not allowed (see the `Allow` header).",
    413: "The body is larger than the limit, or has too many items.",
    415: "The body is not JSON.",
    422: "A well-formed request the rules refuse: an unknown language, a key letter that is not one letter.",
    503: "Not ready: the lexicons are still loading, or failed to load.",
}


def build_document(app: Flask) -> dict[str, Any]:
    """The OpenAPI 3.1 document of every recorded operation, with ``app``'s limits."""
    models: set[tuple[type[BaseModel], JsonSchemaMode]] = {(s.Problem, "serialization")}
    for op in OPERATIONS:
        models.add((op.response, "serialization"))
        if op.body is not None:
            models.add((op.body, "validation"))
    ordered = sorted(models, key=lambda m: (m[0].__name__, m[1]))
    refs, top = models_json_schema(ordered, ref_template="#/components/schemas/{model}")
    components: dict[str, Any] = top.get("$defs", {})

    def ref(model: type[BaseModel], mode: str) -> dict[str, Any]:
        found: dict[str, Any] = refs[(model, mode)]  # type: ignore[index]
        return found

    # Limits that depend on the configuration.
    batch = components.get(s.BatchRequest.__name__, {}).get("properties", {}).get("items")
    if batch is not None:
        batch["maxItems"] = app.config["MAX_BATCH_ITEMS"]
    dup = components.get(s.DuplicatesRequest.__name__, {}).get("properties", {}).get("answers")
    if dup is not None:
        dup["maxItems"] = app.config["MAX_DUPLICATE_ANSWERS"]

    paths: dict[str, dict[str, Any]] = {}
    for op in OPERATIONS:
        paths.setdefault(op.path, {})[op.method.lower()] = _operation(op, ref)
    problem = ref(s.Problem, "serialization")
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "category-judge",
            "version": judge.__version__,
            "description": (
                "A referee for category word games (Scattergories, Stadt-Land-Fluss, Petit Bac, Category, "
                "Color Words) in English, Italian, German and French.\n\n"
                f"Every error is `{MIMETYPE}` (RFC 9457) with `type`, `title`, `status`, `detail`, and "
                "`field` when one field is to blame. Problem types: "
                + ", ".join(f"`{TYPE_PREFIX}{k}` ({st})" for k, (st, _) in KINDS.items()) + ".\n\n"
                f"Limits: bodies up to {app.config['MAX_CONTENT_LENGTH']:,} bytes; "
                f"{app.config['MAX_BATCH_ITEMS']:,} batch items; "
                f"{app.config['MAX_DUPLICATE_ANSWERS']:,} answers per duplicates request. "
                "Every response carries `X-Request-ID` (yours, if you send a sane one)."),
            "license": {"name": "MIT", "identifier": "MIT"},
        },
        "servers": [{"url": "/"}],
        "tags": [{"name": "judge", "description": "Judging answers, duplicates and challenges."},
                 {"name": "games", "description": "Scoring whole games."},
                 {"name": "catalogue", "description": "The categories the referee knows."},
                 {"name": "service", "description": "Health and this document."}],
        "paths": paths,
        "components": {
            "schemas": components,
            "responses": {str(code): {"description": text, "content": {MIMETYPE: {"schema": problem}}}
                          for code, text in _ERROR_TEXT.items()},
        },
    }


_REQUEST_ID = {"description": "The request's id: the client's `X-Request-ID` if sane, else a new one.",
               "schema": {"type": "string"}}


def _operation(op: Operation, ref: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"operationId": op.operation_id, "summary": op.summary, "tags": list(op.tags)}
    if op.description:
        out["description"] = op.description
    if op.query is not None:
        schema = op.query.model_json_schema()
        required = set(schema.get("required", ()))
        out["parameters"] = [{"name": name, "in": "query", "required": name in required, "schema": prop,
                              **({"description": prop["description"]} if "description" in prop else {})}
                             for name, prop in schema["properties"].items()]
    if op.body is not None:
        out["requestBody"] = {"required": True, "content": {"application/json": {"schema": ref(op.body, "validation")}}}
    out["responses"] = {
        "200": {"description": "OK", "headers": {"X-Request-ID": _REQUEST_ID},
                "content": {"application/json": {"schema": ref(op.response, "serialization")}}},
        **{str(code): {"$ref": f"#/components/responses/{code}"} for code in (*op.errors, 405)},
    }
    return out


@endpoint(bp, "/healthz", "GET", response=s.Health, errors=(503,), tags=("service",), summary="Ready to judge?")
def healthz() -> Response:
    """Ready to judge?

    200 once the lexicons of every configured language are loaded; 503 before (or if loading failed).
    """
    referee = get_referee()
    if not referee.ready:
        detail = (f"Loading the lexicons failed: {referee.failure}" if referee.failure
                  else f"Loading the lexicons ({len(referee.warmed)} of {len(referee.langs)} languages done).")
        raise ApiProblem("not-ready", detail, headers={"Retry-After": "2"})
    return respond(s.Health, {"status": "ready", "version": judge.__version__, "languages": list(referee.warmed)})


def openapi_json() -> Response:
    """The OpenAPI document (built once per app)."""
    body = current_app.extensions["openapi"]
    return Response(body, mimetype="application/json")


def docs() -> Response:
    """A human page that renders ``/openapi.json``, from assets shipped with the package."""
    return send_from_directory(current_app.static_folder or "static", "docs.html", max_age=300)


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
    app.add_url_rule("/openapi.json", view_func=openapi_json, methods=["GET"])
    app.add_url_rule("/docs", view_func=docs, methods=["GET"])
    app.extensions["openapi"] = json.dumps(build_document(app), ensure_ascii=False, indent=1).encode()
