"""The compiled lexicon store: lazy per language, compact, thread-safe, header-checked.

The files are written by ``lexicons/build.py`` into ``lexicons/compiled/`` (installed as
the package ``judge.data``). Each is a gzipped, tab-separated text file, sorted by its
first column, whose first line is a header ``# category-judge <kind> format=<N> ...``;
:data:`FORMAT` must match.

- ``concepts.tsv.gz``: ``concept  categories  flags  label`` (categories include parents;
  flags: ``m`` weak evidence when it names something else, ``p`` a person, ``r`` a proper name,
  ``b`` a capital or a place of 500,000 people)
- ``forms-<lang>.tsv.gz``: ``folded  concept  display  source  flags`` (``a``: an alternate name)
- ``members-<lang>.tsv.gz``: ``category  folded|folded|...`` (the typo index; ``*`` = every
  strong common noun)
- ``inflections-<lang>.tsv.gz``: ``folded form  folded lemma|folded lemma...``
- ``words-<lang>.tsv.gz``: ``folded word  kind`` (``c`` common, ``p`` proper, ``cp`` both)
- ``spellings-<lang>.tsv.gz``: ``lower-case word with accents  kind`` (for games that judge spelling)
- ``towns.tsv.gz``: ``folded name  concept␟country␟population␟name␞...`` (small towns, all languages)

Memory: forms are kept as one packed string per spelling and parsed into :class:`Hit`
values on demand; word lists and inflections stay as one sorted byte string searched by
bisection, which costs a few microseconds a look-up and a tenth of a dict's memory.
"""

from __future__ import annotations

import gzip
import json
import threading
from array import array
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cached_property, lru_cache
from importlib import resources
from itertools import accumulate
from pathlib import Path
from typing import Any

from judge.errors import LexiconError

FORMAT = 2
#: How many (category, initial) typo-index lists a language keeps split at once.
INDEX_CACHE = 128
_SEP = "\x1f"


def default_data_dir() -> Path:
    """Where the compiled lexicons are: the source tree's, else the installed package's."""
    here = Path(__file__).resolve().parent.parent / "lexicons" / "compiled"
    if (here / "manifest.json").exists():
        return here
    return Path(str(resources.files("judge.data")))


def read_text(path: Path, kind: str) -> str:
    """A compiled file's body (without its header), after checking the header."""
    try:
        data = gzip.decompress(path.read_bytes()).decode("utf-8")
    except (OSError, EOFError) as exc:
        raise LexiconError(f"cannot read compiled lexicon {path}: {exc}") from exc
    header, _, body = data.partition("\n")
    words = header.split()
    if words[:3] != ["#", "category-judge", kind] or f"format={FORMAT}" not in words:
        raise LexiconError(f"{path}: expected a '{kind}' file of format {FORMAT}, got {header!r}")
    return body


def read_table(path: Path, kind: str) -> Iterator[list[str]]:
    """Rows of one compiled file, after checking its header names ``kind`` and :data:`FORMAT`."""
    for line in read_text(path, kind).split("\n"):
        if line:
            yield line.split("\t")


@dataclass(frozen=True)
class Hit:
    """One lexicon entry a spelling names: which concept, as which spelling, from where."""

    concept: str
    display: str
    source: str
    alternate: bool = False  # an alternate name (weaker evidence than the main one)


@dataclass(frozen=True)
class Concept:
    """A language-independent thing: its categories (parents included) and flags."""

    id: str
    categories: frozenset[str]
    minor: bool = False  # weak evidence when it names something else: a first name, a small town
    person: bool = False
    proper: bool = False  # a proper name: a place, a person, a brand
    big: bool = False  # a capital, or a place of 500,000 people or more


@dataclass(frozen=True)
class Town:
    """A town too small for the city lists: its concept, country and population."""

    concept: str
    country: str
    population: int
    name: str


