"""Plumbing: request ids, CORS, JSON access logs, proxies, settings, the OpenAPI document and /docs."""

from __future__ import annotations

import doctest
import json
import logging

import pytest

import api
import api.config
import api.problems
from api.http import JsonFormatter

GOOD = {"answer": "Rosa", "category": "Fiori", "letter": "R", "lang": "it"}


@pytest.mark.parametrize("module", [api, api.problems])
def test_doctests(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


# --- request ids ---------------------------------------------------------------------------------------------------

def test_every_response_has_a_request_id(client):
    ids = {client.get(p).headers["X-Request-ID"] for p in ("/healthz", "/nope", "/openapi.json")}
    assert len(ids) == 3 and all(len(i) == 32 for i in ids)


@pytest.mark.parametrize("given", ["abc-123", "4bf92f3577b34da6a3ce929d0e0e4736", "req:1.2_3"])
def test_a_sane_request_id_is_echoed(client, given):
    res = client.post("/v1/check", json=GOOD, headers={"X-Request-ID": given})
    assert res.headers["X-Request-ID"] == given


@pytest.mark.parametrize("given", ["", "x" * 129, "a b", "<script>", "id\u00e9"])
def test_an_odd_request_id_is_replaced(client, given):
    res = client.post("/v1/check", json=GOOD, headers={"X-Request-ID": given})
    assert res.headers["X-Request-ID"] != given and len(res.headers["X-Request-ID"]) == 32


# --- CORS ----------------------------------------------------------------------------------------------------------

def test_no_cors_by_default(client):
    res = client.post("/v1/check", json=GOOD, headers={"Origin": "https://game.example"})
    assert "Access-Control-Allow-Origin" not in res.headers


def test_cors_for_listed_origins(make_app):
    client = make_app(CORS_ORIGINS=("https://game.example",)).test_client()
    res = client.post("/v1/check", json=GOOD, headers={"Origin": "https://game.example"})
    assert res.headers["Access-Control-Allow-Origin"] == "https://game.example"
    assert "X-Request-ID" in res.headers["Access-Control-Expose-Headers"]
    assert "Origin" in res.headers["Vary"]
    other = client.post("/v1/check", json=GOOD, headers={"Origin": "https://evil.example"})
    assert "Access-Control-Allow-Origin" not in other.headers


def test_cors_preflight(make_app):
    client = make_app(CORS_ORIGINS="*").test_client()
    res = client.options("/v1/check", headers={"Origin": "https://x.example", "Access-Control-Request-Method": "POST",
                                                "Access-Control-Request-Headers": "content-type"})
    assert res.status_code == 200
    assert res.headers["Access-Control-Allow-Origin"] == "*"
    assert "POST" in res.headers["Access-Control-Allow-Methods"]
    assert "Content-Type" in res.headers["Access-Control-Allow-Headers"]


def test_cors_headers_on_errors_too(make_app):
    client = make_app(CORS_ORIGINS="*").test_client()
    res = client.post("/v1/check", json={**GOOD, "lang": "xx"}, headers={"Origin": "https://x.example"})
    assert res.status_code == 422 and res.headers["Access-Control-Allow-Origin"] == "*"


# --- access log ----------------------------------------------------------------------------------------------------

class Collect(logging.Handler):
    def __init__(self):
        super().__init__()
        self.lines = []

    def emit(self, record):
        self.lines.append(json.loads(JsonFormatter().format(record)))


def test_access_log_is_one_json_line_per_request(make_app):
    handler = Collect()
    logger = logging.getLogger("api.access")
    logger.addHandler(handler)
    try:
        client = make_app(ACCESS_LOG=True).test_client()
        client.post("/v1/check", json=GOOD, headers={"X-Request-ID": "log-1", "User-Agent": "table/1"})
        client.get("/nope")
    finally:
        logger.removeHandler(handler)
    first, second = handler.lines
    assert first["request_id"] == "log-1" and first["method"] == "POST" and first["path"] == "/v1/check"
    assert first["status"] == 200 and first["duration_ms"] >= 0 and first["bytes"] > 0
    assert first["user_agent"] == "table/1" and first["logger"] == "api.access"
    assert second["status"] == 404


def test_access_log_off(make_app):
    handler = Collect()
    logger = logging.getLogger("api.access")
    logger.addHandler(handler)
    try:
        make_app(ACCESS_LOG=False).test_client().get("/healthz")
    finally:
        logger.removeHandler(handler)
    assert handler.lines == []


# --- proxies and settings -------------------------------------------------------------------------------------------

def test_trusted_proxy_sets_the_client_address(make_app):
    handler = Collect()
    logger = logging.getLogger("api.access")
    logger.addHandler(handler)
    try:
        make_app(TRUSTED_PROXIES=1, ACCESS_LOG=True).test_client().get(
            "/healthz", headers={"X-Forwarded-For": "203.0.113.7"})
        make_app(ACCESS_LOG=True).test_client().get("/healthz", headers={"X-Forwarded-For": "203.0.113.7"})
    finally:
        logger.removeHandler(handler)
    assert handler.lines[0]["remote_addr"] == "203.0.113.7"
    assert handler.lines[1]["remote_addr"] != "203.0.113.7"


def test_settings_from_the_environment():
    env = {"JUDGE_API_MAX_BATCH_ITEMS": "50", "JUDGE_API_CORS_ORIGINS": "https://a.example, https://b.example",
           "JUDGE_API_ACCESS_LOG": "no", "JUDGE_API_WARM_LANGS": "it", "JUDGE_API_JUDGE": "ignored"}
    assert api.config.from_environ(env) == {"MAX_BATCH_ITEMS": 50,
                                            "CORS_ORIGINS": ("https://a.example", "https://b.example"),
                                            "ACCESS_LOG": False, "WARM_LANGS": ("it",)}
    assert api.config.from_environ({"JUDGE_API_CORS_ORIGINS": "*"}) == {"CORS_ORIGINS": "*"}
    with pytest.raises(ValueError, match="JUDGE_API_MAX_CONTENT_LENGTH"):
        api.config.from_environ({"JUDGE_API_MAX_CONTENT_LENGTH": "1MB"})


def test_environment_reaches_the_app(shared_judge, monkeypatch):
    monkeypatch.setenv("JUDGE_API_MAX_BATCH_ITEMS", "2")
    app = api.create_app({"JUDGE": shared_judge, "ACCESS_LOG": False})
    assert app.config["MAX_BATCH_ITEMS"] == 2
    assert app.test_client().post("/v1/check/batch", json={"items": [GOOD] * 3}).status_code == 413


def test_apps_do_not_share_settings(make_app):
    small, default = make_app(MAX_BATCH_ITEMS=1), make_app()
    assert small.config["MAX_BATCH_ITEMS"] == 1 and default.config["MAX_BATCH_ITEMS"] == 1000


# --- OpenAPI and /docs ------------------------------------------------------------------------------------------------

CONTRACT = {("/v1/check", "post"), ("/v1/check/batch", "post"), ("/v1/duplicates", "post"), ("/v1/rulings", "post"),
            ("/v1/games/score", "post"), ("/v1/categories", "get"), ("/healthz", "get")}


def test_openapi_document_covers_the_contract(client):
    res = client.get("/openapi.json")
    assert res.status_code == 200 and res.mimetype == "application/json"
    doc = res.json
    assert doc["openapi"].startswith("3.")
    ops = {(path, method) for path, methods in doc["paths"].items() for method in methods}
    assert ops == CONTRACT
    check = doc["paths"]["/v1/check"]["post"]
    body_schema = check["requestBody"]["content"]["application/json"]["schema"]
    assert body_schema == {"$ref": "#/components/schemas/CheckRequest"}
    assert set(check["responses"]) == {"200", "400", "405", "413", "415", "422"}
    problem = doc["components"]["responses"]["422"]["content"]["application/problem+json"]["schema"]
    assert problem == {"$ref": "#/components/schemas/Problem"}
    schemas = doc["components"]["schemas"]
    assert schemas["CheckRequest"]["additionalProperties"] is False
    assert {"accept", "reject", "unsure"} == set(schemas["Verdict"]["properties"]["verdict"]["enum"])
    assert "wrong_letter" in schemas["Code"]["enum"]


def test_openapi_document_is_the_schemas(client):
    """The document's request schema is the one pydantic validates with."""
    from api.schemas import CheckRequest

    doc = client.get("/openapi.json").json
    assert set(doc["components"]["schemas"]["CheckRequest"]["required"]) == set(
        CheckRequest.model_json_schema()["required"])


def test_openapi_document_carries_the_app_limits(make_app):
    doc = make_app(MAX_BATCH_ITEMS=7).test_client().get("/openapi.json").json
    assert doc["components"]["schemas"]["BatchRequest"]["properties"]["items"]["maxItems"] == 7


def test_docs_page_is_served_from_package_assets(client):
    page = client.get("/docs")
    assert page.status_code == 200 and page.mimetype == "text/html"
    html = page.get_data(as_text=True)
    assert "static/docs.js" in html and "http" not in html.replace("http-equiv", "")  # nothing from a CDN
    for asset, kind in (("/static/docs.js", "javascript"), ("/static/docs.css", "css")):
        res = client.get(asset)
        assert res.status_code == 200 and kind in res.mimetype
    assert "openapi.json" in client.get("/static/docs.js").get_data(as_text=True)
