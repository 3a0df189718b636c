"""Streaming batch judging over JSONL or CSV: one output row per input row, in order.

A malformed row (broken JSON, a missing or wrong-typed field, a bad letter or
language) becomes a row with ``verdict: "error"`` and a reason naming its line;
it never stops the run or disappears.
"""

from __future__ import annotations

import csv
import io
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from judge.errors import InvalidInput, JudgeError

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


def read_rows(stream: IO[str], fmt: str) -> Iterator[Row]:
    """Rows of a JSONL or CSV stream, numbered by line; unreadable ones carry an error."""
    if fmt == "csv":
        reader = csv.DictReader(stream)
        for record in reader:
            line = reader.line_num
            if None in record:
                yield Row(line, None, f"line {line}: more cells than the header has columns")
                continue
            yield Row(line, {k: v for k, v in record.items() if k is not None})
        return
    for line, raw in enumerate(stream, 1):
        if not raw.strip():
            continue
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as exc:
            yield Row(line, None, f"line {line}: not valid JSON ({exc.msg} at column {exc.colno})")
            continue
        if not isinstance(data, dict):
            yield Row(line, None, f"line {line}: expected a JSON object, got {type(data).__name__}")
            continue
        yield Row(line, data)


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


def check_row(judge: Any, row: Row) -> dict[str, Any]:
    """Judge one ``{id, lang, category, letter, answer}`` row into an output row."""
    if row.data is None:
        return error_row(row, row.error or f"line {row.line}: unreadable")
    problem = missing_fields(row.data, CHECK_FIELDS, row.line)
    if problem:
        return error_row(row, problem)
    data = row.data
    try:
        verdict = judge.check(data["answer"] or "", category=data["category"],
                              letter=data["letter"], lang=data["lang"])
    except JudgeError as exc:
        return error_row(row, f"line {row.line}: {exc}")
    out = dict(data)
    result = verdict.to_dict()
    for echoed in CHECK_FIELDS:
        result.pop(echoed)
    out.update(result)
    return out


class Writer:
    """Writes output rows as JSONL, or CSV with nested fields as JSON text."""

    def __init__(self, stream: IO[str], fmt: str) -> None:
        self.stream = stream
        self.fmt = fmt
        self._csv: csv.DictWriter[str] | None = None

    def write(self, row: Mapping[str, Any]) -> None:
        if self.fmt == "jsonl":
            self.stream.write(to_jsonl(row))
            return
        flat = {k: json.dumps(v, ensure_ascii=False) if isinstance(v, (list, dict)) else v
                for k, v in row.items()}
        if self._csv is None:
            fields = list(dict.fromkeys([*CSV_FIELDS, "line", "verdict", "confidence", "reasons",
                                         "key_word", "normalized", "concept", "category_id", *flat]))
            self._csv = csv.DictWriter(self.stream, fieldnames=fields, extrasaction="ignore")
            self._csv.writeheader()
        self._csv.writerow(flat)


_LINE_BREAKS = str.maketrans({"\u0085": "\\u0085", "\u2028": "\\u2028", "\u2029": "\\u2029"})


def to_jsonl(row: Mapping[str, Any]) -> str:
    """One JSON line; characters that some readers take for line breaks are escaped."""
    return json.dumps(row, ensure_ascii=False).translate(_LINE_BREAKS) + "\n"


def output_format(path: str | None) -> str:
    return "csv" if path and Path(path).suffix.lower() == ".csv" else "jsonl"


def run(
    rows: Iterable[Row],
    judge_row: Callable[[Row], dict[str, Any]],
    writer: Writer,
    progress: Callable[[int], None] | None = None,
) -> dict[str, int]:
    """Judge every row in order, write each result, and count verdicts."""
    counts: dict[str, int] = {"rows": 0}
    for row in rows:
        out = judge_row(row)
        writer.write(out)
        counts["rows"] += 1
        key = str(out.get("verdict", out.get("duplicate", "")))
        counts[key] = counts.get(key, 0) + 1
        if progress is not None and counts["rows"] % 1000 == 0:
            progress(counts["rows"])
    return counts
