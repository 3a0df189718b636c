"""The performance suite of issue 10: every figure of docs/PERFORMANCE.md, measured the same way each time.

    python benchmarks/bench_suite.py                    # everything (about 3 minutes on 2 cores)
    python benchmarks/bench_suite.py cold latency       # some parts: cold latency throughput memory api
    python benchmarks/bench_suite.py --json out.json    # also write the figures as JSON
    python benchmarks/bench_suite.py --check            # exit 1 if a target is missed

Parts:

* ``cold``: wall time of a whole ``judge check`` process (median of runs), for a lexicon answer
  and for an open category (which loads the sentence encoder), and of ``import judge.cli`` alone.
* ``latency``: per-answer latency p50/p99 in one warm process (all four languages and the sentence
  encoder loaded), by kind of answer: lexicon hits, misses, typos, open categories, wrong letters.
  Each answer is measured once, distinct from the warm-up answers ("first sight"), then again
  ("repeated", served by the Judge's verdict cache).
* ``throughput``: ``judge batch IN -o OUT`` (one process, the CLI as users run it) over 100,000 rows
  that repeat the test answers (typos and open categories included), against a *floor* measured
  in the same run: a process that reads the same JSONL, folds each answer, makes one set look-up
  and writes JSONL. Nothing can be faster; the ratio is what the judging costs on top. The
  start-up (loading lexicons and the encoder) is measured on a 10-row file and reported apart.
* ``memory``: peak and final RSS of a process that loaded one language (each), all four, and all
  four plus the sentence encoder, after judging answers of every kind in them.
* ``api``: ``benchmarks/load_api.py`` (``judge serve``, gunicorn, loopback only, bounded load)
  with 32 concurrent clients.

Inputs are synthetic rows built from the project's own test tables (tests/cases/verdicts.tsv,
probes.tsv, open_categories.tsv, nonwords_*.txt; CC0) with seeded random typos and wrong
letters. Never the evaluation set.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import unicodedata
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CASES = ROOT / "tests" / "cases"
LANGS = ("en", "it", "de", "fr")
PARTS = ("cold", "latency", "throughput", "memory", "api")

#: The targets of issue 10 (on the 2-core reference machine).
TARGETS = {
    "batch_floor_ratio": 3.0,  # batch time / floor time, at most
    "cold_check_s": 0.8,  # cold `judge check` wall time, at most
    "rss_all_mb": 250.0,  # RSS with all four languages, at most
    "api_rps": 2000.0,  # /v1/check requests/s at 32 clients, at least
    "api_p99_ms": 15.0,  # /v1/check p99 at 32 clients, at most
    "batch_rows_per_s": 10_000.0,  # issue 4: judge batch over 100,000 repeated rows, at least
}

Row = dict[str, str]


# -- inputs ----------------------------------------------------------------------------------
def _tsv(path: Path) -> list[list[str]]:
    out = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            out.append(line.split("\t"))
    return out


def _initial(answer: str) -> str:
    folded = unicodedata.normalize("NFKD", answer)
    letters = [c for c in folded if c.isalpha() and c.isascii()]
    return letters[0].upper() if letters else "A"


def _typo(rng: random.Random, word: str) -> str:
    """One slip, never on the first letter: a dropped, doubled, swapped or wrong letter."""
    i = rng.randrange(1, len(word) - 1)
    kind = rng.randrange(4)
    if kind == 0:
        return word[:i] + word[i + 1:]
    if kind == 1:
        return word[:i] + word[i] + word[i:]
    if kind == 2:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return word[:i] + rng.choice("aeioulnrst") + word[i + 1:]


def make_cases(seed: int = 10) -> dict[str, list[Row]]:
    """Synthetic rows by kind: hit, miss, typo, open, wrong_letter (distinct within and across kinds)."""
    rng = random.Random(seed)
    known: list[tuple[str, str, str, str, str]] = []  # lang, card, letter, answer, expected
    for r in _tsv(CASES / "verdicts.tsv"):
        known.append((r[0], r[1], r[2], r[3], r[4]))
    for r in _tsv(CASES / "probes.tsv"):
        if r[4] in ("accept", "reject", "unsure"):
            known.append((r[0], r[1], r[2], r[3], r[4]))
    cards: dict[str, list[str]] = {}
    for lang, card, *_ in known:
        cards.setdefault(lang, []).append(card)
    kinds: dict[str, list[Row]] = {k: [] for k in ("hit", "miss", "typo", "open", "wrong_letter")}
    for lang, card, letter, answer, expected in known:
        row = {"lang": lang, "category": card, "letter": letter, "answer": answer}
        kinds["hit" if expected == "accept" else "miss"].append(row)
        if expected == "accept" and len(answer) >= 6 and " " not in answer:
            kinds["typo"].append({**row, "answer": _typo(rng, answer)})
        wrong = rng.choice([c for c in "ABCDEFGHILMNOPRSTVZ" if c != letter])
        kinds["wrong_letter"].append({**row, "letter": wrong})
    for lang in LANGS:
        for word in (CASES / f"nonwords_{lang}.txt").read_text(encoding="utf-8").split():
            kinds["miss"].append({"lang": lang, "category": rng.choice(cards[lang]), "letter": _initial(word),
                                  "answer": word})
    for r in _tsv(CASES / "open_categories.tsv"):
        kinds["open"].append({"lang": r[0], "category": r[1], "letter": _initial(r[2]), "answer": r[2]})
    seen: set[tuple[str, ...]] = set()
    for name, rows in kinds.items():
        unique = []
        for row in rows:
            key = (row["lang"], row["category"], row["letter"], row["answer"])
            if key not in seen:
                seen.add(key)
                unique.append(row)
        kinds[name] = unique
    return kinds


def write_batch_input(path: Path, rows: int, seed: int = 4) -> int:
    """``rows`` JSONL rows drawn (with repeats) from every kind of case; returns the distinct count."""
    rng = random.Random(seed)
    pool = [row for rows_ in make_cases().values() for row in rows_]
    with path.open("w", encoding="utf-8") as fh:
        for i in range(rows):
            fh.write(json.dumps({"id": f"r{i}", **rng.choice(pool)}, ensure_ascii=False) + "\n")
    return len(pool)


# -- helpers ---------------------------------------------------------------------------------
def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p * len(ordered)))] if ordered else float("nan")


def timed(cmd: list[str], **kw: Any) -> tuple[float, subprocess.CompletedProcess[str]]:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, **kw)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(cmd)} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return elapsed, proc


def rss_mb() -> dict[str, float]:
    out = {}
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(("VmRSS:", "VmHWM:")):
            out[line.split(":")[0]] = round(int(line.split()[1]) / 1024, 1)
    return {"rss_mb": out.get("VmRSS", 0.0), "peak_mb": out.get("VmHWM", 0.0)}


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)


# -- parts -----------------------------------------------------------------------------------
def bench_cold(runs: int) -> dict[str, Any]:
    py = sys.executable
    cases = {
        "check_lexicon": [py, "-m", "judge.cli", "check", "Rosa", "--category", "Fiori", "--letter", "R",
                          "--lang", "it"],
        "check_miss": [py, "-m", "judge.cli", "check", "Blorf", "--category", "Animals", "--letter", "B"],
        "check_open": [py, "-m", "judge.cli", "check", "Blizzard", "--category", "Things that are cold",
                       "--letter", "B"],
        "import_cli": [py, "-c", "import judge.cli"],
        "python_alone": [py, "-c", "pass"],
    }
    script = Path(py).parent / "judge"
    if script.exists():
        cases["console_script"] = [str(script), *cases["check_lexicon"][3:]]
    out: dict[str, Any] = {}
    for name, cmd in cases.items():
        timed(cmd)  # page cache warm, .pyc written
        walls = [timed(cmd)[0] for _ in range(runs)]
        out[name] = {"median_s": round(statistics.median(walls), 3), "min_s": round(min(walls), 3),
                     "max_s": round(max(walls), 3), "runs": runs}
        log(f"cold {name}: median {out[name]['median_s']} s (min {out[name]['min_s']}, max {out[name]['max_s']})")
    out["target_s"] = TARGETS["cold_check_s"]
    out["target_met"] = out["check_lexicon"]["median_s"] <= TARGETS["cold_check_s"]
    return out


def bench_latency(share_warm: float = 0.25) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    from judge import Judge

    judge = Judge()
    load_start = time.perf_counter()
    for lang in LANGS:
        judge.matcher.store.warm(lang)
    load_s = time.perf_counter() - load_start
    sem_start = time.perf_counter()
    judge.check("Blizzard", category="Things that are cold", letter="B")
    sem_s = time.perf_counter() - sem_start
    kinds = make_cases()
    rng = random.Random(7)
    warm: list[Row] = []
    measure: dict[str, list[Row]] = {}
    for name, rows in kinds.items():
        rows = rows[:]
        rng.shuffle(rows)
        cut = int(len(rows) * share_warm)
        warm += rows[:cut]
        measure[name] = rows[cut:]
    for row in warm:  # builds per-category typo indexes and card embeddings, as a running server has
        judge.check(row["answer"], category=row["category"], letter=row["letter"], lang=row["lang"])
    out: dict[str, Any] = {"load_four_languages_s": round(load_s, 3), "first_open_check_s": round(sem_s, 3)}
    gc.collect()
    for name, rows in measure.items():
        firsts, repeats = [], []
        for label, sink in (("first", firsts), ("repeat", repeats)):
            for row in rows:
                t0 = time.perf_counter_ns()
                judge.check(row["answer"], category=row["category"], letter=row["letter"], lang=row["lang"])
                sink.append((time.perf_counter_ns() - t0) / 1e6)
            del label
        out[name] = {
            "answers": len(rows),
            "first_p50_ms": round(pct(firsts, 0.5), 3), "first_p99_ms": round(pct(firsts, 0.99), 3),
            "first_mean_ms": round(statistics.fmean(firsts), 3),
            "repeat_p50_ms": round(pct(repeats, 0.5), 4), "repeat_p99_ms": round(pct(repeats, 0.99), 4),
        }
        log(f"latency {name} ({len(rows)}): first sight p50 {out[name]['first_p50_ms']} ms, "
            f"p99 {out[name]['first_p99_ms']} ms; repeated p50 {out[name]['repeat_p50_ms']} ms, "
            f"p99 {out[name]['repeat_p99_ms']} ms")
    return out


def floor_main(src: str, dst: str) -> None:
    """The floor: read JSONL, fold the answer, one set look-up, write JSONL. Nothing can be faster."""
    known = {"rosa", "roma", "boston", "koln", "paris", "cane"}
    loads, dumps, normalize = json.loads, json.dumps, unicodedata.normalize
    with open(src, encoding="utf-8") as fin, open(dst, "w", encoding="utf-8") as fout:
        write = fout.write
        for line in fin:
            row = loads(line)
            folded = normalize("NFKD", row["answer"]).casefold()
            row["verdict"] = "accept" if folded in known else "unsure"
            write(dumps(row, ensure_ascii=False) + "\n")


def bench_throughput(rows: int, runs: int) -> dict[str, Any]:
    py = sys.executable
    with tempfile.TemporaryDirectory(prefix="judge-bench-") as tmp:
        src, small, dst = Path(tmp) / "in.jsonl", Path(tmp) / "small.jsonl", Path(tmp) / "out.jsonl"
        distinct = write_batch_input(src, rows)
        # Start-up: one row of every language and kind, so that every table and the encoder load.
        kinds = make_cases()
        with small.open("w", encoding="utf-8") as fh:
            picked = [next(r for r in kinds["hit"] if r["lang"] == lang) for lang in LANGS]
            picked += [kinds["typo"][0], kinds["open"][0], kinds["miss"][0], kinds["wrong_letter"][0]]
            for i, row in enumerate(picked):
                fh.write(json.dumps({"id": f"s{i}", **row}, ensure_ascii=False) + "\n")
        floor_cmd = [py, str(Path(__file__).resolve()), "_floor", str(src), str(dst)]
        batch_cmd = [py, "-m", "judge.cli", "batch", str(src), "-o", str(dst)]
        small_cmd = [py, "-m", "judge.cli", "batch", str(small), "-o", str(dst)]
        floors, batches, startups = [], [], []
        for _ in range(runs):  # interleaved, so that a busy moment hurts both alike
            floors.append(timed(floor_cmd)[0])
            startups.append(timed(small_cmd)[0])
            batches.append(timed(batch_cmd)[0])
            log(f"throughput run: floor {floors[-1]:.2f} s, batch {batches[-1]:.2f} s, start-up {startups[-1]:.2f} s")
        with dst.open(encoding="utf-8") as fh:
            verdicts: dict[str, int] = {}
            n = 0
            for line in fh:
                n += 1
                v = json.loads(line).get("verdict", "?")
                verdicts[v] = verdicts.get(v, 0) + 1
    floor, batch, startup = min(floors), min(batches), min(startups)
    steady = max(batch - startup, 1e-9)
    out = {
        "rows": rows, "distinct_rows": distinct, "output_rows": n, "verdicts": verdicts,
        "floor_s": round(floor, 3), "batch_s": round(batch, 3), "batch_startup_s": round(startup, 3),
        "floor_rows_per_s": round(rows / floor), "batch_rows_per_s": round(rows / batch),
        "batch_steady_rows_per_s": round(rows / steady),
        "ratio_end_to_end": round(batch / floor, 2), "ratio_steady": round(steady / floor, 2),
        "runs": runs,
    }
    out["targets_met"] = {"ratio_steady": out["ratio_steady"] <= TARGETS["batch_floor_ratio"],
                          "ratio_end_to_end": out["ratio_end_to_end"] <= TARGETS["batch_floor_ratio"],
                          "rows_per_s": out["batch_rows_per_s"] >= TARGETS["batch_rows_per_s"]}
    log(f"throughput: floor {out['floor_rows_per_s']:,} rows/s; judge batch {out['batch_rows_per_s']:,} rows/s "
        f"end to end ({out['batch_steady_rows_per_s']:,} after a {startup:.2f} s start-up); "
        f"ratio {out['ratio_end_to_end']}x end to end, {out['ratio_steady']}x steady")
    return out


_MEMORY_CHILD = """
import gc, json, sys
sys.path.insert(0, {root!r})
from benchmarks.bench_suite import make_cases, rss_mb
from judge import Judge
langs, semantic = {langs!r}, {semantic!r}
base = rss_mb()
judge = Judge()
if not semantic:  # measured apart: as if the encoder were not installed (its 'unavailable' path)
    class Off:
        def judge(self, *args, **kw):
            return None
    judge.matcher.__dict__["semantic"] = Off()
