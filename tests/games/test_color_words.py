"""Color Words: the rulebook's rules and examples, one case per line where possible."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from judge.games import color_words
from judge.games.color_words import (
    DEFAULT_LAYOUT,
    RecordError,
    load_cards,
    score_color_words,
    solo_rating,
)

# A tiny fake lexicon: the real word lists come from the lead.
COMMON = {
    "slaloms",
    "dormir",
    "océan",
    "ours",
    "chat",
    "chats",
    "rat",
    "rats",
    "lion",
    "lions",
    "ail",
    "ane",
    "âne",
    "jus",
    "nid",
    "or",
    "a",
    "y",
    "dos",
    "dot",
    "sol",
    "lot",
    "lots",
    "solde",
    "soldat",
    "soldats",
    "éléphant",
    "peut-être",
    "aujourd'hui",
    "etc.",
    "pomme de terre",
    "sel",
    "tas",
    "bol",
    "cave",
    "caves",
    "abc",
    "abcdefg",
    "banane",
    "cinéma",
}
PROPER = {"Paris", "Lyon", "Zola"}


def word_kind(word: str, lang: str) -> str:
    if word.lower() in COMMON:
        return "common"
    if word in PROPER:
        return "proper"
    return "unknown"


def any_word(word: str, lang: str) -> str:
    return "common"


def no_theme(word: str, theme: str, lang: str) -> bool | None:
    return False


NO_LETTERS = ("K", "P", "Q")  # drawn letters that the words of a test do not use


def W(word: str | None, *cells: str) -> dict[str, Any]:
    return {"word": word, "cells": list(cells)}


def R(
    words: dict[str, Any],
    bonus: dict[str, Any] | None = None,
    letters: tuple[str, str, str] = ("O", "D", "L"),
) -> dict[str, Any]:
    """A round; letters are (blue, yellow, red). The default bonus is one nobody meets here."""
    return {
        "letters": dict(zip(("blue", "yellow", "red"), letters, strict=True)),
        "bonus": bonus or {"kind": "first_letter", "letter": "J"},
        "words": words,
    }


def game(
    rounds: list[dict[str, Any]],
    players: tuple[str, ...] = ("Zoé",),
    side: str = "A",
    layout: Any = "default",
    **extra: Any,
) -> dict[str, Any]:
    return {
        "game": "color-words",
        "lang": "fr",
        "players": list(players),
        "grid": {"side": side, "layout": layout},
        "rounds": rounds,
        **extra,
    }


def score(record: dict[str, Any], *, kind=word_kind, theme=no_theme) -> dict[str, Any]:
    return score_color_words(record, word_kind=kind, fits_theme=theme)


def line_word(line: int, n: int = 7) -> dict[str, Any]:
    """A word filling line ``line`` from column A rightward over ``n`` spaces."""
    return W("abcdefg"[:n], *[f"{'ABCDEFG'[c]}{line}" for c in range(n)])


def codes(result: dict[str, Any]) -> list[str]:
    return [r["code"] for r in result["reasons"]]


# --------------------------------------------------------------------------- worked examples

SPEC_EXAMPLE = {
    "game": "color-words",
    "lang": "fr",
    "players": ["Zoé", "Marc"],
    "grid": {"side": "A", "layout": "default"},
    "rounds": [
        {
            "letters": {"blue": "O", "yellow": "D", "red": "L"},
            "bonus": {"kind": "last_letter_color", "color": "yellow"},
            "words": {
                "Zoé": {"word": "slaloms", "cells": ["A1", "B1", "C1", "C2", "D2", "D3", "E3"]},
                "Marc": {"word": "dormir", "cells": ["A1", "A2", "A3", "B3", "B4", "B5"]},
            },
        }
    ],
}


def test_game_records_example() -> None:
    out = score(SPEC_EXAMPLE)
    zoe = out["rounds"][0]["words"]["Zoé"]
    assert zoe == {
        "word": "slaloms",
        "verdict": "accept",
        "points": 7,
        "letter_points": 5,
        "bonus_points": 2,
        "reasons": [],
    }
    marc = out["rounds"][0]["words"]["Marc"]
    assert (marc["letter_points"], marc["bonus_points"]) == (2, 0)  # D on Start 1, O on yellow 1
    assert out["totals"] == {"Zoé": 7, "Marc": 2}
    assert out["finished"] is False and out["winners"] == [] and "stars" not in out
    assert out["game"] == "color-words" and out["warnings"] == []


def test_rulebook_scoring_example_second_round() -> None:
    """'slaloms' in the second round: first L 1, second L 2 (red), O 2 (blue), ends on yellow: 5 + 2 = 7."""
    record = game(
        [
            R({"Zoé": W("océan", "A1", "B1", "C1", "D1", "E1")}, letters=("K", "P", "Q")),
            R(
                {"Zoé": W("slaloms", "A2", "B2", "C2", "C3", "D3", "D4", "E4")},
                bonus={"kind": "last_letter_color", "color": "yellow"},
                letters=("O", "D", "L"),
            ),
        ]
    )
    grid = color_words.Grid("A", DEFAULT_LAYOUT)
    assert grid.color((1, 1)) != "red"  # B2: the first L
    assert (grid.color((2, 2)), grid.color((3, 2)), grid.color((4, 3))) == ("red", "blue", "yellow")
    out = score(record)
    second = out["rounds"][1]["words"]["Zoé"]
    assert (second["letter_points"], second["bonus_points"], second["points"]) == (5, 2, 7)
    assert second["verdict"] == "accept"
    assert out["totals"] == {"Zoé": 7}


# --------------------------------------------------------------------------- the grid


def test_default_layout_shape() -> None:
    assert len(DEFAULT_LAYOUT) == 6 and {len(row) for row in DEFAULT_LAYOUT} == {7}
    flat = "".join(DEFAULT_LAYOUT)
    assert flat[0] == "S" and flat.count("S") == 1
    assert sorted(flat.count(c) for c in "BYR") == [13, 14, 14]


def test_custom_layout() -> None:
    layout = ["SRR", "BBB", "YYY"]
    record = game([R({"Zoé": W("lol", "A1", "B1", "C1")}, letters=("O", "D", "L"))], layout=layout)
    word = score(record, kind=any_word)["rounds"][0]["words"]["Zoé"]
    assert word["letter_points"] == 1 + 1 + 2  # L on Start, O (blue board) on red, L on red
    off = game([R({"Zoé": W("lola", "A1", "B1", "C1", "D1")})], layout=layout)
    assert codes(score(off, kind=any_word)["rounds"][0]["words"]["Zoé"]) == ["cell_off_grid"]


# --------------------------------------------------------------------------- placement

# Round 1 writes "ours" down column A (A1-A4); round 2 is the case.
PLACEMENT_CASES = [
    # word, cells, expected codes
    ("chat", ["B3", "C3", "D3", "E3"], []),  # straight right, next to A3
    ("chat", ["A5", "A6", "B6", "C6"], []),  # down then right, below A4
    ("chat", ["B1", "B2", "C2", "C3"], []),  # staircase
    ("chat", ["C3", "D3", "E3", "F3"], ["placement_not_adjacent"]),
    ("chat", ["B5", "C5", "D5", "E5"], ["placement_not_adjacent"]),  # only diagonal to A4
    ("rat", ["B3", "C3", "C2"], ["placement_goes_up"]),
    ("rat", ["B4", "B5", "A5"], ["placement_goes_left"]),
    ("rat", ["B3", "D3", "E3"], ["placement_not_contiguous"]),  # a jump
    ("rat", ["B3", "C4", "D4"], ["placement_not_contiguous"]),  # diagonal
    ("rat", ["A4", "B4", "C4"], ["cell_taken"]),  # starts on a filled space
    ("rat", ["A5", "A6", "A7"], ["cell_off_grid"]),
    ("chats", ["B1", "C1", "D1", "E1", "F1", "G1", "H1"][:5], []),
    ("soldats", ["B1", "C1", "D1", "E1", "F1", "G1", "H1"], ["cell_off_grid"]),
    ("rat", ["B3", "C3", "D3", "E3"], ["length_mismatch"]),
    ("rats", ["B3", "C3", "D3"], ["length_mismatch"]),
]


@pytest.mark.parametrize("word,cells,expected", PLACEMENT_CASES)
def test_placement(word: str, cells: list[str], expected: list[str]) -> None:
    record = game([R({"Zoé": W("ours", "A1", "A2", "A3", "A4")}), R({"Zoé": W(word, *cells)})])
    out = score(record)
    assert out["rounds"][0]["words"]["Zoé"]["verdict"] == "accept"
    result = out["rounds"][1]["words"]["Zoé"]
    assert codes(result) == expected
    assert result["verdict"] == ("accept" if not expected else "reject")
    if expected:
        assert result["points"] == result["letter_points"] == result["bonus_points"] == 0


@pytest.mark.parametrize(
    "cells,expected",
    [
        (["A1", "B1", "C1"], []),
        (["B1", "C1", "D1"], ["placement_not_on_start"]),
        (["A2", "A3", "A4"], ["placement_not_on_start"]),
    ],
)
def test_first_round_starts_on_start(cells: list[str], expected: list[str]) -> None:
    out = score(game([R({"Zoé": W("rat", *cells)})]))
    assert codes(out["rounds"][0]["words"]["Zoé"]) == expected


def test_refused_word_fills_no_cells() -> None:
    record = game(
        [
            R({"Zoé": W("xyzzy", "A1", "B1", "C1", "D1", "E1")}),  # not a word: nothing written
            R({"Zoé": W("chat", "A1", "B1", "C1", "D1")}),  # grid still empty: start on A1 again
            R({"Zoé": W("rat", "A1", "A2", "A3")}),  # A1 now taken
        ]
    )
    out = score(record)
    assert codes(out["rounds"][0]["words"]["Zoé"]) == ["not_a_word"]
    assert out["rounds"][1]["words"]["Zoé"]["verdict"] == "accept"
    assert codes(out["rounds"][2]["words"]["Zoé"]) == ["cell_taken"]
    assert out["empty_cells"] == {"Zoé": 42 - 4}


def test_several_reasons_are_all_given() -> None:
    out = score(game([R({"Zoé": W("xyzzy", "B1", "B2", "A2", "A3", "A4")})]))
    assert codes(out["rounds"][0]["words"]["Zoé"]) == [
        "placement_not_on_start",
        "placement_goes_left",
        "not_a_word",
    ]


# --------------------------------------------------------------------------- word validity

VALIDITY_CASES = [
    # word, bonus, expected codes
    ("chat", None, []),
    ("CHAT", None, []),  # written in capitals on the grid
    ("xyzzy", None, ["not_a_word"]),
    ("Paris", None, ["proper_noun"]),
    ("Paris", {"kind": "themed", "theme": "travel"}, []),
    ("peut-être", None, ["has_hyphen_or_apostrophe"]),
    ("aujourd'hui", None, ["has_hyphen_or_apostrophe"]),
    ("aujourd’hui", None, ["has_hyphen_or_apostrophe"]),
    ("etc.", None, ["abbreviation"]),
    ("pomme de terre", None, ["not_one_word"]),
    ("r2d2", None, ["not_a_word"]),
]


@pytest.mark.parametrize("word,bonus,expected", VALIDITY_CASES)
def test_word_validity(word: str, bonus: dict[str, Any] | None, expected: list[str]) -> None:
    n = sum(ch.isalpha() for ch in word)
    cells = ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "G2", "G3", "G4", "G5", "G6"][:n]
    out = score(game([R({"Zoé": W(word, *cells)}, bonus=bonus)]))
    assert codes(out["rounds"][0]["words"]["Zoé"]) == expected


@pytest.mark.parametrize("entry", [None, W(None), W(""), {"word": "  "}])
def test_missing_word_scores_zero(entry: Any) -> None:
    out = score(game([R({"Zoé": entry})], players=("Zoé", "Marc")))
    for player in ("Zoé", "Marc"):  # Marc is absent from "words" altogether
        result = out["rounds"][0]["words"][player]
        assert result["word"] is None and result["points"] == 0 and codes(result) == ["no_word"]


def test_word_kind_must_answer_one_of_three() -> None:
    with pytest.raises(ValueError):
        score(game([R({"Zoé": W("chat", "A1", "B1", "C1", "D1")})]), kind=lambda w, lang: "maybe")


# --------------------------------------------------------------------------- letter points

LETTER_CASES = [
    # word, cells, letters (blue, yellow, red), letter points
    ("lot", ["A1", "B1", "C1"], ("O", "D", "L"), 1 + 2 + 0),  # L on Start 1, O on blue B1 2
    ("dot", ["A1", "A2", "A3"], ("O", "D", "L"), 1 + 1 + 0),  # O on yellow A2: 1
    ("dos", ["A1", "B1", "B2"], ("O", "D", "L"), 1 + 2 + 0),
    (
        "éléphant",
        ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "G2"],
        ("E", "P", "T"),
        1 + 1 + 1 + 1,
    ),  # é Start, é yellow, p red, t blue
    ("cinéma", ["A1", "A2", "A3", "A4", "A5", "A6"], ("E", "A", "N"), 2 + 2 + 1),  # n red, é blue, a red
]


@pytest.mark.parametrize("word,cells,letters,expected", LETTER_CASES)
def test_letter_points(word: str, cells: list[str], letters: tuple[str, str, str], expected: int) -> None:
    out = score(game([R({"Zoé": W(word, *cells)}, letters=letters)]))
    result = out["rounds"][0]["words"]["Zoé"]
    assert result["verdict"] == "accept"
    assert result["letter_points"] == expected


def test_sol_counts_only_drawn_letters() -> None:
    # s A1 (not drawn), o B1 blue (O blue: 2), l C1 yellow (L red: 1)
    out = score(game([R({"Zoé": W("sol", "A1", "B1", "C1")})]))
    assert out["rounds"][0]["words"]["Zoé"]["letter_points"] == 3


def test_same_letter_on_two_boards_warns_and_scores_best_colour() -> None:
    out = score(game([R({"Zoé": W("lot", "A1", "B1", "C1")}, letters=("O", "O", "L"))]))
    assert out["rounds"][0]["words"]["Zoé"]["letter_points"] == 1 + 2
    assert any("two boards" in w for w in out["warnings"])


# --------------------------------------------------------------------------- bonus cards

BONUS_CASES = [
    # bonus, word, cells, bonus points
    ({"kind": "first_letter", "letter": "A"}, "ail", ["A1", "B1", "C1"], 3),
    ({"kind": "first_letter", "letter": "A"}, "âne", ["A1", "B1", "C1"], 3),  # accents folded
    ({"kind": "first_letter", "letter": "a", "points": 3}, "ail", ["A1", "B1", "C1"], 3),
    ({"kind": "first_letter", "letter": "J"}, "jus", ["A1", "B1", "C1"], 4),
    ({"kind": "first_letter", "letter": "N"}, "jus", ["A1", "B1", "C1"], 0),
    ({"kind": "last_letter_color", "color": "yellow"}, "rat", ["A1", "B1", "C1"], 2),  # C1 yellow
    ({"kind": "last_letter_color", "color": "blue"}, "rat", ["A1", "B1", "C1"], 0),
    ({"kind": "last_letter_color", "color": "blue"}, "a", ["A1"], 0),  # Start has no colour
    ({"kind": "straight_line", "direction": "right"}, "chat", ["A1", "B1", "C1", "D1"], 2),
    ({"kind": "straight_line", "direction": "down"}, "chat", ["A1", "A2", "A3", "A4"], 2),
    ({"kind": "straight_line", "direction": "down"}, "chat", ["A1", "B1", "C1", "D1"], 0),
    ({"kind": "straight_line", "direction": "right"}, "chat", ["A1", "B1", "B2", "C2"], 0),
    ({"kind": "straight_line", "direction": "right"}, "a", ["A1"], 0),  # one letter: no line
    ({"kind": "turn", "color": "blue"}, "chat", ["A1", "B1", "B2", "C2"], 2),  # turns at B1 (blue), B2
    ({"kind": "turn", "color": "yellow"}, "chat", ["A1", "B1", "B2", "C2"], 2),  # B2 yellow
    ({"kind": "turn", "color": "red"}, "chat", ["A1", "B1", "B2", "C2"], 0),
    ({"kind": "turn", "color": "red"}, "chat", ["A1", "B1", "C1", "D1"], 0),  # no turn at all
    ({"kind": "turn", "color": "red"}, "chat", ["A1", "A2", "A3", "B3"], 2),  # turn at A3 (red)
    ({"kind": "size", "length": 5}, "chats", ["A1", "B1", "C1", "D1", "E1"], 4),
    ({"kind": "size", "length": 6}, "soldat", ["A1", "B1", "C1", "D1", "E1", "F1"], 3),
    ({"kind": "size", "length": 7}, "soldats", ["A1", "B1", "C1", "D1", "E1", "F1", "G1"], 2),
    ({"kind": "size", "length": 8}, "éléphant", ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "G2"], 3),
    ({"kind": "size", "length": 9}, "éléphant", ["A1", "B1", "C1", "D1", "E1", "F1", "G1", "G2"], 0),
    ({"kind": "spaces", "spaces": {"blue": 2, "red": 1}}, "soldat", ["A1", "B1", "C1", "D1", "E1", "F1"], 3),
    ({"kind": "spaces", "spaces": {"blue": 2, "red": 1}, "points": 3}, "chat", ["A1", "B1", "C1", "D1"], 0),
    (
        {"kind": "spaces", "spaces": {"yellow": 2, "blue": 1, "red": 1}},
        "chats",
        ["A1", "B1", "C1", "D1", "E1"],
        4,
    ),
]


@pytest.mark.parametrize("bonus,word,cells,expected", BONUS_CASES)
def test_bonus_cards(bonus: dict[str, Any], word: str, cells: list[str], expected: int) -> None:
    out = score(game([R({"Zoé": W(word, *cells)}, bonus=bonus, letters=("K", "P", "Q"))]))
    result = out["rounds"][0]["words"]["Zoé"]
    assert result["verdict"] == "accept"
    assert result["bonus_points"] == expected
    assert result["points"] == result["letter_points"] + expected


@pytest.mark.parametrize(
    "answer,verdict,points", [(True, "accept", 3), (False, "accept", 0), (None, "unsure", 0)]
)
def test_themed_bonus(answer: bool | None, verdict: str, points: int) -> None:
    asked: list[tuple[str, str, str]] = []

    def fits(word: str, theme: str, lang: str) -> bool | None:
        asked.append((word, theme, lang))
        return answer

    record = game([R({"Zoé": W("ail", "A1", "B1", "C1")}, bonus={"kind": "themed", "theme": "Cuisine"})])
    out = score(record, theme=fits)
    result = out["rounds"][0]["words"]["Zoé"]
    assert asked == [("ail", "cooking", "fr")]  # the theme id of the card, whatever the record calls it
    assert (result["verdict"], result["bonus_points"]) == (verdict, points)
    assert codes(result) == (["theme_unsure"] if answer is None else [])
    assert bool(out["warnings"]) is (answer is None)
    assert out["rounds"][0]["bonus"] == {"card": "themed_cooking", "kind": "themed", "points": 3}


def test_unsure_theme_still_fills_cells() -> None:
    record = game(
        [
            R({"Zoé": W("ail", "A1", "B1", "C1")}, bonus={"kind": "themed", "theme": "cooking"}),
            R({"Zoé": W("rat", "A1", "A2", "A3")}),
        ]
    )
    out = score(record, theme=lambda w, t, lang: None)
    assert codes(out["rounds"][1]["words"]["Zoé"]) == ["cell_taken"]


@pytest.mark.parametrize(
    "theme",
    [
        "cooking",
        "Cooking",
        "Cuisine",
        "cucina",
        "Kochen",
        "Travel, geography",
        "géographie",
        "YouTube",
        "famous_characters",
    ],
)
def test_theme_names(theme: str) -> None:
    score(game([R({"Zoé": W("ail", "A1", "B1", "C1")}, bonus={"kind": "themed", "theme": theme})]))


def test_unknown_spaces_card_is_scored_with_a_warning() -> None:
    bonus = {"kind": "spaces", "spaces": {"red": 1}, "points": 3}
    out = score(game([R({"Zoé": W("chats", "A1", "B1", "C1", "D1", "E1")}, bonus=bonus)]))
    assert out["rounds"][0]["words"]["Zoé"]["bonus_points"] == 3
    assert any("Spaces card" in w for w in out["warnings"])


def test_bonus_only_for_an_accepted_word() -> None:
    out = score(
        game([R({"Zoé": W("xyzzy", "A1", "B1", "C1", "D1", "E1")}, bonus={"kind": "size", "length": 5})])
    )
    assert out["rounds"][0]["words"]["Zoé"]["points"] == 0


def test_cards_data() -> None:
    cards = load_cards()
    assert len(cards) == 36 and len({c.id for c in cards}) == 36
    by_kind: dict[str, list[int]] = {}
    for c in cards:
        by_kind.setdefault(c.kind, []).append(c.points)
    assert by_kind == {
        "themed": [3] * 12,
        "first_letter": [3, 3, 3, 4, 4, 4],
        "last_letter_color": [2] * 3,
        "straight_line": [2, 2],
        "turn": [2] * 3,
        "size": [4, 3, 2, 3, 4],
        "spaces": [3, 4, 4, 4, 3],
    }
    data = json.loads(color_words.CARDS_FILE.read_text(encoding="utf-8"))
    assert data["format"] == color_words.CARDS_FORMAT and data["version"] == color_words.CARDS_VERSION
    labels = [
        {color_words._norm_label(a) for a in (c.params["theme"], c.title or "", *c.aliases)}
        for c in cards
        if c.kind == "themed"
    ]
    assert sum(map(len, labels)) == len(set().union(*labels)), "a theme alias must name one theme only"


# --------------------------------------------------------------------------- end of the game, grid A


def full_game(lines_per_player: dict[str, int], side: str = "A", **extra: Any) -> dict[str, Any]:
    """Six rounds; each player fills lines 1..n (7 letters each) and then writes nothing."""
    rounds = []
    for r in range(6):
        rounds.append(
            R(
                {p: (line_word(r + 1) if r < n else None) for p, n in lines_per_player.items()},
                letters=NO_LETTERS,
            )
        )
    return game(rounds, players=tuple(lines_per_player), side=side, **extra)


def test_grid_a_fewest_empty_spaces_win_the_star() -> None:
    out = score(full_game({"Zoé": 6, "Marc": 5, "Ana": 6}), kind=any_word)
    assert out["finished"] is True
    assert out["empty_cells"] == {"Zoé": 0, "Marc": 7, "Ana": 0}
    assert out["stars"] == {"Zoé": 5, "Marc": 0, "Ana": 5}
    assert out["totals"] == {"Zoé": 5, "Marc": 0, "Ana": 5}
    assert out["winners"] == ["Zoé", "Ana"]  # a tie shares the win
    assert "rating" not in out and "circled_stars" not in out


@pytest.mark.parametrize("lines,last_len,star", [(5, 0, 5), (4, 7, 5), (4, 6, 0)])
def test_solo_grid_a_seven_empty_or_fewer(lines: int, last_len: int, star: int) -> None:
    record = full_game({"Zoé": lines})
    if last_len:
        record["rounds"][lines]["words"]["Zoé"] = line_word(lines + 1, last_len)
    out = score(record, kind=any_word)
    assert out["stars"] == {"Zoé": star}
    assert out["rating"] == solo_rating("A", out["totals"]["Zoé"])
    assert out["winners"] == ["Zoé"]


def test_totals_add_rounds_and_star() -> None:
    record = full_game({"Zoé": 6, "Marc": 6})
    for r in record["rounds"]:
        r["letters"] = {"blue": "A", "yellow": "K", "red": "P"}
    record["rounds"][0]["words"]["Marc"] = W("bc", "A1", "B1")  # Marc: 5 spaces fewer, 1 A fewer
    out = score(record, kind=any_word)
    # "abcdefg" along a line: only the A scores (A is on the blue board):
    # A1 Start 1, A2 yellow 1, A3 red 1, A4 blue 2, A5 yellow 1, A6 red 1
    assert out["totals"]["Zoé"] == 7 + 5
    assert out["totals"]["Marc"] == 6
    assert out["winners"] == ["Zoé"]


# --------------------------------------------------------------------------- grid B: race for the stars


def test_grid_b_race_for_the_stars() -> None:
    rounds = [
        R({"Zoé": line_word(1), "Marc": W("abc", "A1", "B1", "C1")}),  # Zoé: line 1
        R(
            {
                "Zoé": W("abcde", "A2", "A3", "A4", "A5", "A6"),  # Zoé: column A
                "Marc": W("defg", "D1", "E1", "F1", "G1"),
            }
        ),  # Marc: line 1, too late
        R(
            {
                "Zoé": W("bcdefg", "B2", "C2", "D2", "E2", "F2", "G2"),  # Zoé: line 2
                "Marc": line_word(2),
            }
        ),  # Marc: line 2, same round
        R({"Zoé": None, "Marc": None}),
        R({"Zoé": None, "Marc": None}),
        R({"Zoé": None, "Marc": None}),
    ]
    for r in rounds:
        r["letters"] = dict(zip(("blue", "yellow", "red"), NO_LETTERS, strict=True))
    out = score(game(rounds, players=("Zoé", "Marc"), side="B"), kind=any_word)
    assert out["circled_stars"] == {"Zoé": ["line 1", "column A", "line 2"], "Marc": ["line 2"]}
    assert out["stars"] == {"Zoé": 6, "Marc": 2}
    assert out["totals"] == {"Zoé": 6, "Marc": 2}


def test_grid_b_stars_count_only_at_the_end() -> None:
    out = score(game([R({"Zoé": line_word(1)}, letters=NO_LETTERS)], side="B"), kind=any_word)
    assert out["circled_stars"] == {"Zoé": ["line 1"]}
    assert "stars" not in out and out["totals"] == {"Zoé": 0} and out["rating"] is None


def test_solo_grid_b_crossed_stars() -> None:
    record = full_game(
        {"Zoé": 6}, side="B", crossed_stars=["line 2", "Column b", "column C", "line 1", None, "line 6"]
    )
    out = score(record, kind=any_word)
    # lines 1, 3, 4, 5 circled as completed; line 2 crossed before round 1; line 6 crossed before round 6;
    # columns: A..G complete after round 6, except B and C (crossed)
    assert out["circled_stars"]["Zoé"] == [
        "line 1",
        "line 3",
        "line 4",
        "line 5",
        "column A",
        "column D",
        "column E",
        "column F",
        "column G",
    ]
    assert out["stars"] == {"Zoé": 2 * 9}
    assert any("line 1 was already circled" in w for w in out["warnings"])
    assert any("crossed_stars[4]" in w for w in out["warnings"])  # null while stars were open
    assert out["rating"] == solo_rating("B", 18)


def test_solo_grid_b_without_crossed_stars_warns() -> None:
    out = score(full_game({"Zoé": 1}, side="B"), kind=any_word)
    assert sum("crossed_stars" in w for w in out["warnings"]) == 6


# --------------------------------------------------------------------------- solo rating


@pytest.mark.parametrize(
    "side,total,rating,stars",
    [
        ("A", 75, "Insensé!", 5),
        ("A", 60, "Insensé!", 5),
        ("A", 59, "Fantastique!", 4),
        ("A", 50, "Formidable!", 3),
        ("A", 45, "Bravo!", 2),
        ("A", 40, "Pas mal!", 1),
        ("A", 39, "Rejouez!", 0),
        ("A", 3, "Rejouez!", 0),
        ("B", 70, "Insensé!", 5),
        ("B", 69, "Fantastique!", 4),
        ("B", 60, "Formidable!", 3),
        ("B", 59, "Bravo!", 2),
        ("B", 50, "Pas mal!", 1),
        ("B", 49, "Rejouez!", 0),
    ],
)
def test_solo_rating(side: str, total: int, rating: str, stars: int) -> None:
    got = solo_rating(side, total)
    assert (got["rating"], got["stars"]) == (rating, stars)


# --------------------------------------------------------------------------- schema errors


def spec() -> dict[str, Any]:
    return copy.deepcopy(SPEC_EXAMPLE)


def set_at(record: dict[str, Any], path: list[Any], value: Any) -> dict[str, Any]:
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return record


SCHEMA_CASES = [
    # where to change, new value, error path
    (["game"], "category", "game"),
    (["lang"], "", "lang"),
    (["players"], [], "players"),
    (["players"], ["Zoé", "Zoé"], "players[1]"),
    (["players"], ["Zoé", 3], "players[1]"),
    (["rules"], {"timer": 60}, "rules.timer"),
    (["grid"], {"layout": "default"}, "grid.side"),
    (["grid", "side"], "C", "grid.side"),
    (["grid", "layout"], "big", "grid.layout"),
    (["grid", "layout"], ["SBY", "BY"], "grid.layout[1]"),
    (["grid", "layout"], ["SBX", "BYR"], "grid.layout[0]"),
    (["grid", "layout"], ["BSY", "BYR"], "grid.layout[0]"),
    (["grid", "layout"], ["SBY", "BSR"], "grid.layout[1]"),
    (["grid", "colour"], "blue", "grid.colour"),
    (["rounds"], {}, "rounds"),
    (["rounds", 0, "letters"], {"blue": "O", "yellow": "D"}, "rounds[0].letters.red"),
    (["rounds", 0, "letters", "blue"], "OO", "rounds[0].letters.blue"),
    (["rounds", 0, "letters", "blue"], "4", "rounds[0].letters.blue"),
    (["rounds", 0, "letters", "green"], "G", "rounds[0].letters.green"),
    (["rounds", 0, "bonus"], {"kind": "double"}, "rounds[0].bonus.kind"),
    (["rounds", 0, "bonus"], {"kind": "size"}, "rounds[0].bonus.length"),
    (["rounds", 0, "bonus"], {"kind": "size", "length": 4}, "rounds[0].bonus.length"),
    (["rounds", 0, "bonus"], {"kind": "size", "length": 5, "points": 2}, "rounds[0].bonus.points"),
    (["rounds", 0, "bonus"], {"kind": "first_letter", "letter": "Z"}, "rounds[0].bonus.letter"),
    (["rounds", 0, "bonus"], {"kind": "first_letter", "letter": "J", "points": 3}, "rounds[0].bonus.points"),
    (["rounds", 0, "bonus"], {"kind": "themed", "theme": "Politics"}, "rounds[0].bonus.theme"),
    (["rounds", 0, "bonus"], {"kind": "turn", "color": "green"}, "rounds[0].bonus.color"),
    (["rounds", 0, "bonus"], {"kind": "straight_line", "direction": "up"}, "rounds[0].bonus.direction"),
    (
        ["rounds", 0, "bonus"],
        {"kind": "last_letter_color", "color": "red", "extra": 1},
        "rounds[0].bonus.extra",
    ),
    (["rounds", 0, "bonus"], {"kind": "spaces", "spaces": {"red": 1}}, "rounds[0].bonus.points"),
    (["rounds", 0, "bonus"], {"kind": "spaces", "spaces": {"red": 1}, "points": 5}, "rounds[0].bonus.points"),
    (
        ["rounds", 0, "bonus"],
        {"kind": "spaces", "spaces": {"red": 0}, "points": 3},
        "rounds[0].bonus.spaces.red",
    ),
    (
        ["rounds", 0, "bonus"],
        {"kind": "spaces", "spaces": {"pink": 1}, "points": 3},
        "rounds[0].bonus.spaces.pink",
    ),
    (
        ["rounds", 0, "bonus"],
        {"kind": "spaces", "spaces": {"blue": 2, "red": 1}, "points": 4},
        "rounds[0].bonus.points",
    ),
    (["rounds", 0, "words", "Bob"], W("rat", "A1", "B1", "C1"), "rounds[0].words.Bob"),
    (["rounds", 0, "words", "Marc", "cells", 2], "33", "rounds[0].words.Marc.cells[2]"),
    (["rounds", 0, "words", "Marc", "cells", 2], 3, "rounds[0].words.Marc.cells[2]"),
    (["rounds", 0, "words", "Marc", "cells"], "A1", "rounds[0].words.Marc.cells"),
    (["rounds", 0, "words", "Marc", "word"], 7, "rounds[0].words.Marc.word"),
    (["rounds", 0, "words", "Marc", "circled"], True, "rounds[0].words.Marc.circled"),
    (["rounds", 0, "words", "Marc"], {"cells": ["A1"]}, "rounds[0].words.Marc.word"),
    (["rounds", 0, "words", "Marc"], {"word": "", "cells": ["A1"]}, "rounds[0].words.Marc.word"),
    (["crossed_stars"], ["line 1"], "crossed_stars"),  # not solo
]


@pytest.mark.parametrize("where,value,path", SCHEMA_CASES)
def test_schema_errors_name_the_path(where: list[Any], value: Any, path: str) -> None:
    with pytest.raises(RecordError) as caught:
        score(set_at(spec(), where, value))
    assert caught.value.path == path
    assert str(caught.value).startswith(path + ": ")


def test_error_message_example() -> None:
    record = spec()
    record["rounds"].append(
        R({"Zoé": W("chat", "F1", "F2", "F3", "F4"), "Marc": W("chat", "C5", "C6", "D6x", "E6")})
    )
    with pytest.raises(RecordError) as caught:
        score(record)
    assert str(caught.value) == 'rounds[1].words.Marc.cells[2]: expected a cell name like "B3"'
    assert isinstance(caught.value, ValueError) and caught.value.message == 'expected a cell name like "B3"'


def test_not_an_object() -> None:
    with pytest.raises(RecordError):
        score([])  # type: ignore[arg-type]


def test_at_most_six_rounds() -> None:
    record = full_game({"Zoé": 0})
    record["rounds"].append(R({}))
    with pytest.raises(RecordError) as caught:
        score(record)
    assert caught.value.path == "rounds[6]"


@pytest.mark.parametrize(
    "crossed,path",
    [
        (["row 3"], "crossed_stars[0]"),
        (["line 1", "column Z"], "crossed_stars[1]"),
        (["line 7"], "crossed_stars[0]"),
        ("line 1", "crossed_stars"),
        ([None] * 7, "crossed_stars[6]"),
    ],
)
def test_crossed_stars_notation(crossed: Any, path: str) -> None:
    with pytest.raises(RecordError) as caught:
        score(full_game({"Zoé": 1}, side="B", crossed_stars=crossed), kind=any_word)
    assert caught.value.path == path


def test_unknown_top_level_field_is_a_warning() -> None:
    record = spec()
    record["date"] = "2024-05-01"
    assert any("date" in w for w in score(record)["warnings"])


def test_player_names_that_are_not_identifiers() -> None:
    record = game([R({"Zoé B.": W("chat", "A1", "B1", "C1", "D1x")})], players=("Zoé B.",))
    with pytest.raises(RecordError) as caught:
        score(record)
    assert caught.value.path == 'rounds[0].words["Zoé B."].cells[3]'
