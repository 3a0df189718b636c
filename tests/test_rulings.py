"""Challenges: vote settling under both tie rules, and the referee's suggestion."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from judge import InvalidInput, Judge, Outcome
from judge.rulings import settle_votes, suggest_ruling


@pytest.mark.parametrize(("votes", "tie_rule", "player", "outcome"), [
    ({"a": True, "b": True, "c": False}, "reject", None, "accept"),
    ({"a": True, "b": False, "c": False}, "reject", None, "reject"),
    ({"a": True, "b": False}, "reject", None, "reject"),  # a tie rejects
    ({"a": True, "b": True, "c": False, "d": False}, "reject", "c", "reject"),
    ({}, "reject", None, "reject"),
    # Hasbro: on a tie the challenged player's own vote is dropped
    ({"a": True, "b": True, "c": False, "d": False}, "hasbro", "c", "accept"),
    ({"a": True, "b": True, "c": False, "d": False}, "hasbro", "a", "reject"),
    ({"a": True, "b": False}, "hasbro", "b", "accept"),
    ({"a": True, "b": False}, "hasbro", None, "reject"),  # no challenged player known: a tie rejects
    ({"a": True, "b": False, "c": True}, "hasbro", "a", "accept"),  # no tie: plain majority
])
def test_settle_votes(votes, tie_rule, player, outcome):
    assert settle_votes(votes, tie_rule=tie_rule, player=player) is Outcome(outcome)


def test_votes_must_be_booleans():
    with pytest.raises(InvalidInput, match=r"votes\.b"):
        settle_votes({"a": True, "b": "yes"})
    with pytest.raises(InvalidInput, match="tie_rule"):
        settle_votes({"a": True}, tie_rule="coin")


@given(st.dictionaries(st.text(min_size=1, max_size=5), st.booleans(), max_size=9))
def test_majority_property(votes):
    yes = sum(votes.values())
    outcome = settle_votes(votes)
    assert (outcome is Outcome.ACCEPT) == (yes > len(votes) - yes)


@pytest.fixture(scope="module")
def judge() -> Judge:
    return Judge()


def test_suggestion_explains_itself(judge):
    ruling = suggest_ruling(judge, "Roma", category="Fiumi", letter="R", lang="it")
    assert ruling.suggested is Outcome.REJECT and ruling.outcome is None
    assert "river" in ruling.explanation()


def test_votes_replace_the_suggestion(judge):
    ruling = suggest_ruling(judge, "Roma", category="Fiumi", letter="R", lang="it",
                            votes={"ann": True, "ben": True, "cat": False})
    assert ruling.suggested is Outcome.REJECT and ruling.outcome is Outcome.ACCEPT
    assert ruling.to_dict()["outcome"] == "accept" and ruling.votes_for == 2


def test_hasbro_tie_message_names_the_dropped_vote(judge):
    ruling = suggest_ruling(judge, "Rosa", category="Fiori", letter="R", lang="it", tie_rule="hasbro",
                            player="cat", votes={"ann": True, "ben": True, "cat": False, "dan": False})
    assert ruling.outcome is Outcome.ACCEPT
    assert "a tie rejects" not in ruling.explanation() and "cat" in ruling.explanation()
