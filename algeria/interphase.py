"""Rule 10.0 and charts C.4, C.5, C.6, B.2: the Turn Interphase, automatic but for the Coup's
choices.

(a) 10.1 Control: per Algerian area, control points (active Front 3, active Dispersed division 3,
any other active unit 1; units abroad do not count); a side with at least twice the other's points
takes Control; otherwise, if the totals differ, each side rolls a die and succeeds on <= the
difference: exactly one success takes Control; else (and on equal totals) the area is Contested.
10.11 Depreciation (C.4): the Government rolls once against its Air maximum and once against its
Helo maximum, the FLN against its AP (each only if it has some): +1 if the side's PSL >= 70, -1 if
<= 30; a modified roll <= the loss number loses that many points.
(b) 10.2 Recovery (C.5): each neutralized unit recovers on 5-6 (+1 elite, +1 own PSL >= 70, -1 own
PSL <= 30); each Terror marker goes on 5-6 (+1 if no active FLN unit in the area).
(c) 10.3 Redeployment: active FLN units back to UG (neutralized ones stay in OC), Government mobile
units back to OPS, airmobile units flip back, Air and Helo Points available reset to the maxima,
the Border Zone becomes inactive, the per-area mission record is cleared.
(d) 10.4 Final PSL adjustment (C.6): the Coup check (11.4: PSL below 30, a die +1 if the OAS is in
France, 6 = attempt; chart B.2 with the same DRM: PSP, free mobilization ``free_mobilize`` or removal
of elite units ``remove``, the Government choosing); the OAS (-1 in a city, -2 in France); -1 per
area Terrorized or resettled; FLN -3d6 with no active mobile unit in Algeria; FLN +10% (down) of the
firepower of its mobile units in Morocco/Tunisia; the side controlling more areas gains half the
difference (down). Option 13.3: every 6th turn a side 26+ PSL ahead at two checks running wins.
"""

from __future__ import annotations

from referee_core.checks import check_choice, check_int, check_obj

from . import psl
from .labels import indefinite, unit_kind
from .board import key
from .chance import check_x, dice
from .data import ALGERIAN, NEIGHBOURS, TABLES, UNIT_IDS, UNIT_TYPES, unit_type
from .events import coup_row
from .machine import AutoFrame, Frame, FrameType, Log, Move, State, emit, register
from .reinforce import MOBILE_GOV

STAGES = ("control", "deprec", "recovery", "terror", "redeploy", "coup", "final", "short")
LOSS = TABLES["C4_depreciation"]["rows"]


def start_frame() -> Frame:
    return {"k": "interphase", "stage": "control", "i": 0, "x": {}}


def control_points(s: State, area: str) -> dict[str, int]:
    pts = {"gov": 0, "fln": 0}
    for u in s.units_in(area):
        d = s.units[u]
        if d["neutralized"]:
            continue
        t = unit_type(u)
        pts[t.side] += 3 if t.key == "front" or d["mode"] == "dispersed" else 1
    return pts


def loss_number(points: int) -> int:
    for r in LOSS:
        hi = r["points"][1]
        if r["points"][0] <= points and (hi is None or points <= hi):
            return int(r["loss"])
    return 0


def psl_drm(value: int) -> int:
    return 1 if value >= 70 else -1 if value <= 30 else 0


def dep_items(s: State) -> list[str]:
    return [k for k, v in (("air", s.air["max"]), ("helo", s.helo["max"]), ("ap", s.ap)) if v > 0]


def neutralized(s: State) -> list[str]:
    return [u for u, d in s.units.items() if d["area"] is not None and d["neutralized"]]


def terrorized(s: State) -> list[str]:
    return [a for a in ALGERIAN if s.areas[a]["terror"]]


