"""Every endpoint of the contract through the Flask test client: the happy paths."""

from __future__ import annotations

import pytest

from api import create_app

VERDICT_FIELDS = {"answer", "category", "letter", "lang", "verdict", "confidence", "reasons", "key_word",
                  "normalized", "concept", "category_id"}

# answer, category, letter, lang, expected verdict, expected key_word
CHECKS = [
    ("Rosa", "Fiori", "R", "it", "accept", "Rosa"),
    ("Rosa", "Fiori", "M", "it", "reject", "Rosa"),
    ("Il Tevere", "Fiumi", "T", "it", "accept", "Tevere"),
    ("Köln", "Städte", "K", "de", "accept", "Köln"),
    ("Boston", "Cities", "b", "en", "accept", "Boston"),
    ("Paris", "Villes", "P", "fr", "accept", "Paris"),
    ("", "Animals", "A", "en", "reject", None),
]


@pytest.mark.parametrize(("answer", "category", "letter", "lang", "verdict", "key_word"), CHECKS)
def test_check(client, answer, category, letter, lang, verdict, key_word):
    res = client.post("/v1/check", json={"answer": answer, "category": category, "letter": letter, "lang": lang})
    assert res.status_code == 200, res.json
    assert res.mimetype == "application/json"
    body = res.json
    assert set(body) == VERDICT_FIELDS
    assert (body["verdict"], body["key_word"], body["answer"], body["lang"]) == (verdict, key_word, answer, lang)
    assert all({"code", "message", "evidence"} <= set(r) for r in body["reasons"])


def test_check_lang_defaults_to_english(client):
    res = client.post("/v1/check", json={"answer": "The Beatles", "category": "Bands", "letter": "B"})
    assert res.status_code == 200
    assert res.json["lang"] == "en" and res.json["key_word"] == "Beatles"


def test_check_house_rules(client):
    body = {"answer": "Brr", "category": "Things that are cold", "letter": "B", "lang": "en",
            "house_rules": {"reject": ["brr"]}}
    res = client.post("/v1/check", json=body)
    assert res.status_code == 200
    assert res.json["verdict"] == "reject"
    assert "house_rule" in [r["code"] for r in res.json["reasons"]]


def test_check_matches_the_library(client, shared_judge):
    """The API only translates: its verdict is the library's, field for field."""
    res = client.post("/v1/check", json={"answer": "Mosca", "category": "Città", "letter": "M", "lang": "it"})
    assert res.json == shared_judge.check("Mosca", category="Città", letter="M", lang="it").to_dict()


def test_batch_in_order_with_ids(client):
    items = [{"answer": a, "category": c, "letter": x, "lang": lang} for a, c, x, lang, *_ in CHECKS]
    items[0]["id"] = "first"
    items[1]["id"] = 7
    res = client.post("/v1/check/batch", json={"items": items})
    assert res.status_code == 200
    results = res.json["results"]
    assert [r["answer"] for r in results] == [i["answer"] for i in items]
    assert [r["verdict"] for r in results] == [c[4] for c in CHECKS]
    assert results[0]["id"] == "first" and results[1]["id"] == 7 and "id" not in results[2]


def test_batch_empty(client):
    res = client.post("/v1/check/batch", json={"items": []})
    assert res.status_code == 200 and res.json == {"results": []}


def test_duplicates(client):
    body = {"lang": "en", "category": "Bands", "answers": [
        {"player": "ann", "answer": "The Beatles"}, {"player": "ben", "answer": "Beatles"},
        {"player": "cat", "answer": "Blur"}, {"player": "dan", "answer": None}, {"player": "eve", "answer": ""}]}
    res = client.post("/v1/duplicates", json=body)
    assert res.status_code == 200
    assert res.json == {"groups": [["ann", "ben"]]}


def test_duplicates_do_not_depend_on_order(client):
    answers = [{"player": "ann", "answer": "boston"}, {"player": "ben", "answer": "Boston"},
               {"player": "cat", "answer": "Baltimore"}]
    forward = client.post("/v1/duplicates", json={"lang": "en", "category": "Cities", "answers": answers})
    backward = client.post("/v1/duplicates", json={"lang": "en", "category": "Cities", "answers": answers[::-1]})
    assert forward.json == backward.json == {"groups": [["ann", "ben"]]}


CHALLENGE = {"answer": "Brr", "category": "Things that are cold", "letter": "B", "lang": "en"}


def test_ruling_without_votes(client):
    res = client.post("/v1/rulings", json=CHALLENGE)
    assert res.status_code == 200
    body = res.json
    assert {"suggested", "confidence", "reasons", "explanation", "verdict"} <= set(body)
    assert "outcome" not in body and "votes_for" not in body
    assert body["verdict"]["answer"] == "Brr"


# votes, tie_rule, player -> outcome, votes_for, votes_against
VOTES = [
    ({"ann": True, "ben": True, "cat": False}, "reject", None, "accept", 2, 1),
    ({"ann": True, "ben": False, "cat": False}, "reject", None, "reject", 1, 2),
    ({"ann": True, "ben": False}, "reject", None, "reject", 1, 1),  # a tie rejects
    ({}, "reject", None, "reject", 0, 0),
    ({"ann": True, "ben": True, "cat": False, "dan": False}, "hasbro", "cat", "accept", 2, 2),
    ({"ann": True, "ben": True, "cat": False, "dan": False}, "hasbro", "ann", "reject", 2, 2),
    ({"ann": True, "ben": True, "cat": False, "dan": False}, "hasbro", None, "reject", 2, 2),
]


