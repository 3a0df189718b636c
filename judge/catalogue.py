"""The category catalogue: card wordings in four languages -> a catalogue category.

Resolution is forgiving (case, accents, articles, singular/plural, small typos)
and multilingual; a card that resolves to nothing is an *open* category (such
as "Things that are cold"), never an error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

from judge import text

# Words that card wordings add around the category itself ("A boy's name", "Nomi di ...").
_FILLER = frozenset({"a", "an", "the", "un", "une", "uno", "una", "il", "la", "le", "les", "i", "gli",
                     "der", "die", "das", "ein", "eine", "of", "s"})


@dataclass(frozen=True)
class Category:
    """One catalogue category: id, kind (closed/open), parents, and names per language."""

    id: str
    kind: str
    parents: tuple[str, ...]
    names: dict[str, tuple[str, ...]]

    def name(self, lang: str) -> str:
        """The category's usual card wording in ``lang`` (English if it has none)."""
        for candidate in (self.names.get(lang), self.names.get("en")):
            if candidate:
                return candidate[0]
        return self.id

    def to_dict(self) -> dict[str, object]:
        return {"id": self.id, "kind": self.kind, "parents": list(self.parents),
                "names": {k: list(v) for k, v in self.names.items()}}


def _key(wording: str) -> str:
    words = [w for w in text.fold(wording).split() if w not in _FILLER]
    return " ".join(words)


def _singulars(key: str) -> list[str]:
    """Crude singular forms of a folded card wording, enough to meet its alias.

    German "-art(en)" ("kind of") is dropped too: *Gesteinsart* is *Gestein*.
    """
    out = []
    for suffix in ("sarten", "sart", "arten", "art"):
        if key.endswith(suffix) and len(key) - len(suffix) >= 4:
            out.append(key[: len(key) - len(suffix)])
            break
    for suffix, repl in (("ies", "y"), ("es", ""), ("s", ""), ("en", ""), ("n", ""), ("e", ""),
                         ("er", ""), ("i", "o"), ("i", "e"), ("e", "a"), ("x", "")):
        if key.endswith(suffix) and len(key) - len(suffix) >= 3:
            out.append(key[: len(key) - len(suffix)] + repl)
    return out


class Catalogue:
    """All categories, and the index that resolves free-text card wordings."""

    #: Card wordings whose resolution is remembered: tables reuse a few dozen cards, and a wording
    #: that names no category (an open card) costs a fuzzy search over every alias (about 0.1 ms).
    RESOLVE_CACHE = 4096

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self._resolve = lru_cache(maxsize=self.RESOLVE_CACHE)(self._resolve_uncached)

    @cached_property
    def categories(self) -> dict[str, Category]:
        data = json.loads(self.path.read_text(encoding="utf-8"))
        return {
            c["id"]: Category(c["id"], c.get("kind", "closed"), tuple(c.get("parents", ())),
                              {lang: tuple(names) for lang, names in c.get("names", {}).items()})
            for c in data["categories"]
        }

    @cached_property
    def _index(self) -> dict[str, str]:
        index: dict[str, str] = {}
        # Exact wordings first, so that a crude singular never shadows a real alias.
        for cat in self.categories.values():
            for names in cat.names.values():
                for name in names:
                    index.setdefault(_key(name), cat.id)
        for cat in self.categories.values():
            for names in cat.names.values():
                for name in names:
                    for variant in _singulars(_key(name)):
                        index.setdefault(variant, cat.id)
        index.pop("", None)
        return index

    def resolve(self, wording: str, lang: str | None = None) -> str | None:
        """The category id a card wording names, or None for an open category.

        ``lang`` is accepted for symmetry; aliases of every language are tried, because
        tables mix languages ("Città" on an English table is still cities).
        """
        return self._resolve(wording)

    def _resolve_uncached(self, wording: str) -> str | None:
        key = _key(wording)
        if not key:
            return None
        index = self._index
        for candidate in (key, key.replace(" ", ""), *_singulars(key)):
            if candidate in index:
                return index[candidate]
        words = key.split()
        if len(words) <= 3:
            # A short wording that starts with an alias and adds a word ("Prominente Person").
            # Longer ones are sentences ("Choses dans une cuisine"): open cards.
            for size in range(len(words) - 1, 0, -1):
                part = " ".join(words[:size])
                if len(part) >= 6 and part in index:
                    return index[part]
        if len(key) >= 5:
            from rapidfuzz import fuzz, process

            best = process.extractOne(key, index.keys(), scorer=fuzz.ratio, score_cutoff=88)
            if best is not None:
                return index[best[0]]
        return None

    def ancestors(self, category_id: str) -> set[str]:
        """The category and all its parents."""
        seen: set[str] = set()
        todo = [category_id]
        while todo:
            cid = todo.pop()
            if cid in seen or cid not in self.categories:
                continue
            seen.add(cid)
            todo.extend(self.categories[cid].parents)
        return seen
