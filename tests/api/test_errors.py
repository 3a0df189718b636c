"""Every error class answers application/problem+json with the right status; never a 500 for client input."""

from __future__ import annotations

import json
import logging

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

PROBLEM = "application/problem+json"
GOOD = {"answer": "Rosa", "category": "Fiori", "letter": "R", "lang": "it"}


def assert_problem(res, status, kind=None, field=None):
    assert res.status_code == status, res.data
    assert res.mimetype == PROBLEM
    body = res.json
    assert {"type", "title", "status", "detail"} <= set(body)
    assert body["status"] == status and body["title"] and body["detail"]
    assert body["request_id"] == res.headers["X-Request-ID"]
    if kind:
        assert body["type"] == f"urn:category-judge:problem:{kind}"
    if field:
        assert body["field"] == field
    return body


# --- 400 -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("raw", ["{", "", "nul", '{"answer": "x",}', b'{"answer": "\xff"}', '{"a": "\\ud800"}'])
def test_broken_json_is_400(client, raw):
    res = client.post("/v1/check", data=raw, content_type="application/json")
    assert_problem(res, 400, "invalid-json", "body")


# body, field named
SCHEMA_VIOLATIONS = [
    ([], "body"),
    ("just a string", "body"),
    ({"category": "Fiori", "letter": "R"}, "answer"),
    ({**GOOD, "answer": 5}, "answer"),
    ({**GOOD, "letter": None}, "letter"),
    ({**GOOD, "lang": ["it"]}, "lang"),
    ({**GOOD, "colour": "red"}, "colour"),
    ({**GOOD, "house_rules": {"accept": "rosa"}}, "house_rules.accept"),
]


@pytest.mark.parametrize(("body", "field"), SCHEMA_VIOLATIONS)
def test_schema_violation_is_400_naming_the_field(client, body, field):
    res = client.post("/v1/check", json=body)
    problem = assert_problem(res, 400, "schema-violation", field)
    assert problem["errors"][0]["field"] == field and field in problem["detail"]


def test_batch_schema_violation_names_the_item(client):
    res = client.post("/v1/check/batch", json={"items": [GOOD, {**GOOD, "letter": 3}]})
    assert_problem(res, 400, "schema-violation", "items[1].letter")


def test_ruling_votes_must_be_booleans(client):
    res = client.post("/v1/rulings", json={**GOOD, "votes": {"ann": "yes"}})
    assert_problem(res, 400, "schema-violation", "votes.ann")


def test_ruling_tie_rule_is_one_of_two(client):
    res = client.post("/v1/rulings", json={**GOOD, "votes": {"ann": True}, "tie_rule": "coin"})
    assert_problem(res, 400, "schema-violation", "tie_rule")


def test_duplicates_players_must_be_distinct(client):
    res = client.post("/v1/duplicates", json={"lang": "en", "category": "Cities", "answers": [
        {"player": "ann", "answer": "Boston"}, {"player": "ann", "answer": "Bonn"}]})
    assert_problem(res, 400, "schema-violation", "answers[1].player")


def test_game_record_error_names_the_path(client):
    from tests.api.test_endpoints import RECORD

    record = json.loads(json.dumps(RECORD))
    record["rounds"][0]["answers"]["ben"][2] = 5
    problem = assert_problem(client.post("/v1/games/score", json=record), 400, "invalid-record",
                             "rounds[0].answers.ben[2]")
    assert "rounds[0].answers.ben[2]" in problem["detail"]


@pytest.mark.parametrize(("record", "field"), [({"game": "chess"}, "game"), ({"lang": "en"}, "game"),
                                              ({"game": 3}, "game")])
def test_game_record_without_a_known_game_is_400(client, record, field):
    res = client.post("/v1/games/score", json=record)
    assert_problem(res, 400, field=field)


def test_bad_query_is_400(client):
    assert_problem(client.get("/v1/categories?lang=" + "x" * 100), 400, "schema-violation", "query.lang")


# --- 404, 405 ------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("path", ["/nope", "/v1", "/v2/check", "/v1/check/", "/static/missing.js"])
def test_unknown_path_is_404(client, path):
    assert_problem(client.get(path), 404, "not-found")


@pytest.mark.parametrize(("method", "path", "allowed"), [
    ("get", "/v1/check", "POST"), ("put", "/v1/check/batch", "POST"), ("delete", "/v1/rulings", "POST"),
    ("post", "/v1/categories", "GET"), ("post", "/healthz", "GET"), ("patch", "/openapi.json", "GET")])
def test_wrong_method_is_405_with_allow(client, method, path, allowed):
    res = getattr(client, method)(path)
    assert_problem(res, 405, "method-not-allowed")
    assert allowed in res.headers["Allow"]


# --- 413 -----------------------------------------------------------------------------------------------------------

def test_body_over_the_limit_is_413(make_app):
    client = make_app(MAX_CONTENT_LENGTH=1000).test_client()
    res = client.post("/v1/check", json={**GOOD, "answer": "R" * 2000})
    assert_problem(res, 413, field="body")
    assert "1,000 bytes" in res.json["detail"]


