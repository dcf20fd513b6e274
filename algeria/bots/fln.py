"""The Algeria FLN bot: a policy that scores each legal move from the FLN's view
(docs/algeria/bots.md). Its plan, in rule terms:

* take the Government's PSL to 0 (12.2), once 15 points ahead of twice the lead its scenario
  gives it (before that its PSP build its own PSL: the long war, ``split``; half of them while
  the Government is above 30, all once it is at 30 or less, 11.3-11.4), with Propaganda
  (9.11: MST PSP, doubled in a city) in
  every area where a Front or Cadre stands, Strikes in cities (9.12: MST x d6 PSP, the
  Government must React or lose 1d6), Harass of weak targets (9.15, hits cost the Government
  PSP, C.3);
* keep its AP flowing (A.4, Raid 9.14 when short) and spend them before depreciation (10.11) on
  Fronts (A.1: control, 10.1, and building) and new Cadres;
* keep an active mobile unit in Algeria (C.6: -3d6 otherwise) and shield Fronts: hits fall on
  Cadres first (C.3), Propaganda is made by a Cadre rather than a Front when both can (9.11 "+")."""

from __future__ import annotations

from typing import Any

from ..data import AREAS, SCENARIOS, UNIT_TYPES
from .common import (
    CITIES, Board, Move, Rule, View, area_type, choose_for_decision, kind, mst,
)

# What the FLN loses with a unit: its C.6 award to the Government and its use.
LOSS_ORDER = {"cadre": 1.0, "band": 1.5, "failek": 2.5, "front": 4.0}


def choose_move(v: View, seed: int) -> tuple[Move, list[dict[str, Any]]]:
    return choose_for_decision(v, seed, RULES, other)


RULES: dict[str, Rule] = {
    "setup": ("3.0 set-up", lambda b, f, m: setup(b, m)),
    "fln_reinforce": ("6.1-6.2 reinforcement", lambda b, f, m: reinforce(b, m)),
    "fln_deploy": ("7.0 deployment", lambda b, f, m: deploy(b, m)),
    "operations": ("8.0 operations", lambda b, f, m: operation(b, m)),
    "mission": ("9.0 {m}", lambda b, f, m: mission(b, f, m)),
    "split": ("9.11/C.6 split", lambda b, f, m: split(b.v, m)),
    "combat": ("C.3 losses", lambda b, f, m: (-LOSS_ORDER[kind(m["unit"])],
                                              "the hit on the least valuable unit (C.3, C.6)")),
}


# ---- 3.0 set-up --------------------------------------------------------------------------

def setup(b: Board, m: Move) -> tuple[float, str]:
    area, unit = m["area"], m["unit"]
    t = area_type(area)
    gov = b.gov_strength(area)
    mine = len(b.units(area, "fln"))
    k = kind(unit)
    if k == "front":
        s = {"urban": 3.0, "rural": 2.0, "remote": -5.0}[t] - gov / 3
        why = "a Front where Propaganda pays (9.11: doubled in a city) and the Government is thin"
    elif k == "cadre":
        s = {"urban": 2.0, "rural": 1.5, "remote": -1.0}[t] - 2 * mine - gov / 4
        why = "Cadres spread for one Propaganda per area (9.11)"
    else:
        s = {"urban": 0.0, "rural": 1.5, "remote": 1.0}[t] - mine - gov / 2
        why = "Bands where the Government is thin (C.6: keep a mobile unit active)"
    return s, why


# ---- 6.1-6.2 reinforcement ---------------------------------------------------------------

def propaganda_areas(b: Board) -> int:
    n = 0
    for a in AREAS:
        if area_type(a) in ("urban", "rural") and b.units(a, "fln", kinds=("front", "cadre")):
            n += 1
    return n


def reinforce(b: Board, m: Move) -> tuple[float, str]:
    v = b.v
    ap = v["ap"]
    reserve = min(8, propaganda_areas(b)) + 3
    t = m["t"]
    if t == "done":
        return 0.0, f"keep {ap} AP for missions (reserve {reserve})"
    if t == "convert":
        to = m["to"]
        u = m["unit"]
        if to == "front":
            area = b.unit(u)["area"]
            if ap - 3 < reserve - 3:
                return -1.0, "AP kept for Propaganda"
            return 2.0 + (1.0 if area_type(area) == "urban" else 0), \
                f"a Front in {area}: 3 control points, building, Propaganda (A.1, 10.1)"
        if to == "failek":
            return (0.5 if ap - 2 >= reserve else -1.0), "a Failek abroad: C.6 firepower award"
        return -2.0, "no reduction"
    if t == "build":
        area = m["area"]
        if ap - 3 < reserve:
            return -1.0, "AP kept for Propaganda"
        unit = m["unit"]
        mobile = sum(1 for a in AREAS if AREAS[a].type != "country"
                     for _ in b.units(a, "fln", kinds=("cadre", "band", "failek")))
        if unit == "band":
            need = 1.5 if mobile < 4 else 0.6
            return need - b.gov_strength(area) / 10, "a Band: Raid, Harass, and a mobile unit (C.6)"
        cadres = len(b.units(area, "fln", kinds=("cadre",)))
        return 1.0 - 0.4 * cadres, f"a Cadre in {area}: it can Move out and become a Front"
    return -1.0, "not considered"


