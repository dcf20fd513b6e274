"""A game-agnostic pending-decision machine (DESIGN.md section 2), for any game whose state keeps
a stack of prompt frames in ``state.pending`` (plain dicts, ``frame["k"]`` names the kind).

A ``Machine`` owns one registry of frame kinds (``FrameType`` handlers), so two games never share
kinds by accident. The contract is the one of ``engine.machine``:

* ``actor(s, f)`` – a side, ``"chance"`` or ``"auto"`` (engine bookkeeping);
* ``moves(s, f)`` – the complete, finite list of legal moves (the one definition of legality);
* ``apply(s, f, m, log)`` – perform a legal move on ``s`` (a private copy);
* ``step(s, f, log)`` – for ``auto`` frames; ``managed(s, f)`` – the generator's move for chance.

``Machine.apply`` copies the state, applies the move, then settles: runs ``auto`` frames (and
chance frames when ``options["chance"] == "managed"``) until a decision is needed or the stack is
empty (game over). The Algeria engine (``algeria/``) runs on it; the move-shape check and the log
helpers are Colonial Twilight's (``engine.machine``), which keeps its own richer frame classes and
driver (stack rules, explanations of illegal moves).
"""

from __future__ import annotations

from typing import Any, Callable, Generic, Protocol, TypeVar

from .errors import EngineError, IllegalMove, StateError
from .machine import Log, LogEntry, _show, check_move_shape, emit

__all__ = ["AutoFrame", "DecisionState", "FrameType", "Log", "LogEntry", "Machine",
           "check_move_shape", "emit"]

Frame = dict[str, Any]
Move = dict[str, Any]


class DecisionState(Protocol):
    pending: list[Frame]
    options: dict[str, Any]

    def copy(self: S) -> S: ...


S = TypeVar("S", bound=DecisionState)


class FrameType(Generic[S]):
    kind: str = ""
    rule: str = ""
    prompt_text: str = ""

    def actor(self, s: S, f: Frame) -> str:
        return str(f["who"])

    def prompt(self, s: S, f: Frame) -> str:
        return self.prompt_text or self.kind

    def moves(self, s: S, f: Frame) -> list[Move]:
        return []

    def apply(self, s: S, f: Frame, m: Move, log: Log) -> None:
        raise IllegalMove(f"no move is possible at prompt {self.kind}", self.rule)

    def step(self, s: S, f: Frame, log: Log) -> None:
        raise AssertionError(f"frame {self.kind} is not automatic")

    def managed(self, s: S, f: Frame) -> Move:
        raise AssertionError(f"frame {self.kind} is not a chance frame")

    def check_frame(self, s: S, f: Frame) -> None:
        """Raise StateError (field within the frame) if ``f`` cannot come from the engine."""

    def explain(self, s: S, f: Frame, m: Move) -> tuple[str, str]:
        return (f"{_show(m)} is not a legal move at prompt '{self.prompt(s, f)}'", self.rule)


class AutoFrame(FrameType[S]):
    def actor(self, s: S, f: Frame) -> str:
        return "auto"


class Machine(Generic[S]):
    """One game's registry of frame kinds and the functions that drive it."""

    def __init__(self, over_rule: str, finished: Callable[[S], bool] = lambda s: False) -> None:
        self.frames: dict[str, FrameType[S]] = {}
        self.over_rule = over_rule  # the rule cited when a move is sent after the game ended
        self.finished = finished    # True once the game has ended: settle drops every decision

    def register(self, cls: type[FrameType[S]]) -> type[FrameType[S]]:
        inst = cls()
        assert inst.kind and inst.kind not in self.frames, inst.kind
        self.frames[inst.kind] = inst
        return cls

    def handler(self, f: Frame) -> FrameType[S]:
        return self.frames[f["k"]]

    def to_move(self, s: S) -> str | None:
        if not s.pending:
            return None
        f = s.pending[-1]
        return self.handler(f).actor(s, f)

    def prompt(self, s: S) -> str:
        if not s.pending:
            return "game over"
        f = s.pending[-1]
        return self.handler(f).prompt(s, f)

    def legal_moves(self, s: S) -> list[Move]:
        if not s.pending:
            return []
        f = s.pending[-1]
        try:
            return self.handler(f).moves(s, f)
        except EngineError:
            raise
        except Exception as e:  # only reachable with decision data the engine never produced
            raise self._inconsistent(s, e) from e

    @staticmethod
    def _inconsistent(s: S, e: Exception) -> StateError:
        return StateError(f"pending[{len(s.pending) - 1}]",
                          f"the pending decision's data is inconsistent ({type(e).__name__})")

    def apply(self, s: S, m: Any) -> tuple[S, Log]:
        """Apply one move; never mutates ``s``. Raises IllegalMove (with the rule) if not legal."""
        m = check_move_shape(m)
        if not s.pending:
            raise IllegalMove("the game is over", self.over_rule)
        f = s.pending[-1]
        h = self.handler(f)
        if m not in self.legal_moves(s):
            reason, rule = h.explain(s, f, m)
            raise IllegalMove(reason, rule)
        n = s.copy()
        log: Log = []
        try:
            h.apply(n, n.pending[-1], m, log)
            self.settle(n, log)
        except EngineError:
            raise
        except Exception as e:  # only reachable with decision data the engine never produced
            raise self._inconsistent(s, e) from e
        return n, log

    def settle(self, s: S, log: Log) -> None:
        guard = 0
        while s.pending:
            if self.finished(s):
                s.pending.clear()
                return
            f = s.pending[-1]
            h = self.handler(f)
            a = h.actor(s, f)
            if a == "auto":
                h.step(s, f, log)
            elif a == "chance" and s.options.get("chance", "managed") == "managed":
                h.apply(s, f, h.managed(s, f), log)
            else:
                return
            guard += 1
            assert guard < 100000, "settle did not converge"

    def apply_all(self, s: S, moves: list[Any]) -> tuple[S, Log]:
        log: Log = []
        cur = s
        for i, m in enumerate(moves):
            try:
                cur, entries = self.apply(cur, m)
            except IllegalMove as e:
                raise IllegalMove(e.reason, e.rule, index=i) from None
            log.extend(entries)
        return cur, log
