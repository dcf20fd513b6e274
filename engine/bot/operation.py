"""The bot conducting one FLN Operation with a Resources limit – Rally (8.4.5) and March (8.4.6),
ct-fln-bot §4.2-§4.3: the Operation's frame, what the bot remembers of it across its decisions,
the two-thirds cap, and paying for one more step, pausing to Extort when short."""

from __future__ import annotations

from typing import Any

from ..ops import OPS
from ..state import Frame, State
from .core import Runner
from .sa import sa_unused, try_extort


def op_memory(r: Runner, key: str, f: Frame, fresh: bool) -> dict[str, Any]:
    """What the bot remembers of the FLN Operation on top of the stack (``r0``: its Resources
    before it paid for any location), kept across its decisions under ``key``. It starts anew with
    a new Operation (``fresh``); when the bot is resumed partway through one, ``r0`` is rebuilt as
    the Resources now plus 1 per location already paid (3.3)."""
    depth = len(r.s.pending) - 1
    st: dict[str, Any] | None = r.ctx.get(key)
    if st is None or st.get("depth") != depth or fresh:
        st = {"depth": depth, "r0": r.s.resources["fln"] + (0 if f["free"] else len(f["locs"]))}
        r.ctx[key] = st
    return st


class OpRun:
    """The bot conducting the FLN Operation ``name`` whose frame is on top of the stack, resumable
    from any point of it."""

    name = ""

    def __init__(self, r: Runner) -> None:
        self.r = r
        self.depth = len(r.s.pending) - 1
        f = self.frame()
        assert f is not None
        self.free = bool(f["free"])
        self.st: dict[str, Any] = op_memory(r, self.name, f, self.fresh(f))

    def fresh(self, f: Frame) -> bool:
        """Nothing of the Operation is done yet: the bot's memory of it starts anew."""
        return not f["locs"] and not f["x"].get("busy")

    def frame(self) -> Frame | None:
        """The Operation's frame while it is on top of the stack."""
        f = self.r.top()
        if f is None or len(self.r.s.pending) - 1 != self.depth or f.get("op") != self.name:
            return None
        return f

    @property
    def s(self) -> State:
        return self.r.s

    def price(self, f: Frame, locations: int = 1) -> int:
        """3.3: what ``locations`` locations cost (nothing in a free Operation, 5.5)."""
        return OPS[self.name].price(self.s, f, locations)

    @property
    def cap(self) -> int | None:
        """8.4.5, 8.4.6: beginning with 9+ Resources, the Operation spends at most two-thirds of
        them (round down); otherwise (or when free) no limit."""
        r0 = int(self.st["r0"])
        return None if self.free or r0 <= 8 else (2 * r0) // 3

    def within_cap(self, f: Frame, cost: int) -> bool:
        """May ``cost`` more Resources be spent on this Operation?"""
        cap = self.cap
        return cap is None or self.price(f, len(f["locs"])) + cost <= cap

    def pay_or_extort(self, f: Frame, cost: int, protect: dict[str, int] | None,
                      why: str) -> bool:
        """ct-fln-bot §4.2: can ``cost`` more Resources be paid within the cap – pausing to Extort
        (8.4.5, 8.4.6) when short, never Extorting the Underground Guerrillas in ``protect``?"""
        if not self.within_cap(f, cost):
            return False
        if self.s.resources["fln"] >= cost:
            return True
        if sa_unused(self.r) and try_extort(self.r, protect, why=why):
            return self.s.resources["fln"] >= cost
        return False
