"""Positions of the Solo Variant (option ``french_bot``): a French turn whose top card is about to
be flipped (external chance: the test names it), and the automaton's moves played through
``insurgent.bots.decide``."""

from __future__ import annotations

from typing import Any

import insurgent as I
from insurgent.bots import decide
from tests.insurgent.positions import draw, position

SOLO = {"french_bot": True}
FLIP: list[dict[str, Any]] = [{"k": "game", "stage": "turns"}, {"k": "turn", "who": "french", "step": "draw"},
        {"k": "flip", "rule": "Solo Variant", "drawn": True},
        {"k": "draw", "who": "french", "n": 1, "into": "flip"}]


def french_turn(fln_hand: list[str] | None = None, **kw: Any) -> I.State:
    """The start of a French turn of the solo game: the top card of the French deck is being
    flipped (the next move names it). The FLN holds ``fln_hand`` (default: its supporters 4)."""
    hands = {"french": [], "fln": fln_hand or ["FLN supporters 4"]}
    return position(active="french", hands=hands, options=kw.pop("options", SOLO), pending=FLIP,
                    **kw)


def flip(s: I.State, name: str) -> I.State:
    """The French flip ``name`` from the top of their deck."""
    s, _ = I.apply(s, draw(name))
    return s


def bot(s: I.State) -> tuple[I.State, list[dict[str, Any]], list[dict[str, Any]]]:
    """The automaton's moves until another actor decides: (state, moves, trace)."""
    d = decide(s, 0)
    return d.state, d.moves, d.trace


def boxes(trace: list[dict[str, Any]]) -> list[str]:
    return [e["box"] for e in trace]