for lang in langs:
    judge.matcher.store.warm(lang)
loaded = rss_mb()
for name, rows in make_cases().items():
    if name == "open" and not semantic:
        continue
    for row in rows:
        if row["lang"] in langs:
            judge.check(row["answer"], category=row["category"], letter=row["letter"], lang=row["lang"])
gc.collect()
print(json.dumps({{"interpreter": base, "loaded": loaded, "after_checks": rss_mb()}}))
"""


def bench_memory() -> dict[str, Any]:
    configs: dict[str, tuple[tuple[str, ...], bool]] = {lang: ((lang,), False) for lang in LANGS}
    configs["all_four"] = (LANGS, False)
    configs["all_four_semantic"] = (LANGS, True)
    out: dict[str, Any] = {}
    for name, (langs, semantic) in configs.items():
        code = _MEMORY_CHILD.format(root=str(ROOT), langs=langs, semantic=semantic)
        _, proc = timed([sys.executable, "-c", code])
        figures = json.loads(proc.stdout.strip().splitlines()[-1])
        out[name] = figures
        log(f"memory {name}: after load {figures['loaded']['rss_mb']} MB, after checks "
            f"{figures['after_checks']['rss_mb']} MB (peak {figures['after_checks']['peak_mb']} MB)")
    out["target_mb"] = TARGETS["rss_all_mb"]
    out["target_met"] = out["all_four"]["after_checks"]["peak_mb"] <= TARGETS["rss_all_mb"]
    return out


def bench_api(clients: int, requests: int, seconds: float, workers: int | None,
              threads: int | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="judge-bench-") as tmp:
        path = Path(tmp) / "api.json"
        cmd = [sys.executable, str(ROOT / "benchmarks" / "load_api.py"), "--clients", str(clients),
               "--requests", str(requests), "--seconds", str(seconds), "--json", str(path)]
        if workers:
            cmd += ["--workers", str(workers)]
        if threads:
            cmd += ["--threads", str(threads)]
        _, proc = timed(cmd)
        log(proc.stdout.strip())
        result: dict[str, Any] = json.loads(path.read_text())
    result["issue_targets"] = {"requests_per_s": TARGETS["api_rps"], "p99_ms": TARGETS["api_p99_ms"]}
    result["issue_targets_met"] = (result["requests_per_s"] >= TARGETS["api_rps"]
                                   and result["p99_ms"] <= TARGETS["api_p99_ms"] and result["errors"] == 0)
    return result


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["_floor"]:
        floor_main(argv[1], argv[2])
        return 0
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("parts", nargs="*", choices=[*PARTS, []], help="parts to run (default: all)")
    parser.add_argument("--json", help="write the figures here as JSON")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    parser.add_argument("--cold-runs", type=int, default=7)
    parser.add_argument("--rows", type=int, default=100_000, help="rows of the batch input")
    parser.add_argument("--batch-runs", type=int, default=3)
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--requests", type=int, default=40_000)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--workers", type=int, default=None, help="API server workers (default: judge serve's)")
    parser.add_argument("--threads", type=int, default=None, help="API server threads per worker")
    args = parser.parse_args(argv)
    parts = args.parts or list(PARTS)
    figures: dict[str, Any] = {"machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0],
                                           "load_average_before": [round(x, 2) for x in os.getloadavg()]},
                               "targets": TARGETS}
    if "cold" in parts:
        figures["cold"] = bench_cold(args.cold_runs)
    if "memory" in parts:
        figures["memory"] = bench_memory()
    if "throughput" in parts:
        figures["throughput"] = bench_throughput(args.rows, args.batch_runs)
    if "api" in parts:
        figures["api"] = bench_api(args.clients, args.requests, args.seconds, args.workers, args.threads)
    if "latency" in parts:
        figures["latency"] = bench_latency()
    figures["machine"]["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    missed = [name for name, key in (("cold", "target_met"), ("memory", "target_met"),
                                     ("api", "issue_targets_met")) if name in figures and not figures[name][key]]
    if "throughput" in figures:
        missed += [f"throughput.{k}" for k, ok in figures["throughput"]["targets_met"].items() if not ok]
    figures["missed"] = missed
    print(json.dumps(figures, indent=2))
    if args.json:
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    log("targets missed: " + (", ".join(missed) if missed else "none"))
    return 1 if args.check and missed else 0


if __name__ == "__main__":
    sys.exit(main())
