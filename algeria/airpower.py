"""Rules 11.1, 11.11, 11.12 and 11.7 as they act on missions: Air Points, Helicopter Points and
the Contact of Government units (the Patrol DRM of 9.21 is ``missions.patrol``, the combination
condition of Flush and React ``react.combinable``, firepower ``combat.firepower``).

* Contact (11.7, 11.12): a Dispersed division has Contact 2 (Concentrated 1); an airmobile unit
  (``helo``) has its Contact +1 (the "HELO" side).
* 11.12 Helicopter Points: airmobilizing costs 1 point for an elite brigade, 2 for a French or
  Algerian brigade, never a division or Police; only a unit able to act (active, in an OPS or PTL
  box). It is done in the Deployment Phase (``deploy``), or when a Flush or React names a brigade of
  another area (``can_fly``, paid as the mission starts: ``fly_in``); the unit stays airmobile
  until Redeployment (10.3 flips it back and resets the points available to the maximum). An
  airmobile unit may join a Flush or React anywhere if it is elite or a division is in the area
  (``react.eligible``).
* 11.11 Air Points: whenever the Government fires on the Combat Results Table outside an Urban
  area it may spend any number of its available Air Points, each adding 1d6 to its firepower;
  spent points come back at Redeployment. ``push_combat`` pushes a combat and, where points may be
  spent, the decision ``air_points`` above it: ``{"t": "air", "value": n}`` (0 to the points
  available) pays the points and sets the combat's ``air``; the combat rolls the dice (``combat``).
* 11.6 Navy: Naval Points are deducted from the FLN's PSL-based AP (``reinforce.income``) and from
  each Foreign Arms shipment (``events``); they never depreciate (``interphase``).
"""

from __future__ import annotations

from referee_core.checks import check_choice, check_obj, fail

from .labels import area_name
from .board import key
from .data import AREAS, DISPERSED, unit_type
from .machine import Frame, FrameType, Log, Move, State, emit, register
from .reinforce import MOBILE_GOV


def contact(s: State, uid: str) -> int:
    d = s.units[uid]
    base = DISPERSED["contact"] if d["mode"] == "dispersed" else unit_type(uid).contact
    return base + (1 if d["helo"] else 0)


def total_contact(s: State, units: list[str]) -> int:
    return sum(contact(s, u) for u in units)


# --- Helicopter Points (11.12) ------------------------------------------------------------------

def helo_cost(uid: str) -> int:
    return unit_type(uid).helo_cost


def can_airmobilize(s: State, uid: str) -> bool:
    """A brigade able to act, not yet airmobile, with enough Helicopter Points available."""
    d = s.units[uid]
    return key(uid) in MOBILE_GOV and helo_cost(uid) > 0 and d["area"] is not None \
        and not d["neutralized"] and d["box"] in ("OPS", "PTL") and not d["helo"] \
        and s.helo["available"] >= helo_cost(uid)


def airmobilize_moves(s: State) -> list[Move]:
    """The Government's ``airmobilize`` moves, offered in Deployment and in the Operations Phase
    (Helicopter Points attach at any time of the turn, 11.12)."""
    if s.helo["available"] <= 0:  # every airmobile brigade costs at least one
        return []
    return [{"t": "airmobilize", "unit": u} for u in s.units if can_airmobilize(s, u)]


def lift_cost(s: State, area: str, units: list[str]) -> int:
    """Helicopter Points still to pay for ``units`` of other areas going to a mission in ``area``."""
    return sum(helo_cost(u) for u in units
               if s.units[u]["area"] != area and not s.units[u]["helo"])


def can_fly(s: State, area: str, chosen: list[str], uid: str) -> bool:
    """A unit of another area may fly to a mission in ``area``: it is airmobile, or may be
    airmobilized with the Helicopter Points left after those ``chosen`` need (11.12). Whether it
    may come at all (elite, or a division there) is the mission's rule (``react.eligible``)."""
    return bool(s.units[uid]["helo"]) or (
        can_airmobilize(s, uid)
        and helo_cost(uid) <= s.helo["available"] - lift_cost(s, area, chosen))


def fly_in(s: State, area: str, units: list[str], log: Log) -> None:
    """The units of other areas are airmobilized if they are not yet, and fly to ``area``."""
    for u in units:
        d = s.units[u]
        if d["area"] != area:
            if not d["helo"]:
                airmobilize(s, u, log)
            emit(log, "11.12", f"{u} flies from {d['area']} to {area}", unit=u)
            s.unit_w(u)["area"] = area


def airmobilize(s: State, uid: str, log: Log) -> None:
    c = helo_cost(uid)
    assert can_airmobilize(s, uid), uid
    s.helo["available"] -= c
    s.unit_w(uid)["helo"] = True
    emit(log, "11.12", f"{uid} is airmobilized ({c} Helicopter Point{'s' if c > 1 else ''}, "
         f"{s.helo['available']} left)", unit=uid)


# --- Air Points (11.11) ------------------------------------------------------------------------

def air_allowed(s: State, area: str) -> bool:
    return AREAS[area].type != "urban" and s.air["available"] > 0


def push_combat(s: State, combat: Frame) -> None:
    """Push a combat frame (``combat.combat_frame``) and, where the Government may spend Air
    Points on it, the ``air_points`` decision above it (so it is answered first)."""
    s.pending.append(combat)
    if air_allowed(s, combat["area"]):
        s.pending.append({"k": "air_points", "area": combat["area"]})


class AirPoints(FrameType[State]):
    kind = "air_points"
    rule = "11.11"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "area"))
        check_choice(f["area"], "area", tuple(a for a, v in AREAS.items() if v.type != "urban"),
                     "11.11")
        below = s.pending[-2] if len(s.pending) > 1 else {}
        if below.get("k") != "combat" or below.get("area") != f["area"] or below.get("air"):
            fail("", "Air Points are spent on the combat below, before it is rolled", "11.11")

    def actor(self, s: State, f: Frame) -> str:
        return "gov"

    def prompt(self, s: State, f: Frame) -> str:
        return (f"Combat in {area_name(f['area'])}: spend Air Points (each adds 1d6 to the"
                f" Government's firepower; {s.air['available']} available)")

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "air", "value": n} for n in range(s.air["available"] + 1)]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        n = m["value"]
        s.pending.pop()
        if n:
            s.air["available"] -= n
            s.pending[-1]["air"] = n
            emit(log, "11.11", f"the Government spends {n} Air Point{'s' if n > 1 else ''} "
                 f"({s.air['available']} left)", air=n)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(AirPoints)
