"""The pending-decision machine of every game (DESIGN.md section 2; docs/state.md, "pending";
docs/chance.md). Colonial Twilight (``engine.machine``) and Algeria (``algeria.machine``) each
make one ``Machine``, register their frame kinds on it and give it their hooks; a third game would
do the same.

A state keeps a stack of prompt frames in ``state.pending`` (plain dicts, ``frame["k"]`` names the
kind). The frame on top is the current prompt. Each kind has a handler (a ``FrameType``) registered
on the game's machine; handlers are stateless and work on the frame's data only:

* ``actor(s, f)`` – a side, ``"chance"`` or ``"auto"`` (engine bookkeeping);
* ``moves(s, f)`` – the complete, finite list of legal moves (the one definition of legality);
* ``apply(s, f, m, log)`` – perform a legal move on ``s`` (a private copy) – push, pop, mutate;
* ``step(s, f, log)`` – for ``auto`` frames: make progress without a decision;
* ``managed(s, f)`` – for ``chance`` frames in managed mode: the move the generator chooses
  (``referee_core.chance``: the roll frame both games share);
* ``check_frame(s, f)`` – for the validator of untrusted states: the frame's own data.

``Machine.apply`` checks the move's shape, copies the state, applies the move, then *settles*:
runs ``auto`` frames (and chance frames when ``options["chance"] == "managed"``) until a player
or external chance has to decide, or the game is over – at most ``settle_limit`` steps. A move
that is not legal is first checked for malformed fields (``check_fields`` and the game's
``malformed``: BadRequest), then explained (``FrameType.explain``: the conditions ``why_not``
names, else the legal moves summed up) in an IllegalMove whose message starts with where the
decision is (the game's ``where``, the actor, the prompt). ``Machine.check_pending`` checks the
stack of an untrusted state for the game's validator.
"""

from __future__ import annotations

from typing import Any, Callable, ClassVar, Generic, Protocol, TypeVar

from .checks import Budget, check_list, check_obj, fail, plain, show
from .errors import BadRequest, EngineError, IllegalMove, StateError
from .native import mypyc_attr
from .why import Why

__all__ = ["AutoFrame", "DecisionState", "Frame", "FrameType", "Log", "LogEntry", "Machine",
           "Move", "check_fields", "check_move_shape", "emit", "find_frame", "pop", "push",
           "show_move", "summary", "top"]

Frame = dict[str, Any]
Move = dict[str, Any]
LogEntry = dict[str, Any]
Log = list[LogEntry]
MOVE_INT = 1 << 31  # move fields hold integers from -2^31 to 2^31-1 (docs/moves.md)


class DecisionState(Protocol):
    """What the machine needs of a game's state: the stack, the options (``chance``), a copy."""

    pending: list[Frame]
    options: dict[str, Any]

    def copy(self: S) -> S: ...


S = TypeVar("S", bound=DecisionState)


