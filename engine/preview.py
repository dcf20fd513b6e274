"""What a listed move costs and, where no chance decides it, what it does – shown beside its label
before the player chooses it (docs/moves.md, "Cost and effect").

``move_preview(state, move)`` applies the move to the position (``machine.apply`` is pure: the
position is not changed) and compares the two positions:

* ``cost``: ``{"resources": R, "commitment": C}``, the Resources the side moving spends (negative:
  receives) and the Commitment lost (negative: gained), when either is not 0 (3.1: an Operation's
  cost is paid as its spaces are selected; 1.8 Resources, 1.9 Commitment);
* ``effect``: what changes on the map and the tracks, e.g. "Algiers: -2 Active Guerrillas, -1 FLN
  Base" (Assault), "Algiers: Neutral → Support" (Pacify, 3.2.1), "Algiers: +2 Algerian Police"
  (Train); "removes nothing" for an Assault space where no enemy piece would go (3.2.4).

When the move draws on chance (the generator advances: dice, the deck), its effect is not known
before and is left out; its cost stays (an Operation's price does not depend on its dice, 3.1).
When the move ends the card (a new card is drawn, perhaps a Propaganda round), neither is given:
what follows is not the move's. Where the move leads to a further decision, the effect is what is
certain so far (a Train space selected: its cost; the cubes come with the moves that place them).
A move that changes nothing shown and costs nothing has no preview (None), nor has a move that
only chooses an Operation or a Special Activity, a decline or a Pass (its label gives its gain).
"""

from __future__ import annotations

from typing import Any

from referee_core.errors import EngineError

from .machine import apply, to_move, top
from .state import Move, State
from .words import LEVELS, count

TRACKS = (("france_track", "France Track"), ("border_zone", "Border Zone"))
# moves that only choose what comes next (an Operation, a Special Activity), decline, or say their
# gain in their label (Pass, 2.3.3): not applied, to keep the listing cheap
UNPREVIEWED = frozenset({"op", "sa", "decline", "pass"})


def move_preview(s: State, m: Move) -> dict[str, Any] | None:
    """The cost and the certain effect of ``m``, a legal move of ``s`` (see the module
    docstring); None when there is nothing to say."""
    mover = to_move(s)
    if mover not in ("gov", "fln") or m.get("t") in UNPREVIEWED:
        return None  # a chance move (external chance mode) is the dice themselves
    try:
        after, _ = apply(s, m)
    except EngineError:
        return None
    if after.turn != s.turn or after.result is not None:
        return None
    out: dict[str, Any] = {}
    spent = s.resources[mover] - after.resources[mover]
    lost = s.commitment - after.commitment
    if spent or lost:
        out["cost"] = {"resources": spent, "commitment": lost}
    if after.rng == s.rng:
        effect = effect_text(s, after, mover)
        if not effect and _assault_space(s, m):
            effect = "removes nothing"  # 3.2.4: no enemy piece there can be removed
        if effect:
            out["effect"] = effect
    return out or None


def move_previews(s: State, moves: list[Move]) -> list[dict[str, Any] | None]:
    """``move_preview`` of each of ``moves`` (legal moves of ``s``), in their order."""
    return [move_preview(s, m) for m in moves]


def _assault_space(s: State, m: Move) -> bool:
    f = top(s)
    return m.get("t") == "space" and f is not None and str(f.get("k", "")) == "op:assault"


def effect_text(before: State, after: State, mover: str) -> str:
    """The changes from ``before`` to ``after`` in a line: pieces and Support by space, Terror,
    the other side's Resources, the tracks."""
    parts = []
    for name, sp in before.spaces.items():
        new = after.spaces[name]
        changes = [f"{'+' if d > 0 else '-'}{count(abs(d), k)}"
                   for k, n in sp["pieces"].items() if (d := new["pieces"].get(k, 0) - n)]
        if new["support"] != sp["support"]:
            changes.append(f"{LEVELS[sp['support']]} → {LEVELS[new['support']]}")
        if new["terror"] != sp["terror"]:
            d = new["terror"] - sp["terror"]
            changes.append(f"{'+' if d > 0 else '-'}{abs(d)} Terror")
        if changes:
            parts.append(f"{name}: {', '.join(changes)}")
    other = "fln" if mover == "gov" else "gov"
    d = after.resources[other] - before.resources[other]
    if d:
        parts.append(f"{'FLN' if other == 'fln' else 'Government'} Resources {d:+d}")
    for key, title in TRACKS:
        if getattr(before, key) != getattr(after, key):
            parts.append(f"{title} {getattr(before, key)} → {getattr(after, key)}")
    return "; ".join(parts)
