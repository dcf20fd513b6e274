"""What each role may see (DESIGN §4; rules 2.2, 10.0, 7.3): the draw deck's order, the set-aside
cards, the random-generator state and the other side's Deception markers are hidden."""

from __future__ import annotations

from typing import Any

from .board import control, fln_score, gov_score, margins, total_opposition, total_support
from .errors import BadRequest
from .machine import legal_moves, prompt, to_move
from .state import State

ROLES = ("gov", "fln", "observer")


def view(s: State, role: str) -> dict[str, Any]:
    if role not in ROLES:
        raise BadRequest("role", f"must be one of {list(ROLES)}")
    d = s.to_data()
    cards = dict(d["cards"])
    cards["deck"] = None
    cards["set_aside"] = None
    cards["set_aside_count"] = len(s.cards["set_aside"] or [])
    d["cards"] = cards
    d["rng"] = None
    if s.deception is not None:
        d["deception"] = {side: (v if side == role else {"count": len(v.get("held", []))})
                          for side, v in s.deception.items()}
    actor = to_move(s)
    d["derived"] = {
        "control": {n: control(s, n) for n in s.spaces},
        "total_support": total_support(s),
        "total_opposition": total_opposition(s),
        "gov_score": gov_score(s),
        "fln_score": fln_score(s),
        "margins": margins(s),
        "to_move": actor,
        "prompt": prompt(s),
    }
    d["legal_moves"] = legal_moves(s) if actor == role or role == "observer" else []
    return d
