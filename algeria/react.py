"""Rule 9.23: React, the Government's answer to an FLN mission (pushed by the mission framework,
``algeria.missions``, right after the FLN mission's result; never in France or abroad).

Prompt ``react`` (Government): ``{"t": "unit", "unit": "fr_bde.2"}`` adds a reacting unit,
``{"t": "react"}`` starts the React with the units chosen, ``{"t": "decline"}`` declines.

* Who: active mobile units in the OPS or PTL box of the mission's area; an airmobile unit
  (``helo``, 11.12) from any area, if it is elite or a French division is in the mission's area.
  More than one unit only if all are elite or a French division (either mode, any box, active or
  not) is in the area.
* The FLN units that conducted the mission are contacted automatically; each (not neutralized:
  a neutralized unit stays in OC, 2.3) evades to the UG box on 1d6 <= its evasion. The others fight
  (C.3, ``algeria.combat``); every reacting unit ends in the OC box, even when all evaded.
* Strike (9.12): the Government must React with at least one unit; if it cannot or will not it
  loses 1d6 PSP.

Hooks for the Government's assets (11.11, 11.12): the combat is pushed with
``airpower.push_combat``, which asks the Government how many Air Points to spend on it (the
frame's ``air`` stays 0); a brigade of another area may react if it is airmobile or Helicopter
Points can airmobilize it (``airpower.can_fly``), paid when the React starts (``fly_in``).
"""

from __future__ import annotations

from referee_core.checks import check_bool, check_choice, check_obj, fail

from . import psl
from .labels import area_name
from .board import key
from .chance import check_x, dice
from .airpower import can_fly, fly_in, push_combat
from .combat import check_units, combat_frame
from .data import ALGERIAN, unit_type
from .machine import Frame, FrameType, Log, Move, State, emit, register
from .reinforce import MOBILE_GOV

STAGES = ("declare", "penalty", "evade", "end")


def react_frame(area: str, fln: list[str], strike: bool = False) -> Frame:
    return {"k": "react", "area": area, "fln": list(fln), "strike": strike, "units": [],
            "stage": "declare", "x": {}}


def division_in(s: State, area: str) -> bool:
    return any(d["area"] == area for u, d in s.units.items() if key(u) == "fr_div")


def combinable(s: State, area: str, units: list[str]) -> bool:
    """9.22/9.23: several units only if all are elite or a French division is in the area."""
    return len(units) <= 1 or division_in(s, area) or all(key(u) == "elite_bde" for u in units)


def eligible(s: State, area: str, chosen: list[str]) -> list[str]:
    """Units that may join a React (or Flush) in ``area`` with ``chosen`` (9.22, 9.23, 11.12)."""
    far_ok = division_in(s, area)
    out = []
    for u, d in s.units.items():
        if key(u) not in MOBILE_GOV or d["area"] is None or d["neutralized"] \
                or d["box"] not in ("OPS", "PTL") or u in chosen:
            continue
        if d["area"] != area and not (can_fly(s, area, chosen, u)
                                      and (far_ok or key(u) == "elite_bde")):
            continue
        if combinable(s, area, chosen + [u]):
            out.append(u)
    return out


def fln_left(s: State, f: Frame) -> list[str]:
    return [u for u in f["fln"] if s.units[u]["area"] == f["area"]]


class React(FrameType[State]):
    kind = "react"
    rule = "9.23"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "area", "fln", "strike", "units", "stage", "x"))
        area = check_choice(f["area"], "area", ALGERIAN, "9.23")
        check_units(s, f, "fln", "fln")
        check_units(s, f, "units", "gov")
        for i, u in enumerate(f["units"]):
            if key(u) not in MOBILE_GOV:
                fail(f"units[{i}]", "only mobile units React", "9.23")
        if not combinable(s, area, f["units"]):
            fail("units", "several units React only if all are elite or a French division is "
                 "in the area", "9.23")
        check_bool(f["strike"], "strike")
        if check_choice(f["stage"], "stage", STAGES) == "declare":   # the choice replays
            for i, u in enumerate(f["units"]):
                if u not in eligible(s, area, f["units"][:i]):
                    fail(f"units[{i}]", f"{u} may not React in {area}", "9.23")
        check_x(f, ("e", "p"))

    def actor(self, s: State, f: Frame) -> str:
        if f["stage"] == "declare" and (f["units"] or eligible(s, f["area"], [])):
            return "gov"
        return "auto"

    def prompt(self, s: State, f: Frame) -> str:
        must = " (a Strike: React with at least one unit or lose 1d6 PSP)" if f["strike"] else ""
        return f"React in {area_name(f['area'])}: choose units, react or decline{must}"

    def moves(self, s: State, f: Frame) -> list[Move]:
        out: list[Move] = [{"t": "unit", "unit": u} for u in eligible(s, f["area"], f["units"])]
        if f["units"]:
            out.append({"t": "react"})
        return out + [{"t": "decline"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        t = m["t"]
        if t == "unit":
            f["units"].append(m["unit"])
        elif t == "react":
            emit(log, "9.23", f"the Government reacts in {f['area']} with "
                 f"{', '.join(f['units'])}", units=list(f["units"]))
            fly_in(s, f["area"], f["units"], log)   # airmobile units fly in (11.12)
            f["stage"] = "evade"
        else:
            emit(log, "9.23", "the Government does not React")
            f["units"] = []
            f["stage"] = "penalty" if f["strike"] else "end"

    def step(self, s: State, f: Frame, log: Log) -> None:
        st = f["stage"]
        if st == "declare":   # nobody can react
            emit(log, "9.23", f"no Government unit can React in {f['area']}")
            f["stage"] = "penalty" if f["strike"] else "end"
        elif st == "penalty":
            p = dice(s, f, "p", 1, "no React to a Strike", "9.12")
            if p is None:
                return
            s.pending.pop()
            psl.lose(s, "gov", p, log, "9.12", "no React to a Strike")
        elif st == "evade":
            self.evade(s, f, log)
        else:
            for u in f["units"]:
                if s.units[u]["box"] in ("OPS", "PTL"):
                    s.unit_w(u)["box"] = "OC"
            s.pending.pop()

    def evade(self, s: State, f: Frame, log: Log) -> None:
        fighters = []
        for i, u in enumerate(f["fln"]):
            d = s.units[u]
            if d["area"] != f["area"] or d["box"] == "UG":
                continue
            if d["neutralized"]:
                fighters.append(u)
                continue
            r = dice(s, f, f"e{i}", 1, f"{u} evades on {unit_type(u).contact} or less", "9.23")
            if r is None:
                return
            if r <= unit_type(u).contact:
                s.unit_w(u)["box"] = "UG"
                emit(log, "9.23", f"{u} evades to the UG box (die {r})", unit=u, roll=r)
            else:
                fighters.append(u)
        f["stage"] = "end"
        if fighters:
            push_combat(s, combat_frame(f["area"], fighters, f["units"], rule="9.23"))


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(React)
