"""Color Words: score a whole game record.

The rules read like the rulebook (``seeds/004``) and come in its order:
components, setup, the three steps of a round (draw, write a word, score it,
the Bonus cards being part of scoring), end of the game, the special rules of
grids A and B, and solo mode.  Where the rulebook is silent the decision is
documented in ``docs/color-words.md``.

The one entry point is :func:`score_color_words`; it takes an already parsed
game record (``game-records.md``, section "Color Words") and returns the
scored game.  A record that breaks the schema raises :class:`RecordError`
naming the JSON path of the first problem; nothing is scored from half a
record.  A word that breaks a rule is *not* an error: it is refused (scores 0,
fills no cells) with reasons carrying stable snake_case codes
(:class:`Code`).
"""

from __future__ import annotations

import json
import re
import threading
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

from judge import text
from judge.errors import RecordError
from judge.games import records as rec

__all__ = [
    "DEFAULT_LAYOUT",
    "Code",
    "RecordError",
    "WordKind",
    "load_cards",
    "score_color_words",
]

WordKind = Literal["common", "proper", "unknown"]
WordKindLookup = Callable[[str, str], WordKind]
ThemeLookup = Callable[[str, str, str], "bool | None"]


class Code(StrEnum):
    """Why a word was refused or flagged (stable codes; messages are for people)."""

    NO_WORD = "no_word"
    """The player wrote nothing this round."""
    PLACEMENT_NOT_ON_START = "placement_not_on_start"
    """The first word on an empty grid must start on the Start space (A1)."""
    PLACEMENT_NOT_ADJACENT = "placement_not_adjacent"
    """A later word must start on a space orthogonally adjacent to a filled one."""
    PLACEMENT_GOES_UP = "placement_goes_up"
    """A letter was written above the previous one."""
    PLACEMENT_GOES_LEFT = "placement_goes_left"
    """A letter was written left of the previous one."""
    PLACEMENT_NOT_CONTIGUOUS = "placement_not_contiguous"
    """A letter is not one space right of, or one space below, the previous one."""
    CELL_TAKEN = "cell_taken"
    """A letter was written in a space filled in an earlier round (not a crossword)."""
    CELL_OFF_GRID = "cell_off_grid"
    """A letter was written in a space outside the grid."""
    LENGTH_MISMATCH = "length_mismatch"
    """The word's letters and its spaces differ in number."""
    NOT_A_WORD = "not_a_word"
    """Not a real word of the record's language (or contains digits or symbols)."""
    NOT_ONE_WORD = "not_one_word"
    """Several words separated by spaces (a compound word)."""
    PROPER_NOUN = "proper_noun"
    """A proper noun, allowed only while a themed Bonus card is in play."""
    HAS_HYPHEN_OR_APOSTROPHE = "has_hyphen_or_apostrophe"
    """A compound word written with a hyphen or an apostrophe."""
    ABBREVIATION = "abbreviation"
    """An abbreviation (written with a full stop)."""
    THEME_UNSURE = "theme_unsure"
    """The word stands, but whether it fits the themed bonus is for the table to decide."""


# ---------------------------------------------------------------------------
# Components: 3 coloured boards, 36 Bonus cards, erasable grids (A / B).
# ---------------------------------------------------------------------------

COLORS: tuple[str, ...] = ("blue", "yellow", "red")
ROUNDS = 6
GRID_SIDES = ("A", "B")
_CELL_COLORS: dict[str, str | None] = {"S": None, "B": "blue", "Y": "yellow", "R": "red"}

DEFAULT_LAYOUT: tuple[str, ...] = (
    "SBYRYBR",
    "YYRBRYB",
    "RBRBYRY",
    "BRYRYBR",
    "YBRYBRY",
    "RYBBRYB",
)
"""The grid the project ships: 7 columns (A-G) x 6 lines (1-6); see docs/color-words.md."""

