"""Smoke tests for the places and first-name source adapters."""

from __future__ import annotations

import json
from collections import defaultdict
from pathlib import Path

import pytest

from lexicons.sources import LANGS, Entry, names, places

CATALOGUE = Path(__file__).resolve().parents[1] / "lexicons" / "catalogue.json"


def _category_ids() -> set[str]:
    return {c["id"] for c in json.loads(CATALOGUE.read_text(encoding="utf-8"))["categories"]}


@pytest.fixture(scope="module")
def place_rows() -> list[Entry]:
    msg = places.available()
    if msg:
        pytest.skip(msg)
    return list(places.entries())


@pytest.fixture(scope="module")
def name_rows() -> list[Entry]:
    msg = names.available()
    if msg:
        pytest.skip(msg)
    return list(names.entries())


def _index(rows: list[Entry]) -> dict[tuple[str, str], set[str]]:
    """(lang, form) -> categories"""
    out: dict[tuple[str, str], set[str]] = defaultdict(set)
    for e in rows:
        out[(e.lang, e.form)].add(e.category)
    return out


def _check_contract(rows: list[Entry], mod) -> None:
    cats = _category_ids()
    keys = {s.key for s in mod.SOURCES}
    assert rows
    for e in rows:
        assert e.lang in LANGS
        assert e.category in cats, e
        assert e.source in keys, e
        assert e.form and e.form == e.form.strip(), e
        assert isinstance(e.tags, tuple)


def test_places_contract_and_sorted(place_rows):
    _check_contract(place_rows, places)
    assert place_rows == sorted(place_rows, key=lambda e: (e.category, e.concept, e.lang, e.form, e.source, e.tags))


def test_places_deterministic(place_rows):
    assert list(places.entries()) == place_rows


def test_countries(place_rows):
    idx = _index(place_rows)
    for lang, form in [
        ("en", "Russia"),
        ("de", "Russland"),
        ("fr", "Russie"),
        ("it", "Russia"),
        ("en", "Ivory Coast"),
        ("en", "Holland"),
        ("en", "Burma"),
        ("de", "Elfenbeinküste"),
        ("it", "Stati Uniti"),
        ("en", "Czech Republic"),
        ("en", "England"),
    ]:
        assert "country" in idx[(lang, form)], (lang, form)
    assert "country" not in idx[("en", "Europe")]
    assert "country" not in idx[("en", "World")]
    assert "country" not in idx[("en", "Latin America")]
    greenland = {e.tags for e in place_rows if e.concept == "iso:GL"}
    assert all("dependency" in t for t in greenland)


def test_cities(place_rows):
    idx = _index(place_rows)
    assert {"european_capital", "italian_city"} <= idx[("it", "Roma")]
    assert "european_capital" in idx[("en", "Vaduz")]
    assert "german_city" in idx[("de", "Köln")]
    assert "german_city" in idx[("it", "Colonia")]
    assert "french_city" in idx[("en", "Lyon")]
    assert "us_city" in idx[("fr", "Chicago")]
    assert "capital" in idx[("en", "Canberra")]
    for e in place_rows:
        if e.concept.startswith("geo:") and e.category.endswith(("city", "capital")):
            assert not any(ch.isdigit() for ch in e.form), e
            assert not (len(e.form) > 1 and e.form.isupper()), e


def _closure() -> dict[str, set[str]]:
    """category id -> itself and its ancestors, as the build computes it."""
    from lexicons.build import load_catalogue

    return load_catalogue()


CITY_EXONYMS = [
    # (lang, form, geonameid)
    ("it", "Zurigo", 2657896),
    ("it", "Mosca", 524901),
    ("it", "Colonia", 2886242),
    ("it", "Londra", 2643743),
    ("it", "Parigi", 2988507),
    ("it", "Monaco di Baviera", 2867714),
    ("de", "Mailand", 3173435),
    ("de", "Rom", 3169070),
    ("de", "Moskau", 524901),
    ("de", "Kairo", 360630),
    ("fr", "Londres", 2643743),
    ("fr", "Damas", 170654),
    ("fr", "Moscou", 524901),
    ("fr", "Munich", 2867714),
    ("fr", "Cologne", 2886242),
]


def test_city_exonyms(place_rows):
    closure = _closure()
    found: dict[tuple[str, str], set[str]] = defaultdict(set)
    for e in place_rows:
        if "city" in closure[e.category]:
            found[(e.lang, e.form)].add(e.concept)
    for lang, form, gid in CITY_EXONYMS:
        assert f"geo:{gid}" in found[(lang, form)], (lang, form)


def test_cldr_exemplar_cities(place_rows):
    cldr = {
        (e.lang, e.form, e.concept) for e in place_rows if e.source == places.KEY_CLDR and e.concept.startswith("geo:")
    }
    for lang, form, gid in [
        ("it", "Mosca", 524901),
        ("de", "Moskau", 524901),
        ("fr", "Moscou", 524901),
        ("it", "Zurigo", 2657896),
        ("fr", "Damas", 170654),
        ("de", "Kairo", 360630),
        ("it", "Città del Messico", 3530597),
    ]:
        assert (lang, form, f"geo:{gid}") in cldr, (lang, form)
    # language-specific, not alternate names, and never a country's name
    for e in place_rows:
        if e.source == places.KEY_CLDR and e.concept.startswith("geo:"):
            assert "alt" not in e.tags, e
    assert ("fr", "Koweït") not in {(lang, f) for lang, f, _ in cldr}
    stats = places.cldr_zone_stats()
    assert stats["zones_mapped_emitted"] >= 250, stats


def test_country_names_as_city_alt_names(place_rows):
    by_concept: dict[str, set[str]] = defaultdict(set)
    for e in place_rows:
        if e.concept.startswith("geo:") and e.category.endswith(("city", "capital")):
            by_concept[e.concept].add(e.form)
    assert "Bangladesh" not in by_concept["geo:7670934"]  # a district of Yerevan
    assert "Panama" not in by_concept["geo:4167694"]  # Panama City, Florida
    assert "Kosovo" not in by_concept["geo:789228"]  # Kosovo Polje
    assert "Kuwait" in by_concept["geo:285787"]  # Kuwait City keeps it
    assert "Mexico" in by_concept["geo:1699805"]  # Mexico, Philippines: its own name


def test_states_and_continents(place_rows):
    idx = _index(place_rows)
    assert "us_state" in idx[("de", "Kalifornien")]
    assert "us_state" in idx[("fr", "Californie")]
    assert "us_state" in idx[("it", "California")]
    assert "continent" in idx[("it", "Europa")]
    assert "continent" in idx[("fr", "Afrique")]


def test_names(name_rows):
    _check_contract(name_rows, names)
    assert name_rows == list(names.entries())
    idx = _index(name_rows)
    assert "boy_name" in idx[("it", "Giuseppe")]
    assert "girl_name" in idx[("fr", "Aurélie")]
    assert "boy_name" in idx[("de", "Jürgen")]
    assert {"boy_name", "girl_name"} <= idx[("en", "Andrea")]
    assert "boy_name" not in idx[("en", "Maria")]
    for e in name_rows:
        assert ("gender=m" in e.tags) == (e.category == "boy_name"), e
        assert e.concept == "name:" + names.fold(e.form)
