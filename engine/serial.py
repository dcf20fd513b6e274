"""Canonical, versioned JSON for states (``engine.to_json`` / ``engine.from_json``; docs/state.md).

Canonical form: the document of ``State.to_data()`` (``"schema": "ct-state/1"``) as UTF-8 JSON with
keys sorted, no whitespace and non-ASCII characters written as themselves, so equal states have
equal text and ``to_json(from_json(text)) == text`` for every text ``to_json`` produced.

``from_json`` treats its input as untrusted: any text or bytes, however malformed, either gives a
valid ``State`` or raises ``StateError`` naming the field (engine.validate) – never anything else.
Only integers are accepted as numbers: a fraction, an exponent, NaN or Infinity is reported
against its field by the validator (the parser reads them; a state never holds one). Duplicate keys
in an object are resolved as RFC 8259 parsers usually do (the last one wins); canonical text never
has any."""

from __future__ import annotations

import json
from typing import Any

from .errors import StateError
from .state import State


# One encoder for every call (json.dumps would build one each time). States are trees – the
# validator rebuilds or bounds every container – so the circular-reference check is skipped.
_ENCODER = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False,
                            check_circular=False)


def dumps(data: Any) -> str:
    """The canonical JSON text of plain data."""
    return _ENCODER.encode(data)


def to_json(s: State) -> str:
    """The canonical text of a state (docs/state.md)."""
    return _ENCODER.encode(s.to_data())


_DECODER = json.JSONDecoder()
MAX_TEXT = 1 << 24  # 16 MiB; a state is about 10 KB


def from_json(text: str | bytes | bytearray) -> State:
    """Parse and validate a state document (untrusted input)."""
    data = parse_json(text)
    from .validate import validate

    return validate(data)


def parse_json(text: Any) -> Any:
    """Untrusted text or bytes as plain data, or StateError on field ``state`` (any game)."""
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as e:
            raise StateError("state", f"not UTF-8 text ({e.reason} at byte {e.start})") from None
    if not isinstance(text, str):
        raise StateError("state", f"must be JSON text, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise StateError("state", f"longer than {MAX_TEXT} characters")
    try:
        data = _DECODER.decode(text)
    except ValueError as e:  # JSONDecodeError, and integers too long to convert
        raise StateError("state", f"not valid JSON: {str(e)[:200]}") from None
    except RecursionError:
        raise StateError("state", "not valid JSON: nested too deeply") from None
    return data


def from_data(data: Any) -> State:
    """Validate already-parsed data; the State gets its own copy (``data`` is left untouched)."""
    from .validate import validate

    return validate(data).copy()
