"""Checking the pending decision of an untrusted state document (docs/state.md, "pending"; part of
``engine.validate``): the stack of decision frames, each of a registered kind that checks its own
fields (``FrameType.check_frame``), lying on a kind its ``below`` names, the game loop at the
bottom, and the current decision's legal moves – the machine's check (``Machine.check_pending``)
with this game's registry."""

from __future__ import annotations

from typing import Any

from referee_core.checks import Budget

from .data import EVENT_CARDS
from .machine import MACHINE
from .state import State

EVENTS = frozenset(EVENT_CARDS)  # (engine.validate uses it too)


def check_pending(v: Any, s: State, budget: Budget) -> list[dict[str, Any]]:
    """The stack of decision frames (see ``referee_core.decisions.Machine.check_pending``)."""
    return MACHINE.check_pending(v, s, budget, s.result is not None)
