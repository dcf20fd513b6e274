"""8.4.6 March (ct-fln-bot §9): cover exposed Bases (M1), Amateur Bombers City (M2), Support spaces
(M3), break Government Control (M4), seed a future Base (M5) – multi-step moves within a Wilaya,
crossing from Morocco/Tunisia, combined sources, never exposing a Base, never the last Guerrilla of
a Support space, never handing a populated space to Government Control; two-thirds cap; pausing
to Extort; then Subvert or Extort."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .. import modifiers as mod
from ..board import (
    base_room, control, cubes, fln_count, gov_count, population, support,
)
from ..data import AG, CITIES, COUNTRIES, FB, SPACES, UG
from ..ops_fln import march_activation_size, march_stops, step_allowed
from ..state import Frame, Move, State
from .core import Criterion, Runner
from .info import base_space, final_campaign, march_keep
from .operation import OpRun
from .sa import after_operation, finish

MAX_PATH = 5
TALEB = 32


@dataclass
class Leg:
    """Guerrillas from one source along one path: ``u`` Underground and ``a`` Active at the
    start."""

    path: tuple[str, ...]
    u: int
    a: int

    @property
    def source(self) -> str:
        return self.path[0]


@dataclass
class Plan:
    dest: str
    legs: tuple[Leg, ...]
    cost: int
    hidden: int  # Guerrillas arriving Underground

    @property
    def spaces(self) -> set[str]:
        return {x for leg in self.legs for x in leg.path[1:]}


@dataclass
class Memo:
    """What step() remembers while it plans its destinations on one board (nothing changes
    meanwhile): paths() by origin, movable() by space, the smallest group a step Activates
    (``march_activation_size``) by its two spaces, steps_from() by space."""

    paths: dict[str, dict[str, list[tuple[str, ...]]]] = field(default_factory=dict)
    movable: dict[str, tuple[int, int, int, int]] = field(default_factory=dict)
    activation: dict[str, dict[str, int]] = field(default_factory=dict)
    steps: dict[str, list[tuple[str, bool]]] = field(default_factory=dict)


class March(OpRun):
    """One March Operation conducted by the bot, resumable from its frame."""

    name = "march"

    def __init__(self, r: Runner) -> None:
        super().__init__(r)
        self.st.setdefault("arrived", {})
        self.memo: Memo | None = None  # while step() plans on one board

    def remember(self, on: bool) -> None:
        """Start remembering afresh (the board just changed, or step() begins), or stop."""
        self.memo = Memo() if on else None

    def fresh(self, f: Frame) -> bool:
        return super().fresh(f) and not f["x"].get("pairs")

    # -- movable Guerrillas (guards, ct-fln-bot §9.2) --------------------------------------------
    def movable(self, n: str) -> tuple[int, int, int, int]:
        """(free UG, free Active, most that may leave, most Underground that may leave)."""
        m = self.memo
        if m is None:
            return self._movable(n)
        got = m.movable.get(n)
        if got is None:
            got = m.movable[n] = self._movable(n)
        return got

    def _movable(self, n: str) -> tuple[int, int, int, int]:
        s = self.s
        f = self.frame()
        assert f is not None
        p = s.spaces[n]["pieces"]
        stop = f["x"].get("stop", {}).get(n, [0, 0])
        arr = self.st["arrived"].get(n, [0, 0])
        fu = max(0, p[UG] - stop[0] - arr[0])
        fa = max(0, p[AG] - stop[1] - arr[1])
        g = p[UG] + p[AG]
        keep, keep_ug = march_keep(s, n)
        mt = max(0, min(fu + fa, g - keep))
        mu = max(0, min(fu, p[UG] - keep_ug, mt))
        return fu, fa, mt, mu

    # -- paths --------------------------------------------------------------------------------
    def paths(self, a: str) -> dict[str, list[tuple[str, ...]]]:
        """Every path a group may March from ``a``, by the space it ends in (depth first, in the
        order of ``steps_from``; no space twice)."""
        out: dict[str, list[tuple[str, ...]]] = {}
        self._extend((a,), {a}, out)
        return out

    def _extend(self, path: tuple[str, ...], on_path: set[str],
                out: dict[str, list[tuple[str, ...]]]) -> None:
        for y, goes_on in self.steps_from(path[-1]):
            if y in on_path:
                continue
            longer = path + (y,)
            out.setdefault(y, []).append(longer)
            if goes_on and len(longer) <= MAX_PATH:
                on_path.add(y)
                self._extend(longer, on_path, out)
                on_path.discard(y)

    def steps_from(self, x: str) -> list[tuple[str, bool]]:
        """The spaces a group may move into from ``x``, each with whether it may move on from
        there (3.3.2; remembered within step())."""
        m = self.memo
        if m is None:
            return self._steps_from(x)
        got = m.steps.get(x)
        if got is None:
            got = m.steps[x] = self._steps_from(x)
        return got

    def _steps_from(self, x: str) -> list[tuple[str, bool]]:
        s = self.s
        f = self.frame()
        assert f is not None
        return [(y, not march_stops(s, f, x, y)) for y in SPACES[x].adjacent
                if step_allowed(s, f, x, y)]

    def paths_from(self, a: str) -> dict[str, list[tuple[str, ...]]]:
        """``paths`` (remembered within step())."""
        m = self.memo
        if m is None:
            return self.paths(a)
        got = m.paths.get(a)
        if got is None:
            got = m.paths[a] = self.paths(a)
        return got

    def path_cost(self, path: tuple[str, ...]) -> int:
        """Spaces of ``path`` past its source not yet paid for (3.3.2)."""
        f = self.frame()
        assert f is not None
        locs = f["locs"]
        return sum(1 for y in path[1:] if y not in locs)

    def leg(self, n: str, path: tuple[str, ...], k: int, ug_only: bool) -> Leg | None:
        """k Guerrillas from ``n`` along ``path``: Underground first, unless the March is certain
        to Activate them (or leaves a Base space): then Active first (8.1.2)."""
        fu, fa, mt, mu = self.movable(n)
        if k > mt or k <= 0:
            return None
        if ug_only:
            if k > mu:
                return None
            return Leg(path, k, 0)
        active_first = self.activates(path, k) or base_space(self.s, n)
        if active_first:
            a = min(fa, k)
            u = k - a
        else:
            u = min(mu, k)
            a = k - u
        if u > mu or a > fa:
            return None
        return Leg(path, u, a)

    def hidden_of(self, leg: Leg) -> int:
        return 0 if self.activates(leg.path, leg.u + leg.a) else leg.u

    def activates(self, path: tuple[str, ...], size: int) -> bool:
        """3.3.2: whether a group of ``size`` Guerrillas is Activated on some step of ``path``
        (on the current state; each step's smallest such group remembered within step())."""
        m = self.memo
        for i in range(1, len(path)):
            x, y = path[i - 1], path[i]
            if m is None:
                least = march_activation_size(self.s, x, y)
            else:
                row = m.activation.get(x)
                if row is None:
                    row = m.activation[x] = {}
                got = row.get(y)
                if got is None:
                    got = row[y] = march_activation_size(self.s, x, y)
                least = got
            if size >= least:
                return True
        return False

    def plan(self, dest: str, k: int, mode: str) -> Plan | None:
        """ct-fln-bot §9.3: a March of exactly ``k`` Guerrillas into ``dest``. ``mode``: "ug"
        (Underground arrivals required), "prefer" (preferred), "any"."""
        s = self.s
        options: list[tuple[str, int, list[tuple[str, ...]]]] = []
        for n in s.spaces:
            if n == dest:
                continue
            _, _, mt, mu = self.movable(n)
            if mt == 0 or (mode == "ug" and mu == 0):
                continue
            ps = self.paths_from(n).get(dest)
            if ps:
                options.append((n, mt, ps))
        if not options:
            return None
        if mode in ("ug", "prefer"):
            best: Plan | None = None
            cands: list[Plan] = []
            for n, mt, ps in options:
                leg_best: Leg | None = None
                key: tuple[int, int] | None = None
                for p in ps:
                    lg = self.leg(n, p, min(k, mt) if k > 1 else 1, mode == "ug")
                    if lg is None:
                        continue
                    h = self.hidden_of(lg)
                    if mode == "ug" and h < 1:
                        continue
                    kk = (-h, self.path_cost(p))
                    if key is None or kk < key:
                        key, leg_best = kk, lg
                if leg_best is not None:
                    cands.append(Plan(dest, (leg_best,), self.path_cost(leg_best.path),
                                      self.hidden_of(leg_best)))
            if k == 1:
                if not cands:
                    return None
                mv = {c.legs[0].source: self.movable(c.legs[0].source)[2] for c in cands}
                by: dict[str, Plan] = {c.legs[0].source: c for c in cands}
                crit: list[Any] = []
                if mode == "prefer":
                    crit.append(("arrives Underground", lambda x: by[x].hidden > 0, "yes"))
                crit += [("lowest cost", lambda x: by[x].cost, "min"),
                         ("most movable", lambda x: mv[x], "max")]
                src = self.r.best(list(by), crit, f"March source for {dest}")
                return by[src] if src is not None else None
            best = self.combine(dest, k, [(c.legs[0].source, c.legs[0].path) for c in sorted(
                cands, key=lambda c: (-c.hidden, c.cost))], mode == "ug")
            return best
        # M4, M5: hidden-first plan vs cheapest plan.
        hidden: list[tuple[int, int, str, tuple[str, ...]]] = []
        cheap: list[tuple[int, int, str, tuple[str, ...]]] = []
        for n, mt, ps in options:
            g = min(mt, k)
            # each path's Guerrillas arriving Underground (-1: no such leg) and cost
            hid = [self.hidden_of(lg) if (lg := self.leg(n, p, g, False)) else -1 for p in ps]
            cost = [self.path_cost(p) for p in ps]
            h = min(range(len(ps)), key=lambda i: (-hid[i], cost[i]))
            c = min(range(len(ps)), key=lambda i: (cost[i], -hid[i]))
            hidden.append((-hid[h], cost[h], n, ps[h]))
            cheap.append((cost[c], -mt, n, ps[c]))
        p1 = self.combine(dest, k, [(n, p) for _, _, n, p in sorted(hidden)], False)
        p2 = self.combine(dest, k, [(n, p) for _, _, n, p in sorted(cheap)], False)
        if p1 is None:
            return p2
        if p2 is None or p1.cost <= p2.cost:
            return p1
        return p2

    def combine(self, dest: str, k: int, order: list[tuple[str, tuple[str, ...]]],
                ug_only: bool) -> Plan | None:
        legs: list[Leg] = []
        left = k
        spaces: set[str] = set()
        for n, p in order:
            if left == 0:
                break
            mt = self.movable(n)[3 if ug_only else 2]
            take = min(mt, left)
            lg = self.leg(n, p, take, ug_only) if take > 0 else None
            if lg is None:
                continue
            legs.append(lg)
            left -= take
            spaces |= set(p[1:])
        if left:
            return None
        cost = self.path_cost(("",) + tuple(sorted(spaces)))
        return Plan(dest, tuple(legs), cost, sum(self.hidden_of(lg) for lg in legs))

    # -- executing ----------------------------------------------------------------------------
    def affordable(self, plan: Plan, protect: dict[str, int]) -> bool:
        f = self.frame()
        assert f is not None
        return self.pay_or_extort(f, self.price(f, plan.cost), protect, "pause to pay for March")

    def execute(self, plan: Plan, why: str) -> bool:
        self.r.trace.note("8.4.6", f"March to {plan.dest}: {why}",
                          legs=[f"{'>'.join(lg.path)} ({lg.u} UG, {lg.a} Active)"
                                for lg in plan.legs], cost=plan.cost)
        # Legs that share a step (x -> y) move as one group (3.3.2: one group per pair), in an
        # order where every group has collected what arrives at its origin first.
        state = [[lg.u, lg.a] for lg in plan.legs]
        steps: dict[tuple[str, str], list[int]] = {}
        for i, lg in enumerate(plan.legs):
            for x, y in zip(lg.path, lg.path[1:]):
                steps.setdefault((x, y), []).append(i)
        done: set[tuple[str, str]] = set()
        moved = False
        while len(done) < len(steps):
            ready = [st for st in steps if st not in done and not any(
                o[1] == st[0] and o not in done for o in steps)]
            if not ready:
                break
            x, y = ready[0]
            done.add((x, y))
            legs = steps[(x, y)]
            u = sum(state[i][0] for i in legs)
            a = sum(state[i][1] for i in legs)
            m: Move = {"t": "group", "from": x, "to": y}
            if not self.r.can(m):
                break
            self.r.play(m)
            for piece, n in ((UG, u), (AG, a)):
                for _ in range(n):
                    am: Move = {"t": "add", "piece": piece}
                    if self.r.can(am):
                        self.r.play(am)
            if not self.r.can({"t": "go"}):
                break
            before = self.s.spaces[y]["pieces"][AG]
            self.r.play({"t": "go"})
            moved = True
            if self.s.spaces[y]["pieces"][AG] - before > a:
                for i in legs:
                    state[i] = [0, state[i][0] + state[i][1]]
        arr = self.st["arrived"].setdefault(plan.dest, [0, 0])
        for u, a in state:
            arr[0] += u
            arr[1] += a
        return moved

    def step(self, label: str, dests: list[tuple[str, int, str]], order: list[Any],
             limit: int | None) -> None:
        """Choose destinations one at a time among the feasible, affordable ones."""
        try:
            self._step(label, dests, order, limit)
        finally:
            self.remember(False)

    def _step(self, label: str, dests: list[tuple[str, int, str]], order: list[Any],
              limit: int | None) -> None:
        done = 0
        tried: set[str] = set()
        while limit is None or done < limit:
            if self.frame() is None:
                return
            self.remember(True)
            plans: dict[str, Plan] = {}
            for d, k, mode in dests:
                if d in tried:
                    continue
                p = self.plan(d, k, mode)
                if p is not None:
                    plans[d] = p
            if not plans:
                return
            dn = self.r.best(list(plans), [(lbl, (lambda fn: lambda x: fn(plans[x]))(fn), kind)
                                           for lbl, fn, kind in order], label)
            assert dn is not None
            d = dn
            tried.add(d)
            p = plans[d]
            protect = {lg.source: lg.u for lg in p.legs if lg.u}
            before = self.s
            if not self.affordable(p, protect):
                continue
            p2: Plan | None = p
            if self.s is not before:  # an Extort changed the board: plan again
                self.remember(True)
                p2 = self.plan(d, *next((k, mode) for dd, k, mode in dests if dd == d))
            if p2 is None:
                continue
            if self.execute(p2, label):
                done += 1
            dests = [x for x in dests if x[0] != d]

    def note_base_guard(self) -> None:
        """The trace names the Base spaces whose Guerrillas the 8.4.6 guard holds back."""
        s = self.s
        held = {n: min(2, s.spaces[n]["pieces"][UG] + s.spaces[n]["pieces"][AG])
                for n in s.spaces if base_space(s, n)
                and s.spaces[n]["pieces"][UG] + s.spaces[n]["pieces"][AG] > 0}
        if held:
            self.r.trace.note("8.4.6", "guard: never March the last Underground Guerrilla, or "
                              "either of the last two Guerrillas, from an FLN Base space: "
                              + ", ".join(f"{n} keeps {k}" for n, k in held.items()), held=held)

    def must_march(self) -> None:
        """5.1.3: a free March granted by an Event is implemented as far as possible – where no
        priority applies, one Guerrilla that may leave (guards of §9.2) moves to a space chosen
        per 8.1.2 (at Support, else with friendly pieces); where the guards hold every one and
        the Event leaves no choice, ``forced_march``."""
        legal = self.r.legal()
        groups = [m for m in legal if m["t"] == "group" and self.movable(m["from"])[2] > 0]
        if not groups:
            self.forced_march(legal)
            return
        dest = self.r.best(sorted({m["to"] for m in groups}), self.free_destination(),
                           "free March destination")
        src = self.r.best([m["from"] for m in groups if m["to"] == dest],
                          [("most movable", lambda x: self.movable(x)[2], "max")],
                          "free March source")
        if dest is None or src is None:
            return
        lg = self.leg(src, (src, dest), 1, False)
        if lg is not None:
            self.execute(Plan(dest, (lg,), 1, self.hidden_of(lg)), "free March (5.1.3), 8.1.2")

    def free_destination(self) -> list[Criterion]:
        """8.1.2: where a free March's Guerrilla goes: a space at Support, else one with friendly
        pieces."""
        s = self.s
        return [("at Support", lambda x: x in s.spaces and s.spaces[x]["support"] == "support",
                 "yes"),
                ("friendly pieces", lambda x: fln_count(s, x) > 0, "yes")]

    def forced_march(self, legal: list[Move]) -> None:
        """5.1.3 over 8.4.6: an Event's March that must move (no ``done`` among the legal moves)
        while the guards hold every Guerrilla that could go. One Guerrilla moves, from the source
        where a guard costs least: a space without an FLN Base (the Base guards keep a Base from
        Assault, 3.2.4) before a Base space, then the most Guerrillas; Active first; to a
        destination per 8.1.2."""
        groups = [m for m in legal if m["t"] == "group"]
        if not groups or any(m["t"] == "done" for m in legal):
            return
        s = self.s
        src = self.r.best(sorted({m["from"] for m in groups}), [
            ("no FLN Base", lambda x: not base_space(s, x), "yes"),
            ("most Guerrillas", lambda x: s.spaces[x]["pieces"][UG] + s.spaces[x]["pieces"][AG],
             "max")], "obliged March source (5.1.3)")
        dest = self.r.best(sorted({m["to"] for m in groups if m["from"] == src}),
                           self.free_destination(), "obliged March destination")
        if src is None or dest is None:
            return
        fu, fa = self.movable(src)[:2]
        if fu + fa == 0:
            return
        lg = Leg((src, dest), 0 if fa else 1, 1 if fa else 0)
        self.execute(Plan(dest, (lg,), 1, self.hidden_of(lg)),
                     "obliged by the Event (5.1.3): the guards of 8.4.6 hold every Guerrilla")

    def run(self) -> None:
        f = self.frame()
        if f is None:
            return
        if f["x"].get("busy"):
            ms = [m for m in self.r.legal() if m["t"] == "go"] or self.r.legal()
            self.r.play(ms[0])
        s = self.s
        final = final_campaign(s)
        fresh = self.frame()
        if fresh is not None and not fresh["locs"]:
            self.note_base_guard()
        # M1: one Underground Guerrilla to each Algerian Base without one.
        m1 = [(n, 1, "ug") for n in s.spaces if n not in COUNTRIES
              and s.spaces[n]["pieces"][FB] > 0 and s.spaces[n]["pieces"][UG] == 0]
        self.step("M1 cover exposed Base", m1, [("lowest cost", lambda p: p.cost, "min")], None)
        # M2: Amateur Bombers (#32 unshaded): two Guerrillas to a City at Support.
        if mod.gov_capability(s, TALEB):
            s = self.s
            m2 = []
            for c in CITIES:
                if s.spaces[c]["support"] != "support":
                    continue
                have = s.spaces[c]["pieces"][UG] if final else (
                    s.spaces[c]["pieces"][UG] + s.spaces[c]["pieces"][AG])
                if have < 2:
                    m2.append((c, 2 - have, "ug" if final else "prefer"))
            self.step("M2 Amateur Bombers City", m2, [
                ("arrives Underground", lambda p: p.hidden > 0, "yes"),
                ("lowest cost", lambda p: p.cost, "min")], 1)
        # M3: one Guerrilla to each space at Support without Guerrillas.
        s = self.s
        m3 = [(n, 1, "ug" if final else "prefer") for n in s.spaces if n not in COUNTRIES
              and s.spaces[n]["support"] == "support"
              and s.spaces[n]["pieces"][UG] + s.spaces[n]["pieces"][AG] == 0]
        self.step("M3 Support space", m3, [("arrives Underground", lambda p: p.hidden > 0, "yes"),
                                           ("lowest cost", lambda p: p.cost, "min")], None)
        # M4: make one populated Sector not at Oppose Uncontrolled.
        s = self.s
        m4 = [(n, gov_count(s, n) - fln_count(s, n), "any") for n in s.spaces
              if SPACES[n].is_sector and population(s, n) >= 1 and support(s, n) != "oppose"
              and control(s, n) == "gov"]
        self.step("M4 remove Government Control", m4, [
            ("Mountain", lambda p: SPACES[p.dest].mountain, "yes"),
            ("highest Population", lambda p: population(self.s, p.dest), "max"),
            ("lowest cost", lambda p: p.cost, "min")], 1)
        # M5: exactly three Guerrillas to a Pop 0 Sector with room for a Base.
        s = self.s
        m5 = [(n, 3, "any") for n in s.spaces if SPACES[n].is_sector
              and SPACES[n].population == 0 and not s.spaces[n]["resettled"]
              and base_room(s, n) >= 1 and s.spaces[n]["pieces"][FB] == 0]
        self.step("M5 seed a future Base", m5, [
            ("fewest Government cubes", lambda p: cubes(self.s, p.dest), "min"),
            ("Mountain", lambda p: SPACES[p.dest].mountain, "yes"),
            ("lowest cost", lambda p: p.cost, "min"),
            ("one arrives Underground", lambda p: p.hidden > 0, "yes")], 1)
        f = self.frame()
        if f is not None and not f["locs"] and f["free"] and not f["x"].get("busy"):
            self.must_march()
        f = self.frame()
        if f is None or not f["locs"]:
            return
        after_operation(self.r)
        finish(self.r, self.depth)


def run(r: Runner) -> None:
    March(r).run()
