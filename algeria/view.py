"""Per-role views (DESIGN.md section 4). *Algeria* is a game of open information: every counter,
box and track is visible to both players (rules 2.0-2.3 hide nothing). What no player may see is
the managed generator's state (``rng``), from which the coming dice could be computed; views drop
it and add whose decision it is, the prompt, and that role's legal moves."""

from __future__ import annotations

from typing import Any

from referee_core.errors import BadRequest

from .machine import MACHINE
from .state import State

ROLES = ("gov", "fln", "observer")


def view(s: State, role: str) -> dict[str, Any]:
    if role not in ROLES:
        raise BadRequest("role", f"must be one of {list(ROLES)}")
    d = s.to_data()
    del d["rng"]
    actor = MACHINE.to_move(s)
    d["to_move"] = actor
    d["prompt"] = MACHINE.prompt(s)
    d["legal_moves"] = MACHINE.legal_moves(s) if actor == role else []
    return d
