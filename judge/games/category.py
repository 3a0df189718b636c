"""Category, the Italian 5x5 marble board game, as its rulebook (``seeds/000_...``) says.

Sections follow the rulebook: the board (5 category cards x 5 letters, 25 marbles:
9 blue worth 3, 8 yellow worth 2, 8 white worth 1), how to play (a word takes the
marble at its category and letter while it is still there), passing (a player
who passes plays again later; the round ends when the board is empty or every
player has passed in a row), rounds (the lowest total starts the next one,
play goes clockwise) and the end (the first total over the target wins; the
timed variant plays a set number of rounds).

Where the rulebook is silent (``spec/game-records.md`` decides, or this module says):

- a turn with no words is a pass; a turn whose words all fail is not;
- an answer the referee is ``unsure`` of takes the marble unless ``rules.unsure``
  is ``"reject"`` (a word called out stands unless the table objects; a recorded
  ``ruling`` is the table's objection or its approval);
- in the timed variant (``rules.rounds``) the target ends the game only when
  ``rules.target`` is given as well;
- a round recorded after the game ended, and a turn recorded after its round
  ended, are listed, ignored and warned about.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from judge import text
from judge.errors import RecordError
from judge.games import records as rec
from judge.model import Outcome

SIZE = 5
#: Marble colours in English and Italian -> points.
MARBLE_POINTS = {
    "white": 1, "bianco": 1, "bianca": 1,
    "yellow": 2, "giallo": 2, "gialla": 2,
    "blue": 3, "blu": 3, "azzurro": 3, "azzurra": 3, "light blue": 3,
}
MARBLE_COLOUR = {1: "white", 2: "yellow", 3: "blue"}
BOX_MIX = {"blue": 9, "yellow": 8, "white": 8}
DEFAULT_TARGET = 100
_TOP_LEVEL = ("game", "lang", "players", "rules", "rounds")


@dataclass(frozen=True)
class Claim:
    word: str
    category: str
    letter: str | None
    ruling: str | None


@dataclass(frozen=True)
class Turn:
    player: str
    words: tuple[Claim, ...]


@dataclass(frozen=True)
class Round:
    categories: tuple[str, ...]
    letters: tuple[str, ...]
    marbles: tuple[tuple[int, ...], ...]
    turns: tuple[Turn, ...]


# -- The board: reading the record ----------------------------------------------------------
def parse_record(record: Any) -> tuple[str, list[str], dict[str, Any], list[Round], list[str]]:
    """Check a Category record; raise RecordError naming the first problem."""
    top = rec.expect_object(record, "", required=("game", "lang", "players", "rounds"), extra_ok=True)
    warnings = rec.unknown_fields(top, _TOP_LEVEL)
    lang = rec.expect_lang(top["lang"])
    players = rec.expect_players(top["players"])
    raw_rules = rec.expect_object(top.get("rules", {}), "rules", optional=("target", "rounds", "unsure"))
    rules: dict[str, Any] = {"target": DEFAULT_TARGET, "rounds": None, "unsure": "accept"}
    if raw_rules.get("rounds") is not None:
        rules["rounds"] = rec.expect_int(raw_rules["rounds"], "rules.rounds", minimum=1)
        rules["target"] = None  # timed play: the set number of rounds ends the game
    if raw_rules.get("target") is not None:
        rules["target"] = rec.expect_int(raw_rules["target"], "rules.target", minimum=1)
    if "unsure" in raw_rules:
        rules["unsure"] = rec.expect_choice(raw_rules["unsure"], "rules.unsure", ("accept", "reject"))
    rounds = []
    for r, raw in enumerate(rec.expect_list(top["rounds"], "rounds")):
        path = rec.at("rounds", r)
        obj = rec.expect_object(raw, path, required=("categories", "letters", "marbles"), optional=("turns",))
        cats = rec.expect_list(obj["categories"], rec.at(path, "categories"), min_len=SIZE, max_len=SIZE)
        categories = tuple(str(rec.expect_str(c, rec.at(rec.at(path, "categories"), i)))
                           for i, c in enumerate(cats))
        lets = rec.expect_list(obj["letters"], rec.at(path, "letters"), min_len=SIZE, max_len=SIZE)
        letters = tuple(rec.expect_letter(x, rec.at(rec.at(path, "letters"), i)) for i, x in enumerate(lets))
        rows = rec.expect_list(obj["marbles"], rec.at(path, "marbles"), min_len=SIZE, max_len=SIZE)
        marbles = []
        for i, row in enumerate(rows):
            rpath = rec.at(rec.at(path, "marbles"), i)
            cells = rec.expect_list(row, rpath, min_len=SIZE, max_len=SIZE)
            values = []
            for j, colour in enumerate(cells):
                name = rec.expect_str(colour, rec.at(rpath, j))
                points = MARBLE_POINTS.get(str(name).strip().lower())
                if points is None:
                    raise RecordError(rec.at(rpath, j), f"unknown marble colour {name!r} "
                                                        "(white/bianco, yellow/giallo, blue/blu)")
                values.append(points)
            marbles.append(tuple(values))
        turns = []
        for t, raw_turn in enumerate(rec.expect_list(obj.get("turns", []), rec.at(path, "turns"))):
            tpath = rec.at(rec.at(path, "turns"), t)
            turn = rec.expect_object(raw_turn, tpath, required=("player",), optional=("words",))
            player = rec.expect_player(turn["player"], rec.at(tpath, "player"), players)
            claims = []
            for w, raw_word in enumerate(rec.expect_list(turn.get("words", []), rec.at(tpath, "words"))):
                wpath = rec.at(rec.at(tpath, "words"), w)
                word = rec.expect_object(raw_word, wpath, required=("word", "category"),
                                         optional=("letter", "ruling"))
                letter = word.get("letter")
                claims.append(Claim(
                    str(rec.expect_str(word["word"], rec.at(wpath, "word"))),
                    str(rec.expect_str(word["category"], rec.at(wpath, "category"))),
                    rec.expect_letter(letter, rec.at(wpath, "letter")) if letter is not None else None,
                    rec.expect_choice(word["ruling"], rec.at(wpath, "ruling"), ("accept", "reject"))
                    if word.get("ruling") is not None else None,
                ))
            turns.append(Turn(player, tuple(claims)))
        for what, labels in (("categories", categories), ("letters", letters)):
            folded = [text.fold(x) for x in labels]
            if len(set(folded)) < SIZE:
                warnings.append(f"{rec.at(path, what)}: the same one twice; a word goes to the first")
        rounds.append(Round(categories, letters, tuple(marbles), tuple(turns)))
    return lang, players, rules, rounds, warnings


# -- How to play: a word takes the marble at its intersection -------------------------------
def _find(labels: tuple[str, ...], wanted: str) -> int | None:
    return next((i for i, label in enumerate(labels) if rec.same_text(label, wanted)), None)


def judge_word(judge: Any, lang: str, rnd: Round, board: list[list[int]], claim: Claim,
               unsure: str = "accept") -> dict[str, Any]:
    """One claimed word: the referee's verdict (or the table's ruling) and the marble it takes."""
    out: dict[str, Any] = {"word": claim.word, "category": claim.category, "letter": claim.letter,
                           "verdict": "reject", "marble": None, "points": 0, "reasons": []}
    i = _find(rnd.categories, claim.category)
    if i is None:
        out["reasons"].append(rec.reason("not_on_board", f"{claim.category!r} is not one of this round's "
                                                         f"categories ({', '.join(rnd.categories)})."))
        return out
    letter = claim.letter
    if letter is None:
        words = text.split_words(text.clean(claim.word).text)
        keys = text.key_words(claim.word, lang) if words else []
        letter = next((text.initial(k) for k in keys if text.initial(k) in rnd.letters),
                      text.initial(keys[0]) if keys else None)
        out["letter"] = letter
    j = rnd.letters.index(letter) if letter in rnd.letters else None
    if j is None or letter is None:
        what = f"{letter!r} is not" if letter else f"{claim.word!r} starts with none of"
        out["reasons"].append(rec.reason("not_on_board", f"{what} this round's letters ({', '.join(rnd.letters)})."))
        return out
    v = judge.check(claim.word, category=rnd.categories[i], letter=letter, lang=lang)
    outcome = v.verdict
    out["reasons"] = rec.verdict_reasons(v)
    out["referee"] = v.verdict.value
    out["confidence"] = round(v.confidence, 3)
    if claim.ruling is not None:
        outcome = Outcome(claim.ruling)
        out["reasons"].append(rec.reason("table_ruling", f"The table ruled {claim.ruling}; the referee said "
                                                         f"{v.verdict.value}."))
    elif outcome is Outcome.UNSURE:
        scores = "take the marble" if unsure == "accept" else "take nothing"
        out["reasons"].append(rec.reason("unsure_scored", f"The referee was unsure; the rules say unsure "
                                                          f"words {scores}."))
    out["verdict"] = outcome.value
    if not (outcome is Outcome.ACCEPT or (outcome is Outcome.UNSURE and unsure == "accept")):
        return out
    if board[i][j] == 0:
        out["reasons"].append(rec.reason("intersection_taken",
                                         f"The marble at {rnd.categories[i]} x {letter} was already taken."))
        return out
    out["marble"] = MARBLE_COLOUR[board[i][j]]
    out["points"] = board[i][j]
    board[i][j] = 0
    return out


# -- Rounds and the end of the game ---------------------------------------------------------
def score_game(judge: Any, record: Any) -> dict[str, Any]:
    """Score a whole Category record (see ``spec/game-records.md``)."""
    lang, players, rules, rounds, warnings = parse_record(record)
    totals = dict.fromkeys(players, 0)
    out_rounds: list[dict[str, Any]] = []
    winners: list[str] = []
    game_over = False
    for r, rnd in enumerate(rounds):
        path = f"rounds[{r}]"
        mix = Counter(MARBLE_COLOUR[v] for row in rnd.marbles for v in row)
        if dict(mix) != BOX_MIX:
            warnings.append(f"{path}.marbles: {mix['blue']} blue, {mix['yellow']} yellow, {mix['white']} white; "
                            "the box holds 9 blue, 8 yellow, 8 white")
        if game_over:
            warnings.append(f"{path}: recorded after the game ended; ignored")
            out_rounds.append({"turns": [], "scores": dict.fromkeys(players, 0), "ended_by": "ignored",
                               "next_starter": None, "ignored": True})
            continue
        if r > 0 and rnd.turns:
            lowest = min(totals.values())
            expected = [p for p in players if totals[p] == lowest]
            if rnd.turns[0].player not in expected:
                warnings.append(f"{path}.turns[0].player: {rnd.turns[0].player} started, but the lowest total "
                                f"({lowest}) belongs to {', '.join(expected)}")
        board = [list(row) for row in rnd.marbles]
        scores = dict.fromkeys(players, 0)
        turns_out: list[dict[str, Any]] = []
        passes_in_a_row = 0
        ended_by: str | None = None
        previous: str | None = None
        for t, turn in enumerate(rnd.turns):
            if ended_by is not None:
                warnings.append(f"{path}.turns[{t}]: recorded after the round ended ({ended_by}); ignored")
                turns_out.append({"player": turn.player, "points": 0, "words": [],
                                  "reasons": [rec.reason("ignored", "Recorded after the round ended.")]})
                continue
            if previous is not None:
                expected_next = players[(players.index(previous) + 1) % len(players)]
                if turn.player != expected_next:
                    warnings.append(f"{path}.turns[{t}].player: {turn.player} played, but clockwise it was "
                                    f"{expected_next}'s turn")
            previous = turn.player
            words = [judge_word(judge, lang, rnd, board, claim, rules["unsure"]) for claim in turn.words]
            points = sum(w["points"] for w in words)
            scores[turn.player] += points
            turns_out.append({"player": turn.player, "points": points, "words": words})
            passes_in_a_row = passes_in_a_row + 1 if not turn.words else 0
            if rules["target"] is not None and totals[turn.player] + scores[turn.player] > rules["target"]:
                ended_by = "target_reached"
                winners = [turn.player]
                game_over = True
            elif not any(v for row in board for v in row):
                ended_by = "board_empty"
            elif passes_in_a_row >= len(players):
                ended_by = "all_passed"
        for p in players:
            totals[p] += scores[p]
        if not game_over and rules["rounds"] is not None and r + 1 >= rules["rounds"]:
            game_over = True
            winners = rec.winners_of(totals, players)
        lowest = min(totals.values())
        out_rounds.append({
            "turns": turns_out,
            "scores": scores,
            "ended_by": ended_by or "record_ends",
            "next_starter": None if game_over else next(p for p in players if totals[p] == lowest),
        })
    return {
        "game": "category",
        "lang": lang,
        "rules": rules,
        "rounds": out_rounds,
        "totals": totals,
        "winners": winners,
        "finished": game_over,
        "warnings": warnings,
    }
