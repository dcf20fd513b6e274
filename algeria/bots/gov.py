"""The Algeria Government bot: a policy that scores each legal move from the Government's view
(docs/algeria/bots.md). Its plan, in rule terms:

* keep its PSL: every PSP it spends on mobilization (6.3, chart B.1) is a PSP nearer to defeat
  (12.2), so it buys only above a floor that follows the FLN's PSL, Police first (1 PSP, the
  prerequisite of Civil Affairs and Intelligence, 9.24-9.25);
* activate a unit where what it is expected to return exceeds its cost (6.3) and patrol with it
  where a Front or Cadre stands (9.21: -1 to every FLN Propaganda, Strike, Raid and Move in the
  area);
* take the FLN's PSL down: Civil Affairs where Police stand (9.25, expected 1.67 PSP off the FLN
  for 1), paced by its lead (the war has no fixed length, 12, and its PSL no income but the C.6
  awards and control, 10.4), Flush where FLN units are exposed in OPS/OC (9.22, C.3, C.6), React
  to FLN missions (9.23; always to a Strike, 9.12), scoring PSP off the FLN's PSL (C.6) unless
  its own is behind."""

from __future__ import annotations

from typing import Any

from ..data import AREAS, UNIT_TYPES
from .common import CITIES, Board, Move, Rule, View, area_type, choose_for_decision, kind, mst

# Activation is paid down to this PSL where a Front or Cadre (a Propaganda, 9.11) stands.
ACT_SOURCE_FLOOR = 12
MOBILE = ("fr_div", "fr_bde", "elite_bde", "alg_bde")
FLN_VALUE = {"front": 3.0, "failek": 2.0, "band": 1.5, "cadre": 1.0}
# A patrol's worth in Deployment per PSP of Propaganda it is expected to deny (9.21), on the
# scale of the moves' control and Flush scores.
PATROL_WEIGHT = 5.0
# Civil Affairs a turn (9.25) with level PSLs, and one more for each CA_LEAD points of lead.
CA_BASE = 3
CA_LEAD = 4
# ... and no more than CA_MAX a turn (8.3 PSP off the FLN, above its Propaganda and Strikes'
# income a turn), but with the FLN at FINISH_AT.
CA_MAX = 5
# The FLN PSL from which the Government does every Civil Affairs it can (9.25, 12.2).
FINISH_AT = 10
# In the first EARLY_TURNS turns, while its PSL is above the FLN's, CA_MAX Civil Affairs (9.25)
# a turn whatever the lead (ninth round): the lead the set-up gives is its only capital.
EARLY_TURNS = 4
# 9.12: a Strike no unit Reacts to costs the Government 1d6 PSP.
STRIKE_UNANSWERED = 3.5


def spend_floor(v: View) -> int:
    """The Government PSL below which it buys nothing: 12.2 ends the game at 0, 11.3/11.4 bring
    the OAS and the Coup at 30 or less; the floor stays ahead of the FLN's PSL."""
    return max(45, int(v["psl"]["fln"]) + 8)


def defence_floor(v: View) -> int:
    """The Government PSL below which it mobilizes not even a city's defence (Police, a brigade
    for a city whose Front would Strike unanswered): above the OAS and the Coup (11.3, 11.4: at
    30 or less) and no more than 10 behind the FLN's PSL (12.2)."""
    return max(30, int(v["psl"]["fln"]) - 10)


def choose_move(v: View, seed: int) -> tuple[Move, list[dict[str, Any]]]:
    return choose_for_decision(v, seed, RULES, other)


RULES: dict[str, Rule] = {
    "setup": ("3.0 set-up", lambda b, f, m: setup(b, m)),
    "gov_reinforce": ("6.3 reinforcement", lambda b, f, m: reinforce(b, f, m)),
    "free_mobilize": ("6.3 reinforcement", lambda b, f, m: reinforce(b, f, m)),
    "gov_deploy": ("7.0 deployment", lambda b, f, m: deploy(b, f, m)),
    "operations": ("8.0 operations", lambda b, f, m: operation(b, m)),
    "mission": ("9.0 {m}", lambda b, f, m: mission(b, f, m)),
    "react": ("9.23 react", lambda b, f, m: react(b, f, m)),
    "split": ("C.6 split", lambda b, f, m: split(b.v, f, m)),
    "air_points": ("11.11 air", lambda b, f, m: (float(m["value"]), "Air Points reset at "
                                                  "Redeployment (10.3): spend them all")),
}


