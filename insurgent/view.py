"""Per-role views (DESIGN.md section 4): what each player may see of the table.

Hidden from a role (Setup, Play a Turn 1): the opponent's hand (its size is shown), both decks'
order and the opponent's deck contents (sizes are shown; a player sees the cards their own
RECRUIT put on the bottom of their deck), the cards a RECRUIT drew (the opponent sees how many),
and, from the French and an observer, the FLN's face-down cards (``{"card": null, "up": false}``,
their place in the front kept). The generator's state (``rng``) is hidden from everyone, and so is
the stack of decisions (its frames name cards); a view gives instead whose decision it is, the
prompt, and that role's legal moves. Face-down cards are revealed only as the rules reveal them:
EXPOSE turns them face up in the state itself, and so does the end of the game (Final Scoring 1;
a domination is proved by them, Winning the Game 2).

The French player's question "have I won by domination?" (Winning the Game 2) is answered in the
French view as ``domination``: true or false, from the true cards, and nothing more.
"""

from __future__ import annotations

from typing import Any

from referee_core.errors import BadRequest

from .board import dominating
from .deck import FRONTS, SIDES
from .machine import MACHINE
from .state import SCHEMA, State

ROLES = ("fln", "french", "observer")


def view(s: State, role: str) -> dict[str, Any]:
    if role not in ROLES:
        raise BadRequest("role", f"must be one of {list(ROLES)}")
    d: dict[str, Any] = {
        "schema": SCHEMA, "role": role, "deck": s.deck.document(), "options": dict(s.options),
        "turn": s.turn, "active": s.active, "final_turn": s.final_turn,
        "mulligan": dict(s.mulligan), "result": s.result,
        "prison": [dict(p) for p in s.prison], "graveyard": list(s.graveyard),
        "discard": {side: list(v) for side, v in s.discard.items()},
    }
    seen = {side: side == role or (side == "french" and bool(s.options.get("french_bot")))
            for side in SIDES}  # Solo Variant: the automaton's cards are turned up by the player
    d["hands"] = {side: list(s.hands[side]) if side == role else len(s.hands[side])
                  for side in SIDES}
    d["recruits"] = {side: list(s.recruits[side]) if seen[side] else len(s.recruits[side])
                     for side in SIDES}
    d["decks"] = {side: {"count": len(s.decks[side]["pool"]) + len(s.decks[side]["bottom"])}
                  | ({"bottom": list(s.decks[side]["bottom"])} if seen[side] else {})
                  for side in SIDES}
    d["fronts"] = {side: {f: [dict(e) if e["up"] or role == "fln" else {"card": None, "up": False}
                              for e in s.fronts[side][f]] for f in FRONTS} for side in SIDES}
    actor = MACHINE.to_move(s)
    d["to_move"] = actor
    d["prompt"] = MACHINE.prompt(s)
    d["legal_moves"] = MACHINE.legal_moves(s) if actor == role else []
    if role == "french":
        d["domination"] = dominating(s, "french")
    return d