class SortedTable:
    """Sorted ``key\\tvalue`` lines in one byte string, searched by bisection.

    >>> t = SortedTable("apple\\tc\\nbanana\\tcp\\n")
    >>> t.get("banana"), "apple" in t, t.get("cherry", "-")
    ('cp', True, '-')
    """

    def __init__(self, body: str) -> None:
        self._blob = body.encode("utf-8")
        # Start of every line, computed in C: 0, then each line's length + 1, accumulated.
        offsets = array("I", accumulate(map((1).__add__, map(len, self._blob.split(b"\n"))), initial=0))
        while offsets and offsets[-1] >= len(self._blob):
            offsets.pop()
        self._offsets = offsets

    def __len__(self) -> int:
        return len(self._offsets)

    def get(self, key: str, default: str = "") -> str:
        """The value of ``key``, or ``default`` ("" unless given)."""
        target = key.encode("utf-8") + b"\t"
        blob, offsets = self._blob, self._offsets
        lo, hi = 0, len(offsets)
        while lo < hi:
            mid = (lo + hi) // 2
            start = offsets[mid]
            if blob[start:start + len(target)] < target:
                lo = mid + 1
            else:
                hi = mid
        if lo < len(offsets):
            start = offsets[lo]
            if blob.startswith(target, start):
                end = blob.find(b"\n", start)
                return blob[start + len(target):end if end != -1 else len(blob)].decode("utf-8")
        return default

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.get(key, "\0") != "\0"


class FormTable(Mapping[str, tuple[Hit, ...]]):
    """Folded spelling -> the entries it names, parsed on demand from packed strings."""

    def __init__(self, packed: dict[str, str]) -> None:
        self._packed = packed
        self._parse = lru_cache(maxsize=65536)(self._hits)

    @staticmethod
    def _hits(raw: str) -> tuple[Hit, ...]:
        out = []
        for entry in raw.split(_SEP):
            concept, display, source, flags = entry.split("\t")
            out.append(Hit(concept, display, source, "a" in flags))
        return tuple(out)

    def __getitem__(self, key: str) -> tuple[Hit, ...]:
        return self._parse(self._packed[key])

    def __contains__(self, key: object) -> bool:
        return key in self._packed

    def __iter__(self) -> Iterator[str]:
        return iter(self._packed)

    def __len__(self) -> int:
        return len(self._packed)


class ConceptTable(Mapping[str, Concept]):
    """Concept id -> :class:`Concept`, kept as interned category sets and flags."""

    def __init__(self, body: str) -> None:
        sets: dict[str, frozenset[str]] = {}
        self._rows: dict[str, tuple[frozenset[str], str]] = {}
        for line in body.split("\n"):
            if not line:
                continue
            concept, categories, flags, _label = line.split("\t", 3)
            cats = sets.get(categories)
            if cats is None:
                cats = sets[categories] = frozenset(categories.split())
            self._rows[concept] = (cats, flags)

    def __getitem__(self, key: str) -> Concept:
        cats, flags = self._rows[key]
        return Concept(key, cats, "m" in flags, "p" in flags, "r" in flags, "b" in flags)

    def __contains__(self, key: object) -> bool:
        return key in self._rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


