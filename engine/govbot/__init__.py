"""A non-player Government (the rulebook has none; design and reasons in docs/gov-bot.md).

    decide(state, seed) -> Decision(moves, state, trace)
    choose_move(view, seed) -> (move, trace)

``decide``: given any state where the Government is to act, the exact list of moves it makes until
the decision passes to another actor (or the game ends), the resulting state and a trace readable
by a person (each choice, the candidates weighed and what the choice gains). ``choose_move``: one
move from the Government's view alone (``engine.view(state, "gov")``) – the form for an agent
given a prompt.

Fairness: the bot sees only the Government's view. It decides on a *determinized* state whose
hidden parts (deck order, set-aside cards, the FLN's Deception markers, the generator state) are
sampled from its own generator (``hidden.determinize``); the real state is used only to play the
chosen moves through ``engine.apply``, as a referee would. Same state (or view) and seed, same
moves. It never raises: a move the policy cannot make falls back to the first legal move, noted in
the trace.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from referee_core import rng as erng
from referee_core.errors import IllegalMove

from ..machine import apply, legal_moves, to_move
from ..state import Move, State
from ..view import view
from .hidden import determinize
from .policy import choose
from .search import BUDGET_MORE, Ctx, label
from .trace import Trace, render

MAX_MOVES = 5000

__all__ = ["Decision", "choose_move", "decide", "render"]


class Decision(NamedTuple):
    moves: list[Move]
    state: State
    trace: list[dict[str, Any]]


def _ctx(seed: int) -> Ctx:
    return Ctx({"seed": erng.seed_from(int(seed)), "counter": 0}, Trace())


def _public(s: State) -> tuple[Any, ...]:
    """What both the real and the determinized state show the Government after a move: if these
    differ, chance went differently in the sample and it is drawn again from the new view."""
    return (s.spaces, s.boxes, s.resources, s.commitment, s.pending, s.turn,
            s.cards["current"], s.france_track, s.border_zone)


def _sample(real: State, ctx: Ctx) -> State:
    """A determinized sample of the real state's Government view. It is validated when it is built
    (``serial.from_data``); the states simulated from it are checked again (``check_produced``)
    only if the real state itself came from untrusted text: otherwise every frame it holds was
    made by the engine, and so are the sample's (the view shows the pending decisions), and the
    hidden parts were dealt by ``determinize`` from the cards the view does not place."""
    det = determinize(view(real, "gov"), ctx.rng)
    det._valid = real._valid
    return det


def decide(state: State, seed: int) -> Decision:
    """The moves the Government bot makes from ``state`` until another actor decides."""
    ctx = _ctx(seed)
    if to_move(state) != "gov":
        ctx.trace.note("gov", f"the Government is not to act (to move: {to_move(state)})")
        return Decision([], state, list(ctx.trace))
    real, moves = state, list[Move]()
    det = _sample(real, ctx)
    while to_move(real) == "gov" and len(moves) < MAX_MOVES:
        try:
            m = choose(det, ctx)
            real2, _ = apply(real, m)
        except Exception as e:  # noqa: BLE001 - the bot never raises (IllegalMove included)
            m = legal_moves(real)[0]
            ctx.trace.note("fallback", f"policy error ({type(e).__name__}: {e}); playing the "
                           f"first legal move {label(real, m)}")
            real2, _ = apply(real, m)
            ctx.plan.clear()
        moves.append(m)
        real = real2
        if to_move(real) != "gov":
            break
        ctx.budget = max(ctx.budget, 0) + BUDGET_MORE  # each further move: a fresh allowance
        try:
            det2 = ctx.step(det, m)
        except IllegalMove:
            det2 = None
        if det2 is None or _public(det2) != _public(real):
            det = _sample(real, ctx)
        else:
            det = det2
    return Decision(moves, real, list(ctx.trace))


def choose_move(gov_view: dict[str, Any], seed: int) -> tuple[Move, list[dict[str, Any]]]:
    """One Government move from its view (``engine.view(state, "gov")``) at a Government
    decision: the form for an agent given a prompt. Raises ``ValueError`` when the view is not the
    Government's or the Government is not to move."""
    if gov_view.get("role") != "gov" or gov_view.get("derived", {}).get("to_move") != "gov":
        raise ValueError("choose_move needs the Government's view at a Government decision")
    ctx = _ctx(seed)
    m = choose(determinize(gov_view, ctx.rng), ctx)
    return m, list(ctx.trace)
