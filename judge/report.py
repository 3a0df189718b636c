"""``judge report``: one self-contained HTML page of plots from batch or archive results.

It reads, as a stream, either the rows ``judge batch`` writes (one verdict per row) or the
results ``judge score`` writes for an archive (one scored game per line), and draws:
the referee's verdict mix per language and per category, the confidence histogram, the
reasons given, the duplicates per round (archives), and the table of disagreements
between the table and the referee (archives). Images are PNG embedded as base64, so
the page is one file that opens anywhere. Memory stays flat: only counts are kept,
plus the most confident disagreements.

Needs matplotlib (``pip install 'category-judge[report]'``).
"""

from __future__ import annotations

import base64
import heapq
import html
import io
import json
import math
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from judge.errors import InvalidInput

VERDICTS = ("accept", "unsure", "reject", "error")
COLOURS = {"accept": "#4c9a2a", "unsure": "#e0a526", "reject": "#c0392b", "error": "#7f8c8d"}
BINS = 20
MAX_TABLE = 500


@dataclass(frozen=True)
class Judged:
    """One judged answer, whatever file it came from."""

    lang: str
    category: str
    verdict: str
    confidence: float | None
    codes: tuple[str, ...]
    round: int | None = None
    duplicate: bool = False


@dataclass
class Tally:
    """Counts gathered in one pass over the results."""

    kind: str = "batch"
    answers: int = 0
    games: int = 0
    broken: list[dict[str, Any]] = field(default_factory=list)
    broken_count: int = 0
    by_lang: Counter[tuple[str, str]] = field(default_factory=Counter)
    by_category: Counter[tuple[str, str]] = field(default_factory=Counter)
    confidence: Counter[tuple[str, int]] = field(default_factory=Counter)
    reasons: Counter[str] = field(default_factory=Counter)
    rounds: Counter[tuple[int, bool]] = field(default_factory=Counter)
    disagreement_count: int = 0
    _disagreements: list[tuple[float, int, dict[str, Any]]] = field(default_factory=list)

    def add(self, j: Judged) -> None:
        self.answers += 1
        self.by_lang[j.lang, j.verdict] += 1
        self.by_category[j.category, j.verdict] += 1
        if j.confidence is not None and not math.isnan(j.confidence):
            self.confidence[j.verdict, min(BINS - 1, max(0, int(j.confidence * BINS)))] += 1
        self.reasons.update(j.codes)
        if j.round is not None:
            self.rounds[j.round, j.duplicate] += 1

    def add_disagreement(self, d: dict[str, Any]) -> None:
        self.disagreement_count += 1
        item = (float(d.get("confidence") or 0.0), -self.disagreement_count, d)
        if len(self._disagreements) < MAX_TABLE:
            heapq.heappush(self._disagreements, item)
        else:
            heapq.heappushpop(self._disagreements, item)

    @property
    def disagreements(self) -> list[dict[str, Any]]:
        """The kept disagreements, most confident first."""
        return [d for _, _, d in sorted(self._disagreements, key=lambda t: (-t[0], -t[1]))]


# -- Reading results ------------------------------------------------------------------------------
def read_lines(path: str | Path) -> Iterator[dict[str, Any]]:
    try:
        fh = open(path, encoding="utf-8", errors="replace")
    except OSError as exc:
        raise InvalidInput(f"{path}: cannot read results ({exc.strerror})") from exc
    with fh:
        for line, raw in enumerate(fh, 1):
            if not raw.strip():
                continue
            try:
                row = json.loads(raw)
            except json.JSONDecodeError as exc:
                raise InvalidInput(f"{path}: line {line}: not valid JSON ({exc.msg})") from exc
            if isinstance(row, dict):
                yield row


def tally(rows: Iterable[Mapping[str, Any]]) -> Tally:
    """Count verdicts, confidences, reasons and duplicates of batch rows or archive results."""
    t = Tally()
    for row in rows:
        if "status" in row and "game_id" in row:
            t.kind = "score"
            _tally_game(t, row)
        else:
            _tally_batch_row(t, row)
    return t


def _codes(reasons: Any) -> tuple[str, ...]:
    return tuple(str(r.get("code")) for r in reasons or [] if isinstance(r, Mapping))


def _tally_batch_row(t: Tally, row: Mapping[str, Any]) -> None:
    verdict = str(row.get("verdict", "error"))
    confidence = row.get("confidence")
    t.add(Judged(str(row.get("lang") or "?"), str(row.get("category") or "?"), verdict,
                 float(confidence) if isinstance(confidence, (int, float)) else None, _codes(row.get("reasons"))))


