"""First names with gender, from Jörg Michael's ``nam_dict.txt``.

Raw source: the data file ``gender_guesser/data/nam_dict.txt`` shipped in the
PyPI package ``gender-guesser`` (file: GNU FDL 1.2 or later, (c) 2007-2008
Jörg Michael; the package's *code* is GPL and is never imported here: we only
locate the package directory and parse the text file ourselves).

File format (from its header; fixed columns, 0-based indices)::

    cols 0-1   gender: "M ", "1M", "?M", "F ", "1F", "?F", "? " or "= "
    cols 3-28  the name (UTF-8 in this copy; "char set = utf-8" in the header;
               a '+' inside a name stands for '-', ' ' or nothing and is used
               for Arabic, Chinese and Korean names only)
    col  29    ' ', '-' or '+': names with umlauts appear twice, sorted once
               with compressed ('-') and once with expanded ('+') umlauts;
               the header says to ignore '+' lines
    cols 30-84 one hexadecimal frequency digit (1 = rare ... D = extremely
               common, logarithmic) per country: 30 Great Britain, 31 Ireland,
               32 U.S.A., 33 Italy, 37 France, 38 Belgium, 39 Luxembourg,
               42 Germany, 43 Austria, 44 Switzerland, ... 84 other countries

Rules used here:

* ``=`` lines ("equivalent" short/long name pairs) and '+'-sorted duplicate
  lines are skipped; names containing '+' are skipped (they are Arabic,
  Chinese or Korean compounds with no fixed spelling).
* A line is kept when its frequency is >= ``MIN_FREQ`` (1, i.e. any recorded
  use) in at least one of Great Britain, Ireland, U.S.A., Italy, France,
  Belgium, Luxembourg, Germany, Austria or Switzerland (the countries whose
  languages we referee; the file has no column for Canada). Frequencies
  are judged per line, so a gender only used elsewhere is not emitted.
* ``M`` / ``1M`` give ``boy_name``; ``F`` / ``1F`` give ``girl_name``; the
  unisex marks ``?``, ``?M`` and ``?F`` give both.
* Every kept name is emitted in all four languages (first names are shared
  across languages), with its native accents, concept ``name:<folded>``
  (lower case, accents removed), tags ``gender=m|f``, ``proper`` and
  ``freq=N`` (the highest frequency digit over the countries above, 1-13).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path

from . import LANGS, Entry, Source

KEY = "namdict"
MIN_FREQ = 1
# column index -> country (only those we use)
COUNTRY_COLS = {
    30: "GB",
    31: "IE",
    32: "US",
    33: "IT",
    37: "FR",
    38: "BE",
    39: "LU",
    42: "DE",
    43: "AT",
    44: "CH",
}
_GENDERS = {
    "M ": ("m",),
    "1M": ("m",),
    "?M": ("m", "f"),
    "F ": ("f",),
    "1F": ("f",),
    "?F": ("m", "f"),
    "? ": ("m", "f"),
}


def _dist_version(dist: str) -> str:
    try:
        from importlib.metadata import version

        return version(dist)
    except Exception:  # pragma: no cover
        return "not installed"


SOURCES: list[Source] = [
    Source(
        KEY,
        "nam_dict.txt first-name list by Jörg Michael (as shipped in PyPI gender-guesser)",
        f"nam_dict.txt 1.2 (2008-11-30), gender-guesser {_dist_version('gender-guesser')}",
        "GNU Free Documentation License 1.2 or later (data file only; package code GPL-3.0, not used)",
        "https://pypi.org/project/gender-guesser/",
    ),
]


def _data_path() -> Path | None:
    """Locate nam_dict.txt without importing gender_guesser's code."""
    from importlib.util import find_spec

    try:
        spec = find_spec("gender_guesser")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    for loc in spec.submodule_search_locations:
        p = Path(loc) / "data" / "nam_dict.txt"
        if p.is_file():
            return p
    return None


def available() -> str | None:
    if _data_path() is None:
        return "nam_dict.txt not found: pip install gender-guesser (only its data file is read)"
    return None


def fold(name: str) -> str:
    s = unicodedata.normalize("NFKD", name)
    s = "".join(c for c in s if not unicodedata.combining(c)).casefold()
    return re.sub(
        r"[^a-z0-9]+",
        "-",
        s.replace("ø", "o")
        .replace("æ", "ae")
        .replace("ð", "d")
        .replace("þ", "th")
        .replace("ł", "l")
        .replace("đ", "d"),
    ).strip("-")


def _parse(path: Path) -> dict[tuple[str, str], int]:
    """(name, gender) -> best frequency in our countries."""
    out: dict[tuple[str, str], int] = {}
    with path.open(encoding="utf-8") as fh:
        for raw in fh:
            line = raw.rstrip("\r\n")
            if not line or line.startswith("#") or len(line) < 45:
                continue
            mark = line[:2]
            if mark not in _GENDERS or line[29] == "+":
                continue
            name = line[3:29].strip()
            if not name or "+" in name:
                continue
            freq = 0
            for col in COUNTRY_COLS:
                ch = line[col]
                if ch != " ":
                    freq = max(freq, int(ch, 16))
            if freq < MIN_FREQ:
                continue
            for g in _GENDERS[mark]:
                key = (name, g)
                out[key] = max(out.get(key, 0), freq)
    return out


def entries() -> Iterator[Entry]:
    path = _data_path()
    if path is None:
        raise RuntimeError(available())
    rows = []
    for (name, g), freq in _parse(path).items():
        cat = "boy_name" if g == "m" else "girl_name"
        tags = (f"freq={freq}", f"gender={g}", "proper")
        concept = f"name:{fold(name)}"
        for lang in LANGS:
            rows.append(Entry(lang, cat, concept, name, KEY, tags))
    rows.sort(key=lambda e: (e.category, e.concept, e.lang, e.form, e.tags))
    yield from rows
