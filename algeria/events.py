"""Rule 5.0 and chart C.2: the Random Events Phase.

At the start of the phase last turn's event effects end (Amnesty, Jealousy and Paranoia); units the
NATO event removed a turn ago may be mobilized again; elite units the Suez Crisis removed come back:
the Government puts each in the OC box of an Algerian area of its choice (they need activation, not
mobilization). With option 13.2 (1954), a die <= the turn number makes Morocco and Tunisia
independent first. Then two dice are read as tens and units (11-66) and the event is applied; last,
an active OAS changes hands on a die (1-3 FLN, 4-6 Government; 11.3).

Decisions (moves):

* ``suez_return`` (gov): ``{"t": "place", "unit": "elite_bde.2", "area": "II-1"}``;
* ``un_debate`` (43-44; the player with the higher PSL, a tie counting as the FLN's):
  ``{"t": "choose", "value": "raise_fln" | "lower_gov"}``, then 1d6 PSP;
* ``purge`` (45-46): the Government ``{"t": "pick", "value": "III"}`` (a wilaya), a die, then the
  FLN ``{"t": "pick", "value": "cadre.4"}`` per active FLN unit of that wilaya to neutralize;
* ``remove`` (NATO 55-56: French brigades and divisions, a division counting 3; Suez 61-62: elite
  brigades): the Government ``{"t": "pick", "value": "fr_div.2"}`` until the die's number is reached.
"""

from __future__ import annotations

from referee_core.checks import check_choice, check_int, check_obj, fail

from . import psl
from .labels import CHOICES, EVENT_NAMES, SIDES, value_name
from .board import in_wilaya, key, neutralize, on_map, take_off
from .chance import check_x, dice
from .data import ALGERIAN, TABLES
from .machine import AutoFrame, Frame, FrameType, Log, Move, State, emit, register

EVENTS = TABLES["C2_random_events"]["rows"]
MST = {r["roll"]: (r["result"], r["effect"]) for r in TABLES["A3_B4_mission_success"]["rows"]}
COUP = TABLES["B2_coup"]["rows"]
WILAYA_NAMES = ("I", "II", "III", "IV", "V", "VI")


def event_for(roll: int) -> str:
    for r in EVENTS:
        if r["range"][0] <= roll <= r["range"][1]:
            return str(r["key"])
    raise AssertionError(roll)


def mst(roll: int) -> tuple[int, str]:
    """Chart A.3/B.4, the Mission Success Table; modified rolls below -1 read -1, above 8 read 8."""
    return MST[max(-1, min(8, roll))]


def coup_row(roll: int) -> dict[str, object]:
    for r in COUP:
        if r["range"][0] <= min(roll, 13) <= r["range"][1]:
            return dict(r)
    raise AssertionError(roll)


