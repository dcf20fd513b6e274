"""Look-ahead on a determinized state: apply a move and see what it leads to.

Every look-ahead spends one unit of the decision's budget per ``engine.apply``; when the budget is
spent, choices fall back to the cheapest reasonable move (``done`` when it is legal), so a
decision's time is bounded whatever the position.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from referee_core import rng as erng

from ..labels import move_label
from ..machine import apply, legal_moves, to_move
from ..state import Move, State
from .evaluate import evaluate
from .trace import Trace

DONE: Move = {"t": "done"}
BUDGET = 1000          # engine applies for a decision's first move, all look-aheads together
BUDGET_MORE = 200      # and for each further move of the decision
OPTION_STEPS = 120     # moves simulated to complete one option (an Operation, Event, ...)
ADVERSARY_CAP = 8      # an FLN choice inside a Government action: its moves weighed up to this
MEMORY = 2500         # transitions remembered in one decision before the memory is cleared
T = TypeVar("T")


@dataclass
class Ctx:
    """One decision's working data: the bot's generator (chance in simulations, sampling), the
    trace, the look-ahead budget, and the plan – the rest of the option chosen at the last
    option prompt, replayed while it stays legal."""

    rng: dict[str, Any]
    trace: Trace
    budget: int = field(default_factory=lambda: BUDGET)
    plan: list[Move] = field(default_factory=list)
    quiet: int = 0  # > 0 while simulating: no trace entries
    # A decision's transitions and legal moves, by the identity of the state (kept alive with
    # the entry, so an identity is never reused): a look-ahead often reaches a position again
    # the same way – a move weighed by ``greedy`` and then played in the completion, a picked
    # piece's destinations weighed with the pick and then chosen among.
    seen: dict[tuple[int, str], tuple[State, State]] = field(default_factory=dict)
    moves_of: dict[int, tuple[State, list[Move]]] = field(default_factory=dict)
    values: dict[int, tuple[State, float]] = field(default_factory=dict)

    def note(self, box: str, text: str, **data: Any) -> None:
        if not self.quiet:
            self.trace.note(box, text, **data)

    def step(self, s: State, m: Move) -> State:
        """``engine.apply``'s state, from the decision's memory when this move was applied to
        this very state before (engine states are never changed in place)."""
        key = (id(s), move_key(m))
        hit = self.seen.get(key)
        if hit is not None:
            return hit[1]
        if len(self.seen) >= MEMORY:
            self.seen.clear()
            self.moves_of.clear()
            self.values.clear()
        self.budget -= 1
        s1 = apply(s, m)[0]
        self.seen[key] = (s, s1)
        return s1

    def legal(self, s: State) -> list[Move]:
        """``engine.legal_moves``, remembered for the decision like ``step``."""
        return _remembered(self.moves_of, s, legal_moves)

    def value(self, s: State) -> float:
        """``evaluate``, remembered for the decision like ``step``."""
        return _remembered(self.values, s, evaluate)

    @property
    def spent(self) -> bool:
        return self.budget <= 0


def _remembered(memory: dict[int, tuple[State, T]], s: State, f: Callable[[State], T]) -> T:
    """``f(s)``, from ``memory`` when it was computed for this very state (the state is kept in
    the entry, so its identity is not reused while the entry lives)."""
    hit = memory.get(id(s))
    if hit is not None:
        return hit[1]
    v = f(s)
    memory[id(s)] = (s, v)
    return v


def move_key(m: Move) -> str:
    return repr(sorted(m.items()))


def top_kind(s: State) -> str:
    return str(s.pending[-1].get("k")) if s.pending else ""


def other_move(s: State, ctx: Ctx) -> Move:
    """A simulated decision that is not the Government's: chance from the bot's generator (only in
    external chance mode: managed chance resolves itself); the FLN's choice inside a Government
    action (#66 Coup d'Etat's loss, an Event's "FLN chooses" …) the one worst for the Government
    among up to ``ADVERSARY_CAP`` legal moves, its first legal move beyond that."""
    ms = ctx.legal(s)
    if to_move(s) == "chance":
        return ms[erng.uniform(ctx.rng, len(ms))]
    if len(ms) == 1 or len(ms) > ADVERSARY_CAP or ctx.spent:
        return ms[0]
    return min(ms, key=lambda m: ctx.value(ctx.step(s, m)))


def compact(m: Move) -> str:
    """A move in a few words, without its position: for a plan's later moves."""
    parts = [str(m.get("t"))]
    for k in ("op", "sa", "side", "box", "card", "piece", "from", "space", "to", "value"):
        if k in m:
            parts.append(f"{k}={m[k]}")
    return " ".join(parts)


def label(s: State, m: Move) -> str:
    """A legal move of ``s`` as the engine words it (``labels.move_label``)."""
    try:
        return move_label(s, m)
    except Exception:  # noqa: BLE001 - a trace never fails a decision
        return compact(m)
