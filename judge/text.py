"""Text rules: one pipeline from a player's raw answer to the word that carries the letter.

The pipeline, in order:

1. :func:`clean` — Unicode NFC, control / zero-width / bidi characters removed
   (and reported), white space collapsed.
2. :func:`split_words` — words, with elided articles (``L'Aquila``) split off.
3. :func:`skip_articles` — leading articles (and a leading "und"/"and") never
   carry the letter.
4. :func:`key_words` — the first word after the articles, plus the surname of a
   person's name, which may carry the letter as well.
5. :func:`fold` — the spelling used for matching: lower case, accents and
   umlauts folded, punctuation set aside.

>>> clean("  Il\\u200b  Tevere ").text
'Il Tevere'
>>> key_words("Il Tevere", "it")
['Tevere']
>>> key_words("L'Aquila", "it")
['Aquila']
>>> key_words("Wolfgang Amadeus Mozart", "de")
['Wolfgang', 'Mozart']
>>> key_words("Bush, George", "en")
['Bush']
>>> fold("Köln"), fold("Ägypten"), fold("Straße"), fold("  The  Beatles! ")
('koln', 'agypten', 'strasse', 'the beatles')
>>> fold_letter("é"), fold_letter("Ö"), fold_letter("ç")
('E', 'O', 'C')
>>> starts_with("Ägypten", "A"), starts_with("Oesterreich", "O"), starts_with("Rosa", "M")
(True, True, False)
>>> alliteration_count("Peter, Paul and Mary", "P", "en")
2
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from judge.errors import InvalidLetter, UnknownLanguage

LANGS: tuple[str, ...] = ("en", "it", "de", "fr")
LANG_NAMES = {"en": "English", "it": "Italian", "de": "German", "fr": "French"}
MAX_LENGTH = 200

#: Leading articles per language. Elided forms end in an apostrophe.
ARTICLES: dict[str, frozenset[str]] = {
    "en": frozenset({"a", "an", "the"}),
    "de": frozenset({"der", "die", "das", "den", "dem", "des",
                     "ein", "eine", "einen", "einem", "einer", "eines"}),
    "it": frozenset({"il", "lo", "la", "i", "gli", "le", "l'", "un", "uno", "una", "un'"}),
    "fr": frozenset({"le", "la", "les", "l'", "un", "une", "des", "du", "de la", "de l'"}),
}
#: Words that the German rulebook ignores before the key word as well ("und").
LEADING_CONJUNCTIONS = frozenset({"und", "and"})
#: Conjunctions skipped when counting alliterations, in every language.
CONJUNCTIONS = frozenset({"and", "und", "e", "ed", "et", "or", "oder", "o", "ou", "&", "n", "'n'"})
#: Words that name nothing: articles, conjunctions and the commonest prepositions, folded.
FUNCTION_WORDS: dict[str, frozenset[str]] = {
    "en": frozenset({"a", "an", "the", "and", "or", "of", "to", "in", "on", "at", "for", "with", "but", "nor"}),
    "it": frozenset({"il", "lo", "la", "i", "gli", "le", "un", "uno", "una", "e", "ed", "o", "di", "da", "in",
                     "con", "su", "per", "tra", "fra", "ma"}),
    "de": frozenset({"der", "die", "das", "den", "dem", "des", "ein", "eine", "einen", "einem", "einer",
                     "eines", "und", "oder", "mit", "von", "zu", "auf", "fur", "aber"}),
    "fr": frozenset({"le", "la", "les", "un", "une", "des", "du", "de", "et", "ou", "a", "au", "aux", "en",
                     "avec", "pour", "sur", "mais"}),
}
#: Name particles that belong to a surname (Leonardo da Vinci, Vincent van Gogh).
SURNAME_PARTICLES = frozenset({"da", "de", "di", "del", "della", "van", "von", "der", "den",
                               "du", "des", "la", "le", "mc", "st", "st.", "ten", "ter", "zu"})

_APOSTROPHES = "'\u2019\u02bc\u2018`\u00b4"
_ELIDED = re.compile(rf"^([A-Za-z]{{1,2}}|[Uu]n|[Dd]ell|[Qq]uell|[Ss]ull|[Nn]ell|[Aa]ll)[{_APOSTROPHES}](?=\w)")
_SPACE = re.compile(r"\s+")
_NON_WORD = re.compile(r"[^0-9a-z]+")
# Zero-width and bidi-control characters: invisible, yet they change what a string is.
_INVISIBLE = frozenset(
    "\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff\u00ad"
    "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u061c\u180e"
)
_SPECIAL_FOLDS = str.maketrans({
    "ß": "ss", "ẞ": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o",
    "ł": "l", "Ł": "l", "đ": "d", "Đ": "d", "ð": "d", "þ": "th", "ı": "i",
})


@dataclass(frozen=True)
class Cleaned:
    """An answer after :func:`clean`: its text, and the names of what was removed."""

    text: str
    removed: tuple[str, ...] = ()


def clean(text: str) -> Cleaned:
    """NFC-normalise, drop invisible and control characters, collapse white space.

    >>> clean("Ro\\u200dsa\\x07").removed
    ('ZERO WIDTH JOINER', 'BELL')
    >>> clean(" a\\t\\n b ").text
    'a b'
    """
    text = unicodedata.normalize("NFC", text)
    removed: list[str] = []
    kept: list[str] = []
    for ch in text:
        if ch in _INVISIBLE or (unicodedata.category(ch) in ("Cc", "Cf", "Co", "Cs") and not ch.isspace()):
            removed.append(_char_name(ch))
        else:
            kept.append(ch)
    return Cleaned(_SPACE.sub(" ", "".join(kept)).strip(), tuple(removed))


def _char_name(ch: str) -> str:
    name = unicodedata.name(ch, "")
    if not name:
        name = {"\x07": "BELL", "\x00": "NULL", "\x1b": "ESCAPE"}.get(ch, f"U+{ord(ch):04X}")
    return name


@lru_cache(maxsize=65536)
def fold(text: str) -> str:
    """The spelling used for matching: lower case, no accents, words joined by one space.

    Folding twice changes nothing.

    >>> fold("Côte d'Ivoire")
    'cote d ivoire'
    >>> fold(fold("Ærøskøbing")) == fold("Ærøskøbing")
    True
    """
    text = unicodedata.normalize("NFKD", text.translate(_SPECIAL_FOLDS))
    text = "".join(ch for ch in text if not unicodedata.combining(ch)).translate(_SPECIAL_FOLDS).casefold()
    return _NON_WORD.sub(" ", text).strip()


def compact(folded: str) -> str:
    """A folded spelling with its spaces removed: ``bolt cutter`` = ``boltcutter``."""
    return folded.replace(" ", "")


def umlaut_variants(folded: str) -> list[str]:
    """German ae/oe/ue spellings read as ä/ö/ü, already folded: ``koeln`` -> ``koln``.

    >>> umlaut_variants("koeln")
    ['koln']
    >>> umlaut_variants("rose")
    []
    """
    if not any(d in folded for d in ("ae", "oe", "ue")):
        return []
    variant = folded.replace("ae", "a").replace("oe", "o").replace("ue", "u")
    return [variant] if variant != folded else []


def fold_letter(letter: str) -> str:
    """A letter as the key letter counts it: upper case, accents and umlauts folded."""
    folded = fold(letter)
    return folded[:1].upper() if folded else ""


def parse_letter(letter: object) -> str:
    """Read the key-letter argument, or raise :class:`InvalidLetter` saying why.

    >>> parse_letter(" é ")
    'E'
    >>> parse_letter("AB")
    Traceback (most recent call last):
    ...
    judge.errors.InvalidLetter: letter must be a single letter A-Z, got 'AB'
    """
    if not isinstance(letter, str):
        raise InvalidLetter(f"letter must be a string, got {type(letter).__name__}")
    stripped = clean(letter).text
    folded = fold(stripped)
    if len(stripped) != 1 or len(folded) != 1 or not folded.isalpha():
        raise InvalidLetter(f"letter must be a single letter A-Z, got {letter!r}")
    return folded.upper()


def language_name(lang: str) -> str:
    """``English``, ``Italian`` ... for a language code."""
    return LANG_NAMES.get(lang, lang)


def a_word_of(lang: str) -> str:
    """'an English word', 'a German word' ...

    >>> a_word_of("it"), a_word_of("de")
    ('an Italian word', 'a German word')
    """
    name = language_name(lang)
    return f"{'an' if name[:1] in 'AEIOU' else 'a'} {name} word"


def parse_lang(lang: object) -> str:
    """Read a language code (``en``, ``it``, ``de``, ``fr``), or raise :class:`UnknownLanguage`."""
    if not isinstance(lang, str) or lang.strip().lower() not in LANGS:
        raise UnknownLanguage(f"lang must be one of {', '.join(LANGS)}, got {lang!r}")
    return lang.strip().lower()


def split_words(text: str) -> list[str]:
    """Words of a cleaned answer; an elided article becomes a word of its own.

    >>> split_words("L'Aquila"), split_words("l’Allemagne"), split_words("Peter, Paul and Mary")
    (["L'", 'Aquila'], ["l'", 'Allemagne'], ['Peter', 'Paul', 'and', 'Mary'])
    """
    words: list[str] = []
    for raw in text.replace(",", " ").split():
        m = _ELIDED.match(raw)
        if m:
            words.append(m.group(1) + "'")
            raw = raw[m.end():]
        raw = raw.strip(".;:!?\"()[]«»„“”")
        if raw:
            words.append(raw)
    return words


def _article_key(word: str) -> str:
    return fold(word.rstrip(_APOSTROPHES)) + ("'" if word[-1:] in _APOSTROPHES else "")


def skip_articles(words: Sequence[str], lang: str) -> int:
    """How many leading words are articles (or a leading "und"/"and") in ``lang``.

    The last word is never skipped: an answer that is only an article is its own key word.

    >>> skip_articles(["The", "Beatles"], "en"), skip_articles(["de", "l'", "eau"], "fr")
    (1, 2)
    >>> skip_articles(["Le", "Mans"], "it"), skip_articles(["The"], "en")
    (1, 0)
    """
    articles = ARTICLES.get(lang, frozenset())
    i = 0
    while i < len(words) - 1:
        key = _article_key(words[i])
        pair = f"{key} {_article_key(words[i + 1])}" if i + 2 < len(words) else ""
        if pair and pair in articles:
            i += 2
        elif key in articles or key in LEADING_CONJUNCTIONS:
            i += 1
        else:
            break
    return i


def looks_like_person(text: str) -> bool:
    """Guess, without the knowledge base, whether an answer is a person's name.

    The comma form (``Bush, George``) or two or more capitalised words.

    >>> looks_like_person("Wolfgang Amadeus Mozart"), looks_like_person("Bush, George")
    (True, True)
    >>> looks_like_person("ice cream"), looks_like_person("Mozart")
    (False, False)
    """
    if "," in text:
        parts = [p.strip() for p in text.split(",")]
        return len(parts) == 2 and all(p[:1].isupper() for p in parts)
    words = [w for w in split_words(text) if fold(w) not in SURNAME_PARTICLES]
    return len(words) >= 2 and all(w[:1].isupper() for w in words)


def surname(text: str) -> str | None:
    """The surname of a person's name (comma form: the part before the comma).

    >>> surname("Leonardo da Vinci"), surname("Bush, George"), surname("Cher")
    ('da Vinci', 'Bush', None)
    """
    if "," in text:
        return text.split(",", 1)[0].strip() or None
    words = split_words(text)
    if len(words) < 2:
        return None
    start = len(words) - 1
    while start > 1 and fold(words[start - 1]) in SURNAME_PARTICLES:
        start -= 1
    return " ".join(words[start:])


def key_words(
    text: str,
    lang: str,
    *,
    is_person: Callable[[str], bool] | None = None,
) -> list[str]:
    """Words that may carry the key letter: the first word after the articles, then
    the surname's words when the answer is a person's name.

    ``is_person`` decides "a person's name"; without it :func:`looks_like_person` guesses.

    >>> key_words("The Beatles", "en"), key_words("Leonardo da Vinci", "it")
    (['Beatles'], ['Leonardo', 'da', 'Vinci'])
    >>> key_words("New York", "en", is_person=lambda s: False)
    ['New']
    """
    words = split_words(text)
    if not words:
        return []
    if "," in text and (is_person or looks_like_person)(text):
        last = surname(text)
        return split_words(last)[:1] if last else []
    first = words[skip_articles(words, lang)]
    out = [first]
    if len(words) >= 2 and (is_person or looks_like_person)(text):
        last = surname(text)
        for w in split_words(last or ""):
            if w not in out:
                out.append(w)
    return out


def initial(word: str) -> str:
    """The key letter a word starts with, folded (``Ägypten`` -> ``A``)."""
    folded = fold(word)
    return folded[:1].upper()


def starts_with(word: str, letter: str) -> bool:
    """Does ``word`` start with the key letter (accents and umlauts folded)?"""
    return initial(word) == letter.upper()


def alliteration_count(text: str, letter: str, lang: str) -> int:
    """Words (articles and conjunctions skipped) that start with ``letter``."""
    letter = fold_letter(letter)
    words = split_words(text)
    articles = ARTICLES.get(lang, frozenset())
    return sum(
        1
        for w in words
        if _article_key(w) not in articles and fold(w) not in CONJUNCTIONS and starts_with(w, letter)
    )


@dataclass(frozen=True)
class ScriptProblem:
    """Letters of an answer that are not Latin: which, and what they look like."""

    chars: tuple[str, ...]  # e.g. "'о' CYRILLIC SMALL LETTER O, looks like Latin 'o'"
    mixed: bool  # True when Latin letters are mixed with look-alikes of other scripts


def script_problem(text: str) -> ScriptProblem | None:
    """Non-Latin letters in an answer (homoglyphs such as a Cyrillic о in ``Wоlf``).

    >>> script_problem("Wolf") is None
    True
    >>> script_problem("W\\u043elf").chars
    ("'о' CYRILLIC SMALL LETTER O, looks like Latin 'o'",)
    """
    if text.isascii():
        return None
    foreign = [ch for ch in text if ch.isalpha() and not unicodedata.name(ch, "").startswith("LATIN")]
    if not foreign:
        return None
    from confusable_homoglyphs import confusables  # lazy: only for non-Latin text

    has_latin = any(ch.isalpha() and unicodedata.name(ch, "").startswith("LATIN") for ch in text)
    described: list[str] = []
    for ch in dict.fromkeys(foreign):
        found = confusables.is_confusable(ch, preferred_aliases=["latin"], greedy=True) or []
        looks = [g["c"] for hit in found for g in hit["homoglyphs"] if g["n"].startswith("LATIN")]
        note = f", looks like Latin '{looks[0]}'" if looks else ""
        described.append(f"'{ch}' {unicodedata.name(ch, hex(ord(ch)))}{note}")
    return ScriptProblem(tuple(described), has_latin)
