"""What both Algeria bots read from a side's view (``algeria.view``): where the units are, what a
mission is expected to give, and the choice of the best-scored legal move with a seeded tie-break.

The bots read only the view (every counter and track is public in Algeria, docs/algeria/README.md;
the view hides the dice generator) and the game's printed data (``algeria.data``: the map, the
counter values, the charts)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..data import AREAS, TABLES, UNIT_TYPES

View = dict[str, Any]
Move = dict[str, Any]

# Chart A.3/B.4, the Mission Success Table: (result, effect) for a modified 1d6 roll, clamped
# to -1..8 (9.0).
_MST = {r["roll"]: (r["result"], r["effect"]) for r in TABLES["A3_B4_mission_success"]["rows"]}
CITIES = tuple(a for a, v in AREAS.items() if v.type == "urban")


def mst(drm: int) -> tuple[float, float, float]:
    """(expected number, P("+"), P("@")) of one MST roll with ``drm`` (chart A.3/B.4)."""
    n = plus = at = 0.0
    for d in range(1, 7):
        res, eff = _MST[max(-1, min(8, d + drm))]
        n += res / 6
        plus += (eff == "+") / 6
        at += (eff == "@") / 6
    return n, plus, at


def kind(uid: str) -> str:
    return uid.split(".", 1)[0]


def side_of(uid: str) -> str:
    return UNIT_TYPES[kind(uid)].side


def area_type(area: str) -> str:
    return AREAS[area].type


@dataclass
class Board:
    """The units of a view indexed by area and box (active = not neutralized)."""
    v: View
    at: dict[str, list[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for uid, u in self.v["units"].items():
            if u["area"] is not None:
                self.at.setdefault(u["area"], []).append(uid)

    def units(self, area: str, side: str | None = None, boxes: tuple[str, ...] | None = None,
              active: bool = True, kinds: tuple[str, ...] | None = None) -> list[str]:
        out = []
        for uid in self.at.get(area, ()):
            u = self.v["units"][uid]
            if side is not None and side_of(uid) != side:
                continue
            if boxes is not None and u["box"] not in boxes:
                continue
            if active and u["neutralized"]:
                continue
            if kinds is not None and kind(uid) not in kinds:
                continue
            out.append(uid)
        return out

    def unit(self, uid: str) -> dict[str, Any]:
        u: dict[str, Any] = self.v["units"][uid]
        return u

    def patrols(self, area: str) -> int:
        """Active Government units in the PTL box: -1 each to FLN Propaganda, Strike, Raid and
        a Move into the area (9.21)."""
        return len(self.units(area, "gov", ("PTL",)))

    def fln_strength(self, area: str) -> int:
        """FLN control points in the area (10.1: 3 per active Front, 1 per other active unit)."""
        return sum(UNIT_TYPES[kind(u)].control_points for u in self.units(area, "fln"))

    def gov_strength(self, area: str) -> int:
        n = 0
        for u in self.units(area, "gov"):
            disp = kind(u) == "fr_div" and self.unit(u)["mode"] == "dispersed"
            n += 3 if disp else UNIT_TYPES[kind(u)].control_points
        return n


def top(v: View) -> dict[str, Any]:
    frame: dict[str, Any] = v["pending"][-1]
    return frame


Scorer = Callable[[Move], tuple[float, str]]
FrameScorer = Callable[[Board, dict[str, Any], Move], tuple[float, str]]
# a decision kind's rule box (``"9.0 {m}"`` names the frame's mission) and its scorer
Rule = tuple[str, FrameScorer]


def choose_for_decision(v: View, seed: int, rules: Mapping[str, Rule], other: FrameScorer
                        ) -> tuple[Move, list[dict[str, Any]]]:
    """The best-scored legal move of the view's pending decision: scored by the rule its kind
    names in ``rules``, else by ``other`` (the trace's box then names the kind)."""
    b = Board(v)
    f = top(v)
    box, score = rules.get(f["k"], (f["k"], other))
    return choose(v["legal_moves"], lambda m: score(b, f, m), seed, box.format_map(f))


def choose(moves: list[Move], scorer: Scorer, seed: int, box: str) -> tuple[Move, list[dict[str, Any]]]:
    """The best-scored move; equal scores are broken by a generator seeded with ``seed`` (the
    same view and seed give the same move). The trace names the rule box, the chosen move, why,
    and the best alternatives with their scores."""
    r = random.Random(seed)
    scored = []
    for m in moves:
        s, why = scorer(m)
        scored.append((round(s, 6), r.random(), m, why))
    scored.sort(key=lambda x: (-x[0], x[1]))
    best = scored[0]
    trace = [{"box": box, "text": f"{_label(best[2])}: {best[3]} (score {best[0]:g})",
              "move": best[2], "score": best[0],
              "candidates": [{"move": m, "score": s, "why": w} for s, _, m, w in scored[:5]]}]
    return best[2], trace


def _label(m: Move) -> str:
    return " ".join(f"{v}" for k, v in m.items())
