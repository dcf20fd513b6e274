"""Rule 4.0 and chart C.1: the sequence of play.

A turn is Random Events (5.0), Reinforcement (6.0), Deployment (7.0), Operations (8.0) and the
Interphase (10.0). This version implements the set-up (3.0) only: when it is complete the state
waits on the ``halt`` frame of the Random Events Phase of turn 1, which offers no move and whose
actor is ``none`` (docs/algeria/STATUS.md lists what is missing). No later phase is offered.
"""

from __future__ import annotations

from engine.checks import fail

from .machine import Frame, FrameType, Move, State, register


def start_turn_frame() -> Frame:
    return {"k": "halt", "phase": "random_events", "rule": "5.0"}


@register
class Halt(FrameType[State]):
    kind = "halt"
    rule = "4.0"

    def check_frame(self, s: State, f: Frame) -> None:
        if f != start_turn_frame():
            fail("", "not a decision this engine produces", "4.0")

    def actor(self, s: State, f: Frame) -> str:
        return "none"

    def prompt(self, s: State, f: Frame) -> str:
        return (f"turn {s.turn}, phase {f['phase']} (rule {f['rule']}): not implemented in this "
                "version of the Algeria engine; no move can be made")

    def moves(self, s: State, f: Frame) -> list[Move]:
        return []
