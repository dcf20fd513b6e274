"""Rule 7.0: the Deployment Phase (Government first, then FLN).

Government, prompt ``gov_deploy``: ``{"t": "unit", "unit": "fr_bde.1"}`` picks an active mobile
unit in an OPS box not yet deployed, then ``{"t": "patrol"}`` (the PTL box of its own area),
``{"t": "area", "area": "IV-1"}`` (the OPS box of another Algerian area) or ``{"t": "stay"}``;
``{"t": "mode", "unit": "fr_div.2", "mode": "dispersed"}`` switches a division's mode once per
phase, neutralized or not (11.7; not to Dispersed while option 13.1 is in force);
``{"t": "airmobilize", "unit": "elite_bde.1"}`` attaches Helicopter Points to a brigade in an OPS
or PTL box (11.12, ``airpower``); ``{"t": "done"}``.

FLN, prompt ``fln_deploy``: ``{"t": "deploy", "area": "II-2"}`` moves every unit in that area's UG
box to its OPS box, ``{"t": "deploy", "unit": "cadre.4"}`` one unit; ``{"t": "to_france", "unit":
"cadre.4"}`` sends a Cadre from an area holding a Front to France (11.22; one Cadre there at most),
``{"t": "from_france", "area": "II-2"}`` brings it back to an area with a Front; one transfer per
phase; ``{"t": "done"}``.

The Operations Phase that follows (8.0) is ``algeria.missions``.
"""

from __future__ import annotations

from referee_core.checks import check_list, check_obj, fail

from . import airpower
from .labels import unit_name
from .board import key
from .data import ALGERIAN
from .machine import Frame, FrameType, Log, Move, State, emit, register
from .reinforce import MOBILE_GOV, slow


def gov_start() -> Frame:
    return {"k": "gov_deploy", "unit": None, "deployed": [], "moded": []}


def deployable(s: State, f: Frame) -> list[str]:
    return [u for u, d in s.units.items()
            if key(u) in MOBILE_GOV and d["area"] is not None and d["box"] == "OPS"
            and not d["neutralized"] and u not in f["deployed"]]


def _ids(f: Frame, name: str, s: State) -> None:
    for i, u in enumerate(check_list(f[name], name)):
        if type(u) is not str or u not in s.units:
            fail(f"{name}[{i}]", "not a unit")


class GovDeploy(FrameType[State]):
    kind = "gov_deploy"
    rule = "7.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "unit", "deployed", "moded"))
        _ids(f, "deployed", s)
        _ids(f, "moded", s)
        if f["unit"] is not None and f["unit"] not in deployable(s, f):
            fail("unit", "not a unit that may deploy", "7.0")

    def actor(self, s: State, f: Frame) -> str:
        return "gov"

    def prompt(self, s: State, f: Frame) -> str:
        if f["unit"]:
            return (f"Deploy {unit_name(f['unit'])}: patrol, another area's Operations box,"
                    " or stay")
        return "Deploy Government units, or done"

    def moves(self, s: State, f: Frame) -> list[Move]:
        if f["unit"]:
            here = s.units[f["unit"]]["area"]
            return [{"t": "patrol"}, {"t": "stay"}] + [
                {"t": "area", "area": a} for a in ALGERIAN if a != here]
        out: list[Move] = [{"t": "unit", "unit": u} for u in deployable(s, f)]
        for u, d in s.units.items():
            if key(u) == "fr_div" and d["area"] is not None and u not in f["moded"]:
                other = "dispersed" if d["mode"] == "concentrated" else "concentrated"
                if not (other == "dispersed" and slow(s)):
                    out.append({"t": "mode", "unit": u, "mode": other})
        out += airpower.airmobilize_moves(s)
        return out + [{"t": "done"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        t = m["t"]
        if t == "unit":
            f["unit"] = m["unit"]
        elif t in ("patrol", "stay", "area"):
            u = f["unit"]
            f["unit"] = None
            f["deployed"].append(u)
            if t == "patrol":
                s.unit_w(u)["box"] = "PTL"
                emit(log, "7.0", f"{u} patrols in {s.units[u]['area']}", unit=u)
            elif t == "area":
                s.unit_w(u)["area"] = m["area"]
                emit(log, "7.0", f"{u} deploys to {m['area']}", unit=u, area=m["area"])
        elif t == "airmobilize":
            airpower.airmobilize(s, m["unit"], log)
        elif t == "mode":
            s.unit_w(m["unit"])["mode"] = m["mode"]
            f["moded"].append(m["unit"])
            emit(log, "11.7", f"{m['unit']} is now {m['mode']}", unit=m["unit"])
        else:
            s.pending[-1] = {"k": "fln_deploy", "moved": False}


def france_cadre(s: State) -> str | None:
    return next((u for u, d in s.units.items() if d["area"] == "FRANCE"), None)


def front_areas(s: State) -> list[str]:
    return sorted({d["area"] for u, d in s.units.items()
                   if key(u) == "front" and d["area"] is not None})


class FLNDeploy(FrameType[State]):
    kind = "fln_deploy"
    rule = "7.0"
    prompt_text = "Deploy FLN units from the Underground to the Operations box, or done"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "moved"))
        if type(f["moved"]) is not bool:
            fail("moved", "must be true or false")

    def actor(self, s: State, f: Frame) -> str:
        return "fln"

    def moves(self, s: State, f: Frame) -> list[Move]:
        ug = [u for u, d in s.units.items() if d["box"] == "UG" and not d["neutralized"]]
        areas = sorted({s.units[u]["area"] for u in ug})
        out: list[Move] = [{"t": "deploy", "area": a} for a in areas]
        out += [{"t": "deploy", "unit": u} for u in ug]
        if not f["moved"]:
            fronts = front_areas(s)
            there = france_cadre(s)
            if there is None:
                out += [{"t": "to_france", "unit": u} for u, d in s.units.items()
                        if key(u) == "cadre" and d["area"] in fronts and not d["neutralized"]]
            elif not s.units[there]["neutralized"]:
                out += [{"t": "from_france", "area": a} for a in fronts]
        return out + [{"t": "done"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        t = m["t"]
        if t == "deploy":
            us = [m["unit"]] if "unit" in m else [
                u for u in s.units_in(m["area"], "UG") if not s.units[u]["neutralized"]]
            for u in us:
                s.unit_w(u)["box"] = "OPS"
            emit(log, "7.0", f"{', '.join(us)} to the OPS box")
        elif t == "to_france":
            s.unit_w(m["unit"]).update(area="FRANCE", box="UG")
            f["moved"] = True
            emit(log, "11.22", f"{m['unit']} goes to France", unit=m["unit"])
        elif t == "from_france":
            u = france_cadre(s)
            assert u is not None
            s.unit_w(u).update(area=m["area"], box="UG")
            f["moved"] = True
            emit(log, "11.22", f"{u} comes back to {m['area']}", unit=u)
        else:
            s.pending.pop()


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(GovDeploy)
register(FLNDeploy)