# --- frames ----------------------------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class FrameType(Generic[S]):
    """The handler of one frame kind (see the module docstring)."""

    # class attributes (ClassVar), not attributes of an instance: compiled (mypyc), an
    # instance's own slot would hide the value a subclass written in Python gives them
    kind: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    prompt_text: ClassVar[str] = ""
    # Stack rules: the kinds a frame of this kind may lie directly on, for a game whose validator
    # checks them (Colonial Twilight: "op:" / "sa:" stand for every Operation / Special Activity).
    below: ClassVar[tuple[str, ...]] = ()
    # check_frame proves all the data of a frame of this kind (see ``proven``).
    checked: ClassVar[bool] = False

    def actor(self, s: S, f: Frame) -> str:
        return str(f["who"])

    def prompt(self, s: S, f: Frame) -> str:
        return self.prompt_text or self.kind

    def decision_kind(self, s: S, f: Frame) -> str:
        """The decision this frame asks for, as a stable machine-readable key (each game's
        docs/moves.md lists them): the frame's kind, unless one kind asks several things."""
        return self.kind

    def moves(self, s: S, f: Frame) -> list[Move]:
        return []

    def apply(self, s: S, f: Frame, m: Move, log: Log) -> None:
        raise IllegalMove(f"no move is possible at prompt {self.kind}", self.rule)

    def step(self, s: S, f: Frame, log: Log) -> None:
        raise AssertionError(f"frame {self.kind} is not automatic")

    def managed(self, s: S, f: Frame) -> Move:
        raise AssertionError(f"frame {self.kind} is not a chance frame")

    def check_frame(self, s: S, f: Frame) -> None:
        """Called by the validator for every frame of this kind: raise StateError (its field
        within the frame) if the frame's own data cannot belong to a state the engine produced.
        ``s.pending`` then holds the stack up to ``f`` (the frame below is ``s.pending[-2]``);
        the frames above are not checked yet. Default: nothing beyond the generic checks."""

    def proven(self, s: S, f: Frame) -> bool:
        """Does ``check_frame`` prove all of ``f``'s data consistent with the board? While a frame
        that is not proven lies on the stack of a state read from untrusted text, the game's
        ``check_result`` hook holds each state ``apply`` produces to the validator, so data checked
        only in part never yields a state the validator would reject (docs/state.md, "pending").
        Default: the kind's ``checked``."""
        return self.checked

    def why_not(self, s: S, f: Frame, m: Move, why: Why) -> None:
        """Tell ``why`` the conditions the well-formed move ``m`` fails here, through the same
        predicates that list the legal moves (referee_core.why). Default: nothing more than the
        generic answer of ``explain``."""

    def explain(self, s: S, f: Frame, m: Move) -> tuple[str, str]:
        """Why ``m`` is not legal here: (reason, rule) – the conditions ``why_not`` names, else
        that it is not among the legal moves, which are summed up."""
        why = Why()
        self.why_not(s, f, m, why)
        if why.reasons:
            return "; ".join(r for r, _ in why.reasons), why.reasons[0][1] or self.rule
        return (f"{show_move(m)} is not a legal move here; the legal moves:"
                f" {summary(self.moves(s, f))}", self.rule)


@mypyc_attr(allow_interpreted_subclasses=True)
class AutoFrame(FrameType[S]):
    """A frame the engine advances by itself (``step``), with no decision to make."""

    def actor(self, s: S, f: Frame) -> str:
        return "auto"


# --- the stack -------------------------------------------------------------------------------


def top(s: DecisionState) -> Frame | None:
    return s.pending[-1] if s.pending else None


def push(s: DecisionState, frame: Frame) -> None:
    s.pending.append(frame)


def pop(s: DecisionState) -> Frame:
    return s.pending.pop()


def find_frame(s: DecisionState, *kinds: str) -> Frame | None:
    """The frame nearest the top of the stack whose kind is one of ``kinds``, if any."""
    for f in reversed(s.pending):
        if f["k"] in kinds:
            return f
    return None


# --- the machine -----------------------------------------------------------------------------


