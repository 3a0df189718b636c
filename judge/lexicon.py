"""The compiled lexicon store: lazy per language, cached, thread-safe, header-checked.

The files are written by ``lexicons/build.py`` into ``lexicons/compiled/`` (installed as
the package ``judge.data``). Each is a gzipped, tab-separated text file whose first
line is a header ``# category-judge <kind> format=<N> ...``; :data:`FORMAT` must match.

- ``concepts.tsv.gz``: ``concept  categories  tags  label`` (categories include parents)
- ``forms-<lang>.tsv.gz``: ``folded  concept  display  source  flags`` (``a``: an alternate name)
- ``inflections-<lang>.tsv.gz``: ``folded form  folded lemma``
- ``words-<lang>.tsv.gz``: ``folded word  kind`` (``c`` common, ``p`` proper, ``cp`` both)
"""

from __future__ import annotations

import gzip
import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cached_property
from importlib import resources
from pathlib import Path

from judge.errors import LexiconError

FORMAT = 1
NAME_CATEGORIES = frozenset({"first_name", "boy_name", "girl_name", "surname"})
WORD_CLASS_CATEGORIES = frozenset({"verb", "adjective"})
#: Categories of proper names: places, people, brands.
PROPER_CATEGORIES = frozenset({"city", "country", "region", "continent", "river", "lake", "mountain", "sea",
                               "island", "famous_person", "first_name", "surname", "brand", "band", "movie",
                               "book", "tv_show", "football_club", "fictional_character", "deity"})
MINOR_POPULATION = 100_000


def default_data_dir() -> Path:
    """Where the compiled lexicons are: the source tree's, else the installed package's."""
    here = Path(__file__).resolve().parent.parent / "lexicons" / "compiled"
    if (here / "manifest.json").exists():
        return here
    return Path(str(resources.files("judge.data")))


def read_table(path: Path, kind: str) -> Iterator[list[str]]:
    """Rows of one compiled file, after checking its header names ``kind`` and :data:`FORMAT`."""
    try:
        fh = gzip.open(path, "rt", encoding="utf-8")
    except OSError as exc:
        raise LexiconError(f"cannot open compiled lexicon {path}: {exc}") from exc
    with fh:
        header = fh.readline().split()
        if header[:3] != ["#", "category-judge", kind] or f"format={FORMAT}" not in header:
            raise LexiconError(f"{path}: expected a '{kind}' file of format {FORMAT}, got {' '.join(header)!r}")
        for line in fh:
            yield line.rstrip("\n").split("\t")


@dataclass(frozen=True)
class Hit:
    """One lexicon entry a spelling names: which concept, as which spelling, from where."""

    concept: str
    display: str
    source: str
    alternate: bool = False  # an alternate name (weaker evidence than the main one)


@dataclass(frozen=True)
class Concept:
    """A language-independent thing: its categories (parents included), tags and label."""

    id: str
    categories: frozenset[str]
    tags: frozenset[str]
    label: str

    @property
    def proper(self) -> bool:
        """A proper name: a place, a person, a brand."""
        return bool(self.categories & PROPER_CATEGORIES)

    @property
    def minor(self) -> bool:
        """Weak evidence when it names something else: a first name, or a small town."""
        if self.categories <= NAME_CATEGORIES or self.categories <= WORD_CLASS_CATEGORIES:
            return True
        if "city" in self.categories and "capital" not in self.categories:
            pop = next((int(t[4:]) for t in self.tags if t.startswith("pop=") and t[4:].isdigit()), 0)
            return pop < MINOR_POPULATION
        return False


class Language:
    """The compiled knowledge of one language. Tables load on first use."""

    def __init__(self, store: Store, lang: str) -> None:
        self.store = store
        self.lang = lang
        self._lock = threading.Lock()
        self._by_initial: dict[tuple[str | None, str], tuple[list[str], list[str]]] = {}

    @cached_property
    def forms(self) -> dict[str, tuple[Hit, ...]]:
        """Folded spelling -> the entries it names."""
        table: dict[str, list[Hit]] = {}
        sources: dict[str, str] = {}
        for folded, concept, display, source, flags in read_table(
                self.store.path / f"forms-{self.lang}.tsv.gz", "forms"):
            table.setdefault(folded, []).append(
                Hit(concept, display, sources.setdefault(source, source), "a" in flags))
        return {k: tuple(v) for k, v in table.items()}

    @cached_property
    def compact_forms(self) -> dict[str, str]:
        """Spelling without spaces -> folded spelling (``boltcutter`` -> ``bolt cutter``)."""
        return {k.replace(" ", ""): k for k in self.forms if " " in k}

    @cached_property
    def inflections(self) -> dict[str, str]:
        path = self.store.path / f"inflections-{self.lang}.tsv.gz"
        return {form: lemma for form, lemma in read_table(path, "inflections")} if path.exists() else {}

    @cached_property
    def words(self) -> dict[str, str]:
        """Folded real word -> ``c`` (common), ``p`` (proper noun) or ``cp``."""
        path = self.store.path / f"words-{self.lang}.tsv.gz"
        return {word: kind for word, kind in read_table(path, "words")} if path.exists() else {}

    def in_category(self, category: str | None, initial: str) -> tuple[list[str], list[str]]:
        """Spellings of the category's members that start with ``initial``: an index for typo
        search, as (folded spellings, the same without spaces). ``category=None`` indexes the
        main names of every common-noun concept that is strong evidence (no proper names,
        alternate names, verbs or adjectives).

        The first call for a category indexes all its members by initial, in one pass.
        """
        found = self._by_initial.get((category, initial))
        if found is not None:
            return found
        with self._lock:
            if (category, "") not in self._by_initial:
                concepts = self.store.concepts
                index: dict[str, list[str]] = {}
                for form, hits in self.forms.items():
                    for h in hits:
                        c = concepts.get(h.concept)
                        if c is None:
                            continue
                        if category is None:
                            ok = not h.alternate and not c.minor and not c.proper
                        else:
                            ok = category in c.categories
                        if ok:
                            index.setdefault(form[:1], []).append(form)
                            break
                for first, members in index.items():
                    self._by_initial[(category, first)] = (members, [m.replace(" ", "") for m in members])
                self._by_initial[(category, "")] = ([], [])
        return self._by_initial.get((category, initial), ([], []))


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
    def concepts(self) -> dict[str, Concept]:
        self.manifest  # noqa: B018 - checks the format version first
        out: dict[str, Concept] = {}
        for concept, categories, tags, label in read_table(self.path / "concepts.tsv.gz", "concepts"):
            out[concept] = Concept(concept, frozenset(categories.split()), frozenset(tags.split()), label)
        return out

    def language(self, lang: str) -> Language:
        found = self._languages.get(lang)
        if found is None:
            with self._lock:
                found = self._languages.setdefault(lang, Language(self, lang))
        return found

    def warm(self, lang: str) -> None:
        """Load everything a check in ``lang`` needs now, not on the first request."""
        language = self.language(lang)
        with language._lock:
            language.forms  # noqa: B018
            language.compact_forms  # noqa: B018
            language.inflections  # noqa: B018
            language.words  # noqa: B018
        self.concepts  # noqa: B018
