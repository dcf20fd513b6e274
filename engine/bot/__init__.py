"""The non-player FLN (rules 8.0-8.6; operational specification ct-fln-bot.md).

    decide(state, seed) -> (moves, new_state, trace)

Given any state where the FLN is to act, returns the exact list of moves the non-player FLN makes
until the decision passes to another actor (or the game ends), the resulting state, and a trace
readable by a person (flowchart box, priority bullet, tie-breakers, candidates). The bot is a
client of the engine: it only chooses among ``engine.legal_moves`` and plays through
``engine.apply``. All its dice come from a generator seeded by ``seed`` (same state and seed, same
moves). A policy error falls back to a random legal move (8.2), noted in the trace.

Its work is bounded: ``max_steps`` counts engine moves and policy queries (hypotheticals
included; a decision takes under a hundred, ``core.MAX_STEPS`` by default) and ``deadline`` is a
``time.monotonic()`` instant; past either, ``BotBudgetExceeded`` is raised (``kind`` says which).
When the FLN is to act but no move is possible (a state without a legal move, which
``engine.from_json`` never accepts), ``BotStuck`` is raised. Both are ``BotError``s
(``engine.EngineError``); a ``StateError`` from the engine (a state whose data is inconsistent)
passes through; nothing else escapes ``decide``.
"""

from __future__ import annotations

from typing import Any

from referee_core import rng as erng
from referee_core.errors import StateError

from ..machine import prompt, to_move
from ..state import Move, State
from .core import (
    MAX_STEPS, BotBudgetExceeded, BotError, BotStuck, Handoff, RandomSpaces, Runner, Work,
    install_random_spaces,
)
from .flow import fallback, step
from .trace import Trace, render

MAX_MOVES = 5000

__all__ = ["decide", "BotError", "BotStuck", "BotBudgetExceeded", "RandomSpaces",
           "install_random_spaces", "render"]


def decide(state: State, seed: int, *, max_steps: int = MAX_STEPS,
           deadline: float | None = None) -> tuple[list[Move], State, list[dict[str, Any]]]:
    """The moves the non-player FLN makes from ``state`` until another actor decides. Raises
    ``BotBudgetExceeded`` past ``max_steps`` steps or the ``deadline`` (``time.monotonic()``),
    ``BotStuck`` when no move is possible."""
    r = Runner(state, {"seed": erng.seed_from(int(seed)), "counter": 0}, Trace(),
               work=Work(max_steps, deadline))
    if to_move(state) != "fln":
        r.trace.note("8.1", f"the FLN is not to act (to move: {to_move(state)})")
        return [], state, r.trace.entries
    while to_move(r.s) == "fln" and len(r.moves) < MAX_MOVES:
        before = len(r.moves)
        try:
            try:
                step(r)
            except (Handoff, BotError, StateError):
                raise
            except Exception as e:  # noqa: BLE001 - a policy error: fall back (8.2)
                r.trace.note("8.2", f"policy error ({type(e).__name__}: {e}); falling back")
                if len(r.moves) == before:
                    fallback(r, "policy error")
            if len(r.moves) == before:
                fallback(r, "no policy move")
            if len(r.moves) == before:
                raise BotStuck(f"pending[{len(r.s.pending) - 1}]", f"the FLN is to act at prompt"
                               f" '{prompt(r.s)}' but has no legal move")
        except Handoff:
            break
        except (BotError, StateError):
            raise
        except Exception as e:  # noqa: BLE001
            r.trace.note("8.2", f"fallback failed ({type(e).__name__}: {e})")
            break
    return list(r.moves), r.s, r.trace.entries