# ---- 3.0 set-up --------------------------------------------------------------------------

def setup(b: Board, m: Move) -> tuple[float, str]:
    area, unit = m["area"], m["unit"]
    t = area_type(area)
    here = len(b.units(area, "gov"))
    if kind(unit) == "police":
        s = police_site(b, area, spread=False)
        why = "Police patrol the cities against Strikes (9.12, 9.21), then open Civil Affairs (9.25)"
    else:
        mobile = len(b.units(area, "gov", kinds=("fr_div", "fr_bde", "elite_bde", "alg_bde")))
        s = {"urban": 3.0, "rural": 2.0, "remote": 0.5}[t] - 1.5 * here - (2.0 * mobile if t == "urban" else 0)
        if t == "urban" and not mobile:
            s = 3.5
        why = "a mobile unit in each city to React to Strikes (9.12), the rest spread for control (10.1)"
    if m.get("mode") == "dispersed":
        s += 0.5
        why += "; dispersed division: 3 control points and contact 2 (11.7)"
    return s, why


# ---- 6.3 reinforcement -------------------------------------------------------------------

def reinforce(b: Board, f: dict[str, Any], m: Move) -> tuple[float, str]:
    v = b.v
    psl = v["psl"]["gov"]
    t = m["t"]
    free = f["k"] == "free_mobilize"
    if t == "choose":
        return (1.0 if m["value"] == "remove_oas" else 0.0), "remove the OAS (11.3: its penalty)"
    if t == "place_oas":
        if m["area"] == "FRANCE":
            return 0.0, "the OAS in France costs 2 PSP a turn (C.6)"
        return 1.0 + b.fln_strength(m["area"]) / 10, "a city: a free Suppression (11.3)"
    if t == "done":
        return 0.0, "keep the PSL (12.2)"
    if t == "remove_police" or t == "activate_border_zone":
        return -1.0, "not worth its cost"
    if t == "mobilize":
        return mobilize_value(b, m["item"], free)
    if t == "area":
        return place_value(b, f["item"], m["area"])
    if t == "activate":
        return activate_value(b, m["unit"], psl)
    return -1.0, "not considered"


def mobilize_value(b: Board, item: str, free: bool) -> tuple[float, str]:
    v = b.v
    cost = UNIT_TYPES[item].mobilize_psp if item in UNIT_TYPES else 2
    bare = bare_cities(b) if item in ("fr_bde", "alg_bde") else []
    if item == "police" or bare:  # a city's defence: paid down to defence_floor
        floor = defence_floor(v)
        if not free and v["psl"]["gov"] - cost < floor:
            return -1.0, f"the PSL would fall below {floor} (12.2, 11.3)"
    if bare:
        return 1.5, f"a brigade for {bare[0]}: a Front and no unit to React to its Strike " \
            f"(9.12: 1d6 PSP a turn)"
    if item == "police":
        best = max(police_site(b, a) for a in AREAS if a in v["areas"])
        if best > 0:
            return 2.0, "Police: a patrol in a city or Civil Affairs in a new area (9.21, 9.25)"
        return -1.0, "every city has three Police and every Rural area one"
    if not free and v["psl"]["gov"] - cost < spend_floor(v):
        return -1.0, f"the PSL would fall below {spend_floor(v)} (12.2, 11.3)"
    if item == "elite_bde":
        return 1.0, "an elite brigade: contact 2, firepower 9, combines in Flush (9.22)"
    if item == "fr_div" and free:
        return 0.8, "a division: firepower 25, lets units combine in Flush (9.22)"
    return -0.5, "not worth its PSP"


