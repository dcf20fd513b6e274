"""Rules 9.22 and 9.24-9.27 (chart B.3): the Government's missions of the Operations Phase, and the
OAS's free Suppression (11.3). Patrol (9.21) is set up in Deployment (``deploy``) and its DRM is
``airpower.patrol_drm``; React (9.23) follows FLN missions (``missions``).

Declaration (``declarations`` lists them, ``declare`` starts one): ``{"t": "mission", "mission":
"flush" | "intelligence" | "civil_affairs" | "suppression" | "resettlement", "area": "II-1"}``.

* 9.22 Flush (0 PSP), prompt ``flush``: ``{"t": "unit", "unit": "fr_bde.1"}`` adds a unit able to
  act in the area (OPS or PTL box, active) or an airmobile unit from anywhere;
  ``{"t": "airmobilize", "unit": "elite_bde.2"}`` airmobilizes a brigade (11.12) and adds it;
  ``{"t": "go"}``. Several units, or units from another area, need all of them elite or a division
  in the area (``airpower.combination_ok``). One die per FLN unit in the OPS and OC boxes
  (neutralized ones too): contacted on a modified roll <= the total Contact; DRM +1 if the unit's
  Evasion exceeds the total Contact, +1 Remote (or resettled), +1 Terror, -1 Urban. Contacted
  units fire and the Government returns fire (C.3, Air Points outside Urban areas); every unit
  involved then goes to the OC box of the area.
* 9.24 Intelligence (1 PSP, an active Police unit): one die per FLN unit in the UG box against
  the total Contact of the active Police there, same DRMs; contacted units go to the OC box.
* 9.25 Civil Affairs (1 PSP, active Police, not Remote, once per area and turn): MST, +1 under
  Amnesty; the number is taken off the FLN PSL; "+" or "@" removes the Terror marker.
* 9.26 Suppression (1 PSP, active Police, once per area and turn), prompt ``suppression``:
  ``{"t": "assist", "unit": "elite_bde.1"}`` for each active elite brigade of the area (OPS or PTL)
  that assists (+1 each, then to OC), ``{"t": "go"}``; +1 under Amnesty. The MST number of
  Bands/Faileks of the area (any box) are neutralized, the FLN choosing (``{"t": "pick", "unit":
  "band.3"}``) when it has more than that; "@": every Cadre and Front there too and the area is
  Terrorized; "+": the Government loses 1d6 PSP and the area is Terrorized.
* 9.27 Population Resettlement (1 PSP, active Police, Rural areas): the area is Remote for good
  (``resettled``) and Terrorized, a Front there is reduced to a Cadre (+2 Government and -1 FLN,
  C.6) and the FLN gains 3d6 PSP. (The -1 PSP per resettled area each turn is ``interphase``.)
* 11.3 OAS: at the start of the Operations Phase an OAS in a city conducts a Suppression there:
  free, without Police or elite assistance; the area is Terrorized whatever the result.
* Option 13.1: no Civil Affairs, Suppression or Resettlement while it is in force.
* No mission is offered that would take the Government PSL to 0 (as for mobilization, 6.3), nor a
  Flush or Intelligence with no FLN unit to contact, nor a Suppression where the area holds no FLN
  unit (docs/algeria/editions.md).
"""

from __future__ import annotations

from engine.checks import check_bool, check_choice, check_int, check_list, check_obj, fail

from . import airpower, psl
from .board import key, neutralize
from .chance import check_x, dice
from .data import ALGERIAN, AREAS, unit_type
from .events import mst
from .machine import AutoFrame, Frame, FrameType, Log, Move, State, emit, register
from .reinforce import slow

GOV_MISSIONS = ("flush", "intelligence", "civil_affairs", "suppression", "resettlement")
RULE = {"flush": "9.22", "intelligence": "9.24", "civil_affairs": "9.25", "suppression": "9.26",
        "resettlement": "9.27"}
PSP = {"flush": 0, "intelligence": 1, "civil_affairs": 1, "suppression": 1, "resettlement": 1}


# --- the area and its units ----------------------------------------------------------------------

