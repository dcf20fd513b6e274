"""Rules 9.22 and 9.24-9.27 (chart B.3): the Government's missions, rows of the mission table
(``algeria.missions``), and the OAS's free Suppression (11.3). Patrol (9.21) is set up in
Deployment (``deploy``; its DRM is ``missions.patrol``), React (9.23) is ``algeria.react``.
Each is declared ``{"t": "mission", "mission": "flush", "area": "II-1"}`` when the Government is
to act, and follows the procedure of 9.0 (``missions.MissionFrame``).

* **Flush** (9.22, 0 PSP): units ``{"t": "unit", "unit": "fr_bde.1"}``: active mobile units in the
  area's OPS or PTL box, or brigades of other areas that are airmobile or may be airmobilized now
  (11.12: the Helicopter Points are paid when the mission starts; ``react.eligible``); several
  units, or units from afar, only if all are elite or a division is in the area.
  One die per FLN unit in the area's OPS and OC boxes (neutralized ones too): contacted on a
  modified roll <= the total Contact; DRM +1 if the unit's Evasion exceeds the total Contact, +1
  Remote (or resettled), +1 Terror, -1 Urban. Contacted units fire and the Government returns fire
  (C.3, Air Points outside cities: ``airpower.push_combat``); all involved end in the OC box.
* **Intelligence** (9.24, 1 PSP, an active Police unit, no limit): one die per FLN unit in the UG
  box against the total Contact of the active Police there, the same DRMs; contacted units go to
  the OC box.
* **Civil Affairs** (9.25, 1 PSP, active Police, not Remote, once per area and turn): MST, +1 under
  Amnesty; the number is taken off the FLN PSL; "+" or "@" removes the Terror marker.
* **Suppression** (9.26, 1 PSP, active Police, once per area and turn): elite brigades of the area
  (OPS or PTL, active) may assist (``{"t": "unit", ...}``; +1 each; they end in OC); +1 under
  Amnesty. The MST number of active Bands/Faileks of the area, any box, are neutralized; when there
  are more, the FLN names them (``{"t": "pick0", "value": "band.3"}``, ``pick1`` …). "@": every
  Cadre and Front there too, and the area is Terrorized; "+": the Government loses 1d6 PSP and the
  area is Terrorized.
* **Population Resettlement** (9.27, 1 PSP, active Police, Rural areas): the area is Remote for
  good (``resettled``) and Terrorized, a Front there is reduced to a Cadre (+2 Government and -1
  FLN, C.6) and the FLN gains 3d6 PSP. (The -1 PSP per resettled area each turn: ``interphase``.)
* **OAS** (11.3): as the Operations Phase starts (frame ``oas``), an OAS in a city conducts a
  Suppression there (``oas_suppression``, never declared by a player): free, without Police or
  elite assistance, the city Terrorized whatever the result.
* Option 13.1: no Civil Affairs, Suppression or Resettlement while it is in force.
* Not offered: a Flush or Intelligence with no FLN unit to contact, a Suppression in an area with
  no FLN unit (docs/algeria/editions.md); a PSP mission that would take the PSL to 0 (``missions``).
"""

from __future__ import annotations

from referee_core.checks import check_obj, fail
from referee_core.why import SILENT, Why

from . import airpower, psl
from .board import key, neutralize
from .chance import dice
from .combat import combat_frame, reduce
from .data import ALGERIAN, AREAS, unit_type
from .machine import AutoFrame, Frame, Log, Move, State, emit, register
from .missions import (
    MISSIONS, Mission, ask, mission, mst, new_frame, ops_start, remote, terrorize,
)
from .react import eligible
from .reinforce import slow

BANDS = ("band", "failek")
PICKS = tuple(f"pick{i}" for i in range(5))   # at most 5 units (the MST's highest number)


def police(s: State, area: str) -> list[str]:
    return s.active(area, "PTL", ("police",))


def fln_in(s: State, area: str, *boxes: str) -> list[str]:
    return sorted(u for u in s.units_in(area, side="fln") if s.units[u]["box"] in boxes)


def contact_drm(s: State, area: str, target: str, total: int) -> int:
    """9.22 / 9.24: +1 Evasion above the total Contact, +1 Remote, +1 Terror, -1 Urban."""
    return ((unit_type(target).contact > total) + remote(s, area) + bool(s.areas[area]["terror"])
            - (AREAS[area].type == "urban"))


