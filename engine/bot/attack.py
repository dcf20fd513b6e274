"""8.4.4 Attack and Ambush (ct-fln-bot §7): the test "would remove two or more French pieces", the
certain Attacks and Ambushes in priority order, one uncertain Attack, then Extort if no Ambush."""

from __future__ import annotations

from dataclasses import dataclass

from .. import modifiers as mod
from ..board import gov_count, guerrillas
from ..data import AG, COUNTRIES, FP, FRENCH, FT, GB, UG
from ..state import Frame, Move, State
from .core import Runner
from .info import attack_exposes_base, best_map_source, removal_sequence, spare_ug
from .sa import after_operation, finish, op_on_top
from .trace import Trace


@dataclass
class Strike:
    space: str
    mode: str  # "attack" (6+ Guerrillas, certain) | "ambush" | "uncertain"
    removes: tuple[str, ...]

    @property
    def french(self) -> int:
        return sum(1 for p in self.removes if p in FRENCH)


def six(s: State, n: str) -> bool:
    """A certain Attack: 6+ Guerrillas (the roll always succeeds), a Government piece, and not the
    last Underground Guerrilla of an FLN Base Activated (8.4.4; an Attack Activates every
    Guerrilla, so a Base space qualifies when its Guerrillas are all Active already)."""
    return (n not in COUNTRIES and gov_count(s, n) > 0 and guerrillas(s, n) >= 6
            and not attack_exposes_base(s, n))


def base_guarded(s: State, n: str, least: int) -> bool:
    """A space the Attack would otherwise consider (``least`` Guerrillas or more, a Government
    piece) left out by the 8.4.4 guard: it would Activate the last Underground Guerrilla of an FLN
    Base."""
    return (n not in COUNTRIES and gov_count(s, n) > 0 and guerrillas(s, n) >= least
            and attack_exposes_base(s, n))


def note_guard(r: Runner, least: int) -> None:
    """The trace names the spaces the 8.4.4 guard leaves out."""
    held = [n for n in r.s.spaces if base_guarded(r.s, n, least)]
    if held:
        r.trace.note("8.4.4", "no Attack in " + ", ".join(held) + ": it would Activate the last "
                     "Underground Guerrilla in a space with an FLN Base", guarded=held)


def ambushable(s: State, n: str) -> bool:
    """An Ambush: an Underground Guerrilla that may be Activated without exposing a Base (with
    Zonal Commandos, #17 shaded, it is not Activated)."""
    if n in COUNTRIES or gov_count(s, n) == 0 or s.spaces[n]["pieces"][UG] == 0:
        return False
    return not mod.ambush_activates(s) or spare_ug(s, n) >= 1


def strike(s: State, n: str, mode: str) -> Strike:
    k = 1 if mode == "ambush" else min(2, gov_count(s, n))
    return Strike(n, mode, tuple(removal_sequence(s, n, k)))


def priority(st: Strike, s: State) -> tuple[int, int, int, int]:
    """8.4.4: Bases (-1 Commitment), French Troops, French Police, the most pieces."""
    return (int(GB in st.removes), int(FT in st.removes),
            int(s.spaces[st.space]["pieces"][FP] > 0), len(st.removes))


def certain_plan(r: Runner, s: State, sa_ok: bool, budget: int | None) -> list[Strike]:
    """ct-fln-bot §7.2 step 1 on paper: certain spaces in one priority order, Ambush only where
    needed, at most two Ambushes, at most ``budget`` spaces. On paper the board does not change:
    each space's strike is weighed once."""
    each: list[Strike] = []
    for n in s.spaces:
        if six(s, n):
            each.append(strike(s, n, "attack"))
        elif sa_ok and ambushable(s, n):
            each.append(strike(s, n, "ambush"))
    plan: list[Strike] = []
    taken: set[str] = set()
    ambushes = 0
    while budget is None or len(plan) < budget:
        opts = [o for o in each
                if o.space not in taken and (o.mode == "attack" or ambushes < 2)]
        if not opts:
            break
        top = max(priority(o, s) for o in opts)
        tied = [o for o in opts if priority(o, s) == top]
        chosen = tied[0].space if len(tied) == 1 else r.choose([o.space for o in tied],
                                                                "Attack space")
        pick = next(o for o in tied if o.space == chosen)
        plan.append(pick)
        taken.add(pick.space)
        ambushes += pick.mode == "ambush"
    return plan


def one_space(s: State, limop: bool, free: bool) -> bool:
    """ct-fln-bot §7: a Limited Operation, or a single Resource to pay with."""
    return limop or (s.resources["fln"] == 1 and not free)


def best_single(r: Runner, s: State) -> Strike | None:
    """§7.2 step 3: the best 6+ space that removes two French pieces."""
    opts = [strike(s, n, "attack") for n in s.spaces if six(s, n)]
    opts = [o for o in opts if o.french >= 2]
    if not opts:
        return None
    top = max(priority(o, s) for o in opts)
    tied = [o.space for o in opts if priority(o, s) == top]
    n = r.choose(tied, "Attack space")
    return next(o for o in opts if o.space == n)


