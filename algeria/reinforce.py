"""Rule 6.0 and charts A.1, A.4, B.1: the Reinforcement Phase (Government first, then FLN).

Government (6.3), prompt ``gov_reinforce``:

* OAS (11.3): activated when the Government PSL is 30 or less (a die gives control: 1-3 FLN); when
  the PSL is above 70 the Government may remove it (``{"t": "choose", "value": "remove_oas" |
  "keep_oas"}``); an active OAS is placed by its controller in a city or in France
  (``{"t": "place_oas", "area": "ORAN"}``).
* Mobilize (B.1, paid in PSP): ``{"t": "mobilize", "item": "fr_bde"}`` then
  ``{"t": "area", "area": "II-1"}`` (mobile units to the OPS box, Police to PTL; Algerian areas);
  ``{"t": "mobilize", "item": "air_point" | "helo_point" | "naval_point" | "border_zone"}``
  (points raise the maximum and what is available; the Border Zone only after independence: the first
  step puts it on 0, each later one moves it one step, to -3); ``{"t": "remove_police", "unit":
  "police.2"}`` (no refund); ``{"t": "activate_border_zone"}`` (1 PSP); ``{"t": "done"}``.
* Activate (6.3): ``{"t": "activate", "unit": "fr_div.4"}`` for each unit that should act this turn
  (division 1, brigade and elite brigade 1/2; Algerian brigades and Police free; units mobilized this
  turn need none); ``{"t": "done"}`` sends every unit not activated to the OC box.
  Half points: the phase's total is rounded up (6.3): the first half point costs 1 PSP and leaves a
  half-point credit (``credit``) for the next.
* No payment may take the Government PSL to 0 (digest A37: such moves are not offered).
* Option 13.1 (slow French reaction, 1954): until the first Reinforcement Phase in which the FLN PSL
  exceeds the Government's, at most one mobile unit or point is mobilized per turn.

FLN (6.1, 6.2), prompt ``fln_reinforce``: income first (automatic): per Algerian area 5 AP if it
is an FLN-controlled city, 2 if an FLN-controlled Rural area, 2/1 if Contested with an active FLN
unit, 0 if Remote (or resettled), 1 less if Terrorized (not below 0); plus 10% of the FLN PSL
rounded up, less the Naval Points (not below 0). Then: ``{"t": "build", "unit": "cadre" | "band",
"area": A}`` (3 AP, 2 in Morocco/Tunisia; an area with an active Front, or an independent
Morocco/Tunisia); ``{"t": "convert", "unit": "cadre.3", "to": "front"}`` (3 AP; not Remote, no
Front there) / ``"band"`` (1 AP) ; ``{"t": "convert", "unit": "band.2", "to": "failek"}`` (2 AP,
in Morocco/Tunisia); ``{"t": "convert", "unit": "front.1", "to": "cadre"}`` (free);
``{"t": "done"}``. New and converted units go to the UG box.
"""

from __future__ import annotations

import math

from referee_core.checks import check_choice, check_int, check_list, check_obj, fail

from . import psl
from .labels import indefinite, unit_kind
from .board import key
from .chance import check_x, dice
from .data import ALGERIAN, AREAS, NEIGHBOURS, UNIT_TYPES
from .machine import Frame, FrameType, Log, Move, State, emit, register

CITIES = tuple(a for a in ALGERIAN if AREAS[a].type == "urban")
MOBILE_GOV = ("fr_div", "fr_bde", "elite_bde", "alg_bde")
POINTS = {"air_point": 2, "helo_point": 3, "naval_point": 3}
BORDER_STEP = 6
STAGES = ("oas", "oas_remove", "oas_place", "buy", "area", "activate")


def start_frame() -> Frame:
    return {"k": "gov_reinforce", "stage": "oas", "item": None, "new": [], "activated": [],
            "credit": 0, "bought": 0, "x": {}}


