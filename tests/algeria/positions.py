"""Test positions for the Operations Phase: an empty map at the start of the phase (external
chance), units put where a test wants them, moves played with die rolls given as integers."""

from __future__ import annotations

from typing import Any

import algeria as A
from algeria.missions import ops_start
from algeria.state import new_area, new_unit


def ops_position(scenario: str = "1958", **tracks: Any) -> A.State:
    """The Operations Phase of turn 1 with nothing on the map; ``tracks`` set state fields
    (``psl={"fln": 50, "gov": 50}``, ``ap=10``, ``air={"max": 2, "available": 2}`` …)."""
    s = A.new_game(scenario, seed=1, options={"chance": "external"})
    s.units = {u: new_unit(u) for u in s.units}
    s.areas = {a: new_area() for a in s.areas}
    s.phase = "operations"
    s.psl = {"fln": 50, "gov": 50}
    s.ap = 10
    s.air = {"max": 0, "available": 0}   # no Air Points question (11.11) unless a test sets them
    s.helo = {"max": 0, "available": 0}  # no brigade airmobilized for a mission (11.12) either
    s.independence = False
    s.pending = [{"k": "turn", "step": 4}, ops_start()]
    for k, v in tracks.items():
        setattr(s, k, v)
    return edited(s)


def edited(s: A.State) -> A.State:
    """``s`` after a test changed it in place, read back as a client would send it: the engine
    never changes a state once made and keeps its legal moves once listed (``State._legal``)."""
    return A.from_json(A.to_json(s))


def put(s: A.State, area: str, box: str, *uids: str, neutralized: bool = False) -> A.State:
    for u in uids:
        s.units[u].update(area=area, box=box, neutralized=neutralized)
    return edited(s)


def play(s: A.State, *moves: dict[str, Any] | int) -> tuple[A.State, list[dict[str, Any]]]:
    """Apply moves in order; an integer is the next die roll (the chance actor's move)."""
    log: list[dict[str, Any]] = []
    for m in moves:
        if isinstance(m, int):
            assert A.to_move(s) == "chance", A.prompt(s)
            m = {"t": "roll", "value": m}
        s, entries = A.apply(s, m)
        log += entries
    return s, log


def mission(name: str, area: str) -> dict[str, Any]:
    return {"t": "mission", "mission": name, "area": area}


def unit(u: str) -> dict[str, Any]:
    return {"t": "unit", "unit": u}


GO = {"t": "go"}
DECLINE = {"t": "decline"}
PASS = {"t": "pass"}


def fln_split(gain: int, loss: int) -> dict[str, Any]:
    return {"t": "split", "fln_gain": gain, "gov_loss": loss}


def gov_split(gain: int, loss: int) -> dict[str, Any]:
    return {"t": "split", "gov_gain": gain, "fln_loss": loss}
