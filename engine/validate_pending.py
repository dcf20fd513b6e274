"""Checking the pending decision of an untrusted state document (DESIGN §2; part of
``engine.validate``): the stack of decision frames, each of a registered kind, the core kinds'
fields, and the current decision's legal moves."""

from __future__ import annotations

from typing import Any

from .checks import Budget, check_bool, check_choice, check_list, check_obj, fail, plain, show
from .data import EVENT_CARDS, SECOND_OPTIONS
from .errors import StateError
from .state import State

SIDES = ("gov", "fln")
EVENTS = frozenset(EVENT_CARDS)  # (engine.validate uses these two too)


# --- the pending decision --------------------------------------------------------------------


def check_pending(v: Any, s: State, budget: Budget) -> list[dict[str, Any]]:
    """DESIGN §2: the stack of decision frames. Each frame is a registered kind holding plain data;
    the game loop is at the bottom; the frame on top belongs to a player (or to chance, in external
    chance mode) and offers at least one legal move. Every frame's handler is asked for its actor
    and, if it defines one, runs its own check ``check_frame(s, f)``, which raises
    ``StateError(field within the frame, reason, rule)`` (or any exception) when the frame's data
    does not fit; the current frame's prompt and moves are computed. Any failure is reported
    against the frame: ``pending[i]`` (+ ``.field``)."""
    from .machine import FRAMES, check_move_shape, handler, legal_moves, prompt

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
        _check_frame(s, frames, i, f, k)
    s.pending = frames
    if not frames:
        return frames
    top = len(frames) - 1
    i = 0
    try:
        for i, f in enumerate(frames):
            h = handler(f)
            a = h.actor(s, f)
            if a not in ("gov", "fln", "chance", "auto"):
                fail(f"pending[{i}]", f"belongs to {show(a)}, not gov, fln, chance or engine")
            if a == "chance" and i != top:
                fail(f"pending[{i}]", "a chance decision can only be the current one")
            hook = getattr(h, "check_frame", None)
            if hook is not None:  # the kind's own checks of its data (optional, see docstring)
                try:
                    hook(s, f)
                except StateError as e:
                    fail(f"pending[{i}]" + ("." + e.field if e.field else ""), e.reason, e.rule)
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
        for m in moves:  # moves built from the frame's data must be well-formed (DESIGN §2)
            check_move_shape(m)
    except StateError:
        raise
    except Exception as e:  # a frame whose data does not fit its kind or the rest of the state
        fail(f"pending[{i}]", f"inconsistent with the rest of the state ({type(e).__name__})")
    return frames


def _check_frame(s: State, frames: list[dict[str, Any]], i: int, f: dict[str, Any],
                 k: str) -> None:
    """The kinds of the core modules (sequence, chance, ops): their fields. Other kinds are
    checked generically (``plain``) and by asking their handler."""
    fi = f"pending[{i}]"
    sop = s.sop
    if k == "game":
        check_obj(f, fi, ("k", "stage"))
        check_choice(f["stage"], fi + ".stage", ("draw", "play"), "2.3.6")
    elif k == "draw":
        check_obj(f, fi, ("k",))
    elif k == "card":
        check_obj(f, fi, ("k", "stage"))
        stage = check_choice(f["stage"], fi + ".stage", ("pivotal", "first", "second", "adjust"),
                             "2.3")
        if s.cards["current"] not in EVENTS:
            fail(fi, "an Event card round needs an Event card as cards.current", "2.3")
        if stage == "adjust" and sop["first_box"] is None:
            fail(fi + ".stage", "the Second Eligible acts only after the First Eligible (sop"
                 ".first_box)", "2.3.2")
    elif k == "pivotal_window":
        check_obj(f, fi, ("k", "who"))
        check_choice(f["who"], fi + ".who", SIDES, "2.3.7")
    elif k == "eligible":
        check_obj(f, fi, ("k", "who", "role", "options"))
        role = check_choice(f["role"], fi + ".role", ("first", "second"), "2.3.2")
        opts = check_list(f["options"], fi + ".options")
        for j, o in enumerate(opts):
            check_choice(o, f"{fi}.options[{j}]", tuple(SECOND_OPTIONS["pass"]), "2.3.2")
        if len(set(opts)) != len(opts):
            fail(fi + ".options", "an option is listed twice")
        if "pass" not in opts:
            fail(fi + ".options", "a player may always Pass", "2.3.3")
        _eligible_matches_sop(fi, f["who"], role, sop)
    elif k == "roll":
        check_obj(f, fi, ("k", "purpose", "rule", "into"))
        for key in ("purpose", "rule", "into"):
            if type(f[key]) is not str:
                fail(f"{fi}.{key}", "must be a string")
        if i == 0 or type(frames[i - 1].get("x")) is not dict:
            fail(fi, "a die roll needs a decision below it with working data (x) to receive it",
                 "3.3.3")
    elif k.startswith("op:"):
        _check_op_frame(fi, f, sop)
    elif k.startswith("sa:"):
        _check_sa_frame(fi, f)
        below = frames[i - 1]
        if f["op"] is not None and not (str(below.get("k")).startswith("op:")
                                        and below.get("op") == f["op"]):
            fail(fi + ".op", f"a Special Activity accompanying {show(f['op'])} sits on that"
                 " Operation", "4.1")


