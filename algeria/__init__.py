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

from typing import Any

from referee_core.errors import BadRequest, EngineError, IllegalMove, StateError

from . import (  # noqa: F401  (frame kinds and missions register on import)
    airpower, chance, events, fln_missions, missions_gov, sequence, setup,
)
from .machine import MACHINE, Log, Move
from .serial import from_data, from_json, to_json
from .setup import new_game
from .state import SCHEMA, State
from .view import view


def legal_moves(s: State) -> list[Move]:
    return MACHINE.legal_moves(s)


def apply(s: State, m: Any) -> tuple[State, Log]:
    return MACHINE.apply(s, m)


def apply_all(s: State, moves: list[Any]) -> tuple[State, Log]:
    return MACHINE.apply_all(s, moves)


def to_move(s: State) -> str | None:
    return MACHINE.to_move(s)


def prompt(s: State) -> str:
    return MACHINE.prompt(s)


def decision_kind(s: State) -> str:
    return MACHINE.decision_kind(s)


__all__ = ["SCHEMA", "BadRequest", "EngineError", "IllegalMove", "Log", "Move", "State",
           "StateError", "apply", "apply_all", "decision_kind", "from_data", "from_json", "legal_moves",
           "new_game", "prompt", "to_json", "to_move", "view"]
