"""Rule 3.0 and chart C.8: the three scenarios (1954, 1958, 1960) and their set-up.

``new_game(scenario, seed, options)`` sets the tracks and then asks the players to place the units
the scenario lists per wilaya, one counter at a time (Government first, then FLN; 3.0):

* prompt ``setup`` (actor ``gov`` then ``fln``): ``{"t": "place", "unit": "fr_bde.1", "area":
  "CONSTANTINE"}``; a French division also names its mode (11.7):
  ``{"t": "place", "unit": "fr_div.1", "area": "I-1", "mode": "dispersed"}``.
  Government mobile units go to the OPS box, Police to PTL, FLN units to UG (C.8). A Front never
  goes to a Remote area nor beside another Front (6.2, applied at set-up as the digest's T23).
  Units listed for Morocco or Tunisia are placed there without a prompt (one area each).
* then chance rolls 2d6 for the FLN's starting AP (C.8) and turn 1 begins (4.0).
"""

from __future__ import annotations

from typing import Any

from referee_core import rng
from referee_core.errors import BadRequest
from referee_core.options import options_from as game_options

from .labels import unit_name
from .chance import check_x, dice
from referee_core.checks import check_choice, check_list, check_obj, fail

from .data import AREAS, SCENARIOS, UNIT_IDS, WILAYAS, unit_type
from .machine import MACHINE, AutoFrame, Frame, FrameType, Log, Move, State, emit, register
from .sequence import start_turn_frame
from .state import new_area

OPTION_DEFAULTS: dict[str, Any] = {
    "chance": "managed",
    "slow_french_reaction": False,          # 13.1 (1954 only)
    "deterministic_independence": False,    # 13.2 (1954 only)
    "shorter_game": False,                  # 13.3
    "gov_bot": False,   # the Government is a non-player: algeria.bots moves it (docs/algeria/bots.md)
    "fln_bot": False,   # the FLN is a non-player: algeria.bots moves it
}
ONLY_1954 = ("slow_french_reaction", "deterministic_independence")

# Chart C.8 for 1960 places 7 Algerian brigades; the counter mix (2.0) has 6. The counter mix is
# a hard limit, so wilaya II gets one, not two (docs/algeria/editions.md).
CORRECTIONS: dict[str, dict[str, dict[str, int]]] = {"1960": {"II": {"alg_bde": 1}}}
# Placement order inside a side: Fronts first, so that the one-Front-per-area rule never blocks.
ALL_WILAYAS = ("I", "II", "III", "IV", "V", "VI")
ORDER = ("front", "fr_div", "fr_bde", "elite_bde", "alg_bde", "police", "cadre", "band", "failek")


def options_from(scenario: str, options: Any) -> dict[str, Any]:
    out = game_options(options, OPTION_DEFAULTS)
    for k in ONLY_1954:
        if out[k] and scenario != "1954":
            raise BadRequest(f"options.{k}", "this optional rule is for the 1954 scenario (13.0)")
    return out


def forces(scenario: str, side: str) -> dict[str, dict[str, int]]:
    """Units per wilaya (or Morocco / Tunisia) that the scenario sets up for ``side`` (C.8)."""
    sc = SCENARIOS[scenario][side]
    out = {w: dict(v) for w, v in sc.items()}
    if side == "gov":
        for w, fix in CORRECTIONS.get(scenario, {}).items():
            out[w].update(fix)
    return out


