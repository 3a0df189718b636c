"""Our own hand-written seed lists: ``lexicons/seeds/<category>.tsv``.

One concept a line, spellings per language separated by ``|`` (the usual one
first), header ``concept en it de fr``. They fill what the open sources lack:
common flowers, fruits, sports, professions, rivers, famous people ...
Licence: CC0 (category-judge seed lists).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from lexicons.sources import LANGS, Entry, Source

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
CATALOGUE = Path(__file__).resolve().parent.parent / "catalogue.json"
PEOPLE = {"famous_person", "composer", "writer", "painter", "scientist", "us_president",
          "actor", "musician", "athlete", "historical_figure", "singer", "footballer"}

SOURCES = [Source("seeds", "category-judge seed lists", "1", "CC0-1.0",
                  "lexicons/seeds/ in this repository")]


def available() -> str | None:
    return None if any(SEEDS.glob("*.tsv")) else f"no seed lists in {SEEDS}"


def _people_categories() -> set[str]:
    """Catalogue categories under famous_person: their members are people."""
    data = json.loads(CATALOGUE.read_text(encoding="utf-8"))
    parents = {c["id"]: set(c.get("parents", ())) for c in data["categories"]}
    out = set(PEOPLE)
    changed = True
    while changed:
        changed = False
        for cid, ps in parents.items():
            if cid not in out and ps & out:
                out.add(cid)
                changed = True
    return out


def entries() -> Iterator[Entry]:
    known = {c["id"] for c in json.loads(CATALOGUE.read_text(encoding="utf-8"))["categories"]}
    people = _people_categories()
    for path in sorted(SEEDS.glob("*.tsv")):
        category = path.stem
        if category not in known:
            raise ValueError(f"{path}: {category!r} is not a catalogue category id")
        lines = path.read_text(encoding="utf-8").splitlines()
        header = lines[0].split("\t")
        if header != ["concept", *LANGS]:
            raise ValueError(f"{path}:1: header must be 'concept\\ten\\tit\\tde\\tfr', got {header}")
        tags = ("person",) if category in people else ()
        for n, line in enumerate(lines[1:], 2):
            if not line.strip() or line.startswith("#"):
                continue
            cells = line.split("\t")
            if len(cells) != 5:
                raise ValueError(f"{path}:{n}: expected 5 tab-separated cells, got {len(cells)}")
            concept = f"seed:{category}/{cells[0].strip()}"
            for lang, cell in zip(LANGS, cells[1:], strict=True):
                for form in cell.split("|"):
                    if form.strip():
                        yield Entry(lang, category, concept, form.strip(), "seeds", tags)
