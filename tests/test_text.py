"""The letter rules of every rulebook and language, as case tables, plus properties."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge import Code, InvalidLetter, Outcome, UnknownLanguage, text
from tests.conftest import case_params


@pytest.mark.parametrize(("lang", "answer", "letter", "letter_ok", "key_word"),
                         case_params("letters.tsv", "lang", "answer", "letter", "letter_ok", "key_word"))
def test_letter_rules(letters_only, lang, answer, letter, letter_ok, key_word):
    verdict = letters_only.check(answer, category="anything", letter=letter, lang=lang)
    if letter_ok == "yes":
        assert Code.WRONG_LETTER not in verdict.codes, verdict.reasons
        assert verdict.verdict is Outcome.UNSURE
    else:
        assert Code.WRONG_LETTER in verdict.codes
        assert verdict.verdict is Outcome.REJECT
    assert verdict.key_word == key_word


@pytest.mark.parametrize(("lang", "answer", "letter", "code"),
                         case_params("letter_rejects.tsv", "lang", "answer", "letter", "code"))
def test_rejects_with_reason(letters_only, lang, answer, letter, code):
    verdict = letters_only.check(answer, category="anything", letter=letter, lang=lang)
    assert verdict.verdict is Outcome.REJECT
    assert Code(code) in verdict.codes


def test_homoglyph_reason_names_the_character(letters_only):
    verdict = letters_only.check("Wоlf", category="Animals", letter="W")
    message = next(r.message for r in verdict.reasons if r.code is Code.MIXED_SCRIPT)
    assert "CYRILLIC SMALL LETTER O" in message and "'o'" in message


def test_invisible_characters_are_removed_and_reported(letters_only):
    verdict = letters_only.check("Ro\u200bsa", category="Fiori", letter="R", lang="it")
    assert Code.INVISIBLE_REMOVED in verdict.codes
    assert verdict.normalized == "rosa"


def test_over_long_answer_is_rejected_not_raised(letters_only):
    verdict = letters_only.check("B" * 201, category="Cities", letter="B")
    assert verdict.verdict is Outcome.REJECT and Code.TOO_LONG in verdict.codes
    assert letters_only.check("B" * 200, category="Cities", letter="B").verdict is Outcome.UNSURE


@pytest.mark.parametrize("bad", ["AB", "", "1", "?", " ", "ß"])
def test_bad_letter_is_a_clear_error(letters_only, bad):
    with pytest.raises(InvalidLetter, match="single letter"):
        letters_only.check("Boston", category="Cities", letter=bad)


def test_unknown_language_is_a_clear_error(letters_only):
    with pytest.raises(UnknownLanguage, match="en, it, de, fr"):
        letters_only.check("Boston", category="Cities", letter="B", lang="es")


@pytest.mark.parametrize(("answer", "letter", "lang", "count"), [
    ("Peter, Paul and Mary", "P", "en", 2),
    ("Peter Piper", "P", "en", 2),
    ("The Pink Panther", "P", "en", 2),
    ("Bed, Bath and Beyond", "B", "en", 3),
    ("Boston", "B", "en", 1),
    ("Boston", "C", "en", 0),
    ("Pane e pomodoro", "P", "it", 2),
    ("Le petit prince", "P", "fr", 2),
    ("Max und Moritz", "M", "de", 2),
])
def test_alliteration_count(answer, letter, lang, count):
    assert text.alliteration_count(answer, letter, lang) == count


@given(st.text(max_size=300))
def test_folding_twice_changes_nothing(s):
    assert text.fold(text.fold(s)) == text.fold(s)
    cleaned = text.clean(s).text
    assert text.clean(cleaned).text == cleaned


@given(st.text(max_size=300), st.sampled_from(["A", "B", "Z", "é"]), st.sampled_from(text.LANGS))
def test_no_text_crashes_the_pipeline(letters_only, s, letter, lang):
    verdict = letters_only.check(s, category="Cities", letter=letter, lang=lang)
    assert verdict.verdict in (Outcome.ACCEPT, Outcome.REJECT, Outcome.UNSURE)
    assert 0.0 <= verdict.confidence <= 1.0


def test_verdict_round_trips_through_dict(letters_only):
    from judge import Verdict

    verdict = letters_only.check("Il Tevere", category="Fiumi", letter="T", lang="it")
    assert Verdict.from_dict(verdict.to_dict()) == verdict