def new_game(scenario: str, seed: int, options: Any = None) -> State:
    if scenario not in SCENARIOS:
        raise BadRequest("scenario", f"unknown scenario {scenario!r} (1954, 1958 or 1960)")
    if type(seed) is not int:
        raise BadRequest("seed", "must be an integer")
    tr = SCENARIOS[scenario]["tracks"]
    s = State(scenario=scenario, options=options_from(scenario, options),
              rng={"seed": rng.seed_from(seed), "counter": 0})
    s.psl = {"fln": tr["fln_psl"], "gov": tr["gov_psl"]}
    s.air = {"max": tr["air_max"], "available": tr["air_max"]}
    s.helo = {"max": tr["helo_max"], "available": tr["helo_max"]}
    s.naval = tr["naval"]
    s.border_zone = {"value": tr["border_zone"], "active": False}
    s.independence = tr["morocco_tunisia_independent"]
    s.areas = {a: new_area() for a in s.areas}
    queues: dict[str, list[list[str]]] = {"gov": [], "fln": []}
    taken: dict[str, int] = {}  # counters of each type already given out (ids are numbered)
    for side in ("gov", "fln"):
        for w, units in forces(scenario, side).items():
            for key in ORDER:
                for _ in range(units.get(key, 0)):
                    taken[key] = taken.get(key, 0) + 1
                    uid = f"{key}.{taken[key]}"
                    if w in ("MOROCCO", "TUNISIA"):
                        s.unit_w(uid).update(area=w, box="UG")
                    else:
                        queues[side].append([uid, w])
        queues[side].sort(key=lambda q: ORDER.index(unit_type(q[0]).key))
    s.pending = [start_turn_frame(), {"k": "start_ap", "x": {}},
                 {"k": "setup", "who": "fln", "queue": queues["fln"]},
                 {"k": "setup", "who": "gov", "queue": queues["gov"]}]
    MACHINE.settle(s, [])
    return s


def placements(s: State, uid: str, wilaya: str) -> list[str]:
    """Areas of ``wilaya`` where ``uid`` may be set up (3.0, C.8; Fronts 6.2)."""
    key = unit_type(uid).key
    out = []
    for a in WILAYAS[wilaya]:
        if key == "front" and (AREAS[a].type == "remote" or any(
                u.startswith("front.") for u in s.units_in(a))):
            continue
        out.append(a)
    return out


def box_for(uid: str) -> str:
    t = unit_type(uid)
    if t.side == "fln":
        return "UG"
    return "OPS" if t.mobile else "PTL"


class SetUp(FrameType[State]):
    kind = "setup"
    rule = "3.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "queue"))
        who = check_choice(f["who"], "who", ("gov", "fln"), "3.0")
        q = check_list(f["queue"], "queue")
        if not q:
            fail("queue", "a set-up decision has at least one unit to place", "3.0")
        queued: set[str] = set()
        for i, item in enumerate(q):
            field = f"queue[{i}]"
            if type(item) is not list or len(item) != 2:
                fail(field, "must be a pair [unit, wilaya]")
            uid = check_choice(item[0], f"{field}[0]", UNIT_IDS)
            check_choice(item[1], f"{field}[1]", tuple(w for w in WILAYAS if w in ALL_WILAYAS))
            if unit_type(uid).side != who or s.units[uid]["area"] is not None:
                fail(f"{field}[0]", f"{uid} is not an unplaced {who} unit", "3.0")
            if uid in queued:
                fail(f"{field}[0]", f"{uid} is queued twice (each unit is set up once)", "3.0")
            queued.add(uid)
        if not placements(s, q[0][0], q[0][1]):
            fail("queue[0]", "the unit has no legal area", "3.0")

    def prompt(self, s: State, f: Frame) -> str:
        uid, w = f["queue"][0]
        return f"Set up {unit_name(uid)} in an area of wilaya {w}"

    def moves(self, s: State, f: Frame) -> list[Move]:
        uid, w = f["queue"][0]
        areas = placements(s, uid, w)
        if unit_type(uid).key == "fr_div":
            return [{"t": "place", "unit": uid, "area": a, "mode": md}
                    for a in areas for md in ("concentrated", "dispersed")]
        return [{"t": "place", "unit": uid, "area": a} for a in areas]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        uid = m["unit"]
        s.unit_w(uid).update(area=m["area"], box=box_for(uid))
        if "mode" in m:
            s.unit_w(uid)["mode"] = m["mode"]
        emit(log, "3.0", f"{uid} set up in {m['area']}", unit=uid, area=m["area"])
        f["queue"].pop(0)
        if not f["queue"]:
            s.pending.pop()


class StartAP(AutoFrame[State]):
    """C.8: the FLN starts with 2d6 AP."""

    kind = "start_ap"
    rule = "C.8"
    checked = True  # dice only

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "x"))
        check_x(f, ("d",))

    def step(self, s: State, f: Frame, log: Log) -> None:
        ap = dice(s, f, "d", 2, "FLN starting AP", "C.8")
        if ap is not None:
            s.ap = ap
            s.phase = "random_events"
            s.pending.pop()
            emit(log, "C.8", f"the FLN starts with {s.ap} AP", ap=s.ap)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(SetUp)
register(StartAP)