def remote(s: State, area: str) -> bool:
    """Remote by rating or by a REMOTE marker (9.27)."""
    return AREAS[area].type == "remote" or bool(s.areas[area]["resettled"])


def active_police(s: State, area: str) -> list[str]:
    return [u for u in s.units_in(area, "PTL") if key(u) == "police"
            and not s.units[u]["neutralized"]]


def fln_in(s: State, area: str, *boxes: str) -> list[str]:
    return [u for u in s.units_in(area, side="fln") if not boxes or s.units[u]["box"] in boxes]


def contact_drm(s: State, area: str, target: str, total: int) -> int:
    """9.22 / 9.24: +1 evasion above the total Contact, +1 Remote, +1 Terror, -1 Urban."""
    return ((unit_type(target).contact > total) + remote(s, area) + bool(s.areas[area]["terror"])
            - (AREAS[area].type == "urban"))


def amnesty(s: State) -> int:
    return 1 if "amnesty" in s.effects else 0


def reduce_front(s: State, uid: str, log: Log, rule: str) -> None:
    """A Front reduced to a Cadre in its box (eliminated when no Cadre counter is free); the
    Government gains 2 PSP and the FLN loses 1 (C.6)."""
    d = s.units[uid]
    cadres = s.pool("cadre")
    if cadres:
        s.units[cadres[0]].update(area=d["area"], box=d["box"], neutralized=d["neutralized"])
        emit(log, rule, f"{uid} in {d['area']} is reduced to {cadres[0]}", unit=uid)
    else:
        emit(log, rule, f"{uid} in {d['area']} is eliminated (no Cadre counter is free)",
             unit=uid)
    d.update(area=None, box=None, neutralized=False)
    psl.gain(s, "gov", 2, log, "9.27", "Front reduced")
    psl.lose(s, "fln", 1, log, "9.27", "Front reduced")


def terrorize(s: State, area: str, log: Log, rule: str) -> None:
    if not s.areas[area]["terror"]:
        s.areas[area]["terror"] = True
        emit(log, rule, f"{area} is Terrorized", area=area)


# --- declaration ------------------------------------------------------------------------------

def allowed(s: State, mission: str, area: str) -> bool:
    if PSP[mission] and s.psl["gov"] <= PSP[mission]:
        return False
    if mission == "flush":
        return bool(fln_in(s, area, "OPS", "OC")) and bool(
            airpower.joinable(s, area, []) or airpower.airmobilizable(s, area, []))
    if not active_police(s, area):
        return False
    if mission == "intelligence":
        return bool(fln_in(s, area, "UG"))
    if slow(s):
        return False
    if mission == "civil_affairs":
        return not remote(s, area) and "civil_affairs" not in s.areas[area]["done"]
    if mission == "suppression":
        return "suppression" not in s.areas[area]["done"] and bool(fln_in(s, area))
    return AREAS[area].type == "rural" and not s.areas[area]["resettled"]


def declarations(s: State) -> list[Move]:
    return [{"t": "mission", "mission": m, "area": a}
            for m in GOV_MISSIONS for a in ALGERIAN if allowed(s, m, a)]


def declare(s: State, m: Move, log: Log) -> None:
    """Pay the mission's cost and push its frame (the move is one of ``declarations``)."""
    mission, area = m["mission"], m["area"]
    rule = RULE[mission]
    emit(log, rule, f"the Government declares {mission.replace('_', ' ')} in {area}",
         mission=mission, area=area)
    psl.lose(s, "gov", PSP[mission], log, rule, mission.replace("_", " "))
    if mission in ("civil_affairs", "suppression"):
        s.areas[area]["done"].append(mission)
    if mission == "flush":
        s.pending.append({"k": "flush", "area": area, "stage": "select", "units": [],
                          "targets": [], "contacted": [], "i": 0, "x": {}})
    elif mission == "intelligence":
        s.pending.append({"k": "intelligence", "area": area, "i": 0, "contacted": [], "x": {},
                          "targets": sorted(fln_in(s, area, "UG"))})
    elif mission == "suppression":
        s.pending.append(suppression_frame(area, oas=False))
    else:
        s.pending.append({"k": mission, "area": area, "stage": 0, "x": {}})


