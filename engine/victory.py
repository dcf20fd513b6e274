"""Chapter 7: Victory – checks during Propaganda Rounds (7.2), margins after the final round
(7.3), ties to the FLN (7.1)."""

from __future__ import annotations

from typing import Any

from .board import fln_score, gov_score, margins
from .state import State


def winner_by_margin(m: dict[str, int]) -> str:
    """7.1: the higher victory margin wins; ties go to the FLN."""
    return "gov" if m["gov"] > m["fln"] else "fln"


def final_result(s: State, reason: str) -> dict[str, Any]:
    m = margins(s)
    return {"winner": winner_by_margin(m), "margins": m, "reason": reason,
            "gov_score": gov_score(s), "fln_score": fln_score(s)}
