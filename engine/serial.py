"""Canonical, versioned JSON for states (``engine.to_json`` / ``engine.from_json``; docs/state.md).

Canonical form: the document of ``State.to_data()`` (``"schema": "ct-state/1"``) as UTF-8 JSON with
keys sorted, no whitespace and non-ASCII characters written as themselves, so equal states have
equal text and ``to_json(from_json(text)) == text`` for every text ``to_json`` produced. The text
level (canonical ``dumps``, parsing untrusted text, the orjson fast path) is the games' shared
referee_core.jsontext.

``from_json`` treats its input as untrusted: any text or bytes, however malformed, either gives a
valid ``State`` or raises ``StateError`` naming the field (engine.validate) – never anything else.
Only integers are accepted as numbers: a fraction, an exponent, NaN or Infinity is reported
against its field by the validator (the parser reads them; a state never holds one). Duplicate keys
in an object are resolved as RFC 8259 parsers usually do (the last one wins); canonical text never
has any."""

from __future__ import annotations

from typing import Any

from referee_core.jsontext import read_state, state_text, trusted_loads

from .state import State
from .validate import trusted, validate


def to_json(s: State) -> str:
    """The canonical text of a state (docs/state.md)."""
    return state_text(s.to_data())


def from_json(text: Any) -> State:  # any value: what is not text is refused (BadRequest)
    """Parse and validate a state document (untrusted input)."""
    return read_state(text, validate)


def from_trusted_json(text: str | bytes) -> State:
    """A state from a text whose origin proves it valid, WITHOUT validating it: the text of a
    state this engine build checked with ``from_json``'s validator before, as the referee's
    signature under its engine fingerprint proves (service.trust, docs/trust.md). Never for
    any other input: ``from_json`` is the one entry for untrusted text."""
    # a valid state holds no float, so orjson's reading is json's without the check of ``loads``
    return trusted(trusted_loads(text))


def from_data(data: Any) -> State:
    """Validate already-parsed data; the State gets its own copy (``data`` is left untouched)."""
    return validate(data).copy()