def place_value(b: Board, item: str, area: str) -> tuple[float, str]:
    v = b.v
    t = area_type(area)
    fln = b.fln_strength(area)
    if item == "police":
        return police_site(b, area), "Police patrol a city against Strikes (9.12, 9.21), " \
            "else open Civil Affairs in a Rural area (9.25)"
    if area in bare_cities(b):
        return 10.0 + fln, f"{area}: a Front and no unit to React to its Strike (9.12)"
    return fln - len(b.units(area, "gov")) + (0.5 if t != "remote" else 0), \
        "where the FLN is strongest and the Government weakest"


def bare_cities(b: Board) -> list[str]:
    """The cities where a Front stands (9.12: it may Strike every turn) and no active mobile
    Government unit in the OPS or PTL box could React to the Strike (9.23): each Strike there
    costs the Government 1d6 PSP besides the Strike's own (9.12)."""
    return [c for c in CITIES if b.units(c, "fln", kinds=("front",))
            and not b.units(c, "gov", ("OPS", "PTL"), kinds=MOBILE)]


def police_site(b: Board, area: str, spread: bool = True) -> float:
    """Where a Police unit does most.

    At set-up (``spread`` False: the FLN is not yet on the map) a city until it holds three (each
    patrol is -1 to a Strike and to a Propaganda doubled there, 9.12, 9.11, 9.21), then a Rural
    area without Police, for Civil Affairs (9.25, not Remote).

    Mobilized later (6.3), one Police in each city and then in each Rural area where a Front or
    Cadre stands (a Propaganda source: -1 to it, 9.21) before a second in any area: every area
    with Police is one more Civil Affairs a turn (9.25: once per area, 1.67 PSP off the FLN for
    1), and a city's second Police comes before the Rural areas without Fronts or Cadres only
    where FLN units stand in it (9.12)."""
    t = area_type(area)
    has = len(b.units(area, "gov", kinds=("police",), active=False))
    if t == "remote" or b.v["areas"][area]["resettled"]:
        return -5.0
    if not spread:
        if t == "urban":
            return 4.0 - 1.2 * has + b.fln_strength(area) / 10
        return 1.5 - 4 * has + b.fln_strength(area) / 10
    src = len(b.units(area, "fln", active=False, kinds=("front", "cadre")))
    fln = b.fln_strength(area) / 10
    if has == 0:
        return (4.0 if t == "urban" else 2.5 + 0.5 * min(src, 2) if src else 1.5) + fln
    if t == "urban":
        second = 2.2 if b.units(area, "fln", active=False) else 1.2
        return (second if has == 1 else 1.0 - 1.2 * (has - 2)) + fln
    return (0.5 + 0.3 * src - 1.5 * (has - 1)) if src else -1.0


def fln_near(b: Board, area: str) -> int:
    n = b.fln_strength(area)
    for a in AREAS[area].adjacent:
        if AREAS[a].type != "country":
            n += b.fln_strength(a) // 2
    return n


def activate_value(b: Board, unit: str, psl: int) -> tuple[float, str]:
    """An activated unit patrols (9.21: -1 to each FLN Propaganda there, whose PSP are doubled in
    a city), Reacts and Flushes (9.22-9.23): activated when what it is expected to return this
    turn exceeds its ½-1 PSP (B.1): the Propaganda its patrol denies (``patrol_saves``), the C.6
    value it adds to a Flush in its area (``flush_added``) and, in a city with a Front and no free
    Algerian brigade, the React a Strike compels (9.12: 1d6 otherwise)."""
    cost = UNIT_TYPES[kind(unit)].activate_psp
    if cost == 0:
        return 1.0, "activation is free (B.1)"
    area = b.unit(unit)["area"]
    near = fln_near(b, area)
    if near == 0:
        return -0.5, "no FLN unit in or next to its area"
    sources = b.units(area, "fln", kinds=("front", "cadre"))
    floor = ACT_SOURCE_FLOOR if sources else max(25, b.v["psl"]["fln"] - 15)
    if psl - cost < floor:
        return -0.5, "the PSL is too low to pay activation (12.2, 11.4)"
    ret = patrol_saves(b, area) + flush_added(b, area, unit)
    if area_type(area) == "urban" and b.units(area, "fln", active=False, kinds=("front",)) \
            and not b.units(area, "gov", ("OPS", "PTL"), kinds=("alg_bde",)):
        ret += 1.0
    return ret - cost, f"expected return {ret:.2f} PSP (patrol 9.21, Flush 9.22, React to a " \
        f"Strike 9.12) for {cost:g} (B.1)"


