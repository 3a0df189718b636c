"""``judge serve``: the API under gunicorn, the production WSGI server.

The app is built once in the gunicorn master (``preload_app``): the lexicons load there,
before any worker forks, so every worker shares their memory pages and starts ready.
Workers are ``gthread`` (keep-alive works; threads, if more than one, share the one
thread-safe referee). Judging is CPU-bound, so by default each worker runs one request at a
time (threads contend for the GIL and lengthen the latency tail) and there are two per CPU.
The app keeps no per-client state, so any number of such servers can sit behind one
load balancer.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Mapping
from typing import Any

from gunicorn.app.base import BaseApplication


def default_workers() -> int:
    """Two workers per CPU (the referee is CPU-bound; one request waits on the network while another runs)."""
    return max(2, 2 * (os.cpu_count() or 1))


class Server(BaseApplication):
    """gunicorn, configured in code, serving :func:`api.create_app`."""

    def __init__(self, options: Mapping[str, Any], app_config: Mapping[str, Any] | None = None) -> None:
        self.options = dict(options)
        self.app_config = dict(app_config or {})
        super().__init__()

    def load_config(self) -> None:
        for key, value in self.options.items():
            if key in self.cfg.settings and value is not None:
                self.cfg.set(key, value)

    def load(self) -> Any:
        from api import create_app

        app = create_app(self.app_config)
        # The lexicons are now loaded in the master. Move them out of the garbage collector's
        # reach, so that no worker's collection writes to (and so copies) the shared pages.
        gc.collect()
        gc.freeze()
        return app


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None, threads: int = 1,
          timeout: int = 60, app_config: Mapping[str, Any] | None = None, **options: Any) -> None:
    """Run the API until stopped (SIGTERM/SIGINT stop it gracefully)."""
    settings: dict[str, Any] = {
        "bind": [f"[{host}]:{port}" if ":" in host else f"{host}:{port}"],
        "workers": workers or default_workers(),
        "worker_class": "gthread",
        "threads": threads,
        "preload_app": True,
        "timeout": timeout,
        "keepalive": 5,
        "accesslog": None,  # the app writes its own JSON access log
        "proc_name": "judge-api",
        **options,
    }
    Server(settings, app_config).run()
