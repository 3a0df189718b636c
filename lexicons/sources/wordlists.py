"""Full-form word lists, verb/adjective lemmas and inflections (en, it, de, fr).

Raw sources (all read at build time only; the runtime needs none of them):

* Debian word lists ``/usr/share/dict/*``: SCOWL ``wamerican-large`` and
  ``wbritish-large`` (en), ``witalian``, ``wngerman`` (igerman98), ``wfrench``.
* PyPI ``spacy-lookups-data``: lemma tables (form -> lemma, POS indexes). Read
  straight from the package's ``data/*.json.gz`` files; spaCy is not needed.
  Italian tables come from morph-it, English ones from WordNet.
* Debian hunspell dictionaries (``hunspell-it``, ``hunspell-de-de``,
  ``hunspell-fr``, ``hunspell-en-us``), used through the ``hunspell -G`` command
  as a spelling filter for the corpus-derived spaCy forms, and (fr, it) for
  their proper-noun stems.
* Debian ``dict-freedict-deu-eng`` (Ding): POS tags for German verb and
  adjective lemmas.

Which forms count as words (``words()``):

* A form must be alphabetic only: no hyphen, apostrophe, dot, digit or space
  (for the games such answers do not count as one word).
* No all-caps or internally capitalised forms (``USA``, ``PhD``, ``GmbH``), no
  forms without a vowel (``km``, ``mph``), no listed abbreviations (``etc``).
* en, fr: the Debian list plus spaCy forms that hunspell accepts.
* it, de: a form needs two votes of three (Debian list, spaCy table, hunspell);
  this drops typos of the lists (``efficenza``) and corpus errors of the tables
  (``aereoporto``) and German abbreviations without dots (``usw``, ``bzw``).

Kind: lower-case forms are ``common``. Capitalised forms are ``proper`` in en,
it and fr. In German every noun is capitalised, so a capitalised German form is
``proper`` only when another language's list knows it as a proper noun (Berlin,
Paris, Anna); German-only names (Deutschland, Müller) stay ``common``.
"""

from __future__ import annotations

import functools
import gzip
import json
import os
import re
import shutil
import subprocess
from collections.abc import Iterable, Iterator
from pathlib import Path

from . import LANGS, Entry, Source

DICT = Path("/usr/share/dict")
HUNSPELL = Path("/usr/share/hunspell")
FREEDICT_DEU = Path("/usr/share/dictd/freedict-deu-eng.dict.dz")

WORDLIST_FILES = {
    "en": [DICT / "american-english-large", DICT / "british-english-large"],
    "it": [DICT / "italian"],
    "de": [DICT / "ngerman"],
    "fr": [DICT / "french"],
}
HUNSPELL_DICT = {"en": "en_US", "it": "it_IT", "de": "de_DE", "fr": "fr"}
SPACY_TABLES = {
    "en": ["en_lemma_lookup", "en_lemma_exc"],
    "it": ["it_lemma_lookup", "it_lemma_lookup_noun", "it_lemma_lookup_verb", "it_lemma_lookup_adj"],
    "de": ["de_lemma_lookup"],
    "fr": ["fr_lemma_lookup", "fr_lemma_exc"],
}
# en and fr lists are large and clean: union. it and de: two votes of three.
TWO_OF_THREE = {"it", "de"}


def _spacy_version() -> str:
    try:
        from importlib.metadata import version

        return version("spacy-lookups-data")
    except Exception:  # pragma: no cover - absent package
        return "?"


