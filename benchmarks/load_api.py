"""Load test of ``POST /v1/check`` over loopback: requests/s, p50/p99 latency, errors, server RSS.

Starts ``judge serve`` on 127.0.0.1 at a free port (or uses ``--url``, loopback only),
waits for ``/healthz``, warms up, then runs ``--clients`` concurrent keep-alive clients
(asyncio, standard library only) until ``--requests`` are done or ``--seconds`` pass,
whichever comes first. Prints a summary and, with ``--json``, writes it as JSON.

    python benchmarks/load_api.py                      # 32 clients, <= 30,000 requests, <= 30 s
    python benchmarks/load_api.py --workers 2 --threads 4 --check   # exit 1 if a target is missed

Targets: >= 1,000 requests/s, p99 <= 25 ms, 0 errors.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import resource
import signal
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

TARGET_RPS = 1000.0
TARGET_P99_MS = 25.0
LOOPBACK = {"127.0.0.1", "localhost", "::1"}

#: A mix of answers over the four languages: accepted, rejected, unknown words, open categories, typos.
PAYLOADS: list[dict[str, str]] = [
    {"answer": "Rosa", "category": "Fiori", "letter": "R", "lang": "it"},
    {"answer": "Mosca", "category": "Città", "letter": "M", "lang": "it"},
    {"answer": "Il Tevere", "category": "Fiumi", "letter": "T", "lang": "it"},
    {"answer": "Gattto", "category": "Animali", "letter": "G", "lang": "it"},
    {"answer": "Boston", "category": "U.S. cities", "letter": "B", "lang": "en"},
    {"answer": "The Beatles", "category": "Bands", "letter": "B", "lang": "en"},
    {"answer": "Blizzard", "category": "Things that are cold", "letter": "B", "lang": "en"},
    {"answer": "Wolfgang Amadeus Mozart", "category": "Composers", "letter": "M", "lang": "en"},
    {"answer": "Zebrra", "category": "Animals", "letter": "Z", "lang": "en"},
    {"answer": "Blorf", "category": "Animals", "letter": "B", "lang": "en"},
    {"answer": "Apple", "category": "Animals", "letter": "B", "lang": "en"},
    {"answer": "Köln", "category": "Städte", "letter": "K", "lang": "de"},
    {"answer": "Pferd", "category": "Tiere", "letter": "P", "lang": "de"},
    {"answer": "Donau", "category": "Flüsse", "letter": "D", "lang": "de"},
    {"answer": "Paris", "category": "Villes", "letter": "P", "lang": "fr"},
    {"answer": "La Seine", "category": "Fleuves", "letter": "S", "lang": "fr"},
    {"answer": "Baguette", "category": "Nourriture", "letter": "B", "lang": "fr"},
    {"answer": "Éléphant", "category": "Animaux", "letter": "E", "lang": "fr"},
]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_ready(base: str, timeout: float, proc: subprocess.Popen[bytes] | None) -> float:
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if proc is not None and proc.poll() is not None:
            raise SystemExit(f"the server exited with status {proc.returncode}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as res:
                if res.status == 200:
                    return time.perf_counter() - start
        except OSError:
            pass
        time.sleep(0.2)
    raise SystemExit(f"the server was not ready within {timeout:.0f} s")


def process_tree(root: int) -> list[int]:
    """``root`` and its descendants (Linux /proc)."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry.name))
    out, todo = [], [root]
    while todo:
        pid = todo.pop()
        out.append(pid)
        todo.extend(children.get(pid, ()))
    return out


def memory(root: int) -> dict[str, float]:
    """RSS (counts shared pages once per process) and PSS (shares them out) in MB, over the tree."""
    rss = pss = 0
    pids = process_tree(root)
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Rss:"):
                    rss += int(line.split()[1])
                elif line.startswith("Pss:"):
                    pss += int(line.split()[1])
        except OSError:
            continue
    return {"processes": len(pids), "rss_mb": round(rss / 1024, 1), "pss_mb": round(pss / 1024, 1)}


