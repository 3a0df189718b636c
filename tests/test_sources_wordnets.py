"""Tests of the wordnet / bilingual-dictionary source adapter."""

from __future__ import annotations

import re

import pytest

from lexicons.sources import LANGS, Entry, Source, wordnets

WANTED = ["animal", "mammal", "bird", "fish", "insect", "reptile", "dog_breed", "plant", "flower", "tree", "fruit", "vegetable", "food", "dessert", "cheese", "spice", "drink", "color", "body_part", "clothing", "furniture", "tool", "vehicle", "instrument", "sport", "profession", "disease", "container", "weapon", "rock", "currency", "building", "language", "chemical_element", "celestial_body"]


def test_contract_shape():
    assert isinstance(wordnets.SOURCES, list) and wordnets.SOURCES
    assert all(isinstance(s, Source) and s.licence for s in wordnets.SOURCES)
    assert set(wordnets.CATEGORIES) == set(WANTED)


@pytest.fixture(scope="module")
def rows() -> list[Entry]:
    why = wordnets.available()
    if why is not None:
        pytest.skip(why)
    return list(wordnets.entries())


@pytest.fixture(scope="module")
def index(rows):
    out: dict[tuple[str, str], set[str]] = {}
    for e in rows:
        out.setdefault((e.lang, e.category), set()).add(e.form)
    return out


def test_rows_are_valid_and_sorted(rows):
    keys = {s.key for s in wordnets.SOURCES}
    cats = set(WANTED)
    for e in rows[:: max(1, len(rows) // 5000)]:
        assert e.lang in LANGS
        assert e.category in cats
        assert re.fullmatch(r"wn:\d{8}-n", e.concept)
        assert e.source in keys
        assert e.form and e.form == e.form.strip() and "_" not in e.form
    assert rows == sorted(rows, key=lambda e: (e.lang, e.category, e.concept, e.form, e.source, e.tags))


def test_every_category_in_every_language(index):
    for cat in WANTED:
        for lang in LANGS:
            assert index.get((lang, cat)), (lang, cat)


@pytest.mark.parametrize("lang,cat,form", [
    ("en", "mammal", "elephant"), ("en", "bird", "sparrow"), ("en", "flower", "rose"),
    ("en", "flower", "tulip"), ("en", "tree", "oak"), ("en", "fruit", "apple"),
    ("en", "vegetable", "carrot"), ("en", "dog_breed", "poodle"), ("en", "cheese", "Brie"),
    ("en", "chemical_element", "oxygen"), ("en", "celestial_body", "Mars"),
    ("en", "language", "English"), ("en", "instrument", "violin"), ("en", "sport", "tennis"),
    ("en", "vehicle", "bicycle"), ("en", "clothing", "hat"), ("en", "tool", "hammer"),
    ("it", "mammal", "gatto"), ("it", "flower", "rosa"), ("it", "fruit", "mela"),
    ("it", "instrument", "violino"), ("fr", "mammal", "chat"), ("fr", "fruit", "pomme"),
    ("fr", "instrument", "violon"), ("de", "mammal", "Katze"), ("de", "bird", "Nachtigall"),
    ("de", "flower", "Rose"), ("de", "instrument", "Geige"), ("de", "fruit", "Apfel"),
])
def test_known_members(index, lang, cat, form):
    assert form in index.get((lang, cat), set())


@pytest.mark.parametrize("lang,cat,form", [
    ("en", "mammal", "mammal"),  # the root itself
    ("en", "mammal", "Gorilla gorilla"),  # Latin binomial
    ("en", "dog_breed", "puppy"),
    ("en", "dog_breed", "dog"),
    ("en", "container", "car"),  # wheeled vehicles are containers in WordNet
    ("de", "mammal", "Keule"),  # bat (club), not bat (animal)
    ("en", "chemical_element", "Fe"),
])
def test_excluded(index, lang, cat, form):
    assert form not in index.get((lang, cat), set())


def test_child_categories_do_not_repeat_in_parent(rows):
    by: dict[str, set[str]] = {}
    for e in rows:
        by.setdefault(e.category, set()).add(e.concept)
    assert not by["animal"] & by["mammal"]
    assert not by["plant"] & by["flower"]
    assert not by["food"] & by["fruit"]