CARDS_FILE = Path(__file__).with_name("color_words_cards.json")
CARDS_FORMAT = "category-judge/color-words-cards"
CARDS_VERSION = 1
BONUS_KINDS = ("themed", "first_letter", "last_letter_color", "straight_line", "turn", "size", "spaces")
_CARD_PARAMS: dict[str, tuple[str, ...]] = {
    "themed": ("theme",),
    "first_letter": ("letter",),
    "last_letter_color": ("color",),
    "straight_line": ("direction",),
    "turn": ("color",),
    "size": ("length",),
    "spaces": ("spaces",),
}


@dataclass(frozen=True)
class Card:
    """One of the 36 Bonus cards."""

    id: str
    kind: str
    points: int
    params: Mapping[str, Any]
    title: str | None = None
    aliases: tuple[str, ...] = ()
    reconstructed: bool = False


_cards_lock = threading.Lock()
_cards: tuple[Card, ...] | None = None


def load_cards() -> tuple[Card, ...]:
    """The 36 Bonus cards, read once from ``color_words_cards.json`` (header checked)."""
    global _cards
    with _cards_lock:
        if _cards is None:
            data = json.loads(CARDS_FILE.read_text(encoding="utf-8"))
            if data.get("format") != CARDS_FORMAT or data.get("version") != CARDS_VERSION:
                raise RuntimeError(
                    f"{CARDS_FILE.name}: expected format {CARDS_FORMAT!r} version {CARDS_VERSION}"
                )
            cards = tuple(
                Card(
                    id=c["id"],
                    kind=c["kind"],
                    points=c["points"],
                    params={k: c[k] for k in _CARD_PARAMS[c["kind"]]},
                    title=c.get("title"),
                    aliases=tuple(c.get("aliases", ())),
                    reconstructed=bool(c.get("reconstructed", False)),
                )
                for c in data["cards"]
            )
            if len(cards) != data["count"]:
                raise RuntimeError(f"{CARDS_FILE.name}: expected {data['count']} cards")
            _cards = cards
        return _cards


Cell = tuple[int, int]
"""(column, line), both counted from 0: A1 is (0, 0)."""

_CELL_NAME = re.compile(r"([A-Za-z])([1-9][0-9]?)")


def cell_name(cell: Cell) -> str:
    """``(3, 1)`` -> ``"D2"``."""
    return f"{chr(ord('A') + cell[0])}{cell[1] + 1}"


