"""Canonical JSON of an ``insurgent-state/1`` state (keys sorted, no whitespace, UTF-8: the form
of every game of the referee), so equal states have equal text and ``to_json(from_json(t)) == t``.
``from_json`` takes untrusted text; it gives a valid State or raises StateError naming the field."""

from __future__ import annotations

from typing import Any

from referee_core.jsontext import read_state, state_text

from .state import State
from .validate import validate


def to_json(s: State) -> str:
    return state_text(s.document())


def from_json(text: Any) -> State:  # any value: what is not text is refused (BadRequest)
    return read_state(text, validate)


def from_data(data: Any) -> State:
    """Validate already-parsed data; the State gets its own copy (``data`` is left untouched)."""
    return validate(data).copy()
