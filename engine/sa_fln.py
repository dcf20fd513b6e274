"""4.3: FLN Special Activities – Extort, Subvert, Ambush."""

from __future__ import annotations

from .board import add_resources, control, population
from .data import AG, UG
from .machine import Log, emit
from .ops import SpecialActivity, register_sa
from .state import Frame, Move, State


@register_sa
class Extort(SpecialActivity):
    """4.3.1: in populated spaces with an Underground Guerrilla and FLN Control (independent
    Countries included): Activate one Underground Guerrilla, +1 FLN Resource each."""

    name = "extort"
    faction = "fln"
    rule = "4.3.1"
    earns = True

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "space", "space": n} for n, sp in s.spaces.items()
                if n not in f["locs"] and sp["pieces"][UG] > 0 and population(s, n) >= 1
                and control(s, n) == "fln"]

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["space"]
        f["locs"].append(n)
        sp = s.spaces[n]
        sp["pieces"][UG] -= 1
        sp["pieces"][AG] += 1
        add_resources(s, "fln", 1)
        emit(log, self.rule, f"Extort in {n} (+1 Resource)", actor="fln", sa="extort", space=n)
