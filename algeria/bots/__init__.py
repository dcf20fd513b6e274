"""Non-player sides for Algeria (docs/algeria/bots.md): a Government bot and an FLN bot.

Each decides from its own side's view only (``algeria.view(state, side)``: every counter is
public in Algeria; the view hides the dice generator), scoring every legal move with a small
evaluation of the position and the charts' expectations; equal scores are broken by a generator
seeded with the caller's seed, so a view and a seed always give the same move.

    choose_move(view, seed) -> (move, trace)                 # one decision, the view's side
    decide(state, seed) -> (moves, state_after, trace)      # until another actor decides
    BOTS["gov"](state, seed, deadline=...)                   # one side's bot (service.games)
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any, Callable

from referee_core.errors import OutOfBudget

from .. import apply, to_move, view
from ..state import State
from . import fln, gov
from .common import Move, View

SIDES = ("gov", "fln")
MAX_STEPS = 2000


def choose_move(v: View, seed: int) -> tuple[Move, list[dict[str, Any]]]:
    """The move of the side to move in ``v`` (a view for that side, with its legal moves)."""
    side = v.get("to_move")
    if side not in SIDES or not v.get("legal_moves"):
        raise ValueError(f"view: no decision for a bot side here (to_move={side!r})")
    if side == "gov":
        return gov.choose_move(v, seed)
    return fln.choose_move(v, seed)


Decision = tuple[list[Move], State, list[dict[str, Any]]]


def decide(s: State, seed: int, *, side: str | None = None, max_steps: int = MAX_STEPS,
           deadline: float | None = None) -> Decision:
    """Play the side to move (``side``, when given) until another actor (the other side, chance)
    decides or the game ends. Decision ``i`` uses the seed ``seed + i``. When ``side`` is given
    and another actor is to move, no move is made and the trace says so. Raises OutOfBudget
    past ``max_steps`` moves or the ``deadline`` (a ``time.monotonic()`` instant)."""
    actor = to_move(s)
    if side is not None and actor != side:
        return [], s, [{"box": "4.0", "text": f"the {side} is not to act (to move: {actor})"}]
    if actor not in SIDES:
        raise ValueError(f"state: no decision for a bot side here (to_move={actor!r})")
    side = actor
    moves: list[Move] = []
    trace: list[dict[str, Any]] = []
    while to_move(s) == side:
        if len(moves) >= max_steps:
            raise OutOfBudget("steps", f"the {side} bot made {max_steps} moves without ending"
                              " its turn")
        if deadline is not None and time.monotonic() > deadline:
            raise OutOfBudget("deadline", f"the {side} bot passed its deadline after"
                              f" {len(moves)} moves")
        m, t = choose_move(view(s, side), seed + len(moves))
        s, _ = apply(s, m)
        moves.append(m)
        trace.extend(t)
    return moves, s, trace


# Each side's bot, as the service and the arena call a game's bots (service.games.Game.bots).
BOTS: dict[str, Callable[..., Decision]] = {side: partial(decide, side=side) for side in SIDES}

__all__ = ["BOTS", "SIDES", "choose_move", "decide"]
