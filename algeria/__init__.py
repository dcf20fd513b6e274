"""A pure rules engine for Brian Train's *Algeria* (edition v2.1, 2015), beside the Colonial
Twilight engine and sharing its game-agnostic parts: the one decision machine
(``referee_core.decisions``), the die roll (``referee_core.chance``, ``referee_core.rng``), ``referee_core.errors``,
``referee_core.checks``, ``referee_core.plain``, ``engine.serial`` (docs/algeria/README.md).

Public API (docs/algeria/)::

    new_game(scenario, seed, options) -> State      # "1954" | "1958" | "1960"
    legal_moves(state) -> list[Move]
    apply(state, move) -> (State, log)               # raises IllegalMove(reason, rule)
    apply_all(state, moves) -> (State, log)
    to_move(state) -> "gov" | "fln" | "chance" | None (game over)
    to_json(state) / from_json(text)                 # "algeria-state/1", validated
    view(state, role) -> dict                        # "gov" | "fln" | "observer"
"""

from __future__ import annotations

from referee_core.errors import BadRequest, EngineError, IllegalMove, StateError

from . import (  # noqa: F401  (frame kinds and missions register on import)
    airpower, chance, events, fln_missions, missions_gov, records, sequence, setup,
)
from .machine import MACHINE, Log, Move
from .serial import from_data, from_json, to_json
from .setup import new_game
from .state import SCHEMA, State
from .view import view


# The public API is the machine's (referee_core.decisions.Machine), as engine.machine's.
legal_moves = MACHINE.legal_moves
apply = MACHINE.apply
apply_all = MACHINE.apply_all
to_move = MACHINE.to_move
prompt = MACHINE.prompt
decision_kind = MACHINE.decision_kind


__all__ = ["SCHEMA", "BadRequest", "EngineError", "IllegalMove", "Log", "Move", "State",
           "StateError", "apply", "apply_all", "decision_kind", "from_data", "from_json", "legal_moves",
           "new_game", "prompt", "to_json", "to_move", "view"]
