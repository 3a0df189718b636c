"""The ``/v1`` blueprint: HTTP in, library call, HTTP out. No game rules live here."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, Response, current_app

from api import schemas as s
from api.endpoints import endpoint, read_body, read_query, respond, rules
from api.problems import ApiProblem
from api.referee import get_judge, get_referee
from judge.duplicates import find_duplicates
from judge.games import score_game
from judge.rulings import suggest_ruling
from judge.text import parse_lang

bp = Blueprint("v1", __name__, url_prefix="/v1")
PREFIX = "/v1"


def _house_rules(rules_: s.HouseRules | None) -> dict[str, Any] | None:
    return rules_.model_dump() if rules_ is not None else None


def _check(judge: Any, req: s.CheckRequest) -> Any:
    return judge.check(req.answer, category=req.category, letter=req.letter, lang=req.lang,
                       house_rules=_house_rules(req.house_rules))


@endpoint(bp, "/check", "POST", body=s.CheckRequest, response=s.Verdict, errors=(422,), tags=("judge",),
          prefix=PREFIX, summary="Judge one answer")
def check() -> Response:
    """Judge one answer.

    Does the answer fit the category, and does its key word start with the letter? A rejected
    answer is a verdict (200), with reasons; only a request that makes no sense (a language the
    referee does not know, a key letter that is not one letter) is refused with 422.
    """
    req = read_body(s.CheckRequest)
    with rules():
        verdict = _check(get_judge(), req)
    return respond(s.Verdict, verdict.to_dict())


@endpoint(bp, "/check/batch", "POST", body=s.BatchRequest, response=s.BatchResponse, errors=(422,),
          tags=("judge",), prefix=PREFIX, summary="Judge several answers")
def check_batch() -> Response:
    """Judge several answers, in order.

    One result per item, in the items' order, each carrying the item's `id` if it had one. The
    batch is judged as a whole: an item the rules refuse fails the request (422, naming
    `items[i]`). More than `MAX_BATCH_ITEMS` items (default 1000) is answered 413.
    """
    req = read_body(s.BatchRequest)
    limit = current_app.config["MAX_BATCH_ITEMS"]
    if len(req.items) > limit:
        raise ApiProblem("too-many-items", f"{len(req.items)} items; at most {limit} per request.", field="items")
    judge = get_judge()
    results = []
    for i, item in enumerate(req.items):
        with rules(f"items[{i}]"):
            row = _check(judge, item).to_dict()
        if item.id is not None:
            row["id"] = item.id
        results.append(row)
    return respond(s.BatchResponse, {"results": results})


@endpoint(bp, "/duplicates", "POST", body=s.DuplicatesRequest, response=s.DuplicatesResponse, errors=(422,),
          tags=("judge",), prefix=PREFIX, summary="Find the players whose answers are the same")
def duplicates() -> Response:
    """Find the players whose answers are the same.

    Same thing, not just same spelling: articles, case, accents, plurals, a typo and translations
    (`Köln` / `Cologne`) are set aside. Groups do not depend on the answers' order. Players must be
    distinct; more than `MAX_DUPLICATE_ANSWERS` answers (default 200) is answered 413.
    """
    req = read_body(s.DuplicatesRequest)
    limit = current_app.config["MAX_DUPLICATE_ANSWERS"]
    if len(req.answers) > limit:
        raise ApiProblem("too-many-items", f"{len(req.answers)} answers; at most {limit} per request.",
                         field="answers")
    seen: set[str] = set()
    for i, a in enumerate(req.answers):
        if a.player in seen:
            where = f"answers[{i}].player"
            raise ApiProblem("schema-violation", f"{where}: player {a.player!r} appears twice", field=where,
                             errors=[{"field": where, "message": "players must be distinct", "type": "unique"}])
        seen.add(a.player)
    with rules():
        groups = find_duplicates(get_judge(), [(a.player, a.answer) for a in req.answers],
                                 category=req.category, lang=req.lang)
    return respond(s.DuplicatesResponse, {"groups": groups})


@endpoint(bp, "/rulings", "POST", body=s.RulingRequest, response=s.Ruling, errors=(422,), tags=("judge",),
          prefix=PREFIX, summary="Rule on a challenged answer")
def rulings() -> Response:
    """Rule on a challenged answer.

    The referee's suggestion (`suggested`, `confidence`, `reasons`, `explanation`) and, when the
    table's `votes` are given, the `outcome`: the majority decides and a tie rejects (`tie_rule:
    "hasbro"`: on a tie the challenged `player`'s own vote is dropped first).
    """
    req = read_body(s.RulingRequest)
    with rules():
        ruling = suggest_ruling(get_judge(), req.answer, category=req.category, letter=req.letter, lang=req.lang,
                                votes=req.votes, tie_rule=req.tie_rule, player=req.player,
                                house_rules=_house_rules(req.house_rules))
    return respond(s.Ruling, ruling.to_dict())


@endpoint(bp, "/games/score", "POST", body=s.GameRecord, response=s.ScoredGame, errors=(422,),
          tags=("games",), prefix=PREFIX, summary="Score a game record")
def games_score() -> Response:
    """Score a game record.

    A record that breaks its schema is refused as a whole (400) with the JSON path of the first
    problem in `field` (`rounds[1].answers.ben[3]`); nothing is scored from half a record.
    """
    record = read_body(s.GameRecord)
    with rules():
        scored = score_game(record.model_dump(), get_judge())
    return respond(s.ScoredGame, scored)


def _catalogue(lang: str) -> bytes:
    judge = get_judge()
    categories = judge.matcher.catalogue.categories if judge.matcher is not None else {}
    rows = [{**c.to_dict(), "name": c.name(lang)} for c in categories.values()]
    return s.CategoriesResponse.model_validate({"lang": lang, "categories": rows}).model_dump_json().encode()


@endpoint(bp, "/categories", "GET", query=s.CategoriesQuery, response=s.CategoriesResponse, errors=(422,),
          tags=("catalogue",), prefix=PREFIX, summary="The category catalogue")
def categories() -> Response:
    """The category catalogue.

    Every catalogue category with its card wordings in each language; `name` is the usual
    wording in `lang`. A category on a card that is not in the catalogue is an open category.
    """
    query = read_query(s.CategoriesQuery)
    with rules("query"):
        lang = parse_lang(query.lang)
    body = get_referee().cached(("categories", lang), lambda: _catalogue(lang))
    response = Response(body, mimetype="application/json")
    response.cache_control.public = True
    response.cache_control.max_age = 3600
    return response


def init_app(app: Flask) -> None:
    app.register_blueprint(bp)
