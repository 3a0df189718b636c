"""`judge batch` at scale: workers, a Dask cluster, resuming after kill -9, flat memory."""

from __future__ import annotations

import io
import itertools
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from judge import batch
from judge.cli import main

ROWS = [
    ("en", "Cities", "B", "Boston"), ("en", "Animals", "B", "bear"), ("en", "Fruits", "X", "apple"),
    ("it", "Fiori", "R", "Rosa"), ("it", "Città", "M", "Milano"), ("de", "Städte", "K", "Köln"),
    ("de", "Tiere", "H", "Hund"), ("fr", "Villes", "P", "Paris"), ("fr", "Pays", "F", "France"),
    ("en", "Cities", "B", "qwxzzt"), ("en", "Colors", "B", "The blue"), ("it", "Animali", "C", "cane"),
]


def write_input(path: Path, n: int, *, malformed_every: int = 17) -> None:
    """``n`` rows of our own answers; every ``malformed_every``-th one broken, some lines blank."""
    with path.open("w", encoding="utf-8") as fh:
        for i in range(n):
            lang, category, letter, answer = ROWS[i % len(ROWS)]
            row: dict[str, object] = {"id": i, "lang": lang, "category": category, "letter": letter,
                                      "answer": f"{answer}{'s' if i % 5 == 0 else ''}"}
            if i % malformed_every == 3:
                fh.write(json.dumps(row)[:-4] + "\n")
                continue
            if i % malformed_every == 9:
                del row["letter"]
            if i % 101 == 50:
                fh.write("\n")
            fh.write(json.dumps(row, ensure_ascii=False) + "\n")


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("scale") / "in.jsonl"
    write_input(path, 600)
    return path