class Machine(Generic[S]):
    """One game's registry of frame kinds, its hooks, and the driver.

    * ``over_rule`` – the rule cited when a move is sent after the game ended;
    * ``bottom`` – the kind (and its name in messages) of the frame at the bottom of every stack
      (the game loop, the turn), for ``check_pending``;
    * ``where(s)`` – where the game is (turn, card or phase), the start of every illegal move's
      message (then the actor and the prompt); None: the message is the explanation alone;
    * ``malformed(m)`` – the game's own check of a move's fields (e.g. place names), raising
      BadRequest, before an illegal move is explained;
    * ``finished(s)`` – the game has ended although frames remain: settling drops them;
    * ``check_result(s, n)`` – called with each state ``n`` a move produced from ``s``: the check
      of states read from untrusted text whose frames are not all ``proven`` (installed by the
      game's validator, the only source of such states);
    * ``fork(s)`` – the private copy a move is applied to (default: ``s.copy()``), e.g. one that
      shares data with ``s`` until it is written (a game whose rules write only through it);
    * ``cache_legal`` – keep the legal moves on the state (``s._legal``; for a game whose states
      are never mutated once shared);
    * ``settle_limit`` – automatic steps of one settle; more means the pending frames' data is
      inconsistent (StateError);
    * ``stack_rules`` – ``check_pending`` holds each frame to its kind's ``below``;
    * ``sides`` – the actors that are players (besides ``chance`` and ``auto``).
    """

    # a plain class rather than a dataclass: mypyc's dataclasses take no KW_ONLY
    def __init__(self, over_rule: str, *, bottom: tuple[str, str], sides: tuple[str, ...],
                 where: Callable[[S], str] | None = None,
                 malformed: Callable[[Move], None] | None = None,
                 finished: Callable[[S], bool] | None = None,
                 check_result: Callable[[S, S], None] | None = None,
                 fork: Callable[[S], S] | None = None,
                 cache_legal: bool = False, settle_limit: int = 1000,
                 stack_rules: bool = False) -> None:
        self.over_rule = over_rule
        self.bottom = bottom
        self.sides = sides
        self.where = where
        self.malformed = malformed
        self.finished = finished
        self.check_result = check_result
        self.fork = fork
        self.cache_legal = cache_legal
        self.settle_limit = settle_limit
        self.stack_rules = stack_rules
        self.frames: dict[str, FrameType[S]] = {}

    def register(self, cls: type[FrameType[S]]) -> type[FrameType[S]]:
        """Make ``cls`` the handler of its kind. Each rules module registers its kinds by an
        explicit list at its end, not by class decorators: a decorated class compiles to a plain
        Python class under mypyc, which may not derive from the compiled base class."""
        inst = cls()
        assert inst.kind and inst.kind not in self.frames, inst.kind
        self.frames[inst.kind] = inst
        return cls

    def handler(self, f: Frame) -> FrameType[S]:
        return self.frames[f["k"]]

    def to_move(self, s: S) -> str | None:
        """The actor to move (a side, ``chance``), or None when the game is over."""
        if not s.pending:
            return None
        f = s.pending[-1]
        return self.frames[f["k"]].actor(s, f)

    def prompt(self, s: S) -> str:
        if not s.pending:
            return "game over"
        f = s.pending[-1]
        return self.frames[f["k"]].prompt(s, f)

    def decision_kind(self, s: S) -> str:
        """The pending decision's kind (``FrameType.decision_kind``); ``game_over`` at the end."""
        if not s.pending:
            return "game_over"
        f = s.pending[-1]
        return self.frames[f["k"]].decision_kind(s, f)

    def legal_moves(self, s: S) -> list[Move]:
        moves = self._listing(s)
        return list(moves) if self.cache_legal else moves

    def is_legal(self, s: S, m: Move) -> bool:
        """``m in legal_moves(s)``, without copying the list."""
        return m in self._listing(s)

    def _listing(self, s: S) -> list[Move]:
        """The legal moves of ``s``; where the machine caches them, the cached list itself (for
        the machine's own reading: ``legal_moves`` hands out a copy)."""
        if self.cache_legal:
            cached: list[Move] | None = getattr(s, "_legal", None)
            if cached is not None:
                return cached
        f = s.pending[-1] if s.pending else None
        try:
            moves = [] if f is None else self.frames[f["k"]].moves(s, f)
        except EngineError:
            raise
        except Exception as e:  # only reachable with decision data the engine never produced
            raise inconsistent(s, e) from e
        if self.cache_legal:
            setattr(s, "_legal", moves)
        return moves

    def context(self, s: S) -> str:
        """Where a decision is: the game's ``where``, the actor, the prompt."""
        where = self.where(s) + ", " if self.where is not None else ""
        return f"{where}{self.to_move(s)} to move at '{self.prompt(s)}'"

    def apply(self, s: S, m: Any) -> tuple[S, Log]:
        """Apply one move; never mutates ``s``. Raises IllegalMove (with the rule) if not legal,
        BadRequest (naming the field) if malformed."""
        m = check_move_shape(m)
        if not s.pending:
            raise IllegalMove("the game is over", self.over_rule)
        f = s.pending[-1]
        h = self.frames[f["k"]]
        legal = self._listing(s)
        if m not in legal:
            if self.malformed is not None:
                self.malformed(m)
            check_fields(m, legal)
            reason, rule = h.explain(s, f, m)
            raise IllegalMove(f"{self.context(s)}: {reason}", rule)
        n = s.copy() if self.fork is None else self.fork(s)
        log: Log = []
        try:
            h.apply(n, n.pending[-1], m, log)
            self.settle(n, log)
        except EngineError:
            raise
        except Exception as e:  # only reachable with decision data the engine never produced
            raise inconsistent(s, e) from e
        if self.check_result is not None:
            self.check_result(s, n)
        return n, log

    def proven(self, s: S) -> bool:
        """Is the data of every pending frame proven by its kind's check (``FrameType.proven``)?"""
        return all(self.frames[g["k"]].proven(s, g) for g in s.pending)

    def settle(self, s: S, log: Log) -> None:
        """Run automatic frames (and managed chance) until a decision is needed; at most
        ``settle_limit`` steps (more means the pending frames' data is inconsistent:
        StateError)."""
        guard = 0
        managed = s.options.get("chance", "managed") == "managed"
        while s.pending:
            if self.finished is not None and self.finished(s):
                s.pending.clear()
                return
            f = s.pending[-1]
            h = self.frames[f["k"]]
            a = h.actor(s, f)
            if a == "auto":
                h.step(s, f, log)
            elif a == "chance" and managed:
                h.apply(s, f, h.managed(s, f), log)
            else:
                return
            guard += 1
            if guard > self.settle_limit:
                raise StateError(f"pending[{len(s.pending) - 1}]", "the automatic steps do not"
                                 " come to a decision: the pending frames are inconsistent")

    def apply_all(self, s: S, moves: list[Any]) -> tuple[S, Log]:
        """Fold ``apply`` over a whole turn; an IllegalMove carries the index of the first bad
        move, a BadRequest names it (``moves[i]``)."""
        log: Log = []
        cur = s
        for i, m in enumerate(moves):
            try:
                cur, entries = self.apply(cur, m)
            except IllegalMove as e:
                raise IllegalMove(e.reason, e.rule, index=i) from None
            except BadRequest as e:
                raise BadRequest(f"moves[{i}].{e.field.removeprefix('move.')}"
                                 if e.field.startswith("move.") else f"moves[{i}]",
                                 e.reason) from None
            log.extend(entries)
        return cur, log


    # --- untrusted states ----------------------------------------------------------------------

    def check_pending(self, v: Any, s: S, budget: Budget, finished: bool) -> list[Frame]:
        """The stack of decision frames of an untrusted state document, for the game's validator
        (``s`` holds every other field, already checked; ``finished``: a result is set). Each
        frame is a registered kind holding plain data; the bottom frame is ``bottom``, and only
        it; with ``stack_rules``, each frame lies on a kind its ``below`` names. Each frame's
        handler checks the frame's own data (``check_frame(s, f)``, with ``s.pending`` holding
        the stack up to that frame, so the frame below is ``s.pending[-2]``), raising
        ``StateError(field within the frame, reason, rule)`` (or any exception) when it does not
        fit; then every frame's actor is asked, and the current frame's prompt and moves are
        computed: the frame on top belongs to a player (or to chance, in external chance mode)
        and offers at least one legal move, each well-formed. Any failure is reported against
        the frame: ``pending[i]`` (+ ``.field``)."""
        frames = check_list(v, "pending")
        if not finished and not frames:
            fail("pending", "a game without a result must have a pending decision")
        if finished and frames:
            fail("pending", "a finished game (result set) has no pending decision",
                 self.over_rule)
        kind, name = self.bottom
        for i, f in enumerate(frames):
            fi = f"pending[{i}]"
            check_obj(f, fi)
            k = f.get("k")
            if type(k) is not str or k not in self.frames:
                fail(fi + ".k", f"unknown decision kind {show(k)}")
            plain(f, fi, budget)
            if (k == kind) != (i == 0):
                fail(fi + ".k", f"the {name} is the bottom decision, and only it")
            if self.stack_rules and i and not _lies_on(self.frames[k].below, frames[i - 1]["k"]):
                fail(fi + ".k", f"a {show(k)} decision never lies on a"
                     f" {show(frames[i - 1]['k'])} decision")
            s.pending = frames[: i + 1]
            _check_frame(s, i, self.frames[k], f)
        s.pending = frames
        if not frames:
            return frames
        top = len(frames) - 1
        i = 0
        try:
            for i, f in enumerate(frames):
                a = self.frames[f["k"]].actor(s, f)
                if a not in self.sides and a not in ("chance", "auto"):
                    fail(f"pending[{i}]", f"belongs to {show(a)}, not {', '.join(self.sides)},"
                         " chance or engine")
                if a == "chance" and i != top:
                    fail(f"pending[{i}]", "a chance decision can only be the current one")
            if a == "auto":
                fail(f"pending[{top}]", f"the current decision must belong to"
                     f" {', '.join(self.sides)} or chance (automatic steps are never left"
                     " pending)")
            if a == "chance" and s.options["chance"] == "managed":
                fail(f"pending[{top}]", "in managed chance mode the engine resolves chance itself:"
                     " a chance decision is never left pending")
            i = top
            self.prompt(s)
            moves = self._listing(s)
            if not moves:
                fail(f"pending[{top}]", "the current decision has no legal move")
            if not well_formed(moves):  # moves built from the frame's data (docs/moves.md)
                for m in moves:
                    check_move_shape(m)
        except StateError:
            raise
        except Exception as e:  # a frame whose data does not fit its kind or the rest of the state
            fail(f"pending[{i}]", f"inconsistent with the rest of the state ({type(e).__name__})")
        return frames


