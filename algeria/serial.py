"""Canonical JSON of an ``algeria-state/1`` state: the same canonical form as Colonial Twilight's
(``engine.serial``: keys sorted, no whitespace, UTF-8), so equal states have equal text and
``to_json(from_json(t)) == t``. ``from_json`` takes untrusted text; it gives a valid State or raises
StateError naming the field."""

from __future__ import annotations

from typing import Any

from referee_core.jsontext import read_state, state_text, trusted_loads

from .state import State
from .validate import trusted, validate


def to_json(s: State) -> str:
    return state_text(s.document())


def from_json(text: Any) -> State:  # any value: what is not text is refused (BadRequest)
    """The State keeps the containers parsed from ``text`` (nothing else holds them)."""
    return read_state(text, validate)


def from_data(data: Any) -> State:
    """Validate already-parsed data; the State gets its own copy (``data`` is left untouched)."""
    return validate(data).copy()


def from_trusted_json(text: str | bytes) -> State:
    """A state from a text whose origin proves it valid, WITHOUT validating it: the text of a
    state this engine build checked with ``from_json``'s validator before, as the referee's
    signature under its engine fingerprint proves (service.trust, docs/trust.md). Never for any
    other input: ``from_json`` is the one entry for untrusted text."""
    return trusted(trusted_loads(text))


def check_issued(s: State, always: bool = False) -> State:
    """An engine-made state (a move's outcome, a new game) before it leaves the referee: the
    State ``from_json(to_json(s))`` gives. Validated again only with ``always``, and then only if
    this very state did not pass the validator already (``State._checked``: ``apply`` validates
    every state it makes from a state read from untrusted text, validate.check_produced), as
    Colonial Twilight's ``engine.validate.check_issued`` (docs/trust.md, "The states the referee
    issues")."""
    text = to_json(s)
    return from_json(text) if always and not s._checked else from_trusted_json(text)