def test_default_body_limit_is_one_megabyte(client):
    res = client.post("/v1/check", json={**GOOD, "answer": "R" * (1024 * 1024)})
    assert_problem(res, 413)
    assert client.post("/v1/check", json={**GOOD, "answer": "R" * 1000}).status_code == 200


def test_too_many_batch_items_is_413(make_app):
    client = make_app(MAX_BATCH_ITEMS=3).test_client()
    assert client.post("/v1/check/batch", json={"items": [GOOD] * 3}).status_code == 200
    assert_problem(client.post("/v1/check/batch", json={"items": [GOOD] * 4}), 413, "too-many-items", "items")


def test_default_batch_limit_is_a_thousand(client):
    assert_problem(client.post("/v1/check/batch", json={"items": [GOOD] * 1001}), 413, "too-many-items")


def test_too_many_duplicate_answers_is_413(make_app):
    client = make_app(MAX_DUPLICATE_ANSWERS=2).test_client()
    answers = [{"player": p, "answer": "Boston"} for p in "abc"]
    res = client.post("/v1/duplicates", json={"lang": "en", "category": "Cities", "answers": answers})
    assert_problem(res, 413, "too-many-items", "answers")


# --- 415 -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("data", "content_type"), [
    (json.dumps(GOOD), "text/plain"), ("answer=Rosa", "application/x-www-form-urlencoded"),
    (json.dumps(GOOD), None), (b"\x00\x01", "application/octet-stream")])
def test_body_that_is_not_json_is_415(client, data, content_type):
    res = client.post("/v1/check", data=data, content_type=content_type)
    assert_problem(res, 415, "unsupported-media-type", "body")


def test_json_suffix_media_types_are_json(client):
    res = client.post("/v1/check", data=json.dumps(GOOD), content_type="application/vnd.judge+json; charset=utf-8")
    assert res.status_code == 200


# --- 422 -----------------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("change", "field"), [
    ({"lang": "xx"}, "lang"), ({"lang": "english"}, "lang"), ({"letter": "AB"}, "letter"),
    ({"letter": ""}, "letter"), ({"letter": "7"}, "letter"), ({"letter": "Ж"}, "letter")])
def test_rules_reject_is_422(client, change, field):
    assert_problem(client.post("/v1/check", json={**GOOD, **change}), 422, "rejected-by-rules", field)
    assert_problem(client.post("/v1/rulings", json={**GOOD, **change}), 422, "rejected-by-rules", field)


def test_batch_rules_reject_names_the_item(client):
    res = client.post("/v1/check/batch", json={"items": [GOOD, GOOD, {**GOOD, "letter": "XY"}]})
    assert_problem(res, 422, "rejected-by-rules", "items[2].letter")


def test_duplicates_unknown_language_is_422(client):
    res = client.post("/v1/duplicates", json={"lang": "tlh", "category": "Cities", "answers": []})
    assert_problem(res, 422, "rejected-by-rules", "lang")


def test_categories_unknown_language_is_422(client):
    assert_problem(client.get("/v1/categories?lang=zz"), 422, "rejected-by-rules", "query.lang")


# --- 500 -----------------------------------------------------------------------------------------------------------

def test_unexpected_failure_is_500_logged_without_internals(make_app, monkeypatch, caplog):
    app = make_app()
    referee = app.extensions["referee"]

    class Exploding:
        matcher = None

        def check(self, *args, **kwargs):
            raise RuntimeError("secret internal detail")

    monkeypatch.setattr(referee, "judge", Exploding())
    logger = logging.getLogger("api")
    monkeypatch.setattr(logger, "propagate", True)
    with caplog.at_level(logging.ERROR, logger="api"):
        res = app.test_client().post("/v1/check", json=GOOD, headers={"X-Request-ID": "trace-42"})
    body = assert_problem(res, 500, "internal-error")
    assert "secret" not in res.get_data(as_text=True) and "Traceback" not in res.get_data(as_text=True)
    assert body["request_id"] == "trace-42"
    records = [r for r in caplog.records if r.name == "api" and r.levelno == logging.ERROR]
    assert records and records[0].request_id == "trace-42" and records[0].exc_info


# --- never a 500 for what a client sends -----------------------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12)
fields = st.fixed_dictionaries({}, optional={
    "answer": json_values | st.text(), "category": json_values | st.sampled_from(["Fiori", "Cities", "Tiere"]),
    "letter": json_values | st.text(max_size=3), "lang": json_values | st.sampled_from(["en", "it", "de", "fr"]),
    "votes": json_values | st.dictionaries(st.text(max_size=5), st.booleans(), max_size=3),
    "items": json_values, "answers": json_values, "game": json_values, "players": json_values,
    "rounds": json_values})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(path=st.sampled_from(["/v1/check", "/v1/check/batch", "/v1/duplicates", "/v1/rulings", "/v1/games/score"]),
       body=fields | json_values)
def test_client_input_never_causes_a_500(client, path, body):
    res = client.post(path, json=body)
    assert res.status_code < 500, res.json
    if res.status_code >= 400:
        assert res.mimetype == PROBLEM
