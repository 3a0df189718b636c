"""Settings: defaults here, overridden by ``JUDGE_API_*`` environment variables, then by the
mapping given to :func:`api.create_app`.

| setting | default | meaning |
|---|---|---|
| ``MAX_CONTENT_LENGTH`` | 1 MB | a larger body is answered 413 |
| ``MAX_BATCH_ITEMS`` | 1000 | more ``items`` in ``/v1/check/batch`` is answered 413 |
| ``MAX_DUPLICATE_ANSWERS`` | 200 | more ``answers`` in ``/v1/duplicates`` is answered 413 (pairwise work) |
| ``CORS_ORIGINS`` | none | origins allowed to call from a browser: a list, or ``"*"`` |
| ``ACCESS_LOG`` | true | one JSON line per request on the ``api.access`` logger |
| ``WARM_LANGS`` | en, it, de, fr | lexicons loaded before ``/healthz`` says ready |
| ``WARM`` | ``now`` | ``now`` (in create_app), ``background`` (a thread; /healthz 503 until done), ``off`` |
| ``JUDGE_DATA_DIR`` | the shipped lexicons | compiled lexicons to judge with |
| ``JUDGE_KNOWLEDGE`` | true | false: letter rules only |
| ``TRUSTED_PROXIES`` | 0 | how many reverse proxies' ``X-Forwarded-*`` headers to trust |
| ``JUDGE`` | none | a ready ``judge.Judge`` to share (tests, embedding) |

Environment variables carry the same names with the ``JUDGE_API_`` prefix; lists are
comma-separated, booleans ``1/0``, ``true/false``, ``yes/no``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

DEFAULTS: dict[str, Any] = {
    "MAX_CONTENT_LENGTH": 1024 * 1024,
    "MAX_BATCH_ITEMS": 1000,
    "MAX_DUPLICATE_ANSWERS": 200,
    "CORS_ORIGINS": (),
    "ACCESS_LOG": True,
    "WARM_LANGS": ("en", "it", "de", "fr"),
    "WARM": "now",
    "JUDGE_DATA_DIR": None,
    "JUDGE_KNOWLEDGE": True,
    "TRUSTED_PROXIES": 0,
    "JUDGE": None,
}
PREFIX = "JUDGE_API_"
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def _parse(name: str, raw: str) -> Any:
    default = DEFAULTS[name]
    if isinstance(default, bool):
        value = raw.strip().lower()
        if value not in _TRUE | _FALSE:
            raise ValueError(f"{PREFIX}{name}: expected a boolean, got {raw!r}")
        return value in _TRUE
    if isinstance(default, int):
        try:
            return int(raw)
        except ValueError:
            raise ValueError(f"{PREFIX}{name}: expected an integer, got {raw!r}") from None
    if isinstance(default, tuple):
        return "*" if raw.strip() == "*" else tuple(x.strip() for x in raw.split(",") if x.strip())
    return raw


def from_environ(environ: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The settings the environment overrides (``JUDGE_API_MAX_BATCH_ITEMS=500``)."""
    environ = os.environ if environ is None else environ
    return {name: _parse(name, environ[PREFIX + name]) for name in DEFAULTS
            if name != "JUDGE" and PREFIX + name in environ}
