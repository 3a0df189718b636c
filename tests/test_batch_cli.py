"""The `judge` command: check and batch as interfaces.md says."""

from __future__ import annotations

import json
import subprocess
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from judge import batch
from judge.cli import main


def run_judge(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "judge.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_check_prints_verdict_json(capsys):
    assert main(["check", "The Beatles", "--category", "Bands", "--letter", "B", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["key_word"] == "Beatles" and out["letter"] == "B"


def test_check_bad_letter_exits_2(capsys):
    assert main(["check", "Rosa", "--category", "Fiori", "--letter", "RS", "--lang", "it"]) == 2
    assert "letter" in capsys.readouterr().err


def test_batch_jsonl_keeps_every_row_in_order(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join([
        json.dumps({"id": 1, "lang": "it", "category": "Fiori", "letter": "R", "answer": "Rosa"}),
        "{broken json",
        json.dumps({"id": 3, "lang": "it", "category": "Fiori", "answer": "Rosa"}),
        json.dumps({"id": 4, "lang": "it", "category": "Fiori", "letter": "RS", "answer": "Rosa"}),
        json.dumps([1, 2]),
        json.dumps({"id": 6, "lang": "xx", "category": "Fiori", "letter": "R", "answer": "Rosa"}),
        json.dumps({"id": 7, "lang": "en", "category": "Cities", "letter": "B", "answer": 5}),
        json.dumps({"id": 8, "lang": "en", "category": "Cities", "letter": "B", "answer": "Boston"}),
    ]) + "\n", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    proc = run_judge("batch", str(src), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 8
    assert [r.get("id") for r in rows] == [1, None, 3, 4, None, 6, 7, 8]
    assert [r["verdict"] == "error" for r in rows] == [False, True, True, True, True, True, True, False]
    assert "line 2" in rows[1]["reasons"][0]["message"]
    assert "'letter'" in rows[2]["reasons"][0]["message"]
    assert rows[0]["answer"] == "Rosa" and rows[0]["key_word"] == "Rosa"


def test_batch_csv_in_and_out(tmp_path):
    src = tmp_path / "in.csv"
    src.write_text("id,lang,category,letter,answer\n1,en,Cities,B,Boston\n2,en,Cities,B,\n"
                   "3,en,Cities,B,Boston,extra\n4,de,Städte,K,Köln\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    assert run_judge("batch", str(src), "-o", str(out)).returncode == 0
    import csv

    rows = list(csv.DictReader(out.open(encoding="utf-8")))
    assert [r["id"] for r in rows] == ["1", "2", "", "4"]
    assert [r["verdict"] for r in rows][1:3] == ["reject", "error"]


def test_batch_from_stdin():
    row = json.dumps({"id": "x", "lang": "fr", "category": "Villes", "letter": "M", "answer": "Moscou"})
    proc = run_judge("batch", "-", stdin=row + "\n")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["id"] == "x"


def test_batch_unreadable_input_exits_2(tmp_path):
    proc = run_judge("batch", str(tmp_path / "missing.jsonl"))
    assert proc.returncode == 2 and "cannot read" in proc.stderr


@settings(max_examples=40, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=40), st.builds(lambda a, l: json.dumps(
    {"id": 1, "lang": "en", "category": "Cities", "letter": l, "answer": a}),
    st.text(max_size=20), st.text(max_size=2))), max_size=30))
def test_batch_returns_as_many_rows_as_given(lines):
    import io

    lines = [ln.replace("\n", " ").replace("\r", " ") for ln in lines]
    lines = [ln for ln in lines if ln.strip()]
    items = list(batch.read_items(io.StringIO("\n".join(lines)), "jsonl"))
    done = batch.handle_chunk(batch.Job("check", knowledge=False), items)
    assert isinstance(done.output, str)
    assert done.rows == len(lines) == len(done.output.splitlines())