# ---- 7.0 deployment ----------------------------------------------------------------------

def deploy(b: Board, f: dict[str, Any], m: Move) -> tuple[float, str]:
    t = m["t"]
    if t == "unit":
        mobile_city = area_type(b.unit(m["unit"])["area"]) == "urban"
        return (1.0 if mobile_city else 1.5), "deploy every activated unit once (7.0), cities last"
    if t == "done":
        return 0.0, "nothing left to deploy"
    if t in ("mode", "airmobilize"):
        return -1.0, "modes stay as set up; Helicopter Points kept for React (11.12)"
    unit = f["unit"]
    home = b.unit(unit)["area"]
    here = b.fln_strength(home)
    cp = 3 if kind(unit) == "fr_div" and b.unit(unit)["mode"] == "dispersed" else 1
    if t == "patrol":
        city = 1.0 if area_type(home) == "urban" else 0.0
        saves = patrol_saves(b, home)
        return (0.8 if here == 0 else 1.0 + city + here / 4) + PATROL_WEIGHT * saves, \
            f"patrol: -1 to FLN missions here ({saves:.2f} PSP of Propaganda denied), " \
            "still React and Flush (9.21)"
    if t == "stay":
        return 0.5, "stay in OPS"
    dest = m["area"]
    if area_type(home) == "urban" and b.units(home, "fln") \
            and len(b.units(home, "gov", ("OPS", "PTL"), kinds=MOBILE)) <= 1:
        return -2.0, f"the last mobile unit in {home}: a Strike there must be Reacted to (9.12)"
    if dest in bare_cities(b):
        return PATROL_WEIGHT * STRIKE_UNANSWERED, f"{dest}: a Front and no unit to React to " \
            "its Strike (9.12: 1d6 PSP each turn it Strikes)"
    gain = control(b, dest, cp) - control(b, home, -cp)
    gain += flush_added(b, dest, unit) - flush_added(b, home, unit)
    sources = b.units(dest, "fln", active=False, kinds=("front", "cadre"))
    cover = 1.5 if sources and here == 0 and len(b.units(dest, "gov")) < 2 else 0.0
    return 2.5 * gain + cover, f"control of {dest} against {home} (10.1: twice the other " \
        f"side's points); {len(sources)} Fronts/Cadres there to patrol against next turn (9.21)"


def patrol_saves(b: Board, area: str) -> float:
    """What one more patrol in ``area`` denies the FLN this turn (9.21: -1 to its Propaganda,
    9.11): the MST's PSP at one more -1 (doubled in a city) and the "+" one sixth more often
    (a Cadre eliminated or a Front reduced, C.6), where a Front or Cadre stands."""
    if area_type(area) == "remote" or not b.units(area, "fln", active=False,
                                                   kinds=("front", "cadre")):
        return 0.0
    drm = -b.patrols(area) - (1 if b.v["areas"][area]["terror"] else 0)
    n0, p0, _ = mst(drm)
    n1, p1, _ = mst(drm - 1)
    mult = 2 if area_type(area) == "urban" else 1
    return (n0 - n1) * mult + (p1 - p0) * 1.5