def _area(f: Frame) -> str:
    return str(check_choice(f["area"], "area", ALGERIAN))


def _unit_list(s: State, f: Frame, name: str) -> list[str]:
    out = check_list(f[name], name)
    for i, u in enumerate(out):
        if type(u) is not str or u not in s.units:
            fail(f"{name}[{i}]", "not a unit")
    if len(set(out)) != len(out):
        fail(name, "a unit is listed twice")
    return out


# --- contact rolls (9.22, 9.24) --------------------------------------------------------------------

def contact_rolls(s: State, f: Frame, total: int, rule: str, log: Log) -> bool:
    """Roll for each of ``f["targets"]`` from ``f["i"]`` on (die in ``x.c0``); the contacted ones
    join ``f["contacted"]``. True once all are rolled."""
    area = f["area"]
    while f["i"] < len(f["targets"]):
        t = f["targets"][f["i"]]
        r = dice(s, f, "c", 1, f"contact {t} (total Contact {total})", rule)
        if r is None:
            return False
        drm = contact_drm(s, area, t, total)
        hit = r + drm <= total
        emit(log, rule, f"{t}: {r}{drm:+d} against {total}: "
             f"{'contacted' if hit else 'not contacted'}", unit=t, roll=r, contacted=hit)
        f["x"] = {}
        f["i"] += 1
        if hit:
            f["contacted"].append(t)
    return True


def check_contact_frame(s: State, f: Frame, extra: tuple[str, ...]) -> str:
    check_obj(f, "", ("k", "area", "targets", "contacted", "i", "x") + extra)
    area = _area(f)
    targets = _unit_list(s, f, "targets")
    check_int(f["i"], "i", 0, len(targets))
    for i, u in enumerate(_unit_list(s, f, "contacted")):
        if u not in targets[:f["i"]]:
            fail(f"contacted[{i}]", "not a unit already rolled for")
    check_x(f, ("c",))
    return area


# --- 9.22 Flush -----------------------------------------------------------------------------

@register
class Flush(FrameType[State]):
    kind = "flush"
    rule = "9.22"

    def check_frame(self, s: State, f: Frame) -> None:
        area = check_contact_frame(s, f, ("stage", "units"))
        stage = check_choice(f["stage"], "stage", ("select", "contact", "combat", "end"))
        units = _unit_list(s, f, "units")
        for i, u in enumerate(units):
            if stage == "select" and u not in airpower.joinable(s, area, units[:i]) + units[:i]:
                fail(f"units[{i}]", "this unit may not join the Flush", "9.22")

    def actor(self, s: State, f: Frame) -> str:
        return "gov" if f["stage"] == "select" else "auto"

    def prompt(self, s: State, f: Frame) -> str:
        return f"Flush in {f['area']}: choose the units, then go"

    def moves(self, s: State, f: Frame) -> list[Move]:
        area, sel = f["area"], f["units"]
        out: list[Move] = [{"t": "unit", "unit": u} for u in airpower.joinable(s, area, sel)]
        out += [{"t": "airmobilize", "unit": u} for u in airpower.airmobilizable(s, area, sel)]
        return out + ([{"t": "go"}] if sel else [])

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "airmobilize":
            airpower.airmobilize(s, m["unit"], log)
        if m["t"] in ("unit", "airmobilize"):
            f["units"].append(m["unit"])
            return
        area = f["area"]
        for u in f["units"]:
            if s.units[u]["area"] != area:
                emit(log, "11.12", f"{u} flies from {s.units[u]['area']} to {area}", unit=u)
                s.units[u]["area"] = area
        f["targets"] = sorted(fln_in(s, area, "OPS", "OC"))
        f["stage"] = "contact"
        emit(log, "9.22", f"Flush in {area} by {', '.join(f['units'])} (Contact "
             f"{airpower.total_contact(s, f['units'])})", area=area, units=list(f["units"]))

    def step(self, s: State, f: Frame, log: Log) -> None:
        if f["stage"] == "contact":
            if not contact_rolls(s, f, airpower.total_contact(s, f["units"]), "9.22", log):
                return
            f["stage"] = "combat"
            if f["contacted"]:
                from .combat import start_combat   # noqa: PLC0415 (filled in below)
                s.pending.append(start_combat(f["area"], list(f["contacted"]), list(f["units"]),
                                              "9.22"))
            return
        if f["stage"] == "combat":
            f["stage"] = "end"
        for u in f["units"] + f["contacted"]:
            if s.units[u]["area"] is not None and key(u) != "police":
                s.units[u]["box"] = "OC"
        s.pending.pop()