def _lies_on(below: tuple[str, ...], k: str) -> bool:
    """Is kind ``k`` one of ``below`` (an entry ending in ":", e.g. "op:", stands for every kind
    it begins)?"""
    return k in below or (":" in k and k[:k.index(":") + 1] in below)


def _check_frame(s: S, i: int, h: FrameType[S], f: Frame) -> None:
    """The kind's own check of frame ``i``, its errors reported against the frame."""
    try:
        h.check_frame(s, f)
    except StateError as e:
        fail(f"pending[{i}]" + ("." + e.field if e.field else ""), e.reason, e.rule)
    except Exception as e:  # a frame whose data does not fit its kind or the rest of the state
        fail(f"pending[{i}]", f"inconsistent with the rest of the state ({type(e).__name__})")


def inconsistent(s: DecisionState, e: Exception) -> StateError:
    """The error of a handler that failed on data the engine never produced."""
    return StateError(f"pending[{len(s.pending) - 1}]",
                      f"the pending decision's data is inconsistent ({type(e).__name__})")


# --- moves -----------------------------------------------------------------------------------


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


def well_formed(moves: list[Any]) -> bool:
    """All of ``moves`` pass ``check_move_shape`` (one pass over their keys and values: objects
    with string keys, a string ``t``, string or integer values, integers within ±2^31); False
    when one might not (``moves`` empty included)."""
    if not moves:
        return False
    for m in moves:
        if type(m) is not dict:
            return False
        d: dict[Any, Any] = m
        if type(d.get("t")) is not str:
            return False
        for k, v in d.items():
            if type(k) is not str:
                return False
            if type(v) is int:
                n: int = v
                if n < -MOVE_INT or n >= MOVE_INT:
                    return False
            elif type(v) is not str:
                return False
    return True


