"""Helpers of the Event cards #1-#30 (engine/cards/events_a.py)."""

from __future__ import annotations

from typing import Sequence

from ..board import add_commitment, add_resources, guerrillas
from ..chance import roll_frame
from ..data import AG, ALGERIA, AP, AT, FP, FT, UG
from ..event_steps import count_at
from ..events import StepFn
from ..machine import Log, emit, push
from ..state import Frame, State

OTHER = {"gov": "fln", "fln": "gov"}
WILAYAS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
FRENCH_CUBES: tuple[str, ...] = (FT, FP)
GOV_CUBES: tuple[str, ...] = (FT, FP, AT, AP)
GUERRILLAS: tuple[str, ...] = (UG, AG)


# --- shared helpers ----------------------------------------------------------------------------


def guerrillas_in(s: State, spaces: Sequence[str]) -> int:
    """Guerrillas, Active and Underground (1.4.3), in the given spaces."""
    return sum(guerrillas(s, n) for n in spaces)


def guerrillas_in_algeria(s: State) -> int:
    """Guerrillas in the 28 Algerian spaces (1.3: the Countries excluded)."""
    return guerrillas_in(s, ALGERIA)


def pairs(pieces: Sequence[str], spaces: Sequence[str]) -> list[list[str]]:
    """Every ``[piece, space]`` combination, for event_steps.remove (re-checked at each step)."""
    return [[p, n] for n in spaces for p in pieces]


# #4, #16: French Troops and Police on the map and in the Government Available box.
FRENCH_CUBE_SOURCES: tuple[tuple[str, str], ...] = tuple(
    (p, w) for w in ALGERIA + ("available",) for p in FRENCH_CUBES)


def french_cubes_on_map_or_available(s: State) -> int:
    """#4, #16: French Troops and Police on the map or Available (never Casualties)."""
    return sum(count_at(s, p, w) for p, w in FRENCH_CUBE_SOURCES)


def commitment_step(n: int) -> StepFn:
    """Commitment +/- n, kept within 0-50 (1.8)."""
    def step(s: State, f: Frame, log: Log) -> None:
        add_commitment(s, n)
        emit(log, "5.1", f"Commitment {n:+d} (now {s.commitment})", commitment=s.commitment)
    return step


def resources_step(who: str, n: int) -> StepFn:
    """Resources +/- n, kept within 0-50 (1.8, 5.1.1)."""
    def step(s: State, f: Frame, log: Log) -> None:
        add_resources(s, who, n)
        emit(log, "5.1", f"{who} Resources {n:+d} (now {s.resources[who]})", faction=who,
             resources=s.resources[who])
    return step


def roll_step(purpose: str, into: str = "roll") -> StepFn:
    """Roll 1d6 (a chance decision); the next step reads ``f["x"][into]``."""
    def step(s: State, f: Frame, log: Log) -> None:
        push(s, roll_frame(purpose, "5.1", into))
    return step


def set_support(s: State, space: str, level: str, log: Log) -> None:
    """1.6: set a space's Support/Opposition level (callers offer Populated spaces only)."""
    s.spaces[space]["support"] = level
    emit(log, "5.1", f"{space} set to {level}", space=space, support=level)