class Client:
    """One keep-alive HTTP/1.1 connection."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def post(self, path: str, body: bytes) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        head = (f"POST {path} HTTP/1.1\r\nHost: {self.host}:{self.port}\r\nContent-Type: application/json\r\n"
                f"Content-Length: {len(body)}\r\n\r\n").encode()
        self.writer.write(head + body)
        raw = await self.reader.readuntil(b"\r\n\r\n")
        lines = raw.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        headers = {k.strip().lower(): v.strip() for k, _, v in (x.partition(":") for x in lines[1:] if x)}
        data = await self.reader.readexactly(int(headers.get("content-length", "0")))
        if headers.get("connection", "").lower() == "close":
            await self.close()
        return status, data

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(OSError):
                await self.writer.wait_closed()
        self.reader = self.writer = None


async def run_load(host: str, port: int, clients: int, total: int, seconds: float,
                   warmup: int) -> dict[str, Any]:
    bodies = [json.dumps(p).encode() for p in PAYLOADS]
    latencies: list[float] = []
    errors: dict[str, int] = {}
    issued = 0
    deadline = 0.0

    async def worker(n: int, budget: int | None) -> None:
        nonlocal issued
        client = Client(host, port)
        i = n
        try:
            while True:
                if budget is None:
                    if issued >= total or time.perf_counter() > deadline:
                        return
                    issued += 1
                elif budget <= 0:
                    return
                else:
                    budget -= 1
                body = bodies[i % len(bodies)]
                i += 1
                start = time.perf_counter()
                try:
                    status, _ = await client.post("/v1/check", body)
                except (OSError, asyncio.IncompleteReadError, ValueError) as exc:
                    await client.close()
                    if budget is None:
                        errors[type(exc).__name__] = errors.get(type(exc).__name__, 0) + 1
                    continue
                if budget is None:
                    latencies.append(time.perf_counter() - start)
                    if status != 200:
                        errors[str(status)] = errors.get(str(status), 0) + 1
        finally:
            await client.close()

    # Warm-up: every payload on every worker thread, so the referee's per-category indexes exist.
    await asyncio.gather(*(worker(n, warmup // clients + 1) for n in range(clients)))
    cpu_before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.perf_counter()
    deadline = start + seconds
    await asyncio.gather(*(worker(n, None) for n in range(clients)))
    elapsed = time.perf_counter() - start
    cpu_after = resource.getrusage(resource.RUSAGE_SELF)
    client_cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    latencies.sort()
    ms = [x * 1000 for x in latencies]

    def pct(p: float) -> float:
        return round(ms[min(len(ms) - 1, int(p * len(ms)))], 2) if ms else float("nan")

    done = len(latencies) + sum(v for k, v in errors.items() if not k.isdigit())
    return {
        "clients": clients, "requests": done, "seconds": round(elapsed, 2),
        "requests_per_s": round(done / elapsed, 1) if elapsed else 0.0,
        "p50_ms": pct(0.50), "p90_ms": pct(0.90), "p99_ms": pct(0.99), "max_ms": round(ms[-1], 2) if ms else None,
        "mean_ms": round(statistics.fmean(ms), 2) if ms else None,
        "errors": sum(errors.values()), "errors_by_kind": errors,
        "client_cpu_share": round(client_cpu / elapsed, 2) if elapsed else None,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="an already running server (loopback only); default: start one")
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=30_000, help="at most this many measured requests")
    parser.add_argument("--seconds", type=float, default=30.0, help="at most this long (measured phase)")
    parser.add_argument("--warmup", type=int, default=2_000, help="unmeasured requests first")
    parser.add_argument("--workers", type=int, default=None, help="server workers (default: judge serve's)")
    parser.add_argument("--threads", type=int, default=None, help="threads per server worker")
    parser.add_argument("--json", help="also write the summary here")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    args.requests = min(args.requests, 1_000_000)
    args.seconds = min(args.seconds, 600.0)

    proc: subprocess.Popen[bytes] | None = None
    if args.url:
        parts = urlsplit(args.url)
        if parts.hostname not in LOOPBACK or parts.port is None:
            raise SystemExit("--url must be http://127.0.0.1:PORT (loopback only)")
        host, port = parts.hostname, parts.port
    else:
        host, port = "127.0.0.1", free_port()
        cmd = [sys.executable, "-m", "judge.cli", "serve", "--host", host, "--port", str(port)]
        if args.workers:
            cmd += ["--workers", str(args.workers)]
        if args.threads:
            cmd += ["--threads", str(args.threads)]
        env = {**os.environ, "JUDGE_API_ACCESS_LOG": os.environ.get("JUDGE_API_ACCESS_LOG", "0")}
        root = Path(__file__).resolve().parent.parent
        proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                start_new_session=True)
    base = f"http://{host}:{port}"
    load_before = [round(x, 2) for x in os.getloadavg()]
    try:
        ready_s = wait_ready(base, 180, proc)
        mem_start = memory(proc.pid) if proc else None
        result = asyncio.run(run_load(host, port, args.clients, args.requests, args.seconds, args.warmup))
        mem_end = memory(proc.pid) if proc else None
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
    summary = {"url": base + "/v1/check", "load_average_before": load_before, "ready_after_s": round(ready_s, 1),
               **result,
               "server_memory_start": mem_start, "server_memory_end": mem_end,
               "cpus": os.cpu_count(), "workers": args.workers, "threads": args.threads,
               "targets": {"requests_per_s": TARGET_RPS, "p99_ms": TARGET_P99_MS, "errors": 0}}
    met = (result["requests_per_s"] >= TARGET_RPS and result["p99_ms"] <= TARGET_P99_MS
           and result["errors"] == 0)
    summary["targets_met"] = met
    print(f"{result['requests']:,} requests in {result['seconds']} s with {args.clients} clients: "
          f"{result['requests_per_s']:,.0f} req/s, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
          f"max {result['max_ms']} ms, errors {result['errors']} {result['errors_by_kind'] or ''}")
    if mem_start and mem_end:
        print(f"server ({mem_end['processes']} processes): RSS {mem_start['rss_mb']:,} -> {mem_end['rss_mb']:,} MB, "
              f"PSS {mem_start['pss_mb']:,} -> {mem_end['pss_mb']:,} MB; ready after {ready_s:.1f} s")
    print(f"the load client itself used {result['client_cpu_share']:.0%} of a CPU on a {os.cpu_count()}-CPU machine "
          f"(load average before: {summary['load_average_before']})")
    print("targets (>= 1,000 req/s, p99 <= 25 ms, 0 errors):", "met" if met else "MISSED")
    if args.json:
        Path(args.json).write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return 1 if args.check and not met else 0


if __name__ == "__main__":
    sys.exit(main())