class RandomEvents(AutoFrame[State]):
    kind = "random_events"
    rule = "5.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "x"))
        check_x(f, ("ind", "e", "arms", "mst", "oas"), ("begun", "ind_done", "event_done"))

    def step(self, s: State, f: Frame, log: Log) -> None:
        x = f["x"]
        if not x.get("begun"):
            x["begun"] = True
            s.effects = []
            for uid in [uid for uid, u in s.units.items() if u["removed"] == "nato"]:
                s.unit_w(uid)["removed"] = None
            back = [uid for uid, u in s.units.items() if u["removed"] == "suez"]
            if back:
                s.pending.append({"k": "suez_return", "who": "gov"})
            return
        if not x.get("ind_done"):
            if s.options["deterministic_independence"] and not s.independence:
                if dice(s, f, "ind", 1, "independence (13.2)", "13.2") is None:
                    return
                if x["ind0"] <= s.turn:
                    emit(log, "13.2", f"die {x['ind0']} <= turn {s.turn}: independence")
                    s.pending.append({"k": "independence", "x": {}})
            x["ind_done"] = True
            return
        if not x.get("event_done"):
            if dice(s, f, "e", 2, "random event (tens, then units)", "5.0") is None:
                return
            x["event_done"] = True
            roll = 10 * x["e0"] + x["e1"]
            ev = event_for(roll)
            emit(log, "5.0", f"random event {roll}: {ev.replace('_', ' ')}", event=ev, roll=roll)
            self.event(s, ev, log)
            return
        if s.oas["active"]:
            if dice(s, f, "oas", 1, "OAS control", "11.3") is None:
                return
            s.oas["controller"] = "fln" if x["oas0"] <= 3 else "gov"
            emit(log, "11.3", f"the OAS is controlled by {s.oas['controller']}")
        s.pending.pop()

    def event(self, s: State, ev: str, log: Log) -> None:
        if ev == "foreign_arms":
            s.pending.append({"k": "dice_effect", "what": "foreign_arms", "x": {}})
        elif ev in ("jealousy_paranoia", "amnesty"):
            s.effects.append(ev)
        elif ev == "elections_in_france":
            s.pending.append({"k": "coup_table", "drm": 0, "psp_only": True, "x": {}})
        elif ev == "un_debate":
            who = "fln" if s.psl["fln"] >= s.psl["gov"] else "gov"
            s.pending.append({"k": "un_debate", "who": who, "x": {}})
        elif ev == "fln_purge":
            s.pending.append({"k": "purge", "wilaya": None, "x": {}})
        elif ev == "morocco_tunisia_independence":
            if not s.independence and s.scenario == "1954":
                s.pending.append({"k": "independence", "x": {}})
            else:
                s.pending.append({"k": "dice_effect", "what": "independence_again", "x": {}})
        elif ev == "nato_pressure":
            s.pending.append({"k": "remove", "what": "nato", "left": None, "x": {}})
        elif ev == "suez_crisis":
            if s.scenario == "1954" and not s.suez:
                s.suez = True
                s.pending.append({"k": "remove", "what": "suez", "left": None, "x": {}})
            else:
                emit(log, "5.0", "no event: the Suez Crisis happens once, and not in 1958/1960")
        elif ev == "sartre":
            psl.lose(s, "gov", 1, log, "5.0", "random event 65-66")


class DiceEffect(AutoFrame[State]):
    """31-33 Foreign arms: FLN +2d6 AP minus Naval Points (11.6). 51-54 repeated, or in 1958/1960:
    the FLN rolls on the Mission Success Table (no DRM) and gains that many AP."""

    kind = "dice_effect"
    rule = "5.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "what", "x"))
        check_choice(f["what"], "what", ("foreign_arms", "independence_again"))
        check_x(f, ("d",))

    def step(self, s: State, f: Frame, log: Log) -> None:
        if f["what"] == "foreign_arms":
            n = dice(s, f, "d", 2, "foreign arms shipment", "5.0")
            if n is None:
                return
            psl.add_ap(s, max(0, n - s.naval), log, "5.0",
                       f"arms shipment {n} less {s.naval} Naval Points (11.6)")
        else:
            d = dice(s, f, "d", 1, "Mission Success Table, no DRM", "5.0")
            if d is None:
                return
            psl.add_ap(s, mst(d)[0], log, "5.0", f"independence event again: MST roll {d}")
        s.pending.pop()


class Independence(AutoFrame[State]):
    """11.21: Morocco and Tunisia become independent; each side's PSL +2d6 (rolled separately)."""

    kind = "independence"
    rule = "11.21"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "x"))
        check_x(f, ("f", "g"))
        if s.independence:
            fail("", "Morocco and Tunisia are already independent", "11.21")

    def step(self, s: State, f: Frame, log: Log) -> None:
        a = dice(s, f, "f", 2, "independence, FLN PSL", "11.21")
        b = None if a is None else dice(s, f, "g", 2, "independence, Government PSL", "11.21")
        if a is None or b is None:
            return
        s.independence = True
        emit(log, "11.21", "Morocco and Tunisia are independent")
        psl.gain(s, "fln", a, log, "11.21", "independence")
        psl.gain(s, "gov", b, log, "11.21", "independence")
        s.pending.pop()