@dataclass(frozen=True)
class Grid:
    """A rectangular grid of coloured spaces; A1 (top left) is the Start space."""

    side: str
    layout: tuple[str, ...]

    @property
    def columns(self) -> int:
        return len(self.layout[0])

    @property
    def lines(self) -> int:
        return len(self.layout)

    def contains(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.columns and 0 <= cell[1] < self.lines

    def color(self, cell: Cell) -> str | None:
        """The colour of a space; None for the Start space."""
        return _CELL_COLORS[self.layout[cell[1]][cell[0]]]

    def cells(self) -> list[Cell]:
        return [(c, line) for line in range(self.lines) for c in range(self.columns)]

    def stars(self) -> list[str]:
        """Grid B: one star per line and per column, named as players announce them."""
        return [f"line {n + 1}" for n in range(self.lines)] + [
            f"column {chr(ord('A') + c)}" for c in range(self.columns)
        ]

    def star_cells(self, star: str) -> list[Cell]:
        kind, _, name = star.partition(" ")
        if kind == "line":
            return [(c, int(name) - 1) for c in range(self.columns)]
        return [(ord(name) - ord("A"), line) for line in range(self.lines)]


# ---------------------------------------------------------------------------
# Setup: reading the record (players, grid side, rounds). Schema only.
# ---------------------------------------------------------------------------


def _expect_object(
    value: Any, path: str, keys: Sequence[str], required: Sequence[str] = ()
) -> Mapping[str, Any]:
    """An object with only ``keys``, among them ``required`` (the shared checker)."""
    return rec.expect_object(value, path, required=required, optional=keys)


@dataclass(frozen=True)
class WordEntry:
    word: str | None
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class Round:
    letters: Mapping[str, str]  # colour -> letter (upper case)
    card: Card
    words: Mapping[str, WordEntry]  # player -> entry (every player present)


@dataclass
class Game:
    lang: str
    players: list[str]
    grid: Grid
    rounds: list[Round]
    crossed_stars: list[str | None] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def solo(self) -> bool:
        return len(self.players) == 1


_TOP_LEVEL = ("game", "lang", "players", "rules", "grid", "rounds", "crossed_stars")


def parse_record(record: Any) -> Game:
    """Check a record against the schema; raise RecordError at the first problem."""
    if not isinstance(record, Mapping):
        raise RecordError("", "a game record must be a JSON object")
    warnings = rec.unknown_fields(record, _TOP_LEVEL)
    if record.get("game") not in ("color-words", "color_words"):
        raise RecordError("game", 'expected "color-words"')
    lang = rec.expect_lang(record.get("lang"))
    players = rec.expect_players(record.get("players"))
    if len(players) > 6:
        warnings.append(f"{len(players)} players: the box has grids for 1 to 6")
    rules = rec.expect_object(record.get("rules", {}), "rules")
    for k in rules:
        raise RecordError(rec.at("rules", str(k)), "unknown rule (Color Words has no variant switches)")

    grid = _parse_grid(record.get("grid"))

    rounds_raw = record.get("rounds")
    if not isinstance(rounds_raw, list):
        raise RecordError("rounds", "expected a list of rounds")
    if len(rounds_raw) > ROUNDS:
        raise RecordError(f"rounds[{ROUNDS}]", f"a game has {ROUNDS} rounds")
    rounds = [_parse_round(r, f"rounds[{i}]", players, warnings) for i, r in enumerate(rounds_raw)]

    crossed: list[str | None] = []
    if "crossed_stars" in record:
        if not (len(players) == 1 and grid.side == "B"):
            raise RecordError("crossed_stars", "only a solo game on grid B crosses out stars")
        raw = record["crossed_stars"]
        if not isinstance(raw, list):
            raise RecordError("crossed_stars", "expected a list, one star per round")
        if len(raw) > ROUNDS:
            raise RecordError(f"crossed_stars[{ROUNDS}]", f"at most one star per round ({ROUNDS} rounds)")
        crossed = [_parse_star(s, f"crossed_stars[{i}]", grid) for i, s in enumerate(raw)]

    return Game(
        lang=lang, players=list(players), grid=grid, rounds=rounds, crossed_stars=crossed, warnings=warnings
    )


def _parse_grid(raw: Any) -> Grid:
    g = _expect_object(raw, "grid", ("side", "layout"), required=("side",))
    side = rec.expect_choice(g["side"], "grid.side", GRID_SIDES)
    layout_raw = g.get("layout", "default")
    if layout_raw == "default":
        return Grid(side, DEFAULT_LAYOUT)
    if not isinstance(layout_raw, list) or not layout_raw:
        raise RecordError("grid.layout", 'expected "default" or a list of strings of S/B/Y/R')
    width = None
    for i, row in enumerate(layout_raw):
        path = f"grid.layout[{i}]"
        if not isinstance(row, str) or not row or any(ch not in _CELL_COLORS for ch in row):
            raise RecordError(path, "expected a non-empty string of S, B, Y, R")
        if width is None:
            width = len(row)
            if width > 26:
                raise RecordError(path, "at most 26 columns (A to Z)")
        elif len(row) != width:
            raise RecordError(path, f"expected {width} cells like the first line (the grid is rectangular)")
        for j, ch in enumerate(row):
            if (ch == "S") != (i == 0 and j == 0):
                raise RecordError(path, "the Start space S must be A1, and only A1")
    if len(layout_raw) > 99:
        raise RecordError("grid.layout", "at most 99 lines")
    return Grid(side, tuple(layout_raw))


def _parse_star(raw: Any, path: str, grid: Grid) -> str | None:
    if raw is None:
        return None
    if isinstance(raw, str):
        m = re.fullmatch(r"\s*(line|column)\s+([A-Za-z]|[0-9]+)\s*", raw, re.IGNORECASE)
        if m:
            kind, name = m.group(1).lower(), m.group(2).upper()
            star = f"{kind} {name}"
            if star in grid.stars():
                return star
    raise RecordError(
        path, f'expected a star of this grid like "line 4" or "column D", or null (got {raw!r})'
    )


def _parse_round(raw: Any, path: str, players: list[str], warnings: list[str]) -> Round:
    r = _expect_object(raw, path, ("letters", "bonus", "words"), required=("letters", "bonus", "words"))
    letters_raw = _expect_object(r["letters"], f"{path}.letters", COLORS, required=COLORS)
    letters: dict[str, str] = {}
    for color in COLORS:
        value = letters_raw[color]
        letters[color] = rec.expect_letter(value, f"{path}.letters.{color}")
    if len(set(letters.values())) < 3:
        warnings.append(
            f"{path}: the same letter lies on two boards; each such letter scores its best colour"
        )

    card = _parse_bonus(r["bonus"], f"{path}.bonus", warnings)

    words_raw = r["words"]
    if not isinstance(words_raw, Mapping):
        raise RecordError(f"{path}.words", "expected an object: player -> word")
    words: dict[str, WordEntry] = {}
    for name, entry in words_raw.items():
        if name not in players:
            raise RecordError(rec.at(f"{path}.words", str(name)), "not one of the players")
        words[name] = _parse_word(entry, rec.at(f"{path}.words", name))
    for name in players:
        words.setdefault(name, WordEntry(None, ()))
    return Round(letters=letters, card=card, words={p: words[p] for p in players})


def _parse_word(raw: Any, path: str) -> WordEntry:
    if raw is None:
        return WordEntry(None, ())
    w = _expect_object(raw, path, ("word", "cells"), required=("word",))
    word = w["word"]
    if word is not None and not isinstance(word, str):
        raise RecordError(f"{path}.word", "expected a string or null")
    cells_raw = w.get("cells", [])
    if not isinstance(cells_raw, list):
        raise RecordError(f"{path}.cells", 'expected a list of cell names like "B3"')
    cells: list[Cell] = []
    for i, name in enumerate(cells_raw):
        m = _CELL_NAME.fullmatch(name) if isinstance(name, str) else None
        if not m:
            raise RecordError(f"{path}.cells[{i}]", 'expected a cell name like "B3"')
        cells.append((ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1))
    word = word.strip() if word is not None else None
    if not word:
        if cells:
            raise RecordError(f"{path}.word", "cells are given but the word is empty")
        return WordEntry(None, ())
    return WordEntry(word, tuple(cells))


def _norm_label(label: str) -> str:
    return text.fold(label)


def _parse_bonus(raw: Any, path: str, warnings: list[str]) -> Card:
    if not isinstance(raw, Mapping):
        raise RecordError(path, "expected an object")
    kind = rec.expect_choice(raw.get("kind"), f"{path}.kind", BONUS_KINDS)
    params = _CARD_PARAMS[kind]
    b = _expect_object(raw, path, ("kind", *params, "points"), required=params)
    cards = [c for c in load_cards() if c.kind == kind]
    value = b[params[0]]
    vpath = f"{path}.{params[0]}"

    if kind == "themed":
        wanted = _norm_label(value) if isinstance(value, str) else None
        matches = [
            c
            for c in cards
            if wanted is not None
            and wanted in {_norm_label(x) for x in (c.params["theme"], c.title or "", *c.aliases)}
        ]
        if not matches:
            raise RecordError(
                vpath, "expected a theme of the cards: " + ", ".join(c.params["theme"] for c in cards)
            )
    elif kind == "first_letter":
        letter = text.fold_letter(value) if isinstance(value, str) else None
        matches = [c for c in cards if c.params["letter"] == letter]
        if not matches:
            raise RecordError(
                vpath, "expected a letter of the cards: " + ", ".join(c.params["letter"] for c in cards)
            )
    elif kind in ("last_letter_color", "turn"):
        rec.expect_choice(value, vpath, COLORS)
        matches = [c for c in cards if c.params["color"] == value]
    elif kind == "straight_line":
        rec.expect_choice(value, vpath, ("right", "down"))
        matches = [c for c in cards if c.params["direction"] == value]
    elif kind == "size":
        matches = [c for c in cards if c.params["length"] == value and not isinstance(value, bool)]
        if not matches:
            raise RecordError(
                vpath, "expected a length of the cards: " + ", ".join(str(c.params["length"]) for c in cards)
            )
    else:  # spaces
        spaces = _expect_object(value, vpath, COLORS)
        if not spaces:
            raise RecordError(vpath, "expected at least one colour with a count")
        req = {color: rec.expect_int(n, f"{vpath}.{color}", minimum=1) for color, n in spaces.items()}
        matches = [c for c in cards if dict(c.params["spaces"]) == req]
        if not matches:
            # The five Spaces cards are only pictured in the rulebook; ours are a
            # reconstruction, so an unknown requirement is accepted with its points.
            allowed = sorted({c.points for c in cards})
            if "points" not in b:
                raise RecordError(
                    f"{path}.points", "required for a Spaces card that is not among the shipped cards"
                )
            points = rec.expect_int(b["points"], f"{path}.points", minimum=1)
            if points not in allowed:
                raise RecordError(
                    f"{path}.points", "a Spaces card is worth " + " or ".join(map(str, allowed)) + " points"
                )
            warnings.append(
                f"{path}: Spaces card {req} is not among the shipped cards; scored with its {points} points"
            )
            return Card(id="spaces_other", kind="spaces", points=points, params={"spaces": req})

    card = matches[0]
    if "points" in b:
        points = rec.expect_int(b["points"], f"{path}.points", minimum=1)
        if points != card.points:
            raise RecordError(f"{path}.points", f"the card {card.id} is worth {card.points} points")
    return card


# ---------------------------------------------------------------------------
# Course of the Game, step 2: write a word and circle it.
# ---------------------------------------------------------------------------

_HYPHENS_APOSTROPHES = set("-\u2010\u2011\u2012\u2013\u2014'\u2019\u02bc`\u00b4")


def _reason(code: Code, message: str) -> dict[str, str]:
    return {"code": code.value, "message": message}


def check_placement(
    grid: Grid, filled: set[Cell], cells: Sequence[Cell], n_letters: int
) -> list[dict[str, str]]:
    """Reasons why these spaces may not hold a word of ``n_letters`` letters (none if fine)."""
    reasons: list[dict[str, str]] = []
    seen: set[str] = set()

    def add(code: Code, message: str) -> None:
        if code.value not in seen:
            seen.add(code.value)
            reasons.append(_reason(code, message))

    if len(cells) != n_letters:
        add(Code.LENGTH_MISMATCH, f"the word has {n_letters} letters but {len(cells)} spaces are given")
    for i, cell in enumerate(cells):
        name = cell_name(cell)
        if not grid.contains(cell):
            add(Code.CELL_OFF_GRID, f"{name} is outside the {grid.columns}x{grid.lines} grid")
        elif cell in filled:
            add(Code.CELL_TAKEN, f"{name} was filled in an earlier round (Color Words is not a crossword)")
        if i == 0:
            if not grid.contains(cell):
                continue
            if not filled:
                if cell != (0, 0):
                    add(
                        Code.PLACEMENT_NOT_ON_START,
                        f"the first word must start on the Start space A1, not {name}",
                    )
            elif cell not in filled and not any(
                (cell[0] + dc, cell[1] + dl) in filled for dc, dl in ((1, 0), (-1, 0), (0, 1), (0, -1))
            ):
                add(Code.PLACEMENT_NOT_ADJACENT, f"{name} is not next to an already filled space")
            continue
        prev = cells[i - 1]
        dc, dl = cell[0] - prev[0], cell[1] - prev[1]
        if (dc, dl) in ((1, 0), (0, 1)):
            continue
        if dl < 0:
            add(
                Code.PLACEMENT_GOES_UP,
                f"{name} is above {cell_name(prev)}: write only to the right or downward",
            )
        elif dc < 0:
            add(
                Code.PLACEMENT_GOES_LEFT,
                f"{name} is left of {cell_name(prev)}: write only to the right or downward",
            )
        else:
            add(Code.PLACEMENT_NOT_CONTIGUOUS, f"{name} is not the space right of or below {cell_name(prev)}")
    return reasons


def check_spelling(word: str, kind: WordKind, themed: bool, lang: str) -> list[dict[str, str]]:
    """Reasons why ``word`` is not an allowed word (none if fine)."""
    reasons: list[dict[str, str]] = []
    if any(ch in _HYPHENS_APOSTROPHES for ch in word):
        reasons.append(
            _reason(Code.HAS_HYPHEN_OR_APOSTROPHE, f"{word!r} is a compound word (hyphen or apostrophe)")
        )
    if "." in word:
        reasons.append(_reason(Code.ABBREVIATION, f"{word!r} is an abbreviation"))
    if any(ch.isspace() for ch in word):
        reasons.append(_reason(Code.NOT_ONE_WORD, f"{word!r} is several words"))
    if reasons:
        return reasons
    if not all(ch.isalpha() or unicodedata.combining(ch) for ch in word):
        return [_reason(Code.NOT_A_WORD, f"{word!r} has characters that are not letters")]
    if kind == "unknown":
        return [_reason(Code.NOT_A_WORD, f"{word!r} is not a word of the {lang} word list")]
    if kind == "proper" and not themed:
        return [
            _reason(Code.PROPER_NOUN, f"{word!r} is a proper noun, allowed only with a themed Bonus card")
        ]
    return []


# ---------------------------------------------------------------------------
# Course of the Game, step 3: score the points of your word.
# ---------------------------------------------------------------------------


def letter_points(
    grid: Grid, letters: Mapping[str, str], word_letters: Sequence[str], cells: Sequence[Cell]
) -> int:
    """Each drawn letter scores 2 on a space of its board's colour, 1 elsewhere (Start: 1)."""
    boards: dict[str, set[str]] = {}
    for color, letter in letters.items():
        boards.setdefault(letter, set()).add(color)
    total = 0
    for ch, cell in zip(word_letters, cells, strict=True):
        colors = boards.get(text.fold_letter(ch))
        if colors:
            total += 2 if grid.color(cell) in colors else 1
    return total


# ---------------------------------------------------------------------------
# Bonus Cards.
# ---------------------------------------------------------------------------


def _steps(cells: Sequence[Cell]) -> list[Cell]:
    return [(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(cells)]


def turn_cells(cells: Sequence[Cell]) -> list[Cell]:
    """The spaces where the word changes direction (a staircase's corners)."""
    steps = _steps(cells)
    return [cells[i + 1] for i in range(len(steps) - 1) if steps[i] != steps[i + 1]]


def bonus_met(
    card: Card,
    grid: Grid,
    word: str,
    word_letters: Sequence[str],
    cells: Sequence[Cell],
    lang: str,
    fits_theme: ThemeLookup,
) -> bool | None:
    """Whether the word fulfils the Bonus card; None when only the table can say (theme)."""
    kind, p = card.kind, card.params
    if kind == "themed":
        return fits_theme(word, str(p["theme"]), lang)
    if kind == "first_letter":
        return bool(text.fold_letter(word_letters[0]) == p["letter"])
    if kind == "last_letter_color":
        return bool(grid.color(cells[-1]) == p["color"])
    if kind == "straight_line":
        step = (1, 0) if p["direction"] == "right" else (0, 1)
        steps = _steps(cells)
        return bool(steps) and all(s == step for s in steps)
    if kind == "turn":
        return any(grid.color(c) == p["color"] for c in turn_cells(cells))
    if kind == "size":
        return bool(len(word_letters) == p["length"])
    if kind == "spaces":
        counts = {color: sum(1 for c in cells if grid.color(c) == color) for color in COLORS}
        return all(counts[color] >= n for color, n in p["spaces"].items())
    raise AssertionError(kind)


def judge_word(
    game: Game,
    rnd: Round,
    entry: WordEntry,
    filled: set[Cell],
    *,
    word_kind: WordKindLookup,
    fits_theme: ThemeLookup,
) -> dict[str, Any]:
    """One player's word for one round: verdict, points and reasons."""
    if entry.word is None:
        return {
            "word": None,
            "verdict": "reject",
            "points": 0,
            "letter_points": 0,
            "bonus_points": 0,
            "reasons": [_reason(Code.NO_WORD, "no word was written this round")],
        }
    word = entry.word
    word_letters = [ch for ch in unicodedata.normalize("NFC", word) if ch.isalpha()]
    themed = rnd.card.kind == "themed"
    reasons = check_placement(game.grid, filled, entry.cells, len(word_letters))
    kind = word_kind(word, game.lang)
    if kind not in ("common", "proper", "unknown"):
        raise ValueError(f"word_kind returned {kind!r}; expected 'common', 'proper' or 'unknown'")
    reasons += check_spelling(word, kind, themed, game.lang)
    result: dict[str, Any] = {
        "word": word,
        "verdict": "reject",
        "points": 0,
        "letter_points": 0,
        "bonus_points": 0,
        "reasons": reasons,
    }
    if reasons:
        return result
    lp = letter_points(game.grid, rnd.letters, word_letters, entry.cells)
    met = bonus_met(rnd.card, game.grid, word, word_letters, entry.cells, game.lang, fits_theme)
    bp = rnd.card.points if met is True else 0
    result.update(verdict="accept", points=lp + bp, letter_points=lp, bonus_points=bp)
    if met is None:
        result["verdict"] = "unsure"
        result["reasons"] = [
            _reason(
                Code.THEME_UNSURE,
                f"does {word!r} fit the theme "
                f"{rnd.card.title or rnd.card.params['theme']!r}? "
                f"the table decides; {rnd.card.points} bonus points not counted",
            )
        ]
    filled.update(entry.cells)
    return result


# ---------------------------------------------------------------------------
# End of the Game, Special Rules of the Grids, Solo Mode.
# ---------------------------------------------------------------------------

FILLING_STAR_POINTS = 5
SOLO_MAX_EMPTY = 7
RACE_STAR_POINTS = 2

# (grid A minimum, grid B minimum, rating, English, stars); below the last row: "Rejouez!"
RATINGS: tuple[tuple[int, int, str, str, int], ...] = (
    (60, 70, "Insensé!", "Insane!", 5),
    (55, 65, "Fantastique!", "Fantastic!", 4),
    (50, 60, "Formidable!", "Great!", 3),
    (45, 55, "Bravo!", "Bravo!", 2),
    (40, 50, "Pas mal!", "Not bad!", 1),
)


def solo_rating(side: str, total: int) -> dict[str, Any]:
    """The rulebook's rating of a solo score on grid A or B."""
    for a, b, label, english, stars in RATINGS:
        if total >= (a if side == "A" else b):
            return {"rating": label, "english": english, "stars": stars}
    return {"rating": "Rejouez!", "english": "Play again!", "stars": 0}


def score_color_words(
    record: Mapping[str, Any], *, word_kind: WordKindLookup, fits_theme: ThemeLookup
) -> dict[str, Any]:
    """Score a Color Words game record (``game-records.md``, "Color Words").

    ``word_kind(word, lang)`` says whether a word is a common word of ``lang``, a proper
    noun, or unknown; ``fits_theme(word, theme, lang)`` says whether it fits a themed
    Bonus card (``theme`` is the card's theme id, such as ``"cooking"``), or None if unsure.
    """
    game = parse_record(record)
    grid, players = game.grid, game.players
    warnings = list(game.warnings)
    filled: dict[str, set[Cell]] = {p: set() for p in players}
    round_points: dict[str, int] = {p: 0 for p in players}
    circled: dict[str, list[str]] = {p: [] for p in players}
    crossed_solo: set[str] = set()
    taken: set[str] = set()  # Grid B: stars circled by someone (crossed out by the others)
    rounds_out: list[dict[str, Any]] = []

    for r, rnd in enumerate(game.rounds):
        if grid.side == "B" and game.solo:
            if r < len(game.crossed_stars):
                _cross_solo_star(game, r, circled[players[0]], crossed_solo, warnings)
            else:
                warnings.append(f"crossed_stars[{r}]: no star recorded as crossed out before round {r + 1}")
        words_out: dict[str, Any] = {}
        for p in players:
            res = judge_word(game, rnd, rnd.words[p], filled[p], word_kind=word_kind, fits_theme=fits_theme)
            if res["verdict"] == "unsure":
                warnings.append(f"{rec.at(f'rounds[{r}].words', p)}: {res['reasons'][0]['message']}")
            round_points[p] += res["points"]
            words_out[p] = res
        rounds_out.append(
            {
                "bonus": {"card": rnd.card.id, "kind": rnd.card.kind, "points": rnd.card.points},
                "words": words_out,
            }
        )
        if grid.side == "B":
            claims = {
                p: [
                    s
                    for s in grid.stars()
                    if s not in taken
                    and s not in crossed_solo
                    and all(c in filled[p] for c in grid.star_cells(s))
                ]
                for p in players
            }
            for p, claimed in claims.items():
                circled[p].extend(claimed)
                taken.update(claimed)

    finished = len(game.rounds) == ROUNDS
    empty = {p: len(grid.cells()) - len(filled[p]) for p in players}
    out: dict[str, Any] = {"game": "color-words", "finished": finished}
    totals = dict(round_points)
    stars: dict[str, int] = {}
    if finished:
        if grid.side == "A":
            if game.solo:
                stars = {p: FILLING_STAR_POINTS if empty[p] <= SOLO_MAX_EMPTY else 0 for p in players}
            else:
                fewest = min(empty.values())
                stars = {p: FILLING_STAR_POINTS if empty[p] == fewest else 0 for p in players}
        else:
            stars = {p: RACE_STAR_POINTS * len(circled[p]) for p in players}
        totals = {p: round_points[p] + stars[p] for p in players}
        best = max(totals.values())
        winners = [p for p in players if totals[p] == best]
    else:
        winners = []
    out["totals"] = totals
    out["winners"] = winners
    out["warnings"] = warnings
    out["rounds"] = rounds_out
    if finished:
        out["stars"] = stars
    out["empty_cells"] = empty
    if grid.side == "B":
        out["circled_stars"] = circled
    if game.solo:
        out["rating"] = solo_rating(grid.side, totals[players[0]]) if finished else None
    return out


def _cross_solo_star(game: Game, r: int, circled: list[str], crossed: set[str], warnings: list[str]) -> None:
    """Solo grid B: before each round, cross out 1 star not yet circled, if possible."""
    star = game.crossed_stars[r]
    open_stars = [s for s in game.grid.stars() if s not in crossed and s not in circled]
    if star is None:
        if open_stars:
            warnings.append(
                f"crossed_stars[{r}]: no star crossed out although {open_stars[0]} was still open"
            )
    elif star in circled:
        warnings.append(f"crossed_stars[{r}]: {star} was already circled; it stays circled")
    elif star in crossed:
        warnings.append(f"crossed_stars[{r}]: {star} was already crossed out")
    else:
        crossed.add(star)