@pytest.mark.parametrize(("votes", "tie_rule", "player", "outcome", "yes", "no"), VOTES)
def test_ruling_votes_and_tie_rules(client, votes, tie_rule, player, outcome, yes, no):
    body = {**CHALLENGE, "votes": votes, "tie_rule": tie_rule}
    if player:
        body["player"] = player
    res = client.post("/v1/rulings", json=body)
    assert res.status_code == 200, res.json
    assert (res.json["outcome"], res.json["votes_for"], res.json["votes_against"]) == (outcome, yes, no)
    assert res.json["reasons"][-1]["code"] == ("challenge_overruled" if outcome == "accept" else "challenge_upheld")


RECORD = {
    "game": "scattergories", "lang": "en", "players": ["ann", "ben", "cat"],
    "categories": ["A boy's name", "U.S. cities", "Things that are cold"],
    "rules": {"alliteration_bonus": False, "unsure": "accept"},
    "rounds": [{"letter": "B",
                "answers": {"ann": ["Bob", "Boston", "Blizzard"], "ben": ["Bill", "boston", None],
                            "cat": ["Bruno Mars", "Baltimore", "Brr"]},
                "challenges": [{"player": "cat", "category": 2, "votes": {"ann": False, "ben": False, "cat": True}}]}],
}


def test_games_score(client, shared_judge):
    from judge.games import score_game

    res = client.post("/v1/games/score", json=RECORD)
    assert res.status_code == 200, res.json
    body = res.json
    assert {"game", "totals", "winners", "warnings", "rounds"} <= set(body)
    assert body == score_game(RECORD, shared_judge)  # translated, not re-ruled
    boston = body["rounds"][0]["answers"]["ben"][1]
    assert "duplicate" in [r["code"] for r in boston["reasons"]]


@pytest.mark.parametrize("lang", ["en", "it", "de", "fr"])
def test_categories(client, lang):
    res = client.get(f"/v1/categories?lang={lang}")
    assert res.status_code == 200
    assert res.json["lang"] == lang
    cats = {c["id"]: c for c in res.json["categories"]}
    assert "city" in cats and cats["city"]["name"] == {"en": "Cities", "it": "Città", "de": "Städte",
                                                       "fr": "Villes"}[lang]
    assert set(cats["city"]) == {"id", "kind", "parents", "name", "names"}
    assert "public" in res.headers["Cache-Control"]


def test_categories_default_lang(client):
    assert client.get("/v1/categories").json["lang"] == "en"


def test_healthz_ready(client):
    res = client.get("/healthz")
    assert res.status_code == 200
    assert res.json["status"] == "ready" and res.json["languages"] == ["en", "it", "de", "fr"]


def test_healthz_not_ready_until_warmed(shared_judge):
    """With background warming, /healthz answers 503 until the lexicons are in."""
    import threading

    gate = threading.Event()

    class SlowStore:
        def warm(self, lang):
            gate.wait(10)

    class SlowMatcher:
        store = SlowStore()
        catalogue = shared_judge.matcher.catalogue
        semantic = shared_judge.matcher.semantic

    class SlowJudge:
        matcher = SlowMatcher()

    app = create_app({"JUDGE": SlowJudge(), "WARM": "background", "ACCESS_LOG": False})
    client = app.test_client()
    res = client.get("/healthz")
    assert res.status_code == 503
    assert res.mimetype == "application/problem+json" and res.headers["Retry-After"]
    gate.set()
    referee = app.extensions["referee"]
    assert referee._ready.wait(10)
    assert client.get("/healthz").status_code == 200


def test_healthz_reports_a_failed_warm():
    class BrokenStore:
        def warm(self, lang):
            raise OSError("lexicon missing")

    class BrokenJudge:
        class matcher:
            store = BrokenStore()

    app = create_app({"JUDGE": BrokenJudge(), "ACCESS_LOG": False})
    res = app.test_client().get("/healthz")
    assert res.status_code == 503 and "lexicon missing" in res.json["detail"]


def test_judge_is_built_once_per_app_not_per_request(make_app, shared_judge, monkeypatch):
    import judge.referee

    app = make_app()
    client = app.test_client()
    built = []
    monkeypatch.setattr(judge.referee.Judge, "__init__", lambda self, *a, **k: built.append(1))
    for _ in range(3):
        assert client.post("/v1/check", json={"answer": "Rosa", "category": "Fiori", "letter": "R",
                                              "lang": "it"}).status_code == 200
    assert built == [] and app.extensions["referee"].judge is shared_judge


def test_letters_only_app_builds_its_own_judge():
    app = create_app({"JUDGE_KNOWLEDGE": False, "ACCESS_LOG": False})
    res = app.test_client().post("/v1/check", json={"answer": "Rosa", "category": "Fiori", "letter": "R",
                                                    "lang": "it"})
    assert res.status_code == 200 and res.json["verdict"] == "unsure"
