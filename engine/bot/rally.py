"""8.4.5 Rally (ct-fln-bot §8): the entry test, the nine priority bullets R1-R9, the limits (six
locations, two-thirds of Resources when starting with 9+), never a second Base in an Algerian
space, placement per 8.1.2 and the "Important" paragraph, the reserved Agitation, pausing to
Extort, then Subvert or Extort."""

from __future__ import annotations

from typing import Iterable

from .. import modifiers as mod
from ..board import (
    available, base_room, control, cubes, fln_count, gov_count, guerrillas, population,
)
from ..data import AG, COUNTRIES, FB, G, SPACES, UG
from ..ops import OPS
from ..ops_fln import Rally as RallyOperation, rally_space
from ..state import Frame, Move, State
from .core import Criterion, Runner
from .info import CITY_WILAYAS, best_map_source, map_spare, obtainable, place_preference
from .operation import OpRun
from .sa import after_operation, finish, sa_unused, try_extort

FRANCE = "france_track"
MAX_LOCS = 6


def preference(s: State) -> list[Criterion]:
    """ct-fln-bot §1.1 step 3 (8.1.2): when placing Guerrillas, a space at Support, otherwise one
    that already holds FLN pieces – the last criterion before a random pick."""
    return [("8.1.2 at Support", lambda x: place_preference(s, x)[0], "yes"),
            ("8.1.2 friendly pieces", lambda x: place_preference(s, x)[1], "yes")]


def to_place(s: State, n: str) -> int:
    """ct-fln-bot §8.4: in a Base space up to Pop + Bases but never more than Pop + 1 Guerrillas in
    the space; elsewhere one."""
    b = mod.rally_bases(s, n)
    if b:
        return max(0, min(population(s, n) + b, population(s, n) + 1 - guerrillas(s, n)))
    return 1


def action(s: State, n: str) -> str | None:
    """What a Rally in ``n`` would do: "place", "flip" or None (cannot be Rallied)."""
    if to_place(s, n) > 0 and obtainable(s, n, at_most=1) > 0:
        return "place"
    if mod.rally_bases(s, n) > 0 and s.spaces[n]["pieces"][AG] > 0:
        return "flip"
    return None


def base_candidates(s: State, min_g: int, no_cubes: bool) -> list[str]:
    """R1/R2: room for a Base, never a second one in an Algerian space, a Base Available."""
    if available(s, FB) == 0:
        return []
    out = []
    for n in s.spaces:
        if guerrillas(s, n) < min_g or not rally_space(s, n) or base_room(s, n) < 1:
            continue
        if n not in COUNTRIES and s.spaces[n]["pieces"][FB] > 0:
            continue
        if no_cubes and cubes(s, n) > 0:
            continue
        out.append(n)
    return out


def entry_test(r: Runner, limop: bool) -> bool:
    """ct-fln-bot §8.1: (A) R1 or R2 would place a Base, or (B) 2 x FLN Bases on the map >
    Guerrillas in Base spaces + 1d6/2 (rolled only if (A) fails)."""
    s = r.s
    a = bool(base_candidates(s, 3, not limop) or base_candidates(s, 4, False))
    if a:
        r.trace.note("8.4.5", "Rally entry: a Rally would place a Base")
        return True
    bases = sum(sp["pieces"][FB] for sp in s.spaces.values())
    g = sum(guerrillas(s, n) for n, sp in s.spaces.items() if sp["pieces"][FB] > 0)
    d = r.die()
    ok = 2 * bases > g + d // 2
    r.trace.note("8.4.5", f"Rally entry: 2 x {bases} Bases {'>' if ok else '<='} {g} Guerrillas "
                 f"at Bases + {d}/2 (die {d})", die=d, result=ok)
    return ok


def within_8_1_2(s: State, ms: list[Move]) -> list[Move]:
    """The Rally actions among ``ms`` that 8.1.2 allows: anything but a Guerrilla taken from the
    map, which must be Active and never one of the last two at a Base or Support space."""
    return [m for m in ms if m["t"] != "place" or "from" not in m
            or (m["piece"] == AG and map_spare(s, m["from"]) > 0)]


def within_8_4_5(s: State, ms: list[Move]) -> list[Move]:
    """The Rally actions among ``ms`` that 8.4.5 allows: "Important: … FLN will never Rally to
    place a second FLN Base in any space in Algeria" (Morocco and Tunisia may hold more)."""
    return [m for m in ms if m["t"] != "base" or m["space"] in COUNTRIES
            or s.spaces[m["space"]]["pieces"][FB] == 0]


