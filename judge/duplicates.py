"""Same-answer detection: duplicates score nothing, so tables argue about them most.

Two answers are the same when they name the same thing:

- the same words once articles, case, accents, spaces and punctuation are set aside
  (*The Beatles* / *Beatles*; *bolt cutter* / *boltcutters*);
- one concept across languages (*Köln* / *Cologne* / *Colonia*);
- singular and plural (*beaver* / *beavers*);
- a typo of the same word (*alligator* / *alliagtor*) — unless both are known,
  different members of the category (*Austria* / *Australia*, *goose* / *moose*).

Groups are cliques: every two answers of a group are the same, so a middle answer
never chains two unrelated ones together; groups do not depend on input order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from judge import text
from judge.matcher import max_edits

LANG_ORDER = ("en", "it", "de", "fr")


@dataclass(frozen=True)
class Same:
    """Are two answers the same? With a score in 0..1 and the reason's code."""

    same: bool
    score: float
    reason: str  # same_words | same_thing | singular_plural | typo | house_rule | different_things | different


@dataclass(frozen=True)
class _Profile:
    key: str  # compact folded spelling without articles
    spellings: tuple[str, ...]
    concepts: frozenset[str]  # every concept it names, all languages
    members: frozenset[str]  # the concepts of those that belong to the category
    lemmas: frozenset[str]


def _profile(judge: Any, answer: str, category_id: str | None, lang: str) -> _Profile:
    cleaned = text.clean(answer).text
    matcher = judge.matcher
    if matcher is None:
        spellings = [text.fold(cleaned)]
        return _Profile(text.compact(spellings[0]), tuple(spellings), frozenset(), frozenset(), frozenset())
    spellings = matcher.spellings(cleaned, lang)
    key = text.compact(spellings[-1]) if spellings else ""
    concepts: set[str] = set()
    members: set[str] = set()
    lemmas: set[str] = set()
    store_concepts = matcher.store.concepts
    for other in (lang, *[x for x in LANG_ORDER if x != lang]):
        found = matcher.exact(spellings, other) or matcher.by_lemma(spellings, other)
        for m in found:
            concepts.add(m.hit.concept)
            c = store_concepts.get(m.hit.concept)
            if category_id and c and category_id in c.categories:
                members.add(m.hit.concept)
            if other == lang:
                lemmas.add(text.compact(m.spelling))
    for s in spellings:
        lemmas.update(text.compact(x) for x in matcher.lemmas(s, lang))
        lemmas.update(text.compact(x) for x in matcher.lemmas(text.compact(s), lang))
    return _Profile(key, tuple(spellings), frozenset(concepts), frozenset(members), frozenset(lemmas))


def _compare(a: _Profile, b: _Profile) -> Same:
    if not a.key or not b.key:
        return Same(False, 0.0, "different")
    if a.key == b.key:
        return Same(True, 1.0, "same_words")
    shared = (a.members & b.members) if (a.members and b.members) else (a.concepts & b.concepts)
    if shared:
        return Same(True, 0.95, "same_thing")
    if a.key in b.lemmas or b.key in a.lemmas or (a.lemmas & b.lemmas and not (a.members or b.members)):
        return Same(True, 0.9, "singular_plural")
    if a.members and b.members:
        return Same(False, 0.1, "different_things")
    from rapidfuzz.distance import DamerauLevenshtein

    longest = max(len(a.key), len(b.key))
    allowance = max_edits(longest)
    d = DamerauLevenshtein.distance(a.key, b.key, score_cutoff=allowance + 1)
    # A plural of a typo: compare with the lemma too.
    for la in a.lemmas | {a.key}:
        for lb in b.lemmas | {b.key}:
            d = min(d, DamerauLevenshtein.distance(la, lb, score_cutoff=allowance + 1))
    if d <= allowance:
        return Same(True, round(1.0 - d / longest, 3), "typo")
    return Same(False, round(max(0.0, 1.0 - d / longest), 3), "different")


