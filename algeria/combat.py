"""Chart C.3 (combat), the losses of FLN units and the PSP they score (C.6), and the PSP split
decisions every mission uses.

Combat (frame ``combat``, pushed by Harass 9.15, React 9.23 and Flush 9.22):

1. Each side totals the firepower of its units in the combat (a Dispersed division fires 12,
   11.7; ``half``: the Government fires back at half firepower, fractions up per unit, 9.15) and
   the Government adds 1d6 per Air Point spent (``air``, 11.11: never in an Urban area; the
   caller decides how many and pays them). The FLN rolls 1d6 on its column, then the Government
   on its own; both results are read before any loss is taken.
2. Columns: 1, 2-4, 5-8, 9-15, 16-24, 25+ (a total below 1 reads the first column).
3. Hits on the FLN: the FLN chooses, one hit at a time, the unit that takes it
   (``{"t": "hit", "unit": "band.3"}``; automatic when one unit is left): a Cadre or Band is
   eliminated, a Front reduced to a Cadre, a Failek to a Band; surplus hits are lost.
4. The units of the side that received more hits (as read on the table, whether they could all
   be applied or not) are neutralized; nobody on equal hits. Survivors go to the OC box (Police
   stay in PTL).
5. PSP (C.6): every hit on the Government costs it 1 PSP or gives the FLN 1 (the FLN splits,
   frame ``split``); every Cadre or Band eliminated gives the Government 1 or takes 1 from the FLN
   (the Government splits); every Front or Failek reduced gives the Government 2 and takes 1 from
   the FLN, at once. When no counter is free for the reduced unit, it is eliminated instead (the
   reduction award stays).

Split, frame ``split`` (who: the side that chooses): ``{"t": "split", "fln_gain": a,
"gov_loss": b}`` (FLN) or ``{"t": "split", "gov_gain": a, "fln_loss": b}`` (Government), a + b
= the PSP to score.

``eliminate``, ``reduce`` and ``take_hit`` are the one definition of an FLN loss; a unit that
leaves play or is replaced keeps its place in every pending decision (``swap``).
"""

from __future__ import annotations

import math

from referee_core.checks import check_bool, check_choice, check_int, check_list, check_obj, fail

from . import psl
from .labels import area_name, counted, in_words
from .board import key, neutralize
from .chance import check_x, dice
from .data import ALGERIAN, AREAS, DISPERSED, TABLES, unit_type
from .machine import Frame, FrameType, Log, Move, State, emit, register

CRT = TABLES["C3_combat_results"]
COLUMNS: tuple[tuple[int, int | None], ...] = tuple((c["min"], c["max"]) for c in CRT["columns"])
REDUCES_TO = {"front": "cadre", "failek": "band"}
UNIT_LISTS = ("units", "fln", "gov")     # the unit lists of pending frames ``swap`` keeps current


# --- the chart -----------------------------------------------------------------------------

def column(firepower: int) -> int:
    """The C.3 column (0-5) of a firepower total."""
    for i, (lo, hi) in enumerate(COLUMNS):
        if hi is None or firepower <= hi:
            return i
    return len(COLUMNS) - 1


def hits(firepower: int, die: int) -> int:
    return int(CRT["hits"][str(die)][column(firepower)])


def firepower(s: State, uid: str) -> int:
    if key(uid) == "fr_div" and s.units[uid]["mode"] == "dispersed":
        return DISPERSED["firepower"]
    return unit_type(uid).firepower


def total_firepower(s: State, units: list[str], half: bool = False) -> int:
    return sum(math.ceil(firepower(s, u) / 2) if half else firepower(s, u) for u in units)


# --- losses and PSP (C.6) --------------------------------------------------------------------

def swap(s: State, old: str, new: str | None) -> None:
    """``old`` has left play (``new`` None) or become ``new``: every pending decision's unit
    lists follow."""
    for f in s.pending:
        for name in UNIT_LISTS:
            lst = f.get(name)
            if isinstance(lst, list) and old in lst:
                if new is None:
                    lst.remove(old)
                else:
                    lst[lst.index(old)] = new


def eliminate(s: State, uid: str, log: Log, rule: str) -> int:
    """An FLN unit back to the pool (2.0). Returns the Government's award count (1 for a Cadre or
    Band, C.6; the caller pushes the split)."""
    s.unit_w(uid).update(area=None, box=None, neutralized=False)
    swap(s, uid, None)
    emit(log, rule, f"{uid} is eliminated", unit=uid)
    return 1 if key(uid) in ("cadre", "band") else 0


