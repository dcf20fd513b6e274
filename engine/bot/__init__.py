"""The non-player FLN (rules 8.0-8.6; operational specification ct-fln-bot.md).

    decide(state, seed) -> (moves, new_state, trace)

Given any state where the FLN is to act, returns the exact list of moves the non-player FLN makes
until the decision passes to another actor (or the game ends), the resulting state, and a trace
readable by a person (flowchart box, priority bullet, tie-breakers, candidates). The bot is a
client of the engine: it only chooses among ``engine.legal_moves`` and plays through
``engine.apply``. All its dice come from a generator seeded by ``seed`` (same state and seed, same
moves). It never raises: a policy error falls back to a random legal move (8.2), noted in the
trace.
"""

from __future__ import annotations

from typing import Any

from .. import rng as erng
from ..machine import to_move
from ..state import Move, State
from .core import Handoff, RandomSpaces, Runner, install_random_spaces
from .flow import fallback, step
from .trace import Trace, render

MAX_MOVES = 5000

__all__ = ["decide", "RandomSpaces", "install_random_spaces", "render"]


def decide(state: State, seed: int) -> tuple[list[Move], State, list[dict[str, Any]]]:
    """The moves the non-player FLN makes from ``state`` until another actor decides."""
    r = Runner(state, {"seed": erng.seed_from(int(seed)), "counter": 0}, Trace())
    if to_move(state) != "fln":
        r.trace.note("8.1", f"the FLN is not to act (to move: {to_move(state)})")
        return [], state, list(r.trace)
    while to_move(r.s) == "fln" and len(r.moves) < MAX_MOVES:
        before = len(r.moves)
        try:
            try:
                step(r)
            except Handoff:
                raise
            except Exception as e:  # noqa: BLE001 - the bot never raises
                r.trace.note("8.2", f"policy error ({type(e).__name__}: {e}); falling back")
                if len(r.moves) == before:
                    fallback(r, "policy error")
            if len(r.moves) == before:
                fallback(r, "no policy move")
        except Handoff:
            break
        except Exception as e:  # noqa: BLE001
            r.trace.note("8.2", f"fallback failed ({type(e).__name__}: {e})")
            break
    return list(r.moves), r.s, list(r.trace)
