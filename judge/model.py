"""The referee's vocabulary: verdicts, reasons and their evidence, as frozen value types."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from enum import StrEnum
from typing import Any


class Outcome(StrEnum):
    """What the referee says of an answer."""

    ACCEPT = "accept"
    REJECT = "reject"
    UNSURE = "unsure"  #: the referee can't decide: the table should vote


class Code(StrEnum):
    """Stable reason codes. Messages are for people; codes are for programs.

    Each member's meaning is in :data:`CODE_DOCS`.
    """

    # text and letter
    BLANK = "blank"
    TOO_LONG = "too_long"
    INVISIBLE_REMOVED = "invisible_removed"
    MIXED_SCRIPT = "mixed_script"
    NOT_LATIN = "not_latin"
    WRONG_LETTER = "wrong_letter"
    LETTER_OK = "letter_ok"
    SURNAME_LETTER = "surname_letter"
    ARTICLE_SKIPPED = "article_skipped"
    # category fit
    IN_CATEGORY = "in_category"
    INFLECTED_FORM = "inflected_form"
    SPELLING_CORRECTED = "spelling_corrected"
    COMPOUND_MEMBER = "compound_member"
    RELATED_CATEGORY = "related_category"
    NOT_IN_CATEGORY = "not_in_category"
    UNKNOWN_WORD = "unknown_word"
    KNOWN_WORD = "known_word"
    OPEN_CATEGORY = "open_category"
    SEMANTIC_MATCH = "semantic_match"
    NOT_CHECKED = "not_checked"
    HOUSE_RULE = "house_rule"
    # games
    REPEATED_ON_SHEET = "repeated_on_sheet"
    DUPLICATE = "duplicate"
    CHALLENGE_UPHELD = "challenge_upheld"
    CHALLENGE_OVERRULED = "challenge_overruled"
    TABLE_RULING = "table_ruling"
    INTERSECTION_TAKEN = "intersection_taken"
    UNSURE_SCORED = "unsure_scored"
    IGNORED = "ignored"
    MALFORMED_ROW = "malformed_row"


CODE_DOCS: dict[Code, str] = {
    Code.BLANK: "The answer is empty.",
    Code.TOO_LONG: "The answer is longer than the 200 characters the referee reads.",
    Code.INVISIBLE_REMOVED: "Invisible or control characters were removed before judging.",
    Code.MIXED_SCRIPT: "Latin letters are mixed with look-alike letters of another script.",
    Code.NOT_LATIN: "The answer is not written in Latin letters.",
    Code.WRONG_LETTER: "No word that may carry the key letter starts with it.",
    Code.LETTER_OK: "The key word starts with the key letter.",
    Code.SURNAME_LETTER: "The key letter is carried by the surname of a person's name.",
    Code.ARTICLE_SKIPPED: "Leading articles were skipped; they never carry the letter.",
    Code.IN_CATEGORY: "The answer is a known member of the category.",
    Code.INFLECTED_FORM: "The answer is an inflected form (plural, ...) of a member.",
    Code.SPELLING_CORRECTED: "The answer is a recognisable misspelling of a member.",
    Code.COMPOUND_MEMBER: "The answer's head word names a member (a *blue heron* is a heron).",
    Code.RELATED_CATEGORY: "A member of a neighbouring category that tables count too (a drink as a food).",
    Code.NOT_IN_CATEGORY: "The answer is known, as something outside the category.",
    Code.UNKNOWN_WORD: "The referee knows no such word in this language.",
    Code.KNOWN_WORD: "A real word of the language, not known to belong to the category.",
    Code.OPEN_CATEGORY: "The category is open (not in the catalogue): fit is judged by meaning.",
    Code.SEMANTIC_MATCH: "Meaning suggests the answer fits the open category.",
    Code.NOT_CHECKED: "The referee has no knowledge to check the category with.",
    Code.HOUSE_RULE: "The table's own list decided.",
    Code.REPEATED_ON_SHEET: "The same answer appears earlier on this player's sheet this round.",
    Code.DUPLICATE: "Another player gave the same answer: it scores nothing.",
    Code.CHALLENGE_UPHELD: "The table's vote rejected the challenged answer.",
    Code.CHALLENGE_OVERRULED: "The table's vote accepted the challenged answer.",
    Code.TABLE_RULING: "The table's recorded ruling replaces the referee's verdict.",
    Code.INTERSECTION_TAKEN: "The marble at this category and letter was already taken.",
    Code.UNSURE_SCORED: "The referee was unsure; the game's rules say how that scores.",
    Code.IGNORED: "Recorded after the round ended; not scored.",
    Code.MALFORMED_ROW: "An input row could not be read; it is reported, not dropped.",
}


@dataclass(frozen=True)
class Evidence:
    """What a reason rests on: the lexicon entry, its source, the matched spelling."""

    source: str | None = None
    entry: str | None = None
    matched: str | None = None
    concept: str | None = None
    category: str | None = None
    detail: str | None = None

    def to_dict(self) -> dict[str, str]:
        return {f.name: v for f in fields(self) if (v := getattr(self, f.name)) is not None}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Evidence:
        return cls(**{f.name: data.get(f.name) for f in fields(cls)})


@dataclass(frozen=True)
class Reason:
    """One reason for a verdict: a stable ``code``, a sentence, and its evidence."""

    code: Code
    message: str
    evidence: Evidence | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": str(self.code),
            "message": self.message,
            "evidence": self.evidence.to_dict() if self.evidence else None,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reason:
        ev = data.get("evidence")
        return cls(Code(data["code"]), str(data["message"]), Evidence.from_dict(ev) if ev else None)


@dataclass(frozen=True)
class Verdict:
    """The referee's judgement of one answer (see the spec's "The verdict")."""

    answer: str
    category: str
    letter: str
    lang: str
    verdict: Outcome
    confidence: float
    reasons: tuple[Reason, ...] = field(default=())
    key_word: str | None = None
    normalized: str = ""
    concept: str | None = None
    category_id: str | None = None

    @property
    def codes(self) -> tuple[Code, ...]:
        return tuple(r.code for r in self.reasons)

    def to_dict(self) -> dict[str, Any]:
        return {
            "answer": self.answer,
            "category": self.category,
            "letter": self.letter,
            "lang": self.lang,
            "verdict": str(self.verdict),
            "confidence": round(self.confidence, 3),
            "reasons": [r.to_dict() for r in self.reasons],
            "key_word": self.key_word,
            "normalized": self.normalized,
            "concept": self.concept,
            "category_id": self.category_id,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Verdict:
        return cls(
            answer=data["answer"],
            category=data["category"],
            letter=data["letter"],
            lang=data["lang"],
            verdict=Outcome(data["verdict"]),
            confidence=float(data["confidence"]),
            reasons=tuple(Reason.from_dict(r) for r in data.get("reasons", ())),
            key_word=data.get("key_word"),
            normalized=data.get("normalized", ""),
            concept=data.get("concept"),
            category_id=data.get("category_id"),
        )