def reduce(s: State, uid: str, log: Log, rule: str) -> str | None:
    """A Front to a Cadre, a Failek to a Band, in the same place and state; +2 Government and -1
    FLN PSP (C.6). Without a free counter the unit is eliminated (award kept). Returns the new
    unit."""
    old = s.units[uid]
    pool = s.pool(REDUCES_TO[key(uid)])
    new = pool[0] if pool else None
    if new is not None:
        s.unit_w(new).update(area=old["area"], box=old["box"], neutralized=old["neutralized"])
    s.unit_w(uid).update(area=None, box=None, neutralized=False)
    swap(s, uid, new)
    emit(log, rule, f"{uid} is reduced to {new}" if new else
         f"{uid} is eliminated (no {REDUCES_TO[key(uid)]} counter is free)", unit=uid, new=new)
    psl.gain(s, "gov", 2, log, "C.6", f"{uid} reduced")
    psl.lose(s, "fln", 1, log, "C.6", f"{uid} reduced")
    return new


def take_hit(s: State, uid: str, log: Log, rule: str) -> int:
    """One loss (C.3): eliminate a Cadre/Band, reduce a Front/Failek. Returns the award count."""
    if key(uid) in REDUCES_TO:
        reduce(s, uid, log, rule)
        return 0
    return eliminate(s, uid, log, rule)


def split_frame(who: str, n: int, rule: str, why: str) -> Frame:
    return {"k": "split", "who": who, "n": n, "rule": rule, "why": why}


def push_split(s: State, who: str, n: int, rule: str, why: str) -> None:
    if n > 0:
        s.pending.append(split_frame(who, n, rule, why))


class Split(FrameType[State]):
    kind = "split"
    rule = "C.6"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "n", "rule", "why"))
        check_choice(f["who"], "who", ("fln", "gov"))
        check_int(f["n"], "n", 1, 999)
        for k in ("rule", "why"):
            if type(f[k]) is not str or len(f[k]) > 80:
                fail(k, "must be a short string")

    def prompt(self, s: State, f: Frame) -> str:
        why = f"{f['n']} PSP ({in_words(f['why'])})"
        if f["who"] == "fln":
            return f"{why}: split between FLN gain and Government loss"
        return f"{why}: split between Government gain and FLN loss"

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        return super().explain(s, f, m)[0], str(f["rule"])

    def moves(self, s: State, f: Frame) -> list[Move]:
        n = f["n"]
        if f["who"] == "fln":
            return [{"t": "split", "fln_gain": a, "gov_loss": n - a} for a in range(n + 1)]
        return [{"t": "split", "gov_gain": a, "fln_loss": n - a} for a in range(n + 1)]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        s.pending.pop()
        rule, why = str(f["rule"]), str(f["why"])
        if f["who"] == "fln":
            psl.gain(s, "fln", m["fln_gain"], log, rule, why)
            psl.lose(s, "gov", m["gov_loss"], log, rule, why)
        else:
            psl.gain(s, "gov", m["gov_gain"], log, rule, why)
            psl.lose(s, "fln", m["fln_loss"], log, rule, why)


# --- the combat frame ------------------------------------------------------------------------

def check_units(s: State, f: Frame, name: str, side: str | None) -> list[str]:
    """A frame's list of distinct unit ids (of ``side`` if given)."""
    lst = check_list(f[name], name)
    for i, u in enumerate(lst):
        if type(u) is not str or u not in s.units or (side and unit_type(u).side != side):
            fail(f"{name}[{i}]", f"not a {side} unit" if side else "not a unit")
    if len(set(lst)) != len(lst):
        fail(name, "a unit is listed twice")
    return lst


def check_air(f: Frame, area: str) -> None:
    check_int(f["air"], "air", 0, 99, "11.11")
    if f["air"] and AREAS[area].type == "urban":
        fail("air", "no Air Points in an Urban area", "11.11")


def combat_frame(area: str, fln: list[str], gov: list[str], half: bool = False, air: int = 0,
                 rule: str = "C.3") -> Frame:
    """A combat in ``area`` between FLN units ``fln`` and Government units ``gov``. ``half``: the
    Government returns fire at half firepower (Harass, 9.15). ``air``: Air Points spent, each
    +1d6 Government firepower (11.11; the caller checks availability and pays; none in a city)."""
    assert not (air and AREAS[area].type == "urban"), "11.11: no Air Points in an Urban area"
    return {"k": "combat", "rule": rule, "area": area, "fln": list(fln), "gov": list(gov),
            "half": half, "air": air, "stage": "roll", "received": {"fln": 0, "gov": 0},
            "left": 0, "elim": 0, "x": {}}