def _tally_game(t: Tally, row: Mapping[str, Any]) -> None:
    t.games += 1
    if row.get("status") != "ok":
        t.broken_count += 1
        if len(t.broken) < 50:
            t.broken.append({"game_id": row.get("game_id"), **(row.get("error") or {})})
        return
    for d in row.get("disagreements") or []:
        t.add_disagreement(d)
    result = row.get("result") or {}
    lang = str(result.get("lang") or row.get("lang") or "?")
    categories = result.get("categories") or []
    for r, rnd in enumerate(result.get("rounds") or []):
        answers = rnd.get("answers")
        if isinstance(answers, Mapping):  # Scattergories: sheets aligned with the categories
            for cells in answers.values():
                for i, cell in enumerate(cells):
                    if cell.get("referee") is None:
                        continue
                    category = categories[i] if i < len(categories) else "?"
                    t.add(_judged(lang, str(category), cell, r, bool(cell.get("duplicates"))))
        for turn in rnd.get("turns") or []:  # Category
            for word in turn.get("words") or []:
                if word.get("referee") is not None:
                    t.add(_judged(lang, str(word.get("category")), word, r, False))
        words = rnd.get("words")
        if isinstance(words, Mapping):  # Color Words
            for word in words.values():
                if isinstance(word, Mapping) and word.get("verdict"):
                    t.add(Judged(lang, "(color words)", str(word["verdict"]), None, _codes(word.get("reasons")), r))


def _judged(lang: str, category: str, cell: Mapping[str, Any], r: int, duplicate: bool) -> Judged:
    confidence = cell.get("confidence")
    return Judged(lang, category, str(cell.get("referee")),
                  float(confidence) if isinstance(confidence, (int, float)) else None,
                  _codes(cell.get("reasons")), r, duplicate)


# -- Plots ----------------------------------------------------------------------------------------
def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError as exc:
        raise InvalidInput("judge report needs matplotlib: pip install 'category-judge[report]'") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _png(fig: Any) -> str:
    buf = io.BytesIO()
    fig.savefig(buf, format="png", dpi=90, bbox_inches="tight", metadata={"Software": None})
    _pyplot().close(fig)
    return base64.b64encode(buf.getvalue()).decode("ascii")


def _stacked(plt: Any, counts: Counter[tuple[str, str]], title: str, limit: int = 25) -> Any:
    totals: Counter[str] = Counter()
    for (key, _), n in counts.items():
        totals[key] += n
    keys = [k for k, _ in totals.most_common(limit)][::-1]
    fig, ax = plt.subplots(figsize=(8, max(2.0, 0.32 * len(keys) + 1)))
    left = [0.0] * len(keys)
    for verdict in VERDICTS:
        shares = [counts[k, verdict] / totals[k] if totals[k] else 0.0 for k in keys]
        if any(shares):
            ax.barh(keys, shares, left=left, color=COLOURS[verdict], label=verdict)
            left = [a + b for a, b in zip(left, shares, strict=True)]
    ax.set_xlim(0, 1)
    ax.set_xlabel("share of answers")
    ax.set_title(title + (f" (the {limit} largest)" if len(totals) > limit else ""))
    ax.legend(loc="lower right", fontsize="small")
    return fig


def figures(t: Tally) -> list[tuple[str, str]]:
    """The report's plots as ``(caption, base64 PNG)``."""
    plt = _pyplot()
    out: list[tuple[str, str]] = []
    if not t.answers:
        return out
    out.append(("Verdict mix per language", _png(_stacked(plt, t.by_lang, "Referee's verdicts per language"))))
    out.append(("Verdict mix per category", _png(_stacked(plt, t.by_category, "Referee's verdicts per category"))))

    fig, ax = plt.subplots(figsize=(8, 3.5))
    edges = [i / BINS for i in range(BINS)]
    bottom = [0] * BINS
    for verdict in VERDICTS:
        heights = [t.confidence[verdict, b] for b in range(BINS)]
        if any(heights):
            ax.bar(edges, heights, width=1 / BINS, align="edge", bottom=bottom, color=COLOURS[verdict],
                   label=verdict, edgecolor="white", linewidth=0.5)
            bottom = [a + b for a, b in zip(bottom, heights, strict=True)]
    ax.set_xlim(0, 1)
    ax.set_xlabel("confidence")
    ax.set_ylabel("answers")
    ax.set_title("How sure the referee was")
    ax.legend(fontsize="small")
    out.append(("Confidence histogram", _png(fig)))

    common = t.reasons.most_common(20)[::-1]
    fig, ax = plt.subplots(figsize=(8, max(2.0, 0.32 * len(common) + 1)))
    ax.barh([c for c, _ in common], [n for _, n in common], color="#34495e")
    ax.set_xlabel("answers")
    ax.set_title("Reasons given")
    out.append(("Reasons", _png(fig)))

    rounds = sorted({r for r, _ in t.rounds})
    if rounds:
        fig, ax = plt.subplots(figsize=(8, 3))
        dup = [t.rounds[r, True] for r in rounds]
        single = [t.rounds[r, False] for r in rounds]
        labels = [str(r + 1) for r in rounds]
        ax.bar(labels, single, color="#95a5a6", label="unique answers")
        ax.bar(labels, dup, bottom=single, color="#8e44ad", label="duplicates (score 0)")
        ax.set_xlabel("round")
        ax.set_ylabel("answers")
        ax.set_title("Duplicates per round")
        ax.legend(fontsize="small")
        out.append(("Duplicates per round", _png(fig)))
    return out


