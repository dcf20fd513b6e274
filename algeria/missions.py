"""Rules 8.0 and 9.0: the Operations Phase and the procedure every mission follows; the table of
missions (``MISSIONS``), to which each side's chapter adds its missions with ``@mission``
(``algeria.fln_missions``: 9.11-9.15; the Government's 9.22-9.27 likewise).

Operations (8.0), prompt ``operations`` (frame ``{"k": "operations", "who", "passes",
"france"}``). At the start and after every mission the FLN holds the initiative:

* ``{"t": "mission", "mission": "propaganda", "area": "II-2"}`` declares a mission of the side to
  move (listed only where it can be conducted: a unit that may do it, the cost affordable, the
  once-per-area limit not reached);
* ``{"t": "hand_over"}`` (FLN only, v2.1): the Government is to conduct a mission or pass; not
  offered right after a Government pass (so the phase always ends);
* ``{"t": "pass"}``. After an FLN pass or hand-over the Government may conduct a mission or pass;
  two passes in succession end the phase. After any mission the FLN has the initiative again.

Mission procedure (9.0), frame ``mission`` (``{"k": "mission", "m": name, "who": side, "area",
"units", "stage", "ask", "data", "x"}``), stages in order:

1. ``declare`` (the mission's side): ``{"t": "unit", "unit": "cadre.4"}`` adds a unit
   (``Mission.candidates``: active, in the OPS box for the FLN, OPS or PTL for the Government),
   ``{"t": "go"}`` closes the declaration (``Mission.ready``). Automatic when no unit is to be
   chosen.
2. ``go``: the cost is paid (AP for the FLN, PSP for the Government, never down to PSL 0, digest
   A37) and a once-per-area mission is recorded in ``areas[a].done`` (France's one Propaganda a
   turn, 11.22: ``france`` of the operations frame).
3. ``resolve``: ``Mission.resolve(s, f, log)`` is called until it returns True. It reads its dice
   with ``mst`` / ``chance.dice`` (a roll frame is pushed and it returns False until the die is
   there) and its questions with ``ask`` (the frame's ``ask`` names the question and the side that
   answers; the moves are ``Mission.ask_moves``, each ``{"t": q, "value": v}``; the answer is kept
   in ``data[q]``). Once it has everything it applies the result in one go and may push follow-up
   frames (``combat.push_split``, ``combat.combat_frame``), which run before the next stage.
4. ``react``: after an FLN mission with ``react`` set, in an Algerian area, the Government may
   React (9.23, ``algeria.react``) against the mission's units still there
   (``Mission.react_area``); with ``must_react`` (Strike) it must, or lose 1d6 PSP.
5. ``end``: the acting units still in an OPS or PTL box go to the OC box (Police stay in PTL;
   units that evaded to UG stay there). The frame is popped; the FLN has the initiative.

A mission is a ``Mission`` subclass registered with ``@mission``; its class attributes are the
table row (``name``, ``side``, ``rule``, ``cost``, ``once``, ``react``, ``must_react``, ``dice``:
the die-key prefixes its ``x`` may hold, ``answers``: question -> kind of answer, "area" |
"unit" | "int" | "str", for validation; a question asked several times carries a number,
``pick0``, ``pick1`` …, of the kind of ``pick``; ``asked``: question -> the side that answers,
checked in an untrusted state), its methods the rules (``places``, ``area_ok``, ``candidates``,
``ready``, ``ask_moves``, ``resolve``, ``react_area``, ``check``).

Where a mission may be declared is told by predicates taking a ``why`` collector
(referee_core.why): ``affordable``, ``Mission.area_ok`` and ``open_in`` list the legal
declarations and, for an illegal one, name the condition that fails (``declare_ok``).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, NamedTuple

from referee_core.checks import check_bool, check_choice, check_int, check_obj, fail
from referee_core.why import SILENT, Why

from . import airpower, psl
from .labels import area_name, mission_name
from .chance import check_x, dice
from .combat import check_units
from .data import ALGERIAN, AREAS, TABLES, unit_type
from .machine import Frame, FrameType, Log, Move, State, emit, register
from .react import react_frame

STAGES = ("declare", "resolve", "react", "end")
ANSWER_KINDS = ("area", "unit", "int", "str")
MST_TABLE = TABLES["A3_B4_mission_success"]
MST_ROWS = {r["roll"]: (int(r["result"]), str(r["effect"])) for r in MST_TABLE["rows"]}
MST_LOW, MST_HIGH = MST_TABLE["clamp"]["below"], MST_TABLE["clamp"]["above"]


class Mission(ABC):
    """One row of the mission table; subclasses override what differs."""
    name = ""
    side = "fln"           # who conducts it
    rule = ""
    cost = 0               # AP (FLN) or PSP (Government), paid when the declaration closes
    once = False           # once per area per turn (9.0)
    react = False          # FLN: the Government may React afterwards (9.23)
    must_react = False     # Strike: React or lose 1d6 PSP (9.12)
    dice: tuple[str, ...] = ("m",)
    answers: dict[str, str] = {}
    asked: dict[str, str] = {}   # question -> the side that answers it (checked when listed)

    def places(self, s: State) -> tuple[str, ...]:
        """The areas the mission is ever conducted in (``area_ok`` decides which, now)."""
        return ALGERIAN

    def area_ok(self, s: State, area: str, why: Why = SILENT) -> bool:
        """May the mission be declared in ``area`` (one of ``places``) now, cost and once-per-area
        limit apart? Tells ``why`` the condition that fails."""
        return why.no(self.rule, "{} is never declared", self.name)

    def areas(self, s: State) -> list[str]:
        """Areas where the mission may be declared now (the framework adds cost and limit)."""
        return [a for a in self.places(s) if self.area_ok(s, a)]

    def candidates(self, s: State, f: Frame) -> list[str]:
        """Units that may join the declaration ``f`` now."""
        return []

    def ready(self, s: State, f: Frame) -> bool:
        """The declared units suffice to conduct the mission."""
        return bool(f["units"])

    def ask_moves(self, s: State, f: Frame, q: str) -> list[Move]:
        return []

    @abstractmethod
    def resolve(self, s: State, f: Frame, log: Log) -> bool:
        """Roll and apply the result; False while a die or an answer is awaited."""

    def react_area(self, s: State, f: Frame) -> str | None:
        return str(f["area"])

    def check(self, s: State, f: Frame) -> None:
        """Extra checks of an untrusted frame (StateError via ``fail``)."""


MISSIONS: dict[str, Mission] = {}


def mission(cls: type[Mission]) -> type[Mission]:
    inst = cls()
    assert inst.name and inst.name not in MISSIONS, inst.name
    assert set(inst.answers.values()) <= set(ANSWER_KINDS), inst.name
    MISSIONS[inst.name] = inst
    return cls


# --- helpers for mission rules ----------------------------------------------------------------

class MST(NamedTuple):
    die: int
    drm: int
    row: int          # the modified roll, read between -1 and 8
    number: int
    effect: str       # "", "+" (bad for the acting side) or "@" (good)

    def text(self) -> str:
        eff = f" {self.effect}" if self.effect else ""
        return f"MST die {self.die} DRM {self.drm:+d} = {self.row}: result {self.number}{eff}"


def mst(s: State, f: Frame, drm: int, purpose: str, rule: str) -> MST | None:
    """The Mission Success Table (A.3/B.4): 1d6 + DRM, read at -1 below and 8 above."""
    d = dice(s, f, "m", 1, purpose, rule)
    if d is None:
        return None
    row = max(MST_LOW, min(MST_HIGH, d + drm))
    return MST(d, drm, row, *MST_ROWS[row])


def ask(s: State, f: Frame, q: str, who: str) -> Any:
    """The answer to question ``q`` (asked of ``who``), or None while it is asked. A question
    with a single possible answer answers itself."""
    if q in f["data"]:
        return f["data"][q]
    opts = MISSIONS[f["m"]].ask_moves(s, f, q)
    assert opts, f"question {q} of {f['m']} has no answer"
    if len(opts) == 1:
        f["data"][q] = opts[0]["value"]
        return f["data"][q]
    f["ask"] = {"q": q, "who": who}
    return None


def patrol(s: State, area: str) -> int:
    """9.21: active Government units in the area's PTL box, -1 each to FLN missions."""
    return sum(1 for u in s.units_in(area, "PTL", "gov") if not s.units[u]["neutralized"])


