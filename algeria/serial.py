"""Canonical JSON of an ``algeria-state/1`` state: the same canonical form as Colonial Twilight's
(``engine.serial``: keys sorted, no whitespace, UTF-8), so equal states have equal text and
``to_json(from_json(t)) == t``. ``from_json`` takes untrusted text; it gives a valid State or raises
StateError naming the field."""

from __future__ import annotations

from typing import Any

from engine.serial import dumps, parse_json

from .state import State
from .validate import validate


def to_json(s: State) -> str:
    return dumps(s.to_data())


def from_json(text: str | bytes | bytearray) -> State:
    return validate(parse_json(text))


def from_data(data: Any) -> State:
    return validate(data)