def free_rally_spaces(s: State, spaces: list[str]) -> list[str]:
    """Spaces among ``spaces`` where a free Rally with no priority may act within 8.1.2 and
    8.4.5."""
    rally = OPS["rally"]
    assert isinstance(rally, RallyOperation)
    return [n for n in spaces if n != FRANCE
            and within_8_1_2(s, within_8_4_5(s, rally.action_moves(s, n)))]


class Rally(OpRun):
    """One Rally Operation conducted by the bot, resumable from any point of its frame."""

    name = "rally"

    def __init__(self, r: Runner) -> None:
        super().__init__(r)
        f = self.frame()
        assert f is not None
        self.base_only = bool(f["x"].get("base_only"))
        self.reserved: str | None = None  # the space whose Agitation is reserved (R6, R9)
        self.reserve_cost = 0

    # -- limits -------------------------------------------------------------------------------
    def may_add(self, f: Frame) -> bool:
        """ct-fln-bot §4.3: at most six locations – one in a Limited Operation (2.3.4), the Event's
        number in a free Rally that caps it."""
        return OPS["rally"].may_add_location(f) and len(f["locs"]) < MAX_LOCS

    def room(self, extra: int = 0) -> bool:
        """Can one more location (plus ``extra`` Resources) be paid within the limits?"""
        f = self.frame()
        if f is None or self.full():
            return False
        return self.pay_or_extort(f, self.price(f) + extra + self.reserve_cost, None,
                                  "pause to pay for Rally")

    def full(self) -> bool:
        """No further location can be selected (limit reached or Agitation begun)."""
        f = self.frame()
        return f is None or not self.may_add(f) or bool(f["x"].get("agit"))

    def selectable(self, names: Iterable[str]) -> list[str]:
        """The spaces among ``names`` this Rally may still select (the frame's limits asked
        once)."""
        f = self.frame()
        if f is None or self.full():
            return []
        s, locs = self.s, f["locs"]
        return [n for n in names if n not in locs and rally_space(s, n)
                and (not self.base_only or s.spaces[n]["pieces"][FB] > 0)]

    # -- acting -------------------------------------------------------------------------------
    def select(self, n: str) -> bool:
        m: Move = {"t": "space", "space": n}
        if not self.r.can(m):
            return False
        self.r.play(m)
        return True

    def place_move(self, n: str) -> Move | None:
        if available(self.s, G) > 0:
            return {"t": "place", "space": n}
        src = best_map_source(self.r, n)
        if src is None:
            return None
        return {"t": "place", "space": n, "from": src, "piece": AG}

    def rally_in(self, n: str, why: str) -> bool:
        """Select ``n`` and place (or flip) per ct-fln-bot §8.4."""
        what = action(self.s, n)
        if what is None or not self.room():
            return False
        k = to_place(self.s, n)
        if not self.select(n):
            return False
        self.r.trace.note("8.4.5", f"Rally in {n}: {why}")
        placed = 0
        if what == "place":
            while placed < k:
                m = self.place_move(n)
                if m is None or not self.r.can(m):
                    break
                self.r.play(m)
                placed += 1
        if placed == 0:
            flip: Move = {"t": "flip", "space": n}
            if self.r.can(flip):
                self.r.play(flip)
                return True
            self.any_action(n)
        return True

    def within_8_1_2(self, ms: list[Move]) -> list[Move]:
        """The Rally actions among ``ms`` that 8.1.2 allows (``within_8_1_2``)."""
        return within_8_1_2(self.s, ms)

    def within_8_4_5(self, ms: list[Move]) -> list[Move]:
        """The Rally actions among ``ms`` that 8.4.5 allows (``within_8_4_5``)."""
        return within_8_4_5(self.s, ms)

    def any_action(self, n: str) -> None:
        """No action per the priorities in a selected space: flip if possible, else a Base (8.1.2:
        Bases before Guerrillas), else place a Guerrilla taken from the map within 8.1.2 – Active
        only, never one of the last two at a Base or Support space, from where there are the most
        Guerrillas (1.4.1); a space is selected here only when such an action exists."""
        s = self.s
        ms = [m for m in self.r.legal() if m["t"] in ("place", "flip", "base")]
        if not ms:
            return
        flips = [m for m in ms if m["t"] == "flip"]
        # 8.1.2: Bases before Guerrillas, replacing Active Guerrillas first (8.4.5)
        bases = sorted(self.within_8_4_5([m for m in ms if m["t"] == "base"]),
                       key=lambda m: int(m["ug"]))
        places = self.within_8_1_2([m for m in ms if m["t"] == "place"])
        if flips or bases or not places:
            self.r.play((flips or bases or self.within_8_1_2(ms) or ms)[0])
            return

        def key(m: Move) -> tuple[int, int, int]:
            src = m.get("from")
            if src is None:
                return (9, 9, 99)
            return (int(map_spare(s, src) > 0), int(m.get("piece") == AG), guerrillas(s, src))

        self.r.trace.note("8.1.2", f"Rally in {n}: no placement per the priorities; taking a "
                          "Guerrilla from the map (1.4.1)")
        self.r.play(max(places, key=key))

    def base_in(self, n: str, why: str) -> bool:
        if not self.room():
            return False
        p = self.s.spaces[n]["pieces"]
        k = max(0, 2 - p[AG])
        if not self.select(n):
            return False
        m: Move = {"t": "base", "space": n, "ug": k}
        if not self.r.can(m):
            ms = [x for x in self.r.legal() if x["t"] == "base"]
            m = ms[0]
        self.r.trace.note("8.4.5", f"Rally in {n}: replace two Guerrillas with a Base ({why})")
        self.r.play(m)
        return True

    # -- the bullets ----------------------------------------------------------------------------
    def r_bases(self, min_g: int, no_cubes: bool, label: str) -> None:
        while True:
            f = self.frame()
            if f is None:
                return
            c = self.selectable(base_candidates(self.s, min_g, no_cubes))
            if not c:
                return
            s = self.s
            n = self.r.best(c, [
                ("2+ Active and 1 Underground", lambda x: s.spaces[x]["pieces"][AG] >= 2
                 and s.spaces[x]["pieces"][UG] >= 1, "yes"),
                ("1+ Active and 1 Underground", lambda x: s.spaces[x]["pieces"][AG] >= 1
                 and s.spaces[x]["pieces"][UG] >= 1, "yes"),
                ("1+ Active", lambda x: s.spaces[x]["pieces"][AG] >= 1, "yes")], label)
            assert n is not None
            if not self.base_in(n, label):
                return

    def r3(self) -> None:
        while True:
            s = self.s

            def unprotected(n: str) -> bool:
                p = s.spaces[n]["pieces"]
                if p[FB] == 0:
                    return False
                if n in COUNTRIES or population(s, n) == 0:
                    return p[UG] == 0
                return p[UG] <= 1

            c = [n for n in self.selectable(s.spaces) if unprotected(n)
                 and action(s, n) is not None]
            if not c:
                return
            n = self.r.best(c, [
                ("in Algeria", lambda x: x not in COUNTRIES, "yes"),
                ("with Government cubes", lambda x: cubes(s, x) > 0, "yes"),
                ("Population 1+", lambda x: population(s, x) >= 1, "yes"),
                ("fewest Underground", lambda x: s.spaces[x]["pieces"][UG], "min")]
                + preference(s), "R3 unprotected Base")
            assert n is not None
            if not self.rally_in(n, "R3 unprotected Base"):
                return

    def r4(self) -> None:
        f = self.frame()
        if f is None or self.base_only or self.s.france_track == "F" or FRANCE in f["locs"]:
            return
        if self.room() and self.r.can({"t": "space", "space": FRANCE}):
            self.r.trace.note("8.4.5", "Rally: shift the France Track toward F (R4)")
            self.r.play({"t": "space", "space": FRANCE})

    def r5(self) -> None:
        while True:
            s = self.s
            c = [n for n in self.selectable(s.spaces) if SPACES[n].is_sector
                 and s.spaces[n]["support"] == "support" and s.spaces[n]["pieces"][UG] == 0
                 and action(s, n) is not None]
            if not c:
                return
            n = self.r.best(c, [("highest Population", lambda x: population(s, x), "max")]
                            + preference(s), "R5 Support Sector")
            assert n is not None
            if not self.rally_in(n, "R5 Support Sector without Underground Guerrilla"):
                return

    def agitation_candidates(self, min_pop: int) -> list[tuple[str, int]]:
        """R6/R9: spaces whose full Agitation (Terror + one shift) is affordable, with its cost
        (plus 1 if the space must still be Rallied)."""
        f = self.frame()
        if f is None:
            return []
        s = self.s
        out = []
        open_spaces = set(self.selectable(s.spaces))
        for n in s.spaces:
            if n in COUNTRIES or population(s, n) < min_pop:
                continue
            sp = s.spaces[n]
            if sp["support"] == "oppose":
                continue
            selected = n in f["locs"]
            gain = 0  # Guerrillas a Rally would place there
            if not selected:
                if n not in open_spaces:
                    continue
                act = action(s, n)
                if act is None:
                    continue
                if act == "place":
                    gain = obtainable(s, n, at_most=to_place(s, n))
            if not (sp["pieces"][FB] > 0 or control(s, n) == "fln"
                    or fln_count(s, n) + gain > gov_count(s, n)):
                continue
            cost = sp["terror"] + 1 + (0 if selected else self.price(f))
            out.append((n, cost))
        return out

    def affordable(self, cost: int) -> bool:
        f = self.frame()
        assert f is not None
        return self.within_cap(f, cost) and self.s.resources["fln"] >= cost

    def reserve(self, min_pop: int, label: str) -> None:
        if self.reserved is not None:
            return
        cands = self.agitation_candidates(min_pop)
        ok = [(n, c) for n, c in cands if self.affordable(c)]
        if not ok and cands and sa_unused(self.r):
            f = self.frame()
            assert f is not None
            if self.within_cap(f, min(c for _, c in cands)):
                try_extort(self.r, why=f"pause to afford the Agitation ({label})")
                cands = self.agitation_candidates(min_pop)
                ok = [(n, c) for n, c in cands if self.affordable(c)]
        if not ok:
            if cands:
                self.r.trace.note("8.4.5", f"{label}: no affordable Agitation",
                                  candidates=[n for n, _ in cands])
            return
        f = self.frame()
        assert f is not None
        s = self.s
        costs = dict(ok)
        n = self.r.best(list(costs), [
            ("at Support", lambda x: s.spaces[x]["support"] == "support", "yes"),
            ("fewest Terror", lambda x: s.spaces[x]["terror"], "min"),
            ("already selected", lambda x: x in f["locs"], "yes"),
            ("highest Population", lambda x: population(s, x), "max")] + preference(s), label)
        assert n is not None
        if n not in f["locs"]:
            if not self.rally_in(n, f"{label}: Rally in the Agitation space"):
                return
        self.reserved = n
        self.reserve_cost = s.spaces[n]["terror"] + 1
        self.r.trace.note("8.4.5", f"{label}: reserve {self.reserve_cost} Resources to "
                          f"Agitate in {n}")

    def r7(self) -> None:
        for _ in range(2):
            s = self.s
            f = self.frame()
            if f is None:
                return

            def placeable(n: str) -> bool:
                return (s.spaces[n]["pieces"][FB] == 0
                        or guerrillas(s, n) < population(s, n) + 1)

            c = [n for n in self.selectable(s.spaces) if n not in COUNTRIES
                 and placeable(n) and action(s, n) == "place"]
            if not c:
                return
            n = self.r.best(c, [
                ("highest Population", lambda x: population(s, x), "max"),
                ("Neutral, gains FLN Control", lambda x: s.spaces[x]["support"] == "neutral"
                 and gov_count(s, x) == fln_count(s, x), "yes"),
                ("Neutral, removes Government Control", lambda x: s.spaces[x]["support"]
                 == "neutral" and gov_count(s, x) == fln_count(s, x) + 1, "yes"),
                ("Wilaya with a City", lambda x: SPACES[x].wilaya in CITY_WILAYAS, "yes"),
                ("fewest Terror", lambda x: s.spaces[x]["terror"], "min")] + preference(s),
                "R7 highest Population")
            assert n is not None
            if not self.rally_in(n, "R7 highest Population"):
                return

    def r8(self) -> None:
        for _ in range(2):
            s = self.s
            c = [n for n in self.selectable(s.spaces) if guerrillas(s, n) > 0
                 and s.spaces[n]["pieces"][FB] == 0 and action(s, n) == "place"]
            if not c:
                return
            n = self.r.best(c, [
                ("in Algeria", lambda x: x not in COUNTRIES, "yes"),
                ("most Guerrillas", lambda x: guerrillas(s, x), "max"),
                ("no Government cubes", lambda x: cubes(s, x) == 0, "yes")] + preference(s),
                "R8 Guerrillas without Base")
            assert n is not None
            if not self.rally_in(n, "R8 Guerrillas without a Base"):
                return

    def agitate(self) -> None:
        n = self.reserved
        if n is None:
            return
        self.reserve_cost = 0
        sp = self.s.spaces[n]
        steps = sp["terror"] + 1
        if self.s.resources["fln"] < steps:
            self.r.trace.note("8.4.5", f"Agitation in {n} no longer affordable")
            return
        self.r.trace.note("8.4.5", f"Agitate in {n}: remove {sp['terror']} Terror, shift once")
        for _ in range(steps):
            m: Move = {"t": "agitate", "space": n}
            if not self.r.can(m):
                break
            self.r.play(m)

    def must_rally(self) -> None:
        """5.1.3: a free Rally granted by an Event is implemented as far as possible – where no
        priority applies, in a space chosen per 8.1.2 (at Support, else with friendly pieces)."""
        s = self.s
        c = [m["space"] for m in self.r.legal() if m["t"] == "space" and m["space"] != FRANCE
             and action(s, m["space"]) is not None]
        n = self.r.best(c, [("at Support", lambda x: place_preference(s, x)[0], "yes"),
                            ("friendly pieces", lambda x: place_preference(s, x)[1], "yes")],
                        "free Rally space (8.1.2)")
        if n is not None:
            self.rally_in(n, "free Rally (5.1.3), 8.1.2 placement")
            return
        rally = OPS["rally"]
        assert isinstance(rally, RallyOperation)
        spaces = [m["space"] for m in self.r.legal() if m["t"] == "space"]
        c = free_rally_spaces(s, spaces)
        if not c and FRANCE in spaces and self.select(FRANCE):
            self.r.trace.note("8.4.5", "free Rally (5.1.3): the France Track toward F")
            return
        if not c and self.r.can({"t": "done"}):
            self.r.trace.note("8.1.2", "free Rally: every action would take a Guerrilla from the "
                              "map against 8.1.2, or place a second Base in an Algerian space "
                              "(8.4.5) – declined (1.4.1 \"may\")")
            self.r.play({"t": "done"})
            return
        if not c:  # 5.1.3 obliges an action: within 8.1.2 rather than 8.4.5, else any
            self.r.trace.note("8.4.5", "free Rally (5.1.3) must act and no space allows an action "
                              "within 8.1.2 and 8.4.5: 8.1.2 is kept")
            c = [n for n in spaces if n != FRANCE and self.within_8_1_2(rally.action_moves(s, n))]
        c = c or [n for n in spaces if n != FRANCE]
        n = self.r.best(c, [("at Support", lambda x: place_preference(s, x)[0], "yes"),
                            ("friendly pieces", lambda x: place_preference(s, x)[1], "yes")],
                        "free Rally space (8.1.2)")
        if n is not None and self.select(n):
            self.r.trace.note("8.4.5", f"free Rally (5.1.3) in {n}")
            self.any_action(n)

    def run(self) -> None:
        f = self.frame()
        if f is None:
            return
        if f["x"].get("busy"):
            n = f["x"]["cur"]
            m = self.place_move(n)
            if m is None or not self.r.can(m):
                ms = [x for x in self.r.legal() if x["t"] in ("place", "flip", "base")]
                m = ms[0]
            self.r.play(m)
        if not f["x"].get("agit"):
            limop = f["box"] == "limited_op"
            self.r_bases(3, not limop, "R1 Base where no cubes")
            self.r_bases(4, False, "R2 Base where 4+ Guerrillas")
            self.r3()
            self.r4()
            self.r5()
            self.reserve(2, "R6 reserve Agitation")
            self.r7()
            self.r8()
            self.reserve(1, "R9 Agitation")
            self.agitate()
        f = self.frame()
        if f is not None and not f["locs"] and f["free"] and not f["x"].get("busy"):
            self.must_rally()
        f = self.frame()
        if f is None or not f["locs"]:
            return  # nothing selected: the caller discards this branch
        after_operation(self.r)
        finish(self.r, self.depth)


def run(r: Runner) -> None:
    Rally(r).run()
