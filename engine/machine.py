"""The pending-decision machine (docs/state.md, "pending"; docs/chance.md).

``state.pending`` is a stack of frames (plain dicts, ``frame["k"]`` names its kind). The frame on top
is the current prompt. Each kind has a handler (a ``FrameType``) registered here; handlers are
stateless and work on the frame's data only:

* ``actor(s, f)`` – ``"gov"``, ``"fln"``, ``"chance"`` or ``"auto"`` (engine bookkeeping);
* ``moves(s, f)`` – the complete, finite list of legal moves (the one definition of legality);
* ``apply(s, f, m, log)`` – perform a legal move on ``s`` (a private copy) – push, pop, mutate;
* ``step(s, f, log)`` – for ``auto`` frames: make progress without a decision;
* ``managed(s, f)`` – for ``chance`` frames in managed mode: the move the generator chooses.

``apply`` copies the state, applies the move, then *settles*: runs ``auto`` frames (and chance frames
when chance is managed) until a player or external chance has to decide, or the game is over.
"""

from __future__ import annotations

from typing import Any

from . import decisions
from .decisions import Log, LogEntry, _show, check_move_shape, emit
from .errors import BadRequest, EngineError, IllegalMove, StateError
from .state import Frame, Move, State

__all__ = ["AutoFrame", "FRAMES", "FrameType", "Log", "LogEntry", "_show", "apply", "apply_all",
           "check_move_shape", "emit", "find_frame", "handler", "legal_moves", "pop", "prompt",
           "push", "register", "settle", "to_move", "top"]


# The frame base classes are the game-agnostic ones of engine.decisions, bound to this State.
FrameType = decisions.FrameType[State]
AutoFrame = decisions.AutoFrame[State]


FRAMES: dict[str, FrameType] = {}


def register(cls: type[FrameType]) -> type[FrameType]:
    inst = cls()
    assert inst.kind and inst.kind not in FRAMES, inst.kind
    FRAMES[inst.kind] = inst
    return cls


def handler(f: Frame) -> FrameType:
    return FRAMES[f["k"]]


def top(s: State) -> Frame | None:
    return s.pending[-1] if s.pending else None


def push(s: State, frame: Frame) -> None:
    s.pending.append(frame)


def pop(s: State) -> Frame:
    return s.pending.pop()


def find_frame(s: State, *kinds: str) -> Frame | None:
    """The frame nearest the top of the stack whose kind is one of ``kinds``, if any."""
    for f in reversed(s.pending):
        if f["k"] in kinds:
            return f
    return None


def to_move(s: State) -> str | None:
    """The actor to move: ``gov``, ``fln``, ``chance``, or None when the game is over."""
    f = top(s)
    if f is None:
        return None
    return handler(f).actor(s, f)


def prompt(s: State) -> str:
    f = top(s)
    if f is None:
        return "game over"
    return handler(f).prompt(s, f)


def legal_moves(s: State) -> list[Move]:
    cached: list[Move] | None = getattr(s, "_legal", None)
    if cached is None:
        f = top(s)
        try:
            cached = [] if f is None else handler(f).moves(s, f)
        except EngineError:
            raise
        except Exception as e:  # only reachable with decision data the engine never produced
            raise _inconsistent(s, e) from e
        s._legal = cached
    return list(cached)


def _inconsistent(s: State, e: Exception) -> StateError:
    return StateError(f"pending[{len(s.pending) - 1}]",
                      f"the pending decision's data is inconsistent ({type(e).__name__})")


def apply(s: State, m: Move) -> tuple[State, Log]:
    """Apply one move; never mutates ``s``. Raises IllegalMove (with the rule) if not legal."""
    check_move_shape(m)
    f = top(s)
    if f is None:
        raise IllegalMove("the game is over", "2.4.1")
    h = handler(f)
    if m not in legal_moves(s):
        reason, rule = h.explain(s, f, m)
        raise IllegalMove(reason, rule)
    n = s.copy()
    log: Log = []
    try:
        h.apply(n, n.pending[-1], m, log)
        settle(n, log)
    except EngineError:
        raise
    except Exception as e:  # only reachable with decision data the engine never produced
        raise _inconsistent(s, e) from e
    return n, log


def settle(s: State, log: Log) -> None:
    """Run automatic frames (and managed chance) until a decision is needed."""
    guard = 0
    while s.pending:
        f = s.pending[-1]
        h = handler(f)
        a = h.actor(s, f)
        if a == "auto":
            h.step(s, f, log)
        elif a == "chance" and s.options.get("chance", "managed") == "managed":
            h.apply(s, f, h.managed(s, f), log)
        else:
            return
        guard += 1
        assert guard < 100000, "settle did not converge"


def apply_all(s: State, moves: list[Move]) -> tuple[State, Log]:
    """Fold ``apply`` over a whole turn; an IllegalMove carries the index of the first bad move."""
    log: Log = []
    cur = s
    for i, m in enumerate(moves):
        try:
            cur, entries = apply(cur, m)
        except IllegalMove as e:
            raise IllegalMove(e.reason, e.rule, index=i) from None
        except BadRequest as e:
            raise BadRequest(f"moves[{i}].{e.field.removeprefix('move.')}"
                             if e.field.startswith("move.") else f"moves[{i}]", e.reason) from None
        log.extend(entries)
    return cur, log