def attack_test(r: Runner, limop: bool, sa_ok: bool, free: bool = False) -> bool:
    """ct-fln-bot §7.1: would an Attack certainly remove two or more French pieces?"""
    s = r.s
    if mod.attack_banned(s):
        r.trace.note("8.4.4", "no Attack: Peace Talks in effect")
        return False
    note_guard(r, 6)
    if one_space(s, limop, free):
        ok = any(strike(s, n, "attack").french >= 2 for n in s.spaces if six(s, n))
        r.trace.note("8.4.4", "Attack test (one space): " + ("a 6+ Guerrilla space removes 2 "
                     "French pieces" if ok else "no space certainly removes 2 French pieces"))
        return ok
    budget = None if free else s.resources["fln"]
    probe = Runner(s, dict(r.rng), Trace(), work=r.work)  # paper plan: dice not consumed
    plan = certain_plan(probe, s, sa_ok, budget)
    french = sum(p.french for p in plan)
    r.trace.note("8.4.4", f"Attack test: certain removals {french} French piece(s)",
                 plan=[f"{p.space} ({p.mode})" for p in plan])
    return french >= 2


def resolve_space(r: Runner, depth: int) -> None:
    """Finish an Attack space's resolution: French before Algerian (8.1.2); captured goods from the
    map per 8.1.2 when none is Available (reference: ct-fln-bot §7.3)."""
    guard = 0
    while guard < 10:
        guard += 1
        f = r.top()
        if f is None or len(r.s.pending) - 1 != depth or not f["x"].get("busy"):
            return
        ms = r.legal()
        removes = [m for m in ms if m["t"] == "remove"]
        if removes:
            french = [m for m in removes if m["piece"] in FRENCH]
            r.play((french or removes)[0])
            continue
        places = [m for m in ms if m["t"] == "place"]
        if places:
            src = best_map_source(r, f["x"]["res"])
            m = next((p for p in places if p["from"] == src and p["piece"] == AG), None)
            r.play(m if m is not None else {"t": "decline"})
            continue
        return


def ambush_move(r: Runner, n: str) -> Move | None:
    ms = [m for m in r.legal() if m["t"] == "space" and m["space"] == n]
    if not ms:
        return None
    french = [m for m in ms if m["piece"] in FRENCH]
    return (french or ms)[0]


def run(r: Runner) -> None:
    """Conduct the Attack Operation on top of the stack (ct-fln-bot §7.2)."""
    depth = len(r.s.pending) - 1
    f: Frame | None = r.top()
    assert f is not None
    if f["x"].get("busy"):
        resolve_space(r, depth)
    f = op_on_top(r)
    if f is None or len(r.s.pending) - 1 != depth:
        return
    ambushed = f["sa"] == "ambush"
    free = bool(f["free"])
    sa_ok = bool(f["sa_ok"]) and f["sa"] is None
    if one_space(r.s, f["box"] == "limited_op", free) and not f["locs"]:
        st = best_single(r, r.s)
        if st is not None:
            r.trace.note("8.4.4", f"Attack (one space) in {st.space}")
            r.play({"t": "space", "space": st.space})
            resolve_space(r, depth)
        after_operation(r, attack=True, ambushed=ambushed)
        finish(r, depth)
        return
    budget = None if free else r.s.resources["fln"]
    plan = [p for p in certain_plan(r, r.s, sa_ok, budget) if p.space not in f["locs"]]
    r.trace.note("8.4.4", "Attack first bullet: certain removals",
                 plan=[f"{p.space} ({p.mode})" for p in plan])
    ambush_spaces = [p.space for p in plan if p.mode == "ambush"]
    for p in plan:
        f = op_on_top(r)
        if f is None or len(r.s.pending) - 1 != depth:
            return
        if p.mode == "ambush":
            if ambushed or not r.can({"t": "sa", "sa": "ambush"}):
                continue
            r.play({"t": "sa", "sa": "ambush"})
            for n in ambush_spaces:
                m = ambush_move(r, n)
                if m is not None:
                    r.trace.note("8.4.4", f"Ambush in {n}")
                    r.play(m)
            r.play({"t": "done"})
            ambushed = True
            continue
        m = {"t": "space", "space": p.space}
        if r.can(m):
            r.trace.note("8.4.4", f"Attack in {p.space} (6+ Guerrillas)")
            r.play(m)
            resolve_space(r, depth)
    f = op_on_top(r)
    if f is None or len(r.s.pending) - 1 != depth:
        return
    # Second bullet: one Attack with 4+ Guerrillas, never Activating the last Underground
    # Guerrilla of an FLN Base (8.4.4).
    opts = [strike(r.s, n, "attack") for n in (m["space"] for m in r.legal() if m["t"] == "space")
            if n not in COUNTRIES and guerrillas(r.s, n) >= 4 and not attack_exposes_base(r.s, n)]
    note_guard(r, 4)
    if opts:
        top = max(priority(o, r.s) for o in opts)
        n = r.choose([o.space for o in opts if priority(o, r.s) == top], "Attack space")
        r.trace.note("8.4.4", f"Attack second bullet: one Attack in {n} (4+ Guerrillas)")
        r.play({"t": "space", "space": n})
        resolve_space(r, depth)
    after_operation(r, attack=True, ambushed=ambushed)
    finish(r, depth)
