"""The HTTP API: ``create_app(config=None)`` builds a Flask app around one shared referee.

>>> app = create_app({"JUDGE_KNOWLEDGE": False, "ACCESS_LOG": False})
>>> app.test_client().post("/v1/check", json={"answer": "The Beatles", "category": "Bands",
...                                          "letter": "B"}).json["key_word"]
'Beatles'

Run it with ``judge serve`` (gunicorn), or ``gunicorn 'api:create_app()'``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Flask

from api import config as _config

__all__ = ["create_app"]


def create_app(config: Mapping[str, Any] | None = None) -> Flask:
    """A new app: defaults, then ``JUDGE_API_*`` environment variables, then ``config``."""
    from api import http, openapi, problems, referee, v1

    app = Flask(__name__, static_folder="static", static_url_path="/static")
    app.config.update(_config.DEFAULTS)
    app.config.update(_config.from_environ())
    if config:
        app.config.update(config)
    app.json.ensure_ascii = False  # type: ignore[attr-defined]

    problems.init_app(app)
    http.init_app(app)
    referee.init_app(app)
    v1.init_app(app)
    openapi.init_app(app)
    return app