def flush_added(b: Board, area: str, unit: str) -> float:
    """The C.6 value ``unit`` adds to a Flush in ``area``: the contact chances (9.22: 1d6 + DRM
    <= the total Contact, which adds up only when all the units are elite or a French division
    is in the area) it raises, against the FLN units there (all in the OPS box after the FLN's
    Deployment, 7.0, or in OC once they have acted)."""
    others = [u for u in b.units(area, "gov", ("OPS", "PTL"), kinds=MOBILE) if u != unit]
    div = bool(b.units(area, "gov", active=False, kinds=("fr_div",)))

    def contact(us: list[str]) -> int:
        if not us:
            return 0
        cs = [2 if kind(u) == "fr_div" and b.unit(u)["mode"] == "dispersed"
              else UNIT_TYPES[kind(u)].contact for u in us]
        if div or all(kind(u) == "elite_bde" for u in us):
            return sum(cs)
        return max(cs)
    c0, c1 = contact(others), contact(others + [unit])
    targets = b.units(area, "fln")
    return sum((contact_p(b, area, c1, UNIT_TYPES[kind(u)].contact)
                - contact_p(b, area, c0, UNIT_TYPES[kind(u)].contact)) * FLN_VALUE[kind(u)]
               for u in targets)


def control(b: Board, area: str, delta: int) -> float:
    """How adding ``delta`` Government control points to ``area`` changes its control: +1 for
    reaching twice the FLN's points, +1 for denying the FLN twice the Government's (10.1; the
    roll between is an even chance and is left out)."""
    g, f = b.gov_strength(area), b.fln_strength(area)

    def score(g: int) -> int:
        return int(g > 0 and g >= 2 * f) - int(f > 0 and f >= 2 * g)
    return float(score(g + delta) - score(g))


# ---- 8.0 operations ----------------------------------------------------------------------

def contact_total(b: Board, area: str) -> tuple[int, int]:
    """(contact, firepower) the Government can bring to a Flush in ``area`` from its OPS/PTL
    boxes (9.22: several units only if all elite or a division is in the area)."""
    units = b.units(area, "gov", ("OPS", "PTL"), kinds=("fr_div", "fr_bde", "elite_bde", "alg_bde"))
    if not units:
        return 0, 0
    div = bool(b.units(area, "gov", active=False, kinds=("fr_div",)))
    if not div and not all(kind(u) == "elite_bde" for u in units):
        units = sorted(units, key=lambda u: -UNIT_TYPES[kind(u)].contact)[:1]
    c = fp = 0
    for u in units:
        disp = kind(u) == "fr_div" and b.unit(u)["mode"] == "dispersed"
        c += 2 if disp else UNIT_TYPES[kind(u)].contact
        fp += 12 if disp else UNIT_TYPES[kind(u)].firepower
    return c, fp


def contact_p(b: Board, area: str, contact: int, evasion: int) -> float:
    drm = (evasion > contact) + (area_type(area) == "remote") + bool(b.v["areas"][area]["terror"]) \
        - (area_type(area) == "urban")
    return max(0.0, min(1.0, (contact - drm) / 6))


