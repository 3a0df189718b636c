"""Re-checking game archives: score every recorded game, and find where the table and the referee part.

An archive is a folder of JSON game records (``*.json``, searched recursively, in name
order) or a JSONL file with one record per line. Each game becomes one result line:

- ``{"game_id", "source", "status": "ok", "game", "lang", "totals", "winners", "warnings",
  "disagreements": [...], "result": {the scored game}}``, or
- ``{"game_id", "source", "status": "error", "error": {"path", "message"}}`` for a record
  that is not JSON or breaks its schema (``path`` is the JSON path of the first problem).
  A broken record never stops the run.

A *disagreement* is an answer where the recorded table decision (a Scattergories challenge
outcome, or a Category ``ruling``) differs from the referee's own verdict, when the referee
had one (``accept`` or ``reject``: an ``unsure`` referee leaves the decision to the table, so
it cannot disagree). Each carries the referee's confidence and its reasons with their
evidence; the table of all of them is sorted by confidence, most confident first: those
are the decisions most worth a second look.

A record may carry an ``id`` naming the game; otherwise the game is named after its file
(``games/2024-05-01.json``) or its line (``archive.jsonl:12``).
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from judge import batch
from judge.errors import InvalidInput, RecordError

TABLE_FIELDS = ("confidence", "game_id", "round", "player", "answer", "category", "letter", "lang",
                "referee", "table", "decided_by", "votes", "evidence", "source")


@dataclass(frozen=True)
class Entry:
    """One game of an archive, not yet parsed: its default name, where it is, its JSON text."""

    game_id: str
    source: str
    text: str


def is_archive(path: str) -> bool:
    """Is ``path`` an archive (a folder, or a ``.jsonl`` / ``.ndjson`` file) rather than one record?

    >>> is_archive("games.jsonl"), is_archive("game.json"), is_archive("-")
    (True, False, False)
    """
    p = Path(path)
    return path != "-" and (p.is_dir() or p.suffix.lower() in (".jsonl", ".ndjson"))


def read_entries(path: str | Path, skip: int = 0) -> Iterator[Entry]:
    """The games of an archive, lazily, in order, after the first ``skip`` of them."""
    root = Path(path)
    if root.is_dir():
        files = sorted(p for p in root.rglob("*.json") if p.is_file())
        for n, file in enumerate(files):
            if n < skip:
                continue
            name = file.relative_to(root).as_posix()
            try:
                text = file.read_text(encoding="utf-8", errors="replace")
            except OSError as exc:
                text = ""
                name = f"{name} (unreadable: {exc.strerror})"
            yield Entry(name, name, text)
        return
    try:
        stream = root.open(encoding="utf-8", errors="replace")
    except OSError as exc:
        raise InvalidInput(f"{path}: cannot read archive ({exc.strerror})") from exc
    with stream:
        for line, raw in batch.jsonl_lines(stream, skip):
            where = f"{root.name}:{line}"
            yield Entry(where, where, raw)


def score_entry(judge: Any, entry: Entry) -> dict[str, Any]:
    """Score one archived game into its result line; a broken record becomes an error entry."""
    from judge.games import score_game

    head: dict[str, Any] = {"game_id": entry.game_id, "source": entry.source}
    try:
        record = json.loads(entry.text)
    except json.JSONDecodeError as exc:
        return _error(head, "", f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})")
    if isinstance(record, dict) and isinstance(record.get("id"), (str, int)) and not isinstance(record["id"], bool):
        head["game_id"] = str(record["id"])
        record = {k: v for k, v in record.items() if k != "id"}
    try:
        result = score_game(record, judge)
        found = disagreements(judge, record, result)
    except RecordError as exc:
        return _error(head, exc.path, exc.message)
    except Exception as exc:  # a bug must not stop an archive: report it on the game
        return _error(head, "", f"internal error while scoring ({type(exc).__name__}: {exc})")
    for d in found:
        d.update(game_id=head["game_id"], source=entry.source)
    return {**head, "status": "ok", "game": result.get("game"), "lang": record.get("lang"),
            "totals": result.get("totals"), "winners": result.get("winners"),
            "warnings": result.get("warnings", []), "disagreements": found, "result": result}


def _error(head: dict[str, Any], path: str, message: str) -> dict[str, Any]:
    return {**head, "status": "error", "error": {"path": path, "message": message}}


# -- Disagreements ------------------------------------------------------------------------------
def disagreements(judge: Any, record: Mapping[str, Any], result: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Answers of a scored game where the table's recorded decision overrode a referee who had
    a verdict, most confident first, each with the referee's reasons and their evidence."""
    lang = str(record.get("lang"))
    found: list[dict[str, Any]] = []
    for r, rnd in enumerate(result.get("rounds") or []):
        for spot in _table_decisions(record, r, rnd):
            referee = spot.pop("referee_verdict")
            if referee not in ("accept", "reject") or spot["table"] == referee:
                continue
            verdict = judge.check(spot["answer"], category=spot["category"], letter=spot["letter"], lang=lang)
            found.append({"round": r, **spot, "lang": lang, "referee": referee,
                          "confidence": round(verdict.confidence, 3),
                          "reasons": verdict.to_dict()["reasons"]})
    found.sort(key=lambda d: -d["confidence"])
    return found


