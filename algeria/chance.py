"""Die rolls as decisions of the actor ``chance`` (DESIGN.md section 3; docs/chance.md).

The roll frame is the same for both games: the value (1-6) is the managed generator's
(``engine.rng.die``, counter-based, kept in ``state.rng``) or, with ``options.chance ==
"external"``, the client's ``{"t": "roll", "value": N}``. It is stored in the parent frame's
``x[into]`` and the roll frame is popped, so the parent resumes and reads it.
"""

from __future__ import annotations

from engine import rng
from engine.checks import check_obj, fail

from .machine import Frame, FrameType, Log, Move, State, emit, register


def roll_frame(purpose: str, rule: str, into: str) -> Frame:
    return {"k": "roll", "purpose": purpose, "rule": rule, "into": into}


@register
class Roll(FrameType[State]):
    kind = "roll"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "purpose", "rule", "into"))
        for key in ("purpose", "rule", "into"):
            if type(f[key]) is not str:
                fail(key, "must be a string")
        if len(s.pending) < 2 or type(s.pending[-2].get("x")) is not dict:
            fail("", "a die roll needs a decision below it with working data (x) to receive it")

    def actor(self, s: State, f: Frame) -> str:
        return "chance"

    def prompt(self, s: State, f: Frame) -> str:
        return f"roll a die: {f['purpose']}"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "roll", "value": v} for v in range(1, 7)]

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        return super().explain(s, f, m)[0], str(f["rule"])

    def managed(self, s: State, f: Frame) -> Move:
        return {"t": "roll", "value": rng.die(s.rng)}

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        s.pending.pop()
        s.pending[-1]["x"][f["into"]] = m["value"]
        emit(log, f["rule"], f"die roll {m['value']} ({f['purpose']})", roll=m["value"])


def dice(s: State, f: Frame, key: str, n: int, purpose: str, rule: str) -> int | None:
    """The sum of ``n`` dice kept in ``f["x"]`` as ``key0``, ``key1`` …; pushes the next missing
    roll and returns None until all are there."""
    total = 0
    for i in range(n):
        v = f["x"].get(f"{key}{i}")
        if v is None:
            s.pending.append(roll_frame(f"{purpose} (die {i + 1} of {n})", rule, f"{key}{i}"))
            return None
        total += v
    return total


def check_x(f: Frame, allowed_prefixes: tuple[str, ...], flags: tuple[str, ...] = ()) -> None:
    """The working data ``x`` of a frame: dice values 1-6 under keys made of an allowed prefix and
    a digit, plus boolean ``flags`` (StateError on field ``x.<key>``)."""
    x = check_obj(f["x"], "x")
    for k, v in x.items():
        if k in flags:
            if type(v) is not bool:
                fail(f"x.{k}", "must be true or false")
        elif k.rstrip("0123456789") in allowed_prefixes and k[-1:].isdigit():
            if type(v) is not int or not 1 <= v <= 6:
                fail(f"x.{k}", "a die roll is 1-6")
        else:
            fail(f"x.{k}", "unknown working value")
