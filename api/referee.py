"""The one :class:`judge.Judge` of a process, shared by every request (it is thread-safe).

Built once by :func:`init_app`, its lexicons warmed before ``/healthz`` says ready. Under
gunicorn with ``preload_app`` the warming happens in the master, so workers share the
loaded lexicons' memory pages after the fork.
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from flask import Flask, current_app

from judge import Judge

log = logging.getLogger("api")


class Referee:
    """The shared judge, whether it is ready, and answers that never change (the catalogue)."""

    def __init__(self, judge: Any, langs: tuple[str, ...]) -> None:
        self.judge = judge
        self.langs = tuple(langs)
        self.warmed: tuple[str, ...] = ()
        self.failure: str | None = None
        self._ready = threading.Event()
        self._lock = threading.Lock()
        self._cache: dict[tuple[str, str], Any] = {}

    @property
    def ready(self) -> bool:
        return self._ready.is_set()

    def warm(self) -> None:
        """Load the lexicons of every language now. A failure is kept for ``/healthz``."""
        matcher = self.judge.matcher
        try:
            for lang in self.langs:
                if matcher is not None:
                    matcher.store.warm(lang)
                self.warmed = (*self.warmed, lang)
            if matcher is not None:
                matcher.catalogue.categories  # noqa: B018
                # The meaning model for open cards (~1.4 s, ~120 MB): loaded before the workers
                # fork, so they share it and none stalls on its first open card.
                matcher.semantic.available()
        except Exception as exc:  # kept and reported by /healthz, never raised into a request
            log.exception("warming the lexicons failed")
            self.failure = f"{type(exc).__name__}: {exc}"
            return
        self._ready.set()

    def warm_in_background(self) -> threading.Thread:
        thread = threading.Thread(target=self.warm, name="judge-warm", daemon=True)
        thread.start()
        return thread

    def cached(self, key: tuple[str, str], build: Any) -> Any:
        """``build()`` once per key for the process (for answers that never change)."""
        found = self._cache.get(key)
        if found is None:
            with self._lock:
                found = self._cache.get(key)
                if found is None:
                    found = self._cache[key] = build()
        return found


def init_app(app: Flask) -> None:
    judge = app.config.get("JUDGE")
    if judge is None:
        judge = Judge(app.config.get("JUDGE_DATA_DIR"), knowledge=bool(app.config.get("JUDGE_KNOWLEDGE", True)))
    referee = Referee(judge, tuple(app.config.get("WARM_LANGS", ())))
    app.extensions["referee"] = referee
    mode = app.config.get("WARM", "now")
    if mode == "now":
        referee.warm()
    elif mode == "background":
        referee.warm_in_background()
    elif mode == "off":
        referee._ready.set()
    else:
        raise ValueError(f"WARM must be 'now', 'background' or 'off', got {mode!r}")


def get_referee() -> Referee:
    referee: Referee = current_app.extensions["referee"]
    return referee


def get_judge() -> Any:
    return get_referee().judge
