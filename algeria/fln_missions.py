"""Rules 9.11-9.15 and chart A.2: the FLN's missions, rows of the mission table
(``algeria.missions``). Units act from the OPS box and must be active; missions other than Move
are conducted in Algeria only (11.21), Propaganda also in France (11.22). "Patrol" below is the
number of active Government units in the area's PTL box (9.21).

* **Propaganda** (9.11, 1 AP, once per area per turn, not Remote): one Front or Cadre. MST, DRM
  -1 per Patrol, -1 if Terrorized. The number is PSP, doubled in a city, split by the FLN between
  its gain and the Government's loss. "+": the Cadre is eliminated, the Front reduced to a Cadre
  (C.6 awards). React allowed. In France (11.22): the one Cadre there, once per turn, not doubled,
  no React.
* **Strike** (9.12, 3 AP, once per city per turn, Urban only): one Front, then any Cadres of the
  same OPS box. MST, DRM +1 per Cadre, -1 per Patrol, -1 if Terrorized; the FLN rolls as many dice
  as the number and splits their total. "+": every unit of the mission is eliminated (Cadre) or
  reduced (Front). "@": every active Police unit in the area is neutralized (C.6: 1 PSP each, the
  FLN splits). The Government must React or lose 1d6 PSP.
* **Move** (9.13, free, no limit): one Cadre, Band or Failek; question ``{"t": "dest", "value":
  area}``: any other area of its wilaya, or an area of another wilaya (or independent Morocco /
  Tunisia, one-area wilayas) adjacent to an area of its wilaya. Jealousy and Paranoia (C.2 34-36):
  no crossing of a wilaya border this turn, international borders still allowed. MST, DRM -1 per
  Patrol in the destination, plus the Border Zone value when it is active and the move crosses
  the international border (either way). "+": the unit is eliminated; otherwise it is placed in
  the destination's OC box. React allowed there (in Algeria).
* **Raid** (9.14, 1 AP, once per area per turn, not Remote): any Bands/Faileks of one OPS box.
  MST, DRM +1 per unit after the first, -1 per Patrol. The number is AP, doubled in a city. "+":
  one raiding unit (the FLN names it: ``{"t": "lost", "value": unit}``) is neutralized and the area
  Terrorized. "@": one active Police unit (the FLN names it: ``{"t": "police", "value": unit}``)
  is neutralized (C.6: 1 PSP, the FLN splits) and the area Terrorized. React allowed.
* **Harass** (9.15, free, no limit): one Band or Failek; with a Failek any other mobile units of
  the OPS box may join. Question ``{"t": "target", "value": unit}``: any one Government unit in the
  area, any box, neutralized or not. Combat (C.3), the target firing back at half firepower. React
  allowed.
"""

from __future__ import annotations

from functools import lru_cache

from referee_core.checks import fail
from referee_core.why import SILENT, Why

from . import psl
from .board import neutralize
from .airpower import push_combat
from .chance import dice
from .combat import combat_frame, eliminate, push_split, take_hit
from .data import ALGERIAN, AREAS, NEIGHBOURS, WILAYAS, unit_type
from .machine import Frame, Log, Move, State, emit
from .missions import Mission, ask, mission, mst, patrol, remote, terrorize

FRONT_CADRE = ("front", "cadre")
MOBILE_FLN = ("cadre", "band", "failek")
BANDS = ("band", "failek")


def urban(area: str) -> bool:
    return AREAS[area].type == "urban"


def terror_drm(s: State, area: str) -> int:
    return -1 if area in s.areas and s.areas[area]["terror"] else 0


def loss(s: State, units: list[str], log: Log, rule: str) -> None:
    """A mission's "+" on its units: each takes a loss (C.6 awards, the Government splits)."""
    awards = sum(take_hit(s, u, log, rule) for u in units)
    push_split(s, "gov", awards, "C.6", "Cadres/Bands eliminated")


class Propaganda(Mission):
    name = "propaganda"
    rule = "9.11"
    cost = 1
    once = True
    react = True

    def places(self, s: State) -> tuple[str, ...]:
        return ALGERIAN + ("FRANCE",)

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        if area != "FRANCE" and remote(s, area):
            return why.no(self.rule, "{} is Remote", area)
        return bool(s.active(area, "OPS", FRONT_CADRE)) or why.no(
            self.rule, "no unit able to (no active Front or Cadre in the OPS box of {})", area)

    def candidates(self, s: State, f: Frame) -> list[str]:
        return [] if f["units"] else s.active(f["area"], "OPS", FRONT_CADRE)

    def ready(self, s: State, f: Frame) -> bool:
        return len(f["units"]) == 1

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        a = f["area"]
        drm = -patrol(s, a) + terror_drm(s, a) if a != "FRANCE" else 0
        r = mst(s, f, drm, "Propaganda", self.rule)
        if r is None:
            return False
        psp = r.number * (2 if urban(a) else 1)
        emit(log, self.rule, f"Propaganda in {a}: {r.text()}: {psp} PSP"
             + (" (doubled in a city)" if urban(a) else ""), mst=r.row, psp=psp)
        if r.effect == "+":
            loss(s, list(f["units"]), log, self.rule)
        push_split(s, "fln", psp, self.rule, f"Propaganda in {a}")
        return True

    def react_area(self, s: State, f: Frame) -> str | None:
        return None if f["area"] == "FRANCE" else str(f["area"])