def _house_pairs(house_rules: Mapping[str, Any] | None) -> dict[frozenset[str], bool]:
    """The table's own pairs: ``{"same": [[a, b], ...], "different": [[a, b], ...]}``."""
    out: dict[frozenset[str], bool] = {}
    for key, value in (("same", True), ("different", False)):
        for pair in (house_rules or {}).get(key, ()):
            keys = frozenset(text.compact(text.fold(str(x))) for x in pair)
            out[keys] = value
    return out


def _ruled(pairs: dict[frozenset[str], bool], a: _Profile, b: _Profile) -> Same | None:
    ruled = pairs.get(frozenset((a.key, b.key)))
    return None if ruled is None else Same(ruled, 1.0 if ruled else 0.0, "house_rule")


def same_answer(judge: Any, a: str, b: str, *, category: str, lang: str,
                house_rules: Mapping[str, Any] | None = None) -> Same:
    """Are ``a`` and ``b`` the same answer for duplicate cancelling? Symmetric.

    ``house_rules`` may list pairs the table counts as the same or as different
    (``{"same": [["Holland", "Netherlands"]]}``); they override the referee.
    """
    lang = text.parse_lang(lang)
    category_id = judge.matcher.resolve_category(category, lang) if judge.matcher else None
    pa, pb = _profile(judge, a, category_id, lang), _profile(judge, b, category_id, lang)
    ruled = _ruled(_house_pairs(house_rules), pa, pb)
    if ruled is not None:
        return ruled
    return _compare(pa, pb) if pa.key <= pb.key else _compare(pb, pa)


def find_duplicates(
    judge: Any,
    answers: Sequence[tuple[str, str | None]],
    *,
    category: str,
    lang: str,
    house_rules: Mapping[str, Any] | None = None,
) -> list[list[str]]:
    """Groups of players (two or more) whose answers are the same. Order-independent.

    ``answers`` is ``[(player, answer), ...]``; blank answers never group.
    """
    lang = text.parse_lang(lang)
    category_id = judge.matcher.resolve_category(category, lang) if judge.matcher else None
    items = sorted((p, a) for p, a in answers if a and text.fold(a))
    house = _house_pairs(house_rules)
    profiles = {p: _profile(judge, a, category_id, lang) for p, a in items}
    players = [p for p, _ in items]
    same: dict[tuple[str, str], float] = {}
    for i, p in enumerate(players):
        for q in players[i + 1:]:
            first, second = sorted((profiles[p], profiles[q]), key=lambda pr: pr.key)
            result = _ruled(house, first, second) or _compare(first, second)
            if result.same:
                same[(p, q)] = same[(q, p)] = result.score
    # Complete linkage: merge groups only when every cross pair is the same,
    # the most similar pairs first, ties broken by the sorted player names.
    groups: dict[str, list[str]] = {p: [p] for p in players}
    pairs = sorted(((s, p, q) for (p, q), s in same.items() if p < q), key=lambda t: (-t[0], t[1], t[2]))
    for _, p, q in pairs:
        gp, gq = groups[p], groups[q]
        if gp is gq:
            continue
        if all((x, y) in same for x in gp for y in gq):
            merged = sorted(gp + gq)
            for x in merged:
                groups[x] = merged
    unique = {tuple(g) for g in groups.values() if len(g) > 1}
    return [list(g) for g in sorted(unique)]


def pair_row(judge: Any, row: Any) -> dict[str, Any]:
    """`judge pairs`: one ``{id, lang, category, a, b}`` row -> the row with duplicate and score."""
    from judge.batch import PAIR_FIELDS, judge_row

    def judge_pair(data: dict[str, Any]) -> dict[str, Any]:
        result = same_answer(judge, data["a"] or "", data["b"] or "", category=data["category"],
                             lang=data["lang"])
        return {**data, "duplicate": result.same, "score": result.score, "reason": result.reason}

    return judge_row(row, PAIR_FIELDS, judge_pair)
