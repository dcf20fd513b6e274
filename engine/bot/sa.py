"""8.4.2 "Subvert" and "Extort" priorities (ct-fln-bot §10, §11): the FLN's Special Activities
after an Operation, and the pause to Extort when an Operation step cannot be paid."""

from __future__ import annotations

from ..board import available, cubes, guerrillas
from ..data import AP, AT, COUNTRIES, FB, FP, FT, UG, G
from ..machine import FRAMES
from ..sa_fln import Subvert, extort_space
from ..state import Frame, Move
from .core import Runner
from .info import base_space, best_map_source, gov_acted, map_sources, spare_ug

EXTORT_CEILING = 5  # 8.4.2: never Extort at 5 Resources or more


def op_on_top(r: Runner) -> Frame | None:
    f = r.top()
    if f is not None and f["k"].startswith("op:"):
        return f
    return None


def sa_unused(r: Runner) -> bool:
    """4.1, 8.1: the Operation may still be accompanied by a Special Activity."""
    f = op_on_top(r)
    return (f is not None and bool(f["sa_ok"]) and f["sa"] is None and not f["free"]
            and not f["x"].get("busy"))


# --- Extort (4.3.1) --------------------------------------------------------------------------


def extort_spaces(r: Runner, protect: dict[str, int]) -> list[str]:
    """4.3.1 with 8.4.2: spaces where Extort is allowed and that hold a spare Underground
    Guerrilla."""
    s = r.s
    return [n for n in s.spaces if extort_space(s, n) and spare_ug(s, n, protect) >= 1]


def extort_guarded(r: Runner, protect: dict[str, int]) -> list[str]:
    """8.4.2: spaces where Extort is allowed but would Activate the last Underground Guerrilla in
    a space with an FLN Base (Morocco and Tunisia included): never Extorted."""
    s = r.s
    return [n for n in s.spaces if extort_space(s, n) and base_space(s, n)
            and s.spaces[n]["pieces"][UG] - protect.get(n, 0) == 1]


def try_extort(r: Runner, protect: dict[str, int] | None = None, why: str = "") -> bool:
    """8.4.2 Extort: E1 spaces with 2+ Guerrillas (3+ with Government cubes and an FLN Base),
    E2 Morocco and Tunisia, E3 – only while Resources are 0 – every other eligible space.
    Returns True if an Extort took place (the Special Activity is then used)."""
    protect = protect or {}
    s = r.s
    if not sa_unused(r) or not r.can({"t": "sa", "sa": "extort"}):
        return False
    if s.resources["fln"] >= EXTORT_CEILING:
        r.trace.note("8.4.2", f"no Extort: FLN Resources {s.resources['fln']} (5 or more)")
        return False
    cands = extort_spaces(r, protect)
    guarded = extort_guarded(r, protect)
    if guarded:
        r.trace.note("8.4.2", "no Extort in " + ", ".join(guarded) + ": it would Activate the "
                     "last Underground Guerrilla in a space with an FLN Base", guarded=guarded)

    def e1(n: str) -> bool:
        need = 3 if cubes(s, n) > 0 and s.spaces[n]["pieces"][FB] > 0 else 2
        return guerrillas(s, n) >= need

    first = [n for n in cands if e1(n)]
    second = [n for n in cands if n in COUNTRIES and n not in first]
    plan = first + second
    if not plan and s.resources["fln"] == 0:
        plan = list(cands)
    if not plan:
        r.trace.note("8.4.2", "no Extort possible" + (f" ({why})" if why else ""),
                     candidates=cands)
        return False
    r.trace.note("8.4.2", "Extort" + (f" ({why})" if why else ""), e1=first, e2=second)
    r.play({"t": "sa", "sa": "extort"})
    for n in plan:
        m: Move = {"t": "space", "space": n}
        if r.can(m):
            r.play(m)
    if r.s.resources["fln"] == 0:
        rest = [n for n in extort_spaces(r, protect) if n not in plan]
        if rest:
            r.trace.note("8.4.2", "Extort everywhere possible (still 0 Resources)", e3=rest)
        for n in rest:
            m = {"t": "space", "space": n}
            if r.can(m):
                r.play(m)
    r.play({"t": "done"})
    return True


# --- Subvert (4.3.2) -------------------------------------------------------------------------


def subvert_candidates(r: Runner, relaxed: bool = False) -> list[str]:
    """4.3.2: the engine's Subvert spaces (``relaxed``: #37 shaded, no Underground Guerrilla
    needed)."""
    sa = FRAMES["evb_subvert" if relaxed else "sa:subvert"]
    assert isinstance(sa, Subvert)
    return sa.candidates(r.s)


