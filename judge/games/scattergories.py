"""Scattergories, as its rulebook (``seeds/002_...``) says, with Stadt-Land-Fluss and Petit Bac scoring.

Sections follow the rulebook: setup (one category list, three rounds, a letter
per round), answers (the key letter, articles ignored, a surname may carry it,
no answer twice on a sheet), challenges (majority, a tie rejects), scoring
(duplicates score nothing, one point per accepted unique answer, the
alliteration variant) and the end (highest total; a further round breaks a tie).
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

RULES = {
    "alliteration_bonus": False,
    "unsure": "accept",
    "rounds": 3,
    "scoring": "scattergories",
    "tie_rule": "reject",
}
#: Points per preset: (unique valid answer, valid answer shared with others, the only valid answer).
SCORING = {
    "scattergories": (1, 0, 1),
    "stadt-land-fluss": (10, 5, 20),
    "petit-bac": (2, 1, 2),
}


@dataclass(frozen=True)
class Challenge:
    player: str
    category: int
    votes: Mapping[str, bool]


@dataclass(frozen=True)
class Round:
    letter: str
    answers: dict[str, list[str | None]]
    challenges: tuple[Challenge, ...]


# -- Setup: reading the record -------------------------------------------------------------
def parse_record(record: Any) -> tuple[str, list[str], list[str], dict[str, Any], list[Round]]:
    """Check a Scattergories record; raise RecordError naming the first problem."""
    top = rec.expect_object(record, "", required=("game", "lang", "players", "categories", "rounds"),
                            optional=("rules",), extra_ok=True)
    lang = rec.expect_lang(top["lang"])
    players = rec.expect_players(top["players"])
    categories = [str(rec.expect_str(c, rec.at("categories", i)))
                  for i, c in enumerate(rec.expect_list(top["categories"], "categories", min_len=1))]
    raw_rules = rec.expect_object(top.get("rules", {}), "rules", optional=RULES)
    rules = dict(RULES)
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
    rounds = []
    for r, raw in enumerate(rec.expect_list(top["rounds"], "rounds")):
        path = rec.at("rounds", r)
        obj = rec.expect_object(raw, path, required=("letter", "answers"), optional=("challenges",))
        letter = rec.expect_letter(obj["letter"], rec.at(path, "letter"))
        answers_obj = rec.expect_object(obj["answers"], rec.at(path, "answers"), extra_ok=True)
        answers: dict[str, list[str | None]] = {}
        for player, sheet in answers_obj.items():
            ppath = rec.at(rec.at(path, "answers"), player)
            rec.expect_player(player, ppath, players)
            items = rec.expect_list(sheet, ppath, max_len=len(categories))
            answers[player] = [rec.expect_str(a, rec.at(ppath, i), nullable=True) for i, a in enumerate(items)]
            answers[player] += [None] * (len(categories) - len(items))
        challenges = []
        for c, raw_ch in enumerate(rec.expect_list(obj.get("challenges", []), rec.at(path, "challenges"))):
            cpath = rec.at(rec.at(path, "challenges"), c)
            ch = rec.expect_object(raw_ch, cpath, required=("player", "category", "votes"))
            who = rec.expect_player(ch["player"], rec.at(cpath, "player"), players)
            idx = rec.expect_int(ch["category"], rec.at(cpath, "category"), minimum=0)
            if idx >= len(categories):
                raise RecordError(rec.at(cpath, "category"), f"no category {idx} (there are {len(categories)})")
            votes_obj = rec.expect_object(ch["votes"], rec.at(cpath, "votes"), extra_ok=True)
            votes = {}
            for voter, vote in votes_obj.items():
                rec.expect_player(voter, rec.at(rec.at(cpath, "votes"), voter), players)
                votes[voter] = rec.expect_bool(vote, rec.at(rec.at(cpath, "votes"), voter))
            challenges.append(Challenge(who, idx, votes))
        rounds.append(Round(letter, answers, tuple(challenges)))
    return lang, players, categories, rules, rounds


# -- Answers, challenges and scoring -----------------------------------------------------
def _sheet_key(answer: str, lang: str) -> str:
    words = text.split_words(text.clean(answer).text)
    return text.compact(text.fold(" ".join(words[text.skip_articles(words, lang):])))


def score_round(judge: Any, lang: str, players: list[str], categories: list[str], rules: Mapping[str, Any],
                rnd: Round) -> dict[str, Any]:
    """Judge and score one round: every player's sheet, challenges, duplicates."""
    from judge.duplicates import find_duplicates

    letter = rnd.letter
    unique_pts, shared_pts, only_pts = SCORING[rules["scoring"]]
    challenges = {(c.player, c.category): c for c in rnd.challenges}
    cells: dict[str, list[dict[str, Any]]] = {p: [] for p in players}
    valid: dict[str, list[bool]] = {p: [] for p in players}
    for player in players:
        seen: set[str] = set()
        for i, category in enumerate(categories):
            answer = rnd.answers.get(player, [None] * len(categories))[i]
            cell: dict[str, Any] = {"answer": answer, "duplicates": []}
            if answer is None or not answer.strip():
                cell.update(verdict="reject", points=0, referee=None,
                            reasons=[rec.reason("blank", "Left blank.")])
                cells[player].append(cell)
                valid[player].append(False)
                continue
            v = judge.check(answer, category=category, letter=letter, lang=lang)
            reasons = rec.verdict_reasons(v)
            outcome = v.verdict
            key = _sheet_key(answer, lang)
            if key and key in seen:
                outcome = Outcome.REJECT
                reasons.append(rec.reason("repeated_on_sheet", f"{answer!r} is already on this sheet this round."))
            seen.add(key)
            challenge = challenges.get((player, i))
            if challenge is not None:
                table = settle_votes(challenge.votes, tie_rule=rules["tie_rule"], player=player)
                yes = sum(challenge.votes.values())
                tie = " (a tie rejects)" if yes * 2 == len(challenge.votes) else ""
                code = "challenge_overruled" if table is Outcome.ACCEPT else "challenge_upheld"
                reasons.append(rec.reason(code, f"Challenged: the table voted {yes} to "
                                                f"{len(challenge.votes) - yes}{tie}, so {table.value}."))
                outcome = table
            if outcome is Outcome.UNSURE:
                reasons.append(rec.reason("unsure_scored", f"The referee was unsure; house rules "
                                                           f"say unsure answers {rules['unsure']}."))
            cell.update(verdict=outcome.value, referee=v.verdict.value, confidence=round(v.confidence, 3),
                        key_word=v.key_word, reasons=reasons, points=0)
            cells[player].append(cell)
            valid[player].append(outcome is Outcome.ACCEPT or
                                 (outcome is Outcome.UNSURE and rules["unsure"] == "accept"))
    for i, category in enumerate(categories):
        given = [(p, cells[p][i]["answer"]) for p in players if cells[p][i]["answer"]]
        groups = find_duplicates(judge, given, category=category, lang=lang) if len(given) > 1 else []
        shared = {p: [q for q in g if q != p] for g in groups for p in g}
        valid_here = [p for p in players if valid[p][i]]
        for p in players:
            cell = cells[p][i]
            cell["duplicates"] = shared.get(p, [])
            if not valid[p][i]:
                continue
            if p in shared:
                cell["points"] = shared_pts
                cell["reasons"].append(rec.reason("duplicate", f"Same answer as {', '.join(shared[p])}: "
                                                              f"{'scores nothing' if not shared_pts else 'shared'}."))
                if not shared_pts:
                    continue
            elif len(valid_here) == 1:
                cell["points"] = only_pts
            else:
                cell["points"] = unique_pts
            if rules["alliteration_bonus"] and rules["scoring"] == "scattergories" and p not in shared:
                bonus = text.alliteration_count(cell["answer"], letter, lang)
                if bonus > 1:
                    cell["points"] = bonus
                    cell["reasons"].append(rec.reason("alliteration_bonus",
                                                      f"{bonus} words start with {letter}: {bonus} points."))
    return {
        "letter": letter,
        "answers": cells,
        "scores": {p: sum(c["points"] for c in cells[p]) for p in players},
    }


