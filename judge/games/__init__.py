"""Game engines, found through a registry by name: ``score_game(record) -> result``.

>>> sorted(GAMES)
['category', 'color-words', 'scattergories']
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Literal

from judge.errors import RecordError
from judge.matcher import SEMANTIC_MIN_CONFIDENCE

#: Color Words themes -> catalogue categories whose members fit the theme.
THEMES: dict[str, tuple[str, ...]] = {
    "cinema": ("movie", "tv_show", "actor", "fictional_character"),
    "literature": ("writer", "book", "fictional_character", "superhero"),
    "sports": ("sport", "athlete", "footballer", "football_club"),
    "fashion": ("clothing", "color", "brand"),
    "science": ("scientist", "chemical_element", "celestial_body", "disease", "rock", "body_part"),
    "music": ("instrument", "composer", "musician", "singer", "band"),
    "games": ("game", "sport"),
    "cooking": ("food", "drink", "tool", "container"),
    "history": ("historical_figure", "us_president", "famous_person", "weapon", "building"),
    "travel": ("city", "country", "region", "river", "lake", "mountain", "sea", "island", "continent",
               "vehicle", "language", "currency"),
    "nature": ("animal", "plant", "river", "lake", "mountain", "sea", "island", "natural_disaster", "rock"),
    "famous_characters": ("famous_person", "fictional_character", "superhero"),
}


#: Color Words theme cards by their title, as the semantic score reads them.
THEME_TITLES: dict[str, str] = {
    "cinema": "Cinema, TV series, YouTube", "literature": "Literature, comics, manga", "sports": "Sports",
    "fashion": "Fashion, clothing", "science": "Science, technology", "music": "Music", "games": "Games",
    "cooking": "Cooking", "history": "History", "travel": "Travel, geography",
    "nature": "Nature, plants, animals", "famous_characters": "Famous characters, real or fictional",
}


def _scattergories(judge: Any, record: Any) -> dict[str, Any]:
    from judge.games import scattergories

    return scattergories.score_game(judge, record)


def _category(judge: Any, record: Any) -> dict[str, Any]:
    from judge.games import category

    return category.score_game(judge, record)


def _color_words(judge: Any, record: Any) -> dict[str, Any]:
    from judge.games.color_words import score_color_words

    return score_color_words(record, word_kind=lambda w, lang: word_kind(judge, w, lang),
                             fits_theme=lambda w, theme, lang: fits_theme(judge, w, theme, lang))


GAMES: dict[str, Callable[[Any, Any], dict[str, Any]]] = {
    "scattergories": _scattergories,
    "category": _category,
    "color-words": _color_words,
}
ALIASES = {"stadt-land-fluss": "scattergories", "petit-bac": "scattergories", "color_words": "color-words"}


def word_kind(judge: Any, word: str, lang: str) -> Literal["common", "proper", "unknown"]:
    """Is ``word`` a common word of ``lang``, a proper noun, or unknown to the word lists?

    Spelling counts, accents included (*mangé*, not *mangéé*); an abbreviation (all capitals,
    or with a full stop) is no word. A capitalised word that is both (*Paris*, the city, and
    *paris*, bets) is proper, except in German, where every noun is capitalised.
    """
    matcher = judge.matcher
    if matcher is None:
        return "unknown"
    cleaned = unicodedata.normalize("NFC", word.strip())
    letters = [ch for ch in cleaned if ch.isalpha()]
    if not letters or "." in cleaned or (len(letters) > 1 and all(ch.isupper() for ch in letters)):
        return "unknown"
    kind = matcher.store.language(lang).spellings.get(cleaned.lower())
    if "c" in kind and "p" in kind and cleaned[:1].isupper() and lang != "de":
        return "proper"
    if "c" in kind:
        return "common"
    return "proper" if "p" in kind else "unknown"


def fits_theme(judge: Any, word: str, theme: str, lang: str) -> bool | None:
    """Does ``word`` fit a themed bonus card? True when the lexicons put it in one of the theme's
    categories, or its meaning is strongly close to the card's title; else None (unsure)."""
    matcher = judge.matcher
    if matcher is None:
        return None
    wanted = set(THEMES.get(theme, ()))
    spellings = matcher.spellings(word, lang)
    matches = matcher.exact(spellings, lang) or matcher.by_lemma(spellings, lang)
    concepts = matcher.store.concepts
    for m in matches:
        c = concepts.get(m.hit.concept)
        if c is not None and c.categories & wanted:
            return True
    # Not listed under the theme's categories: its meaning may still fit the card's title.
    fit = matcher.semantic.judge(word, THEME_TITLES.get(theme, theme), lang)
    if fit is not None and fit.accept and fit.confidence >= SEMANTIC_MIN_CONFIDENCE:
        return True
    return None


def score_game(record: Any, judge: Any = None) -> dict[str, Any]:
    """Score a game record (a parsed JSON object) with the rules its ``game`` names."""
    if judge is None:
        from judge.referee import Judge

        judge = Judge()
    if not isinstance(record, Mapping):
        raise RecordError("", "a game record must be a JSON object")
    game = record.get("game")
    name = ALIASES.get(game, game) if isinstance(game, str) else None
    if name not in GAMES:
        raise RecordError("game", f"expected one of {', '.join(map(repr, GAMES))}, got {game!r}")
    return GAMES[name](judge, record)


def load_record(path: str | Path) -> Any:
    """Read a JSON game record from a file, or raise RecordError saying why."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RecordError("", f"{path}: cannot read ({exc.strerror})") from exc
    except json.JSONDecodeError as exc:
        raise RecordError("", f"{path}: not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from exc
