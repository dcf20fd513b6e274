"""Untrusted ``algeria-state/1`` documents (docs/algeria/state.md): every field is checked and the
first problem raises ``StateError`` naming the field (``units.front.3.area``, ``psl.gov``,
``pending[1].queue[0]``) and, where a rule is broken, the rule. A valid document gives a ``State``
built from the input's own containers (``serial.from_data`` copies it for a caller that keeps the
input). The primitive checks are shared with Colonial Twilight (``referee_core.checks``)."""

from __future__ import annotations

from typing import Any

from referee_core.checks import (
    Budget, check_bool, check_choice, check_int, check_list, check_obj, fail,
)
from referee_core.errors import StateError
from referee_core.options import CHANCE_MODES
from referee_core.rng import check_state

from .data import ALGERIAN, AREAS, NEIGHBOURS, SCENARIOS, UNIT_IDS, UnitType, unit_type
from .interphase import STAGES
from .machine import MACHINE
from .sequence import PHASES as SEQUENCE
from .setup import ONLY_1954, OPTION_DEFAULTS
from .state import FIELDS, SCHEMA, State

PHASES = ("setup", "random_events", "reinforcement", "deployment", "operations", "interphase")
EFFECTS = ("jealousy_paranoia", "amnesty")
MISSIONS = ("propaganda", "strike", "raid", "civil_affairs", "suppression")
REMOVED = ("nato", "suez", "coup")
CITIES = tuple(a for a in ALGERIAN if AREAS[a].type == "urban")
TOP = FIELDS + ("schema",)
# the phases the turn frame runs, in order (4.0), and the Interphase stages up to Redeployment (10.3)
TURN_PHASES = tuple(p for p, _ in SEQUENCE)
BEFORE_REDEPLOYMENT = STAGES[: STAGES.index("redeploy") + 1]


def validate(d: Any) -> State:
    check_obj(d, "", TOP)
    if d["schema"] != SCHEMA:
        fail("schema", f"must be {SCHEMA!r}")
    scenario = check_choice(d["scenario"], "scenario", tuple(SCENARIOS))
    options = _options(d["options"], scenario)
    rng = check_state(d["rng"])
    check_int(d["turn"], "turn", 1, 9999)
    check_choice(d["phase"], "phase", PHASES, "4.0")
    for side in ("fln", "gov"):
        check_int(check_obj(d["psl"], "psl", ("fln", "gov"))[side], f"psl.{side}", 0, 99, "12.1")
    check_int(d["ap"], "ap", 0, 99, "6.1")
    for pts in ("air", "helo"):
        p = check_obj(d[pts], pts, ("max", "available"))
        check_int(p["max"], f"{pts}.max", 0, 99, "11.1")
        check_int(p["available"], f"{pts}.available", 0, p["max"], "11.1")
    check_int(d["naval"], "naval", 0, 99, "11.6")
    bz = check_obj(d["border_zone"], "border_zone", ("value", "active"))
    check_choice(bz["value"], "border_zone.value", (None, 0, -1, -2, -3), "11.21")
    if check_bool(bz["active"], "border_zone.active") and bz["value"] is None:
        fail("border_zone.active", "no Border Zone has been mobilized", "11.21")
    indep = check_bool(d["independence"], "independence")
    check_bool(d["slow_lifted"], "slow_lifted")
    check_choice(d["short_lead"], "short_lead", (None, "gov", "fln"), "13.3")
    if check_bool(d["suez"], "suez") and scenario != "1954":
        fail("suez", "the Suez Crisis is no event in the 1958 and 1960 scenarios", "5.0")
    _oas(d["oas"])
    eff = check_list(d["effects"], "effects")
    for i, e in enumerate(eff):
        check_choice(e, f"effects[{i}]", EFFECTS, "5.0")
    if len(set(eff)) != len(eff):
        fail("effects", "an effect is listed twice")
    _areas(d["areas"])
    _units(d["units"], d["areas"], indep)
    if d["result"] is not None:
        res = check_obj(d["result"], "result", ("winner", "level"))
        check_choice(res["winner"], "result.winner", ("gov", "fln"), "12.2")
        check_choice(res["level"], "result.level", ("marginal", "substantial", "decisive"), "12.2")
    s = State(**{k: d[k] for k in FIELDS if k not in ("options", "rng", "pending", "units")},
              options=options, rng=rng, pending=[],
              units={u: d["units"][u] for u in UNIT_IDS})   # counter order, as new_game's
    _sequence(d)
    _airmobile(d)
    s.pending = MACHINE.check_pending(d["pending"], s, Budget(), d["result"] is not None)
    s._valid = s._checked = True
    return s