class CoupTable(AutoFrame[State]):
    """Chart B.2 read for the Elections event (41-42): 2d6, no DRM, the PSP only."""

    kind = "coup_table"
    rule = "11.4"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "drm", "psp_only", "x"))
        check_int(f["drm"], "drm", 0, 1)
        check_choice(f["psp_only"], "psp_only", (True,))
        check_x(f, ("t", "p"))

    def step(self, s: State, f: Frame, log: Log) -> None:
        t = dice(s, f, "t", 2, "Coup Table", "11.4")
        if t is None:
            return
        row = coup_row(t + f["drm"])
        n_dice = int(str(row["psp"])[1])
        p = dice(s, f, "p", n_dice, f"Coup Table {str(row['key']).replace('_', ' ')} PSP", "11.4")
        if p is None:
            return
        emit(log, "11.4", f"Coup Table {t + f['drm']}: {row['key'].__str__().replace('_', ' ')}")
        if str(row["psp"]).startswith("+"):
            psl.gain(s, "gov", p, log, "11.4", "Coup Table")
        else:
            psl.lose(s, "gov", p, log, "11.4", "Coup Table")
        s.pending.pop()


class UNDebate(FrameType[State]):
    kind = "un_debate"
    rule = "5.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "x"))
        want = "fln" if s.psl["fln"] >= s.psl["gov"] else "gov"
        if f["who"] != want:
            fail("who", f"the player with the higher PSL chooses ({want})", "5.0")
        if f["x"]:
            fail("x", "must be empty")

    def prompt(self, s: State, f: Frame) -> str:
        return "UN debate: raise the FLN PSL or lower the Government PSL by 1d6"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "choose", "value": v} for v in ("raise_fln", "lower_gov")]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        emit(log, "5.0", f"UN debate: {SIDES[f['who']]} chooses to {CHOICES[m['value']]}")
        s.pending[-1] = {"k": "un_debate_roll", "choice": m["value"], "x": {}}


class UNDebateRoll(AutoFrame[State]):
    kind = "un_debate_roll"
    rule = "5.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "choice", "x"))
        check_choice(f["choice"], "choice", ("raise_fln", "lower_gov"))
        check_x(f, ("d",))

    def step(self, s: State, f: Frame, log: Log) -> None:
        d = dice(s, f, "d", 1, "UN debate PSP", "5.0")
        if d is None:
            return
        s.pending.pop()
        if f["choice"] == "raise_fln":
            psl.gain(s, "fln", d, log, "5.0", "UN debate")
        else:
            psl.lose(s, "gov", d, log, "5.0", "UN debate")


def purge_targets(s: State, wilaya: str) -> list[str]:
    return sorted(in_wilaya(s, wilaya, "fln"), key=_order)


def _order(uid: str) -> tuple[str, int]:
    k, n = uid.split(".")
    return k, int(n)


class Purge(FrameType[State]):
    """45-46 FLN purge: the Government picks a wilaya; 1d6 active FLN units there are neutralized,
    the FLN choosing which (a city belongs to its wilaya)."""

    kind = "purge"
    rule = "5.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "wilaya", "x"))
        check_choice(f["wilaya"], "wilaya", (None,) + WILAYA_NAMES)
        check_x(f, ("d",))
        if f["wilaya"] is None and f["x"]:
            fail("x", "no die before the wilaya is chosen", "5.0")
        if "left" in f:
            fail("left", "unknown field")

    def actor(self, s: State, f: Frame) -> str:
        if f["wilaya"] is None:
            return "gov"
        return "fln" if "d0" in f["x"] and purge_targets(s, f["wilaya"]) else "auto"

    def prompt(self, s: State, f: Frame) -> str:
        if f["wilaya"] is None:
            return "FLN purge: choose a wilaya"
        return f"FLN purge in {value_name('value', f['wilaya'])}: neutralize an active FLN unit"

    def moves(self, s: State, f: Frame) -> list[Move]:
        if f["wilaya"] is None:
            return [{"t": "pick", "value": w} for w in WILAYA_NAMES]
        return [{"t": "pick", "value": u} for u in purge_targets(s, f["wilaya"])]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if f["wilaya"] is None:
            f["wilaya"] = m["value"]
            emit(log, "5.0", f"FLN purge in wilaya {m['value']}")
            return
        neutralize(s, m["value"])
        emit(log, "5.0", f"{m['value']} neutralized (FLN purge)", unit=m["value"])
        f["x"]["d0"] -= 1
        if f["x"]["d0"] == 0 or not purge_targets(s, f["wilaya"]):
            s.pending.pop()

    def step(self, s: State, f: Frame, log: Log) -> None:
        d = dice(s, f, "d", 1, "FLN purge: units neutralized", "5.0")
        if d is not None:  # no active FLN unit there (else the FLN would be choosing)
            emit(log, "5.0", f"no active FLN unit in wilaya {f['wilaya']}")
            s.pending.pop()


