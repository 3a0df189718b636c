"""Color Words judged by the real referee: its word lists and its themes (no fakes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge import Judge
from judge.games import fits_theme, score_game, word_kind

CASES = Path(__file__).resolve().parent.parent / "cases"


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge()


def _words(name: str) -> list[str]:
    return [w.strip() for w in (CASES / name).read_text(encoding="utf-8").splitlines() if w.strip()]


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_ordinary_inflected_words_are_real_words(judge, lang):
    words = _words(f"realwords_{lang}.txt")
    accepted = [w for w in words if word_kind(judge, w, lang) == "common"]
    assert len(words) == 200
    assert len(accepted) / len(words) >= 0.98, sorted(set(words) - set(accepted))


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_non_words_are_not_common_words(judge, lang):
    words = _words(f"nonwords_{lang}.txt")
    passed = [w for w in words if word_kind(judge, w, lang) == "common"]
    assert len(words) == 200
    assert len(passed) / len(words) <= 0.01, passed


@pytest.mark.parametrize(("word", "lang", "kind"), [
    ("slaloms", "fr", "common"), ("mangé", "fr", "common"), ("Tulpen", "de", "common"),
    ("dormiamo", "it", "common"), ("roses", "en", "common"), ("Paris", "fr", "proper"),
    ("xqzvt", "en", "unknown"),
])
def test_word_kinds(judge, word, lang, kind):
    assert word_kind(judge, word, lang) == kind


def test_themes_use_the_catalogue(judge):
    assert fits_theme(judge, "pizza", "cooking", "it") is True
    assert fits_theme(judge, "violon", "music", "fr") is True
    assert fits_theme(judge, "Löwe", "nature", "de") is True
    assert fits_theme(judge, "pizza", "sports", "en") is None  # unsure, never a refusal


def test_spec_example_with_the_real_referee(judge):
    record = {
        "game": "color-words", "lang": "fr", "players": ["Zoé", "Marc"],
        "grid": {"side": "A", "layout": "default"},
        "rounds": [{"letters": {"blue": "O", "yellow": "D", "red": "L"},
                    "bonus": {"kind": "last_letter_color", "color": "yellow"},
                    "words": {"Zoé": {"word": "slaloms", "cells": ["A1", "B1", "C1", "C2", "D2", "D3", "E3"]},
                              "Marc": {"word": "dormir", "cells": ["A1", "A2", "A3", "B3", "B4", "B5"]}}}],
    }
    out = score_game(record, judge)
    zoe = out["rounds"][0]["words"]["Zoé"]
    assert (zoe["verdict"], zoe["letter_points"], zoe["bonus_points"], zoe["points"]) == ("accept", 5, 2, 7)
    assert out["rounds"][0]["words"]["Marc"]["verdict"] == "accept"


def test_proper_nouns_only_with_a_themed_card(judge):
    base = {"game": "color-words", "lang": "fr", "players": ["Zoé"], "grid": {"side": "A", "layout": "default"}}
    word = {"Zoé": {"word": "Paris", "cells": ["A1", "B1", "C1", "D1", "E1"]}}
    plain = score_game({**base, "rounds": [{"letters": {"blue": "P", "yellow": "A", "red": "R"},
                                           "bonus": {"kind": "size", "length": 5}, "words": word}]}, judge)
    themed = score_game({**base, "rounds": [{"letters": {"blue": "P", "yellow": "A", "red": "R"},
                                            "bonus": {"kind": "themed", "theme": "travel"}, "words": word}]}, judge)
    assert plain["rounds"][0]["words"]["Zoé"]["verdict"] == "reject"
    assert "proper_noun" in [r["code"] for r in plain["rounds"][0]["words"]["Zoé"]["reasons"]]
    assert themed["rounds"][0]["words"]["Zoé"]["verdict"] == "accept"
