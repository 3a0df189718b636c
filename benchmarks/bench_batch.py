"""Benchmark `judge batch` at scale: every row accounted for, peak memory, speed-up with workers.

    python benchmarks/bench_batch.py --rows 1000000 --workers 1 2      # input made in /tmp

It writes a synthetic input (our own words, never evaluation data) with ``--malformed``
(default 5%) broken rows of every kind, runs ``judge batch`` once per ``--workers`` value
as a separate process, samples the resident memory of that process and its children
(from /proc, every 0.1 s), then checks the output: one row per input row, in order, the
broken ones as ``verdict: "error"``, and the same bytes whatever the worker count.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import resource
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

#: Our own synthetic answers: (lang, category, words). Some fit, some don't, some are nonsense.
VOCAB = {
    "en": [("Cities", "Boston Berlin Bordeaux Madrid Milan Munich Paris Prague Rome Lyon London Lisbon"),
           ("Animals", "bear beaver bison badger cat cow camel dog donkey eagle elephant fox frog"),
           ("Fruits", "apple apricot banana blueberry cherry date fig grape lemon lime mango melon"),
           ("Colors", "blue black brown green grey orange pink purple red white yellow violet"),
           ("Countries", "Belgium Brazil Canada Chile Denmark Egypt France Germany Italy Spain")],
    "it": [("Fiori", "rosa tulipano margherita giglio viola orchidea girasole garofano papavero"),
           ("Città", "Roma Milano Napoli Torino Bologna Firenze Venezia Bari Genova Palermo"),
           ("Animali", "cane gatto cavallo leone tigre orso lupo volpe aquila delfino balena"),
           ("Frutta", "mela pera banana arancia limone fragola ciliegia pesca uva fico")],
    "de": [("Städte", "Berlin Bonn Bremen Köln Kassel München Hamburg Dresden Leipzig Mainz"),
           ("Tiere", "Hund Katze Pferd Kuh Bär Biber Fuchs Hase Igel Löwe Maus Wolf"),
           ("Länder", "Belgien Brasilien Dänemark Frankreich Italien Spanien Polen Österreich"),
           ("Berufe", "Bäcker Lehrer Arzt Koch Maler Maurer Pilot Richter Tischler")],
    "fr": [("Villes", "Paris Lyon Marseille Lille Bordeaux Nantes Nice Rennes Toulouse Brest"),
           ("Animaux", "chat chien cheval vache lion loup ours renard lapin souris baleine"),
           ("Pays", "Belgique Brésil Canada Chili France Allemagne Italie Espagne Maroc"),
           ("Fruits", "pomme poire banane cerise fraise citron pêche prune raisin abricot")],
}
NONSENSE = "qwx blorf zzt fnark"


def make_row(rng: random.Random, i: int) -> dict[str, object]:
    lang = rng.choice(list(VOCAB))
    category, words = rng.choice(VOCAB[lang])
    pool = words.split()
    word = rng.choice(NONSENSE.split()) if rng.random() < 0.05 else rng.choice(pool)
    if rng.random() < 0.1:  # a typo
        k = rng.randrange(1, max(2, len(word)))
        word = word[:k] + word[k + 1:] if len(word) > 3 else word
    letter = word[0].upper() if rng.random() < 0.85 else rng.choice("ABCDEFGHILMNOPRST")
    if rng.random() < 0.05:
        word = rng.choice(["The ", "Le ", "Il ", "Der "]) + word
    return {"id": i, "lang": lang, "category": category, "letter": letter, "answer": word}


def malformed_line(rng: random.Random, i: int) -> str:
    row = make_row(rng, i)
    kind = i % 6
    if kind == 0:
        return json.dumps(row, ensure_ascii=False)[:-7]  # broken JSON
    if kind == 1:
        del row["letter"]
    elif kind == 2:
        row["letter"] = "XY"
    elif kind == 3:
        row["lang"] = "xx"
    elif kind == 4:
        row["answer"] = 42
    else:
        return json.dumps([row["answer"], row["category"]], ensure_ascii=False)
    return json.dumps(row, ensure_ascii=False)


def generate(path: Path, rows: int, malformed: float = 0.05, seed: int = 7) -> int:
    """Write ``rows`` lines to ``path``, a ``malformed`` share of them broken; return how many are."""
    rng = random.Random(seed)
    bad = 0
    with path.open("w", encoding="utf-8") as fh:
        for i in range(rows):
            if rng.random() < malformed:
                bad += 1
                fh.write(malformed_line(rng, i) + "\n")
            else:
                fh.write(json.dumps(make_row(rng, i), ensure_ascii=False) + "\n")
    return bad


def _tree_rss_kb(pid: int) -> tuple[int, int]:
    """Resident memory (kB) of ``pid`` and its descendants: (sum, largest single process)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        p = int(entry)
        children.setdefault(int(fields.get("PPid", "0").strip() or 0), []).append(p)
        rss[p] = int(fields.get("VmRSS", "0 kB").split()[0]) if "VmRSS" in fields else 0
    total, largest, stack = 0, 0, [pid]
    while stack:
        p = stack.pop()
        total += rss.get(p, 0)
        largest = max(largest, rss.get(p, 0))
        stack.extend(children.get(p, []))
    return total, largest


