"""Answer x category -> evidence -> how well it fits.

Steps, from cheap and sure to costly and tentative, each leaving evidence:

1. house rules of the table (always accept / always reject);
2. the exact folded spelling, without articles, without spaces, German ae/oe/ue;
3. lemmas: the compiled inflection table, then per-language suffix rules;
4. typos: members of the category with the same initial (an index), by
   Damerau-Levenshtein distance, with an allowance that grows with length; a
   spelling that is itself another known word is never "corrected";
5. what is left: a known word outside the category, or no such word at all.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from judge import text
from judge.catalogue import Catalogue
from judge.lexicon import Hit, Store
from judge.model import Code, Evidence, Outcome, Reason

#: Categories whose members the lexicons list (nearly) completely: an unknown answer is wrong.
FINITE = frozenset({"country", "continent", "us_state", "chemical_element", "us_president",
                    "capital", "european_capital", "currency", "sea", "language", "color",
                    "german_state", "italian_region", "celestial_body"})
#: Categories whose answers are written in their dictionary form: a card of verbs wants the
#: infinitive ("dormire"), not a conjugated form ("rosa", gnawed).
LEMMA_ONLY = frozenset({"verb", "adjective"})
#: City categories that small towns count for, with the country they must lie in.
TOWN_COUNTRIES: dict[str, str | None] = {"city": None, "us_city": "US", "italian_city": "IT",
                                         "german_city": "DE", "french_city": "FR"}
AND = {"en": "and", "it": "e", "de": "und", "fr": "et"}
#: Meaning alone accepts only above this confidence (opposites such as "fire" for "Things that are
#: cold" score just above the scorer's own threshold).
SEMANTIC_MIN_CONFIDENCE = 0.9
#: Names so prominent that a town or an alternate name sharing them is not what a table means.
SOVEREIGN = frozenset({"country", "continent"})
PEOPLE = frozenset({"famous_person"})
PEOPLE_LIKE = frozenset({"band", "fictional_character", "superhero", "deity"})
#: Neighbouring categories whose members tables count too, with the confidence of that.
RELATED: dict[str, tuple[tuple[str, float], ...]] = {
    "food": (("drink", 0.8), ("fish", 0.7), ("plant", 0.7)),
    "drink": (("liquid", 0.7),),
    "plant": (("fruit", 0.75), ("vegetable", 0.75), ("spice", 0.75)),
    "city": (("region", 0.6),),
}

_SUFFIXES: dict[str, tuple[tuple[str, str], ...]] = {
    "en": (("ies", "y"), ("ves", "f"), ("ves", "fe"), ("oes", "o"), ("ses", "s"), ("xes", "x"),
           ("ches", "ch"), ("shes", "sh"), ("es", "e"), ("s", ""), ("men", "man"), ("ice", "ouse"),
           ("eese", "oose")),
    "it": (("chi", "co"), ("ghi", "go"), ("che", "ca"), ("ghe", "ga"), ("ci", "co"), ("gi", "go"),
           ("ie", "ia"), ("i", "o"), ("i", "e"), ("i", "a"), ("e", "a"), ("a", "o"), ("a", "e"),
           ("ini", "ino"), ("oni", "one"),
           # diminutives: maialino -> maiale, ochetta -> oca, asinello -> asino
           ("ino", "e"), ("ino", "o"), ("ina", "a"), ("etta", "a"), ("etto", "o"), ("ello", "o"),
           ("ella", "a"), ("otto", "o"), ("ini", "e"), ("ine", "a")),
    "de": (("innen", "in"), ("en", ""), ("n", ""), ("e", ""), ("er", ""), ("s", ""), ("nen", "")),
    "fr": (("aux", "al"), ("eaux", "eau"), ("s", ""), ("x", ""), ("es", "e"), ("es", "")),
}


@dataclass(frozen=True)
class Match:
    """A lexicon entry an answer reached, and how: exact, lemma or typo."""

    hit: Hit
    how: str  # "exact" | "lemma" | "stem" | "typo" | "head" | "compound"
    spelling: str  # the folded spelling that met the entry
    distance: int = 0


@dataclass(frozen=True)
class Fit:
    """How an answer fits a category: outcome, confidence and the reasons for it."""

    outcome: Outcome
    confidence: float
    reasons: tuple[Reason, ...]
    normalized: str
    concept: str | None = None


@dataclass
class _Case:
    """One answer being judged against one category, and the evidence gathered so far."""

    answer: str
    spellings: list[str]
    normalized: str
    category_id: str | None
    category: str
    lang: str
    label: str
    matches: list[Match] = field(default_factory=list)
    inside: list[Match] = field(default_factory=list)
    outside_strong: list[Match] = field(default_factory=list)


def max_edits(length: int) -> int:
    """Typo allowance: none up to 3 letters, then 1, 2 from 6 letters, 3 from 11."""
    if length <= 3:
        return 0
    if length <= 5:
        return 1
    if length <= 10:
        return 2
    return 3


class Matcher:
    """Matches answers against the compiled lexicons. Thread-safe; share one."""

    def __init__(self, data_dir: str | Path | None = None) -> None:
        self.store = Store(data_dir)

    @cached_property
    def catalogue(self) -> Catalogue:
        return Catalogue(self.store.path / "catalogue.json")

    def resolve_category(self, wording: str, lang: str) -> str | None:
        return self.catalogue.resolve(wording, lang)

    def category_label(self, category_id: str | None, wording: str) -> str:
        if category_id and category_id in self.catalogue.categories:
            return self.catalogue.categories[category_id].name("en").lower()
        return wording

    # -- people ----------------------------------------------------------------------------
    def person_test(self, lang: str) -> Callable[[str], bool]:
        """Is an answer a person's name? The lexicons first, then the shape of the text."""
        language = self.store.language(lang)
        concepts = self.store.concepts

        def is_person(answer: str) -> bool:
            hits = language.forms.get(text.fold(answer))
            if hits:
                return any(concepts[h.concept].person or concepts[h.concept].categories & PEOPLE
                           for h in hits if h.concept in concepts)
            return text.looks_like_person(answer)

        return is_person

    # -- look-ups --------------------------------------------------------------------------
    def spellings(self, answer: str, lang: str) -> list[str]:
        """Folded spellings to try for an answer: as written, without articles, ae/oe/ue."""
        if "(" in answer:
            # "Myanmar (Burma)": the name outside the brackets, then the one inside.
            outside = re.sub(r"\([^)]*\)?", " ", answer).strip()
            inside = [x.strip() for x in re.findall(r"\(([^)]*)\)?", answer) if x.strip()]
            found = [self.spellings(x, lang) for x in (outside, *inside) if x]
            return list(dict.fromkeys(s for group in found for s in group))
        if "&" in answer:
            answer = answer.replace("&", f" {AND[lang]} ")
        words = text.split_words(answer)
        skip = text.skip_articles(words, lang)
        out = [text.fold(answer)]
        if skip:
            out.append(text.fold(" ".join(words[skip:])))
        for s in list(out):
            out.extend(text.umlaut_variants(s))
        return list(dict.fromkeys(s for s in out if s))

    def lemmas(self, spelling: str, lang: str) -> list[str]:
        """Candidate lemmas of a folded spelling: the inflection table, then suffix rules."""
        language = self.store.language(lang)
        out = []
        table = language.inflections.get(spelling)
        if table:
            out.extend(table.split("|"))
        words = spelling.split(" ")
        for i, word in enumerate(words):
            for suffix, repl in _SUFFIXES.get(lang, ()):
                if word.endswith(suffix) and len(word) - len(suffix) >= 2:
                    stem = word[: len(word) - len(suffix)] + repl
                    out.append(" ".join([*words[:i], stem, *words[i + 1:]]))
        return list(dict.fromkeys(x for x in out if x != spelling))

    def exact(self, spellings: Iterable[str], lang: str) -> list[Match]:
        language = self.store.language(lang)
        found: list[Match] = []
        for s in spellings:
            for key in (s, language.compact_forms.get(s.replace(" ", ""))):
                if key and key in language.forms:
                    found.extend(Match(h, "exact", key) for h in language.forms[key])
            if found:
                return found
        return found

    def by_lemma(self, spellings: Iterable[str], lang: str, prefer: str | None = None) -> list[Match]:
        """Entries reached through a lemma: the inflection table ("lemma"), else suffix rules ("stem").

        With ``prefer``, the first lemma that names a member of that category wins.
        """
        language = self.store.language(lang)
        concepts = self.store.concepts
        first: list[Match] = []
        for s in spellings:
            table = language.inflections.get(s).split("|")
            for lemma in self.lemmas(s, lang):
                key = lemma if lemma in language.forms else language.compact_forms.get(lemma.replace(" ", ""))
                if not key:
                    continue
                how = "lemma" if lemma in table else "stem"
                found = [Match(h, how, key) for h in language.forms[key]]
                if prefer is None:
                    return found
                if any(prefer in concepts[m.hit.concept].categories for m in found if m.hit.concept in concepts):
                    return found
                first = first or found
        return first

    def by_typo(self, spelling: str, category_id: str | None, lang: str) -> list[Match]:
        """Members of the category within the typo allowance of ``spelling`` (same initial).

        ``category_id=None`` searches every strong entry of the language: a misspelling of
        something else (*girraffe* offered as a fruit) is evidence too.
        """
        from rapidfuzz import process
        from rapidfuzz.distance import DamerauLevenshtein

        squeezed = spelling.replace(" ", "")
        allowance = max_edits(len(squeezed))
        if not allowance:
            return []
        forms, compact = self.store.language(lang).in_category(category_id, spelling[:1])
        if not forms:
            return []
        best = process.extract(squeezed, compact, scorer=DamerauLevenshtein.distance,
                               score_cutoff=allowance, limit=8)
        if not best:
            return []
        from rapidfuzz.fuzz import ratio

        d = min(score for _, score, _ in best)
        # The closest; among equals the one that shares the most letters in order (a dropped or
        # doubled letter is the commonest slip: "piza" is pizza, not pita), then the shortest.
        _, _, index = min((c for c in best if c[1] == d), key=lambda c: (-ratio(squeezed, c[0]), len(c[0]), c[0]))
        candidate = forms[index]
        return [Match(h, "typo", candidate, int(d)) for h in self.store.language(lang).forms[candidate]]

    # -- verdict ---------------------------------------------------------------------------
    def judge_fit(
        self,
        answer: str,
        category_id: str | None,
        category: str,
        lang: str,
        letter: str,
        *,
        house_rules: Mapping[str, Any] | None = None,
    ) -> Fit:
        """How ``answer`` fits the category, with the evidence for it.

        The steps run in order, from sure to tentative; the first that decides wins.
        """
        spellings = self.spellings(answer, lang)
        ctx = _Case(answer, spellings, spellings[0], category_id, category, lang,
                    self.category_label(category_id, category))
        ruled = self._house_rule(spellings, house_rules, ctx.normalized, ctx.label)
        if ruled is not None:
            return ruled
        if ctx.normalized in text.FUNCTION_WORDS.get(lang, frozenset()):
            return Fit(Outcome.REJECT, 0.95, (Reason(
                Code.NOT_IN_CATEGORY, f"{answer!r} is a function word, not the name of anything.",
                Evidence(matched=ctx.normalized)),), ctx.normalized)
        exact = self.exact(spellings, lang)
        if category_id is None:
            return self._open(answer, exact or self.by_lemma(spellings, lang), ctx.normalized, category, lang)
        if not self.store.language(lang).has_members(category_id):
            return self._unlisted(answer, exact or self.by_lemma(spellings, lang), category_id, category, lang,
                                  ctx.normalized)
        self._gather(ctx, exact)
        for step in (self._step_conflict, self._step_member, self._step_related, self._step_town,
                     self._step_typo, self._step_compound):
            fit = step(ctx)
            if fit is not None:
                return fit
        if ctx.matches:
            return self._elsewhere(ctx.matches, category_id, ctx.label, spellings, lang, ctx.normalized)
        return self._unknown(answer, spellings, category_id, ctx.label, lang, ctx.normalized)

    def _cats(self, m: Match) -> frozenset[str]:
        c = self.store.concepts.get(m.hit.concept)
        return c.categories if c else frozenset()

    def _gather(self, ctx: _Case, exact: list[Match]) -> None:
        """The entries the answer names, as written or through a lemma, sorted into evidence."""
        cid, cats = ctx.category_id, self._cats
        matches = exact
        if not any(cid in cats(m) for m in exact):
            # A plural may also be a word of its own (Italian "rose", English "roses"): the lemma
            # still counts when the spelling as written names nothing in the category, and when
            # evidence elsewhere only meets the answer once accents are folded (the drink "rosé").
            lemma = self.by_lemma(ctx.spellings, ctx.lang, prefer=cid)
            written = ctx.answer.casefold()
            strong_elsewhere = any(not self._minor(m) and m.hit.display.casefold() == written for m in exact)
            if not exact or any(cid in cats(m) and (m.how == "lemma" or not strong_elsewhere) for m in lemma):
                matches = exact + lemma
        # An alternate name counts only when no main name of a country claims the spelling.
        main = [m for m in matches if not m.hit.alternate]
        if main and any(cid not in cats(m) and cats(m) & SOVEREIGN and not self._minor(m) for m in main):
            matches = main
        ctx.matches = matches
        ctx.inside = [m for m in matches if cid in cats(m) and (m.how == "exact" or cid not in LEMMA_ONLY)]
        ctx.outside_strong = [m for m in matches if cid not in cats(m) and not self._minor(m)]

    def _step_conflict(self, ctx: _Case) -> Fit | None:
        """Only weak evidence inside, strong evidence elsewhere: a small town that shares its name
        with a country is not what the table means; one that shares it with a capital may be."""
        cats = self._cats
        if not (ctx.inside and ctx.outside_strong and all(
                self._minor(m) and (m.hit.alternate or "city" in cats(m)) for m in ctx.inside)):
            return None
        town = ctx.inside[0]
        sovereign = [m for m in ctx.outside_strong if cats(m) & SOVEREIGN and not town.hit.alternate]
        if sovereign:
            return self._elsewhere(sovereign, str(ctx.category_id), ctx.label, ctx.spellings, ctx.lang,
                                   ctx.normalized, confidence=0.7)
        major = [m for m in ctx.outside_strong if cats(m) & {"capital", "city"} or town.hit.alternate]
        if not major:
            return None
        famous = major[0]
        return Fit(Outcome.UNSURE, 0.5, (Reason(
            Code.KNOWN_WORD, f"{famous.hit.display!r} is best known as {self._category_names(sorted(cats(famous)))}"
                             f"; a lesser-known {town.hit.display!r} is one of the {ctx.label}: the table "
                             "should decide.",
            Evidence(source=town.hit.source, entry=town.hit.display, matched=town.spelling,
                     concept=town.hit.concept)),), ctx.normalized, town.hit.concept)

    def _step_member(self, ctx: _Case) -> Fit | None:
        return self._accept(ctx.inside[0], ctx.answer, ctx.label, ctx.normalized) if ctx.inside else None

    def _step_related(self, ctx: _Case) -> Fit | None:
        related = self._related(ctx.matches, str(ctx.category_id))
        if related is None:
            return None
        m, confidence, neighbour = related
        return Fit(Outcome.ACCEPT, confidence, (Reason(
            Code.RELATED_CATEGORY, f"{m.hit.display!r} is one of the {self.category_label(neighbour, neighbour)}"
                                   f", which tables count among the {ctx.label} ({m.hit.source}).",
            Evidence(source=m.hit.source, entry=m.hit.display, matched=m.spelling, concept=m.hit.concept,
                     category=neighbour)),), ctx.normalized, m.hit.concept)

    def _step_town(self, ctx: _Case) -> Fit | None:
        if ctx.category_id not in TOWN_COUNTRIES or ctx.outside_strong:
            return None
        town = self._town(ctx.spellings, ctx.category_id)
        if town is None:
            return None
        return Fit(Outcome.ACCEPT, 0.85, (Reason(
            Code.IN_CATEGORY, f"{town.name!r} is a town of {town.population:,} people in {town.country} (geonames).",
            Evidence(source="geonames", entry=town.name, matched=ctx.normalized, concept=town.concept,
                     category=ctx.category_id)),), ctx.normalized, town.concept)

    def _step_typo(self, ctx: _Case) -> Fit | None:
        if ctx.outside_strong or self._is_other_word(ctx.spellings, ctx.lang,
                                                     [m for m in ctx.matches if not self._minor(m)]):
            return None
        typos = self.by_typo(ctx.spellings[-1], ctx.category_id, ctx.lang)
        return self._accept(typos[0], ctx.answer, ctx.label, ctx.normalized) if typos else None

    def _step_compound(self, ctx: _Case) -> Fit | None:
        """A phrase or compound whose head names a member (or the card's own word)."""
        cid, answer = str(ctx.category_id), ctx.answer
        if ctx.outside_strong or cid in FINITE or text.looks_like_person(answer) or "," in answer:
            return None
        spelling = ctx.spellings[-1]
        generic = self._generic_head(spelling, cid, ctx.lang)
        if generic is not None:
            return Fit(Outcome.ACCEPT, 0.8, (Reason(
                Code.COMPOUND_MEMBER, f"{answer!r} names a kind of {generic!r}, which is what the card asks for.",
                Evidence(matched=ctx.normalized, entry=generic, category=cid)),), ctx.normalized)
        head = self.by_head(spelling, ctx.lang)
        if not head:
            return None
        inside = [m for m in head if cid in self._cats(m)]
        if inside:
            return self._accept(inside[0], answer, ctx.label, ctx.normalized)
        if not ctx.matches and any(cid in self._cats(m) for w in spelling.split(" ")
                                   for m in self.exact([w], ctx.lang) or self.by_lemma([w], ctx.lang)):
            return Fit(Outcome.UNSURE, 0.5, (Reason(
                Code.KNOWN_WORD, f"{answer!r} mentions one of the {ctx.label} but names something else: "
                                 "the table should decide.", Evidence(matched=ctx.normalized)),), ctx.normalized)
        if not ctx.matches:
            # The head names something else: that is the evidence the verdict rests on.
            first = head[0].spelling
            ctx.matches = [m for m in head if m.spelling == first and not self._minor(m)]
        return None

    def _town(self, spellings: list[str], category_id: str) -> Any:
        country = TOWN_COUNTRIES[category_id]
        for s in spellings:
            for town in self.store.town(s):
                if country is None or town.country == country:
                    return town
        return None

    def _related(self, matches: list[Match], category_id: str) -> tuple[Match, float, str] | None:
        """A match in a category that tables also count for ``category_id`` (drinks as foods)."""
        concepts = self.store.concepts
        for other, confidence in RELATED.get(category_id, ()):
            for m in matches:
                c = concepts.get(m.hit.concept)
                if c is not None and other in c.categories:
                    return m, confidence, other
        return None

    def _generic_head(self, spelling: str, category_id: str, lang: str) -> str | None:
        """The head of a phrase when it is the card's own word: *chinese food*, *pesce di lago*."""
        words = spelling.split(" ")
        if len(words) < 2:
            return None
        head = words[-1] if lang in ("en", "de") else words[0]
        resolved = self.catalogue.resolve(head, lang)
        if resolved is not None and category_id in self.catalogue.ancestors(resolved):
            return head
        return None

    def by_head(self, spelling: str, lang: str) -> list[Match]:
        """Members named by the head of a phrase or compound: a *blue heron* is a heron.

        English and German put the head last (*Hausschwein*: Schwein); Italian and French
        first (*pernice sarda*: pernice). Unspaced compounds are split where the head is a
        known member and the rest a known word.
        """
        words = spelling.split(" ")
        heads: list[str] = []
        how = "head"
        if len(words) > 1:
            if lang in ("en", "de"):
                heads += [" ".join(words[i:]) for i in range(1, len(words))]
            else:
                heads += [" ".join(words[:i]) for i in range(len(words) - 1, 0, -1)]
        elif len(spelling) >= 7:
            heads += self._compound_heads(spelling, lang)
            how = "compound"
        found: list[Match] = []
        for head in heads:
            hits = self.exact([head], lang) or self.by_lemma([head], lang)
            found += [Match(m.hit, how, m.spelling) for m in hits]
        return found

    def _compound_heads(self, spelling: str, lang: str) -> list[str]:
        """Heads of an unspaced compound: *Hausschwein* -> schwein, *corvonero* -> corvo(nero)."""
        language = self.store.language(lang)
        known = language.words

        def is_member(part: str) -> bool:
            return len(part) >= 4 and (part in language.forms or part in language.inflections)

        def is_word(part: str) -> bool:
            if part in known or part in language.forms:
                return True
            for prep in ("di", "de", "del", "della", "du", "des"):
                if part.startswith(prep) and part[len(prep):] in known:
                    return True
            return False

        heads = []
        for i in range(3, len(spelling) - 2):
            rest, tail = spelling[:i], spelling[i:]
            if lang in ("en", "de"):
                if is_member(tail) and (is_word(rest) or len(rest) >= 4):
                    heads.append(tail)
            elif is_member(rest) and (is_word(tail) or (len(rest) >= 5 and len(tail) >= 4)):
                heads.append(rest)
        return sorted(heads, key=len, reverse=True)

    def _minor(self, m: Match) -> bool:
        """Weak evidence: a guessed stem or compound split, a first name, a small town, a verb or
        an adjective, an alternate name of a place under 500,000 people (the alternate names of
        towns under 100,000 are not compiled at all)."""
        if m.how in ("stem", "compound"):
            return True
        c = self.store.concepts.get(m.hit.concept)
        return c is None or c.minor or (m.hit.alternate and not c.big)

    def _elsewhere(self, matches: list[Match], category_id: str, label: str, spellings: list[str], lang: str,
                   normalized: str, *, confidence: float = 0.9) -> Fit:
        """Known, as something outside the category: reject, unless that knowledge is weak."""
        concepts = self.store.concepts
        strong = [m for m in matches if not self._minor(m)]
        people = bool(self.catalogue.ancestors(category_id) & PEOPLE or category_id in PEOPLE_LIKE)
        if people:
            # Who counts as a composer, a singer or a band is thinly listed: a known person
            # outside the sub-category is for the table to judge.
            strong = [m for m in strong if not concepts[m.hit.concept].categories & (PEOPLE | PEOPLE_LIKE)]
        shown = strong or matches
        elsewhere = sorted({c for m in shown for c in concepts[m.hit.concept].categories} - {category_id})
        names = self._category_names(elsewhere)
        m = shown[0]
        evidence = Evidence(source=m.hit.source, entry=m.hit.display, matched=m.spelling,
                            concept=m.hit.concept, category=",".join(elsewhere))
        words = self.store.language(lang).words
        finite = category_id in FINITE or bool(self.catalogue.ancestors(category_id) & FINITE)
        if finite:
            confidence = max(confidence, 0.85)
        if not strong and not finite and (people or any("c" in words.get(s, "") for s in spellings)):
            return Fit(Outcome.UNSURE, 0.5, (Reason(
                Code.KNOWN_WORD, f"{m.hit.display!r} is {text.a_word_of(lang)}, known only as {names}, "
                                 f"not as one of the {label}: the table should decide.", evidence),),
                normalized, m.hit.concept)
        return Fit(Outcome.REJECT, confidence if strong or finite else 0.7, (Reason(
            Code.NOT_IN_CATEGORY, f"{m.hit.display!r} is known as {names}, not as one of the {label}.",
            evidence),), normalized, m.hit.concept)

    def _is_other_word(self, spellings: list[str], lang: str, matches: list[Match]) -> bool:
        """A spelling that is itself a known word is not a typo of something else."""
        if matches:
            return True
        words = self.store.language(lang).words
        return any("c" in words.get(s) for s in spellings)

    def _accept(self, m: Match, answer: str, label: str, normalized: str) -> Fit:
        ev = Evidence(source=m.hit.source, entry=m.hit.display, matched=m.spelling, concept=m.hit.concept)
        if m.how == "exact":
            reason = Reason(Code.IN_CATEGORY, f"{m.hit.display!r} is one of the {label} ({m.hit.source}).", ev)
            return Fit(Outcome.ACCEPT, 0.97, (reason,), normalized, m.hit.concept)
        if m.how in ("lemma", "stem"):
            reason = Reason(Code.INFLECTED_FORM,
                            f"{answer!r} is a form of {m.hit.display!r}, one of the {label} ({m.hit.source}).", ev)
            return Fit(Outcome.ACCEPT, 0.93 if m.how == "lemma" else 0.88, (reason,), normalized, m.hit.concept)
        if m.how in ("head", "compound"):
            reason = Reason(Code.COMPOUND_MEMBER,
                            f"{answer!r} names a kind of {m.hit.display!r}, one of the {label} ({m.hit.source}).", ev)
            return Fit(Outcome.ACCEPT, 0.85, (reason,), normalized, m.hit.concept)
        reason = Reason(Code.SPELLING_CORRECTED,
                        f"{answer!r} reads as a misspelling of {m.hit.display!r}, one of the {label} "
                        f"({m.hit.source}).", ev)
        return Fit(Outcome.ACCEPT, 0.9 if m.distance <= 1 else 0.8, (reason,), normalized, m.hit.concept)

    def _unknown(self, answer: str, spellings: list[str], category_id: str, label: str, lang: str,
                 normalized: str) -> Fit:
        words = self.store.language(lang).words
        if not any(s in words for s in spellings):
            other = self.by_typo(spellings[-1], None, lang)
            length = len(text.compact(spellings[-1]))
            if other and ((other[0].distance <= 1 and length >= 5) or (other[0].distance <= 2 and length >= 8)):
                m = other[0]
                cats = sorted(self.store.concepts[m.hit.concept].categories)
                return Fit(Outcome.REJECT, 0.8, (Reason(
                    Code.NOT_IN_CATEGORY,
                    f"{answer!r} reads as a misspelling of {m.hit.display!r}, known as "
                    f"{self._category_names(cats)}, not as one of the {label}.",
                    Evidence(source=m.hit.source, entry=m.hit.display, matched=m.spelling,
                             concept=m.hit.concept, category=",".join(cats))),), normalized, m.hit.concept)
        if category_id in FINITE or self.catalogue.ancestors(category_id) & FINITE:
            return Fit(Outcome.REJECT, 0.85, (Reason(
                Code.NOT_IN_CATEGORY, f"{answer!r} is not one of the {label} the referee knows.",
                Evidence(matched=normalized, category=category_id)),), normalized)
        if any(s in words for s in spellings):
            return Fit(Outcome.UNSURE, 0.5, (Reason(
                Code.KNOWN_WORD, f"{answer!r} is {text.a_word_of(lang)}, but not known as one of "
                                 f"the {label}: the table should decide.",
                Evidence(matched=normalized, category=category_id)),), normalized)
        return Fit(Outcome.UNSURE, 0.5, (Reason(
            Code.UNKNOWN_WORD, f"The referee knows no such word in {text.language_name(lang)} as {answer!r}; "
                               f"it may be a rare one of the {label}: the table should decide.",
            Evidence(matched=normalized)),), normalized)

    @cached_property
    def semantic(self) -> Any:
        """The meaning scorer for open categories; its model loads only when one is judged."""
        from judge.semantic import SemanticScorer

        return SemanticScorer()

    def _unlisted(self, answer: str, matches: list[Match], category_id: str, category: str, lang: str,
                  normalized: str) -> Fit:
        """A catalogue category the lexicons have no list for (yet): never reject on ignorance."""
        concepts = self.store.concepts
        parents = self.catalogue.ancestors(category_id) - {category_id}
        label = self.category_label(category_id, category)
        for m in matches:
            c = concepts.get(m.hit.concept)
            if c is not None and c.categories & parents:
                return Fit(Outcome.UNSURE, 0.5, (Reason(
                    Code.KNOWN_WORD, f"{m.hit.display!r} is one of the {self._category_names(sorted(c.categories))}, "
                                     f"but the referee has no list of the {label}: the table should decide.",
                    Evidence(source=m.hit.source, entry=m.hit.display, matched=m.spelling,
                             concept=m.hit.concept)),), normalized, m.hit.concept)
        fit = self._open(answer, matches, normalized, category, lang)
        if fit.outcome is Outcome.ACCEPT:
            return fit
        return Fit(Outcome.UNSURE, 0.5, (Reason(
            Code.NOT_CHECKED, f"The referee has no list of the {label} in {lang}: the table should decide.",
            Evidence(matched=normalized, category=category_id)),), normalized, fit.concept)

    def _open(self, answer: str, matches: list[Match], normalized: str, category: str, lang: str) -> Fit:
        """An open category: meaning may accept when strong; it never rejects."""
        concept = matches[0].hit.concept if matches else None
        fit = self.semantic.judge(answer, category, lang)
        if fit is not None and fit.accept and fit.confidence >= SEMANTIC_MIN_CONFIDENCE:
            return Fit(Outcome.ACCEPT, fit.confidence, (Reason(
                Code.SEMANTIC_MATCH, fit.detail, Evidence(source="multilingual USE v3", matched=normalized,
                                                          detail=f"score {fit.score:.2f}, threshold "
                                                                 f"{fit.threshold:.2f}")),), normalized, concept)
        detail = f" ({fit.detail})" if fit is not None else ""
        return Fit(Outcome.UNSURE, 0.5, (Reason(
            Code.OPEN_CATEGORY, f"{category!r} is an open category and the meaning is not conclusive{detail}: "
                                "the table should decide.",
            Evidence(matched=normalized)),), normalized, concept)

    def _category_names(self, ids: list[str]) -> str:
        # The most specific categories read best: drop those that are parents of another.
        parents = {p for cid in ids for p in self.catalogue.ancestors(cid) if p != cid}
        names = [self.category_label(cid, cid) for cid in ids if cid not in parents]
        return " / ".join(names[:3]) or "something else"

    def _house_rule(self, spellings: list[str], rules: Mapping[str, Any] | None, normalized: str,
                    label: str) -> Fit | None:
        if not rules:
            return None
        for key, outcome in (("reject", Outcome.REJECT), ("accept", Outcome.ACCEPT)):
            listed = {text.fold(str(x)) for x in rules.get(key, ())}
            hit = next((s for s in spellings if s in listed), None)
            if hit:
                verb = "accepts" if outcome is Outcome.ACCEPT else "rejects"
                return Fit(outcome, 1.0, (Reason(
                    Code.HOUSE_RULE, f"The table's house rule {verb} {hit!r} for the {label}.",
                    Evidence(source="house_rule", matched=hit)),), normalized)
        return None
