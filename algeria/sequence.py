"""Rule 4.0 and chart C.1: the sequence of play.

A turn is Random Events (5.0), Reinforcement (6.0), Deployment (7.0), Operations (8.0) and the
Interphase (10.0). The ``turn`` frame (automatic) runs the phases in order, each pushing its own
frames. A phase this version does not implement is never offered: the turn stops on a ``halt``
frame naming the phase and its rule, with actor ``none`` and no legal move
(docs/algeria/STATUS.md lists what is implemented).
"""

from __future__ import annotations

from typing import Callable

from engine.checks import check_choice, check_int, check_obj, fail

from . import reinforce
from .machine import AutoFrame, Frame, FrameType, Log, Move, State, emit, register

PHASES = (("random_events", "5.0"), ("reinforcement", "6.0"), ("deployment", "7.0"),
          ("operations", "8.0"), ("interphase", "10.0"))
# phase -> the first frame of the phase (phases not listed are not implemented yet)
IMPLEMENTED: dict[str, Callable[[], Frame]] = {
    "random_events": lambda: {"k": "random_events", "x": {}},
    "reinforcement": reinforce.start_frame,
}


def start_turn_frame() -> Frame:
    return {"k": "turn", "step": 0}


@register
class Turn(AutoFrame[State]):
    kind = "turn"
    rule = "4.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "step"))
        check_int(f["step"], "step", 0, len(PHASES))
        if len(s.pending) != 1:
            fail("", "the turn is the bottom decision of the stack", "4.0")

    def step(self, s: State, f: Frame, log: Log) -> None:
        phase, rule = PHASES[f["step"]] if f["step"] < len(PHASES) else ("", "")
        if not phase:  # end of the turn
            s.turn += 1
            f["step"] = 0
            return
        s.phase = phase
        start = IMPLEMENTED.get(phase)
        if start is None:
            s.pending[-1] = {"k": "halt", "phase": phase, "rule": rule}
            return
        emit(log, rule, f"turn {s.turn}: {phase.replace('_', ' ')} phase")
        f["step"] += 1
        s.pending.append(start())


@register
class Halt(FrameType[State]):
    kind = "halt"
    rule = "4.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "phase", "rule"))
        check_choice(f["phase"], "phase", tuple(p for p, _ in PHASES if p not in IMPLEMENTED))
        if f["rule"] != dict(PHASES)[f["phase"]]:
            fail("rule", f"the {f['phase']} phase is rule {dict(PHASES)[f['phase']]}")
        if s.phase != f["phase"]:
            fail("", f"the state is in phase {s.phase}, not {f['phase']}")

    def actor(self, s: State, f: Frame) -> str:
        return "none"

    def prompt(self, s: State, f: Frame) -> str:
        return (f"turn {s.turn}, {f['phase'].replace('_', ' ')} phase (rule {f['rule']}): not "
                "implemented in this version of the Algeria engine; no move can be made")

    def moves(self, s: State, f: Frame) -> list[Move]:
        return []