def terrorize(s: State, area: str, log: Log, rule: str) -> None:
    """11.5: one Terror marker at most per area."""
    if not s.areas[area]["terror"]:
        s.area_w(area)["terror"] = True
        emit(log, rule, f"{area} is Terrorized", area=area)


def remote(s: State, area: str) -> bool:
    """A Remote area, printed or made so by Resettlement (9.27)."""
    return AREAS[area].type == "remote" or (area in s.areas and s.areas[area]["resettled"])


# --- the Operations Phase ---------------------------------------------------------------------

def ops_start() -> Frame:
    return {"k": "operations", "who": "fln", "passes": 0, "france": False}


def ops_frame(s: State) -> Frame:
    return next(f for f in reversed(s.pending) if f["k"] == "operations")


def new_frame(m: Mission, area: str) -> Frame:
    return {"k": "mission", "m": m.name, "who": m.side, "area": area, "units": [],
            "stage": "declare", "ask": None, "data": {}, "x": {}}


def done(s: State, m: Mission, area: str) -> bool:
    if not m.once:
        return False
    if area == "FRANCE":
        return bool(ops_frame(s)["france"])
    return area in s.areas and m.name in s.areas[area]["done"]


def affordable(s: State, m: Mission, why: Why = SILENT) -> bool:
    """9.0: the FLN pays AP; the Government pays PSP, never down to PSL 0 (digest A37)."""
    if m.side == "fln":
        return s.ap >= m.cost or why.no(m.rule, "the cost ({} costs {} AP and the FLN has {})",
                                        m.name, m.cost, s.ap)
    return m.cost == 0 or s.psl["gov"] - m.cost > 0 or why.no(
        m.rule, "the cost ({} costs {} PSP and the Government PSL is {}: never down to 0)",
        m.name, m.cost, s.psl["gov"])


