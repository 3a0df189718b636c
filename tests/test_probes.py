"""Probes: the referee knows every closed catalogue category in every language.

``tests/cases/probes.tsv`` holds, for each catalogue category with data and each of
en/it/de/fr, the category's usual card wording (its first name in the catalogue),
three well-known members that must be accepted and one clear member of another
category that must be rejected, plus the rulebook words. Rows whose ``note`` starts
with ``KNOWN GAP:`` are real knowledge gaps (a member missed, or a foil wrongly
accepted); they keep the right ``expected`` value and are expected to fail
(strictly), so fixing the gap makes the test say the table should be updated.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import load_cases

CATALOGUE = Path(__file__).resolve().parents[1] / "lexicons" / "catalogue.json"
GAP = "KNOWN GAP:"


def _probe_params() -> list[object]:
    params = []
    for row in load_cases("probes.tsv"):
        marks = [pytest.mark.xfail(strict=True, reason=row["note"])] if row["note"].startswith(GAP) else []
        params.append(pytest.param(row["lang"], row["card"], row["letter"], row["answer"], row["expected"],
                                   id=f"{row['_where']}:{row['lang']}:{row['card']}:{row['answer']}",
                                   marks=marks))
    return params


def _catalogue_names() -> list[object]:
    with open(CATALOGUE, encoding="utf-8") as fh:
        categories = json.load(fh)["categories"]
    return [pytest.param(c["id"], lang, name, id=f"{c['id']}:{lang}:{name}")
            for c in categories for lang, names in c["names"].items() for name in names]


@pytest.fixture(scope="module")
def referee():
    from judge import Judge

    return Judge()


def test_probe_table_is_well_formed():
    rows = load_cases("probes.tsv")
    assert rows
    for row in rows:
        assert row["lang"] in {"en", "it", "de", "fr"}, row["_where"]
        assert row["expected"] in {"accept", "reject"}, row["_where"]
        assert len(row["letter"]) == 1 and row["letter"].isupper(), row["_where"]
        assert row["card"] and row["answer"], row["_where"]
    gaps = sum(row["note"].startswith(GAP) for row in rows)
    assert gaps <= len(rows) // 10, f"{gaps} known gaps in {len(rows)} rows: fix the knowledge, not the table"


@pytest.mark.parametrize(("lang", "card", "letter", "answer", "expected"), _probe_params())
def test_probe(referee, lang, card, letter, answer, expected):
    v = referee.check(answer, category=card, letter=letter, lang=lang)
    assert v.category_id is not None, f"{card!r} ({lang}) did not resolve to a closed category"
    why = "; ".join(f"{r.code.value}: {r.message}" for r in v.reasons)
    assert v.verdict.value == expected, f"{answer!r} for {card!r} ({lang}): {v.verdict.value} ({why})"


@pytest.mark.parametrize(("category_id", "lang", "name"), _catalogue_names())
def test_catalogue_name_resolves_to_itself(referee, category_id, lang, name):
    assert referee.matcher.resolve_category(name, lang) == category_id
