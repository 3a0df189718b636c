"""Scattergories, as its rulebook (``seeds/002_...``) says, with Stadt-Land-Fluss and Petit Bac scoring.

Sections follow the rulebook: setup (one category list, three rounds, a letter
per round), answers (the key letter, articles ignored, a surname may carry it,
no answer twice on a sheet), challenges (majority, a tie rejects), scoring
(duplicates score nothing, one point per accepted unique answer, the
alliteration variant) and the end (highest total; a further round breaks a tie).

Where the rulebook is silent (``spec/game-records.md`` decides):

- an answer the referee is ``unsure`` of scores as ``rules.unsure`` says
  (``"accept"`` by default: the rulebook allows creative answers);
- a challenge settles whether the answer *fits*; it cannot revive an answer
  repeated on the same sheet;
- answers cancel as duplicates whenever they are the same answer, whatever
  their verdicts (the rulebook: every player with that answer crosses it out);
- a letter rolled twice is a warning (the die is rerolled in play);
- ``totals`` are the regular rounds' points (``rules.rounds``, 3 by default); rounds
  recorded after them are tie-break rounds (``"tiebreak": true``): they decide among
  the tied players only, and count for nobody's total;
- the presets of ``rules.scoring``: ``"stadt-land-fluss"`` scores 10 for a
  unique valid answer, 5 for a shared one, 20 for the only valid answer in that
  category; ``"petit-bac"`` scores 2 and 1. A record whose ``game`` is
  ``"stadt-land-fluss"`` or ``"petit-bac"`` gets that preset unless ``rules.scoring``
  says otherwise. The alliteration bonus belongs to Scattergories scoring only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge import text
from judge.errors import RecordError
from judge.games import records as rec
from judge.model import Outcome
from judge.rulings import TIE_RULES, settle_votes

#: The variant switches and their defaults.
RULES: dict[str, Any] = {
    "alliteration_bonus": False,
    "unsure": "accept",
    "rounds": 3,
    "scoring": "scattergories",
    "tie_rule": "reject",
}


@dataclass(frozen=True)
class Scoring:
    """Points of a scoring preset."""

    unique: int  #: a valid answer no other player gave
    shared: int  #: a valid answer another player gave too
    only: int  #: the only valid answer in its category this round


SCORING: dict[str, Scoring] = {
    "scattergories": Scoring(unique=1, shared=0, only=1),
    "stadt-land-fluss": Scoring(unique=10, shared=5, only=20),
    "petit-bac": Scoring(unique=2, shared=1, only=2),
}
_TOP_LEVEL = ("game", "lang", "players", "categories", "rules", "rounds")


@dataclass(frozen=True)
class Challenge:
    """The table's vote on one player's answer (``category`` is an index into the list)."""

    player: str
    category: int
    votes: Mapping[str, bool]


@dataclass(frozen=True)
class Round:
    letter: str
    answers: dict[str, list[str | None]]
    challenges: tuple[Challenge, ...]


@dataclass(frozen=True)
class Game:
    lang: str
    players: list[str]
    categories: list[str]
    rules: dict[str, Any]
    rounds: list[Round]
    warnings: list[str]


# -- Setup: reading the record -------------------------------------------------------------
def parse_record(record: Any) -> Game:
    """Check a Scattergories record; raise RecordError naming the first problem."""
    top = rec.expect_object(record, "", required=("game", "lang", "players", "categories", "rounds"),
                            extra_ok=True)
    warnings = rec.unknown_fields(top, _TOP_LEVEL)
    lang = rec.expect_lang(top["lang"])
    players = rec.expect_players(top["players"])
    categories = [str(rec.expect_str(c, rec.at("categories", i)))
                  for i, c in enumerate(rec.expect_list(top["categories"], "categories", min_len=1))]
    rules = _parse_rules(top.get("rules", {}), top.get("game"))
    if rules["alliteration_bonus"] and rules["scoring"] != "scattergories":
        warnings.append(f"rules.alliteration_bonus: not part of {rules['scoring']} scoring; ignored")
    rounds = [_parse_round(raw, rec.at("rounds", r), players, categories, warnings)
              for r, raw in enumerate(rec.expect_list(top["rounds"], "rounds"))]
    return Game(lang, players, categories, rules, rounds, warnings)


def _parse_rules(raw: Any, game: Any = None) -> dict[str, Any]:
    raw_rules = rec.expect_object(raw, "rules", optional=RULES)
    rules = dict(RULES)
    if game in SCORING:  # "game": "stadt-land-fluss" or "petit-bac" picks its scoring
        rules["scoring"] = game
    for key, value in raw_rules.items():
        path = rec.at("rules", key)
        if key == "alliteration_bonus":
            rules[key] = rec.expect_bool(value, path)
        elif key == "unsure":
            rules[key] = rec.expect_choice(value, path, ("accept", "reject"))
        elif key == "rounds":
            rules[key] = rec.expect_int(value, path, minimum=1)
        elif key == "scoring":
            rules[key] = rec.expect_choice(value, path, tuple(SCORING))
        elif key == "tie_rule":
            rules[key] = rec.expect_choice(value, path, TIE_RULES)
    return rules


def _parse_round(raw: Any, path: str, players: list[str], categories: list[str], warnings: list[str]) -> Round:
    obj = rec.expect_object(raw, path, required=("letter", "answers"), optional=("challenges",))
    letter = rec.expect_letter(obj["letter"], rec.at(path, "letter"))
    apath = rec.at(path, "answers")
    answers_obj = rec.expect_object(obj["answers"], apath, extra_ok=True)
    answers: dict[str, list[str | None]] = {}
    for player, sheet in answers_obj.items():
        ppath = rec.at(apath, player)
        rec.expect_player(player, ppath, players)
        items = rec.expect_list(sheet, ppath, max_len=len(categories))
        answers[player] = [rec.expect_str(a, rec.at(ppath, i), nullable=True) for i, a in enumerate(items)]
        answers[player] += [None] * (len(categories) - len(items))
    missing = [p for p in players if p not in answers]
    if missing:
        warnings.append(f"{apath}: no sheet for {', '.join(missing)} (counted as blank)")
    challenges: list[Challenge] = []
    seen: dict[tuple[str, int], int] = {}
    cpath_all = rec.at(path, "challenges")
    for c, raw_ch in enumerate(rec.expect_list(obj.get("challenges", []), cpath_all)):
        cpath = rec.at(cpath_all, c)
        ch = rec.expect_object(raw_ch, cpath, required=("player", "category", "votes"))
        who = rec.expect_player(ch["player"], rec.at(cpath, "player"), players)
        idx = rec.expect_int(ch["category"], rec.at(cpath, "category"), minimum=0)
        if idx >= len(categories):
            raise RecordError(rec.at(cpath, "category"), f"no category {idx} (there are {len(categories)})")
        if (who, idx) in seen:
            raise RecordError(cpath, f"{who}'s answer in category {idx} is already challenged "
                                     f"in {rec.at(cpath_all, seen[who, idx])}")
        seen[who, idx] = c
        vpath = rec.at(cpath, "votes")
        votes_obj = rec.expect_object(ch["votes"], vpath, extra_ok=True)
        if not votes_obj:
            raise RecordError(vpath, "expected at least one vote")
        votes = {}
        for voter, vote in votes_obj.items():
            rec.expect_player(voter, rec.at(vpath, voter), players)
            votes[voter] = rec.expect_bool(vote, rec.at(vpath, voter))
        if not (answers.get(who) or [None] * len(categories))[idx]:
            warnings.append(f"{cpath}: {who} left category {idx} blank; the challenge is ignored")
            continue
        challenges.append(Challenge(who, idx, votes))
    return Round(letter, answers, tuple(challenges))


# -- Answers: the key letter, the category, no answer twice on a sheet ----------------------
def sheet_key(answer: str, lang: str) -> str:
    """What makes two answers on one sheet "the same": words after the articles, folded.

    >>> sheet_key("The Beatles", "en") == sheet_key("beatles", "en")
    True
    """
    words = text.split_words(text.clean(answer).text)
    return text.compact(text.fold(" ".join(words[text.skip_articles(words, lang):])))


def _is_blank(answer: str | None) -> bool:
    return answer is None or not text.fold(answer)


def judge_sheet(judge: Any, game: Game, rnd: Round, player: str,
                checked: dict[tuple[str, str], Any] | None = None) -> list[dict[str, Any]]:
    """One player's sheet: each answer's verdict (the table's, after a challenge) and reasons.

    ``points`` are filled in later, once duplicates across sheets are known; ``valid``
    (removed before output) says whether the answer may score. ``checked`` keeps the
    referee's verdicts of the round, so an answer several players wrote is judged once.
    """
    checked = {} if checked is None else checked
    challenges = {c.category: c for c in rnd.challenges if c.player == player}
    sheet = rnd.answers.get(player) or [None] * len(game.categories)
    seen: set[str] = set()
    cells: list[dict[str, Any]] = []
    for i, category in enumerate(game.categories):
        answer = sheet[i]
        cell: dict[str, Any] = {"answer": answer, "verdict": "reject", "points": 0, "reasons": [],
                                "duplicates": [], "referee": None, "valid": False}
        cells.append(cell)
        if answer is None or _is_blank(answer):
            cell["reasons"].append(rec.reason("blank", "Left blank."))
            continue
        v = checked.get((answer, category))
        if v is None:
            v = checked[answer, category] = judge.check(answer, category=category, letter=rnd.letter,
                                                        lang=game.lang)
        reasons = rec.verdict_reasons(v)
        outcome = v.verdict
        cell.update(referee=v.verdict.value, confidence=round(v.confidence, 3), key_word=v.key_word,
                    reasons=reasons)
        challenge = challenges.get(i)
        if challenge is not None:
            outcome = settle_votes(challenge.votes, tie_rule=game.rules["tie_rule"], player=player)
            yes = sum(challenge.votes.values())
            no = len(challenge.votes) - yes
            tie = ""
            if yes == no:
                tie = (" (a tie: the challenged player's vote is set aside)" if game.rules["tie_rule"] == "hasbro"
                       else " (a tie rejects)")
            code = "challenge_overruled" if outcome is Outcome.ACCEPT else "challenge_upheld"
            reasons.append(rec.reason(code, f"Challenged: the table voted {yes} to {no}{tie}, so "
                                            f"{outcome.value}; the referee said {v.verdict.value}."))
            cell["challenge"] = {"votes_for": yes, "votes_against": no, "outcome": outcome.value}
        key = sheet_key(answer, game.lang)
        if key in seen:
            outcome = Outcome.REJECT
            reasons.append(rec.reason("repeated_on_sheet", f"{answer!r} is already on this sheet this round: "
                                                           "only the first counts."))
        seen.add(key)
        if outcome is Outcome.UNSURE:
            scores = "score" if game.rules["unsure"] == "accept" else "do not score"
            reasons.append(rec.reason("unsure_scored", f"The referee was unsure; the rules say unsure answers "
                                                       f"{scores}."))
        cell["verdict"] = outcome.value
        cell["valid"] = outcome is Outcome.ACCEPT or (outcome is Outcome.UNSURE and game.rules["unsure"] == "accept")
    return cells


# -- Scoring: duplicates score nothing, one point per accepted unique answer ----------------
def same_answers(judge: Any, given: list[tuple[str, str]], *, category: str, lang: str) -> list[list[str]]:
    """Groups of players whose answers are the same (:func:`judge.duplicates.find_duplicates`).

    Answers written exactly alike are the same answer whatever else holds, so each
    spelling is compared once and its writers share its group.
    """
    from judge.duplicates import find_duplicates

    writers: dict[str, list[str]] = {}
    for player, answer in given:
        writers.setdefault(answer, []).append(player)
    if len(writers) < 2:
        return [sorted(w) for w in writers.values() if len(w) > 1]
    firsts = {w[0]: a for a, w in writers.items()}
    groups = find_duplicates(judge, list(firsts.items()), category=category, lang=lang)
    grouped = {p for g in groups for p in g}
    out = [sorted(q for p in g for q in writers[firsts[p]]) for g in groups]
    out += [sorted(w) for w in writers.values() if len(w) > 1 and w[0] not in grouped]
    return sorted(out)


def score_round(judge: Any, game: Game, rnd: Round) -> dict[str, Any]:
    """Judge and score one round: every player's sheet, challenges, duplicates."""
    players, letter = game.players, rnd.letter
    scoring = SCORING[game.rules["scoring"]]
    bonus = game.rules["alliteration_bonus"] and game.rules["scoring"] == "scattergories"
    checked: dict[tuple[str, str], Any] = {}
    sheets = {p: judge_sheet(judge, game, rnd, p, checked) for p in players}
    for i, category in enumerate(game.categories):
        given = [(p, str(sheets[p][i]["answer"])) for p in players if sheets[p][i]["referee"] is not None]
        groups = same_answers(judge, given, category=category, lang=game.lang) if len(given) > 1 else []
        shared = {p: [q for q in players if q in g and q != p] for g in groups for p in g}
        valid_here = [p for p in players if sheets[p][i]["valid"]]
        for p in players:
            cell = sheets[p][i]
            cell["duplicates"] = shared.get(p, [])
            if p in shared:
                cell["reasons"].append(rec.reason(
                    "duplicate", f"Same answer as {', '.join(shared[p])}: "
                                 f"{'crossed out, it scores nothing' if not scoring.shared else 'a shared answer'}."))
            if not cell["valid"]:
                continue
            if p in shared:
                cell["points"] = scoring.shared
            elif len(valid_here) == 1:
                cell["points"] = scoring.only
            else:
                cell["points"] = scoring.unique
            if bonus and p not in shared:
                count = text.alliteration_count(cell["answer"], letter, game.lang)
                if count > 1:
                    cell["points"] = count
                    cell["reasons"].append(rec.reason("alliteration_bonus",
                                                      f"{count} words start with {letter}: {count} points."))
    for p in players:
        for cell in sheets[p]:
            del cell["valid"]
    return {
        "letter": letter,
        "answers": sheets,
        "scores": {p: sum(c["points"] for c in sheets[p]) for p in players},
    }


# -- The end: totals, winners, tie-break -----------------------------------------------------
def score_game(judge: Any, record: Any) -> dict[str, Any]:
    """Score a whole Scattergories record (see ``spec/game-records.md``)."""
    game = parse_record(record)
    players = game.players
    warnings = list(game.warnings)
    rolled: dict[str, int] = {}
    out_rounds = []
    for r, rnd in enumerate(game.rounds):
        if rnd.letter in rolled:
            warnings.append(f"rounds[{r}].letter: {rnd.letter} was already rolled in round {rolled[rnd.letter] + 1} "
                            "(the die is rerolled in play)")
        rolled.setdefault(rnd.letter, r)
        out_rounds.append(score_round(judge, game, rnd))
    regular = game.rules["rounds"]
    for extra in out_rounds[regular:]:
        extra["tiebreak"] = True
    totals = {p: sum(r["scores"][p] for r in out_rounds[:regular]) for p in players}
    finished = len(out_rounds) >= regular
    winners = rec.winners_of(totals, players) if finished else []
    if len(winners) > 1:
        for extra in out_rounds[regular:]:
            winners = rec.winners_of({p: extra["scores"][p] for p in winners}, players)
            if len(winners) == 1:
                break
    elif len(out_rounds) > regular:
        warnings.append(f"rounds: {len(out_rounds) - regular} round(s) after the {regular} regular ones, "
                        "with no tie to break: not counted")
    return {
        "game": "scattergories",
        "lang": game.lang,
        "categories": game.categories,
        "rules": game.rules,
        "rounds": out_rounds,
        "totals": totals,
        "winners": winners,
        "tiebreak_needed": len(winners) > 1,
        "finished": finished,
        "warnings": warnings,
    }
