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

from difflib import get_close_matches
from typing import Any

from .checks import show
from .data import BOXES, CARDS, SPACE_NAMES
from .errors import BadRequest, EngineError, IllegalMove, StateError
from .state import Frame, Move, State
from .why import Why

LogEntry = dict[str, Any]
Log = list[LogEntry]
MOVE_INT = 1 << 31  # move fields hold integers from -2^31 to 2^31-1 (docs/moves.md)


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

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        """Tell ``why`` the conditions the well-formed move ``m`` fails here, through the same
        predicates that list the legal moves (engine.why). Default: nothing more than the
        generic answer of ``explain``."""

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        """Why ``m`` is not legal here: (reason, rule) – the conditions ``why_not`` names, else
        that it is not among the legal moves, which are summed up."""
        why = Why()
        self.why_not(s, f, m, why)
        if why.reasons:
            return "; ".join(r for r, _ in why.reasons), why.reasons[0][1] or self.rule
        return (f"{_show(m)} is not a legal move here; the legal moves:"
                f" {summary(legal_moves(s))}", self.rule)


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
    """A move of the right shape (docs/moves.md): an object with a string ``t`` and string or
    integer fields (-2^31 to 2^31-1). Returns the move itself, or without its ``label`` (display
    text, never part of a move) when it has one; raises BadRequest naming the field."""
    if not isinstance(m, dict) or not isinstance(m.get("t"), str):
        raise BadRequest("move", 'a move is a JSON object with a string field "t"')
    for k, v in m.items():
        if not isinstance(k, str) or not (type(v) is str or (
                type(v) is int and -MOVE_INT <= v < MOVE_INT)):
            raise BadRequest(f"move.{k}",
                             "move fields are strings or integers from -2^31 to 2^31-1")
    if "label" in m:
        return {k: v for k, v in m.items() if k != "label"}
    return m


def apply(s: State, m: Move) -> tuple[State, Log]:
    """Apply one move; never mutates ``s``. Raises IllegalMove (with the rule) if not legal."""
    m = check_move_shape(m)
    f = top(s)
    if f is None:
        raise IllegalMove("the game is over", "2.4.1")
    h = handler(f)
    if m not in legal_moves(s):
        check_names(m)
        check_fields(m, legal_moves(s))
        reason, rule = h.explain(s, f, m)
        raise IllegalMove(f"{context(s)}: {reason}", rule)
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
        n._checked = True  # validate.check_issued need not check it again
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


# --- explaining an illegal move --------------------------------------------------------------


def context(s: State) -> str:
    """Where a decision is: turn, card (number and title), actor, prompt."""
    card = s.cards.get("current")
    title = CARDS.get(card, {}).get("title") if isinstance(card, int) else None
    where = f"turn {s.turn}" + (f", card #{card}" + (f" {title}" if title else "")
                                if card is not None else "")
    return f"{where}, {to_move(s)} to move at '{prompt(s)}'"


def summary(moves: list[Move], per_kind: int = 6) -> str:
    """The legal moves in short: each kind with a few examples, e.g.
    ``space (Algiers, Oran, +3 more); done``."""
    kinds: dict[str, list[str]] = {}
    for m in moves:
        kinds.setdefault(m["t"], []).append(" ".join(str(v) for k, v in m.items() if k != "t"))
    parts = []
    for t, xs in kinds.items():
        xs = [x for x in xs if x]
        if not xs:
            parts.append(t)
            continue
        more = f", +{len(xs) - per_kind} more" if len(xs) > per_kind else ""
        parts.append(f"{t} ({', '.join(xs[:per_kind])}{more})")
    return "; ".join(parts) if parts else "none"


# Fields whose values name a place: a space, a Track, a box.
PLACE_FIELDS = ("space", "from", "to")


def check_names(m: Move) -> None:
    """A move naming a place that does not exist is malformed: BadRequest naming the field, with
    the nearest names (difflib)."""
    known = (*SPACE_NAMES, "france_track", "border_zone", *BOXES)
    for k in PLACE_FIELDS:
        v = m.get(k)
        if isinstance(v, str) and v not in known:
            near = get_close_matches(v, known, n=3, cutoff=0.6)
            hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
            raise BadRequest(f"move.{k}", f"unknown space {_short(v)}{hint}")
        if isinstance(v, int):
            raise BadRequest(f"move.{k}", "a space is named by a string")


def check_fields(m: Move, legal: list[Move]) -> None:
    """A move that lacks a field every legal move of its kind has here, and is otherwise part of
    a legal move (all its fields that move's, with their values), is malformed: BadRequest naming
    the missing field. Any other move – e.g. one whose variant needs a field others of its kind do
    without (a cube taken from the map, 1.4.1) – is a question of the rules (IllegalMove)."""
    kind = [x for x in legal if x["t"] == m["t"]]
    items = m.items()
    if not kind or not any(items <= x.items() for x in kind):
        return
    every: set[str] = set.intersection(*(set(x) for x in kind))
    for k in sorted(every - set(m)):
        some = sorted(set().union(*kind) - {"t"})
        raise BadRequest(f"move.{k}", f"missing field: a {m['t']!r} move here has"
                         f" {', '.join(some)}")


def _short(v: str) -> str:
    return repr(v) if len(v) <= 40 else show(v)


def emit(log: Log, rule: str, text: str, **data: Any) -> None:
    entry: LogEntry = {"rule": rule, "text": text}
    entry.update(data)
    log.append(entry)


def _show(m: Move) -> str:
    """The move as an error message shows it: ``t`` first, the other fields in sorted order (the
    same text whatever order the fields came in, on every path), short strings as they are,
    anything else (a huge integer, a long string) as ``checks.show`` describes it, so the message
    stays short."""
    def value(v: Any) -> str:
        return v if isinstance(v, str) and len(v) <= 40 else show(v)
    items = sorted(m.items(), key=lambda kv: (kv[0] != "t", str(kv[0])))
    return "{" + ", ".join(f"{value(k)}: {value(v)}" for k, v in items[:12]) + \
        (", ...}" if len(m) > 12 else "}")