def check_fields(m: Move, legal: list[Move]) -> None:
    """A move that lacks a field every legal move of its kind has here, and is otherwise part of
    a legal move (all its fields that move's, with their values), is malformed: BadRequest naming
    the missing field. Any other move – e.g. one whose variant needs a field others of its kind do
    without (a cube taken from the map, CT 1.4.1) – is a question of the rules (IllegalMove)."""
    kind = [x for x in legal if x["t"] == m["t"]]
    items = m.items()
    if not kind or not any(items <= x.items() for x in kind):
        return
    every: set[str] = set.intersection(*(set(x) for x in kind))
    for k in sorted(every - set(m)):
        some = sorted(set().union(*kind) - {"t"})
        raise BadRequest(f"move.{k}", f"missing field: a {m['t']!r} move here has"
                         f" {', '.join(some)}")


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


def show_move(m: Move) -> str:
    """The move as an error message shows it: ``t`` first, the other fields in sorted order (the
    same text whatever order the fields came in, on every path), short strings as they are,
    anything else (a huge integer, a long string) as ``checks.show`` describes it, so the message
    stays short."""
    def value(v: Any) -> str:
        return v if isinstance(v, str) and len(v) <= 40 else show(v)
    items = sorted(m.items(), key=lambda kv: (kv[0] != "t", str(kv[0])))
    return "{" + ", ".join(f"{value(k)}: {value(v)}" for k, v in items[:12]) + \
        (", ...}" if len(m) > 12 else "}")


# --- the log ---------------------------------------------------------------------------------


def emit(log: Log, rule: str, text: str, **data: Any) -> None:
    entry: LogEntry = {"rule": rule, "text": text}
    entry.update(data)
    log.append(entry)