def open_in(s: State, m: Mission, area: str, why: Why = SILENT) -> bool:
    """9.0: not yet conducted in ``area`` this turn if once per area (France: one Propaganda a
    turn, 11.22), and a unit able to conduct it there."""
    if done(s, m, area):
        if area == "FRANCE":
            return why.no("11.22", "once a turn in France ({} has already been conducted there"
                          " this turn)", m.name)
        return why.no("9.0", "once per area per turn ({} has already been conducted in {} this"
                      " turn)", m.name, area)
    trial = new_frame(m, area)
    return bool(m.candidates(s, trial)) or m.ready(s, trial) or why.no(
        m.rule, "no unit able to (none of the units in {} may conduct {})", area, m.name)


def declarable(s: State, m: Mission) -> list[str]:
    if not affordable(s, m):
        return []
    return [a for a in m.areas(s) if open_in(s, m, a)]


def declare_ok(s: State, m: Mission, area: object, why: Why = SILENT) -> bool:
    """May ``m`` be declared in ``area`` now? The conditions of ``declarable``, one by one."""
    if not isinstance(area, str) or area not in m.places(s):
        return why.no(m.rule, "{} is not conducted in {}", m.name, area)
    return affordable(s, m, why) and m.area_ok(s, area, why) and open_in(s, m, area, why)


