"""Category (the 5x5 marble board game) scored by the real referee.

The board of the rulebook's worked example: categories x letters, the marbles
placed so that the example's words take the points the rulebook lists.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge import Judge, RecordError
from judge.games import score_game

CATEGORIES = ["Fiori", "Città", "Verbi", "Fiumi", "Animali"]
LETTERS = ["R", "M", "D", "C", "S"]
#              R         M         D         C         S
MARBLES = [["yellow", "white", "yellow", "blue", "white"],  # Fiori
           ["blue", "blue", "white", "yellow", "white"],  # Città
           ["yellow", "white", "yellow", "blue", "yellow"],  # Verbi
           ["white", "blue", "blue", "yellow", "blue"],  # Fiumi
           ["blue", "white", "white", "blue", "yellow"]]  # Animali: 9 blue, 8 yellow, 8 white


def w(word: str, category: str, letter: str | None = None, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"word": word, "category": category, **extra}
    if letter is not None:
        out["letter"] = letter
    return out


def turn(player: str, *words: dict[str, Any]) -> dict[str, Any]:
    return {"player": player, "words": list(words)}


def board(*turns: dict[str, Any], marbles: list[list[str]] | None = None) -> dict[str, Any]:
    return copy.deepcopy({"categories": CATEGORIES, "letters": LETTERS, "marbles": marbles or MARBLES,
                          "turns": list(turns)})


def game(*rounds: dict[str, Any], players: tuple[str, ...] = ("Anna", "Bruno", "Carla"), **rules: Any):
    out: dict[str, Any] = {"game": "category", "lang": "it", "players": list(players), "rounds": list(rounds)}
    if rules:
        out["rules"] = rules
    return out


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge()


# -- The rulebook's example of play --------------------------------------------------------------
FIRST = turn("Anna", w("Rosa", "Fiori", "R"), w("Mosca", "Città", "M"),
             w("Dormire", "Verbi", "D"), w("Dalia", "Fiori", "D"))
SECOND = turn("Bruno", w("Rodano", "Fiumi", "R"), w("Roma", "Città", "R"), w("Mangiare", "Verbi", "M"),
              w("Russare", "Verbi", "R"), w("Colonia", "Città", "C"))


def test_rulebook_example_of_play(judge: Judge) -> None:
    result = score_game(game(board(FIRST, SECOND)), judge)
    first, second = result["rounds"][0]["turns"]
    assert [x["points"] for x in first["words"]] == [2, 3, 2, 2]
    assert first["points"] == 9
    assert [x["points"] for x in second["words"]] == [1, 3, 1, 2, 2]
    assert second["points"] == 9
    assert [x["marble"] for x in second["words"]] == ["white", "blue", "white", "yellow", "yellow"]
    assert all(x["verdict"] == "accept" for x in first["words"] + second["words"])
    # judged by the referee alone: no ruling in the record
    assert [x["referee"] for x in first["words"] + second["words"]] == ["accept"] * 9
    assert result["rounds"][0]["scores"] == {"Anna": 9, "Bruno": 9, "Carla": 0}
    assert result["warnings"] == []


def test_the_second_player_can_no_longer_use_those_intersections(judge: Judge) -> None:
    late = turn("Bruno", w("Rosa", "Fiori", "R"), w("Dalia", "Fiori"), w("Ranuncolo", "Fiori", "R"))
    words = score_game(game(board(FIRST, late)), judge)["rounds"][0]["turns"][1]["words"]
    assert [(x["verdict"], x["points"]) for x in words] == [("accept", 0), ("accept", 0), ("accept", 0)]
    assert all("intersection_taken" in [r["code"] for r in x["reasons"]] for x in words)


# -- Words: the referee, the table's ruling, the letter -------------------------------------------
WORD_CASES = [
    # word, category, letter, extra, verdict, points, a reason code
    ("Rosa", "Fiori", "R", {}, "accept", 2, "in_category"),
    ("Rosa", "fiori", None, {}, "accept", 2, "in_category"),  # letter omitted: its key letter
    ("Il Reno", "Fiumi", None, {}, "accept", 1, "article_skipped"),  # articles never carry it
    ("Rosa", "Fiori", "R", {"ruling": "reject"}, "reject", 0, "table_ruling"),
    ("Roma", "Fiori", "R", {}, "reject", 0, "not_in_category"),
    ("Roma", "Fiori", "R", {"ruling": "accept"}, "accept", 2, "table_ruling"),
    ("Dalia", "Fiori", "R", {}, "reject", 0, "wrong_letter"),
    ("Rosa", "Fiori", "B", {}, "reject", 0, "not_on_board"),
    ("Rosa", "Colori", "R", {}, "reject", 0, "not_on_board"),
    ("Zucca", "Fiori", None, {}, "reject", 0, "not_on_board"),
]


@pytest.mark.parametrize("word,category,letter,extra,verdict,points,code", WORD_CASES)
def test_claimed_words(judge: Judge, word: str, category: str, letter: str | None, extra: dict[str, Any],
                       verdict: str, points: int, code: str) -> None:
    result = score_game(game(board(turn("Anna", w(word, category, letter, **extra)))), judge)
    out = result["rounds"][0]["turns"][0]["words"][0]
    assert (out["verdict"], out["points"]) == (verdict, points)
    assert code in [r["code"] for r in out["reasons"]]


def test_table_ruling_is_shown_beside_the_referee(judge: Judge) -> None:
    out = score_game(game(board(turn("Anna", w("Roma", "Fiori", "R", ruling="accept")))), judge)
    word = out["rounds"][0]["turns"][0]["words"][0]
    assert (word["verdict"], word["referee"]) == ("accept", "reject")


# -- Marbles ---------------------------------------------------------------------------------------
def test_colour_names_in_italian_and_english(judge: Judge) -> None:
    italian = [[{"white": "bianco", "yellow": "giallo", "blue": "blu"}[c] for c in row] for row in MARBLES]
    english = score_game(game(board(FIRST, SECOND)), judge)
    assert score_game(game(board(FIRST, SECOND, marbles=italian)), judge)["totals"] == english["totals"]


def test_another_marble_mix_is_a_warning(judge: Judge) -> None:
    marbles = copy.deepcopy(MARBLES)
    marbles[4][4] = "blue"
    result = score_game(game(board(FIRST, marbles=marbles)), judge)
    assert result["warnings"] == ["rounds[0].marbles: 10 blue, 7 yellow, 8 white; "
                                  "the box holds 9 blue, 8 yellow, 8 white"]


# -- Passing and the end of a round ----------------------------------------------------------------
def test_everyone_passing_in_a_row_ends_the_round(judge: Judge) -> None:
    rnd = board(FIRST, turn("Bruno"), turn("Carla"), turn("Anna"), turn("Bruno", w("Roma", "Città", "R")))
    rnd["turns"][1:4] = [turn("Bruno"), turn("Carla"), turn("Anna")]
    result = score_game(game(rnd), judge)["rounds"][0]
    assert result["ended_by"] == "all_passed"
    assert result["turns"][4]["points"] == 0
    assert result["turns"][4]["reasons"][0]["code"] == "ignored"


def test_a_player_who_passed_plays_again(judge: Judge) -> None:
    rnd = board(turn("Anna"), turn("Bruno"), turn("Carla", w("Roma", "Città", "R")), turn("Anna", w("Rosa", "Fiori")))
    result = score_game(game(rnd), judge)
    assert result["rounds"][0]["scores"] == {"Anna": 2, "Bruno": 0, "Carla": 3}
    assert result["rounds"][0]["ended_by"] == "record_ends"
    assert result["finished"] is False


def test_empty_board_ends_the_round(judge: Judge) -> None:
    words = [w(f"{letter}ossa", category, letter, ruling="accept") for category in CATEGORIES for letter in LETTERS]
    rnd = board(turn("Anna", *words[:13]), turn("Bruno", *words[13:]), turn("Carla", w("Roma", "Città")))
    result = score_game(game(rnd), judge)["rounds"][0]
    assert result["ended_by"] == "board_empty"
    assert sum(result["scores"].values()) == 9 * 3 + 8 * 2 + 8 * 1
    assert result["turns"][2]["reasons"][0]["code"] == "ignored"


def test_out_of_turn_play_is_a_warning(judge: Judge) -> None:
    result = score_game(game(board(turn("Anna"), turn("Carla"))), judge)
    assert result["warnings"] == ["rounds[0].turns[1].player: Carla played, but clockwise it was Bruno's turn"]


# -- Rounds and the end of the game -----------------------------------------------------------------
def test_lowest_total_starts_the_next_round(judge: Judge) -> None:
    first = board(FIRST, SECOND, turn("Carla", w("Sole", "Fiori", "S", ruling="accept")))
    result = score_game(game(first, board(turn("Carla"))), judge)
    assert result["rounds"][0]["next_starter"] == "Carla"
    assert result["warnings"] == []
    result = score_game(game(first, board(turn("Anna"))), judge)
    assert result["warnings"] == ["rounds[1].turns[0].player: Anna started, but the lowest total (1) belongs to "
                                  "Carla"]


def test_the_game_ends_the_moment_a_total_exceeds_the_target(judge: Judge) -> None:
    result = score_game(game(board(FIRST, SECOND), board(turn("Carla")), target=8), judge)
    assert result["rounds"][0]["ended_by"] == "target_reached"
    assert result["rounds"][0]["turns"][1]["reasons"][0]["code"] == "ignored"
    assert result["rounds"][1]["ignored"] is True
    assert (result["winners"], result["finished"], result["totals"]) == (["Anna"], True,
                                                                         {"Anna": 9, "Bruno": 0, "Carla": 0})


def test_reaching_the_target_exactly_is_not_enough(judge: Judge) -> None:
    result = score_game(game(board(FIRST), target=9), judge)
    assert (result["finished"], result["winners"]) == (False, [])


def test_default_target_is_100(judge: Judge) -> None:
    result = score_game(game(board(FIRST, SECOND)), judge)
    assert result["rules"]["target"] == 100
    assert result["finished"] is False


@pytest.mark.parametrize("rounds,winners", [(1, ["Anna", "Bruno"]), (2, ["Anna"])])
def test_timed_variant_plays_a_set_number_of_rounds(judge: Judge, rounds: int, winners: list[str]) -> None:
    second = board(turn("Carla"), turn("Anna", w("Rosa", "Fiori")))
    result = score_game(game(board(FIRST, SECOND), second, rounds=rounds), judge)
    assert (result["finished"], result["winners"]) == (True, winners)


def test_teams_play_as_players(judge: Judge) -> None:
    result = score_game(game(board(turn("Rossi & Co.", *FIRST["words"]), turn("I Verdi", *SECOND["words"])),
                             players=("Rossi & Co.", "I Verdi")), judge)
    assert result["totals"] == {"Rossi & Co.": 9, "I Verdi": 9}


# -- Broken records ---------------------------------------------------------------------------------
BROKEN = [
    (lambda g: g["rounds"][0]["marbles"][2].__setitem__(4, "green"), "rounds[0].marbles[2][4]", "marble colour"),
    (lambda g: g["rounds"][0]["marbles"].pop(), "rounds[0].marbles", "at least 5"),
    (lambda g: g["rounds"][0]["categories"].pop(), "rounds[0].categories", "at least 5"),
    (lambda g: g["rounds"][0]["letters"].__setitem__(1, "7"), "rounds[0].letters[1]", "single letter"),
    (lambda g: g["rounds"][0]["turns"][0].__setitem__("player", "Dario"), "rounds[0].turns[0].player",
     "unknown player"),
    (lambda g: g["rounds"][0]["turns"][0]["words"][1].pop("category"), "rounds[0].turns[0].words[1].category",
     "required"),
    (lambda g: g["rounds"][0]["turns"][0]["words"][1].__setitem__("ruling", "maybe"),
     "rounds[0].turns[0].words[1].ruling", "expected one of"),
    (lambda g: g.__setitem__("rules", {"target": 0}), "rules.target", ">= 1"),
    (lambda g: g.__setitem__("rules", {"players": 4}), "rules.players", "unknown field"),
]


@pytest.mark.parametrize("change,path,message", BROKEN)
def test_broken_record_names_the_first_problem(judge: Judge, change: Any, path: str, message: str) -> None:
    record = game(board(copy.deepcopy(FIRST)))
    change(record)
    with pytest.raises(RecordError) as caught:
        score_game(record, judge)
    assert caught.value.path == path
    assert message in caught.value.message