REMOVABLE = {"nato": ("fr_bde", "fr_div"), "suez": ("elite_bde",), "coup": ("elite_bde",)}


class Remove(FrameType[State]):
    """55-56 NATO pressure: 1d6 French Army brigades leave the map (a division counts 3; it may be
    taken even if that overshoots); they may be mobilized again from the next turn.
    61-62 Suez Crisis (1954, once): 1d6 elite units leave the map and come back next turn."""

    kind = "remove"
    rule = "5.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "what", "left", "x"))
        check_choice(f["what"], "what", tuple(REMOVABLE))
        check_x(f, ("d",))
        if f["left"] is not None:
            check_int(f["left"], "left", 1, 6)

    def actor(self, s: State, f: Frame) -> str:
        return "auto" if f["left"] is None else "gov"

    def prompt(self, s: State, f: Frame) -> str:
        return f"{EVENT_NAMES[f['what']]}: remove a unit ({f['left']} to go)"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "pick", "value": u} for u in sorted(on_map(s, *REMOVABLE[f["what"]]),
                                                          key=_order)]

    def step(self, s: State, f: Frame, log: Log) -> None:
        d = dice(s, f, "d", 1, f"{EVENT_NAMES[f['what']]}: units removed", "5.0")
        if d is None:
            return
        f["left"] = d
        if not on_map(s, *REMOVABLE[f["what"]]):
            emit(log, "5.0", "no such unit on the map")
            s.pending.pop()

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        take_off(s, m["value"], f["what"])
        emit(log, "5.0", f"{m['value']} removed ({f['what']} event)", unit=m["value"])
        f["left"] -= 3 if key(m["value"]) == "fr_div" else 1
        if f["left"] <= 0 or not on_map(s, *REMOVABLE[f["what"]]):
            s.pending.pop()


class SuezReturn(FrameType[State]):
    kind = "suez_return"
    rule = "5.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who"))
        check_choice(f["who"], "who", ("gov",))
        if not self.waiting(s):
            fail("", "no elite unit waits to come back from the Suez Crisis", "5.0")

    @staticmethod
    def waiting(s: State) -> list[str]:
        return sorted((u for u, d in s.units.items() if d["removed"] == "suez"), key=_order)

    def prompt(self, s: State, f: Frame) -> str:
        return ("Suez Crisis over: put an elite unit back in an Algerian area"
                " (Operations Completed box)")

    def moves(self, s: State, f: Frame) -> list[Move]:
        uid = self.waiting(s)[0]
        return [{"t": "place", "unit": uid, "area": a} for a in ALGERIAN]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        s.unit_w(m["unit"]).update(area=m["area"], box="OC", removed=None)
        emit(log, "5.0", f"{m['unit']} returns to {m['area']} (OC box)", unit=m["unit"])
        if not self.waiting(s):
            s.pending.pop()


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(RandomEvents)
register(DiceEffect)
register(Independence)
register(CoupTable)
register(UNDebate)
register(UNDebateRoll)
register(Purge)
register(Remove)
register(SuezReturn)