def _deb_version(pkg: str) -> str:
    try:
        out = subprocess.run(["dpkg-query", "-W", "-f=${Version}", pkg], capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "?"
    except Exception:  # pragma: no cover
        return "?"


SOURCES: list[Source] = [
    Source(
        "scowl",
        "SCOWL word lists (Debian wamerican-large, wbritish-large)",
        f"Debian wamerican-large {_deb_version('wamerican-large')}, wbritish-large {_deb_version('wbritish-large')}",
        "SCOWL copyright (permissive, BSD-like; parts public domain)",
        "http://wordlist.aspell.net/",
    ),
    Source(
        "witalian",
        "Italian word list (Debian witalian)",
        f"Debian witalian {_deb_version('witalian')}",
        "GPL-3+",
        "https://packages.debian.org/witalian",
    ),
    Source(
        "wngerman",
        "German word list, new spelling (igerman98, Debian wngerman)",
        f"Debian wngerman {_deb_version('wngerman')}",
        "GPL-2+",
        "https://www.j3e.de/ispell/igerman98/",
    ),
    Source(
        "wfrench",
        "French word list (Debian wfrench)",
        f"Debian wfrench {_deb_version('wfrench')}",
        "GPL-2+",
        "https://packages.debian.org/wfrench",
    ),
    Source(
        "spacy_lookups",
        "spaCy lookups data: lemma tables (en from WordNet 3.0, it from morph-it 48)",
        f"spacy-lookups-data {_spacy_version()} (PyPI)",
        "MIT (package); en tables WordNet 3.0 licence; it tables morph-it CC BY-SA 2.0 / LGPL",
        "https://github.com/explosion/spacy-lookups-data",
    ),
    Source(
        "hunspell",
        "Hunspell dictionaries (spelling filter; fr/it proper-noun stems)",
        "Debian hunspell-it {}, hunspell-de-de {}, hunspell-fr {}, hunspell-en-us {}, hunspell {}".format(
            _deb_version("hunspell-it"),
            _deb_version("hunspell-de-de"),
            _deb_version("hunspell-fr"),
            _deb_version("hunspell-en-us"),
            _deb_version("hunspell"),
        ),
        "it: GPL-3+/LGPL-3+/MPL-1.1; de: GPL-2+/GPL-3; fr (Grammalecte): MPL-2.0; en: SCOWL (BSD-like)",
        "https://packages.debian.org/hunspell",
    ),
    Source(
        "freedict_deu_eng",
        "FreeDict German-English (Ding 1.9), POS tags of German verbs/adjectives",
        f"Debian dict-freedict-deu-eng {_deb_version('dict-freedict-deu-eng')}",
        "GPL-3+ / AGPL-3+ (Ding: GPL-2+)",
        "https://freedict.org/",
    ),
]

VOWELS = set("aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüÿœ")
# Forms that are abbreviations written without a dot (our own list, CC0).
ABBREVIATIONS = {
    "en": {
        "etc",
        "approx",
        "dept",
        "depts",
        "govt",
        "esp",
        "misc",
        "corp",
        "inc",
        "ltd",
        "ibid",
        "viz",
        "mr",
        "mrs",
        "ms",
        "dr",
        "jr",
        "sr",
        "st",
        "prof",
        "assn",
        "bros",
        "co",
        "ad",
        "univ",
        "vol",
        "vols",
        "tsp",
        "tbsp",
        "oz",
        "lb",
        "lbs",
        "ft",
        "yd",
        "yds",
        "hr",
        "hrs",
        "mins",
        "secs",
        "jan",
        "feb",
        "mar",
        "apr",
        "jun",
        "jul",
        "aug",
        "sep",
        "sept",
        "oct",
        "nov",
        "dec",
        "mon",
        "tue",
        "tues",
        "wed",
        "thu",
        "thur",
        "thurs",
        "fri",
        "sat",
        "sun",
    }
    - {"mar", "sat", "sun", "wed", "ad"},
    "it": {
        "ecc",
        "sig",
        "sigg",
        "sigra",
        "dott",
        "dottssa",
        "prof",
        "profssa",
        "ing",
        "avv",
        "geom",
        "rag",
        "arch",
        "pag",
        "pagg",
        "cap",
        "tel",
        "fax",
        "cfr",
        "vd",
        "es",
    }
    - {"cap", "fax"},
    "de": {
        "usw",
        "bzw",
        "vgl",
        "ca",
        "inkl",
        "evtl",
        "ggf",
        "etc",
        "nr",
        "str",
        "tel",
        "abs",
        "dr",
        "prof",
        "hr",
        "fr",
        "zb",
        "dh",
        "ua",
        "uä",
        "od",
        "ggü",
        "sog",
        "insb",
        "bzgl",
        "zzgl",
        "abzgl",
        "allg",
        "jh",
        "jhd",
        "jhdt",
        "mio",
        "mrd",
        "tsd",
        "min",
        "max",
        "sek",
        "std",
    },
    "fr": {
        "etc",
        "mme",
        "mmes",
        "mlle",
        "mlles",
        "mm",
        "dr",
        "st",
        "ste",
        "cf",
        "env",
        "av",
        "bd",
        "apr",
        "vol",
        "tel",
        "ex",
        "nb",
        "ps",
        "pp",
    }
    - {"tel", "ex"},
}
SINGLE_LETTER = {"en": {"a", "I"}, "it": {"a", "e", "è", "i", "o"}, "de": set(), "fr": {"a", "à", "y", "ô"}}


# --------------------------------------------------------------------------- raw readers


def _spacy_dir() -> Path | None:
    try:
        import spacy_lookups_data  # type: ignore
    except ImportError:
        return None
    d = Path(spacy_lookups_data.__file__).parent / "data"
    return d if d.is_dir() else None


@functools.cache
def _spacy_table(name: str) -> dict:
    d = _spacy_dir()
    if d is None:
        return {}
    with gzip.open(d / f"{name}.json.gz", "rt", encoding="utf-8") as fh:
        return json.load(fh)


def _spacy_pairs(lang: str) -> Iterator[tuple[str, str]]:
    """(form, lemma) pairs of every lookup/exception table of the language."""
    for name in SPACY_TABLES[lang]:
        table = _spacy_table(name)
        for key, val in table.items():
            if isinstance(val, dict):  # exceptions: pos -> form -> [lemmas]
                for form, lemmas in val.items():
                    for lemma in lemmas if isinstance(lemmas, list) else [lemmas]:
                        yield form, lemma
            elif isinstance(val, list):
                for lemma in val:
                    yield key, lemma
            else:
                yield key, val


def _read_list(path: Path) -> set[str]:
    with open(path, encoding="utf-8", errors="replace") as fh:
        return {line.strip() for line in fh if line.strip()}


def _hunspell_accepts(lang: str, forms: Iterable[str]) -> set[str]:
    forms = sorted(forms)
    if not forms or not shutil.which("hunspell"):
        return set()
    env = dict(os.environ, LC_ALL="C.UTF-8")
    out = subprocess.run(
        ["hunspell", "-i", "utf-8", "-d", str(HUNSPELL / HUNSPELL_DICT[lang]), "-G"],
        input="\n".join(forms) + "\n",
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        check=False,
    ).stdout
    return set(out.split()) & set(forms)


def _dic_proper_stems(lang: str) -> set[str]:
    """Capitalised stems of the hunspell .dic (fr: tagged po:npr/po:prn)."""
    path = HUNSPELL / f"{HUNSPELL_DICT[lang]}.dic"
    if lang not in ("fr", "it") or not path.exists():
        return set()
    out = set()
    with open(path, encoding="utf-8", errors="replace") as fh:
        next(fh, None)
        for line in fh:
            parts = line.split("/", 1)[0].split()
            stem = parts[0] if parts else ""
            if not stem or not stem[0].isupper():
                continue
            if lang == "fr" and "po:npr" not in line and "po:prn" not in line:
                continue
            out.add(stem)
    return out


# --------------------------------------------------------------------------- filters


def _shape_ok(lang: str, form: str) -> bool:
    if not form.isalpha():
        return False
    if len(form) == 1:
        return form in SINGLE_LETTER[lang]
    if any(c.isupper() for c in form[1:]):
        return False  # USA, PhD, GmbH, McDonald
    low = form.lower()
    if not VOWELS.intersection(low):
        return False
    return low not in ABBREVIATIONS[lang]


def _capitalised(form: str) -> bool:
    return form[:1].isupper()


# --------------------------------------------------------------------------- words


@functools.cache
def _word_table(lang: str) -> dict[str, str]:
    """form -> kind ("common" / "proper") for one language."""
    listed: set[str] = set()
    for path in WORDLIST_FILES[lang]:
        if path.exists():
            listed |= {w for w in _read_list(path) if _shape_ok(lang, w)}
    spacy_forms = set()
    for form, lemma in _spacy_pairs(lang):
        for w in (form, lemma):
            if _shape_ok(lang, w):
                spacy_forms.add(w)
    if lang in TWO_OF_THREE:
        hun = _hunspell_accepts(lang, listed | spacy_forms)
        forms = (listed & spacy_forms) | (listed & hun) | (spacy_forms & hun)
    else:
        extra = spacy_forms - listed
        forms = listed | _hunspell_accepts(lang, extra)
    # capitalised variants of lower-case words that no word list has (sentence-initial
    # spellings accepted by hunspell) are not separate words
    # (German capitalisation is meaningful: nouns, so it keeps them)
    if lang != "de":
        forms = {w for w in forms if not (_capitalised(w) and w not in listed and w.lower() in forms)}

    table: dict[str, str] = {}
    if lang == "de":
        foreign_proper = _foreign_proper()
        fd = _freedict_pos()
        for w in forms:
            if not _capitalised(w):
                table[w] = "common"
            elif {"n", "pl"} & fd.get(w, frozenset()):
                table[w] = "common"  # a German noun (Frauen), whatever English lists say
            elif w in foreign_proper or (w.endswith("s") and w[:-1] in foreign_proper and w[:-1] in forms):
                table[w] = "proper"
            else:
                table[w] = "common"
    else:
        for w in forms:
            table[w] = "common" if (not _capitalised(w) or w == "I") else "proper"
        for w in _dic_proper_stems(lang):
            if _shape_ok(lang, w) and w not in table:
                table[w] = "proper"
    return table


@functools.cache
def _foreign_proper() -> frozenset[str]:
    """Capitalised forms that en/fr/it sources know as proper nouns only."""
    out: set[str] = set()
    for lang in ("en", "fr", "it"):
        for w, kind in _word_table(lang).items():
            if kind == "proper" and w.lower() not in _word_table(lang):
                out.add(w)
    return frozenset(out)


def words() -> Iterator[tuple[str, str, str]]:
    """(lang, form, kind) for every real full-form word of the language: kind is
    "common" (an ordinary word: noun, verb form, adjective, plural, feminine, conjugated)
    or "proper" (proper noun: place, person, brand). Forms keep case/accents as written."""
    for lang in LANGS:
        table = _word_table(lang)
        for form in sorted(table):
            yield lang, form, table[form]


# --------------------------------------------------------------------------- inflections

EN_RULES = {  # lemma suffix -> inflected suffix (spaCy en_lemma_rules, reversed)
    "noun": [
        ("", "s"),
        ("s", "ses"),
        ("f", "ves"),
        ("x", "xes"),
        ("z", "zes"),
        ("ch", "ches"),
        ("sh", "shes"),
        ("man", "men"),
        ("y", "ies"),
    ],
    "verb": [("", "s"), ("y", "ies"), ("e", "es"), ("", "es"), ("e", "ed"), ("", "ed"), ("e", "ing"), ("", "ing")],
    "adj": [("", "er"), ("", "est"), ("e", "er"), ("e", "est")],
}


@functools.cache
def _inflection_pairs(lang: str) -> tuple[tuple[str, str], ...]:
    table = _word_table(lang)
    pairs: set[tuple[str, str]] = set()
    looked_up: set[str] = set()
    for form, lemma in _spacy_pairs(lang):
        if form == lemma or form not in table or lemma not in table:
            continue
        pairs.add((form, lemma))
        looked_up.add(form)
    if lang == "en":
        index = _spacy_table("en_lemma_index")
        for pos, rules in EN_RULES.items():
            for lemma in index.get(pos, []):
                if lemma not in table or table[lemma] != "common":
                    continue
                for old, new in rules:
                    if not lemma.endswith(old):
                        continue
                    form = lemma[: len(lemma) - len(old)] + new
                    # the lookup table decides ambiguous forms (hoping: hope, not hop)
                    if form != lemma and form in table and form not in looked_up:
                        pairs.add((form, lemma))
    return tuple(sorted(pairs))


def inflections() -> Iterator[tuple[str, str, str]]:
    """(lang, inflected form, lemma): e.g. ("it", "fiori", "fiore"), ("de", "Tulpen", "Tulpe"),
    ("en", "roses", "rose"), ("fr", "chevaux", "cheval"); nouns at least, verbs too."""
    for lang in LANGS:
        for form, lemma in _inflection_pairs(lang):
            yield lang, form, lemma


# --------------------------------------------------------------------------- verb / adjective entries

_FD_HEAD = re.compile(r"^(\S+) /[^/]*/.*<([^>]*)>\s*$")
IT_VERB_END = ("are", "ere", "ire", "rre", "arsi", "ersi", "irsi", "rsi")


@functools.cache
def _freedict_pos() -> dict[str, frozenset[str]]:
    """German headword -> POS tags (v, adj, n, ...) from FreeDict deu-eng."""
    out: dict[str, set[str]] = {}
    if not FREEDICT_DEU.exists():
        return {}
    with gzip.open(FREEDICT_DEU, "rt", encoding="utf-8", errors="replace") as fh:
        for line in fh:
            if line[:1].isspace():
                continue
            m = _FD_HEAD.match(line.rstrip("\n"))
            if not m:
                continue
            tags = {t.strip() for t in m.group(2).split(",")}
            out.setdefault(m.group(1), set()).update(tags)
    return {k: frozenset(v) for k, v in out.items()}


def _lemmas(lang: str, pos: str) -> set[str]:
    """pos is "verb" or "adj"."""
    table = _word_table(lang)
    cand: set[str] = set()
    if lang in ("en", "fr"):
        # the index holds the regular lemmas, the exception table the irregular ones
        cand = set(_spacy_table(f"{lang}_lemma_index").get(pos, []))
        for lemmas in _spacy_table(f"{lang}_lemma_exc").get(pos, {}).values():
            cand.update(lemmas)
        if lang == "fr" and pos == "verb":
            cand = {w for w in cand if w.endswith(("er", "ir", "re", "ïr"))}
    elif lang == "it":
        cand = set(_spacy_table(f"it_lemma_lookup_{pos}").values())
        if pos == "verb":
            cand = {w for w in cand if w.endswith(IT_VERB_END)}
    elif lang == "de":
        tag = "v" if pos == "verb" else "adj"
        cand = {w for w, tags in _freedict_pos().items() if tag in tags}
        if pos == "verb":
            cand = {w for w in cand if w.endswith("n")}
    return {w for w in cand if table.get(w) == "common" and w[:1].islower()}


def available() -> str | None:
    missing = [str(p) for paths in WORDLIST_FILES.values() for p in paths if not p.exists()]
    if _spacy_dir() is None:
        missing.append("PyPI package spacy-lookups-data")
    if not shutil.which("hunspell"):
        missing.append("hunspell command (Debian hunspell)")
    for _lang, name in HUNSPELL_DICT.items():
        if not (HUNSPELL / f"{name}.dic").exists():
            missing.append(str(HUNSPELL / f"{name}.dic"))
    if not FREEDICT_DEU.exists():
        missing.append(str(FREEDICT_DEU))
    if missing:
        return "missing: " + ", ".join(missing)
    return None


def entries() -> Iterator[Entry]:
    for lang in LANGS:
        for pos, category in (("verb", "verb"), ("adj", "adjective")):
            src = "freedict_deu_eng" if lang == "de" else "spacy_lookups"
            for lemma in sorted(_lemmas(lang, pos)):
                yield Entry(lang, category, f"lex:{lang}:{category}:{lemma}", lemma, src)
