"""Verdicts of the real referee on tables of cases in four languages."""

from __future__ import annotations

import pytest

from judge import Code, Judge, Outcome
from tests.conftest import case_params


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge()


@pytest.mark.parametrize(("lang", "category", "letter", "answer", "verdict", "code"),
                         case_params("verdicts.tsv", "lang", "category", "letter", "answer", "verdict", "code"))
def test_verdicts(judge, lang, category, letter, answer, verdict, code):
    v = judge.check(answer, category=category, letter=letter, lang=lang)
    assert v.verdict is Outcome(verdict), v.reasons
    assert Code(code) in v.codes, v.reasons


def test_evidence_names_source_and_entry(judge):
    v = judge.check("Rodano", category="Fiumi", letter="R", lang="it")
    reason = next(r for r in v.reasons if r.code is Code.IN_CATEGORY)
    assert reason.evidence is not None and reason.evidence.source and reason.evidence.entry
    assert v.concept and v.category_id == "river"


def test_not_in_category_says_what_it_is_instead(judge):
    v = judge.check("Roma", category="Fiumi", letter="R", lang="it")
    message = next(r.message for r in v.reasons if r.code is Code.NOT_IN_CATEGORY)
    assert "cit" in message.lower() and "river" in message


def test_same_concept_across_languages(judge):
    ids = {judge.check(a, category=c, letter=a[0], lang=lang).concept
           for a, c, lang in [("Köln", "Städte", "de"), ("Cologne", "Cities", "en"), ("Colonia", "Città", "it")]}
    assert len(ids) == 1 and None not in ids


def test_typo_keeps_the_key_letter(judge):
    # "Rosa" is one edit from "Posa"-like strings; a typo never changes the letter asked for.
    v = judge.check("Eose", category="Flowers", letter="E")
    assert Code.SPELLING_CORRECTED not in v.codes or (v.reasons[-1].evidence and
                                                      v.reasons[-1].evidence.entry.lower().startswith("e"))


def test_house_rules_override_both_ways(judge):
    accepted = judge.check("Zorglub", category="Animals", letter="Z", house_rules={"accept": ["zorglub"]})
    assert accepted.verdict is Outcome.ACCEPT and Code.HOUSE_RULE in accepted.codes
    rejected = judge.check("dog", category="Animals", letter="D", house_rules={"reject": ["Dog"]})
    assert rejected.verdict is Outcome.REJECT and Code.HOUSE_RULE in rejected.codes


@pytest.mark.parametrize(("wording", "lang", "category_id"), [
    ("Fiori", "it", "flower"), ("Città", "it", "city"), ("Städte", "de", "city"), ("Stadt", "de", "city"),
    ("Villes", "fr", "city"), ("A boy's name", "en", "boy_name"), ("Vornamen", "de", "first_name"),
    ("Prénoms", "fr", "first_name"), ("Nomi di persona", "it", "first_name"), ("U.S. cities", "en", "us_city"),
    ("European capitals", "en", "european_capital"), ("U.S. presidents", "en", "us_president"),
    ("Italian cities", "en", "italian_city"), ("Flowrs", "en", "flower"), ("Gesteinsart", "de", "rock"),
    ("Things that are cold", "en", None), ("Cose che si trovano in cucina", "it", None),
])
def test_category_resolution(judge, wording, lang, category_id):
    assert judge.matcher.resolve_category(wording, lang) == category_id


def test_open_card_examples_stay_open(judge):
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).resolve().parent.parent / "lexicons" / "catalogue.json").read_text("utf-8"))
    resolved = [(lang, card, judge.matcher.resolve_category(card, lang))
                for lang, cards in data["open_examples"].items() for card in cards]
    assert [r for r in resolved if r[2] is not None] == []