def operation(b: Board, m: Move) -> tuple[float, str]:
    t = m["t"]
    if t == "pass":
        return 0.0, "nothing worth its cost"
    if t == "airmobilize":
        return -1.0, "Helicopter Points kept"
    if t == "hand_over":
        return -1.0, "not the Government's move"
    a, ms = m["area"], m["mission"]
    v = b.v
    if ms == "flush":
        c, fp = contact_total(b, a)
        targets = b.units(a, "fln", ("OPS", "OC"), active=False)
        exp = sum(contact_p(b, a, c, UNIT_TYPES[kind(u)].contact) * FLN_VALUE[kind(u)] for u in targets)
        risk = sum(UNIT_TYPES[kind(u)].firepower for u in targets) / 8
        guard = 1.5 if strike_threat(b, a) else 0.0
        return exp * min(1.0, fp / 6) - risk * 0.3 - 0.2 - guard, \
            f"Flush {len(targets)} FLN units in OPS/OC with contact {c}, firepower {fp} (9.22)"
    if ms == "civil_affairs":
        cap = ca_cap(v)
        if ca_done(v) >= cap:
            return -0.5, f"{cap} Civil Affairs this turn: the rest of the PSL is kept (9.25, 12.2)"
        drm = 1 if "amnesty" in v["effects"] else 0
        n, plus, at = mst(drm)
        bonus = (plus + at) * 1.0 if v["areas"][a]["terror"] else 0.0
        return n - 1 + bonus + 0.1, f"Civil Affairs: {n:.2f} PSP off the FLN for 1 (9.25)"
    if ms == "intelligence":
        c = sum(UNIT_TYPES["police"].contact for _ in b.units(a, "gov", kinds=("police",)))
        ug = b.units(a, "fln", ("UG",))
        fc, _ = contact_total(b, a)
        if fc == 0:
            return -1.0, "no unit to Flush what Intelligence uncovers"
        exp = sum(contact_p(b, a, c, UNIT_TYPES[kind(u)].contact) * FLN_VALUE[kind(u)] for u in ug)
        return 0.6 * exp - 1, f"Intelligence on {len(ug)} UG units, then Flush (9.24)"
    if ms == "suppression":
        elite = len(b.units(a, "gov", kinds=("elite_bde",)))
        drm = elite + (1 if "amnesty" in v["effects"] else 0)
        n, plus, at = mst(drm)
        bands = len(b.units(a, "fln", kinds=("band", "failek")))
        others = len(b.units(a, "fln", kinds=("front", "cadre")))
        val = min(bands, n) * 0.5 + at * others * 0.5 - 1 - plus * 4.5
        return val, f"Suppression of {bands} Bands/Faileks, DRM {drm} (9.26)"
    if ms == "resettlement":
        return -10.0, "Resettlement gives the FLN 3d6 PSP (9.27)"
    return -1.0, "not considered"


def ca_done(v: View) -> int:
    return sum(1 for a in v["areas"].values() if "civil_affairs" in a["done"])


