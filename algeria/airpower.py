"""Rules 11.1, 11.11, 11.12 and 11.7 as they act on missions: Air Points, Helicopter Points, the
combination condition of Flush and React, and the ratings of Government units (division modes,
airmobile units), plus the Patrol DRM of 9.21.

* Ratings (11.7, 11.12): a Dispersed division has Contact 2 and Firepower 12 (a Concentrated one
  1 and 25); an airmobile unit (``helo``) has its Contact +1 (the "HELO" side).
* 9.21 Patrol: every active Government unit in the PTL box of an area gives -1 to the FLN's
  Propaganda, Strike, Move (into the area) and Raid there (a Dispersed division counts once).
* 9.22 / 9.23 combination condition: more than one unit may Flush or React together only if all
  are elite brigades, or a French division (either mode, any box, active or not) is in the area;
  the same condition lets an airmobile unit come from any distance (11.12: an elite unit alone, or
  any unit into an area holding a division).
* 11.12 Helicopter Points: airmobilizing costs 1 point for an elite brigade, 2 for a French or
  Algerian brigade, never a division or Police; the unit stays airmobile until Redeployment
  (10.3 flips it back and resets the points available to the maximum).
* 11.11 Air Points: whenever the Government rolls on the Combat Results Table outside an Urban
  area it may spend any number of its available Air Points, each adding 1d6 to its firepower;
  spent points come back at Redeployment. Decision frame ``air_points``, pushed above a combat by
  ``push_combat``: ``{"t": "air", "value": n}`` (0 to the points available) pays the points and
  sets the combat's ``air``; the combat rolls the dice (``combat``).
* 11.6 Navy: Naval Points are deducted from the FLN's PSL-based AP (``reinforce.income``) and from
  each Foreign Arms shipment (``events``); they never depreciate (``interphase``).
"""

from __future__ import annotations

from engine.checks import check_choice, check_int, check_obj, fail

from .board import key
from .data import AREAS, DISPERSED, unit_type
from .machine import Frame, FrameType, Log, Move, State, emit, register
from .reinforce import MOBILE_GOV

ACTION_BOXES = ("OPS", "PTL")   # Government mobile units act from these boxes (7.0)


# --- ratings (11.7, 11.12) ---------------------------------------------------------------------

def contact(s: State, uid: str) -> int:
    d = s.units[uid]
    base = DISPERSED["contact"] if d["mode"] == "dispersed" else unit_type(uid).contact
    return base + (1 if d["helo"] else 0)


def firepower(s: State, uid: str) -> int:
    d = s.units[uid]
    return DISPERSED["firepower"] if d["mode"] == "dispersed" else unit_type(uid).firepower


def total_contact(s: State, units: list[str]) -> int:
    return sum(contact(s, u) for u in units)


# --- Patrol (9.21) --------------------------------------------------------------------------

def patrol_drm(s: State, area: str) -> int:
    """-1 per active Government unit in the area's PTL box (Police and patrolling mobile units)."""
    return -sum(1 for u in s.units_in(area, "PTL", "gov") if not s.units[u]["neutralized"])


# --- who may act (9.22, 9.23, 11.12) -------------------------------------------------------------

def division_in(s: State, area: str) -> bool:
    return any(key(u) == "fr_div" for u in s.units_in(area))


def may_act(s: State, uid: str) -> bool:
    """An active Government mobile unit in an OPS or PTL box of an Algerian area."""
    d = s.units[uid]
    return key(uid) in MOBILE_GOV and d["area"] is not None and not d["neutralized"] \
        and d["box"] in ACTION_BOXES


def combination_ok(s: State, area: str, units: list[str]) -> bool:
    """9.22/9.23/11.12: one unit of the area alone is always allowed; several units, or any unit
    coming from another area (airmobile), need all of them elite or a division in the area."""
    if len(units) <= 1 and all(s.units[u]["area"] == area for u in units):
        return True
    return division_in(s, area) or all(key(u) == "elite_bde" for u in units)


def helo_cost(uid: str) -> int:
    return unit_type(uid).helo_cost


def can_airmobilize(s: State, uid: str) -> bool:
    """11.12: a brigade able to act, not yet airmobile, with enough Helicopter Points available."""
    return may_act(s, uid) and helo_cost(uid) > 0 and not s.units[uid]["helo"] \
        and s.helo["available"] >= helo_cost(uid)


def airmobilize(s: State, uid: str, log: Log) -> None:
    c = helo_cost(uid)
    if not can_airmobilize(s, uid):
        raise AssertionError(uid)
    s.helo["available"] -= c
    s.units[uid]["helo"] = True
    emit(log, "11.12", f"{uid} is airmobilized ({c} Helicopter Point{'s' if c > 1 else ''}, "
         f"{s.helo['available']} left)", unit=uid)


def joinable(s: State, area: str, selected: list[str]) -> list[str]:
    """Units that may join a Flush or React in ``area`` now: able to act, in the area or
    airmobile elsewhere, and keeping the combination condition."""
    return [u for u in s.units if u not in selected and may_act(s, u)
            and (s.units[u]["area"] == area or s.units[u]["helo"])
            and combination_ok(s, area, selected + [u])]


def airmobilizable(s: State, area: str, selected: list[str]) -> list[str]:
    """Units that may be airmobilized now to join a Flush or React in ``area`` (11.12)."""
    return [u for u in s.units if u not in selected and can_airmobilize(s, u)
            and combination_ok(s, area, selected + [u])]


# --- Air Points (11.11) ------------------------------------------------------------------------

def air_allowed(s: State, area: str) -> bool:
    return AREAS[area].type != "urban" and s.air["available"] > 0


def push_combat(s: State, combat: Frame) -> None:
    """Push a combat frame (``combat.combat_frame``) and, where the Government may spend Air
    Points on it, the ``air_points`` decision above it (so it is answered first)."""
    s.pending.append(combat)
    if air_allowed(s, combat["area"]):
        s.pending.append({"k": "air_points", "area": combat["area"]})


@register
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
        return (f"combat in {f['area']}: spend Air Points (each adds 1d6 to the Government's "
                f"firepower; {s.air['available']} available)")

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
