"""The real server: ``judge serve`` (gunicorn) on 127.0.0.1 at a free port, called over loopback."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(base, path, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, headers={
        **({"Content-Type": "application/json"} if data else {}), **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=30) as res:
            return res.status, dict(res.headers), json.loads(res.read())
    except urllib.error.HTTPError as exc:
        return exc.code, dict(exc.headers), json.loads(exc.read())


@pytest.fixture(scope="module")
def server():
    port = free_port()
    env = {**os.environ, "JUDGE_API_WARM_LANGS": "en,it", "JUDGE_API_CORS_ORIGINS": "https://table.example"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "judge.cli", "serve", "--host", "127.0.0.1", "--port", str(port), "--workers", "2",
         "--threads", "2"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 120
    try:
        while True:
            if proc.poll() is not None:
                pytest.fail(f"judge serve exited: {proc.stderr.read().decode()[-2000:]}")
            try:
                if call(base, "/healthz")[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                pytest.fail("judge serve was not ready in 120 s")
            time.sleep(0.3)
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def test_check_over_loopback(server):
    base, _ = server
    status, headers, body = call(base, "/v1/check", {"answer": "Rosa", "category": "Fiori", "letter": "R",
                                                     "lang": "it"}, {"X-Request-ID": "loop-1"})
    assert status == 200 and body["verdict"] == "accept"
    assert headers["X-Request-ID"] == "loop-1" and headers["Content-Type"] == "application/json"


def test_errors_over_loopback(server):
    base, _ = server
    status, headers, body = call(base, "/v1/check", {"answer": "Rosa", "category": "Fiori", "letter": "RR"})
    assert status == 422 and headers["Content-Type"] == "application/problem+json" and body["field"] == "letter"
    status, _, body = call(base, "/nowhere")
    assert status == 404 and body["status"] == 404
    big = {"answer": "x" * (1024 * 1024 + 10), "category": "Fiori", "letter": "X"}
    try:
        status, _, body = call(base, "/v1/check", big)
    except (ConnectionError, urllib.error.URLError):  # the server may close before reading it all
        return
    assert status == 413 and body["status"] == 413


def test_every_endpoint_over_loopback(server):
    base, _ = server
    items = [{"answer": "Boston", "category": "Cities", "letter": "B"}]
    assert call(base, "/v1/check/batch", {"items": items})[0] == 200
    status, _, body = call(base, "/v1/duplicates", {"lang": "en", "category": "Cities", "answers": [
        {"player": "a", "answer": "Boston"}, {"player": "b", "answer": "boston"}]})
    assert status == 200 and body == {"groups": [["a", "b"]]}
    status, _, body = call(base, "/v1/rulings", {"answer": "Boston", "category": "Cities", "letter": "B",
                                                 "votes": {"a": True, "b": False}})
    assert status == 200 and body["outcome"] == "reject"
    assert call(base, "/v1/categories?lang=it")[0] == 200
    status, _, doc = call(base, "/openapi.json")
    assert status == 200 and "/v1/check" in doc["paths"]


def test_concurrent_clients_over_loopback(server):
    base, _ = server
    items = [("Rosa", "Fiori", "R", "it"), ("Boston", "Cities", "B", "en"), ("Mosca", "Città", "M", "it")] * 20

    def one(item):
        answer, category, letter, lang = item
        return call(base, "/v1/check", {"answer": answer, "category": category, "letter": letter, "lang": lang})

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(one, items))
    assert all(status == 200 for status, _, _ in results)
    assert [body["answer"] for _, _, body in results] == [i[0] for i in items]


def test_cors_from_the_environment(server):
    base, _ = server
    _, headers, _ = call(base, "/healthz", headers={"Origin": "https://table.example"})
    assert headers["Access-Control-Allow-Origin"] == "https://table.example"


def test_access_log_lines_are_json(server):
    base, proc = server
    call(base, "/healthz", headers={"X-Request-ID": "find-me-in-the-log"})
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=30)
    assert proc.returncode == 0
    lines = [json.loads(line) for line in err.decode().splitlines() if line.startswith("{")]
    assert any(x.get("request_id") == "find-me-in-the-log" and x["status"] == 200 for x in lines)
