"""Constants and counts shared by the Event cards (engine/cards/events_a.py, events_b.py,
lasting.py)."""

from __future__ import annotations

from typing import Sequence

from ..board import guerrillas
from ..data import AG, ALGERIA, FP, FT, SPACES, UG
from ..event_steps import count_at
from ..state import State

WILAYAS: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
FRENCH_CUBES: tuple[str, ...] = (FT, FP)
GUERRILLAS: tuple[str, ...] = (UG, AG)
SECTORS: tuple[str, ...] = tuple(n for n in ALGERIA if SPACES[n].is_sector)


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
