"""The referee: ``Judge().check(answer, category=..., letter=..., lang=...) -> Verdict``.

The check runs the data flow of the project in order: the text rules of
:mod:`judge.text` (clean, script, key letter), the category resolution of
:mod:`judge.catalogue`, then the evidence of :mod:`judge.matcher`, combined
into one :class:`~judge.model.Verdict`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any

from judge import text
from judge.errors import InvalidInput
from judge.model import Code, Evidence, Outcome, Reason, Verdict

#: Verdicts remembered per Judge (least recently used first out): games and batches repeat answers.
CACHE_SIZE = 16384


class Judge:
    """A referee for category word games. Build one and share it: it is thread-safe.

    ``data_dir`` points at compiled lexicons (default: the ones the package ships);
    ``knowledge=False`` judges the letter rules only, and category fit is ``unsure``.
    ``cache_size`` verdicts of repeated ``(answer, category, letter, lang)`` are remembered (a
    verdict depends on nothing else; checks with house rules are never cached); 0 turns it off.
    """

    def __init__(self, data_dir: str | Path | None = None, *, knowledge: bool = True,
                 cache_size: int = CACHE_SIZE) -> None:
        self._data_dir = Path(data_dir) if data_dir is not None else None
        self._knowledge = knowledge
        self._matcher: Any = None
        self._cache_size = cache_size
        # functools.lru_cache is thread-safe; two threads may judge the same new answer at once,
        # and both get the same verdict (a Verdict is immutable).
        self._cached: Any = lru_cache(maxsize=cache_size)(self._check) if cache_size > 0 else None

    def cache_clear(self) -> None:
        """Forget remembered verdicts (benchmarks of first-sight latency use it)."""
        if self._cached is not None:
            self._cached.cache_clear()

    def __getstate__(self) -> dict[str, Any]:
        # Picklable for worker processes: the loaded lexicons and the cache stay behind.
        return {"data_dir": self._data_dir, "knowledge": self._knowledge, "cache_size": self._cache_size}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__init__(state["data_dir"], knowledge=state["knowledge"],  # type: ignore[misc]
                      cache_size=state["cache_size"])

    @property
    def matcher(self) -> Any:
        """The matcher, built on first use (the lexicons load lazily per language)."""
        if self._matcher is None and self._knowledge:
            from judge.matcher import Matcher

            self._matcher = Matcher(self._data_dir)
        return self._matcher

    def check(
        self,
        answer: str,
        *,
        category: str,
        letter: str,
        lang: str = "en",
        house_rules: Mapping[str, Any] | None = None,
    ) -> Verdict:
        """Judge one answer. A rejected answer is a Verdict; only nonsense arguments raise.

        >>> v = Judge(knowledge=False).check("The Beatles", category="Bands", letter="B")
        >>> v.verdict.value, v.key_word
        ('unsure', 'Beatles')
        >>> Judge(knowledge=False).check("Rosa", category="Fiori", letter="M", lang="it").verdict.value
        'reject'
        """
        if (self._cached is not None and type(answer) is str and type(category) is str and type(letter) is str
                and type(lang) is str and not (house_rules and any(house_rules.values()))):
            verdict: Verdict = self._cached(answer, category, letter, lang)
            return verdict
        return self._check(answer, category, letter, lang, house_rules)

    def _check(self, answer: str, category: str, letter: str, lang: str,
               house_rules: Mapping[str, Any] | None = None) -> Verdict:
        if not isinstance(answer, str):
            raise InvalidInput(f"answer must be a string, got {type(answer).__name__}")
        if not isinstance(category, str):
            raise InvalidInput(f"category must be a string, got {type(category).__name__}")
        key_letter = text.parse_letter(letter)
        lang = text.parse_lang(lang)
        matcher = self.matcher
        category_id = matcher.resolve_category(category, lang) if matcher else None

        def verdict(outcome: Outcome, confidence: float, reasons: list[Reason], **kw: Any) -> Verdict:
            return Verdict(answer, category, key_letter, lang, outcome, confidence, tuple(reasons),
                           category_id=category_id, **kw)

        reasons: list[Reason] = []
        cleaned = text.clean(answer)
        if cleaned.removed:
            reasons.append(Reason(Code.INVISIBLE_REMOVED,
                                  f"Removed invisible characters: {', '.join(cleaned.removed)}.",
                                  Evidence(detail=", ".join(cleaned.removed))))
        body = cleaned.text
        if not any(ch.isalnum() for ch in body):
            reasons.append(Reason(Code.BLANK, "The answer is blank."))
            return verdict(Outcome.REJECT, 1.0, reasons)
        if len(body) > text.MAX_LENGTH:
            reasons.append(Reason(Code.TOO_LONG,
                                  f"The answer has {len(body)} characters; at most {text.MAX_LENGTH} are read."))
            return verdict(Outcome.REJECT, 1.0, reasons)
        problem = text.script_problem(body)
        if problem is not None:
            code = Code.MIXED_SCRIPT if problem.mixed else Code.NOT_LATIN
            what = "mixes Latin letters with look-alikes" if problem.mixed else "is not written in Latin letters"
            reasons.append(Reason(code, f"The answer {what}: {'; '.join(problem.chars)}.",
                                  Evidence(detail="; ".join(problem.chars))))
            return verdict(Outcome.REJECT, 0.99, reasons, normalized=text.fold(body))

        is_person = matcher.person_test(lang) if matcher else None
        candidates = text.key_words(body, lang, is_person=is_person)
        words = text.split_words(body)
        skipped = words[: text.skip_articles(words, lang)]
        key_word = next((w for w in candidates if text.starts_with(w, key_letter)), None)
        if skipped and candidates and key_word == candidates[0]:
            reasons.append(Reason(Code.ARTICLE_SKIPPED,
                                  f"Skipped {' '.join(skipped)!r}: articles never carry the letter.",
                                  Evidence(matched=" ".join(skipped))))
        if key_word is None:
            first = candidates[0] if candidates else body
            reasons.append(Reason(Code.WRONG_LETTER,
                                  f"{first!r} starts with {text.initial(first) or '?'}, not {key_letter}.",
                                  Evidence(matched=first)))
            return verdict(Outcome.REJECT, 0.99, reasons, key_word=first, normalized=text.fold(body))
        if candidates and key_word != candidates[0]:
            reasons.append(Reason(Code.SURNAME_LETTER,
                                  f"{key_word!r} is the surname of a person's name and carries {key_letter}.",
                                  Evidence(matched=key_word)))
        else:
            reasons.append(Reason(Code.LETTER_OK, f"{key_word!r} starts with {key_letter}.",
                                  Evidence(matched=key_word)))

        if matcher is None:
            reasons.append(Reason(Code.NOT_CHECKED, "Whether it fits the category was not checked."))
            return verdict(Outcome.UNSURE, 0.5, reasons, key_word=key_word, normalized=text.fold(body))
        fit = matcher.judge_fit(body, category_id, category, lang, key_letter, house_rules=house_rules)
        reasons.extend(fit.reasons)
        return verdict(fit.outcome, fit.confidence, reasons, key_word=key_word,
                       normalized=fit.normalized or text.fold(body), concept=fit.concept)
