"""Scattergories records scored by the real referee (the compiled lexicons ship in the repo).

Words were picked so that the referee's own verdict is clear; where a test needs the
table to disagree with it, the record carries a challenge, as a real table would.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge import Judge, RecordError
from judge.games import score_game

CATS = ["A boy's name", "U.S. cities", "Animals", "Fruits"]


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge()


def record(rounds: list[dict[str, Any]], /, *, players=("ann", "ben", "cat"), categories=CATS, lang="en",
           **rules: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"game": "scattergories", "lang": lang, "players": list(players),
                           "categories": list(categories), "rounds": rounds}
    if rules:
        out["rules"] = rules
    return out


def rnd(letter: str, challenges: list[dict[str, Any]] | None = None, **answers: list[str | None]) -> dict[str, Any]:
    out: dict[str, Any] = {"letter": letter, "answers": answers}
    if challenges:
        out["challenges"] = challenges
    return out


def points(result: dict[str, Any], r: int, player: str) -> list[int]:
    return [c["points"] for c in result["rounds"][r]["answers"][player]]


def codes(result: dict[str, Any], r: int, player: str, i: int) -> list[str]:
    return [x["code"] for x in result["rounds"][r]["answers"][player][i]["reasons"]]


# -- A whole game: three players, three rounds --------------------------------------------------
GAME = record([
    rnd("B",
        ann=["Ben", "Boston", "Bear", "Banana"],
        ben=["Bruno", "boston", "Bison", "Blueberry"],  # boston = Boston: both cancel
        cat=["Bruno", "Baltimore", "Beavers", None]),  # Bruno twice; a blank
    rnd("P", [{"player": "ann", "category": 2, "votes": {"ann": True, "ben": False}}],  # a tie rejects
        ann=["Patrick", "Portland", "Penguin", "Pear"],
        ben=["Paul", "Phoenix", "Phoenix", "Peach"],  # Phoenix twice on one sheet
        cat=["Paul", "Pittsburgh", "Panda", "Pear"]),
    rnd("C",
        ann=["Carl", "Chicago", "Cat", "Cherry"],
        ben=["Charles", "Cleveland", "Cats", "Coconut"],  # Cats = Cat (plural)
        cat=["Chris", "Chicago", "Camel", "Date"]),  # Date: wrong letter
])


def test_three_player_three_round_game(judge: Judge) -> None:
    result = score_game(copy.deepcopy(GAME), judge)
    assert [r["scores"] for r in result["rounds"]] == [
        {"ann": 3, "ben": 2, "cat": 2},
        {"ann": 2, "ben": 2, "cat": 2},
        {"ann": 2, "ben": 3, "cat": 2},
    ]
    assert points(result, 0, "ann") == [1, 0, 1, 1]
    assert points(result, 1, "ben") == [0, 1, 0, 1]
    assert result["totals"] == {"ann": 7, "ben": 7, "cat": 6}
    assert result["winners"] == ["ann", "ben"]
    assert result["tiebreak_needed"] is True
    assert result["finished"] is True
    assert result["warnings"] == []


@pytest.mark.parametrize("r,player,i,code,dupes", [
    (0, "ann", 1, "duplicate", ["ben"]),  # Boston / boston
    (0, "ben", 0, "duplicate", ["cat"]),  # Bruno / Bruno
    (0, "cat", 3, "blank", []),
    (1, "ann", 2, "challenge_upheld", []),  # 1 to 1: a tie rejects
    (1, "ann", 3, "duplicate", ["cat"]),  # Pear / Pear
    (1, "ben", 2, "repeated_on_sheet", []),  # Phoenix already on ben's sheet
    (2, "ben", 2, "duplicate", ["ann"]),  # Cats / Cat
    (2, "cat", 3, "wrong_letter", []),  # Date under C
])
def test_why_an_answer_scores_nothing(judge: Judge, r: int, player: str, i: int, code: str,
                                      dupes: list[str]) -> None:
    result = score_game(copy.deepcopy(GAME), judge)
    cell = result["rounds"][r]["answers"][player][i]
    assert code in codes(result, r, player, i)
    assert cell["points"] == 0
    assert cell["duplicates"] == dupes


def test_tied_challenge_shows_both_verdicts(judge: Judge) -> None:
    cell = score_game(copy.deepcopy(GAME), judge)["rounds"][1]["answers"]["ann"][2]
    assert (cell["verdict"], cell["referee"]) == ("reject", "accept")
    assert cell["challenge"] == {"votes_for": 1, "votes_against": 1, "outcome": "reject"}
    assert "a tie rejects" in cell["reasons"][-1]["message"]


def test_repeated_answer_first_one_counts(judge: Judge) -> None:
    result = score_game(copy.deepcopy(GAME), judge)
    first, later = result["rounds"][1]["answers"]["ben"][1:3]
    assert (first["answer"], first["points"]) == ("Phoenix", 1)
    assert (later["answer"], later["verdict"], later["points"]) == ("Phoenix", "reject", 0)


def test_a_challenge_does_not_revive_a_repeated_answer(judge: Judge) -> None:
    rec = record([rnd("B", [{"player": "ann", "category": 1, "votes": {"ann": True, "ben": True}}],
                      ann=["Boston", "Boston"], ben=["Ben", None])], players=("ann", "ben"),
                 categories=["U.S. cities", "Things that are cold"])
    assert points(score_game(rec, judge), 0, "ann") == [1, 0]


def test_a_further_round_breaks_the_tie(judge: Judge) -> None:
    game = copy.deepcopy(GAME)
    game["rounds"].append(rnd("T", ann=["Tim", None, None, None], ben=["Thomas", "Tampa", None, None],
                              cat=["Tim", "Tucson", "Tiger", "Tangerine"]))
    result = score_game(game, judge)
    assert result["rounds"][3]["scores"] == {"ann": 0, "ben": 2, "cat": 3}
    assert result["rounds"][3]["tiebreak"] is True
    assert result["winners"] == ["ben"]  # cat's 3 does not count: cat was not tied
    assert result["tiebreak_needed"] is False
    assert result["totals"] == {"ann": 7, "ben": 7, "cat": 6}  # tie-break points count for no total


def test_a_tie_break_round_that_ties_again_still_needs_one(judge: Judge) -> None:
    game = copy.deepcopy(GAME)
    game["rounds"].append(rnd("T", ann=["Tim"], ben=["Thomas"], cat=[]))
    result = score_game(game, judge)
    assert (result["winners"], result["tiebreak_needed"]) == (["ann", "ben"], True)


def test_rounds_after_a_clear_win_are_a_warning(judge: Judge) -> None:
    result = score_game(record([rnd("B", ann=["Ben"]), rnd("T", ben=["Tim"])], players=("ann", "ben"), rounds=1),
                        judge)
    assert (result["winners"], result["totals"]) == (["ann"], {"ann": 1, "ben": 0})
    assert result["warnings"][-1] == "rounds: 1 round(s) after the 1 regular ones, with no tie to break: not counted"


def test_unfinished_game_has_no_winner(judge: Judge) -> None:
    result = score_game(record(GAME["rounds"][:2]), judge)
    assert (result["finished"], result["winners"], result["tiebreak_needed"]) == (False, [], False)
    assert result["totals"] == {"ann": 5, "ben": 4, "cat": 4}


def test_rules_rounds_sets_the_regular_rounds(judge: Judge) -> None:
    result = score_game(record(GAME["rounds"][:1], rounds=1), judge)
    assert (result["finished"], result["winners"]) == (True, ["ann"])


def test_a_letter_rolled_twice_is_a_warning(judge: Judge) -> None:
    result = score_game(record([rnd("B", ann=["Ben"]), rnd("b", ann=["Bruno"])], players=("ann",)), judge)
    assert result["warnings"] == ["rounds[1].letter: B was already rolled in round 1 (the die is rerolled in play)"]
    assert result["totals"] == {"ann": 2}


def test_missing_sheet_counts_as_blank_with_a_warning(judge: Judge) -> None:
    result = score_game(record([rnd("B", ann=["Ben"])], players=("ann", "ben")), judge)
    assert result["rounds"][0]["scores"] == {"ann": 1, "ben": 0}
    assert result["warnings"] == ["rounds[0].answers: no sheet for ben (counted as blank)"]


# -- Challenges -----------------------------------------------------------------------------
CHALLENGE_CASES = [
    # votes on ann's "Penguin" (the referee accepts it),     tie rule, verdict
    ({"ben": True, "cat": True, "dan": False}, "reject", "accept"),
    ({"ben": False, "cat": False, "dan": True}, "reject", "reject"),
    ({"ann": True, "ben": False}, "reject", "reject"),  # a tie rejects
    ({"ann": True, "ben": False}, "hasbro", "reject"),  # the challenged player's vote is dropped: 0 to 1
    ({"ann": False, "ben": True, "cat": True, "dan": False}, "hasbro", "accept"),  # dropped: 2 to 1
    ({"ann": False, "ben": True, "cat": True, "dan": False}, "reject", "reject"),
    ({"ben": True, "dan": False}, "hasbro", "reject"),  # ann did not vote: the tie stands
]


@pytest.mark.parametrize("votes,tie_rule,verdict", CHALLENGE_CASES)
def test_challenge_votes(judge: Judge, votes: dict[str, bool], tie_rule: str, verdict: str) -> None:
    rec = record([rnd("P", [{"player": "ann", "category": 0, "votes": votes}], ann=["Penguin"])],
                 players=("ann", "ben", "cat", "dan"), categories=["Animals"], tie_rule=tie_rule)
    cell = score_game(rec, judge)["rounds"][0]["answers"]["ann"][0]
    assert (cell["verdict"], cell["points"]) == (verdict, 1 if verdict == "accept" else 0)
    assert cell["referee"] == "accept"


# -- Unsure answers ---------------------------------------------------------------------------
@pytest.mark.parametrize("unsure,expected", [(None, 1), ("accept", 1), ("reject", 0)])
def test_unsure_answers_score_as_the_rules_say(judge: Judge, unsure: str | None, expected: int) -> None:
    rules = {"unsure": unsure} if unsure else {}
    rec = record([rnd("S", ann=["Snowman"])], players=("ann",), categories=["Things that are cold"], **rules)
    cell = score_game(rec, judge)["rounds"][0]["answers"]["ann"][0]
    assert (cell["verdict"], cell["points"]) == ("unsure", expected)
    assert "unsure_scored" in [r["code"] for r in cell["reasons"]]


# -- The alliteration bonus ---------------------------------------------------------------------
UPHELD = {"ann": True, "ben": True}  # the referee does not know the trio as a band; the table does


@pytest.mark.parametrize("answer,bonus,expected", [
    ("Peter, Paul and Mary", True, 2),
    ("Peter, Paul and Mary", False, 1),
    ("Pink Panther", True, 2),
    ("Pink Panther", False, 1),
    ("Prince", True, 1),
])
def test_alliteration_bonus(judge: Judge, answer: str, bonus: bool, expected: int) -> None:
    rec = record([rnd("P", [{"player": "ann", "category": 0, "votes": UPHELD}], ann=[answer], ben=[None])],
                 players=("ann", "ben"), categories=["Bands"], alliteration_bonus=bonus)
    assert points(score_game(rec, judge), 0, "ann") == [expected]


def test_alliteration_bonus_does_not_save_a_duplicate(judge: Judge) -> None:
    rec = record([rnd("P", [{"player": p, "category": 0, "votes": UPHELD} for p in ("ann", "ben")],
                      ann=["Peter, Paul and Mary"], ben=["Peter Paul & Mary"])],
                 players=("ann", "ben"), categories=["Bands"], alliteration_bonus=True)
    result = score_game(rec, judge)
    assert points(result, 0, "ann") == points(result, 0, "ben") == [0]


# -- Stadt-Land-Fluss and Petit Bac presets ------------------------------------------------------
SLF = ["Stadt", "Land", "Fluss"]


def test_stadt_land_fluss_scoring(judge: Judge) -> None:
    rec = record([rnd("B",
                      ann=["Berlin", "Belgien", None],
                      ben=["Berlin", None, "Brahmaputra"],
                      cat=["Bremen", "Xanten", "Brahmaputra"])],
                 categories=SLF, lang="de", scoring="stadt-land-fluss")
    result = score_game(rec, judge)
    # shared 5, unique 10, the only valid answer in its category 20
    assert points(result, 0, "ann") == [5, 20, 0]
    assert points(result, 0, "ben") == [5, 0, 5]
    assert points(result, 0, "cat") == [10, 0, 5]
    assert result["totals"] == {"ann": 25, "ben": 10, "cat": 15}


def test_the_game_name_picks_the_preset(judge: Judge) -> None:
    rec = record([rnd("B", ann=["Berlin"], ben=["Bonn"])], players=("ann", "ben"), categories=["Stadt"],
                 lang="de", rounds=1)
    rec["game"] = "stadt-land-fluss"
    result = score_game(rec, judge)
    assert (result["rules"]["scoring"], result["totals"]) == ("stadt-land-fluss", {"ann": 10, "ben": 10})


def test_petit_bac_scoring(judge: Judge) -> None:
    rec = record([rnd("F",
                      ann=["France", "Florence", "Fourmi"],
                      ben=["France", "Fontainebleau", "Phoque"])],
                 players=("ann", "ben"), categories=["Pays", "Ville", "Animal"], lang="fr", scoring="petit-bac")
    result = score_game(rec, judge)
    assert points(result, 0, "ann") == [1, 2, 2]  # shared 1, unique 2 (and only valid: still 2)
    assert points(result, 0, "ben") == [1, 2, 0]  # Phoque: wrong letter


# -- Broken records are refused whole, naming the first problem -----------------------------------
def broken(change: Any) -> dict[str, Any]:
    rec = copy.deepcopy(GAME)
    change(rec)
    return rec


BROKEN = [
    (lambda r: r["rounds"][1]["answers"]["ben"].__setitem__(3, 42), "rounds[1].answers.ben[3]",
     "expected a string or null, got a number"),
    (lambda r: r["rounds"][0]["answers"].__setitem__("dan", []), "rounds[0].answers.dan", "unknown player"),
    (lambda r: r["rounds"][0]["answers"]["ann"].append("Bob"), "rounds[0].answers.ann", "at most 4"),
    (lambda r: r["rounds"][2].__setitem__("letter", "CH"), "rounds[2].letter", "single letter"),
    (lambda r: r["rounds"][2].pop("letter"), "rounds[2].letter", "required"),
    (lambda r: r["rounds"][1]["challenges"][0].__setitem__("category", 4), "rounds[1].challenges[0].category",
     "no category 4"),
    (lambda r: r["rounds"][1]["challenges"][0]["votes"].__setitem__("ben", "no"),
     "rounds[1].challenges[0].votes.ben", "true or false"),
    (lambda r: r["rounds"][1]["challenges"][0].__setitem__("votes", {}), "rounds[1].challenges[0].votes",
     "at least one vote"),
    (lambda r: r["rounds"][1]["challenges"].append(r["rounds"][1]["challenges"][0]), "rounds[1].challenges[1]",
     "already challenged"),
    (lambda r: r.__setitem__("rules", {"tie_rule": "coin"}), "rules.tie_rule", "expected one of"),
    (lambda r: r.__setitem__("rules", {"scoring": "yahtzee"}), "rules.scoring", "expected one of"),
    (lambda r: r.__setitem__("rules", {"timer": 120}), "rules.timer", "unknown field"),
    (lambda r: r.__setitem__("players", ["ann", "ann"]), "players[1]", "listed twice"),
    (lambda r: r.__setitem__("categories", []), "categories", "at least 1"),
    (lambda r: r.__setitem__("lang", "es"), "lang", "expected one of"),
    (lambda r: r.__setitem__("game", "chess"), "game", "expected one of"),
]


@pytest.mark.parametrize("change,path,message", BROKEN)
def test_broken_record_names_the_first_problem(judge: Judge, change: Any, path: str, message: str) -> None:
    with pytest.raises(RecordError) as caught:
        score_game(broken(change), judge)
    assert caught.value.path == path
    assert message in caught.value.message


def test_the_spec_error_message(judge: Judge) -> None:
    with pytest.raises(RecordError, match=r"^rounds\[1\]\.answers\.ben\[3\]: expected a string or null"):
        score_game(broken(lambda r: r["rounds"][1]["answers"]["ben"].__setitem__(3, 42)), judge)


def test_unknown_top_level_fields_are_a_warning(judge: Judge) -> None:
    rec = record([rnd("B", ann=["Ben"])], players=("ann",))
    rec["date"] = "2024-05-01"
    assert score_game(rec, judge)["warnings"] == ["date: unknown field ignored"]


def test_a_challenge_on_a_blank_is_ignored_with_a_warning(judge: Judge) -> None:
    rec = record([rnd("B", [{"player": "ann", "category": 1, "votes": {"ann": True}}], ann=["Ben", None])],
                 players=("ann",))
    result = score_game(rec, judge)
    assert result["warnings"] == ["rounds[0].challenges[0]: ann left category 1 blank; the challenge is ignored"]
