"""The automated French player of the Solo Variant as a bot (docs/insurgent/solo.md).

    decide(state, seed) -> Decision(moves, state, trace)

Given a state of a solo game (option ``french_bot``) where the French are to move, the moves the
automaton makes until another actor decides (the FLN, chance, or the end of the game), the state
they lead to, and a trace: one entry per move, ``{"box": the priority that decided it (e.g.
"PLAYING SUPPORTERS 2"), "text", "move", "moves", "by", "lists": [{"list", "decided", "steps":
[{"priority", "text", "kept"}]}]}`` (the shape of ``engine.bot``'s and ``algeria.bots``'
traces: ``box`` and ``text`` first).

The lists are rules of the solo game, so the engine itself offers the French only the move they
leave (``insurgent.solo``); when they end on "Random" the decision is the game's chance, not the
bot's. The bot therefore plays the one legal move at each French decision and explains it;
``seed`` is accepted for the common bot signature and draws nothing (the same state always gives
the same moves). The random picks made by chance while the bot plays appear in the trace too
(``by: "chance"``), read from the log of its moves.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from referee_core.errors import BadRequest, StateError

from .. import solo
from ..machine import MACHINE
from ..state import Move, State

MAX_MOVES = 1000
# the keys a trace entry has beside "box" and "text" (typed in the OpenAPI document;
# tests/service/test_openapi_types.py holds every entry written in insurgent/ to it)
DETAILS = frozenset({"by", "lists", "move", "moves"})

__all__ = ["DETAILS", "Decision", "decide"]


class Decision(NamedTuple):
    moves: list[Move]
    state: State
    trace: list[dict[str, Any]]


def decide(state: State, seed: int = 0) -> Decision:
    """The automaton's moves from ``state`` until another actor decides. BadRequest when the
    game is not a solo game; no move (and a note) when the French are not to move."""
    if not solo.on(state):
        raise BadRequest("state.options.french_bot", "the French automaton plays only the solo"
                         " game (option french_bot)")
    trace: list[dict[str, Any]] = []
    if MACHINE.to_move(state) != "french":
        trace.append({"box": solo.RULE, "text": "the French are not to move (to move:"
                      f" {MACHINE.to_move(state)})"})
        return Decision([], state, trace)
    s = state
    moves: list[Move] = []
    while MACHINE.to_move(s) == "french":
        if len(moves) >= MAX_MOVES:
            raise StateError("pending", f"the French automaton made {MAX_MOVES} moves without"
                             " handing over: the pending decisions are inconsistent")
        f = s.pending[-1]
        legal = MACHINE.legal_moves(s)
        if not solo.automated(s, f) or len(legal) != 1:
            raise StateError(f"pending[{len(s.pending) - 1}]", "a French decision of the solo"
                             " game has exactly one legal move, the lists' choice")
        m = legal[0]
        entry = solo.trace(s, f)
        entry |= {"text": f"{entry['text']}: {solo.label(s, m)}", "move": m}
        s, log = MACHINE.apply(s, m)
        moves.append(m)
        trace.append(entry)
        # log[0] notes this move; later notes are the chance's random picks that followed it
        trace += [e["solo"] | {"text": e["text"]} for e in log[1:] if "solo" in e]
    return Decision(moves, s, trace)