# --- 9.24 Intelligence ------------------------------------------------------------------------

@register
class Intelligence(AutoFrame[State]):
    kind = "intelligence"
    rule = "9.24"

    def check_frame(self, s: State, f: Frame) -> None:
        check_contact_frame(s, f, ())

    def step(self, s: State, f: Frame, log: Log) -> None:
        area = f["area"]
        total = sum(airpower.contact(s, u) for u in active_police(s, area))
        if not contact_rolls(s, f, total, "9.24", log):
            return
        for u in f["contacted"]:
            s.units[u]["box"] = "OC"
        s.pending.pop()


# --- 9.25 Civil Affairs -----------------------------------------------------------------------

@register
class CivilAffairs(AutoFrame[State]):
    kind = "civil_affairs"
    rule = "9.25"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "area", "stage", "x"))
        _area(f)
        check_int(f["stage"], "stage", 0, 0)
        check_x(f, ("m",))

    def step(self, s: State, f: Frame, log: Log) -> None:
        area = f["area"]
        r = dice(s, f, "m", 1, f"Civil Affairs in {area}", "9.25")
        if r is None:
            return
        n, eff = mst(r + amnesty(s))
        emit(log, "9.25", f"Civil Affairs in {area}: {r}{amnesty(s):+d} = {n}{eff}", area=area,
             roll=r, result=n, effect=eff)
        s.pending.pop()
        psl.lose(s, "fln", n, log, "9.25", f"Civil Affairs in {area}")
        if eff and s.areas[area]["terror"]:
            s.areas[area]["terror"] = False
            emit(log, "9.25", f"the Terror marker leaves {area}", area=area)


# --- 9.26 Suppression and the OAS (11.3) -----------------------------------------------------------

def suppression_frame(area: str, oas: bool) -> Frame:
    return {"k": "suppression", "area": area, "oas": oas, "stage": "assist", "elite": [],
            "left": 0, "plus": False, "x": {}}


def assistants(s: State, f: Frame) -> list[str]:
    if f["oas"]:
        return []
    return [u for u in s.units_in(f["area"]) if key(u) == "elite_bde" and airpower.may_act(s, u)
            and u not in f["elite"]]


def bands(s: State, area: str) -> list[str]:
    return [u for u in fln_in(s, area) if key(u) in ("band", "failek")
            and not s.units[u]["neutralized"]]


