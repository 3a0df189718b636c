"""Streaming batch judging over JSONL or CSV: one output row per input row, in order.

A malformed row (broken JSON, a missing or wrong-typed field, a bad letter or
language) becomes a row with ``verdict: "error"`` and a reason naming its line;
it never stops the run or disappears.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, fields, replace
from functools import lru_cache
from pathlib import Path
from typing import IO, Any

from judge.errors import InvalidInput, JudgeError
from judge.model import Verdict

CHECK_FIELDS = ("answer", "category", "letter", "lang")
PAIR_FIELDS = ("a", "b", "category", "lang")
CSV_FIELDS = ("id", "lang", "category", "letter", "answer")


@dataclass(frozen=True)
class Row:
    """One input row: its line number, and either its fields or why it is unreadable."""

    line: int
    data: dict[str, Any] | None
    error: str | None = None


def input_format(path: str) -> str:
    """``jsonl`` or ``csv``, by extension (``-`` = stdin, read as JSONL)."""
    suffix = Path(path).suffix.lower()
    if suffix == ".csv":
        return "csv"
    if suffix in (".jsonl", ".ndjson", ".json") or path == "-":
        return "jsonl"
    raise InvalidInput(f"{path}: unknown input format {suffix!r} (use .jsonl or .csv)")


def open_input(path: str) -> IO[str]:
    if path == "-":
        return io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace")
    try:
        return open(path, encoding="utf-8", errors="replace", newline="")
    except OSError as exc:
        raise InvalidInput(f"{path}: cannot read input ({exc.strerror})") from exc


def parse_line(line: int, raw: str) -> Row:
    """One JSONL line as a Row (an unreadable line carries the reason)."""
    try:
        data = json.loads(raw)
    except json.JSONDecodeError as exc:
        return Row(line, None, f"line {line}: not valid JSON ({exc.msg} at column {exc.colno})")
    if not isinstance(data, dict):
        return Row(line, None, f"line {line}: expected a JSON object, got {type(data).__name__}")
    return Row(line, data)


#: A row as read: a parsed Row (CSV), or a JSONL ``(line, text)`` left for a worker to parse.
Item = Row | tuple[int, str]


def read_items(stream: IO[str], fmt: str, skip: int = 0) -> Iterator[Item]:
    """The input rows of a stream, lazily, after the first ``skip`` of them.

    JSONL lines come as ``(line, text)`` so that parsing happens where the judging
    does (in the workers); blank lines are not rows. Skipped rows are not parsed.
    """
    if fmt == "csv":
        reader = csv.DictReader(stream)
        for n, record in enumerate(reader):
            if n < skip:
                continue
            line = reader.line_num
            if None in record:
                yield Row(line, None, f"line {line}: more cells than the header has columns")
                continue
            yield Row(line, {k: v for k, v in record.items() if k is not None})
        return
    yield from jsonl_lines(stream, skip)


def jsonl_lines(stream: IO[str], skip: int = 0) -> Iterator[tuple[int, str]]:
    """``(line number, text)`` of a JSONL stream's non-blank lines, after the first ``skip``."""
    n = 0
    for line, raw in enumerate(stream, 1):
        if not raw.strip():
            continue
        n += 1
        if n > skip:
            yield line, raw


def as_row(item: Item) -> Row:
    return item if isinstance(item, Row) else parse_line(*item)


def read_rows(stream: IO[str], fmt: str) -> Iterator[Row]:
    """Rows of a JSONL or CSV stream, numbered by line; unreadable ones carry an error."""
    for item in read_items(stream, fmt):
        yield as_row(item)


def missing_fields(data: Mapping[str, Any], required: Iterable[str], line: int) -> str | None:
    """Why a row cannot be judged (a missing or non-string field), or None."""
    for name in required:
        value = data.get(name)
        if name not in data:
            return f"line {line}: missing field {name!r}"
        if value is not None and not isinstance(value, str):
            return f"line {line}: field {name!r} must be a string, got {type(value).__name__}"
        if value is None and name != "answer" and name != "a" and name != "b":
            return f"line {line}: field {name!r} must be a string, got null"
    return None


def error_row(row: Row, message: str) -> dict[str, Any]:
    """The output row for an input row that could not be judged."""
    out: dict[str, Any] = dict(row.data or {})
    out.update({
        "line": row.line,
        "verdict": "error",
        "confidence": None,
        "reasons": [{"code": "malformed_row", "message": message, "evidence": None}],
    })
    return out


