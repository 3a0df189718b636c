"""Benchmark and calibration of judge.semantic on our labelled open cards.

    python benchmarks/bench_semantic.py              # quality with the shipped constants + speed + memory
    python benchmarks/bench_semantic.py --calibrate  # also refit threshold and confidence on the labelled set

Data: tests/cases/open_categories.tsv (hand-written, CC0). Never the evaluation set.
Measures: model load time, warm per-answer latency (uncached answer; cached card), RSS added by the
model, precision/recall of 'accept' per language, leave-one-language-out threshold check, calibration
of the confidence, and how many non-words (tests/cases/nonwords_*.txt) would be accepted.
"""

from __future__ import annotations

import argparse
import itertools
import random
import resource
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from judge import semantic  # noqa: E402
from judge.semantic import SemanticScorer  # noqa: E402

CASES = ROOT / "tests" / "cases"
LANGS = ("en", "it", "de", "fr")


def rss_mb() -> float:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def load_cases() -> list[dict[str, str]]:
    with open(CASES / "open_categories.tsv", encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    header = lines[0].lstrip("# ").split("\t")  # header in the leading '#' line, as in the other case tables
    return [dict(zip(header, line.split("\t"), strict=True)) for line in lines[1:] if line and not line.startswith("#")]


def pick_threshold(y: np.ndarray, s: np.ndarray, precision: float) -> float:
    """Lowest threshold whose accepted set has at least ``precision`` (max recall)."""
    best_t, best_rec = float(s.max()) + 1e-6, 0.0
    for t in sorted(set(s.tolist())):
        acc = s >= t
        if acc.sum() < 5:
            continue
        if y[acc].mean() >= precision:
            rec = float((acc & (y == 1)).sum() / max(1, (y == 1).sum()))
            if rec > best_rec:
                best_t, best_rec = t, rec
    return best_t


def fit_logistic(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    a, b = 1.0, 0.0
    for _ in range(100):  # Newton steps
        p = 1 / (1 + np.exp(-(a * x + b)))
        g = np.array([((p - y) * x).sum(), (p - y).sum()])
        w = p * (1 - p)
        h = np.array([[(w * x * x).sum(), (w * x).sum()], [(w * x).sum(), w.sum()]]) + 1e-6 * np.eye(2)
        step = np.linalg.solve(h, g)
        a, b = a - step[0], b - step[1]
        if np.abs(step).max() < 1e-9:
            break
    return float(a), float(b)


def prf(y: np.ndarray, acc: np.ndarray) -> tuple[float, float, int]:
    n = int(acc.sum())
    prec = float(y[acc].mean()) if n else float("nan")
    rec = float((acc & (y == 1)).sum() / max(1, (y == 1).sum()))
    return prec, rec, n


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--calibrate", action="store_true")
    ap.add_argument("--precision", type=float, default=0.93)
    args = ap.parse_args()

    rss0 = rss_mb()
    scorer = SemanticScorer()
    t0 = time.perf_counter()
    ok = scorer.available()
    load_s = time.perf_counter() - t0
    if not ok:
        print("model unavailable:", scorer.load_error)
        sys.exit(1)
    scorer.relative_score("warm", "Things", "en")
    rss1 = rss_mb()
    print(f"model load: {load_s:.2f} s; RSS added: {rss1 - rss0:.0f} MB (process RSS {rss1:.0f} MB)")

    rows = load_cases()
    t0 = time.perf_counter()
    rel = np.array([scorer.relative_score(r["answer"], r["card"], r["lang"]) for r in rows])
    cold_ms = (time.perf_counter() - t0) / len(rows) * 1000
    y = np.array([int(r["fits"]) for r in rows])
    lang = np.array([r["lang"] for r in rows])

    # warm latency: a fresh answer (not cached) on a card already seen
    words = [f"{w}x" for w in ("table", "river", "lamp", "garden", "stone", "cloud", "tiger", "paper")] * 5
    t0 = time.perf_counter()
    for i, w in enumerate(words):
        scorer.judge(f"{w}{i}", "Things that are cold", "en")
    warm_ms = (time.perf_counter() - t0) / len(words) * 1000
    t0 = time.perf_counter()
    for _ in range(200):
        scorer.judge("ice", "Things that are cold", "en")
    cached_ms = (time.perf_counter() - t0) / 200 * 1000
    print(f"per answer: {warm_ms:.1f} ms uncached answer (warm model), {cached_ms:.3f} ms cached; "
          f"labelled set {cold_ms:.1f} ms/row incl. new cards; RSS now {rss_mb():.0f} MB")

    auc_pos, auc_neg = rel[y == 1], rel[y == 0]
    auc = float((auc_pos[:, None] > auc_neg[None, :]).mean())
    print(f"\nlabelled set: {len(rows)} answers, {len({(r['lang'], r['card']) for r in rows})} cards; "
          f"AUC of relative score {auc:.3f}")

    threshold, a, b = semantic.THRESHOLD, semantic._LOGIT_A, semantic._LOGIT_B
    if args.calibrate:
        threshold = round(pick_threshold(y, rel, args.precision), 3)
        a, b = fit_logistic(rel, y.astype(float))
        print(f"calibrated: THRESHOLD = {threshold}  _LOGIT_A = {a:.3f}  _LOGIT_B = {b:.3f}")
        print("leave-one-language-out (threshold fitted on the other three):")
        for held in LANGS:
            m = lang != held
            t = pick_threshold(y[m], rel[m], args.precision)
            p, r, n = prf(y[~m], rel[~m] >= t)
            print(f"  {held}: threshold {t:.3f} -> precision {p:.2f} recall {r:.2f} ({n} accepted)")
        # card-level 2-fold, repeated
        cards = sorted({(r["lang"], r["card"]) for r in rows})
        ps, rs = [], []
        rng = random.Random(0)
        for _ in range(20):
            rng.shuffle(cards)
            half = set(cards[: len(cards) // 2])
            m = np.array([(r["lang"], r["card"]) in half for r in rows])
            for train in (m, ~m):
                t = pick_threshold(y[train], rel[train], args.precision)
                p, r, n = prf(y[~train], rel[~train] >= t)
                if n:
                    ps.append(p)
                rs.append(r)
        print(f"  cards split in halves (20x2): held-out precision {np.mean(ps):.2f} "
              f"(min {np.min(ps):.2f}), recall {np.mean(rs):.2f}")

    print(f"\naccept = relative score >= {threshold}")
    acc = rel >= threshold
    for lg in (*LANGS, "all"):
        m = np.ones_like(y, bool) if lg == "all" else lang == lg
        p, r, n = prf(y[m], acc[m])
        print(f"  {lg:3s}: precision {p:.2f}  recall {r:.2f}  ({n} accepted of {m.sum()}, {int(y[m].sum())} fit)")
    conf = 1 / (1 + np.exp(-(a * rel + b)))
    print("calibration of confidence on accepted answers (bin: mean confidence vs share that fit):")
    bins = [0.0, 0.8, 0.9, 0.95, 1.01]
    for lo, hi in itertools.pairwise(bins):
        m = acc & (conf >= lo) & (conf < hi)
        if m.sum():
            print(f"  [{lo:.2f},{min(hi, 1):.2f}): n={int(m.sum()):3d} "
                  f"confidence {conf[m].mean():.2f} fit {y[m].mean():.2f}")
    m = acc
    print(f"  all accepted: confidence {conf[m].mean():.2f}, fit {y[m].mean():.2f}")
    print("wrongly accepted:", ", ".join(f"{r['answer']}~{r['card']} ({s:.2f})"
                                       for r, s, ok_ in zip(rows, rel, acc & (y == 0), strict=True) if ok_) or "none")

    cards_by_lang: dict[str, list[str]] = {}
    for r in rows:
        cards_by_lang.setdefault(r["lang"], [])
        if r["card"] not in cards_by_lang[r["lang"]]:
            cards_by_lang[r["lang"]].append(r["card"])
    print("non-words accepted (20 per language x every card of that language):")
    for lg in LANGS:
        path = CASES / f"nonwords_{lg}.txt"
        if not path.exists():
            continue
        nonwords = [w.strip() for w in path.read_text(encoding="utf-8").splitlines()
                    if w.strip() and not w.startswith("#")][:20]
        n = tot = 0
        for w in nonwords:
            for card in cards_by_lang[lg]:
                tot += 1
                n += scorer.relative_score(w, card, lg) >= threshold
        print(f"  {lg}: {n}/{tot}")


if __name__ == "__main__":
    main()
