"""8.5 Propaganda Round procedures for the non-player FLN (ct-fln-bot §13): Agitation in the
Support Phase (8.5.2) and Redeploy (8.5.3). The Resources, Victory and Reset phases need no FLN
decision (8.5.1, 6.5)."""

from __future__ import annotations

from ..board import control, cubes, guerrillas, population
from ..data import AG, CITIES, COUNTRIES, FB, UG
from ..propaganda import redeploy_destinations, redeployable
from ..state import Frame, State
from .core import Runner


def agitation_budget(s: State, f: Frame, r: Runner) -> int:
    """8.5.2: two-thirds (round down) of the FLN Resources at the start of the phase; all of them
    in a final Round played in full (8.5.1 optional rule)."""
    key = ("agit_start", s.cards["rounds"])
    start = r.ctx.get("agit_start")
    if start is None or start[0] != key:
        start = (key, s.resources["fln"])
        r.ctx["agit_start"] = start
    res0 = int(start[1])
    final = s.cards["propaganda_drawn"] >= s.cards["propaganda_total"]
    return res0 if final else (2 * res0) // 3


def agitate(r: Runner) -> None:
    """8.5.2: Agitate first for the greatest shift, then where Support, then where fewest Terror,
    then randomly; Terror is removed only if a shift follows; each space once."""
    f = r.top()
    assert f is not None and f["k"] == "prop_agitate"
    budget = agitation_budget(r.s, f, r)
    start_res = int(r.ctx["agit_start"][1])
    done_spaces: set[str] = set(r.ctx.setdefault("agit_done", set()))
    while True:
        s = r.s
        f = r.top()
        if f is None or f["k"] != "prop_agitate":
            return
        left = budget - (start_res - s.resources["fln"])

        def shift(n: str) -> int:
            lv = 2 if s.spaces[n]["support"] == "support" else 1
            return int(min(lv - f["shifts"].get(n, 0), left - s.spaces[n]["terror"]))

        cands = [n for n in (m["space"] for m in r.legal() if m["t"] == "agitate")
                 if n not in done_spaces and population(s, n) >= 1
                 and s.spaces[n]["support"] != "oppose" and s.spaces[n]["terror"] + 1 <= left
                 and shift(n) >= 1]
        if not cands:
            break
        n = r.best(cands, [("greatest shift", shift, "max"),
                           ("at Support", lambda x: s.spaces[x]["support"] == "support", "yes"),
                           ("fewest Terror", lambda x: s.spaces[x]["terror"], "min")],
                       "Agitation space")
        assert n is not None
        k = shift(n)
        r.trace.note("8.5.2", f"Agitate in {n}: remove {s.spaces[n]['terror']} Terror, shift {k}",
                     budget_left=left)
        done_spaces.add(n)
        r.ctx["agit_done"] = done_spaces
        for _ in range(s.spaces[n]["terror"] + k):
            m = {"t": "agitate", "space": n}
            if not r.can(m):
                break
            r.play(m)
    r.play({"t": "done"})


def redeploy_target(s: State, n: str) -> int:
    """8.5.3: at least Population + 1 Guerrillas in each Base space, no more than three."""
    return min(population(s, n) + 1, 3)


def redeploy(r: Runner) -> None:
    """8.5.3: one Guerrilla at a time to the Base space that needs it most, from spaces that can
    spare it (never the last Guerrilla of a Support or City space), within the Wilaya (or across
    Algeria with Cross-Wilaya Coordination); Active before Underground."""
    guard = 0
    while guard < 200:
        guard += 1
        s = r.s
        f = r.top()
        if f is None or f["k"] != "prop_redeploy" or f["who"] != "fln":
            return
        if f["sel"] is not None:
            # A piece is selected (resumed mid-move): send it to the neediest Base space.
            ms = [m for m in r.legal() if m["t"] == "move"]
            dests = [m["to"] for m in ms]
            best = r.best(dests, [("largest need", lambda d: redeploy_target(s, d)
                                   - guerrillas(s, d), "max")], "Redeploy destination")
            r.play(next(m for m in ms if m["to"] == best))
            continue
        bases = [n for n in s.spaces if n not in COUNTRIES and s.spaces[n]["pieces"][FB] > 0]
        need = {n: redeploy_target(s, n) - guerrillas(s, n) for n in bases}

        def movable(n: str) -> int:
            g = redeployable(s, f, UG, n) + redeployable(s, f, AG, n)
            if n in need or s.spaces[n]["pieces"][FB] > 0:
                g = min(g, guerrillas(s, n) - redeploy_target(s, n))
            elif n in CITIES or s.spaces[n]["support"] == "support":
                g = min(g, guerrillas(s, n) - 1)
            return max(0, g)

        sources = dict.fromkeys(m["space"] for m in r.legal() if m["t"] == "select")
        reach = {a: redeploy_destinations(s, f, UG, a) for a in sources if movable(a) > 0}
        pairs = [(a, d) for d in bases if need[d] > 0 for a in reach if d in reach[a]]
        if not pairs:
            break
        dests = sorted({d for _, d in pairs})
        dn = r.best(dests, [
            ("Base without Guerrilla", lambda x: guerrillas(s, x) == 0, "yes"),
            ("largest need", lambda x: need[x], "max"),
            ("most Government cubes", lambda x: cubes(s, x), "max"),
            ("at Support", lambda x: s.spaces[x]["support"] == "support", "yes")],
            "Redeploy destination")
        assert dn is not None
        d = dn
        srcs = [a for a, dd in pairs if dd == d]
        an = r.best(srcs, [
            ("neither City nor Support", lambda x: x not in CITIES
             and s.spaces[x]["support"] != "support", "yes"),
            ("not Uncontrolled", lambda x: control(s, x) is not None, "yes"),
            ("fewest movable", movable, "min"),
            ("fewest cubes", lambda x: cubes(s, x), "min")], "Redeploy source")
        assert an is not None
        a = an
        piece = AG if redeployable(s, f, AG, a) > 0 else UG
        sel = {"t": "select", "piece": piece, "space": a}
        mv = {"t": "move", "piece": piece, "from": a, "to": d}
        if not r.can(sel):
            break
        r.trace.note("8.5.3", f"Redeploy a Guerrilla {a} -> {d} (need {need[d]})")
        r.play(sel)
        if not r.can(mv):
            ms = r.legal()
            mv = ms[0]
        r.play(mv)
    if r.can({"t": "done"}):
        r.play({"t": "done"})
