"""Shared fixtures: case tables and one referee per session."""

from __future__ import annotations

from pathlib import Path

import pytest

CASES = Path(__file__).parent / "cases"


def load_cases(name: str) -> list[dict[str, str]]:
    """Rows of ``tests/cases/<name>`` (tab separated, header in a leading ``#`` line)."""
    with open(CASES / name, encoding="utf-8", newline="") as fh:
        lines = fh.read().split("\n")
    header = lines[0].lstrip("# ").split("\t")
    rows = []
    for n, line in enumerate(lines[1:], 2):
        if not line or line.startswith("#"):
            continue
        cells = line.split("\t")
        assert len(cells) == len(header), f"{name}:{n}: {len(cells)} cells, header has {len(header)}"
        rows.append(dict(zip(header, cells, strict=True)) | {"_where": f"{name}:{n}"})
    return rows


def case_params(name: str, *keys: str) -> list[object]:
    return [pytest.param(*(row[k] for k in keys), id=row["_where"]) for row in load_cases(name)]


@pytest.fixture(scope="session")
def letters_only():
    from judge import Judge

    return Judge(knowledge=False)