def cost_psp(halves: int, credit: int) -> tuple[int, int]:
    """PSP paid now and the half-point credit left, for a cost of ``halves`` half points."""
    total = halves - credit
    if total <= 0:
        return 0, -total
    pts = math.ceil(total / 2)
    return pts, 2 * pts - total


def affordable(s: State, f: Frame, halves: int) -> bool:
    return s.psl["gov"] - cost_psp(halves, f["credit"])[0] > 0


def pay(s: State, f: Frame, halves: int, log: Log, why: str) -> None:
    pts, f["credit"] = cost_psp(halves, f["credit"])
    psl.lose(s, "gov", pts, log, "6.3", why)


def slow(s: State) -> bool:
    """13.1 in force: one mobile unit or point per turn."""
    return bool(s.options["slow_french_reaction"]) and not s.slow_lifted


def needs_activation(s: State, f: Frame) -> list[str]:
    return [u for u, d in s.units.items()
            if d["area"] is not None and key(u) in MOBILE_GOV and UNIT_TYPES[key(u)].activate_psp
            and u not in f["new"] and u not in f["activated"] and d["box"] != "OC"]


class GovReinforce(FrameType[State]):
    kind = "gov_reinforce"
    rule = "6.3"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "stage", "item", "new", "activated", "credit", "bought", "x"))
        stage = check_choice(f["stage"], "stage", STAGES)
        items = MOBILE_GOV + ("police",)
        check_choice(f["item"], "item", items if stage == "area" else (None,))
        for name in ("new", "activated"):
            for i, u in enumerate(check_list(f[name], name)):
                if type(u) is not str or u not in s.units or s.units[u]["area"] is None \
                        or key(u) not in items:
                    fail(f"{name}[{i}]", "not a Government unit on the map")
                if u in f[name][:i]:
                    fail(f"{name}[{i}]", f"{u} is listed twice", "6.3")
        check_int(f["credit"], "credit", 0, 1)
        check_int(f["bought"], "bought", 0, 99)
        check_x(f, ("c",))

    def actor(self, s: State, f: Frame) -> str:
        st = f["stage"]
        if st == "oas":
            return "auto"
        if st == "oas_place":
            return str(s.oas["controller"])
        return "gov"

    def prompt(self, s: State, f: Frame) -> str:
        return {"oas_remove": "The Government PSL is above 70: remove the OAS?",
                "oas_place": "Place the OAS in a city or in France",
                "buy": "Mobilize units and points, or done",
                "area": f"Mobilize {indefinite(unit_kind(f['item']))}: choose an area",
                "activate": "Activate units for this turn, or done"}[f["stage"]]

    def step(self, s: State, f: Frame, log: Log) -> None:  # stage "oas" (11.3)
        if s.options["slow_french_reaction"] and not s.slow_lifted \
                and s.psl["fln"] > s.psl["gov"]:
            s.slow_lifted = True
            emit(log, "13.1", "the FLN PSL exceeds the Government's: slow French reaction ends")
        if not s.oas["active"] and s.psl["gov"] <= 30:
            if dice(s, f, "c", 1, "OAS control", "11.3") is None:
                return
            s.oas.update(active=True, controller="fln" if f["x"]["c0"] <= 3 else "gov")
            emit(log, "11.3", f"the OAS activates, controlled by {s.oas['controller']}")
        if s.oas["active"] and s.psl["gov"] > 70:
            f["stage"] = "oas_remove"
        else:
            f["stage"] = "oas_place" if s.oas["active"] else "buy"

    def moves(self, s: State, f: Frame) -> list[Move]:
        st = f["stage"]
        if st == "oas_remove":
            return [{"t": "choose", "value": v} for v in ("remove_oas", "keep_oas")]
        if st == "oas_place":
            return [{"t": "place_oas", "area": a} for a in CITIES + ("FRANCE",)]
        if st == "area":
            return [{"t": "area", "area": a} for a in ALGERIAN]
        if st == "activate":
            out: list[Move] = [{"t": "activate", "unit": u} for u in needs_activation(s, f)
                               if affordable(s, f, int(2 * UNIT_TYPES[key(u)].activate_psp))]
            return out + [{"t": "done"}]
        return self.buy_moves(s, f)

    def buy_moves(self, s: State, f: Frame) -> list[Move]:
        out: list[Move] = []
        limited = slow(s) and f["bought"] >= 1
        for k in MOBILE_GOV + ("police",):
            if s.pool(k) and affordable(s, f, 2 * UNIT_TYPES[k].mobilize_psp) \
                    and not (limited and k != "police"):
                out.append({"t": "mobilize", "item": k})
        for k, c in POINTS.items():
            if affordable(s, f, 2 * c) and not limited:
                out.append({"t": "mobilize", "item": k})
        bz = s.border_zone["value"]
        if s.independence and (bz is None or bz > -3) and affordable(s, f, 2 * BORDER_STEP):
            out.append({"t": "mobilize", "item": "border_zone"})
        if bz is not None and bz != 0 and not s.border_zone["active"] and affordable(s, f, 2):
            out.append({"t": "activate_border_zone"})
        out += [{"t": "remove_police", "unit": u} for u, d in s.units.items()
                if key(u) == "police" and d["area"] is not None]
        return out + [{"t": "done"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        t = m["t"]
        if t == "choose":
            if m["value"] == "remove_oas":
                s.oas = {"active": False, "controller": None, "area": None}
                emit(log, "11.3", "the OAS is removed")
            f["stage"] = "oas_place" if s.oas["active"] else "buy"
        elif t == "place_oas":
            s.oas["area"] = m["area"]
            emit(log, "11.3", f"the OAS is placed in {m['area']}")
            f["stage"] = "buy"
        elif t == "mobilize":
            self.mobilize(s, f, m["item"], log)
        elif t == "area":
            k = f["item"]
            uid = s.pool(k)[0]
            pay(s, f, 2 * UNIT_TYPES[k].mobilize_psp, log, f"mobilize {k}")
            s.unit_w(uid).update(area=m["area"], box="PTL" if k == "police" else "OPS")
            f["new"].append(uid)
            f["item"] = None
            f["stage"] = "buy"
            emit(log, "6.3", f"{uid} mobilized in {m['area']}", unit=uid, area=m["area"])
        elif t == "remove_police":
            s.unit_w(m["unit"]).update(area=None, box=None, neutralized=False)
            if m["unit"] in f["new"]:
                f["new"].remove(m["unit"])
            emit(log, "6.3", f"{m['unit']} removed from the map", unit=m["unit"])
        elif t == "activate_border_zone":
            pay(s, f, 2, log, "activate the Border Zone")
            s.border_zone["active"] = True
        elif t == "activate":
            pay(s, f, int(2 * UNIT_TYPES[key(m["unit"])].activate_psp), log, f"activate {m['unit']}")
            f["activated"].append(m["unit"])
        elif f["stage"] == "buy":  # done
            f["stage"] = "activate"
        else:
            for u in needs_activation(s, f):
                s.unit_w(u).update(box="OC", helo=False)
                emit(log, "6.3", f"{u} is not activated: OC box", unit=u)
            s.pending[-1] = {"k": "fln_reinforce", "stage": "income"}

    def mobilize(self, s: State, f: Frame, item: str, log: Log) -> None:
        if item in MOBILE_GOV or item == "police":
            f["item"] = item
            f["stage"] = "area"
            if item != "police":
                f["bought"] += 1
            return
        f["bought"] += item != "border_zone"
        if item == "border_zone":
            pay(s, f, 2 * BORDER_STEP, log, "Border Zone")
            bz = s.border_zone["value"]
            s.border_zone["value"] = 0 if bz is None else bz - 1
            emit(log, "11.21", f"Border Zone now {s.border_zone['value']}")
            return
        pay(s, f, 2 * POINTS[item], log, f"mobilize {item}")
        if item == "naval_point":
            s.naval += 1
        else:
            pts = s.air if item == "air_point" else s.helo
            pts["max"] += 1
            pts["available"] += 1
        emit(log, "6.3", f"{item} mobilized")


def income(s: State) -> tuple[int, int]:
    """6.1 / A.4: (AP from areas, AP from the PSL)."""
    area_ap = 0
    for a in ALGERIAN:
        v = s.areas[a]
        typ = "remote" if v["resettled"] else AREAS[a].type
        row = {"urban": (5, 2), "rural": (2, 1), "remote": (0, 0)}[typ]
        if v["control"] == "fln":
            n = row[0]
        elif v["control"] is None and any(
                not s.units[u]["neutralized"] for u in s.units_in(a, side="fln")):
            n = row[1]
        else:
            n = 0
        area_ap += max(0, n - 1) if v["terror"] else n
    return area_ap, max(0, math.ceil(s.psl["fln"] / 10) - s.naval)


def fronted(s: State) -> list[str]:
    """Where the FLN may build (6.2): areas with an active Front; Morocco/Tunisia if independent."""
    out = sorted({d["area"] for u, d in s.units.items()
                  if key(u) == "front" and d["area"] is not None and not d["neutralized"]})
    return out + (list(NEIGHBOURS) if s.independence else [])


class FLNReinforce(FrameType[State]):
    kind = "fln_reinforce"
    rule = "6.2"
    prompt_text = "Build and convert units, or done"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "stage"))
        check_choice(f["stage"], "stage", ("income", "build"))

    def actor(self, s: State, f: Frame) -> str:
        return "auto" if f["stage"] == "income" else "fln"

    def step(self, s: State, f: Frame, log: Log) -> None:
        areas, from_psl = income(s)
        psl.add_ap(s, areas, log, "6.1", "areas")
        psl.add_ap(s, from_psl, log, "6.1", f"10% of PSL {s.psl['fln']} less {s.naval} Naval")
        f["stage"] = "build"

    def moves(self, s: State, f: Frame) -> list[Move]:
        out: list[Move] = []
        for a in fronted(s):
            c = 2 if a in NEIGHBOURS else 3
            for k in ("cadre", "band"):
                if s.ap >= c and s.pool(k):
                    out.append({"t": "build", "unit": k, "area": a})
        front_at = {d["area"] for u, d in s.units.items() if key(u) == "front"}
        for u, d in s.units.items():
            # a unit off the map (area None: available, eliminated) is not converted; its own
            # name, not the loop's ``a`` above (a str): compiled code checks the declared type
            at: str | None = d["area"]
            if at is None or d["neutralized"] or at == "FRANCE":
                continue
            k = key(u)
            if k == "cadre":
                if s.ap >= 3 and s.pool("front") and at not in front_at and at in ALGERIAN \
                        and AREAS[at].type != "remote" and not s.areas[at]["resettled"]:
                    out.append({"t": "convert", "unit": u, "to": "front"})
                if s.ap >= 1 and s.pool("band"):
                    out.append({"t": "convert", "unit": u, "to": "band"})
            elif k == "band" and at in NEIGHBOURS and s.ap >= 2 and s.pool("failek"):
                out.append({"t": "convert", "unit": u, "to": "failek"})
            elif k == "front" and s.pool("cadre"):
                out.append({"t": "convert", "unit": u, "to": "cadre"})
        return out + [{"t": "done"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            s.pending.pop()
            return
        if m["t"] == "build":
            a = m["area"]
            uid = s.pool(m["unit"])[0]
            c = 2 if a in NEIGHBOURS else 3
            s.unit_w(uid).update(area=a, box="UG")
            psl.add_ap(s, -c, log, "6.2", f"build {uid} in {a}")
            return
        old = m["unit"]
        new = s.pool(m["to"])[0]
        c = {"front": 3, "band": 1, "failek": 2, "cadre": 0}[m["to"]]
        s.unit_w(new).update(area=s.units[old]["area"], box="UG")
        s.unit_w(old).update(area=None, box=None, neutralized=False)
        psl.add_ap(s, -c, log, "6.2", f"convert {old} to {new}")


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(GovReinforce)
register(FLNReinforce)