def trusted(d: dict[str, Any]) -> State:
    """The State of a document this engine build has validated before – ``validate`` would accept
    it – built as ``validate`` builds it (the same containers, in the same orders) without
    checking anything. Only for ``serial.from_trusted_json`` and ``serial.check_issued``, whose
    callers have proof of that."""
    r = d["rng"]
    s = State(**{k: d[k] for k in FIELDS if k not in ("options", "rng", "units")},
              options=dict(d["options"]), rng={"seed": r["seed"], "counter": r["counter"]},
              units={u: d["units"][u] for u in UNIT_IDS})
    s._valid = s._checked = True
    return s


def _options(o: Any, scenario: str) -> dict[str, Any]:
    check_obj(o, "options", tuple(OPTION_DEFAULTS))
    check_choice(o["chance"], "options.chance", CHANCE_MODES)
    for k in OPTION_DEFAULTS:
        if k != "chance" and check_bool(o[k], f"options.{k}") and k in ONLY_1954 \
                and scenario != "1954":
            fail(f"options.{k}", "this optional rule is for the 1954 scenario", "13.0")
    return dict(o)


def _oas(o: Any) -> None:
    check_obj(o, "oas", ("active", "controller", "area"))
    if check_bool(o["active"], "oas.active"):
        check_choice(o["controller"], "oas.controller", ("gov", "fln"), "11.3")
        check_choice(o["area"], "oas.area", (None, "FRANCE") + CITIES, "11.3")
    else:
        for k in ("controller", "area"):
            if o[k] is not None:
                fail(f"oas.{k}", "must be null while the OAS is not active", "11.3")


def _areas(a: Any) -> None:
    check_obj(a, "areas", ALGERIAN)
    for aid in ALGERIAN:
        f = f"areas.{aid}"
        v = check_obj(a[aid], f, ("control", "terror", "resettled", "done"))
        check_choice(v["control"], f"{f}.control", (None, "gov", "fln"), "10.1")
        check_bool(v["terror"], f"{f}.terror")
        if check_bool(v["resettled"], f"{f}.resettled") and AREAS[aid].type != "rural":
            fail(f"{f}.resettled", "only a Rural area can be resettled", "9.27")
        done = check_list(v["done"], f"{f}.done")
        for i, m in enumerate(done):
            check_choice(m, f"{f}.done[{i}]", MISSIONS, "9.0")
        if len(set(done)) != len(done):
            fail(f"{f}.done", "a mission is listed twice", "9.0")


def _sequence(d: dict[str, Any]) -> None:
    """4.0: the phase is the one the turn (the bottom decision) is in: ``setup`` before the first
    Random Events Phase (``step`` 0), else the phase its ``step`` last started. Only checked here
    when the turn frame is well-formed (``check_pending`` names any other fault)."""
    frames = d["pending"]
    if type(frames) is not list or not frames or type(frames[0]) is not dict \
            or frames[0].get("k") != "turn" or type(frames[0].get("step")) is not int \
            or not 0 <= frames[0]["step"] <= len(TURN_PHASES):
        return
    step = frames[0]["step"]
    phase = "setup" if step == 0 else TURN_PHASES[step - 1]
    if d["phase"] != phase:
        fail("phase", f"the turn is in the {phase.replace('_', ' ')} phase (pending[0].step"
             f" {step}), not {d['phase'].replace('_', ' ')}", "4.0")


def _airmobile(d: dict[str, Any]) -> None:
    """11.12 / 10.3: Helicopter Points are attached in the Deployment Phase or later, and
    airmobile units flip back at Redeployment (10.3), so a unit is airmobile only in the
    Deployment and Operations Phases and in the Interphase before Redeployment."""
    phase = d["phase"]
    if phase in ("deployment", "operations"):
        return
    if phase == "interphase":
        frames = d["pending"] if type(d["pending"]) is list else []
        stage = next((f.get("stage") for f in frames
                      if type(f) is dict and f.get("k") == "interphase"), None)
        if stage in BEFORE_REDEPLOYMENT:
            return
        why = "after Redeployment (10.3)"
    else:
        why = "before the Deployment Phase"
    for uid in UNIT_IDS:
        if d["units"][uid]["helo"]:
            fail(f"units.{uid}.helo", f"no unit is airmobile {why}", "11.12")


