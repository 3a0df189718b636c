"""API fixtures: one warmed referee per test session, a fresh app per test."""

from __future__ import annotations

import pytest

from api import create_app


@pytest.fixture(scope="session")
def shared_judge():
    """The real referee with every language loaded, built once (as the server builds it once)."""
    from judge import Judge

    judge = Judge()
    for lang in ("en", "it", "de", "fr"):
        judge.matcher.store.warm(lang)
    return judge


@pytest.fixture
def make_app(shared_judge):
    """Build a fresh app around the shared referee, with settings overridden."""

    def make(**config):
        return create_app({"JUDGE": shared_judge, "ACCESS_LOG": False, **config})

    return make


@pytest.fixture
def app(make_app):
    return make_app()


@pytest.fixture
def client(app):
    return app.test_client()
