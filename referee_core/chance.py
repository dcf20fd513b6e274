"""Die rolls as decisions of the actor ``chance`` (docs/chance.md), the same for every game.

A handler that needs a die pushes ``roll_frame(purpose, rule, into)``; the roll is made by the
managed generator (``referee_core.rng.die``: counter-based, its whole state in ``state.rng``) or, with
``options.chance == "external"``, supplied by the client as ``{"t": "roll", "value": 1..6}``. The
value is stored in the *parent* frame's ``x[into]`` and the roll frame is popped, so the parent (an
``auto`` or player frame) resumes and reads it.

Each game registers ``Roll`` on its machine as a subclass that sets its own rules: the kinds a roll
may lie on (``below``), the entries of ``x`` it may go to (``into_keys``) and the rule cited when
no frame below can receive it (``parent_rule``).
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, TypeVar

from . import rng
from .checks import check_obj, fail
from .decisions import DecisionState, Frame, FrameType, Log, Move, emit
from .native import mypyc_attr


class ChanceState(DecisionState, Protocol):
    rng: dict[str, Any]  # {"seed", "counter"} of the generator (docs/chance.md)


C = TypeVar("C", bound=ChanceState)

# The move of a die supplied by the client, in each game's move vocabulary (engine.moves,
# algeria.moves): kind -> its other fields.
MOVES: dict[str, tuple[str, ...]] = {"roll": ("value",)}


def roll_frame(purpose: str, rule: str, into: str = "roll") -> Frame:
    return {"k": "roll", "purpose": purpose, "rule": rule, "into": into}


@mypyc_attr(allow_interpreted_subclasses=True)
class Roll(FrameType[C]):
    """One die roll; the rule that calls for it travels with the frame (``f["rule"]``)."""

    kind = "roll"
    into_keys: ClassVar[tuple[str, ...]] = ()  # the entries of x a roll may go to; () for any
    parent_rule: ClassVar[str] = ""  # cited when there is no frame below with working data to receive the roll

    def check_frame(self, s: C, f: Frame) -> None:
        check_obj(f, "", ("k", "purpose", "rule", "into"))
        for key in ("purpose", "rule", "into"):
            if type(f[key]) is not str:
                fail(key, "must be a string")
        if self.into_keys and f["into"] not in self.into_keys:
            fail("into", f"must be one of {list(self.into_keys)}")
        if len(s.pending) < 2 or type(s.pending[-2].get("x")) is not dict:
            fail("", "a die roll needs a decision below it with working data (x) to receive it",
                 self.parent_rule)

    def actor(self, s: C, f: Frame) -> str:
        return "chance"

    def prompt(self, s: C, f: Frame) -> str:
        return f"roll a die: {f['purpose']}"

    def moves(self, s: C, f: Frame) -> list[Move]:
        return [{"t": "roll", "value": v} for v in range(1, 7)]

    def explain(self, s: C, f: Frame, m: Move) -> tuple[str, str]:
        """An illegal value cites the rule that called for the roll."""
        return super().explain(s, f, m)[0], str(f["rule"])

    def managed(self, s: C, f: Frame) -> Move:
        return {"t": "roll", "value": rng.die(s.rng)}

    def apply(self, s: C, f: Frame, m: Move, log: Log) -> None:
        s.pending.pop()
        s.pending[-1]["x"][f["into"]] = m["value"]
        emit(log, f["rule"], f"die roll {m['value']} ({f['purpose']})", roll=m["value"])