def _cpu_seconds(pid: int) -> float:
    """User + system CPU time of one process so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_batch(src: Path, out: Path, workers: int) -> dict[str, Any]:
    cmd = [sys.executable, "-m", "judge.cli", "batch", str(src), "-o", str(out), "--workers", str(workers)]
    load_before = os.getloadavg()[0]
    cpu_before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stderr=subprocess.PIPE, text=True)
    peak_total = peak_one = 0
    main_cpu = 0.0
    while proc.poll() is None:
        total, one = _tree_rss_kb(proc.pid)
        peak_total, peak_one = max(peak_total, total), max(peak_one, one)
        main_cpu = max(main_cpu, _cpu_seconds(proc.pid))
        time.sleep(0.1)
    seconds = time.perf_counter() - start
    cpu_after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (cpu_after.ru_utime - cpu_before.ru_utime) + (cpu_after.ru_stime - cpu_before.ru_stime)
    err = proc.stderr.read() if proc.stderr else ""
    if proc.returncode:
        raise SystemExit(f"judge batch failed ({proc.returncode}): {err}")
    return {"workers": workers, "seconds": round(seconds, 1), "cpu_seconds": round(cpu, 1),
            "main_process_cpu_seconds": round(main_cpu, 1),
            "load_avg_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
            "peak_rss_mb_all": round(peak_total / 1024, 1),
            "peak_rss_mb_per_process": round(peak_one / 1024, 1), "summary": err.strip()}


def verify(src: Path, out: Path, bad: int) -> dict[str, object]:
    """Every input row has its output row, in order; the malformed ones are errors."""
    n_in = n_out = 0
    verdicts: Counter[str] = Counter()
    with src.open(encoding="utf-8") as fin, out.open(encoding="utf-8") as fout:
        for raw_in, raw_out in zip(fin, fout, strict=True):
            n_in += 1
            n_out += 1
            row = json.loads(raw_out)
            verdicts[row["verdict"]] += 1
            try:
                given = json.loads(raw_in)
            except json.JSONDecodeError:
                given = None
            if isinstance(given, dict) and given.get("id") != row.get("id"):
                raise SystemExit(f"row {n_in}: id {row.get('id')} where {given.get('id')} was expected")
    assert verdicts["error"] == bad, (verdicts["error"], bad)
    return {"rows_in": n_in, "rows_out": n_out, "malformed": bad, "verdicts": dict(verdicts)}


def digest(path: Path) -> str:
    h = hashlib.sha256()
    with path.open("rb") as fh:
        while block := fh.read(1 << 20):
            h.update(block)
    return h.hexdigest()


def lexicon_version() -> str:
    """A digest of the compiled lexicons' manifest, to notice a rebuild in the middle of a benchmark."""
    manifest = Path(__file__).resolve().parent.parent / "lexicons" / "compiled" / "manifest.json"
    return digest(manifest) if manifest.exists() else ""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--malformed", type=float, default=0.05)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=int, default=1,
                        help="run the worker counts this many times, interleaved (the machine may be shared)")
    parser.add_argument("--dir", default="/tmp/bench_batch", help="where input and outputs go (not the repo)")
    args = parser.parse_args()
    work = Path(args.dir)
    work.mkdir(parents=True, exist_ok=True)
    src = work / f"input-{args.rows}.jsonl"
    t = time.perf_counter()
    bad = generate(src, args.rows, args.malformed)
    print(f"input: {args.rows:,} rows ({bad:,} malformed), {src.stat().st_size / 1e6:.0f} MB, "
          f"made in {time.perf_counter() - t:.1f}s", flush=True)
    times: dict[int, list[float]] = {w: [] for w in args.workers}
    identical = []
    for _ in range(args.repeat):
        digests = set()
        lexicons_before = lexicon_version()
        for w in args.workers:
            out = work / f"output-w{w}.jsonl"
            res = run_batch(src, out, w)
            res.update(verify(src, out, bad))
            digests.add(digest(out))
            times[w].append(float(res["seconds"]))
            print(json.dumps(res, ensure_ascii=False), flush=True)
        if lexicon_version() != lexicons_before:
            print("the compiled lexicons changed during this repetition: outputs are not comparable")
        identical.append(len(digests) == 1)
    first = args.workers[0]
    for w in args.workers[1:]:
        ratios = sorted(a / b for a, b in zip(times[first], times[w], strict=True))
        print(f"workers {w}: {ratios[len(ratios) // 2]:.2f}x the speed of workers {first} "
              f"(median of {len(ratios)}; best {max(ratios):.2f}x, worst {min(ratios):.2f}x)")
    print("outputs byte-identical across worker counts (per repetition):", identical)


if __name__ == "__main__":
    main()