def contact(s: State, f: Frame, targets: list[str], total: int, log: Log) -> list[str] | None:
    """One die per target (``x.c0`` …); the contacted targets, or None while dice are awaited."""
    rule = MISSIONS[f["m"]].rule
    if dice(s, f, "c", len(targets), f"contact in {f['area']} (total Contact {total})",
            rule) is None:
        return None
    out = []
    for i, t in enumerate(targets):
        r, drm = f["x"][f"c{i}"], contact_drm(s, f["area"], t, total)
        hit = r + drm <= total
        emit(log, rule, f"{t}: {r}{drm:+d} against Contact {total}: "
             f"{'contacted' if hit else 'not contacted'}", unit=t, roll=r, contacted=hit)
        if hit:
            out.append(t)
    return out


def amnesty(s: State) -> int:
    return 1 if "amnesty" in s.effects else 0


class GovMission(Mission):
    side = "gov"
    pacification = False    # Civil Affairs, Suppression, Resettlement: forbidden by option 13.1

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        if self.pacification and slow(s):
            return why.no("13.1", "option 13.1 (slow French reaction) is in force: no {}",
                          self.name)
        if not police(s, area):
            return why.no(self.rule, "no unit able to (no active Police unit in the PTL box of"
                          " {})", area)
        return self.where(s, area, why)

    def where(self, s: State, area: str, why: Why = SILENT) -> bool:
        return True

    def ready(self, s: State, f: Frame) -> bool:
        return True


# --- 9.22 Flush -------------------------------------------------------------------------------

class Flush(GovMission):
    name = "flush"
    rule = "9.22"
    dice: tuple[str, ...] = ("c",)

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        return bool(fln_in(s, area, "OPS", "OC")) or why.no(
            self.rule, "no FLN unit in the OPS or OC box of {} to contact", area)

    def candidates(self, s: State, f: Frame) -> list[str]:
        return eligible(s, f["area"], f["units"])

    def ready(self, s: State, f: Frame) -> bool:
        return bool(f["units"])

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        area = f["area"]
        airpower.fly_in(s, area, f["units"], log)
        total = airpower.total_contact(s, f["units"])
        hit = contact(s, f, fln_in(s, area, "OPS", "OC"), total, log)
        if hit is None:
            return False
        if hit:
            airpower.push_combat(s, combat_frame(area, hit, list(f["units"]), rule=self.rule))
        return True


# --- 9.24 Intelligence ------------------------------------------------------------------------

class Intelligence(GovMission):
    name = "intelligence"
    rule = "9.24"
    cost = 1
    dice: tuple[str, ...] = ("c",)

    def where(self, s: State, area: str, why: Why = SILENT) -> bool:
        return bool(fln_in(s, area, "UG")) or why.no(
            self.rule, "no FLN unit in the UG box of {} to contact", area)

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        area = f["area"]
        total = airpower.total_contact(s, police(s, area))
        hit = contact(s, f, fln_in(s, area, "UG"), total, log)
        if hit is None:
            return False
        for u in hit:
            s.unit_w(u)["box"] = "OC"
        return True


# --- 9.25 Civil Affairs -----------------------------------------------------------------------

class CivilAffairs(GovMission):
    name = "civil_affairs"
    rule = "9.25"
    cost = 1
    once = True
    pacification = True

    def where(self, s: State, area: str, why: Why = SILENT) -> bool:
        return not remote(s, area) or why.no(self.rule, "{} is Remote", area)

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        area = f["area"]
        r = mst(s, f, amnesty(s), f"Civil Affairs in {area}", self.rule)
        if r is None:
            return False
        emit(log, self.rule, f"Civil Affairs in {area}: {r.text()}", mst=r.row)
        psl.lose(s, "fln", r.number, log, self.rule, f"Civil Affairs in {area}")
        if r.effect and s.areas[area]["terror"]:
            s.area_w(area)["terror"] = False
            emit(log, self.rule, f"the Terror marker leaves {area}", area=area)
        return True


# --- 9.26 Suppression, and the OAS's (11.3) ----------------------------------------------------

