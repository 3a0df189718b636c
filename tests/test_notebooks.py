"""The notebooks run top to bottom on a fresh kernel (nbclient), with a timeout per cell."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def labelled_rows(path: Path) -> Path:
    """A tiny labelled file of our own, so the calibration notebook runs without the dev set."""
    rows = [("en", "Cities", "B", "Boston", "accept"), ("en", "Cities", "B", "Banana", "reject"),
            ("it", "Fiori", "R", "Rosa", "accept"), ("it", "Fiori", "R", "Roma", "reject"),
            ("de", "Tiere", "H", "Hund", "accept"), ("fr", "Pays", "F", "France", "accept"),
            ("fr", "Pays", "F", "Fromage", "reject"), ("en", "Animals", "Z", "zebra", "accept")]
    path.write_text("".join(json.dumps({"lang": lang, "category": c, "letter": letter, "answer": a,
                                        "expected": e}) + "\n" for lang, c, letter, a, e in rows),
                    encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(p.name for p in NOTEBOOKS.glob("*.ipynb")))
def test_notebook_runs(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    pytest.importorskip("matplotlib")
    monkeypatch.setenv("JUDGE_CALIBRATION_FILE", str(labelled_rows(tmp_path / "labelled.jsonl")))
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    assert all(not cell.get("outputs") for cell in nb.cells if cell.cell_type == "code"), "clear outputs first"
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOKS)}})
    client.execute()
    errors = [o for cell in nb.cells for o in cell.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