class Strike(Mission):
    name = "strike"
    rule = "9.12"
    cost = 3
    once = True
    react = True
    must_react = True
    dice: tuple[str, ...] = ("m", "p")

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        if not urban(area):
            return why.no(self.rule, "{} is not a city", area)
        return bool(s.active(area, "OPS", ("front",))) or why.no(
            self.rule, "no unit able to (no active Front in the OPS box of {})", area)

    def candidates(self, s: State, f: Frame) -> list[str]:
        if not f["units"]:
            return s.active(f["area"], "OPS", ("front",))
        return [u for u in s.active(f["area"], "OPS", ("cadre",)) if u not in f["units"]]

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        a = f["area"]
        r = mst(s, f, len(f["units"]) - 1 - patrol(s, a) + terror_drm(s, a), "Strike", self.rule)
        if r is None:
            return False
        psp = dice(s, f, "p", r.number, "Strike PSP", self.rule)
        if psp is None:
            return False
        emit(log, self.rule, f"Strike in {a}: {r.text()}: {r.number}d6 = {psp} PSP",
             mst=r.row, psp=psp)
        if r.effect == "+":
            loss(s, list(f["units"]), log, self.rule)
        if r.effect == "@":
            police = s.active(a, "PTL", ("police",))
            for u in police:
                neutralize(s, u)
                emit(log, self.rule, f"{u} is neutralized", unit=u)
            push_split(s, "fln", len(police), "C.6", "Police neutralized")
        push_split(s, "fln", psp, self.rule, f"Strike in {a}")
        return True


def destinations(s: State, origin: str) -> list[str]:
    """9.13: where a unit in ``origin`` may move (Jealousy and Paranoia: C.2 34-36)."""
    return list(_destinations(origin, "jealousy_paranoia" in s.effects, s.independence))


@lru_cache(maxsize=None)
def _destinations(origin: str, jealous: bool, independence: bool) -> tuple[str, ...]:
    """``destinations`` from the map alone: the same for the same origin, effect and status."""
    w = AREAS[origin].wilaya
    assert w is not None
    home = WILAYAS[w]
    out = []
    for a, v in AREAS.items():
        if a == origin or v.wilaya is None or (a in NEIGHBOURS and not independence):
            continue
        if v.wilaya == w:
            out.append(a)
        elif any(b in v.adjacent for b in home):
            international = a in NEIGHBOURS or origin in NEIGHBOURS
            if international or not jealous:
                out.append(a)
    return tuple(out)


def border_drm(s: State, origin: str, dest: str) -> int:
    bz = s.border_zone
    crossing = (origin in NEIGHBOURS) != (dest in NEIGHBOURS)
    return int(bz["value"]) if crossing and bz["active"] and bz["value"] is not None else 0


class Movement(Mission):
    name = "move"
    rule = "9.13"
    react = True
    answers = {"dest": "area"}
    asked = {"dest": "fln"}

    def places(self, s: State) -> tuple[str, ...]:
        return ALGERIAN + NEIGHBOURS

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        if not s.active(area, "OPS", MOBILE_FLN):
            return why.no(self.rule, "no unit able to (no active Cadre, Band or Failek in the OPS"
                          " box of {})", area)
        return bool(destinations(s, area)) or why.no(
            self.rule, "no area to move to from {}", area)

    def candidates(self, s: State, f: Frame) -> list[str]:
        return [] if f["units"] else s.active(f["area"], "OPS", MOBILE_FLN)

    def ready(self, s: State, f: Frame) -> bool:
        return len(f["units"]) == 1

    def ask_moves(self, s: State, f: Frame, q: str) -> list[Move]:
        return [{"t": "dest", "value": a} for a in destinations(s, f["area"])]

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        dest = ask(s, f, "dest", "fln")
        if dest is None:
            return False
        a = f["area"]
        r = mst(s, f, -patrol(s, dest) + border_drm(s, a, dest), "Movement", self.rule)
        if r is None:
            return False
        u = f["units"][0]
        emit(log, self.rule, f"{u} moves from {a} to {dest}: {r.text()}", mst=r.row, unit=u)
        if r.effect == "+":   # eliminated, even a Failek (C.6 scores a Cadre or Band)
            push_split(s, "gov", eliminate(s, u, log, self.rule), "C.6", f"{u} eliminated")
        else:
            s.unit_w(u).update(area=dest, box="OC")
        return True

    def react_area(self, s: State, f: Frame) -> str | None:
        return str(f["data"]["dest"])

    def check(self, s: State, f: Frame) -> None:
        if "dest" in f["data"] and f["data"]["dest"] not in destinations(s, f["area"]):
            fail("data.dest", f"not a destination from {f['area']}", self.rule)