# ---- 7.0 deployment ----------------------------------------------------------------------

def deploy(b: Board, m: Move) -> tuple[float, str]:
    t = m["t"]
    if t == "deploy":
        a = m.get("area")
        if a is not None and AREAS[a].type == "country" and a != "FRANCE":
            return 0.5, "units abroad to OPS (they may Move)"
        return 1.0, "to OPS: only units in OPS conduct missions (7.0)"
    if t == "to_france":
        return 0.8, "a Cadre in France: one Propaganda a turn without React (11.22)"
    if t == "from_france":
        return -1.0, "the Cadre stays in France"
    return 0.0, "done"


# ---- 8.0 operations ----------------------------------------------------------------------

def react_risk(b: Board, area: str) -> float:
    """What a React by the Government units in the area may cost (9.23), roughly."""
    g = b.units(area, "gov", ("OPS", "PTL"), kinds=("fr_div", "fr_bde", "elite_bde", "alg_bde"))
    return min(2.0, len(g) * 0.5)


def operation(b: Board, m: Move) -> tuple[float, str]:
    t = m["t"]
    v = b.v
    if t == "pass":
        return 0.0, "nothing worth doing"
    if t == "hand_over":
        return -0.5, "keep the initiative"
    a, ms = m["area"], m["mission"]
    ptl = b.patrols(a) if a in v["areas"] else 0
    terror = a in v["areas"] and v["areas"][a]["terror"]
    if ms == "propaganda":
        n, plus, _ = mst(-ptl - terror)
        mult = 2 if a in CITIES else 1
        cadre = bool(b.units(a, "fln", ("OPS",), kinds=("cadre",)))
        lose = plus * (LOSS_ORDER["cadre"] if cadre else LOSS_ORDER["front"])
        val = n * mult - lose - react_risk(b, a) * 0.5 - 0.3
        return val + 0.5, f"Propaganda: {n * mult:.2f} PSP expected, DRM {-ptl - terror} (9.11)"
    if ms == "strike":
        if v["ap"] < 3:
            return -1.0, "3 AP"
        cadres = len(b.units(a, "fln", ("OPS",), kinds=("cadre",)))
        n, plus, _ = mst(cadres - ptl - terror)
        val = n * 3.5 - plus * (LOSS_ORDER["front"] + cadres) - 1.0 + 1.0
        return val, f"Strike: {n:.2f}d6 PSP expected, the Government must React (9.12)"
    if ms == "raid":
        bands = len(b.units(a, "fln", ("OPS",), kinds=("band", "failek")))
        n, plus, at = mst(bands - 1 - ptl)
        gain = n * (2 if a in CITIES else 1)
        want = 0.6 if v["ap"] < 6 else 0.2
        return gain * want - 0.3 - plus * 0.5 + (plus + at) * 0.5 - react_risk(b, a) * 0.3, \
            f"Raid: {gain:.2f} AP expected; Terror costs the Government 1 a turn (9.14, 11.5)"
    if ms == "harass":
        targets = b.units(a, "gov", active=False)
        weakest = min((UNIT_TYPES[kind(u)].firepower for u in targets), default=99)
        return (0.6 if weakest <= 2 else 0.3 if weakest <= 6 else -0.5), \
            "Harass a weak target: hits cost the Government PSP (9.15, C.3)"
    if ms == "move":
        return move_value(b, a), "Move a spare Cadre to an area without FLN units (9.13)"
    return -1.0, "not considered"


def move_value(b: Board, a: str) -> float:
    """A Cadre not needed for this area's Propaganda may carry the FLN to a new area."""
    if a in ("MOROCCO", "TUNISIA"):
        return 0.3 if b.units(a, "fln", ("OPS",), kinds=("band", "failek", "cadre")) else -1.0
    if b.v["areas"][a]["done"].count("propaganda") == 0:
        return -1.0
    cadres = b.units(a, "fln", ("OPS",), kinds=("cadre",))
    return 0.4 if cadres else -1.0


def mission(b: Board, f: dict[str, Any], m: Move) -> tuple[float, str]:
    t = m["t"]
    ms = f["m"]
    if t == "unit":
        u = m["unit"]
        if ms == "propaganda":
            return -LOSS_ORDER[kind(u)], "the unit whose loss costs least on a '+' (9.11)"
        if ms == "move":
            return (1.0 if kind(u) == "cadre" else 0.5), "move a Cadre first"
        return 1.0, "every unit adds +1 (9.12, 9.14) or firepower (9.15)"
    if t == "go":
        return 0.5, "declaration complete"
    if t == "dest":
        a = m["value"]
        if AREAS[a].type == "country":
            return -0.5, "stay in Algeria"
        s = {"urban": 2.0, "rural": 1.5, "remote": -1.0}[area_type(a)]
        s -= 1.5 * len(b.units(a, "fln", active=False)) + 0.5 * b.patrols(a)
        return s, f"{a}: a new area for Propaganda and a Front (A.1)"
    if t == "target":
        u = m["value"]
        return -UNIT_TYPES[kind(u)].firepower, "the target that fires back least (9.15)"
    if t in ("lost", "police"):
        return -LOSS_ORDER.get(kind(m["value"]), 0.0), "least valuable"
    if t.startswith("pick"):
        return -LOSS_ORDER.get(kind(m["value"]), 0.0), "neutralize the least valuable (9.26)"
    return 0.0, "answer"