class Operations(FrameType[State]):
    kind = "operations"
    rule = "8.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "passes", "france"))
        check_choice(f["who"], "who", ("gov", "fln"))
        check_int(f["passes"], "passes", 0, 1)
        check_bool(f["france"], "france")

    def prompt(self, s: State, f: Frame) -> str:
        return "Conduct a mission or pass (two passes in succession end the phase)"

    def moves(self, s: State, f: Frame) -> list[Move]:
        s.index_active()   # every mission asks of every area: its units indexed once
        try:
            out: list[Move] = [{"t": "mission", "mission": m.name, "area": a}
                               for m in MISSIONS.values() if m.side == f["who"]
                               for a in declarable(s, m)]
        finally:
            s.unindex_active()
        if f["who"] == "fln" and f["passes"] == 0:
            out.append({"t": "hand_over"})
        if f["who"] == "gov":
            out += airpower.airmobilize_moves(s)
        return out + [{"t": "pass"}]

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        if m.get("t") == "mission" and m.get("mission") in MISSIONS:
            mis = MISSIONS[m["mission"]]
            if mis.side != f["who"]:
                return f"it is not the {mis.side}'s turn to conduct a mission", "8.0"
            why = Why()
            declare_ok(s, mis, m.get("area"), why)
            if why.reasons:
                text, rule = why.reasons[0]
                return f"{mis.name} cannot be conducted in {m.get('area')} now: {text}", rule
        if m.get("t") == "hand_over":
            return "only the FLN hands over, and not right after a Government pass", "8.0"
        return super().explain(s, f, m)

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        t = m["t"]
        if t == "pass":
            emit(log, "8.0", f"{f['who']} passes")
            if f["passes"] == 1:
                s.pending.pop()
                return
            f["passes"] = 1
            f["who"] = "gov" if f["who"] == "fln" else "fln"
        elif t == "hand_over":
            emit(log, "8.0", "the FLN tells the Government to conduct a mission")
            f["who"] = "gov"
        elif t == "airmobilize":  # not a mission: the Government keeps the decision (11.12)
            airpower.airmobilize(s, m["unit"], log)
        else:
            mis = MISSIONS[m["mission"]]
            who = "the FLN" if mis.side == "fln" else "the Government"
            emit(log, mis.rule, f"{who} declares {mis.name.replace('_', ' ')} in {m['area']}",
                 mission=mis.name, area=m["area"])
            f["who"], f["passes"] = "fln", 0
            s.pending.append(new_frame(mis, m["area"]))


# --- the mission procedure --------------------------------------------------------------------

QUESTIONS = {  # what each mission's question (``Mission.answers``) asks, in words
    "dest": "choose the destination",
    "lost": "choose the raiding unit that is neutralized (Raid \"+\")",
    "police": "choose the Police unit to neutralize (Raid \"@\")",
    "target": "choose the unit to harass",
    "pick": "choose the FLN unit that is neutralized",
}


def question(q: str) -> str:
    """A repeated question carries a number (``pick0``, ``pick1`` …); its kind is the stem's."""
    stem = q.rstrip("0123456789")
    return stem if stem and stem != q and len(q) - len(stem) <= 3 else q


def _answer_ok(kind: str, v: Any, s: State) -> bool:
    if kind == "area":
        return v in AREAS
    if kind == "unit":
        return type(v) is str and v in s.units
    if kind == "int":
        return type(v) is int and -999 <= v <= 999
    return type(v) is str and len(v) <= 40


