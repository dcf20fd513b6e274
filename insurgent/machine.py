"""The *INSURGENT: Algeria* decision machine: the one driver of ``referee_core.decisions`` with
this game's registry of frame kinds and its hooks (docs/insurgent/README.md).

Every rules module registers its prompt frames here with ``@register``. The hooks: an illegal
move's message starts with the turn and whose turn it is; a move after the end cites "Winning the
Game"; once a result is set (domination ends the game at once) settling drops every remaining
decision; the game frame is the bottom of every stack.
"""

from __future__ import annotations

from referee_core.decisions import AutoFrame, FrameType, Log, Machine, emit

from .deck import SIDES
from .state import Frame, Move, State

END_RULE = "Winning the Game"


def where(s: State) -> str:
    if s.active is None:
        return "set-up"
    return f"turn {s.turn} ({'FLN' if s.active == 'fln' else 'French'} turn)"


def finished(s: State) -> bool:
    return s.result is not None


MACHINE: Machine[State] = Machine(END_RULE, bottom=("game", "game"), sides=SIDES, where=where,
                                  finished=finished, stack_rules=True)
register = MACHINE.register

__all__ = ["MACHINE", "AutoFrame", "Frame", "FrameType", "Log", "Move", "State", "emit",
           "register"]