class Interphase(AutoFrame[State]):
    kind = "interphase"
    rule = "10.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "stage", "i", "x"))
        check_choice(f["stage"], "stage", STAGES)
        check_int(f["i"], "i", 0, 200)
        check_x(f, ("a", "b", "t", "p"))

    def next(self, f: Frame, stage: str | None = None) -> None:
        f["x"] = {}
        if stage is None:
            f["i"] += 1
        else:
            f["stage"], f["i"] = stage, 0

    def step(self, s: State, f: Frame, log: Log) -> None:
        getattr(self, "_" + f["stage"])(s, f, log)

    def _control(self, s: State, f: Frame, log: Log) -> None:
        if f["i"] >= len(ALGERIAN):
            return self.next(f, "deprec")
        a = ALGERIAN[f["i"]]
        p = p0 = control_points(s, a)
        new: str | None = None
        if p["fln"] != p["gov"]:
            hi = "fln" if p["fln"] > p["gov"] else "gov"
            lo = "gov" if hi == "fln" else "fln"
            if p[hi] >= 2 * p[lo]:
                new = hi
            else:
                diff = p[hi] - p[lo]
                fr = dice(s, f, "a", 1, f"control of {a}, FLN", "10.1")
                gv = None if fr is None else dice(s, f, "b", 1, f"control of {a}, Government",
                                                  "10.1")
                if fr is None or gv is None:
                    return None
                ok = [side for side, r in (("fln", fr), ("gov", gv)) if r <= diff]
                new = ok[0] if len(ok) == 1 else None
        if new != s.areas[a]["control"]:
            emit(log, "10.1", f"{a}: {new or 'Contested'} (points FLN {p0['fln']}, "
                 f"Government {p0['gov']})", area=a, control=new)
        s.area_w(a)["control"] = new
        return self.next(f)

    def _deprec(self, s: State, f: Frame, log: Log) -> None:
        items = dep_items(s)
        if f["i"] >= len(items):
            return self.next(f, "recovery")
        item = items[f["i"]]
        side = "fln" if item == "ap" else "gov"
        pts = s.ap if item == "ap" else getattr(s, item)["max"]
        r = dice(s, f, "a", 1, f"depreciation of {item}", "10.11")
        if r is None:
            return None
        n = loss_number(pts)
        if r + psl_drm(s.psl[side]) <= n:
            if item == "ap":
                psl.add_ap(s, -n, log, "10.11", "depreciation")
            else:
                v = getattr(s, item)
                v["max"] = max(0, v["max"] - n)
                v["available"] = min(v["available"], v["max"])
                emit(log, "10.11", f"{item} maximum -{n} (depreciation) = {v['max']}")
        return self.next(f)

    def _recovery(self, s: State, f: Frame, log: Log) -> None:
        while f["i"] < len(UNIT_IDS) and not (s.units[UNIT_IDS[f["i"]]]["neutralized"]):
            f["i"] += 1
        if f["i"] >= len(UNIT_IDS):
            return self.next(f, "terror")
        u = UNIT_IDS[f["i"]]
        t = unit_type(u)
        r = dice(s, f, "a", 1, f"recovery of {u}", "10.2")
        if r is None:
            return None
        if r + (t.key == "elite_bde") + psl_drm(s.psl[t.side]) >= 5:
            s.unit_w(u)["neutralized"] = False
            emit(log, "10.2", f"{u} recovers", unit=u)
        return self.next(f)

    def _terror(self, s: State, f: Frame, log: Log) -> None:
        while f["i"] < len(ALGERIAN) and not s.areas[ALGERIAN[f["i"]]]["terror"]:
            f["i"] += 1
        if f["i"] >= len(ALGERIAN):
            return self.next(f, "redeploy")
        a = ALGERIAN[f["i"]]
        r = dice(s, f, "a", 1, f"Terror in {a}", "10.2")
        if r is None:
            return None
        calm = not any(not s.units[u]["neutralized"] for u in s.units_in(a, side="fln"))
        if r + calm >= 5:
            s.area_w(a)["terror"] = False
            emit(log, "10.2", f"the Terror marker leaves {a}", area=a)
        return self.next(f)

    def _redeploy(self, s: State, f: Frame, log: Log) -> None:
        for u, d in s.units.items():
            if d["area"] is None:
                continue
            t = unit_type(u)
            if t.side == "fln" and not d["neutralized"]:
                s.unit_w(u)["box"] = "UG"
            elif t.key in MOBILE_GOV:
                s.unit_w(u).update(box="OC" if d["neutralized"] else "OPS", helo=False)
        s.air["available"] = s.air["max"]
        s.helo["available"] = s.helo["max"]
        s.border_zone["active"] = False
        for a, v in s.areas.items():
            if v["done"]:
                s.area_w(a)["done"] = []
        emit(log, "10.3", "redeployment")
        return self.next(f, "coup")

    def _coup(self, s: State, f: Frame, log: Log) -> None:
        if s.psl["gov"] >= 30:
            return self.next(f, "final")
        drm = 1 if s.oas["area"] == "FRANCE" else 0
        a = dice(s, f, "a", 1, "coup attempt", "11.4")
        if a is None:
            return None
        if a + drm < 6:
            return self.next(f, "final")
        t = dice(s, f, "t", 2, "Coup Table", "11.4")
        if t is None:
            return None
        row = coup_row(t + drm)
        n = int(str(row["psp"])[1])
        p = dice(s, f, "p", n, "Coup Table PSP", "11.4")
        if p is None:
            return None
        emit(log, "11.4", f"Coup d'etat: Coup Table {t + drm}, {str(row['key']).replace('_', ' ')}")
        if str(row["psp"]).startswith("+"):
            psl.gain(s, "gov", p, log, "11.4", "coup")
        else:
            psl.lose(s, "gov", p, log, "11.4", "coup")
        self.next(f, "final")
        k = row["key"]
        if k in ("wild_success", "big_success"):
            s.pending.append({"k": "free_mobilize", "budget": None, "item": None,
                              "dice": 2 if k == "wild_success" else 1, "x": {}})
        elif k in ("failure", "abject_failure") and any(
                key(u) == "elite_bde" and d["area"] for u, d in s.units.items()):
            s.pending.append({"k": "remove", "what": "coup",
                              "left": 1 if k == "failure" else None, "x": {}})
        return None

    def _final(self, s: State, f: Frame, log: Log) -> None:
        # The 3d6 are rolled before any adjustment is made: this step is run again after each
        # die, and what it changes must change once (none of the adjustments moves a unit, so
        # whether the FLN rolls does not depend on them).
        p = 0
        if not any(unit_type(u).side == "fln" and unit_type(u).mobile and not d["neutralized"]
                   and d["area"] in ALGERIAN for u, d in s.units.items()):
            rolled = dice(s, f, "p", 3, "no active FLN mobile unit in Algeria", "10.4")
            if rolled is None:
                return None
            p = rolled
        if s.oas["active"] and s.oas["area"] is not None:
            psl.lose(s, "gov", 2 if s.oas["area"] == "FRANCE" else 1, log, "10.4", "OAS")
        marked = sum(1 for a in s.areas.values() if a["terror"] or a["resettled"])
        psl.lose(s, "gov", marked, log, "10.4", "areas Terrorized or resettled")
        psl.lose(s, "fln", p, log, "10.4", "no active mobile unit in Algeria")
        fire = sum(unit_type(u).firepower for u, d in s.units.items()
                   if d["area"] in NEIGHBOURS and unit_type(u).mobile)
        psl.gain(s, "fln", fire // 10, log, "10.4", "external army")
        held = {side: sum(1 for a in s.areas.values() if a["control"] == side)
                for side in ("gov", "fln")}
        if held["gov"] != held["fln"]:
            side = "gov" if held["gov"] > held["fln"] else "fln"
            psl.gain(s, side, abs(held["gov"] - held["fln"]) // 2, log, "10.4",
                     f"controls {held[side]} areas against {held[psl.OTHER[side]]}")
        return self.next(f, "short")

    def _short(self, s: State, f: Frame, log: Log) -> None:
        if s.options["shorter_game"] and s.turn % 6 == 0:
            lead = None
            if abs(s.psl["gov"] - s.psl["fln"]) >= 26:
                lead = "gov" if s.psl["gov"] > s.psl["fln"] else "fln"
            if lead is not None and lead == s.short_lead:
                s.result = {"winner": lead, "level": psl.level(s, lead)}
                emit(log, "13.3", f"{lead} leads by 26+ at two checks running: {lead} wins"
                     f" ({s.result['level']})", winner=lead, level=s.result["level"])
            s.short_lead = lead
        s.pending.pop()
        return None


class FreeMobilize(FrameType[State]):
    """B.2 (wild or big success): 2d6 / 1d6 PSP of units mobilized free, placed at once (A34);
    ``{"t": "mobilize", "item": "fr_bde"}``, ``{"t": "area", "area": "I-1"}``, ``{"t": "done"}``;
    what is not spent is lost."""

    kind = "free_mobilize"
    rule = "11.4"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "budget", "item", "dice", "x"))
        check_int(f["dice"], "dice", 1, 2)
        if f["budget"] is not None:
            check_int(f["budget"], "budget", 0, 12)
        check_choice(f["item"], "item", (None,) + MOBILE_GOV + ("police",))
        check_x(f, ("d",))

    def actor(self, s: State, f: Frame) -> str:
        return "auto" if f["budget"] is None else "gov"

    def prompt(self, s: State, f: Frame) -> str:
        if f["item"]:
            return f"Free mobilization of {indefinite(unit_kind(f['item']))}: choose an area"
        return f"Free mobilization: {f['budget']} PSP left"

    def step(self, s: State, f: Frame, log: Log) -> None:
        b = dice(s, f, "d", f["dice"], "free mobilization PSP", "11.4")
        if b is not None:
            f["budget"] = b
            f["x"] = {}

    def moves(self, s: State, f: Frame) -> list[Move]:
        if f["item"]:
            return [{"t": "area", "area": a} for a in ALGERIAN]
        return [{"t": "mobilize", "item": k} for k in MOBILE_GOV + ("police",)
                if s.pool(k) and UNIT_TYPES[k].mobilize_psp <= f["budget"]] + [{"t": "done"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            s.pending.pop()
        elif m["t"] == "mobilize":
            f["item"] = m["item"]
        else:
            k = f["item"]
            uid = s.pool(k)[0]
            s.unit_w(uid).update(area=m["area"], box="PTL" if k == "police" else "OPS")
            f["budget"] -= UNIT_TYPES[k].mobilize_psp
            f["item"] = None
            emit(log, "11.4", f"{uid} mobilized free in {m['area']}", unit=uid)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Interphase)
register(FreeMobilize)
