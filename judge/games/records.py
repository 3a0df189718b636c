"""Reading game records: small checkers that raise :class:`RecordError` with the JSON path.

A record that breaks its schema is refused whole, naming the first problem
(``rounds[1].answers.ben[3]: expected a string or null``); nothing is scored
from half a record.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from judge.errors import RecordError
from judge.text import LANGS, fold


def at(path: str, key: str | int) -> str:
    """The JSON path of ``key`` inside ``path``: ``.name`` for a name, ``["..."]`` otherwise.

    >>> at(at(at("rounds", 1), "answers"), "ben"), at("rounds[0].words", "Zoé B.")
    ('rounds[1].answers.ben', 'rounds[0].words["Zoé B."]')
    """
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not key.isidentifier():
        return f"{path}[{json.dumps(key, ensure_ascii=False)}]"
    return f"{path}.{key}" if path else key


def expect_object(value: Any, path: str, *, required: Iterable[str] = (),
                  optional: Iterable[str] = (), extra_ok: bool = False) -> Mapping[str, Any]:
    """A JSON object with the required keys and no unknown ones."""
    if not isinstance(value, Mapping):
        raise RecordError(path, f"expected an object, got {type_name(value)}")
    required = tuple(required)
    for key in required:
        if key not in value:
            raise RecordError(at(path, key), "is required")
    if not extra_ok:
        allowed = set(required) | set(optional)
        for key in value:
            if key not in allowed:
                raise RecordError(at(path, str(key)), f"unknown field (expected one of {', '.join(sorted(allowed))})")
    return value


def unknown_fields(value: Mapping[str, Any], known: Iterable[str], path: str = "") -> list[str]:
    """Warnings for fields a record may carry but no rule reads (``"date"``, ``"title"``)."""
    known = set(known)
    return [f"{at(path, str(k))}: unknown field ignored" for k in value if k not in known]


def expect_list(value: Any, path: str, *, min_len: int = 0, max_len: int | None = None) -> Sequence[Any]:
    if not isinstance(value, list):
        raise RecordError(path, f"expected a list, got {type_name(value)}")
    if len(value) < min_len:
        raise RecordError(path, f"expected at least {min_len} item{'s' if min_len != 1 else ''}, got {len(value)}")
    if max_len is not None and len(value) > max_len:
        raise RecordError(path, f"expected at most {max_len} items, got {len(value)}")
    return value


def expect_str(value: Any, path: str, *, nullable: bool = False, non_empty: bool = True) -> str | None:
    if value is None and nullable:
        return None
    if not isinstance(value, str):
        raise RecordError(path, f"expected a string{' or null' if nullable else ''}, got {type_name(value)}")
    if non_empty and not value.strip() and not nullable:
        raise RecordError(path, "expected a non-empty string")
    return value


def expect_bool(value: Any, path: str) -> bool:
    if not isinstance(value, bool):
        raise RecordError(path, f"expected true or false, got {type_name(value)}")
    return value


def expect_int(value: Any, path: str, *, minimum: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(path, f"expected a whole number, got {type_name(value)}")
    if minimum is not None and value < minimum:
        raise RecordError(path, f"expected a number >= {minimum}, got {value}")
    return value


def expect_choice(value: Any, path: str, choices: Sequence[str]) -> str:
    if value not in choices:
        raise RecordError(path, f"expected one of {', '.join(map(repr, choices))}, got {value!r}")
    return str(value)


def expect_letter(value: Any, path: str) -> str:
    from judge.errors import InvalidLetter
    from judge.text import parse_letter

    try:
        return parse_letter(value)
    except InvalidLetter as exc:
        raise RecordError(path, str(exc)) from exc


def expect_players(value: Any, path: str = "players") -> list[str]:
    """Distinct non-empty player names, in seating order."""
    players = expect_list(value, path, min_len=1)
    seen: set[str] = set()
    for i, p in enumerate(players):
        expect_str(p, at(path, i))
        if p in seen:
            raise RecordError(at(path, i), f"player {p!r} is listed twice")
        seen.add(p)
    return list(players)


def expect_lang(value: Any, path: str = "lang") -> str:
    return expect_choice(value, path, LANGS)


def expect_player(value: Any, path: str, players: Sequence[str]) -> str:
    name = expect_str(value, path)
    if name not in players:
        raise RecordError(path, f"unknown player {name!r} (players: {', '.join(players)})")
    return str(name)


def type_name(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", int: "a number", float: "a number", str: "a string", list: "a list",
            dict: "an object"}.get(type(value), type(value).__name__)


def same_text(a: str, b: str) -> bool:
    """Two labels written alike once case and accents are set aside."""
    return fold(a) == fold(b)


def reason(code: str, message: str) -> dict[str, str]:
    return {"code": code, "message": message}


def verdict_reasons(verdict: Any) -> list[dict[str, str]]:
    """A Verdict's reasons as the record output shows them (code and message)."""
    return [reason(r.code.value, r.message) for r in verdict.reasons]


def winners_of(totals: Mapping[str, int], players: Sequence[str]) -> list[str]:
    """Players with the highest total, in seating order."""
    if not totals:
        return []
    best = max(totals.values())
    return [p for p in players if totals.get(p) == best]
