"""The lexicon build: reproducible, header-checked, with a manifest of its sources."""

from __future__ import annotations

import gzip
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest

from judge import LexiconError
from judge.lexicon import FORMAT, Store, read_table

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "lexicons" / "compiled"


def build(out: Path, *only: str) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, str(ROOT / "lexicons" / "build.py"), "--out", str(out)]
    if only:
        args += ["--only", *only]
    return subprocess.run(args, capture_output=True, text=True, timeout=900)


def test_seed_build_is_reproducible(tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    assert build(first, "seeds").returncode == 0
    assert build(second, "seeds").returncode == 0
    names = sorted(p.name for p in first.iterdir())
    assert names == sorted(p.name for p in second.iterdir())
    for name in names:
        assert (first / name).read_bytes() == (second / name).read_bytes(), name


def test_manifest_records_sources_and_counts():
    manifest = json.loads((COMPILED / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["format_version"] == FORMAT
    for source in manifest["sources"]:
        assert source["name"] and source["version"] and source["licence"], source
    assert manifest["concepts_per_category"]["flower"]["it"] > 50
    sizes = sum(f["bytes"] for f in manifest["files"].values())
    assert sizes < 60_000_000


def test_store_refuses_another_format(tmp_path):
    for path in COMPILED.iterdir():
        if path.is_file():
            (tmp_path / path.name).write_bytes(path.read_bytes())
    manifest = json.loads((tmp_path / "manifest.json").read_text(encoding="utf-8"))
    manifest["format_version"] = FORMAT + 1
    (tmp_path / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    with pytest.raises(LexiconError, match="format"):
        Store(tmp_path).concepts  # noqa: B018


def test_table_header_is_checked(tmp_path):
    bad = tmp_path / "forms-en.tsv.gz"
    bad.write_bytes(gzip.compress(b"# something else\nrose\tx\n"))
    with pytest.raises(LexiconError, match="expected a 'forms' file"):
        list(read_table(bad, "forms"))


def _sources_missing() -> str | None:
    sys.path.insert(0, str(ROOT))
    for name in ("seeds", "places", "names", "wordnets", "wordlists"):
        missing = importlib.import_module(f"lexicons.sources.{name}").available()
        if missing:
            return f"{name}: {missing}"
    return None


def test_full_rebuild_gives_the_committed_bytes(tmp_path):
    missing = _sources_missing()
    if missing:
        pytest.skip(f"raw sources absent ({missing}); run lexicons/setup-sources.sh to rebuild")
    assert build(tmp_path).returncode == 0
    for path in sorted(COMPILED.glob("*.gz")):
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name