class Suppression(GovMission):
    name = "suppression"
    rule = "9.26"
    cost = 1
    once = True
    pacification = True
    dice: tuple[str, ...] = ("m", "p")
    answers = {"pick": "unit"}
    asked = {"pick": "fln"}

    def where(self, s: State, area: str, why: Why = SILENT) -> bool:
        return bool(s.units_in(area, side="fln")) or why.no(
            self.rule, "no FLN unit in {} to suppress", area)

    def candidates(self, s: State, f: Frame) -> list[str]:
        return [u for u in s.active(f["area"], None, ("elite_bde",))
                if s.units[u]["box"] in ("OPS", "PTL") and u not in f["units"]]

    def ask_moves(self, s: State, f: Frame, q: str) -> list[Move]:
        return [{"t": q, "value": u} for u in s.active(f["area"], None, BANDS)
                if u not in f["data"].values()]

    def check(self, s: State, f: Frame) -> None:
        for q, u in f["data"].items():
            if key(u) not in BANDS or s.units[u]["area"] != f["area"]:
                fail(f"data.{q}", "not a Band or Failek of the area", self.rule)

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        area = f["area"]
        r = mst(s, f, len(f["units"]) + amnesty(s), f"Suppression in {area}", self.rule)
        if r is None:
            return False
        bands = s.active(area, None, BANDS)
        if len(bands) > r.number:
            for q in PICKS[:r.number]:
                if ask(s, f, q, "fln") is None:
                    return False
            bands = [f["data"][q] for q in PICKS[:r.number]]
        p = dice(s, f, "p", 1, "Suppression backfires", self.rule) if r.effect == "+" else 0
        if p is None:
            return False
        emit(log, self.rule, f"Suppression in {area}: {r.text()}", mst=r.row)
        hit = bands + (s.active(area, None, ("cadre", "front")) if r.effect == "@" else [])
        for u in hit:
            neutralize(s, u)
            emit(log, self.rule, f"{u} is neutralized", unit=u)
        if r.effect or self.name == "oas_suppression":
            terrorize(s, area, log, self.rule)
        psl.lose(s, "gov", p, log, self.rule, f"Suppression backfires in {area}")
        return True


class OASSuppression(Suppression):
    """11.3: never declared; ``oas`` starts it. No cost, no Police, no elite assistance."""
    name = "oas_suppression"
    rule = "11.3"
    cost = 0
    once = False

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        return why.no(self.rule, "the OAS's Suppression is never declared: an OAS in a city"
                      " conducts it as the Operations Phase starts")

    def candidates(self, s: State, f: Frame) -> list[str]:
        return []


class OAS(AutoFrame[State]):
    """The start of the Operations Phase (8.0): the OAS's Suppression (11.3) comes first."""
    kind = "oas"
    rule = "11.3"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k",))

    def step(self, s: State, f: Frame, log: Log) -> None:
        s.pending[-1] = ops_start()
        city = s.oas["area"] if s.oas["active"] else None
        if city in ALGERIAN:
            emit(log, "11.3", f"the OAS conducts a Suppression in {city}", area=city)
            s.pending.append(new_frame(MISSIONS["oas_suppression"], city))


def phase_start() -> Frame:
    return {"k": "oas"}


# --- 9.27 Population Resettlement -------------------------------------------------------------

class Resettlement(GovMission):
    name = "resettlement"
    rule = "9.27"
    cost = 1
    pacification = True
    dice: tuple[str, ...] = ("p",)

    def where(self, s: State, area: str, why: Why = SILENT) -> bool:
        if AREAS[area].type != "rural":
            return why.no(self.rule, "{} is not a Rural area", area)
        return not s.areas[area]["resettled"] or why.no(
            self.rule, "{} is already resettled", area)

    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        area = f["area"]
        p = dice(s, f, "p", 3, f"FLN award for Resettlement in {area}", self.rule)
        if p is None:
            return False
        s.area_w(area)["resettled"] = True
        emit(log, self.rule, f"{area} is resettled: Remote for the rest of the game", area=area)
        terrorize(s, area, log, self.rule)
        for u in s.units_in(area, side="fln"):
            if key(u) == "front":
                reduce(s, u, log, self.rule)
        psl.gain(s, "fln", p, log, self.rule, f"Resettlement in {area}")
        return True


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

mission(Flush)
mission(Intelligence)
mission(CivilAffairs)
mission(Suppression)
mission(OASSuppression)
register(OAS)
mission(Resettlement)
