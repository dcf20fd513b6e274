"""The Algeria decision machine: the one driver of ``referee_core.decisions`` with this game's registry of
frame kinds and its hooks.

Every rules module registers its prompt frames here with ``@register`` (subclassing
``FrameType[State]`` or ``AutoFrame[State]``). Frame kinds belong to this game only (Colonial
Twilight has its own registry, ``engine.machine``). The hooks: an illegal move's message starts with
the turn and phase (then the actor and the prompt); a move after the end cites 12.2; once a result
is set (12.2) settling drops every remaining decision; the turn (4.0) is the bottom of every stack.
"""

from __future__ import annotations

from referee_core.decisions import AutoFrame, FrameType, Log, Machine, emit

from .data import SIDES
from .state import Frame, Move, State


def where(s: State) -> str:
    """Where a decision is: the turn and its phase (4.0)."""
    return f"turn {s.turn}, {s.phase.replace('_', ' ')} phase"


def finished(s: State) -> bool:
    return s.result is not None


MACHINE: Machine[State] = Machine("12.2", bottom=("turn", "turn"), sides=SIDES, where=where,
                                  finished=finished, cache_legal=True, fork=State.fork)
register = MACHINE.register

__all__ = ["MACHINE", "AutoFrame", "Frame", "FrameType", "Log", "Move", "State", "emit",
           "register"]
