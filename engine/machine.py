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

from .checks import show
from .errors import BadRequest, EngineError, IllegalMove, StateError
from .state import Frame, Move, State

LogEntry = dict[str, Any]
Log = list[LogEntry]


class FrameType:
    kind: str = ""
    rule: str = ""
    prompt_text: str = ""
    # The kinds a frame of this kind may lie directly on ("op:" / "sa:" stand for every Operation /
    # Special Activity); from_json rejects any other stack (docs/state.md, "pending").
    below: tuple[str, ...] = ()
    # check_frame proves all the data of a frame of this kind (see ``proven``).
    checked: bool = False

    def actor(self, s: State, f: Frame) -> str:
        return str(f["who"])

    def prompt(self, s: State, f: Frame) -> str:
        return self.prompt_text or self.kind

    def moves(self, s: State, f: Frame) -> list[Move]:
        return []

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        raise IllegalMove(f"no move is possible at prompt {self.kind}", self.rule)

    def step(self, s: State, f: Frame, log: Log) -> None:
        raise AssertionError(f"frame {self.kind} is not automatic")

    def managed(self, s: State, f: Frame) -> Move:
        raise AssertionError(f"frame {self.kind} is not a chance frame")

    def check_frame(self, s: State, f: Frame) -> None:
        """Called by from_json for every frame of this kind: raise StateError (its field within
        the frame) if the frame's own data cannot belong to a state the engine produced.
        ``s.pending`` then holds the stack up to ``f`` (the frame below is ``s.pending[-2]``); the
        frames above are not checked yet. Default: nothing beyond the generic checks."""

    def proven(self, s: State, f: Frame) -> bool:
        """Does ``check_frame`` prove all of ``f``'s data consistent with the board? While a frame
        that is not proven lies on a game's stack, ``apply`` checks each state it produces with the
        validator, so data checked only in part never yields a state ``from_json`` would reject
        (docs/state.md, "pending"). Default: the kind's ``checked``."""
        return self.checked

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        """Why ``m`` is not legal here: (reason, rule). Handlers may refine it."""
        return (f"{_show(m)} is not a legal move at prompt '{self.prompt(s, f)}'", self.rule)


class AutoFrame(FrameType):
    """A frame the engine advances by itself (``step``), with no decision to make."""

    def actor(self, s: State, f: Frame) -> str:
        return "auto"


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


def check_move_shape(m: Any) -> Move:
    if not isinstance(m, dict) or not isinstance(m.get("t"), str):
        raise BadRequest("move", 'a move is a JSON object with a string field "t"')
    for k, v in m.items():
        if not isinstance(k, str) or not (isinstance(v, (str, int)) and not isinstance(v, bool)):
            raise BadRequest(f"move.{k}", "move fields are strings or integers")
    return m


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
    if s._valid and s.pending[0]["k"] == "game" and not all(handler(g).proven(s, g)
                                                            for g in s.pending):
        _check_result(s, n)
    return n, log


def _check_result(s: State, n: State) -> None:
    """The state a move produced from data not fully proven (``FrameType.proven``) must be one
    the validator accepts; otherwise the data was inconsistent: StateError. Only for states read
    by ``from_json`` and their successors (``State._valid``): the engine's own games, from
    ``new_game``, hold no data it did not produce."""
    from .validate import validate  # the validator asks the frame kinds registered here

    try:
        n._legal = validate(n.to_data())._legal  # reads n's containers, changes none
    except StateError as e:
        raise StateError(f"pending[{len(s.pending) - 1}]", "the pending decisions' data leads to"
                         f" an invalid state ({e.field}: {e.reason})", e.rule) from None


SETTLE_LIMIT = 1000  # automatic steps of one settle; a real one takes at most a dozen


def settle(s: State, log: Log) -> None:
    """Run automatic frames (and managed chance) until a decision is needed; at most
    SETTLE_LIMIT steps (more means the pending frames' data is inconsistent: StateError)."""
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
        if guard > SETTLE_LIMIT:
            raise StateError(f"pending[{len(s.pending) - 1}]", "the automatic steps do not come"
                             " to a decision: the pending frames are inconsistent")


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


def emit(log: Log, rule: str, text: str, **data: Any) -> None:
    entry: LogEntry = {"rule": rule, "text": text}
    entry.update(data)
    log.append(entry)


def _show(m: Move) -> str:
    """The move as an error message shows it: short strings as they are, anything else (a huge
    integer, a long string) as ``checks.show`` describes it, so the message stays short."""
    def value(v: Any) -> str:
        return v if isinstance(v, str) and len(v) <= 40 else show(v)
    return "{" + ", ".join(f"{value(k)}: {value(v)}" for k, v in list(m.items())[:12]) + \
        (", ...}" if len(m) > 12 else "}")