def judge_row(row: Row, required: Iterable[str],
              judge_data: Callable[[dict[str, Any]], dict[str, Any]]) -> dict[str, Any]:
    """The output row of one input row: ``judge_data(fields)``, or an error row saying why the
    row could not be judged (unreadable, a missing or wrong-typed field, arguments the rules refuse)."""
    if row.data is None:
        return error_row(row, row.error or f"line {row.line}: unreadable")
    problem = missing_fields(row.data, required, row.line)
    if problem:
        return error_row(row, problem)
    try:
        return judge_data(row.data)
    except JudgeError as exc:
        return error_row(row, f"line {row.line}: {exc}")


def check_row(judge: Any, row: Row) -> dict[str, Any]:
    """Judge one ``{id, lang, category, letter, answer}`` row into an output row."""
    return judge_row(row, CHECK_FIELDS, lambda data: _check_data(judge, data))


def _check_data(judge: Any, data: dict[str, Any]) -> dict[str, Any]:
    verdict = judge.check(data["answer"] or "", category=data["category"], letter=data["letter"],
                          lang=data["lang"])
    out = dict(data)
    result = verdict.to_dict()
    for echoed in CHECK_FIELDS:
        result.pop(echoed)
    out.update(result)
    return out


class Writer:
    """Writes output rows as JSONL, or CSV with nested fields as JSON text.

    ``fieldnames`` continues a CSV whose header is already written (``--resume``).
    """

    def __init__(self, stream: IO[str], fmt: str, fieldnames: Sequence[str] | None = None) -> None:
        self.stream = stream
        self.fmt = fmt
        self._csv: csv.DictWriter[str] | None = None
        if fieldnames is not None and fmt == "csv":
            self._csv = csv.DictWriter(stream, fieldnames=list(fieldnames), extrasaction="ignore")

    def write(self, row: Mapping[str, Any]) -> None:
        self.write_encoded(encode(row, self.fmt))

    def write_chunk(self, output: str | Sequence[Mapping[str, Any]]) -> None:
        """Write the output of a handled chunk (:class:`Done`): JSONL text, or CSV rows."""
        if isinstance(output, str):
            self.stream.write(output)
            return
        for row in output:
            self.write_encoded(row)

    def write_encoded(self, encoded: str | Mapping[str, Any]) -> None:
        """Write a row already passed through :func:`encode` (perhaps in a worker)."""
        if isinstance(encoded, str):
            self.stream.write(encoded)
            return
        if self._csv is None:
            fields = list(dict.fromkeys([*CSV_FIELDS, "line", "verdict", "confidence", "reasons",
                                         "key_word", "normalized", "concept", "category_id", *encoded]))
            self._csv = csv.DictWriter(self.stream, fieldnames=fields, extrasaction="ignore")
            self._csv.writeheader()
        self._csv.writerow(encoded)


def encode(row: Mapping[str, Any], fmt: str) -> str | dict[str, Any]:
    """A row ready to write: a JSON line, or (CSV) its cells with nested values as JSON text."""
    if fmt == "jsonl":
        return to_jsonl(row)
    return {k: json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else v for k, v in row.items()}


