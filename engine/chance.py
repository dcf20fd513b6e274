"""Die rolls as decisions of the actor ``chance`` (docs/chance.md).

A handler that needs a die pushes ``roll_frame(purpose)``; when the roll is made (by the managed
generator, or supplied by the client as ``{"t": "roll", "value": 1..6}`` in external mode) the value
is stored in the *parent* frame's ``x["roll"]`` and the roll frame is popped, so the parent (an
``auto`` or player frame) resumes and reads it.
"""

from __future__ import annotations

from . import rng
from .checks import check_obj, fail
from .machine import FrameType, Log, emit, pop, register
from .state import Frame, Move, State


ROLLS = ("roll", "roll2", "gov_die", "fln_die")  # the entries of x a die roll may go to


def roll_frame(purpose: str, rule: str, into: str = "roll") -> Frame:
    return {"k": "roll", "purpose": purpose, "rule": rule, "into": into}


@register
class Roll(FrameType):
    """One die roll; the rule that calls for it travels with the frame (``f["rule"]``)."""

    kind = "roll"
    checked = True
    below = ("event", "pivotal_event", "op:attack")

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "purpose", "rule", "into"))
        for key in ("purpose", "rule", "into"):
            if type(f[key]) is not str:
                fail(key, "must be a string")
        if f["into"] not in ROLLS:
            fail("into", f"must be one of {list(ROLLS)}")
        if len(s.pending) < 2 or type(s.pending[-2].get("x")) is not dict:
            fail("", "a die roll needs a decision below it with working data (x) to receive it",
                 "3.3.3")

    def actor(self, s: State, f: Frame) -> str:
        return "chance"

    def prompt(self, s: State, f: Frame) -> str:
        return f"roll a die: {f['purpose']}"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "roll", "value": v} for v in range(1, 7)]

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        """An illegal value cites the rule that called for the roll."""
        return super().explain(s, f, m)[0], str(f["rule"])

    def managed(self, s: State, f: Frame) -> Move:
        return {"t": "roll", "value": rng.die(s.rng)}

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        pop(s)
        s.pending[-1]["x"][f["into"]] = m["value"]
        emit(log, f["rule"], f"die roll {m['value']} ({f['purpose']})", roll=m["value"])
