"""The Algeria decision machine: one ``engine.decisions.Machine`` with this game's frame kinds.

Every rules module registers its prompt frames here with ``@register``. Frame kinds belong to this
game only (the Colonial Twilight engine has its own registry).
"""

from __future__ import annotations

from engine.decisions import AutoFrame, FrameType, Log, Machine, emit

from .state import Frame, Move, State

MACHINE: Machine[State] = Machine(over_rule="12.2", finished=lambda s: s.result is not None)
register = MACHINE.register

__all__ = ["MACHINE", "AutoFrame", "Frame", "FrameType", "Log", "Move", "State", "emit",
           "register"]
