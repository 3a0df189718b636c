"""`judge score` on archives (folders, JSONL), disagreements, and `judge report`."""

from __future__ import annotations

import csv
import json
from pathlib import Path
from typing import Any

import pytest

from judge import archive, batch
from judge.cli import main


def scattergories(game_id: str | None = None, **changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "game": "scattergories", "lang": "en", "players": ["ann", "ben", "cat"],
        "categories": ["Cities", "Animals"],
        "rounds": [{"letter": "B",
                    "answers": {"ann": ["Boston", "bear"], "ben": ["Berlin", "qwxzzt"], "cat": ["boston", None]},
                    "challenges": [
                        # the table rejects a city the referee knows: a disagreement
                        {"player": "ben", "category": 0, "votes": {"ann": False, "ben": True, "cat": False}},
                        # the table accepts a wrong letter: a disagreement the referee is sure of
                        {"player": "ann", "category": 1, "votes": {"ann": True, "ben": True, "cat": True}}]}],
    }
    record["rounds"][0]["answers"]["ann"][1] = "wolf"
    if game_id is not None:
        record["id"] = game_id
    record.update(changes)
    return record


def category_game(game_id: str = "cat-1") -> dict[str, Any]:
    colours = ["blue"] * 9 + ["yellow"] * 8 + ["white"] * 8
    return {
        "id": game_id, "game": "category", "lang": "it", "players": ["Anna", "Bruno"],
        "rounds": [{"categories": ["Fiori", "Città", "Animali", "Frutta", "Paesi"],
                    "letters": ["R", "M", "T", "G", "C"],
                    "marbles": [colours[i * 5:(i + 1) * 5] for i in range(5)],
                    "turns": [{"player": "Anna", "words": [{"word": "Rosa", "category": "Fiori", "letter": "R",
                                                            "ruling": "reject"}]},
                              {"player": "Bruno", "words": [{"word": "Milano", "category": "Città", "letter": "M"}]},
                              {"player": "Anna", "words": []}, {"player": "Bruno", "words": []}]}],
    }


@pytest.fixture()
def jsonl_archive(tmp_path: Path) -> Path:
    path = tmp_path / "games.jsonl"
    broken = scattergories("broken")
    broken["rounds"][0]["answers"]["ben"][1] = 42
    lines = [json.dumps(scattergories("sg-1")), json.dumps(category_game()), json.dumps(broken), "",
             '{"game": "scattergories", "lang": ', json.dumps(scattergories())]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def results(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_is_archive(tmp_path: Path) -> None:
    assert archive.is_archive(str(tmp_path)) and archive.is_archive("x.jsonl")
    assert not archive.is_archive("game.json") and not archive.is_archive("-")


def test_jsonl_archive_one_result_per_game(jsonl_archive: Path, tmp_path: Path) -> None:
    out = tmp_path / "results.jsonl"
    table_path = tmp_path / "disagreements.csv"
    summary, table = archive.run_archive(str(jsonl_archive), str(out), disagreements=str(table_path),
                                         show_progress=False)
    rows = results(out)
    assert summary.rows == 5 and summary.counts == {"ok": 3, "error": 2}
    assert [r["game_id"] for r in rows] == ["sg-1", "cat-1", "broken", "games.jsonl:5", "games.jsonl:6"]
    assert [r["status"] for r in rows] == ["ok", "ok", "error", "error", "ok"]
    assert rows[2]["error"] == {"path": "rounds[0].answers.ben[1]", "message": "expected a string or null, "
                                                                               "got a number"}
    assert rows[3]["error"]["path"] == "" and "not valid JSON" in rows[3]["error"]["message"]
    assert rows[0]["result"]["game"] == "scattergories"
    assert not any("id" in w for w in rows[0]["warnings"])
    # disagreements: ben's Berlin (table rejects), ann's wolf under B (table accepts), Anna's Rosa (ruling)
    found = {(d["game_id"], d["answer"]): d for d in table}
    assert set(found) >= {("sg-1", "Berlin"), ("sg-1", "wolf"), ("cat-1", "Rosa")}
    wolf = found["sg-1", "wolf"]
    assert (wolf["referee"], wolf["table"], wolf["decided_by"], wolf["votes"]) == ("reject", "accept", "challenge",
                                                                                   "3-0")
    assert any(r["code"] == "wrong_letter" and r["evidence"] for r in wolf["reasons"])
    rosa = found["cat-1", "Rosa"]
    assert (rosa["referee"], rosa["table"], rosa["decided_by"]) == ("accept", "reject", "ruling")
    assert [d["confidence"] for d in table] == sorted((d["confidence"] for d in table), reverse=True)
    written = list(csv.DictReader(table_path.open(encoding="utf-8")))
    assert len(written) == len(table) and written[0]["evidence"]


def test_folder_archive(tmp_path: Path) -> None:
    folder = tmp_path / "archive"
    (folder / "2024").mkdir(parents=True)
    (folder / "2024" / "b.json").write_text(json.dumps(scattergories()), encoding="utf-8")
    (folder / "a.json").write_text("{not json", encoding="utf-8")
    (folder / "notes.txt").write_text("ignored", encoding="utf-8")
    out = tmp_path / "out.jsonl"
    assert main(["score", str(folder), "-o", str(out), "-q"]) == 0
    rows = results(out)
    assert [(r["game_id"], r["status"]) for r in rows] == [("2024/b.json", "ok"), ("a.json", "error")]


def test_single_record_still_prints_the_scored_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    record.write_text(json.dumps(scattergories()), encoding="utf-8")
    assert main(["score", str(record)]) == 0
    assert json.loads(capsys.readouterr().out)["game"] == "scattergories"


def test_score_summary_and_table_on_stderr(jsonl_archive: Path, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(jsonl_archive), "-o", str(tmp_path / "r.jsonl")]) == 0
    err = capsys.readouterr().err
    assert "5 games" in err and "ok 3" in err and "error 2" in err and "disagreement" in err