# -- The page -------------------------------------------------------------------------------------
_STYLE = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1100px;color:#222}
h1{font-size:1.6em}h2{font-size:1.2em;margin-top:2em}table{border-collapse:collapse;font-size:.85em}
td,th{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}th{background:#f4f4f4}
.num{text-align:right}figure{margin:1em 0}img{max-width:100%}.muted{color:#777}"""


def render(t: Tally, figs: list[tuple[str, str]], title: str) -> str:
    """The report as one HTML page (images inline)."""
    e = html.escape
    parts = [f"<!doctype html><html lang='en'><head><meta charset='utf-8'><title>{e(title)}</title>"
             f"<style>{_STYLE}</style></head><body><h1>{e(title)}</h1>"]
    verdicts: Counter[str] = Counter()
    for (_, verdict), n in t.by_lang.items():
        verdicts[verdict] += n
    summary = f"{t.answers:,} judged answers"
    if t.kind == "score":
        summary = f"{t.games:,} games ({t.broken_count:,} broken records), " + summary
        summary += f", {t.disagreement_count:,} disagreements between the table and the referee"
    mix = ", ".join(f"{v} {verdicts[v]:,}" for v in VERDICTS if verdicts[v])
    parts.append(f"<p>{e(summary)}{': ' + e(mix) if mix else ''}.</p>")
    for caption, png in figs:
        parts.append(f"<h2>{e(caption)}</h2><figure><img alt='{e(caption)}' src='data:image/png;base64,{png}'>"
                     "</figure>")
    if t.kind == "score":
        parts.append(_disagreement_table(t))
        if t.broken:
            parts.append("<h2>Broken records</h2><table><tr><th>game</th><th>JSON path</th><th>problem</th></tr>")
            parts += [f"<tr><td>{e(str(b.get('game_id')))}</td><td>{e(str(b.get('path') or '(whole record)'))}"
                      f"</td><td>{e(str(b.get('message')))}</td></tr>" for b in t.broken]
            parts.append("</table>")
    else:
        parts.append("<p class='muted'>Batch rows carry no rounds or table decisions: duplicates per round and "
                     "disagreements appear in reports of archives (<code>judge score ARCHIVE</code>).</p>")
    parts.append("</body></html>\n")
    return "".join(parts)


def _disagreement_table(t: Tally) -> str:
    from judge.archive import evidence_text

    e = html.escape
    rows = t.disagreements
    head = (f"<h2>Disagreements between the table and the referee</h2><p>{t.disagreement_count:,} answers where "
            "the table's recorded decision differs from the referee's verdict, most confident referee first"
            + (f" (the first {len(rows):,} shown)" if len(rows) < t.disagreement_count else "") + ".</p>")
    if not rows:
        return head
    cells = ["<table><tr><th>confidence</th><th>game</th><th>round</th><th>player</th><th>answer</th>"
             "<th>category</th><th>letter</th><th>referee</th><th>table</th><th>by</th><th>evidence</th></tr>"]
    for d in rows:
        by = d.get("decided_by", "")
        if d.get("votes"):
            by = f"{by} {d['votes']}"
        cells.append(
            f"<tr><td class='num'>{float(d.get('confidence') or 0):.2f}</td><td>{e(str(d.get('game_id')))}</td>"
            f"<td class='num'>{int(d.get('round') or 0) + 1}</td><td>{e(str(d.get('player')))}</td>"
            f"<td>{e(str(d.get('answer')))}</td><td>{e(str(d.get('category')))}</td><td>{e(str(d.get('letter')))}</td>"
            f"<td>{e(str(d.get('referee')))}</td><td>{e(str(d.get('table')))}</td><td>{e(str(by))}</td>"
            f"<td>{e(evidence_text(d.get('reasons') or []))}</td></tr>")
    cells.append("</table>")
    return head + "".join(cells)


def write_report(results: str | Path, output: str | Path = "report.html", *, title: str | None = None) -> Path:
    """Read ``results`` (batch rows or archive results, JSONL) and write the HTML report."""
    t = tally(read_lines(results))
    if not t.answers and not t.games:
        raise InvalidInput(f"{results}: no results to report on")
    page = render(t, figures(t), title or f"category-judge report: {Path(results).name}")
    out = Path(output)
    out.write_text(page, encoding="utf-8")
    return out