def _units(s: State, f: Frame, side: str) -> list[str]:
    return [u for u in f[side] if s.units[u]["area"] == f["area"]]


class Combat(FrameType[State]):
    kind = "combat"
    rule = "C.3"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "rule", "area", "fln", "gov", "half", "air", "stage", "received",
                          "left", "elim", "x"))
        if type(f["rule"]) is not str or len(f["rule"]) > 10:
            fail("rule", "must be a rule number")
        area = check_choice(f["area"], "area", ALGERIAN)
        check_units(s, f, "fln", "fln")
        check_units(s, f, "gov", "gov")
        check_bool(f["half"], "half")
        check_air(f, area)
        check_choice(f["stage"], "stage", ("roll", "losses", "end"))
        r = check_obj(f["received"], "received", ("fln", "gov"))
        for side in ("fln", "gov"):
            check_int(r[side], f"received.{side}", 0, 99, "C.3")
        rolled = f["stage"] != "roll"
        check_int(f["left"], "left", 0, r["fln"] if rolled else 0, "C.3")
        check_int(f["elim"], "elim", 0, r["fln"] - f["left"] if rolled else 0, "C.6")
        if not rolled and (r["fln"] or r["gov"]):
            fail("received", "no hit before the dice are rolled", "C.3")
        check_x(f, ("f", "g", "a"))

    def actor(self, s: State, f: Frame) -> str:
        if f["stage"] == "losses" and f["left"] > 0 and len(_units(s, f, "fln")) > 1:
            return "fln"
        return "auto"

    def prompt(self, s: State, f: Frame) -> str:
        return (f"Combat in {area_name(f['area'])}: choose the FLN unit that takes the next hit"
                f" ({f['left']} left)")

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "hit", "unit": u} for u in _units(s, f, "fln")]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        f["elim"] += take_hit(s, m["unit"], log, "C.3")
        f["left"] -= 1

    def step(self, s: State, f: Frame, log: Log) -> None:
        if f["stage"] == "roll":
            self.roll(s, f, log)
        elif f["stage"] == "losses":
            units = _units(s, f, "fln")
            if f["left"] > 0 and units:
                self.apply(s, f, {"t": "hit", "unit": units[0]}, log)
            else:
                f["stage"] = "end"
        else:
            self.end(s, f, log)

    def roll(self, s: State, f: Frame, log: Log) -> None:
        fd = dice(s, f, "f", 1, "FLN fire", "C.3")
        gd = None if fd is None else dice(s, f, "g", 1, "Government fire", "C.3")
        air = None if gd is None else dice(s, f, "a", f["air"], "Air Point", "11.11")
        if fd is None or gd is None or air is None:
            return
        ffp = total_firepower(s, _units(s, f, "fln"))
        gfp = total_firepower(s, _units(s, f, "gov"), f["half"]) + air
        on_gov, on_fln = hits(ffp, fd), hits(gfp, gd)
        f["received"] = {"gov": on_gov, "fln": on_fln}
        emit(log, "C.3",
             f"FLN firepower {ffp}, die {fd}: {counted(on_gov, 'hit')} on the Government",
             firepower=ffp, roll=fd, hits=on_gov)
        half = " (half, 9.15)" if f["half"] else ""
        airs = f" with {counted(f['air'], 'Air Point')}" if f["air"] else ""
        emit(log, "C.3", f"Government firepower {gfp}{half}{airs}, die {gd}:"
             f" {counted(on_fln, 'hit')} on the FLN", firepower=gfp, roll=gd, hits=on_fln)
        f["left"] = on_fln
        f["stage"] = "losses"

    def end(self, s: State, f: Frame, log: Log) -> None:
        r = f["received"]
        fln, gov = _units(s, f, "fln"), _units(s, f, "gov")
        loser = "fln" if r["fln"] > r["gov"] else "gov" if r["gov"] > r["fln"] else None
        for u in fln + gov:
            if unit_type(u).side == loser and not s.units[u]["neutralized"]:
                neutralize(s, u)
                emit(log, "C.3", f"{u} is neutralized", unit=u)
            if key(u) != "police":
                s.unit_w(u)["box"] = "OC"
        s.pending.pop()
        push_split(s, "gov", f["elim"], "C.6", "Cadres/Bands eliminated")
        push_split(s, "fln", r["gov"], "C.6", "hits on the Government")


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Split)
register(Combat)
