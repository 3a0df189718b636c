"""One pydantic model per request and response body.

These models are the single source of truth: they validate what clients send, shape
what the API answers, and make up the ``components/schemas`` of the OpenAPI document
(:mod:`api.openapi`). Requests are strict (``"1"`` is not a number, ``1`` is not a
string, unknown fields are an error); responses are built from the library's
``to_dict()`` output and checked against these models before they leave.

Rules of the game stay in the library: a language or letter the referee does not
know is a well-formed request it rejects (422), so ``lang`` and ``letter`` are plain
strings here, not enums.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool

from judge.model import Code

Outcome = Literal["accept", "reject", "unsure"]
SettledOutcome = Literal["accept", "reject"]

_LANG = Field("en", description="Language of the answer and the category: `en`, `it`, `de` or `fr`.",
              examples=["en"], max_length=35)
_LETTER = Field(description="The key letter: one letter A-Z (accents fold: `É` is `E`).", examples=["R"],
                max_length=16)
_CATEGORY = Field(description="The category as written on the card, in any of the four languages.",
                  examples=["Fiori"], max_length=500)
_ANSWER = Field(description="The player's answer, as written.", examples=["Rosa"])


class Request(BaseModel):
    """Base of request bodies: strict types, unknown fields refused."""

    model_config = ConfigDict(strict=True, extra="forbid")


class Response(BaseModel):
    """Base of response bodies."""

    model_config = ConfigDict(extra="forbid")


# --- requests ---------------------------------------------------------------------------------------------------


class HouseRules(Request):
    """The table's own lists: these answers are always accepted / always rejected."""

    accept: list[str] = Field(default_factory=list, max_length=10_000)
    reject: list[str] = Field(default_factory=list, max_length=10_000)


class CheckRequest(Request):
    """One answer to judge."""

    answer: str = _ANSWER
    category: str = _CATEGORY
    letter: str = _LETTER
    lang: str = _LANG
    house_rules: HouseRules | None = None

    model_config = ConfigDict(json_schema_extra={
        "examples": [{"answer": "Rosa", "category": "Fiori", "letter": "R", "lang": "it"}]})


class BatchItem(CheckRequest):
    """One answer of a batch; ``id`` (optional) is echoed back in its result."""

    id: str | int | None = Field(None, description="Any id of the client's; echoed in the result.")


class BatchRequest(Request):
    """Several answers, judged in order. At most ``MAX_BATCH_ITEMS`` (413 beyond)."""

    items: list[BatchItem] = Field(description="The answers to judge.")


class DuplicateAnswer(Request):
    player: str = Field(min_length=1, description="The player (or team); distinct within a request.")
    answer: str | None = Field(description="The answer; null or blank never groups.")


class DuplicatesRequest(Request):
    """The answers of one category in one round."""

    lang: str = _LANG
    category: str = _CATEGORY
    answers: list[DuplicateAnswer]

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "lang": "en", "category": "Bands", "answers": [
            {"player": "ann", "answer": "The Beatles"}, {"player": "ben", "answer": "Beatles"},
            {"player": "cat", "answer": "Blur"}]}]})


class RulingRequest(CheckRequest):
    """A challenged answer, and optionally the table's votes (``true`` = acceptable)."""

    votes: dict[str, StrictBool] | None = Field(
        None, description="`{voter: true/false}`. With votes the answer carries the table's `outcome`.")
    tie_rule: Literal["reject", "hasbro"] = Field(
        "reject", description="`reject`: a tie rejects (the rulebook). `hasbro`: on a tie the challenged "
                              "player's own vote is dropped, and a tie that remains rejects.")
    player: str | None = Field(None, description="The challenged player (for the `hasbro` tie rule).")

    model_config = ConfigDict(json_schema_extra={"examples": [{
        "answer": "Brr", "category": "Things that are cold", "letter": "B", "lang": "en",
        "votes": {"ann": False, "ben": True}}]})


class GameRecord(BaseModel):
    """A game record (see the project's game-records contract); the library checks the rest of it."""

    model_config = ConfigDict(extra="allow", strict=True, json_schema_extra={"examples": [{
        "game": "scattergories", "lang": "en", "players": ["ann", "ben"],
        "categories": ["A boy's name", "U.S. cities"],
        "rounds": [{"letter": "B", "answers": {"ann": ["Bob", "Boston"], "ben": ["Bill", "boston"]}}]}]})

    game: str = Field(description="`scattergories` (also `stadt-land-fluss`, `petit-bac`), `category` or "
                                  "`color-words`.")


class CategoriesQuery(Request):
    """Query string of ``GET /v1/categories``."""

    lang: str = _LANG


# --- responses --------------------------------------------------------------------------------------------------


class EvidenceOut(Response):
    """What a reason rests on."""

    source: str | None = None
    entry: str | None = None
    matched: str | None = None
    concept: str | None = None
    category: str | None = None
    detail: str | None = None


class ReasonOut(Response):
    """One reason: a stable snake_case ``code`` and a sentence for people."""

    code: Code
    message: str
    evidence: EvidenceOut | None


class Verdict(Response):
    """The referee's judgement of one answer."""

    answer: str
    category: str
    letter: str
    lang: str
    verdict: Outcome
    confidence: float = Field(ge=0, le=1)
    reasons: list[ReasonOut]
    key_word: str | None
    normalized: str
    concept: str | None
    category_id: str | None


class BatchResult(Verdict):
    id: str | int | None = Field(None, description="The item's `id`, if it had one.")


class BatchResponse(Response):
    results: list[BatchResult] = Field(description="One verdict per item, in the items' order.")


class DuplicatesResponse(Response):
    groups: list[list[str]] = Field(description="Players whose answers are the same (each group two or more).")


class Ruling(Response):
    """The referee's suggestion on a challenge; with votes, the table's outcome too."""

    suggested: Outcome
    confidence: float = Field(ge=0, le=1)
    reasons: list[ReasonOut]
    explanation: str = Field(description="A sentence a table can read aloud.")
    verdict: Verdict
    outcome: SettledOutcome | None = Field(None, description="With votes: majority; a tie rejects.")
    votes_for: int | None = None
    votes_against: int | None = None


class ScoredGame(Response):
    """The scored game; the fields besides these depend on the game."""

    model_config = ConfigDict(extra="allow")

    game: str
    totals: dict[str, int | float]
    winners: list[str]
    warnings: list[str]


class CategoryOut(Response):
    id: str
    kind: str = Field(description="`closed` (the referee knows its members) or `open`.")
    parents: list[str]
    name: str = Field(description="The usual card wording in the requested language.")
    names: dict[str, list[str]] = Field(description="Card wordings (aliases) per language.")


class CategoriesResponse(Response):
    lang: str
    categories: list[CategoryOut]


class Health(Response):
    status: Literal["ready"]
    version: str
    languages: list[str] = Field(description="Languages whose lexicons are loaded.")


class FieldError(Response):
    field: str = Field(description="Where in the request: `items[3].letter`, `body`, `query.lang`.")
    message: str
    type: str


class Problem(Response):
    """An error (RFC 9457 problem details), served as `application/problem+json`."""

    model_config = ConfigDict(extra="allow")

    type: str = Field(description="A URI naming the kind of problem.")
    title: str
    status: int
    detail: str
    field: str | None = Field(None, description="The offending field, when one is to blame.")
    errors: list[FieldError] | None = Field(None, description="Every schema violation found.")
    request_id: str | None = None