class Raid(Mission):
    name = "raid"
    rule = "9.14"
    cost = 1
    once = True
    react = True
    answers = {"lost": "unit", "police": "unit"}
    asked = {"lost": "fln", "police": "fln"}

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        if remote(s, area):
            return why.no(self.rule, "{} is Remote", area)
        return bool(s.active(area, "OPS", BANDS)) or why.no(
            self.rule, "no unit able to (no active Band or Failek in the OPS box of {})", area)

    def candidates(self, s: State, f: Frame) -> list[str]:
        return [u for u in s.active(f["area"], "OPS", BANDS) if u not in f["units"]]

    def ask_moves(self, s: State, f: Frame, q: str) -> list[Move]:
        if q == "lost":
            return [{"t": "lost", "value": u} for u in f["units"]
                    if s.units[u]["area"] == f["area"]]
        return [{"t": "police", "value": u} for u in s.active(f["area"], "PTL", ("police",))]

    def check(self, s: State, f: Frame) -> None:
        d = f["data"] if f["stage"] == "resolve" else {}     # before anything has moved
        if "lost" in d and d["lost"] not in f["units"]:
            fail("data.lost", "not a raiding unit", self.rule)
        if "police" in d and (unit_type(d["police"]).key != "police"
                              or s.units[d["police"]]["area"] != f["area"]):
            fail("data.police", f"not a Police unit in {f['area']}", self.rule)

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        a = f["area"]
        r = mst(s, f, len(f["units"]) - 1 - patrol(s, a), "Raid", self.rule)
        if r is None:
            return False
        victim = None
        if r.effect == "+" or (r.effect == "@" and s.active(a, "PTL", ("police",))):
            victim = ask(s, f, "lost" if r.effect == "+" else "police", "fln")
            if victim is None:
                return False
        ap = r.number * (2 if urban(a) else 1)
        emit(log, self.rule, f"Raid in {a}: {r.text()}: {ap} AP"
             + (" (doubled in a city)" if urban(a) else ""), mst=r.row, ap=ap)
        psl.add_ap(s, ap, log, self.rule, f"Raid in {a}")
        if victim is not None:
            neutralize(s, victim)
            emit(log, self.rule, f"{victim} is neutralized", unit=victim)
            if r.effect == "@":
                push_split(s, "fln", 1, "C.6", "Police neutralized")
        if r.effect:
            terrorize(s, a, log, self.rule)
        return True


class Harass(Mission):
    name = "harass"
    rule = "9.15"
    react = True
    dice: tuple[str, ...] = ()
    answers = {"target": "unit"}
    asked = {"target": "fln"}

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        if not s.active(area, "OPS", BANDS):
            return why.no(self.rule, "no unit able to (no active Band or Failek in the OPS box of"
                          " {})", area)
        return bool(s.units_in(area, side="gov")) or why.no(
            self.rule, "no Government unit in {} to harass", area)

    def candidates(self, s: State, f: Frame) -> list[str]:
        a, chosen = f["area"], f["units"]
        if not chosen:
            return s.active(a, "OPS", BANDS)
        with_failek = any(unit_type(u).key == "failek" for u in chosen)
        return [u for u in s.active(a, "OPS", MOBILE_FLN if with_failek else ("failek",))
                if u not in chosen]

    def ask_moves(self, s: State, f: Frame, q: str) -> list[Move]:
        return [{"t": "target", "value": u} for u in s.units_in(f["area"], side="gov")]

    def check(self, s: State, f: Frame) -> None:
        tgt = f["data"].get("target") if f["stage"] == "resolve" else None
        if tgt is not None and (unit_type(tgt).side != "gov" or s.units[tgt]["area"] != f["area"]):
            fail("data.target", f"not a Government unit in {f['area']}", self.rule)

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        target = ask(s, f, "target", "fln")
        if target is None:
            return False
        emit(log, self.rule, f"{', '.join(f['units'])} harass {target}", target=target)
        push_combat(s, combat_frame(f["area"], f["units"], [target], half=True, rule=self.rule))
        return True


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

mission(Propaganda)
mission(Strike)
mission(Movement)
mission(Raid)
mission(Harass)
