"""8.4.2 Terror (ct-fln-bot §5): where it removes Support, then – in the final Campaign – in
Neutral Pacifiable spaces; highest Population first; never exposing a Base; pausing to Extort;
then Subvert, failing that Extort."""

from __future__ import annotations

from .. import modifiers as mod
from ..board import population, terror_left
from ..data import COUNTRIES
from ..ops import OPS
from ..state import Frame, State
from .core import Runner
from .info import can_train, final_campaign, spare_ug
from .sa import after_operation, finish, try_extort


def candidates(s: State, f: Frame | None) -> tuple[list[str], list[str]]:
    """ct-fln-bot §5.1: (T1 Support spaces, T2 final-Campaign Neutral Pacifiable spaces)."""
    locs = f["locs"] if f else []
    t1: list[str] = []
    t2: list[str] = []
    final = final_campaign(s)
    for n, sp in s.spaces.items():
        if n in COUNTRIES or n in locs or population(s, n) < 1:
            continue
        if spare_ug(s, n) < mod.terror_underground(s, n):
            continue
        if sp["support"] == "support" and mod.terror_sets_neutral(s):
            t1.append(n)
        elif (final and sp["support"] == "neutral" and sp["terror"] == 0 and terror_left(s) > 0
              and can_train(s, n)):
            t2.append(n)
    return t1, t2


def any_candidate(s: State) -> bool:
    t1, t2 = candidates(s, None)
    return bool(t1 or t2)


def run(r: Runner) -> None:
    """Conduct the Terror Operation on top of the stack to the end (ct-fln-bot §5.2)."""
    depth = len(r.s.pending) - 1
    while True:
        f = r.top()
        if f is None or len(r.s.pending) - 1 != depth or f.get("op") != "terror":
            return
        if f["x"].get("busy"):
            break
        t1, t2 = candidates(r.s, f)
        group, label = (t1, "T1 remove Support") if t1 else (t2, "T2 final-Campaign Neutral")
        if not group:
            break
        if not OPS["terror"].may_add_location(f):
            break  # 2.3.4: a Limited Operation has one location
        payable = [n for n in group if r.can({"t": "space", "space": n})]
        best = r.best(group, [("highest Population", lambda n: population(r.s, n), "max")],
                      "Terror space")
        assert best is not None
        if best not in payable:
            need = mod.terror_underground(r.s, best)
            if try_extort(r, protect={best: need}, why=f"pause to pay for Terror in {best}"):
                continue
            best = r.best(payable, [("highest Population", lambda n: population(r.s, n), "max")],
                          "Terror space")
            if best is None:
                r.trace.note("8.4.2", "Terror: Resources exhausted")
                break
        r.trace.note("8.4.2", f"Terror in {best} ({label}, Pop {population(r.s, best)})",
                     candidates=group)
        r.play({"t": "space", "space": best})
    after_operation(r)
    finish(r, depth)
