"""Checking the pending decision of an untrusted state document (docs/state.md, "pending"; part of
``engine.validate``): the stack of decision frames, each of a registered kind that checks its own
fields (``FrameType.check_frame``), and the current decision's legal moves."""

from __future__ import annotations

from typing import Any

from .checks import Budget, check_list, check_obj, fail, plain, show
from .data import EVENT_CARDS
from .errors import StateError
from .machine import FRAMES, FrameType, check_move_shape, handler, legal_moves, prompt
from .state import State

EVENTS = frozenset(EVENT_CARDS)  # (engine.validate uses it too)


# --- the pending decision --------------------------------------------------------------------


def check_pending(v: Any, s: State, budget: Budget) -> list[dict[str, Any]]:
    """The stack of decision frames. Each frame is a registered kind holding plain data;
    the game loop is at the bottom; the frame on top belongs to a player (or to chance, in external
    chance mode) and offers at least one legal move. Each frame's handler checks the frame's own
    data (``check_frame(s, f)``, with ``s.pending`` holding the stack up to that frame, so the
    frame below is ``s.pending[-2]``), raising ``StateError(field within the frame, reason,
    rule)`` (or any exception) when it does not fit; then every frame's actor is asked, and the
    current frame's prompt and moves are computed. Any failure is reported against the frame:
    ``pending[i]`` (+ ``.field``)."""
    frames = check_list(v, "pending")
    if s.result is None and not frames:
        fail("pending", "a game without a result must have a pending decision")
    if s.result is not None and frames:
        fail("pending", "a finished game (result set) has no pending decision", "2.4.1")
    for i, f in enumerate(frames):
        fi = f"pending[{i}]"
        check_obj(f, fi)
        k = f.get("k")
        if type(k) is not str or k not in FRAMES:
            fail(fi + ".k", f"unknown decision kind {show(k)}")
        plain(f, fi, budget)
        if (k == "game") != (i == 0):
            fail(fi + ".k", "the game loop is the bottom decision, and only it")
        if i and not _lies_on(FRAMES[k].below, frames[i - 1]["k"]):
            fail(fi + ".k", f"a {show(k)} decision never lies on a {show(frames[i - 1]['k'])}"
                 " decision")
        s.pending = frames[: i + 1]
        _check_frame(s, i, FRAMES[k], f)
    s.pending = frames
    if not frames:
        return frames
    top = len(frames) - 1
    i = 0
    try:
        for i, f in enumerate(frames):
            a = handler(f).actor(s, f)
            if a not in ("gov", "fln", "chance", "auto"):
                fail(f"pending[{i}]", f"belongs to {show(a)}, not gov, fln, chance or engine")
            if a == "chance" and i != top:
                fail(f"pending[{i}]", "a chance decision can only be the current one")
        if a == "auto":
            fail(f"pending[{top}]", "the current decision must belong to gov, fln or chance"
                 " (automatic steps are never left pending)")
        if a == "chance" and s.options["chance"] == "managed":
            fail(f"pending[{top}]", "in managed chance mode the engine resolves chance itself:"
                 " a chance decision is never left pending")
        i = top
        prompt(s)
        moves = legal_moves(s)
        if not moves:
            fail(f"pending[{top}]", "the current decision has no legal move")
        for m in moves:  # moves built from the frame's data must be well-formed (docs/moves.md)
            check_move_shape(m)
    except StateError:
        raise
    except Exception as e:  # a frame whose data does not fit its kind or the rest of the state
        fail(f"pending[{i}]", f"inconsistent with the rest of the state ({type(e).__name__})")
    return frames


def _lies_on(below: tuple[str, ...], k: str) -> bool:
    """Is kind ``k`` one of ``below`` ("op:" / "sa:" stand for every Operation / Activity)?"""
    return k in below or (k[:3] in ("op:", "sa:") and k[:3] in below)


def _check_frame(s: State, i: int, h: FrameType, f: dict[str, Any]) -> None:
    """The kind's own check of frame ``i``, its errors reported against the frame."""
    try:
        h.check_frame(s, f)
    except StateError as e:
        fail(f"pending[{i}]" + ("." + e.field if e.field else ""), e.reason, e.rule)
    except Exception as e:  # a frame whose data does not fit its kind or the rest of the state
        fail(f"pending[{i}]", f"inconsistent with the rest of the state ({type(e).__name__})")