class MissionFrame(FrameType[State]):
    kind = "mission"
    rule = "9.0"

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "m", "who", "area", "units", "stage", "ask", "data", "x"))
        m = MISSIONS[check_choice(f["m"], "m", tuple(MISSIONS), "9.0")]
        check_choice(f["who"], "who", (m.side,), m.rule)
        check_choice(f["area"], "area", tuple(AREAS), m.rule)
        lst = check_units(s, f, "units", None)
        st = check_choice(f["stage"], "stage", STAGES)
        data = check_obj(f["data"], "data")
        for k, v in data.items():
            kind = m.answers.get(question(k))
            if kind is None:
                fail(f"data.{k}", f"{m.name} asks no such question", m.rule)
            if not _answer_ok(kind, v, s):
                fail(f"data.{k}", f"not an answer of kind {kind}", m.rule)
        if f["ask"] is not None:
            a = check_obj(f["ask"], "ask", ("q", "who"))
            if type(a["q"]) is not str or question(a["q"]) not in m.answers:
                fail("ask.q", f"{m.name} asks no such question", m.rule)
            who = m.asked.get(question(a["q"]))
            check_choice(a["who"], "ask.who", (who,) if who else ("fln", "gov"), m.rule)
            if st != "resolve" or a["q"] in data:
                fail("ask", "a question is asked only while resolving, once", m.rule)
        check_x(f, m.dice)
        if st in ("declare", "resolve"):   # nothing has moved yet: the declaration replays
            trial = new_frame(m, f["area"])
            for i, u in enumerate(lst):
                if u not in m.candidates(s, trial):
                    fail(f"units[{i}]", f"{u} may not take part in this {m.name}", m.rule)
                trial["units"].append(u)
            if st == "resolve" and not m.ready(s, trial):
                fail("units", f"not enough units for {m.name}", m.rule)
        m.check(s, f)

    def actor(self, s: State, f: Frame) -> str:
        st = f["stage"]
        if st == "declare":
            m = MISSIONS[f["m"]]
            if not m.candidates(s, f) and m.ready(s, f):
                return "auto"
            return str(f["who"])
        if st == "resolve" and f["ask"] is not None:
            return str(f["ask"]["who"])
        return "auto"

    def prompt(self, s: State, f: Frame) -> str:
        m = MISSIONS[f["m"]]
        if f["stage"] == "declare":
            return f"{mission_name(m.name)} in {area_name(f['area'])}: choose the units, then go"
        if not f["ask"]:
            return mission_name(m.name)
        return (f"{mission_name(m.name)} in {area_name(f['area'])}:"
                f" {QUESTIONS[question(f['ask']['q'])]}")

    def explain(self, s: State, f: Frame, m: Move) -> tuple[str, str]:
        return super().explain(s, f, m)[0], MISSIONS[f["m"]].rule

    def moves(self, s: State, f: Frame) -> list[Move]:
        m = MISSIONS[f["m"]]
        if f["stage"] == "declare":
            out: list[Move] = [{"t": "unit", "unit": u} for u in m.candidates(s, f)]
            return out + ([{"t": "go"}] if m.ready(s, f) else [])
        return m.ask_moves(s, f, f["ask"]["q"]) if f["ask"] else []

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "unit":
            f["units"].append(m["unit"])
        elif m["t"] == "go":
            self.go(s, f, log)
        else:
            f["data"][f["ask"]["q"]] = m["value"]
            f["ask"] = None

    def go(self, s: State, f: Frame, log: Log) -> None:
        m = MISSIONS[f["m"]]
        who = ", ".join(f["units"])
        emit(log, m.rule, f"{m.name} in {f['area']}" + (f" by {who}" if who else ""),
             mission=m.name, area=f["area"], units=list(f["units"]))
        if m.side == "fln":
            if m.cost:
                psl.add_ap(s, -m.cost, log, m.rule, mission_name(m.name))
        else:
            psl.lose(s, "gov", m.cost, log, m.rule, mission_name(m.name))
        if m.once:
            if f["area"] == "FRANCE":
                ops_frame(s)["france"] = True
            else:
                s.area_w(f["area"])["done"].append(m.name)
        f["stage"] = "resolve"

    def step(self, s: State, f: Frame, log: Log) -> None:
        m = MISSIONS[f["m"]]
        st = f["stage"]
        if st == "declare":
            self.go(s, f, log)
        elif st == "resolve":
            if m.resolve(s, f, log):
                f["stage"] = "react"
        elif st == "react":
            f["stage"] = "end"
            area = m.react_area(s, f) if m.react else None
            if area is None or area not in ALGERIAN:
                return
            left = [u for u in f["units"] if s.units[u]["area"] == area]
            if left or m.must_react:
                s.pending.append(react_frame(area, left, strike=m.must_react))
        else:
            for u in f["units"]:
                d = s.units[u]
                if d["area"] is not None and d["box"] in ("OPS", "PTL") \
                        and unit_type(u).key != "police":
                    s.unit_w(u)["box"] = "OC"
            s.pending.pop()


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Operations)
register(MissionFrame)
