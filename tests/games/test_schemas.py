"""The published JSON Schemas (``schemas/*.schema.json``) agree with the engines' own checks.

Front ends validate with the schemas before sending; the engines check again, more
strictly (cross-references a schema cannot express). A record the schema accepts must not
be refused for its shape alone, and the broken records below are refused by both.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from judge import Judge, RecordError
from judge.games import score_game

jsonschema = pytest.importorskip("jsonschema")  # a test dependency only: pip install jsonschema

SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"

# The examples of spec/game-records.md.
SCATTERGORIES = {
    "game": "scattergories", "lang": "en",
    "players": ["ann", "ben", "cat"],
    "categories": ["A boy's name", "U.S. cities", "Things that are cold"],
    "rules": {"alliteration_bonus": False, "unsure": "accept"},
    "rounds": [
        {"letter": "B",
         "answers": {"ann": ["Bob", "Boston", "Blizzard"],
                     "ben": ["Bill", "boston", None],
                     "cat": ["Bruno Mars", "Baltimore", "Brr"]},
         "challenges": [{"player": "cat", "category": 2, "votes": {"ann": False, "ben": False, "cat": True}}]},
    ],
}
CATEGORY = {
    "game": "category", "lang": "it",
    "players": ["Anna", "Bruno", "Carla"],
    "rules": {"target": 100},
    "rounds": [
        {"categories": ["Fiori", "Città", "Verbi", "Fiumi", "Animali"],
         "letters": ["R", "M", "D", "C", "S"],
         "marbles": [["yellow", "white", "yellow", "blue", "white"],
                     ["blue", "blue", "white", "yellow", "white"],
                     ["yellow", "white", "yellow", "blue", "yellow"],
                     ["white", "blue", "blue", "yellow", "blue"],
                     ["blue", "white", "yellow", "blue", "yellow"]],
         "turns": [
             {"player": "Anna", "words": [
                 {"word": "Rosa", "category": "Fiori", "letter": "R"},
                 {"word": "Mosca", "category": "Città", "letter": "M"}]},
             {"player": "Bruno", "words": []},
         ]},
    ],
}
COLOR_WORDS = {
    "game": "color-words", "lang": "fr",
    "players": ["Zoé", "Marc"],
    "grid": {"side": "A", "layout": "default"},
    "rounds": [
        {"letters": {"blue": "O", "yellow": "D", "red": "L"},
         "bonus": {"kind": "last_letter_color", "color": "yellow"},
         "words": {"Zoé": {"word": "slaloms", "cells": ["A1", "B1", "C1", "C2", "D2", "D3", "E3"]},
                   "Marc": {"word": "dormir", "cells": ["A1", "A2", "A3", "B3", "B4", "B5"]}}},
    ],
}
EXAMPLES = {"scattergories": SCATTERGORIES, "category": CATEGORY, "color-words": COLOR_WORDS}


def validator(game: str) -> Any:
    schema = json.loads((SCHEMAS / f"{game}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge(knowledge=False)  # the shape is checked before any word is judged


@pytest.mark.parametrize("game", sorted(EXAMPLES))
def test_spec_examples_validate_and_score(judge: Judge, game: str) -> None:
    record = copy.deepcopy(EXAMPLES[game])
    assert list(validator(game).iter_errors(record)) == []
    assert score_game(record, judge)["game"] == game


def test_test_records_validate() -> None:
    from tests.games import test_category as cat
    from tests.games import test_scattergories as scat

    assert list(validator("scattergories").iter_errors(scat.GAME)) == []
    full = cat.game(cat.board(cat.FIRST, cat.SECOND), cat.board(cat.turn("Carla")), rounds=2)
    assert list(validator("category").iter_errors(full)) == []


def _path(error: Any) -> str:
    out = ""
    for key in error.absolute_path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else key)
    return out


def _paths(errors: list[Any]) -> list[str]:
    """Where the schema's errors are, with those inside anyOf / oneOf branches."""
    return [p for e in errors for p in (_path(e), *_paths(list(e.context or ())))]


BROKEN = [
    # game, change, the engine's path (the schema's error lies there, or inside it)
    ("scattergories", lambda r: r["rounds"][0]["answers"]["ben"].__setitem__(2, 42), "rounds[0].answers.ben[2]"),
    ("scattergories", lambda r: r["rounds"][0].__setitem__("letter", "BB"), "rounds[0].letter"),
    ("scattergories", lambda r: r["rounds"][0]["challenges"][0].__setitem__("category", -1),
     "rounds[0].challenges[0].category"),
    ("scattergories", lambda r: r["rounds"][0]["challenges"][0]["votes"].__setitem__("ann", "no"),
     "rounds[0].challenges[0].votes.ann"),
    ("scattergories", lambda r: r["rules"].__setitem__("tie_rule", "coin"), "rules.tie_rule"),
    ("scattergories", lambda r: r["rules"].__setitem__("timer", 60), "rules"),
    ("scattergories", lambda r: r.__setitem__("players", ["ann", "ann"]), "players"),
    ("scattergories", lambda r: r.__setitem__("lang", "es"), "lang"),
    ("scattergories", lambda r: r.pop("categories"), ""),
    ("category", lambda r: r["rounds"][0]["marbles"][1].__setitem__(3, "green"), "rounds[0].marbles[1][3]"),
    ("category", lambda r: r["rounds"][0]["letters"].pop(), "rounds[0].letters"),
    ("category", lambda r: r["rounds"][0]["turns"][0]["words"][0].pop("word"), "rounds[0].turns[0].words[0]"),
    ("category", lambda r: r["rounds"][0]["turns"][0]["words"][0].__setitem__("ruling", "maybe"),
     "rounds[0].turns[0].words[0].ruling"),
    ("category", lambda r: r["rules"].__setitem__("target", 0), "rules.target"),
    ("color-words", lambda r: r["rounds"][0]["words"]["Marc"]["cells"].__setitem__(2, "33"),
     "rounds[0].words.Marc.cells[2]"),
    ("color-words", lambda r: r["rounds"][0]["letters"].__setitem__("blue", "OO"), "rounds[0].letters.blue"),
    ("color-words", lambda r: r["grid"].__setitem__("side", "C"), "grid.side"),
    ("color-words", lambda r: r.__setitem__("rules", {"timer": 60}), "rules"),
]


@pytest.mark.parametrize("game,change,path", BROKEN)
def test_broken_records_are_refused_by_schema_and_engine(judge: Judge, game: str, change: Any, path: str) -> None:
    record = copy.deepcopy(EXAMPLES[game])
    change(record)
    errors = list(validator(game).iter_errors(record))
    assert errors, "the schema accepts a record the engine refuses"
    assert any(p.startswith(path) for p in _paths(errors)), _paths(errors)
    with pytest.raises(RecordError) as caught:
        score_game(record, judge)
    assert caught.value.path.startswith(path)
