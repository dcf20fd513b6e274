"""Rule 4.0 and chart C.1: the sequence of play.

A turn is Random Events (5.0), Reinforcement (6.0), Deployment (7.0), Operations (8.0) and the
Interphase (10.0). The ``turn`` frame (automatic, always the bottom of the stack) runs the phases
in order, each pushing its own first frame, and starts the next turn after the Interphase.
"""

from __future__ import annotations

from typing import Callable

from referee_core.checks import check_int, check_obj

from . import deploy, interphase, missions_gov, reinforce
from .machine import AutoFrame, Frame, Log, State, emit, register

PHASES = (("random_events", "5.0"), ("reinforcement", "6.0"), ("deployment", "7.0"),
          ("operations", "8.0"), ("interphase", "10.0"))
# phase -> the first frame of the phase
PHASE_START: dict[str, Callable[[], Frame]] = {
    "random_events": lambda: {"k": "random_events", "x": {}},
    "reinforcement": reinforce.start_frame,
    "deployment": deploy.gov_start,
    "operations": missions_gov.phase_start,
    "interphase": interphase.start_frame,
}


def start_turn_frame() -> Frame:
    return {"k": "turn", "step": 0}


class Turn(AutoFrame[State]):
    kind = "turn"
    rule = "4.0"
    checked = True  # its step, and the phase it is in (validate._sequence)

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "step"))
        check_int(f["step"], "step", 0, len(PHASES))  # the bottom of every stack: MACHINE

    def step(self, s: State, f: Frame, log: Log) -> None:
        phase, rule = PHASES[f["step"]] if f["step"] < len(PHASES) else ("", "")
        if not phase:  # end of the turn
            s.turn += 1
            f["step"] = 0
            return
        s.phase = phase
        emit(log, rule, f"turn {s.turn}: {phase.replace('_', ' ')} phase")
        f["step"] += 1
        s.pending.append(PHASE_START[phase]())


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Turn)
