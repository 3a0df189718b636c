"""`judge eval`: agreement with human labels, per language and per category.

Answers files carry ``expected`` (accept/reject); pairs files carry ``duplicate``.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.errors import InvalidInput


@dataclass
class Tally:
    """Counts for one slice (a language, a category, or all)."""

    n: int = 0
    decided: int = 0
    right: int = 0
    false_reject: int = 0
    false_accept: int = 0
    confusion: dict[tuple[str, str], int] = field(default_factory=lambda: defaultdict(int))

    def add(self, expected: str, got: str) -> None:
        self.n += 1
        self.confusion[(expected, got)] += 1
        if got in ("accept", "reject"):
            self.decided += 1
            self.right += got == expected
            self.false_reject += expected == "accept" and got == "reject"
            self.false_accept += expected == "reject" and got == "accept"

    def row(self, name: str) -> str:
        cov = self.decided / self.n if self.n else 0.0
        acc = self.right / self.decided if self.decided else 0.0
        return (f"{name:<24} {self.n:>6} {cov:>9.3f} {acc:>9.3f} "
                f"{self.false_reject / max(self.n, 1):>8.3f} {self.false_accept / max(self.n, 1):>8.3f}")


HEADER = f"{'slice':<24} {'n':>6} {'coverage':>9} {'accuracy':>9} {'f.rej':>8} {'f.acc':>8}"


def read_labelled(path: str) -> list[dict[str, Any]]:
    try:
        with open(path, encoding="utf-8") as fh:
            rows = [json.loads(line) for line in fh if line.strip()]
    except (OSError, ValueError) as exc:
        raise InvalidInput(f"{path}: cannot read labelled rows ({exc})") from exc
    if not rows:
        raise InvalidInput(f"{path}: no rows")
    return rows


def run_file(judge: Any, path: str, *, worst: int = 15) -> str:
    rows = read_labelled(path)
    if "duplicate" in rows[0]:
        return evaluate_pairs(judge, rows, worst=worst)
    if "expected" in rows[0]:
        return evaluate_answers(judge, rows, worst=worst)
    raise InvalidInput(f"{path}: rows carry neither 'expected' nor 'duplicate'")


def evaluate_answers(judge: Any, rows: Iterable[Mapping[str, Any]], *, worst: int = 15) -> str:
    by_lang: dict[str, Tally] = defaultdict(Tally)
    by_cat: dict[str, Tally] = defaultdict(Tally)
    total = Tally()
    bins: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    errors: list[tuple[float, str]] = []
    for row in rows:
        v = judge.check(row["answer"], category=row["category"], letter=row["letter"], lang=row["lang"])
        got, expected = v.verdict.value, row["expected"]
        for t in (by_lang[row["lang"]], by_cat[f"{row['lang']}:{row['category']}"], total):
            t.add(expected, got)
        if got in ("accept", "reject"):
            b = min(int(v.confidence * 10), 9)
            bins[b][0] += 1
            bins[b][1] += got == expected
        if got != expected:
            why = "; ".join(f"{r.code.value}: {r.message}" for r in v.reasons[-2:])
            errors.append((v.confidence if got != "unsure" else 0.0,
                           f"{row['lang']} {row['category']!r} {row['letter']} {row['answer']!r}: "
                           f"expected {expected}, got {got} ({v.confidence:.2f}) - {why}"))
    out = ["per language", HEADER, *(by_lang[k].row(k) for k in sorted(by_lang)), total.row("all"), "",
           "per category", HEADER, *(by_cat[k].row(k) for k in sorted(by_cat)), "",
           "confusion (expected -> got)"]
    for key in sorted(total.confusion):
        out.append(f"  {key[0]:>6} -> {key[1]:<6} {total.confusion[key]}")
    out += ["", "calibration (decided answers by confidence)", f"{'confidence':<12} {'n':>6} {'right':>7}"]
    for b in sorted(bins):
        n, right = bins[b]
        out.append(f"{b / 10:.1f}-{(b + 1) / 10:.1f}{'':<4} {n:>6} {right / n:>7.3f}")
    errors.sort(key=lambda e: -e[0])
    out += ["", f"worst errors ({min(worst, len(errors))} of {len(errors)})", *(e[1] for e in errors[:worst])]
    return "\n".join(out)


def evaluate_pairs(judge: Any, rows: Iterable[Mapping[str, Any]], *, worst: int = 15) -> str:
    from judge.duplicates import same_answer

    stats: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])  # tp fp fn tn
    errors: list[str] = []
    for row in rows:
        s = same_answer(judge, row["a"], row["b"], category=row["category"], lang=row["lang"])
        expected = bool(row["duplicate"])
        idx = (0 if expected else 1) if s.same else (2 if expected else 3)
        for key in (row["lang"], "all"):
            stats[key][idx] += 1
        if s.same != expected:
            errors.append(f"{row['lang']} {row['category']!r} {row['a']!r} / {row['b']!r}: expected "
                          f"{expected}, got {s.same} ({s.score:.2f}, {s.reason})")
    out = [f"{'slice':<8} {'n':>5} {'precision':>10} {'recall':>8} {'tp':>5} {'fp':>4} {'fn':>4} {'tn':>4}"]
    for key in [*sorted(k for k in stats if k != "all"), "all"]:
        tp, fp, fn, tn = stats[key]
        p = tp / (tp + fp) if tp + fp else 1.0
        r = tp / (tp + fn) if tp + fn else 1.0
        out.append(f"{key:<8} {tp + fp + fn + tn:>5} {p:>10.3f} {r:>8.3f} {tp:>5} {fp:>4} {fn:>4} {tn:>4}")
    out += ["", f"errors ({min(worst, len(errors))} of {len(errors)})", *errors[:worst]]
    return "\n".join(out)
