"""Challenges: the referee's suggested ruling, and settling the table's vote.

The rulebook (Scattergories): every player votes thumbs up or down, the majority
decides, and a tie rejects the word. The Hasbro variant (``tie_rule="hasbro"``):
on a tie the challenged player's own vote is dropped, and a tie that remains rejects.

>>> settle_votes({"ann": True, "ben": False}).value
'reject'
>>> settle_votes({"ann": True, "ben": False, "cat": False}, tie_rule="hasbro", player="ann").value
'reject'
>>> settle_votes({"ann": True, "ben": True, "cat": False, "dan": False}, tie_rule="hasbro", player="cat").value
'accept'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from judge.errors import InvalidInput
from judge.model import Code, Evidence, Outcome, Reason, Verdict

TIE_RULES = ("reject", "hasbro")


def settle_votes(votes: Mapping[str, object], *, tie_rule: str = "reject", player: str | None = None) -> Outcome:
    """The table's outcome: majority of ``{voter: True/False}``; a tie rejects."""
    if tie_rule not in TIE_RULES:
        raise InvalidInput(f"tie_rule must be one of {', '.join(TIE_RULES)}, got {tie_rule!r}")
    for voter, vote in votes.items():
        if not isinstance(vote, bool):
            raise InvalidInput(f"votes.{voter}: expected true or false, got {vote!r}")
    yes = sum(1 for v in votes.values() if v)
    no = len(votes) - yes
    if yes == no and tie_rule == "hasbro" and player is not None and player in votes:
        if votes[player]:
            yes -= 1
        else:
            no -= 1
    return Outcome.ACCEPT if yes > no else Outcome.REJECT


@dataclass(frozen=True)
class Ruling:
    """The referee's suggestion on a challenge and, with votes, the table's outcome."""

    suggested: Outcome
    confidence: float
    reasons: tuple[Reason, ...]
    verdict: Verdict
    outcome: Outcome | None = None
    votes_for: int = 0
    votes_against: int = 0

    def explanation(self) -> str:
        """A sentence a table can read aloud."""
        lead = {Outcome.ACCEPT: "The referee would accept", Outcome.REJECT: "The referee would reject",
                Outcome.UNSURE: "The referee cannot decide"}[self.suggested]
        why = " ".join(r.message for r in self.reasons if r.code not in (Code.LETTER_OK,))
        text = f"{lead} {self.verdict.answer!r} ({self.confidence:.0%}). {why}".strip()
        if self.outcome is not None:
            text += (f" The table voted {self.votes_for} for, {self.votes_against} against: "
                     f"{self.outcome.value}.")
        return text

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "suggested": self.suggested.value,
            "confidence": round(self.confidence, 3),
            "reasons": [r.to_dict() for r in self.reasons],
            "explanation": self.explanation(),
            "verdict": self.verdict.to_dict(),
        }
        if self.outcome is not None:
            out.update(outcome=self.outcome.value, votes_for=self.votes_for, votes_against=self.votes_against)
        return out


def suggest_ruling(
    judge: Any,
    answer: str,
    *,
    category: str,
    letter: str,
    lang: str = "en",
    votes: Mapping[str, object] | None = None,
    tie_rule: str = "reject",
    player: str | None = None,
    house_rules: Mapping[str, Any] | None = None,
) -> Ruling:
    """The referee's suggestion on a challenged answer, and the vote's outcome if given."""
    verdict = judge.check(answer, category=category, letter=letter, lang=lang, house_rules=house_rules)
    reasons = verdict.reasons
    if votes is None:
        return Ruling(verdict.verdict, verdict.confidence, reasons, verdict)
    outcome = settle_votes(votes, tie_rule=tie_rule, player=player)
    yes = sum(1 for v in votes.values() if v)
    code = Code.CHALLENGE_OVERRULED if outcome is Outcome.ACCEPT else Code.CHALLENGE_UPHELD
    if yes * 2 != len(votes):
        tie = ""
    elif outcome is Outcome.REJECT:
        tie = " (a tie rejects)"
    else:
        tie = f" (a tie: without {player}'s own vote, the majority accepts)"
    vote_reason = Reason(code, f"The table voted {yes} to {len(votes) - yes}{tie}: {outcome.value}.",
                         Evidence(source="table_vote", detail=f"{yes} for, {len(votes) - yes} against"))
    return Ruling(verdict.verdict, verdict.confidence, (*reasons, vote_reason), verdict, outcome, yes,
                  len(votes) - yes)