_LINE_BREAKS = str.maketrans({"\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def to_jsonl(row: Mapping[str, Any]) -> str:
    """One JSON line; characters that some readers take for line breaks are escaped."""
    return json.dumps(row, ensure_ascii=False).translate(_LINE_BREAKS) + "\n"


def output_format(path: str | None) -> str:
    return "csv" if path and Path(path).suffix.lower() == ".csv" else "jsonl"


# -- Jobs: the same chunks judged in this process, in local worker processes, or on Dask ------
@dataclass(frozen=True)
class Job:
    """What a worker needs to handle a chunk of rows: the kind of row, the output format,
    and how to build its referee (each worker process builds one, once, on first use).

    ``kind`` is ``check`` (``judge batch``), ``pairs`` (``judge pairs``) or ``score``
    (game records of an archive, :mod:`judge.archive`).
    """

    kind: str = "check"
    out_fmt: str = "jsonl"
    data_dir: str | None = None
    knowledge: bool = True


_JUDGES: dict[tuple[str | None, bool], Any] = {}
_JUDGES_LOCK = threading.Lock()


def worker_judge(job: Job) -> Any:
    """This process's referee for ``job``: built on first use, then shared by its threads."""
    key = (job.data_dir, job.knowledge)
    judge = _JUDGES.get(key)
    if judge is None:
        with _JUDGES_LOCK:
            judge = _JUDGES.get(key)
            if judge is None:
                from judge.referee import Judge

                judge = _JUDGES[key] = Judge(job.data_dir, knowledge=job.knowledge)
    return judge


def _check_item(judge: Any, item: Any) -> tuple[str, dict[str, Any]]:
    out = check_row(judge, as_row(item))
    return str(out["verdict"]), out


def _pairs_item(judge: Any, item: Any) -> tuple[str, dict[str, Any]]:
    from judge.duplicates import pair_row

    out = pair_row(judge, as_row(item))
    key = out.get("verdict") or ("duplicate" if out.get("duplicate") else "distinct")
    return str(key), out


def _score_item(judge: Any, item: Any) -> tuple[str, dict[str, Any]]:
    from judge.archive import score_entry

    out = score_entry(judge, item)
    return str(out["status"]), out


_HANDLERS: dict[str, Callable[[Any, Any], tuple[str, dict[str, Any]]]] = {
    "check": _check_item,
    "pairs": _pairs_item,
    "score": _score_item,
}

@dataclass(frozen=True)
class Done:
    """A handled chunk: its row count, the count per key (the verdict, or ``ok``/``error``),
    and its output, encoded: JSONL as one string, CSV as rows of cells."""

    rows: int
    counts: dict[str, int]
    output: str | list[dict[str, Any]]


def handle_chunk(job: Job, items: Sequence[Any]) -> Done:
    """Judge a chunk of input rows in order: what every worker runs (importable by name)."""
    judge = worker_judge(job)
    handler = _HANDLERS[job.kind]
    counts: dict[str, int] = {}
    encoded: list[Any] = []
    fast = job.kind == "check" and job.out_fmt == "jsonl"
    for item in items:
        line = _check_line(judge, item) if fast else None
        if line is not None:
            key, text = line
            counts[key] = counts.get(key, 0) + 1
            encoded.append(text)
            continue
        key, out = handler(judge, item)
        counts[key] = counts.get(key, 0) + 1
        encoded.append(encode(out, job.out_fmt))
    return Done(len(encoded), counts, "".join(encoded) if job.out_fmt == "jsonl" else encoded)


#: The verdict fields written after a row's own fields: what :func:`check_row` adds.
_RESULT_FIELDS = frozenset(f.name for f in fields(Verdict)) - set(CHECK_FIELDS)


@lru_cache(maxsize=16384)
def _verdict_json(verdict: Any) -> tuple[str, str]:
    """A verdict's output fields as JSON text (``"verdict": ..., ...``), and the verdict: encoded
    once per distinct verdict, since archives repeat answers."""
    result = verdict.to_dict()
    for echoed in CHECK_FIELDS:
        result.pop(echoed)
    return to_jsonl(result)[1:-2], result["verdict"]


def _check_line(judge: Any, item: Any) -> tuple[str, str] | None:
    """The fast path of a well-formed JSONL check row: the input's own JSON and the cached
    JSON of its verdict, joined; byte for byte what ``encode(check_row(...))`` writes.
    None when the row needs the general path (an error, or a field the verdict overwrites)."""
    row = as_row(item)
    data = row.data
    if data is None or _RESULT_FIELDS & data.keys() or missing_fields(data, CHECK_FIELDS, row.line):
        return None
    try:
        verdict = judge.check(data["answer"] or "", category=data["category"], letter=data["letter"],
                              lang=data["lang"])
    except JudgeError:
        return None
    fields, key = _verdict_json(verdict)
    head = to_jsonl(data)[:-2]
    return key, f"{head}, {fields}}}\n" if len(head) > 1 else f"{{{fields}}}\n"


def chunked(items: Iterable[Any], size: int) -> Iterator[list[Any]]:
    """Lists of ``size`` items, lazily; the last may be shorter.

    >>> list(chunked(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    chunk: list[Any] = []
    for item in items:
        chunk.append(item)
        if len(chunk) >= size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def _ordered(futures: Iterator[Any], window: int) -> Iterator[Any]:
    """Results of futures in submission order, with at most ``window`` in flight."""
    pending: deque[Any] = deque()
    for future in futures:
        pending.append(future)
        if len(pending) >= window:
            yield pending.popleft().result()
    while pending:
        yield pending.popleft().result()


def map_chunks(job: Job, chunks: Iterable[Sequence[Any]], *, workers: int = 1,
               scheduler: str | None = None) -> Iterator[Done]:
    """Handled chunks, in input order: here, in ``workers`` local processes, or on the
    Dask cluster at ``scheduler``. A bounded number of chunks is in flight, so memory
    stays flat whatever the input size.
    """
    if scheduler:
        yield from _map_dask(job, chunks, scheduler)
        return
    if workers <= 1:
        for chunk in chunks:
            yield handle_chunk(job, chunk)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers, initializer=_watch_parent, initargs=(os.getpid(),)) as pool:
        yield from _ordered((pool.submit(handle_chunk, job, chunk) for chunk in chunks), 4 * workers)


#: Seconds to wait for a Dask scheduler to answer.
DASK_CONNECT_TIMEOUT = 30


def _watch_parent(parent: int) -> None:
    """In a local worker process: exit as soon as the parent is gone (even after ``kill -9``),
    rather than wait forever, orphaned, for chunks that will never come."""

    def watch() -> None:
        while True:
            time.sleep(0.5)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="judge-parent-watch", daemon=True).start()


def _map_dask(job: Job, chunks: Iterable[Sequence[Any]], scheduler: str) -> Iterator[Done]:
    try:
        from distributed import Client
    except ImportError as exc:
        raise InvalidInput("--scheduler needs Dask: pip install 'category-judge[cluster]'") from exc
    try:
        client = Client(scheduler, timeout=DASK_CONNECT_TIMEOUT)
    except OSError as exc:
        raise InvalidInput(f"--scheduler {scheduler}: cannot reach the Dask scheduler ({exc})") from exc
    try:
        threads = max(1, sum(client.nthreads().values()))
        yield from _ordered((client.submit(handle_chunk, job, chunk, pure=False) for chunk in chunks),
                            4 * threads)
    finally:
        client.close()


# -- Resuming an interrupted run ---------------------------------------------------------------
@dataclass(frozen=True)
class Resume:
    """Where an earlier, interrupted output stops: its complete rows (a torn last row is
    cut off) and, for CSV, the header already written."""

    rows: int = 0
    fieldnames: tuple[str, ...] | None = None


def resume_point(path: str | Path, fmt: str) -> Resume:
    """Count the complete rows of an earlier output and truncate a torn last row.

    Input rows map one to one onto output rows, and rows are written in order, so a
    rerun skips that many input rows and appends the rest: nothing lost, nothing twice,
    even after ``kill -9``.
    """
    path = Path(path)
    if not path.exists():
        return Resume()
    if fmt == "jsonl":
        rows, end = 0, 0
        with path.open("rb") as fh:
            offset = 0
            while block := fh.read(1 << 20):
                n = block.count(b"\n")
                if n:
                    rows += n
                    end = offset + block.rindex(b"\n") + 1
                offset += len(block)
        _truncate(path, end)
        return Resume(rows)
    return _resume_csv(path)


def _resume_csv(path: Path) -> Resume:
    consumed = 0
    last_char = ""

    def lines(fh: IO[str]) -> Iterator[str]:
        nonlocal consumed, last_char
        for text in fh:
            consumed += len(text.encode("utf-8"))
            last_char = text[-1:]
            yield text

    header: list[str] | None = None
    rows, end = 0, 0
    with path.open(encoding="utf-8", newline="") as fh:
        reader = csv.reader(lines(fh), strict=True)
        try:
            for record in reader:
                if last_char not in ("\n", "\r"):
                    break  # the last record has no line end: torn
                if header is None:
                    header = record
                else:
                    rows += 1
                end = consumed
        except csv.Error:
            pass  # end of file inside a quoted cell: torn
    _truncate(path, end)
    return Resume(rows, tuple(header) if header else None)


def _truncate(path: Path, size: int) -> None:
    if path.stat().st_size != size:
        with path.open("r+b") as fh:
            fh.truncate(size)


# -- Running a whole job -------------------------------------------------------------------------
@dataclass
class Summary:
    """What a run did: rows written (this run), their count per verdict, time taken."""

    rows: int = 0
    counts: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    resumed: int = 0
    unit: str = "rows"

    @property
    def rate(self) -> float:
        return self.rows / self.seconds if self.seconds > 0 else 0.0

    def __str__(self) -> str:
        parts = ", ".join(f"{k} {v:,}" for k, v in sorted(self.counts.items(), key=lambda kv: -kv[1]))
        text = f"{self.rows:,} {self.unit} in {self.seconds:.1f}s ({self.rate:,.1f} {self.unit}/s)"
        if parts:
            text += f": {parts}"
        if self.resumed:
            text += f" (resumed after {self.resumed:,} {self.unit} already written)"
        return text


class Progress:
    """A one-line progress display on a terminal: rows, rate, and percent of the input read."""

    def __init__(self, stream: IO[str], total_bytes: int | None = None,
                 position: Callable[[], int] | None = None, every: float = 0.25) -> None:
        self.stream = stream
        self.total = total_bytes
        self.position = position
        self.every = every
        self.start = self.last = time.perf_counter()

    def update(self, rows: int) -> None:
        now = time.perf_counter()
        if now - self.last < self.every:
            return
        self.last = now
        rate = rows / (now - self.start) if now > self.start else 0.0
        text = f"{rows:,} rows, {rate:,.0f} rows/s"
        if self.total and self.position is not None:
            with contextlib.suppress(OSError, ValueError):
                text = f"{min(100.0, 100.0 * self.position() / self.total):5.1f}% " + text
        self.stream.write(f"\r{text}   ")
        self.stream.flush()

    def close(self) -> None:
        self.stream.write("\r\033[K")
        self.stream.flush()


def run_job(job: Job, items: Iterable[Any], writer: Writer, *, workers: int = 1, scheduler: str | None = None,
            chunk_size: int | None = None, progress: Progress | None = None) -> Summary:
    """Handle every item in order and write each result; count what came out."""
    size = chunk_size or (1000 if scheduler else 1024 if workers > 1 else 64)
    summary = Summary()
    start = time.perf_counter()
    try:
        for done in map_chunks(job, chunked(items, size), workers=workers, scheduler=scheduler):
            writer.write_chunk(done.output)
            for key, n in done.counts.items():
                summary.counts[key] = summary.counts.get(key, 0) + n
            summary.rows += done.rows
            if progress is not None:
                progress.update(summary.rows)
    finally:
        summary.seconds = time.perf_counter() - start
        if progress is not None:
            progress.close()
    return summary


def run_file(job: Job, input_path: str, output_path: str | None, *, workers: int = 1,
             scheduler: str | None = None, resume: bool = False, chunk_size: int | None = None,
             show_progress: bool | None = None, out: IO[str] | None = None) -> Summary:
    """``judge batch``: judge ``input_path`` into ``output_path`` (stdout when None).

    With ``resume``, an existing output is continued: its complete rows are kept, a torn
    last row is cut off, and only the missing rows are judged and appended.
    """
    if workers < 1:
        raise InvalidInput("--workers must be at least 1")
    fmt = input_format(input_path)
    job = replace(job, out_fmt=output_format(output_path))
    start = Resume()
    if resume:
        if not output_path:
            raise InvalidInput("--resume needs an output file (-o)")
        start = resume_point(output_path, job.out_fmt)
    stream = open_input(input_path)
    sink: IO[str]
    sink = open(output_path, "a" if resume else "w", encoding="utf-8", newline="") if output_path else out or sys.stdout
    if show_progress is None:
        show_progress = sys.stderr.isatty()
    progress = None
    if show_progress:
        total, position = _input_size(stream, input_path)
        progress = Progress(sys.stderr, total, position)
    try:
        writer = Writer(sink, job.out_fmt, start.fieldnames)
        summary = run_job(job, read_items(stream, fmt, skip=start.rows), writer, workers=workers,
                          scheduler=scheduler, chunk_size=chunk_size, progress=progress)
    finally:
        stream.close()
        if sink is not sys.stdout and sink is not out:
            sink.close()
    summary.resumed = start.rows
    return summary


def _input_size(stream: IO[str], path: str) -> tuple[int | None, Callable[[], int] | None]:
    if path == "-":
        return None, None
    raw = getattr(stream, "buffer", None)
    try:
        return os.fstat(stream.fileno()).st_size, (raw.tell if raw is not None else None)
    except (OSError, AttributeError, ValueError):
        return None, None