# -- The end: totals, winners, tie-break -----------------------------------------------------
def score_game(judge: Any, record: Any) -> dict[str, Any]:
    """Score a whole Scattergories record (see ``spec/game-records.md``)."""
    lang, players, categories, rules, rounds = parse_record(record)
    warnings: list[str] = []
    used: dict[str, int] = {}
    out_rounds = []
    for r, rnd in enumerate(rounds):
        if rnd.letter in used:
            warnings.append(f"rounds[{r}].letter: {rnd.letter} was already rolled in round {used[rnd.letter] + 1} "
                            "(the die is rerolled in play)")
        used.setdefault(rnd.letter, r)
        missing = [p for p in players if p not in rnd.answers]
        if missing:
            warnings.append(f"rounds[{r}].answers: no sheet for {', '.join(missing)} (counted as blank)")
        out_rounds.append(score_round(judge, lang, players, categories, rules, rnd))
    regular = rules["rounds"]
    totals = {p: sum(r["scores"][p] for r in out_rounds) for p in players}
    regular_totals = {p: sum(r["scores"][p] for r in out_rounds[:regular]) for p in players}
    finished = len(out_rounds) >= regular
    winners = rec.winners_of(regular_totals, players)
    tiebreak_needed = False
    if finished and len(winners) > 1:
        for extra in out_rounds[regular:]:
            winners = rec.winners_of({p: extra["scores"][p] for p in winners}, players)
            if len(winners) == 1:
                break
        tiebreak_needed = len(winners) > 1
    if len(out_rounds) > regular and not (len(rec.winners_of(regular_totals, players)) > 1):
        warnings.append(f"rounds: {len(out_rounds) - regular} round(s) after the {regular} regular ones, "
                        "with no tie to break")
    return {
        "game": "scattergories",
        "lang": lang,
        "categories": categories,
        "rules": rules,
        "rounds": out_rounds,
        "totals": totals,
        "winners": winners if finished else [],
        "tiebreak_needed": tiebreak_needed,
        "finished": finished,
        "warnings": warnings,
    }