def _eligible_matches_sop(fi: str, who: Any, role: str, sop: dict[str, Any]) -> None:
    """2.3.1-2.3.2: the First Eligible acts first, then the other player."""
    want = sop["first"] if role == "first" else ("fln" if sop["first"] == "gov" else "gov")
    if who != want or type(who) is not str:
        fail(fi + ".who", f"the {role} eligible player is {want} (sop.first = {sop['first']})",
             "2.3.1")
    if role == "first" and sop["first_box"] is not None:
        fail(fi, "the First Eligible has already acted on this card (sop.first_box)", "2.3.2")
    if role == "second" and (sop["first_box"] is None or sop["second_box"] is not None):
        fail(fi, "the Second Eligible acts after the First Eligible and only once", "2.3.2")


OP_FRAME = ("k", "who", "op", "role", "box", "free", "sa_ok", "sa", "locs", "stage", "x")
SA_FRAME = ("k", "who", "sa", "op", "free", "locs", "x")


def _required(f: dict[str, Any], fi: str, keys: tuple[str, ...]) -> None:
    for key in keys:
        if key not in f:
            fail(f"{fi}.{key}", "missing field")


def _check_op_frame(fi: str, f: dict[str, Any], sop: dict[str, Any]) -> None:
    """3.1, 4.1 (engine.ops): an Operation in progress (its kind may be a variant, e.g. an Event's
    free Operation, so ``op`` need not repeat it). Operations may keep further fields."""
    _required(f, fi, OP_FRAME)
    if type(f["op"]) is not str:
        fail(fi + ".op", "must be the name of the Operation")
    check_choice(f["who"], fi + ".who", SIDES)
    role = check_choice(f["role"], fi + ".role", ("first", "second", None), "2.3.2")
    check_choice(f["box"], fi + ".box", (None, "limited_op", "op_only", "op_plus_sa"), "2.3.2")
    check_bool(f["free"], fi + ".free")
    check_bool(f["sa_ok"], fi + ".sa_ok")
    if f["sa"] is not None and type(f["sa"]) is not str:
        fail(fi + ".sa", "must be the name of a Special Activity or null")
    for j, loc in enumerate(check_list(f["locs"], fi + ".locs")):
        if type(loc) is not str:
            fail(f"{fi}.locs[{j}]", "must be a space or track name")
    check_choice(f["stage"], fi + ".stage", ("main", "post"), "4.1")
    check_obj(f["x"], fi + ".x")
    if role is not None:
        _eligible_matches_sop(fi, f["who"], role, sop)


def _check_sa_frame(fi: str, f: dict[str, Any]) -> None:
    """4.1 (engine.ops): a Special Activity in progress."""
    _required(f, fi, SA_FRAME)
    if type(f["sa"]) is not str:
        fail(fi + ".sa", "must be the name of the Special Activity")
    check_choice(f["who"], fi + ".who", SIDES)
    if f["op"] is not None and type(f["op"]) is not str:
        fail(fi + ".op", "must be the name of an Operation or null")
    check_bool(f["free"], fi + ".free")
    for j, loc in enumerate(check_list(f["locs"], fi + ".locs")):
        if type(loc) is not str:
            fail(f"{fi}.locs[{j}]", "must be a space or track name")
    check_obj(f["x"], fi + ".x")