def ca_cap(v: View) -> int:
    """Civil Affairs a turn (9.25: 1 PSP each, 1.67 expected off the FLN). The Government's
    PSL has no income but the C.6 awards and control (10.4) and the war no fixed length (12):
    CA_BASE a turn with level PSLs and one more per CA_LEAD points of lead, every one the FLN
    PSL is at FINISH_AT or below. One more per 2 points (the fourth round) made ten a turn at
    1954's set-up lead (65 against 50, chart C.8), which took the FLN's 50 to 0 in 3-5 turns
    and the Government's own PSL down with it (docs/algeria/bots.md, sixth round).

    Never more than CA_MAX a turn (seventh round): 5 take 8.3 PSP a turn off the FLN, more than
    its Propaganda and Strikes bring it (about 6 a turn in 1954); the pace of a 20-point lead
    and more (8-10 a turn) took the FLN's 50 to 0 in 4-5 turns (1954, seeds 54303, 54310,
    54338), a war won faster, not more often. CA_MAX in the first EARLY_TURNS turns while the
    Government is ahead at all (ninth round): its lead shrinks in those turns as the FLN's
    Propaganda outruns three Civil Affairs, and the FLN, 15 ahead by turn 3-5, wins the race."""
    gov, fln = int(v["psl"]["gov"]), int(v["psl"]["fln"])
    if fln <= FINISH_AT:
        return 99
    if int(v["turn"]) <= EARLY_TURNS and gov > fln:
        return CA_MAX
    return min(CA_MAX, CA_BASE + max(0, gov - fln) // CA_LEAD)


def mission(b: Board, f: dict[str, Any], m: Move) -> tuple[float, str]:
    t = m["t"]
    if t == "unit":
        u = m["unit"]
        if f["m"] == "suppression":
            return 1.0, "an assisting elite brigade: +1 (9.26)"
        return 0.5 + UNIT_TYPES[kind(u)].contact / 10, "more contact and firepower (9.22)"
    if t == "go":
        return 0.0 if not f["units"] else 0.2, "declaration complete"
    return 0.0, "answer"


def strike_threat(b: Board, area: str) -> bool:
    """A Strike may still come in ``area`` this turn (9.12: a city, once a turn, an active Front
    in the OPS box, 3 AP), and the Government must then React with a unit there or lose 1d6."""
    return area_type(area) == "urban" and b.v["ap"] >= 3 \
        and "strike" not in b.v["areas"][area]["done"] \
        and bool(b.units(area, "fln", ("OPS",), kinds=("front",)))


def flush_beats_react(b: Board, f: dict[str, Any]) -> bool:
    """9.22 vs 9.23: a React contacts only the mission's units, each evading on 1d6 <= its
    evasion, and sends the reacting units to OC; a Flush by the same units later in the phase
    contacts every FLN unit in the OPS and OC boxes on 1d6 + DRM <= the total contact."""
    a = f["area"]
    c, fp = contact_total(b, a)
    if c == 0:
        return False
    react = sum((1 - UNIT_TYPES[kind(u)].contact / 6) * FLN_VALUE[kind(u)] for u in f["fln"])
    targets = b.units(a, "fln", ("OPS", "OC"), active=False)
    flush = sum(contact_p(b, a, c, UNIT_TYPES[kind(u)].contact) * FLN_VALUE[kind(u)]
                for u in targets)
    return flush > react


def react(b: Board, f: dict[str, Any], m: Move) -> tuple[float, str]:
    t = m["t"]
    fln = f["fln"]
    if not f.get("strike") and strike_threat(b, f["area"]):
        if t == "decline":
            return 0.0, "units kept for the React a Strike compels and their patrol (9.12, 9.21)"
        return -1.0, "a Strike may still come here: keep the units for its React (9.12)"
    fire = sum(UNIT_TYPES[kind(u)].firepower for u in fln)
    have = sum(UNIT_TYPES[kind(u)].firepower for u in f["units"])
    if not f.get("strike") and flush_beats_react(b, f):
        if t == "decline":
            return 0.0, "the units are kept for a Flush of every FLN unit here (9.22)"
        return -1.0, "a Flush later contacts more than this React (9.22, 9.23)"
    if t == "unit":
        if have >= 3 * max(3, fire):
            return -0.1, "enough firepower already"
        return 1.0, "add firepower to the React (9.23)"
    if t == "react":
        if not f["units"]:
            return -1.0, "no unit chosen"
        return (2.0 if f.get("strike") else 0.5), "React against the mission's units (9.23)"
    if f.get("strike"):
        return -3.5, "declining a Strike costs 1d6 PSP (9.12)"
    return 0.0, "decline"


def split(v: View, f: dict[str, Any], m: Move) -> tuple[float, str]:
    gain, loss = m["gov_gain"], m["fln_loss"]
    fln, gov = v["psl"]["fln"], v["psl"]["gov"]
    if loss >= fln:
        return 10.0, "takes the FLN PSL to 0 (12.2)"
    if gov < fln:
        return gain, "the Government PSL is behind the FLN's: build it (12.2; at 30 and below" \
            " the OAS and a Coup threaten, 11.3, 11.4)"
    if gov + gain > 99:
        return loss, "above 99 the gain overflows (12.1)"
    return loss, "take PSP off the FLN towards its 0 (12.2)"


def other(b: Board, f: dict[str, Any], m: Move) -> tuple[float, str]:
    t, k = m["t"], f["k"]
    v = b.v
    if k == "un_debate":
        return (1.0 if m["value"] == "raise_fln" else 0.0), \
            "raise the FLN rather than lose the Government's own PSL (5.0 43-44; 11.3 at 30)"
    if k == "purge" and t == "pick":
        w = m["value"]
        from ..data import WILAYAS
        return float(sum(b.fln_strength(a) for a in WILAYAS.get(w, ()))), \
            "the wilaya with most FLN strength (5.0 45-46)"
    if k == "remove":
        u = m["value"]
        area = b.unit(u)["area"]
        return -(fln_near(b, area) if area else 0) + (1 if b.unit(u)["neutralized"] else 0), \
            "the unit least needed where it stands"
    if k == "suez_return" or t == "place":
        return float(b.fln_strength(m["area"])), "where the FLN is strongest"
    return 0.0, f"no preference at {k}"
