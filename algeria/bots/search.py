"""A small search for the Government bot's key decisions (docs/algeria/bots.md, "Search"):
where a new unit goes and which unit to activate next or to stop (6.3, B.1).
Each of the heuristic's best ``K``
candidates is played out ``ROLLOUTS`` times to the end of the turn — the FLN bot as the model of
the opponent, the Government bot without search for the rest — and scored by the Government's
PSL less the FLN's at the end (12.1; a game ended is worth ±``WIN``).

The search decides from the Government's view only: Algeria hides nothing but the dice
generator (view.py), so each rollout gives the position a fresh generator whose seed comes from
the bot's own seed (the same seeds for every candidate: common random numbers). The same view and
seed give the same move."""

from __future__ import annotations

import random
from typing import Any, Callable

from .. import apply, legal_moves, to_move
from ..state import State
from ..validate import validate
from .common import Move, View

K = 2            # candidates searched: the heuristic's best K distinct scores' moves
ROLLOUTS = 1     # determinized playouts per candidate
WIN = 100        # a game ended within the horizon
MAX_STEPS = 600  # a rollout's decisions, past which it is scored where it stands

Policy = Callable[[View, int], tuple[Move, list[dict[str, Any]]]]


def key_decision(f: dict[str, Any], moves: list[Move]) -> bool:
    """The decisions searched: where a new unit goes and which unit is activated next (6.3).
    (A deployed unit's order, 7.0/9.21, would be the next; each searched decision costs
    K x ROLLOUTS playouts of the turn.)"""
    return len(moves) >= 2 and f["k"] in ("gov_reinforce", "free_mobilize") \
        and f.get("stage") in ("area", "activate")


def state_of(v: View, seed: int) -> State:
    """The position of the view with a generator seeded ``seed`` (the view hides only it),
    validated once here; the rollouts' own moves are engine-made and not checked again
    (validate.check_produced)."""
    d = {k: v[k] for k in State.FIELDS if k != "rng"}
    d["rng"] = {"seed": seed & ((1 << 64) - 1), "counter": 0}
    d["schema"] = v["schema"]
    s = validate(d).copy()
    s._valid = False
    return s


def light_view(s: State, side: str) -> View:
    """What the bots read of ``algeria.view(s, side)``, without copying the state (read only)."""
    d = s.document()
    d["to_move"] = side
    d["legal_moves"] = legal_moves(s)
    return d


def rollout(s: State, gov_policy: Policy, fln_policy: Policy, seed: int) -> float:
    """Play ``s`` to the end of its turn; the Government's PSL less the FLN's (12.1)."""
    turn = s.turn
    for n in range(MAX_STEPS):
        side = to_move(s)
        if side is None or s.turn != turn:
            break
        pol = gov_policy if side == "gov" else fln_policy
        m, _ = pol(light_view(s, side), seed + n)
        s, _ = apply(s, m)
    if s.result is not None:
        return WIN if s.result["winner"] == "gov" else -WIN
    return float(s.psl["gov"] - s.psl["fln"])


def search(v: View, seed: int, candidates: list[Move], gov_policy: Policy,
           fln_policy: Policy) -> tuple[Move, list[float]]:
    """The candidate with the best mean rollout value (the first, the heuristic's, on ties)."""
    r = random.Random(seed)
    seeds = [r.getrandbits(64) for _ in range(ROLLOUTS)]
    root = [state_of(v, sd) for sd in seeds]
    values = []
    for m in candidates:
        total = 0.0
        for i, s in enumerate(root):
            s1, _ = apply(s, m)
            total += rollout(s1, gov_policy, fln_policy, seeds[i] & 0xFFFFFF)
        values.append(total / len(root))
    best = max(range(len(candidates)), key=lambda i: (values[i], -i))
    return candidates[best], values