def _units(u: Any, areas: dict[str, Any], indep: bool) -> None:
    check_obj(u, "units", UNIT_IDS, UNIT_KEYSET)
    fronts: set[str] = set()
    in_france = 0
    for uid, (f, t, modes, removals, boxes) in UNIT_RULES.items():
        v = check_obj(u[uid], f, UNIT_KEYS, ENTRY_KEYSET)
        area = _choice(v["area"], f"{f}.area", AREA_OR_NONE)
        check_bool(v["neutralized"], f"{f}.neutralized")
        check_bool(v["helo"], f"{f}.helo")
        _choice(v["mode"], f"{f}.mode", modes, "11.7")
        _choice(v["removed"], f"{f}.removed", removals, "5.0")
        if area is None:
            check_choice(v["box"], f"{f}.box", (None,))
            for k, ok in (("neutralized", False), ("helo", False), ("removed", v["removed"])):
                if v[k] != ok:
                    fail(f"{f}.{k}", "a unit off the map has no such status")
            continue
        if v["removed"] is not None:
            fail(f"{f}.removed", "a unit on the map is not removed", "5.0")
        _choice(v["box"], f"{f}.box", boxes, "2.3")
        if v["helo"] and not t.helo_cost:
            fail(f"{f}.helo", f"a {t.key} cannot be airmobile", "11.12")
        if t.side == "gov" and AREAS[area].type == "country":
            fail(f"{f}.area", "Government units never enter France, Morocco or Tunisia",
                 "11.21")
        if area in NEIGHBOURS and not indep:
            fail(f"{f}.area", f"{area} is not independent", "11.21")
        if t.key == "front":
            if AREAS[area].type in ("remote", "country") or areas[area]["resettled"]:
                fail(f"{f}.area", f"no Front in {area}", "6.2")
            if area in fronts:
                fail(f"{f}.area", f"a second Front in {area}", "6.2")
            fronts.add(area)
        if area == "FRANCE":
            if t.key != "cadre":
                fail(f"{f}.area", "only a Cadre may be in France", "11.22")
            in_france += 1
            if in_france > 1:
                fail(f"{f}.area", "only one Cadre may be in France", "11.22")


# --- what _units checks each counter's entry against, built once ----------------------------

UNIT_KEYS = ("area", "box", "neutralized", "mode", "helo", "removed")
AREA_OR_NONE = (None,) + tuple(AREAS)


def _unit_rules(uid: str) -> tuple[str, UnitType, tuple[Any, ...], tuple[Any, ...],
                                   tuple[str, ...]]:
    """What one counter's entry may hold: its field, its type, modes, removals, boxes (2.3)."""
    t = unit_type(uid)
    if t.side == "fln":
        boxes: tuple[str, ...] = ("UG", "OPS", "OC")
    else:
        boxes = ("OPS", "PTL", "OC") if t.mobile else ("PTL",)
    return (f"units.{uid}", t, ("concentrated", "dispersed") if t.key == "fr_div" else (None,),
            (None,) + REMOVED if t.side == "gov" else (None,), boxes)


UNIT_RULES = {uid: _unit_rules(uid) for uid in UNIT_IDS}


def _choice(v: Any, field: str, allowed: tuple[Any, ...], rule: str = "") -> Any:
    """``check_choice`` for choices of strings and null, by one lookup on the common path."""
    if (v is None or type(v) is str) and v in allowed:
        return v
    return check_choice(v, field, allowed, rule)


UNIT_KEYSET = frozenset(UNIT_IDS)
ENTRY_KEYSET = frozenset(UNIT_KEYS)


# --- states the machine produces from untrusted data --------------------------------------------


def check_produced(s: State, n: State) -> None:
    """The machine's ``check_result`` hook: the state ``n`` a move produced from ``s`` must be one
    the validator accepts when ``s`` was read by ``from_json`` (or descends from such a state:
    ``State._valid``) and a frame on its stack is not fully proven by its kind's check
    (``FrameType.proven``); otherwise the pending decisions' data was inconsistent: StateError,
    as in Colonial Twilight (engine.validate.check_produced). Games started by ``new_game`` hold
    no data the engine did not produce and skip the check."""
    if not s._valid or MACHINE.proven(s):
        return
    try:
        validate(n.to_data())   # reads n's containers, changes none
        n._checked = True   # serial.check_issued need not check it again
    except StateError as e:
        raise StateError(f"pending[{len(s.pending) - 1}]", "the pending decisions' data leads to"
                         f" an invalid state ({e.field}: {e.reason})", e.rule) from None


MACHINE.check_result = check_produced
