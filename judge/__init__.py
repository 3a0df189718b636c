"""category-judge: a referee for category word games (Scattergories, Stadt-Land-Fluss,
Petit Bac, Category, Color Words) in English, Italian, German and French.

>>> from judge import Judge
>>> Judge(knowledge=False).check("Il Tevere", category="Fiumi", letter="T", lang="it").key_word
'Tevere'
"""

from judge.errors import InvalidInput, InvalidLetter, JudgeError, LexiconError, RecordError, UnknownLanguage
from judge.model import Code, Evidence, Outcome, Reason, Verdict
from judge.referee import Judge

__version__ = "0.1.0"

__all__ = [
    "Code",
    "Evidence",
    "InvalidInput",
    "InvalidLetter",
    "Judge",
    "JudgeError",
    "LexiconError",
    "Outcome",
    "Reason",
    "RecordError",
    "UnknownLanguage",
    "Verdict",
    "__version__",
]