@register
class Suppression(FrameType[State]):
    kind = "suppression"
    rule = "9.26"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "area", "oas", "stage", "elite", "left", "plus", "x"))
        area = _area(f)
        check_bool(f["oas"], "oas")
        check_bool(f["plus"], "plus")
        check_choice(f["stage"], "stage", ("assist", "roll", "pick", "backfire"))
        for i, u in enumerate(_unit_list(s, f, "elite")):
            if key(u) != "elite_bde" or s.units[u]["area"] != area or f["oas"]:
                fail(f"elite[{i}]", "not an elite brigade of the area", "9.26")
        check_int(f["left"], "left", 0, 5)
        check_x(f, ("m", "p"))

    def actor(self, s: State, f: Frame) -> str:
        st = f["stage"]
        if st == "assist":
            return "gov" if assistants(s, f) else "auto"
        return "fln" if st == "pick" else "auto"

    def prompt(self, s: State, f: Frame) -> str:
        if f["stage"] == "pick":
            return f"Suppression in {f['area']}: choose {f['left']} more Band/Failek to neutralize"
        return f"Suppression in {f['area']}: choose assisting elite brigades, then go"

    def moves(self, s: State, f: Frame) -> list[Move]:
        if f["stage"] == "pick":
            return [{"t": "pick", "unit": u} for u in bands(s, f["area"])]
        return [{"t": "assist", "unit": u} for u in assistants(s, f)] + [{"t": "go"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "assist":
            f["elite"].append(m["unit"])
        elif m["t"] == "go":
            f["stage"] = "roll"
        else:
            neutralize(s, m["unit"])
            emit(log, "9.26", f"{m['unit']} is neutralized", unit=m["unit"])
            f["left"] -= 1
            if f["left"] == 0:
                f["stage"] = "backfire"

    def step(self, s: State, f: Frame, log: Log) -> None:
        if f["stage"] == "assist":
            f["stage"] = "roll"
        if f["stage"] == "roll":
            return self._roll(s, f, log)
        return self._finish(s, f, log)

    def _roll(self, s: State, f: Frame, log: Log) -> None:
        area = f["area"]
        r = dice(s, f, "m", 1, f"Suppression in {area}", "11.3" if f["oas"] else "9.26")
        if r is None:
            return
        drm = len(f["elite"]) + amnesty(s)
        n, eff = mst(r + drm)
        who = "the OAS" if f["oas"] else "the Government"
        emit(log, "9.26", f"Suppression by {who} in {area}: {r}{drm:+d} = {n}{eff}", area=area,
             roll=r, result=n, effect=eff)
        f["plus"] = eff == "+"
        if eff == "@":
            for u in fln_in(s, area):
                if key(u) in ("cadre", "front") and not s.units[u]["neutralized"]:
                    neutralize(s, u)
                    emit(log, "9.26", f"{u} is neutralized", unit=u)
            terrorize(s, area, log, "9.26")
        targets = bands(s, area)
        if len(targets) <= n:
            for u in targets:
                neutralize(s, u)
                emit(log, "9.26", f"{u} is neutralized", unit=u)
            f["stage"] = "backfire"
        else:
            f["left"] = n
            f["stage"] = "pick"

    def _finish(self, s: State, f: Frame, log: Log) -> None:
        area = f["area"]
        p = dice(s, f, "p", 1, "Suppression backfires", "9.26") if f["plus"] else 0
        if p is None:
            return
        s.pending.pop()
        for u in f["elite"]:
            s.units[u]["box"] = "OC"
        if f["plus"] or f["oas"]:
            terrorize(s, area, log, "11.3" if f["oas"] else "9.26")
        if f["plus"]:
            psl.lose(s, "gov", p, log, "9.26", f"Suppression backfires in {area}")


# --- 9.27 Population Resettlement -------------------------------------------------------------

@register
class Resettlement(AutoFrame[State]):
    kind = "resettlement"
    rule = "9.27"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "area", "stage", "x"))
        area = _area(f)
        if check_int(f["stage"], "stage", 0, 1) == 1 and not s.areas[area]["resettled"]:
            fail("stage", "the area is not resettled yet", "9.27")
        check_x(f, ("p",))

    def step(self, s: State, f: Frame, log: Log) -> None:
        area = f["area"]
        if f["stage"] == 0:
            s.areas[area]["resettled"] = True
            emit(log, "9.27", f"{area} is resettled: Remote for the rest of the game", area=area)
            terrorize(s, area, log, "9.27")
            f["stage"] = 1
            for u in fln_in(s, area):
                if key(u) == "front":
                    reduce_front(s, u, log, "9.27")
            return
        p = dice(s, f, "p", 3, "FLN award for Resettlement", "9.27")
        if p is None:
            return
        s.pending.pop()
        psl.gain(s, "fln", p, log, "9.27", f"Resettlement in {area}")


# --- 11.3 the OAS at the start of the Operations Phase ----------------------------------------------

def oas_city(s: State) -> str | None:
    a = s.oas["area"]
    return a if s.oas["active"] and a in ALGERIAN else None


def oas_suppression(s: State, log: Log) -> None:
    """Push the OAS's Suppression if the OAS is in a city (called as the phase starts)."""
    city = oas_city(s)
    if city is not None:
        emit(log, "11.3", f"the OAS conducts a Suppression in {city}", area=city)
        s.pending.append(suppression_frame(city, oas=True))