class Language:
    """The compiled knowledge of one language. Tables load on first use, once."""

    def __init__(self, store: Store, lang: str) -> None:
        self.store = store
        self.lang = lang
        self._lock = threading.RLock()
        self._members: dict[str, dict[str, str]] = {}

    def _path(self, kind: str) -> Path:
        return self.store.path / f"{kind}-{self.lang}.tsv.gz"

    @cached_property
    def forms(self) -> FormTable:
        """Folded spelling -> the entries it names (multi-word spellings also without spaces)."""
        with self._lock:
            packed: dict[str, str] = {}
            for line in read_text(self._path("forms"), "forms").split("\n"):
                key, _, rest = line.partition("\t")
                if not rest:
                    continue
                prev = packed.get(key)
                packed[key] = rest if prev is None else prev + _SEP + rest
            return FormTable(packed)

    @cached_property
    def compact_forms(self) -> dict[str, str]:
        """Spelling without spaces -> folded spelling (``boltcutter`` -> ``bolt cutter``)."""
        return {k.replace(" ", ""): k for k in self.forms if " " in k}

    @cached_property
    def inflections(self) -> SortedTable:
        """Folded inflected form -> its folded lemmas, separated by ``|``."""
        with self._lock:
            path = self._path("inflections")
            return SortedTable(read_text(path, "inflections") if path.exists() else "")

    @cached_property
    def words(self) -> SortedTable:
        """Folded real word -> ``c`` (common), ``p`` (proper noun) or ``cp``."""
        with self._lock:
            path = self._path("words")
            return SortedTable(read_text(path, "words") if path.exists() else "")

    @cached_property
    def spellings(self) -> SortedTable:
        """Lower-case real word, accents kept -> kind: loaded only by games that judge spelling."""
        with self._lock:
            path = self._path("spellings")
            return SortedTable(read_text(path, "spellings") if path.exists() else "")

    @cached_property
    def _member_lines(self) -> dict[str, str]:
        with self._lock:
            out = {}
            for line in read_text(self._path("members"), "members").split("\n"):
                category, _, forms = line.partition("\t")
                if forms:
                    out[category] = forms
            return out

    def has_members(self, category: str) -> bool:
        """Does the lexicon list any member of ``category`` in this language?"""
        return category in self._member_lines

    def in_category(self, category: str | None, initial: str) -> tuple[list[str], list[str]]:
        """Spellings of the category's members that start with ``initial``: an index for typo
        search, as (folded spellings, the same without spaces). ``category=None`` gives the
        main names of every common noun that is strong evidence (no proper names, alternate
        names, verbs or adjectives).

        Each category's members stay one string per initial; the lists a search needs are
        split from it and the most recent :data:`INDEX_CACHE` kept, so memory stays bounded
        however many categories a batch touches.
        """
        return self._split(category or "*", initial)

    def _grouped(self, category: str) -> dict[str, str]:
        found = self._members.get(category)
        if found is None:
            with self._lock:
                found = self._members.get(category)
                if found is None:
                    grouped: dict[str, list[str]] = {}
                    raw = self._member_lines.get(category, "")
                    for form in raw.split("|") if raw else ():
                        grouped.setdefault(form[:1], []).append(form)
                    found = self._members[category] = {k: "|".join(v) for k, v in grouped.items()}
        return found

    @cached_property
    def _split(self) -> Any:
        @lru_cache(maxsize=INDEX_CACHE)
        def split(category: str, initial: str) -> tuple[list[str], list[str]]:
            raw = self._grouped(category).get(initial, "")
            forms = raw.split("|") if raw else []
            return forms, [f.replace(" ", "") for f in forms]

        return split


class Store:
    """All compiled lexicons under one folder; languages load lazily and once."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else default_data_dir()
        self._languages: dict[str, Language] = {}
        self._lock = threading.Lock()

    @cached_property
    def manifest(self) -> dict[str, object]:
        path = self.path / "manifest.json"
        try:
            manifest: dict[str, object] = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise LexiconError(f"no readable lexicon manifest at {path}: build them with "
                               "'python lexicons/build.py'") from exc
        if manifest.get("format_version") != FORMAT:
            raise LexiconError(f"{path}: lexicon format {manifest.get('format_version')}, "
                               f"this version of the library reads {FORMAT}")
        return manifest

    @cached_property
    def concepts(self) -> ConceptTable:
        with self._lock:
            self.manifest  # noqa: B018 - checks the format version first
            return ConceptTable(read_text(self.path / "concepts.tsv.gz", "concepts"))

    @cached_property
    def towns(self) -> SortedTable:
        """Towns too small for the city lists (1,000-15,000 people), by folded main name."""
        with self._lock:
            path = self.path / "towns.tsv.gz"
            return SortedTable(read_text(path, "towns") if path.exists() else "")

    def town(self, folded: str) -> list[Town]:
        """The towns a folded name names, most populous first."""
        raw = self.towns.get(folded)
        if not raw:
            return []
        out = []
        for item in raw.split("\x1e"):
            concept, country, pop, name = item.split("\x1f")
            out.append(Town(concept, country, int(pop), name))
        return sorted(out, key=lambda t: -t.population)

    def language(self, lang: str) -> Language:
        found = self._languages.get(lang)
        if found is None:
            with self._lock:
                found = self._languages.setdefault(lang, Language(self, lang))
        return found

    def warm(self, lang: str) -> None:
        """Load everything a check in ``lang`` needs now, not on the first request."""
        language = self.language(lang)
        self.concepts  # noqa: B018
        language.forms  # noqa: B018
        language.compact_forms  # noqa: B018
        language.inflections  # noqa: B018
        language.words  # noqa: B018
        language._member_lines  # noqa: B018
        self.towns  # noqa: B018