def test_archive_with_workers_and_resume_gives_the_same_bytes(jsonl_archive: Path, tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    archive.run_archive(str(jsonl_archive), str(one), show_progress=False)
    archive.run_archive(str(jsonl_archive), str(two), workers=2, show_progress=False)
    assert one.read_bytes() == two.read_bytes()
    data = one.read_bytes()
    torn = tmp_path / "torn.jsonl"
    torn.write_bytes(data[: len(data) // 2])
    summary, table = archive.run_archive(str(jsonl_archive), str(torn), resume=True, show_progress=False)
    assert torn.read_bytes() == data and summary.resumed >= 1
    assert len(table) == sum(len(r.get("disagreements", [])) for r in results(one))


def test_missing_archive_is_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(tmp_path / "nope.jsonl")]) == 2


def test_report_from_archive_results(jsonl_archive: Path, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    out = tmp_path / "results.jsonl"
    archive.run_archive(str(jsonl_archive), str(out), show_progress=False)
    page = tmp_path / "report.html"
    assert main(["report", str(out), "-o", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.count("data:image/png;base64,") == 5  # languages, categories, confidence, reasons, duplicates
    assert "Disagreements between the table and the referee" in text and "wolf" in text
    assert "rounds[0].answers.ben[1]" in text  # the broken record is listed
    assert "src='http" not in text and "<script" not in text


def test_report_from_batch_rows(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    src = tmp_path / "in.jsonl"
    src.write_text("\n".join(json.dumps({"id": i, "lang": lang, "category": cat, "letter": letter, "answer": a})
                             for i, (lang, cat, letter, a) in enumerate([
                                 ("en", "Cities", "B", "Boston"), ("it", "Fiori", "R", "Rosa"),
                                 ("en", "Cities", "B", "Paris")])) + "\n{oops\n", encoding="utf-8")
    rows = tmp_path / "rows.jsonl"
    batch.run_file(batch.Job(), str(src), str(rows), show_progress=False)
    page = tmp_path / "r.html"
    assert main(["report", str(rows), "-o", str(page), "--title", "Nightly <batch>"]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.count("data:image/png;base64,") == 4 and "Nightly &lt;batch&gt;" in text
    assert "4 judged answers" in text


def test_report_of_nothing_is_bad_input(tmp_path: Path) -> None:
    empty = tmp_path / "empty.jsonl"
    empty.write_text("", encoding="utf-8")
    assert main(["report", str(empty), "-o", str(tmp_path / "r.html")]) == 2
