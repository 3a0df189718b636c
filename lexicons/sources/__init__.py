"""Source adapters for the lexicon build.

Every module in this package reads one family of raw sources (a PyPI data
package, a Debian package's files, or our hand-written seed lists) and yields
``Entry`` rows. ``lexicons/build.py`` collects the rows of every adapter,
normalises them and writes the compiled files that the runtime loads.

The contract for an adapter module ``lexicons/sources/<name>.py``::

    SOURCES: list[Source]          # one per raw source it reads (name, version, licence)
    def available() -> str | None  # None when every raw source is present,
                                   # else a sentence saying what is missing
    def entries() -> Iterator[Entry]

Concept ids are language independent, so that *Köln*, *Cologne* and
*Colonia* share one: ``iso:DE`` (countries), ``geo:<geonameid>`` (cities),
``wn:<8-digit WordNet 3.0 offset>-<pos>`` (WordNet synsets),
``seed:<category>/<slug of the English name>`` (our seed lists),
``name:<folded first name>`` (first names), ``person:<slug>`` (people).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

LANGS = ("en", "it", "de", "fr")


@dataclass(frozen=True)
class Source:
    """One raw source, as the manifest records it."""

    key: str  # short id used in Entry.source, e.g. "wordnet30"
    name: str  # e.g. "Princeton WordNet"
    version: str  # e.g. "3.0 (Debian wordnet-base 1:3.0-38)"
    licence: str  # e.g. "WordNet 3.0 licence (BSD-like)"
    url: str = ""  # where it comes from, for the attribution file


@dataclass(frozen=True)
class Entry:
    """One spelling of one concept that belongs to one catalogue category.

    ``form`` is the spelling as the source writes it (with case and accents);
    the build folds it for look-ups and keeps it for display. ``tags`` carries
    small facts the runtime may use: ``"person"``, ``"proper"``,
    ``"gender=m"``, ``"country=US"``, ``"continent=EU"``, ``"pop=123456"``.
    """

    lang: str
    category: str
    concept: str
    form: str
    source: str
    tags: tuple[str, ...] = field(default=())


__all__ = ["LANGS", "Entry", "Iterator", "Source"]