def remove_cubes(r: Runner, n: str, k: int) -> int:
    """Remove up to ``k`` Algerian cubes in ``n``, Police before Troops (interpretation 53)."""
    done = 0
    for piece in (AP, AT):
        while done < k and r.s.spaces[n]["pieces"][piece] > 0:
            m: Move = {"t": "remove", "space": n, "piece": piece}
            if not r.can(m):
                return done
            r.play(m)
            done += 1
    return done


def replace_police(r: Runner, n: str) -> bool:
    """S2: replace one Algerian Police with an Underground Guerrilla (Available, else an Active
    Guerrilla from the map per 8.1.2)."""
    if available(r.s, G) > 0:
        m: Move = {"t": "replace", "space": n}
    else:
        src = best_map_source(r, n)
        if src is None:
            return False
        m = {"t": "replace", "space": n, "from": src, "piece": "guerrillas_active"}
    if not r.can(m):
        return False
    r.play(m)
    return True


def do_subvert(r: Runner, start: Move | None = None, relaxed: bool = False,
               acted: bool | None = None) -> bool:
    """8.4.2 Subvert: S1 clear the last cubes of up to two spaces (most Algerian Police, then most
    cubes); else S2 replace one Algerian Police; S3 random completion when S1 removed something or
    the Government acted on this card. ``start``: the move that opens the Subvert frame (None when
    it is already open). Returns True if anything was done."""
    s = r.s
    cands = subvert_candidates(r, relaxed)
    if not cands:
        return False
    acted = gov_acted(s) if acted is None else acted

    def s1(cap: int, used: list[str]) -> list[str]:
        return [n for n in subvert_candidates(r, relaxed) if n not in used
                and r.s.spaces[n]["pieces"][FT] + r.s.spaces[n]["pieces"][FP] == 0
                and 0 < r.s.spaces[n]["pieces"][AT] + r.s.spaces[n]["pieces"][AP] <= cap]

    # Decide first whether anything will be done (no empty Special Activity).
    will_s1 = bool(s1(2, []))
    police = [n for n in cands if s.spaces[n]["pieces"][AP] > 0]
    can_s2 = bool(police) and (available(s, G) > 0 or any(map_sources(s, n) for n in police))
    if not (will_s1 or can_s2 or acted):
        r.trace.note("8.4.2", "no Subvert as detailed (no space to clear, no Police to replace)")
        return False
    if start is not None:
        if not r.can(start):
            return False
        r.play(start)
    used: list[str] = []
    cap = 2
    while len(used) < 2 and cap > 0:
        c = s1(cap, used)
        if not c:
            break
        n = r.best(c, [("most Algerian Police", lambda x: r.s.spaces[x]["pieces"][AP], "max"),
                       ("most cubes", lambda x: cubes(r.s, x), "max")], "Subvert S1 space")
        assert n is not None
        r.trace.note("8.4.2", f"Subvert S1: remove the last cubes in {n}")
        cap -= remove_cubes(r, n, cap)
        used.append(n)
    if not used:
        police = [n for n in subvert_candidates(r, relaxed) if r.s.spaces[n]["pieces"][AP] > 0]
        if police and can_s2:
            n = r.choose(police, "Subvert S2 space")
            if replace_police(r, n):
                r.trace.note("8.4.2", f"Subvert S2: replace an Algerian Police in {n}")
                r.play({"t": "done"})
                return True
    if (used or acted) and len(used) < 2 and cap > 0:
        rest = [n for n in subvert_candidates(r, relaxed) if n not in used]
        while rest and len(used) < 2 and cap > 0:
            n = r.choose(rest, "Subvert S3 space")
            r.trace.note("8.4.2", f"Subvert S3 (random completion) in {n}")
            cap -= remove_cubes(r, n, cap)
            used.append(n)
            rest = [x for x in subvert_candidates(r, relaxed) if x not in used]
    if r.can({"t": "done"}):
        r.play({"t": "done"})
        return True
    return bool(used)


def after_operation(r: Runner, attack: bool = False, ambushed: bool = False) -> None:
    """ct-fln-bot §4.1: after Terror, Rally or March – Subvert, failing that Extort; after an Attack
    without Ambush – Extort. Only if a Special Activity is still permitted."""
    if not sa_unused(r):
        return
    if attack:
        if not ambushed:
            try_extort(r, why="after Attack")
        return
    if r.can({"t": "sa", "sa": "subvert"}):
        if do_subvert(r, start={"t": "sa", "sa": "subvert"}):
            return
    try_extort(r, why="Subvert not possible")


def finish(r: Runner, depth: int) -> None:
    """End the Operation whose frame sits at ``pending[depth]`` (declining a further Special
    Activity)."""
    guard = 0
    while len(r.s.pending) > depth and r.fln_to_move() and guard < 4:
        f = r.top()
        assert f is not None
        if not f["k"].startswith("op:"):
            break
        if not r.can({"t": "done"}):
            break
        r.play({"t": "done"})
        guard += 1
