"""Same-answer detection: tables of same / not-same pairs in four languages, and properties."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge import Judge
from judge.duplicates import find_duplicates, same_answer


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge()


SAME = [
    ("en", "Cities", "Boston", "boston"),
    ("en", "Bands", "The Beatles", "Beatles"),
    ("en", "Tools", "bolt cutter", "boltcutters"),
    ("en", "Animals", "beaver", "beavers"),
    ("en", "Animals", "alligator", "alliagtor"),
    ("de", "Städte", "Köln", "Cologne"),
    ("it", "Città", "Colonia", "Köln"),
    ("fr", "Pays", "Bolivia", "Bolivie"),
    ("de", "Länder", "Österreich", "Oesterreich"),
    ("it", "Fiori", "rosa", "rose"),
    ("fr", "Villes", "Londres", "London"),
]
DIFFERENT = [
    ("en", "Countries", "Austria", "Australia"),
    ("en", "Countries", "Iran", "Iraq"),
    ("en", "Animals", "goose", "moose"),
    ("en", "Animals", "clam", "lamb"),
    ("en", "Things that are cold", "Cold brew", "Cold storage"),
    ("de", "Länder", "Schweden", "Schweiz"),
    ("it", "Animali", "gatto", "gallo"),
    ("fr", "Pays", "Autriche", "Australie"),
    ("en", "Cities", "Boston", ""),
]


@pytest.mark.parametrize(("lang", "category", "a", "b"), SAME)
def test_same(judge, lang, category, a, b):
    assert same_answer(judge, a, b, category=category, lang=lang).same


@pytest.mark.parametrize(("lang", "category", "a", "b"), DIFFERENT)
def test_not_same(judge, lang, category, a, b):
    assert not same_answer(judge, a, b, category=category, lang=lang).same


WORDS = ["Boston", "boston", "Bostn", "Austin", "Austria", "Australia", "Köln", "Cologne", "The Beatles",
         "Beatles", "beaver", "beavers", "", "goose", "moose"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(WORDS), st.sampled_from(WORDS))
def test_same_answer_is_symmetric(judge, a, b):
    ab = same_answer(judge, a, b, category="Cities", lang="en")
    ba = same_answer(judge, b, a, category="Cities", lang="en")
    assert ab == ba


@settings(max_examples=40, deadline=None)
@given(st.permutations(list(enumerate(["Boston", "boston", "Bostn", "Austin", "Köln", "Cologne", "Kiel", ""]))))
def test_grouping_does_not_depend_on_order(judge, items):
    answers = [(f"p{i}", a) for i, a in items]
    groups = find_duplicates(judge, answers, category="Cities", lang="de")
    assert groups == find_duplicates(judge, sorted(answers), category="Cities", lang="de")


def test_no_chaining_through_a_middle_answer(judge):
    # "Bostn" is a typo of both, yet "Boston" and "Austin" are different cities.
    groups = find_duplicates(judge, [("a", "Boston"), ("b", "Bostn"), ("c", "Austin")],
                             category="Cities", lang="en")
    assert all({"a", "c"} - set(g) for g in groups)


def test_groups(judge):
    groups = find_duplicates(judge, [("ann", "Köln"), ("ben", "Cologne"), ("cat", "Bonn"), ("dan", "bonn"),
                                     ("eve", None)], category="Städte", lang="de")
    assert groups == [["ann", "ben"], ["cat", "dan"]]


def test_house_rules_decide_sameness_both_ways(judge):
    rules = {"same": [["Holland", "Netherlands"]], "different": [["Boston", "boston"]]}
    assert same_answer(judge, "holland", "The Netherlands", category="Countries", lang="en", house_rules=rules).same
    ruled = same_answer(judge, "Boston", "BOSTON", category="Cities", lang="en", house_rules=rules)
    assert not ruled.same and ruled.reason == "house_rule"
    groups = find_duplicates(judge, [("a", "Holland"), ("b", "Netherlands")], category="Countries", lang="en",
                             house_rules={"different": [["Holland", "Netherlands"]]})
    assert groups == []