def _table_decisions(record: Mapping[str, Any], r: int, rnd: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """Each judged answer of a scored round that the table decided: challenges, rulings."""
    rec_round = (record.get("rounds") or [])[r]
    if "answers" in rnd and isinstance(rnd["answers"], Mapping):  # Scattergories
        categories = record.get("categories") or []
        for player, cells in rnd["answers"].items():
            for i, cell in enumerate(cells):
                challenge = cell.get("challenge")
                if not challenge:
                    continue
                yield {"player": player, "answer": cell.get("answer"), "category": categories[i],
                       "letter": rec_round.get("letter"), "table": challenge.get("outcome"),
                       "decided_by": "challenge",
                       "votes": f"{challenge.get('votes_for')}-{challenge.get('votes_against')}",
                       "referee_verdict": cell.get("referee")}
    for turn in rnd.get("turns") or []:  # Category
        for word in turn.get("words") or []:
            if not any(reason.get("code") == "table_ruling" for reason in word.get("reasons") or []):
                continue
            yield {"player": turn.get("player"), "answer": word.get("word"), "category": word.get("category"),
                   "letter": word.get("letter"), "table": word.get("verdict"), "decided_by": "ruling",
                   "votes": None, "referee_verdict": word.get("referee")}


# -- Running an archive --------------------------------------------------------------------------
class _TableWriter(batch.Writer):
    """Writes result lines and keeps the disagreements they carry, for the table."""

    def __init__(self, stream: IO[str], table: list[dict[str, Any]]) -> None:
        super().__init__(stream, "jsonl")
        self.table = table

    def write_chunk(self, output: str | Sequence[Mapping[str, Any]]) -> None:
        super().write_chunk(output)
        if isinstance(output, str):
            for line in output.split("\n")[:-1]:
                self.table.extend(json.loads(line).get("disagreements") or [])


def run_archive(path: str, output: str | None, *, workers: int = 1, scheduler: str | None = None,
                resume: bool = False, disagreements: str | None = None,
                show_progress: bool | None = None) -> tuple[batch.Summary, list[dict[str, Any]]]:
    """``judge score ARCHIVE``: one result line per game into ``output`` (stdout when None),
    the disagreement table into ``disagreements``; returns the summary and the table."""
    import sys

    if not Path(path).exists():
        raise InvalidInput(f"{path}: no such archive")
    if output is not None and batch.output_format(output) != "jsonl":
        raise InvalidInput(f"{output}: archive results are JSONL (use .jsonl)")
    start = batch.Resume()
    table: list[dict[str, Any]] = []
    if resume:
        if not output:
            raise InvalidInput("--resume needs an output file (-o)")
        start = batch.resume_point(output, "jsonl")
        if start.rows:
            table.extend(d for line in read_results(output) for d in line.get("disagreements") or [])
    sink = open(output, "a" if resume else "w", encoding="utf-8") if output else sys.stdout
    show = sys.stderr.isatty() if show_progress is None else show_progress
    try:
        summary = batch.run_job(batch.Job("score"), read_entries(path, skip=start.rows), _TableWriter(sink, table),
                                workers=workers, scheduler=scheduler, chunk_size=2 if workers > 1 or scheduler else 8,
                                progress=batch.Progress(sys.stderr) if show else None)
    finally:
        if sink is not sys.stdout:
            sink.close()
    summary.resumed = start.rows
    summary.unit = "games"
    table.sort(key=lambda d: (-d["confidence"], d["game_id"], d["round"]))
    if disagreements:
        write_table(table, disagreements)
    return summary, table


def read_results(path: str | Path) -> Iterator[dict[str, Any]]:
    """The lines of a results JSONL file, lazily (blank and unreadable lines skipped)."""
    with open(path, encoding="utf-8", errors="replace") as fh:
        for raw in fh:
            if raw.strip():
                try:
                    row = json.loads(raw)
                except json.JSONDecodeError:
                    continue
                if isinstance(row, dict):
                    yield row


def table_row(d: Mapping[str, Any]) -> dict[str, Any]:
    """A disagreement flattened for a table: its evidence as one line of text."""
    row = {k: d.get(k) for k in TABLE_FIELDS if k != "evidence"}
    row["evidence"] = evidence_text(d.get("reasons") or [])
    return row


def evidence_text(reasons: Iterable[Mapping[str, Any]]) -> str:
    """The reasons of a verdict on one line: ``code: message [source, entry, matched]``.

    >>> evidence_text([{"code": "letter_ok", "message": "'Boston' starts with B.", "evidence": {"matched": "Boston"}},
    ...                {"code": "in_category", "message": "A city.", "evidence": None}])
    "letter_ok: 'Boston' starts with B. [Boston]; in_category: A city."
    """
    parts = []
    for reason in reasons:
        ev = reason.get("evidence") or {}
        where = ", ".join(str(ev[k]) for k in ("source", "entry", "matched") if ev.get(k))
        parts.append(f"{reason.get('code')}: {reason.get('message')}" + (f" [{where}]" if where else ""))
    return "; ".join(parts)


def write_table(table: Sequence[Mapping[str, Any]], path: str) -> None:
    """The disagreement table as CSV (``.csv``) or JSONL (anything else)."""
    with open(path, "w", encoding="utf-8", newline="") as fh:
        if Path(path).suffix.lower() == ".csv":
            writer = csv.DictWriter(fh, fieldnames=list(TABLE_FIELDS))
            writer.writeheader()
            for d in table:
                writer.writerow(table_row(d))
        else:
            for d in table:
                fh.write(batch.to_jsonl(d))


def format_table(table: Sequence[Mapping[str, Any]], limit: int = 20) -> str:
    """The first ``limit`` disagreements as a plain-text table for a terminal."""
    if not table:
        return "no disagreements between the table and the referee"
    lines = [f"{len(table)} disagreement(s) between the table and the referee, most confident first:",
             f"{'conf':>5}  {'game':<24} {'rnd':>3}  {'player':<10} {'answer':<22} {'category':<20} "
             f"{'referee':<7} {'table':<7} by"]
    for d in table[:limit]:
        lines.append(f"{d['confidence']:>5.2f}  {str(d['game_id'])[:24]:<24} {d['round']:>3}  "
                     f"{str(d['player'])[:10]:<10} {str(d['answer'])[:22]:<22} {str(d['category'])[:20]:<20} "
                     f"{d['referee']:<7} {d['table']:<7} {d['decided_by']}")
    if len(table) > limit:
        lines.append(f"... and {len(table) - limit} more (--disagreements FILE writes them all)")
    return "\n".join(lines)
