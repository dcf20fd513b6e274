"""Canonical, versioned JSON for states (``engine.to_json`` / ``engine.from_json``).

Canonical form: UTF-8 JSON with keys sorted and no whitespace, so equal states have equal bytes and
``to_json(from_json(text)) == text`` for every text ``to_json`` produced. ``from_json`` treats its input
as untrusted and checks it field by field (engine.validate)."""

from __future__ import annotations

import json
from typing import Any

from .errors import StateError
from .state import State


def dumps(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def to_json(s: State) -> str:
    return dumps(s.to_data())


def from_json(text: str | bytes) -> State:
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        raise StateError("state", f"not valid JSON: {e}") from None
    return from_data(data)


def from_data(data: Any) -> State:
    from .validate import validate

    return validate(data)
