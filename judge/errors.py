"""Exceptions, for calls that make no sense. A rejected answer is a Verdict, never an exception."""

from __future__ import annotations


class JudgeError(Exception):
    """Base of every error the library raises on purpose."""


class InvalidLetter(JudgeError, ValueError):
    """The key letter is not a single letter A-Z (accents folded)."""


class UnknownLanguage(JudgeError, ValueError):
    """The language is not one the referee knows (en, it, de, fr)."""


class InvalidInput(JudgeError, ValueError):
    """An argument has the wrong type or shape; the message names it."""


class RecordError(JudgeError, ValueError):
    """A game record breaks its schema; ``path`` is the JSON path of the first problem."""

    def __init__(self, path: str, message: str) -> None:
        self.path = path
        self.message = message
        super().__init__(f"{path}: {message}" if path else message)


class LexiconError(JudgeError, LookupError):
    """The compiled lexicons are missing, corrupt or of another format version."""
