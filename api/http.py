"""Per-request plumbing: request ids, CORS for browser front ends, JSON access logs, proxies.

- Every response carries ``X-Request-ID``: the client's own if it is sane (1-128 of
  ``A-Z a-z 0-9 . _ : -``), else a fresh one. Logs and error bodies quote it.
- CORS: ``CORS_ORIGINS`` lists the origins allowed (or ``"*"``); none by default.
- Access log: one JSON line per request on the ``api.access`` logger (``ACCESS_LOG``).
- ``TRUSTED_PROXIES`` = N trusts N reverse proxies' ``X-Forwarded-*`` headers.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
from datetime import UTC, datetime
from typing import Any

from flask import Flask, Response, g, request
from werkzeug.middleware.proxy_fix import ProxyFix

REQUEST_ID = "X-Request-ID"
_SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,128}")
_LOG_FIELDS = ("request_id", "method", "path", "status", "duration_ms", "bytes", "remote_addr", "user_agent")
access_log = logging.getLogger("api.access")


class JsonFormatter(logging.Formatter):
    """A log record as one JSON line: time, level, logger, message, the request fields, the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in _LOG_FIELDS:
            value = record.__dict__.get(name)
            if value is not None:
                out[name] = value
        if record.exc_info:
            out["exc"] = self.formatException(record.exc_info)
        return json.dumps(out)


def configure_logging() -> None:
    """JSON lines on stderr for the ``api`` loggers, once per process (unless configured already)."""
    logger = logging.getLogger("api")
    if logger.handlers:
        return
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False


def _begin() -> None:
    g.start = time.perf_counter()
    given = request.headers.get(REQUEST_ID, "")
    g.request_id = given if _SANE_ID.fullmatch(given) else uuid.uuid4().hex


def _cors(app: Flask, response: Response) -> None:
    allowed = app.config["CORS_ORIGINS"]
    origin = request.headers.get("Origin")
    if not allowed or not origin:
        return
    if allowed == "*" or "*" in allowed:
        response.headers["Access-Control-Allow-Origin"] = "*"
    elif origin in allowed:
        response.headers["Access-Control-Allow-Origin"] = origin
        response.vary.add("Origin")
    else:
        return
    response.headers["Access-Control-Expose-Headers"] = REQUEST_ID
    if request.method == "OPTIONS" and "Access-Control-Request-Method" in request.headers:
        response.headers["Access-Control-Allow-Methods"] = "GET, POST, OPTIONS"
        response.headers["Access-Control-Allow-Headers"] = f"Content-Type, {REQUEST_ID}"
        response.headers["Access-Control-Max-Age"] = "600"


def init_app(app: Flask) -> None:
    proxies = int(app.config.get("TRUSTED_PROXIES", 0))
    if proxies:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=proxies, x_proto=proxies, x_host=proxies,  # type: ignore[method-assign]
                                x_port=proxies, x_prefix=proxies)
    if app.config.get("ACCESS_LOG", True):
        configure_logging()
    app.before_request(_begin)

    @app.after_request
    def finish(response: Response) -> Response:
        request_id = g.get("request_id") or uuid.uuid4().hex
        response.headers[REQUEST_ID] = request_id
        _cors(app, response)
        if app.config.get("ACCESS_LOG", True) and access_log.isEnabledFor(logging.INFO):
            start = g.get("start")
            access_log.info("request", extra={
                "request_id": request_id, "method": request.method, "path": request.path,
                "status": response.status_code,
                "duration_ms": round((time.perf_counter() - start) * 1000, 3) if start else None,
                "bytes": response.content_length, "remote_addr": request.remote_addr,
                "user_agent": request.user_agent.string or None})
        return response
