"""ct-referee engine: a pure rules engine for Colonial Twilight (GMT COIN vol. VII).

Public API::

    new_game(scenario, seed, options) -> State
    legal_moves(state) -> list[Move]
    is_legal(state, move) -> bool                # move in legal_moves(state)
    apply(state, move) -> (State, log)           # raises IllegalMove(reason, rule)
    apply_all(state, moves) -> (State, log)      # IllegalMove.index = first bad move
    to_move(state) -> "gov" | "fln" | "chance" | None
    prompt(state) -> str, decision_kind(state) -> str   # the decision in words, and its key
    to_json(state) / from_json(text)             # canonical, versioned, validated
    view(state, role) -> dict                    # "gov" | "fln" | "observer"
"""

from __future__ import annotations

# Rules modules register their frames on import (one module per rules chapter); the validator
# installs the machine's check of states read from untrusted text (MACHINE.check_result).
from referee_core.errors import BadRequest, EngineError, IllegalMove, OutOfBudget, StateError

from . import (  # noqa: F401
    cards, deployment, ops_fln, ops_gov, propaganda, sa_fln, sa_gov, sequence, validate, victory,
)
from .machine import (
    Log, apply, apply_all, decision_kind, is_legal, legal_moves, prompt, to_move,
)
from .scenarios import new_game
from .serial import from_json, to_json
from .state import Move, State
from .view import view

VERSION = "0.1.0"

__all__ = [
    "BadRequest", "EngineError", "IllegalMove", "Log", "Move", "OutOfBudget", "State",
    "StateError", "VERSION",
    "apply", "apply_all", "decision_kind", "from_json", "is_legal", "legal_moves", "new_game",
    "prompt", "to_json", "to_move", "view",
]