@pytest.fixture(scope="module")
def reference(source: Path, tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The output of a plain, uninterrupted, single-process run."""
    out = tmp_path_factory.mktemp("ref") / "out.jsonl"
    summary = batch.run_file(batch.Job(), str(source), str(out), show_progress=False)
    assert summary.rows == 600
    return out.read_bytes()


def judge_cli(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "judge.cli", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def processes_writing(out: Path) -> list[int]:
    """Live processes whose command line names ``out`` (the run and its forked workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes()
            state = (entry / "stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if str(out).encode() in cmdline and state != "Z":
            found.append(int(entry.name))
    return found


def test_reference_accounts_for_every_row(reference: bytes) -> None:
    rows = [json.loads(line) for line in reference.decode("utf-8").splitlines()]
    assert len(rows) == 600
    ids = [r["id"] for r in rows if "id" in r]
    assert ids == sorted(ids) and len(ids) == 600 - len(range(3, 600, 17))
    errors = [i for i in range(600) if i % 17 in (3, 9)]
    assert [n for n, r in enumerate(rows) if r["verdict"] == "error"] == errors


def test_workers_give_the_same_bytes(source: Path, reference: bytes, tmp_path: Path) -> None:
    out = tmp_path / "w2.jsonl"
    summary = batch.run_file(batch.Job(), str(source), str(out), workers=2, chunk_size=16, show_progress=False)
    assert out.read_bytes() == reference
    assert summary.rows == 600 and sum(summary.counts.values()) == 600


def test_csv_output_with_workers_is_the_same(source: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.csv", tmp_path / "two.csv"
    batch.run_file(batch.Job(), str(source), str(one), show_progress=False)
    batch.run_file(batch.Job(), str(source), str(two), workers=2, chunk_size=7, show_progress=False)
    assert one.read_bytes() == two.read_bytes()


@pytest.mark.parametrize("cut", [0, 1, 0.5, 0.999, 1.0])
def test_resume_after_a_torn_write(source: Path, reference: bytes, tmp_path: Path, cut: float) -> None:
    """Whatever prefix of the output survived, --resume completes it to the same bytes."""
    out = tmp_path / "out.jsonl"
    out.write_bytes(reference[: int(len(reference) * cut)] if cut != 1 else reference[:1])
    batch.run_file(batch.Job(), str(source), str(out), resume=True, show_progress=False)
    assert out.read_bytes() == reference


@pytest.mark.parametrize("cut", [0.0, 0.003, 0.42, 0.9])
def test_resume_csv_after_a_torn_write(source: Path, tmp_path: Path, cut: float) -> None:
    full = tmp_path / "full.csv"
    batch.run_file(batch.Job(), str(source), str(full), show_progress=False)
    data = full.read_bytes()
    out = tmp_path / "out.csv"
    out.write_bytes(data[: int(len(data) * cut)])
    batch.run_file(batch.Job(), str(source), str(out), resume=True, show_progress=False)
    assert out.read_bytes() == data


def test_resume_of_a_finished_run_adds_nothing(source: Path, reference: bytes, tmp_path: Path) -> None:
    out = tmp_path / "out.jsonl"
    out.write_bytes(reference)
    summary = batch.run_file(batch.Job(), str(source), str(out), resume=True, show_progress=False)
    assert summary.rows == 0 and summary.resumed == 600
    assert out.read_bytes() == reference


@pytest.mark.skipif(not Path("/proc/self").exists(), reason="needs Linux (/proc, SIGKILL)")
def test_kill_9_half_way_then_resume(tmp_path: Path) -> None:
    """A run killed with SIGKILL in the middle, rerun with --resume: exactly the rows of a clean run."""
    src = tmp_path / "in.jsonl"
    write_input(src, 12000)
    ref = tmp_path / "ref.jsonl"
    batch.run_file(batch.Job(), str(src), str(ref), show_progress=False)
    out = tmp_path / "out.jsonl"
    proc = judge_cli("batch", str(src), "-o", str(out), "--workers", "2")
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        if out.exists() and out.stat().st_size > len(ref.read_bytes()) // 3:
            break
        time.sleep(0.01)
    killed = proc.poll() is None
    if killed:
        os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    for child in proc.stdout, proc.stderr:
        if child is not None:
            child.close()
    partial = out.stat().st_size
    assert killed and 0 < partial < ref.stat().st_size, "the run finished before it could be killed"
    deadline = time.monotonic() + 10
    while processes_writing(out) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not processes_writing(out), "worker processes outlived their killed parent"
    again = judge_cli("batch", str(src), "-o", str(out), "--resume", "--workers", "2")
    _, err = again.communicate(timeout=180)
    assert again.returncode == 0, err
    assert "resumed after" in err
    assert out.read_bytes() == ref.read_bytes()


def test_resume_needs_an_output_file(source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", str(source), "--resume"]) == 2
    assert "--resume" in capsys.readouterr().err


def test_bad_worker_count_is_bad_input(source: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", str(source), "-o", os.devnull, "--workers", "0"]) == 2


def test_summary_on_stderr(source: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["batch", str(source), "-o", str(tmp_path / "o.jsonl")]) == 0
    err = capsys.readouterr().err
    assert "600 rows in" in err and "rows/s" in err and "error" in err
    assert main(["batch", str(source), "-o", str(tmp_path / "o.jsonl"), "-q"]) == 0
    assert capsys.readouterr().err == ""


def test_progress_only_draws_on_a_terminal() -> None:
    sink = io.StringIO()
    progress = batch.Progress(sink, total_bytes=100, position=lambda: 50, every=0)
    progress.update(1234)
    progress.close()
    assert "50.0%" in sink.getvalue() and "1,234 rows" in sink.getvalue()


def test_workers_read_lazily() -> None:
    """The pool never reads ahead more than a few chunks: an endless input still streams."""
    endless = ((n, json.dumps({"id": n, "lang": "en", "category": "Cities", "letter": "B", "answer": "Boston"}))
               for n in itertools.count(1))
    job = batch.Job(knowledge=False)
    results = batch.map_chunks(job, batch.chunked(endless, 10), workers=2)
    first = list(itertools.islice(results, 5))
    results.close()  # type: ignore[attr-defined]
    assert [c.rows for c in first] == [10] * 5
    assert json.loads(str(first[4].output).splitlines()[9])["id"] == 50


def test_dask_cluster_gives_the_same_bytes(source: Path, reference: bytes, tmp_path: Path) -> None:
    """The same job on a Dask cluster (two worker processes over loopback): the same output."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                  dashboard_address=None, silence_logs=40) as cluster:
        out = tmp_path / "dask.jsonl"
        summary = batch.run_file(batch.Job(), str(source), str(out), scheduler=cluster.scheduler_address,
                                 chunk_size=50, show_progress=False)
        assert summary.rows == 600
        assert out.read_bytes() == reference
        csv_local, csv_dask = tmp_path / "local.csv", tmp_path / "dask.csv"
        batch.run_file(batch.Job(), str(source), str(csv_local), show_progress=False)
        proc = judge_cli("batch", str(source), "-o", str(csv_dask), "--scheduler", cluster.scheduler_address)
        _, err = proc.communicate(timeout=300)
        assert proc.returncode == 0, err
        assert csv_dask.read_bytes() == csv_local.read_bytes()


def test_unreachable_scheduler_is_bad_input(source: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("distributed")
    monkeypatch.setattr(batch, "DASK_CONNECT_TIMEOUT", 2)
    assert main(["batch", str(source), "-o", os.devnull, "--scheduler", "tcp://127.0.0.1:9"]) == 2