# The long war (12.2: no fixed length; the FLN's PSL is its AP, 6.1, and its life): PSP are
# taken off the Government only while the FLN's PSL leads by this much more than twice the
# lead the scenario starts it with (``press_lead``), or once the Government's is down to
# PRESS_AT; otherwise they build the FLN's own.
LEAD = 15
PRESS_AT = 15
# 11.3, 11.4: the OAS and the Coup come at a Government PSL of 30 or less; from there the FLN
# takes all its PSP off the Government, above it half (``split``, seventh round).
OAS_AT = 30


def press_lead(v: View) -> int:
    """The lead from which the FLN's PSP go off the Government: LEAD over twice the lead the
    scenario's set-up gives it (chart C.8: 1958 starts the FLN at 60 against 50, so 35 there),
    never less than LEAD (1954, 1960). A lead the scenario hands out is no gain of the FLN's,
    and the Government's first activation (6.3, about 10 PSP of the 1958 army) widens it as
    much again before a Propaganda is made; counting either would turn the FLN's Propaganda
    against the Government in the first turn (docs/algeria/bots.md, fifth round)."""
    tracks = SCENARIOS[v["scenario"]]["tracks"]
    return LEAD + 2 * max(0, int(tracks["fln_psl"]) - int(tracks["gov_psl"]))


def split(v: View, m: Move) -> tuple[float, str]:
    """9.11/9.12: the FLN splits its PSP freely between its PSL and the Government's. Both PSLs
    only fall but for these PSP (the Government's Civil Affairs, 9.25, and the C.6 awards take
    the FLN's), and 12.2 ends the game at the first 0: the FLN takes the Government's down when
    it leads by ``press_lead`` or more, or to finish it (PRESS_AT), and builds its own
    otherwise, and always in the first turn: the Government then pays for its whole army's
    activation and its first Police at once (6.3, B.1: about 10-15 PSP in 1958 and 1960), which
    hands the FLN a lead it has not earned before its first Propaganda; pressing on it took the
    Government into the Coup's range (11.4, 30) in the first turn and ended games in 2-3 turns
    (docs/algeria/bots.md, sixth round).

    Leading by ``press_lead``, it takes half its PSP off the Government and keeps half while the
    Government is above OAS_AT: a PSP off the Government or onto the FLN's own PSL widens the
    lead alike, and its own half keeps its PSL ahead of the Government's Civil Affairs; all of
    them once the Government is at 30 or less, where the OAS and the Coup (11.3, 11.4) take more
    each turn. Every PSP off the Government from a lead of 15 ended 1954 games 2-4 turns after
    the press began (docs/algeria/bots.md, seventh round)."""
    gain, loss = m["fln_gain"], m["gov_loss"]
    fln, gov = v["psl"]["fln"], v["psl"]["gov"]
    if loss >= gov:
        return 10.0, "takes the Government PSL to 0 (12.2)"
    if fln <= 20 and fln < gov:
        return float(gain), "the FLN PSL is low: gain"
    if fln + gain > 99:
        return float(loss), "above 99 the gain overflows (12.1)"
    if v["turn"] == 1 and gov > PRESS_AT:
        return float(gain), "the first turn: a lead the Government's opening activation and" \
            " mobilization made (6.3, B.1) is no gain of the FLN's; build its own PSL (12.2)"
    lead = press_lead(v)
    if gov > PRESS_AT and fln < gov + lead:
        return float(gain), f"the FLN PSL leads by less than {lead}: build it (6.1, 12.2)"
    if gov > OAS_AT:
        return -abs(loss - gain) + 0.01 * loss, "half off the Government, half to the FLN's" \
            " own PSL: the lead grows as fast, and the FLN's PSL keeps ahead of the" \
            " Government's Civil Affairs (9.25) and its AP (6.1)"
    return float(loss), "take PSP off the Government towards its 0 (12.2): at 30 or less the" \
        " OAS and the Coup take more (11.3, 11.4)"


def other(b: Board, f: dict[str, Any], m: Move) -> tuple[float, str]:
    t, k = m["t"], f["k"]
    if k == "un_debate":
        return (1.0 if m["value"] == "lower_gov" else 0.0), "lower the Government PSL (5.0 43-44)"
    if t == "place_oas":
        return (1.0 if m["area"] == "FRANCE" else 0.0), "the OAS in France: -2 a turn (C.6), +1 Coup"
    if t == "pick":
        return -LOSS_ORDER.get(kind(m["value"]), 0.0), "neutralize the least valuable (5.0 45-46)"
    if t.startswith("pick"):
        return -LOSS_ORDER.get(kind(m["value"]), 0.0), "least valuable"
    return 0.0, f"no preference at {k}"
