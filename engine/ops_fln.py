"""3.3: FLN Operations – Rally, March, Attack, Terror."""

from __future__ import annotations

from .board import terror_left
from .data import AG, COUNTRIES, UG
from .machine import Log, emit
from .ops import Operation, register_op
from .state import Frame, Move, State


@register_op
class Terror(Operation):
    """3.3.4: in spaces with an Underground Guerrilla (never Resettled, 4.2.1; Cities or Sectors):
    pay 1, Activate one Underground Guerrilla, place a Terror marker if none (and one is left),
    set the space to Neutral."""

    name = "terror"
    faction = "fln"
    rule = "3.3.4"
    cost = 1
    sas = ("extort", "subvert")

    def targets(self, s: State, f: Frame) -> list[str]:
        return [n for n, sp in s.spaces.items()
                if n not in COUNTRIES and sp["pieces"][UG] > 0 and not sp["resettled"]
                and n not in f["locs"]]

    def op_moves(self, s: State, f: Frame) -> list[Move]:
        if not self.may_add_location(f) or not self.affordable(s, f):
            return []
        return [{"t": "space", "space": n} for n in self.targets(s, f)]

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["space"]
        self.add_location(s, f, n, log)
        sp = s.spaces[n]
        sp["pieces"][UG] -= 1
        sp["pieces"][AG] += 1
        if sp["terror"] == 0 and terror_left(s) > 0:
            sp["terror"] = 1
            emit(log, self.rule, f"Terror marker placed in {n}", space=n)
        sp["support"] = "neutral"
