"""Our own hand-written seed lists: ``lexicons/seeds/<category>.tsv``.

One concept a line, spellings per language separated by ``|`` (the usual one
first), header ``concept en it de fr``. They fill what the open sources lack:
common flowers, fruits, sports, professions, rivers, famous people ...
Licence: CC0 (category-judge seed lists).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

from lexicons.sources import LANGS, Entry, Source

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
CATALOGUE = Path(__file__).resolve().parent.parent / "catalogue.json"
PEOPLE = {"famous_person", "composer", "writer", "painter", "scientist", "us_president",
          "actor", "musician", "athlete", "historical_figure", "singer", "footballer"}

#: Generic words around a geographic name, per category and language: "Lake Erie" is also
#: written "Erie", "Lago di Como" "Como", "Mont Blanc" stays (the remainder must be a name).
GENERIC = {
    "lake": {"en": (r"^lake ", r" lake$"), "it": (r"^lago (di |d'|del |della )?",),
             "de": (r"see$", r"^see "), "fr": (r"^lac (de |d'|du |des )?",)},
    "river": {"en": (r" river$", r"^river "), "it": (r"^fiume ",), "de": (r"^fluss ",),
              "fr": (r"^(fleuve|rivière) ",)},
    "island": {"en": (r" islands?$", r"^isle of "), "it": (r"^isol[ae] (di |d'|del )?",),
               "de": (r"insel$", r"^insel "), "fr": (r"^(île|ile|îles|iles) (de |d'|du |des )?",)},
    # Not gulfs and bays: "Gulf of Trieste" is not "Trieste".
    "sea": {"en": (r" (sea|ocean)$", r"^sea of "), "it": (r"^(mare|mar|oceano) (di |del )?",),
            "de": (r"meer$", r"^(das )?meer von "), "fr": (r"^(mer|océan) (de |d'|du |des )?",)},
    "mountain": {"en": (r"^(mount|mt\.?) ",), "it": (r"^monte ",), "de": (r"^mount ",), "fr": (r"^mont ",)},
}


def _stripped(category: str, lang: str, form: str) -> str | None:
    """The name without its generic word ("Lake Erie" -> "Erie"), or None."""
    for pattern in GENERIC.get(category, {}).get(lang, ()):
        rest = re.sub(pattern, "", form, flags=re.IGNORECASE).strip(" -'")
        if rest != form and len(rest) >= 3:
            return rest
    return None


def _surname(form: str) -> str | None:
    """The surname of a multi-word person's name, with its particles ("da Vinci")."""
    words = form.split()
    if len(words) < 2 or "," in form:
        return None
    start = len(words) - 1
    while start > 1 and words[start - 1].lower() in PARTICLES:
        start -= 1
    last = " ".join(words[start:])
    if len(last) < 3 or not last[:1].isupper() or re.fullmatch(r"[IVXLC]+\.?", last) or "-" in last:
        return None
    return last


PARTICLES = {"da", "de", "di", "del", "della", "van", "von", "der", "den", "du", "la", "le", "zu"}

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
                forms = [f.strip() for f in cell.split("|") if f.strip()]
                for form in forms:
                    yield Entry(lang, category, concept, form, "seeds", tags)
                # Shorter ways players write the same name, as alternate (weak) forms.
                short = {x for f in forms for x in (_stripped(category, lang, f),
                                                     _surname(f) if tags else None) if x} - set(forms)
                for form in sorted(short):
                    yield Entry(lang, category, concept, form, "seeds", (*tags, "alt"))
