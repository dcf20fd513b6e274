"""Operations and Special Activities in general (3.1, 4.1): the frame protocol every Operation and
Special Activity follows. The Operations themselves live in ops_gov.py / ops_fln.py, the Special
Activities in sa_gov.py / sa_fln.py.

An Operation frame::

    {"k": "op:sweep", "who": "gov", "op": "sweep",
     "role": "first" | "second" | None,   # None: a free Operation granted by an Event (5.5)
     "box": None | "limited_op" | "op_only" | "op_plus_sa",   # the Second Eligible's box (2.3.2)
     "free": bool, "sa_ok": bool,         # may a Special Activity accompany it (4.1, 2.3.4)?
     "sa": None | "troop_lift" ...,       # the Special Activity performed, once done
     "locs": [...],                       # selected locations in order (spaces or track names)
     "stage": "main" | "post",            # "post": Operation resolved, SA may still follow (4.1)
     "x": {...}}                          # the Operation's own working data

Moves common to every Operation: ``{"t": "sa", "sa": NAME}`` starts the accompanying Special
Activity (before, during or after the Operation, 4.1) and ``{"t": "done"}`` ends the Operation (or
its "post" stage). A Special Activity frame ``{"k": "sa:NAME", "who", "sa", "op", "free", "locs",
"x"}`` ends with ``{"t": "done"}`` after at least one selection.
"""

from __future__ import annotations

from typing import Any, ClassVar

from referee_core.checks import (
    check_bool, check_choice, check_list, check_obj, fail, frame_below, show,
)
from referee_core.native import mypyc_attr
from referee_core.why import SILENT, Why

from .data import OAS, SPACES
from .frame_checks import FACTIONS, check_eligible, check_on_card, eligible_stage
from .machine import FRAMES, FrameType, Log, emit, pop, push, register
from .state import Frame, Move, State

TRACKS = ("france_track", "border_zone")
LOCATIONS = frozenset(SPACES) | frozenset(TRACKS)  # where Operations act (3.1)
DONE: Move = {"t": "done"}

OP_FRAME = ("k", "who", "op", "role", "box", "free", "sa_ok", "sa", "locs", "stage", "x")
SA_FRAME = ("k", "who", "sa", "op", "free", "locs", "x")

OPS: dict[str, Operation] = {}
SAS: dict[str, SpecialActivity] = {}


def op_frame(name: str, who: str, role: str | None, box: str | None, free: bool = False,
             sa_ok: bool | None = None) -> Frame:
    if sa_ok is None:
        sa_ok = (not free) and box in (None, "op_plus_sa")
    return {"k": "op:" + name, "who": who, "op": name, "role": role, "box": box, "free": free,
            "sa_ok": sa_ok, "sa": None, "locs": [], "stage": "main", "x": {}}


class Operation(FrameType):
    """Base of the eight Operations (3.2.1-3.3.4)."""

    name: str = ""
    # an Eligible player's Operation, or an Event's free one (5.1.3)
    below = ("card", "event")
    faction: str = ""  # "gov" or "fln": whose Operation it is (3.2, 3.3)
    cost: int = 0  # Resources per location (3.1)
    sas: tuple[str, ...] = ()  # Special Activities that may accompany it (4.1.1)
    places_pieces = False  # Train, Rally: place pieces, from the map when none is Available (1.4.1)

    # -- to be provided by each Operation ---------------------------------------------------
    def op_moves(self, s: State, f: Frame) -> list[Move]:
        """The Operation's own moves (selecting spaces, moving pieces, choosing targets)."""
        return []

    def op_any(self, s: State, f: Frame) -> bool:
        """``bool(self.op_moves(s, f))``, stopping at the first move where an Operation can tell
        (``can_start`` asks it of every Operation at every Eligible decision)."""
        return bool(self.op_moves(s, f))

    def op_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        raise AssertionError(f"{self.kind} offered a move it does not apply: {m}")

    def can_finish(self, s: State, f: Frame) -> bool:
        """May ``done`` be chosen now? Default: at least one location and no step half-way, or – when
        a Special Activity done first (4.1) left nothing selectable – no location at all. A free
        Operation granted by an Event (5.5, ``role`` None) may also end with no location when
        every location it could select needs a piece taken from the map: that is an option,
        never an obligation (1.4.1 "may"; 5.1.3 binds only what can be done otherwise)."""
        if f["x"].get("busy"):
            return False
        if len(f["locs"]) >= 1 or (f["sa"] is not None and not self.op_moves(s, f)):
            return True
        return self.places_pieces and f["role"] is None and not self.selectable(s, f, False)

    def selectable(self, s: State, f: Frame, from_map: bool = True) -> list[str]:
        """(Operations that place pieces) the locations that may be selected now; without
        ``from_map``, only those where something can be done with no piece taken from the map
        (1.4.1)."""
        return []

    def finish(self, s: State, f: Frame, log: Log) -> None:
        """Resolution that happens when the player declares the Operation complete."""

    def can_start(self, s: State, who: str, role: str | None, box: str | None, free: bool) -> bool:
        """Is there at least one way to begin this Operation (so that offering it is no dead end)?
        A player short of Resources may still start it if an accompanying Special Activity that
        earns Resources (Extort, 4.1 example) can come first and the Operation is then possible."""
        f = op_frame(self.name, who, role, box, free)
        if self.op_any(s, f):
            return True
        if not any(n in SAS and SAS[n].earns and SAS[n].can_start(s, f) for n in self.sas
                   if f["sa_ok"]):
            return False
        rich = s.shared_copy()  # legal moves only read the state
        rich.resources = {**s.resources, who: 50}
        return self.op_any(rich, f)

    def check_frame(self, s: State, f: Frame) -> None:
        """3.1, 4.1: an Operation in progress (its kind may be a variant, e.g. an Event's free
        Operation, so ``op`` need not repeat it). Operations may keep further fields."""
        _required(f, OP_FRAME)
        if type(f["op"]) is not str:
            fail("op", "must be the name of the Operation")
        check_choice(f["who"], "who", FACTIONS)
        role = check_choice(f["role"], "role", ("first", "second", None), "2.3.2")
        check_choice(f["box"], "box", (None, "limited_op", "op_only", "op_plus_sa"), "2.3.2")
        check_bool(f["free"], "free")
        check_bool(f["sa_ok"], "sa_ok")
        if f["sa"] is not None and type(f["sa"]) is not str:
            fail("sa", "must be the name of a Special Activity or null")
        _check_locs(f["locs"], True)
        check_choice(f["stage"], "stage", ("main", "post"), "4.1")
        check_obj(f["x"], "x")
        if f["sa"] is not None and f["sa"] not in self.sas + ("oas",):
            fail("sa", f"{show(f['sa'])} does not accompany {self.name}", "4.1")
        if f["op"] != self.name:
            fail("op", f"must be {self.name!r}")
        if f["who"] != self.faction:
            fail("who", f"{self.name} is an Operation of the {self.faction}", "3.1")
        if "record_box" in f:  # 7.3 Hidden Asset: the cylinder stays in Limited Op
            check_choice(f["record_box"], "record_box", ("limited_op",), "7.3")
        if frame_below(s)["k"] == "card":
            if role is None:
                fail("role", "an Operation chosen on the card is the first or second Eligible"
                     " player's", "2.3.2")
            check_eligible(f["who"], role, s.sop)
            check_on_card(s, eligible_stage(role))
        elif role is not None or not f["free"]:
            fail("free", "an Operation an Event grants is free and belongs to no Eligible"
                 " role", "5.5")
        self.check_data(s, f)

    def check_data(self, s: State, f: Frame) -> None:
        """The Operation's own working data (``x`` and further fields) against the board;
        called by ``check_frame`` (StateError naming the field); the entries of ``x`` it proves
        are listed in ``checked_x``."""

    checked_x: frozenset[str] = frozenset()

    def proven(self, s: State, f: Frame) -> bool:
        return bool(f["x"].keys() <= self.checked_x)

    # -- shared helpers ---------------------------------------------------------------------
    def title(self) -> str:
        return self.name.replace("_", " ").title()

    def prompt(self, s: State, f: Frame) -> str:
        """Each stage its own words (4.1): selecting and acting, then, the Operation resolved,
        the Special Activity that may still accompany it."""
        if f["stage"] == "post":
            return f"{self.title()} done: add a Special Activity, or finish without one"
        if f["sa"] is None and self.sa_starts(s, f):
            return (f"{self.title()}: select a location, act, or finish (a Special Activity may"
                    " come before, during or after)")
        return f"{self.title()}: select a location, act, or finish"

    def decision_kind(self, s: State, f: Frame) -> str:
        """``op:NAME`` while locations are selected and resolved, ``op:NAME:after`` once the
        Operation is resolved and only its Special Activity (or none) remains (4.1)."""
        return str(f["k"]) + (":after" if f["stage"] == "post" else "")

    def may_add_location(self, f: Frame, why: Why = SILENT) -> bool:
        """2.3.4: a Limited Operation has exactly one location; an Event may cap a free Operation's
        locations with ``x["max_locs"]``."""
        cap = 1 if f["box"] == "limited_op" else f["x"].get("max_locs")
        if cap is None or len(f["locs"]) < cap:
            return True
        if f["box"] == "limited_op":
            return why.no("2.3.4", "a Limited Operation has a single location ({})", f["locs"][0])
        return why.no("5.5", "the Event allows {} location(s) only", cap)

    def price(self, s: State, f: Frame, n: int = 1) -> int:
        return 0 if f["free"] else self.cost * n

    def affordable(self, s: State, f: Frame, n: int = 1, why: Why = SILENT) -> bool:
        if s.resources[f["who"]] >= self.price(s, f, n):
            return True
        return why.no("3.1", "Resources are short: {} costs {} per location and {} has {}",
                      self.name.title(), self.price(s, f, n), f["who"], s.resources[f["who"]])

    def may_select(self, s: State, f: Frame, why: Why = SILENT) -> bool:
        """May another location be selected now (whichever)? 2.3.4, 3.1."""
        return self.may_add_location(f, why) and self.affordable(s, f, why=why)

    def location_ok(self, s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
        """May ``n`` be selected (the frame allowing a selection)? Each Operation that selects
        with ``{"t": "space"}`` answers with its rule's conditions."""
        return why.no(self.rule, "{} does not select locations with a space move", self.name)

    def select_ok(self, s: State, f: Frame, n: str, why: Why = SILENT) -> bool:
        if n in f["locs"]:
            return why.no("3.1", "{} is already selected for this {}", n, self.name.title())
        return self.may_select(s, f, why) and self.location_ok(s, f, n, why)

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        """4.1 (Special Activities, done), then the Operation's own moves (``why_not_op``)."""
        t = m["t"]
        if t == "sa":
            self.why_not_sa(s, f, m.get("sa"), why)
        elif t == "done":
            if f["stage"] == "post" or self.can_finish(s, f):
                pass
            elif f["x"].get("busy"):
                why.no(self.rule, "a step is half-way (a picked piece awaits its destination)")
            elif not f["locs"]:
                why.no("3.1", "select at least one location first")
        elif f["stage"] == "post":
            why.no("4.1", "the {} is resolved: only its Special Activity or done remain",
                   self.name.title())
        else:
            self.why_not_op(s, f, m, why)

    def why_not_op(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if m["t"] == "space" and isinstance(m.get("space"), str):
            self.select_ok(s, f, m["space"], why)

    def why_not_sa(self, s: State, f: Frame, name: Any, why: Why) -> None:
        """4.1, 4.1.1, 2.3.4: which Special Activity may accompany this Operation, and when."""
        if not f["sa_ok"]:
            why.no("4.1", "no Special Activity may accompany this {} (its box or the Event"
                   " granting it)", self.name.title())
        elif f["sa"] is not None:
            why.no("4.1", "a Special Activity ({}) has already accompanied it", f["sa"])
        elif f["x"].get("busy"):
            why.no("4.1", "not while a step of the Operation is half-way")
        elif name not in self.sas and not (name == "oas" and str(OAS) in s.cards["capabilities"]):
            why.no("4.1.1", "{} may be accompanied by {} only", self.name.title(),
                   " or ".join(self.sas))
        elif name in SAS and not SAS[name].can_start(s, f):
            why.no(SAS[name].rule, "{} has nothing it could select now", name)

    def pay(self, s: State, f: Frame, n: int = 1) -> None:
        p = self.price(s, f, n)
        assert s.resources[f["who"]] >= p
        s.resources[f["who"]] -= p

    def add_location(self, s: State, f: Frame, loc: str, log: Log, pay: bool = True) -> None:
        assert loc not in f["locs"]
        f["locs"].append(loc)
        if pay:
            self.pay(s, f)
        emit(log, self.rule, f"{self.name} in {loc}", actor=f["who"], op=self.name, space=loc)

    def sa_starts(self, s: State, f: Frame) -> list[Move]:
        """The Special Activities that may start now (4.1) – none while a step of the Operation is
        half-way (``busy``: e.g. a picked piece awaits its destination)."""
        if not f["sa_ok"] or f["sa"] is not None or f["x"].get("busy"):
            return []
        names = self.sas + (("oas",) if str(OAS) in s.cards["capabilities"] else ())
        return [{"t": "sa", "sa": n} for n in names if n in SAS and SAS[n].can_start(s, f)]

    # -- the frame protocol -----------------------------------------------------------------
    def moves(self, s: State, f: Frame) -> list[Move]:
        if f["stage"] == "post":
            return self.sa_starts(s, f) + [DONE]
        ms = self.op_moves(s, f) + self.sa_starts(s, f)
        if self.can_finish(s, f):
            ms.append(DONE)
        return ms

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "sa":
            push(s, sa_frame(m["sa"], f))
        elif m["t"] == "done" and f["stage"] == "main":
            self.declare_done(s, f, log)
        elif m["t"] == "done":
            self.complete(s, f, log)
        else:
            self.op_apply(s, f, m, log)

    def declare_done(self, s: State, f: Frame, log: Log) -> None:
        """The player declares the Operation done: resolve it; a Special Activity may still follow
        (4.1), else the Operation is complete."""
        self.finish(s, f, log)
        if self.sa_starts(s, f):
            f["stage"] = "post"
        else:
            self.complete(s, f, log)

    def complete(self, s: State, f: Frame, log: Log) -> None:
        """End the Operation: record the Initiative Track box (2.3.2) and return to the caller."""
        box = recorded_box(f)
        if f["role"] is not None:
            s.sop[f["role"] + "_box"] = box
        pop(s)
        emit(log, "2.3.2", f"{self.name} complete", actor=f["who"], op=self.name, box=box,
             locations=list(f["locs"]))


def recorded_box(f: Frame) -> str:
    """The Initiative Track box the Operation ``f`` records (2.3.2): the box it was chosen in (or
    Limited Op for a Hidden Asset, 7.3), else Op + Special Activity with one, Limited Op in one
    location, Op Only in more; while it is under way, the box it records if no location is added
    (an Operation has at least one, 3.1)."""
    box = f.get("record_box") or f["box"]
    if box is None:
        box = "op_plus_sa" if f["sa"] else ("limited_op" if len(f["locs"]) <= 1 else "op_only")
    return str(box)


def sa_frame(name: str, op: Frame | None, who: str | None = None, free: bool = False) -> Frame:
    return {"k": "sa:" + name, "who": who or (op["who"] if op else ""), "sa": name,
            "op": op["op"] if op else None, "free": free if op is None else op["free"] or free,
            "locs": [], "x": {}}


@mypyc_attr(allow_interpreted_subclasses=True)
class SpecialActivity(FrameType):
    """Base of the Special Activities: the six of 4.2.1-4.3.3 and OAS (5.3.1, registered with the
    Pivotal Events in engine.cards.pivotal)."""

    name: ClassVar[str] = ""
    earns: ClassVar[bool] = False  # gains Resources (Extort, 4.3.1)
    below = ("op:",)

    def check_frame(self, s: State, f: Frame) -> None:
        """4.1: a Special Activity in progress; one accompanying an Operation sits on it."""
        _required(f, SA_FRAME)
        if type(f["sa"]) is not str:
            fail("sa", "must be the name of the Special Activity")
        check_choice(f["who"], "who", FACTIONS)
        if f["op"] is not None and type(f["op"]) is not str:
            fail("op", "must be the name of an Operation or null")
        check_bool(f["free"], "free")
        _check_locs(f["locs"], False)
        check_obj(f["x"], "x")
        if f["sa"] != self.name:
            fail("sa", f"must be {self.name!r}")
        below = frame_below(s)
        if below["k"].startswith("op:"):
            if f["op"] != below["op"] or f["who"] != below["who"]:
                fail("op", f"a Special Activity accompanying {show(below['op'])} sits on that"
                     " Operation, with its player", "4.1")
            if below["sa"] is not None or below["x"].get("busy") or not below["sa_ok"]:
                fail("", "the Operation below may not be accompanied by a Special Activity now",
                     "4.1")
        elif f["op"] is not None:
            fail("op", "a Special Activity an Event grants accompanies no Operation", "5.5")
        self.check_data(s, f)

    checked_x: ClassVar[frozenset[str]] = frozenset()  # the entries of x check_data proves

    def check_data(self, s: State, f: Frame) -> None:
        """The Special Activity's own working data against the board (see Operation)."""

    def proven(self, s: State, f: Frame) -> bool:
        return bool(f["x"].keys() <= self.checked_x)

    def sa_moves(self, s: State, f: Frame) -> list[Move]:
        return []

    def sa_apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        raise AssertionError(f"{self.kind} offered a move it does not apply: {m}")

    def sa_any(self, s: State, f: Frame) -> bool:
        """``bool(self.sa_moves(s, f))``, stopping at the first move where a Special Activity can
        tell (``can_start`` asks it of every Special Activity at every Operation decision)."""
        return bool(self.sa_moves(s, f))

    def can_start(self, s: State, op: Frame) -> bool:
        """May this Special Activity start now, accompanying Operation frame ``op``?"""
        return self.sa_any(s, sa_frame(self.name, op))

    def can_finish(self, s: State, f: Frame) -> bool:
        return len(f["locs"]) >= 1 and not f["x"].get("busy")

    def finish(self, s: State, f: Frame, log: Log) -> None:
        """Resolution when the player declares the Special Activity complete."""

    def why_not(self, s: State, f: Frame, m: Move, why: Why) -> None:
        if m["t"] == "done":
            if self.can_finish(s, f):
                pass
            elif f["x"].get("busy"):
                why.no(self.rule, "a picked piece awaits its destination")
            elif not f["locs"]:
                why.no("4.1", "select at least one location first")
        else:
            self.why_not_sa(s, f, m, why)

    def why_not_sa(self, s: State, f: Frame, m: Move, why: Why) -> None:
        """The Special Activity's own conditions (through its predicates)."""

    def prompt(self, s: State, f: Frame) -> str:
        return f"{self.name.replace('_', ' ').title()}: select, act, or finish"

    def moves(self, s: State, f: Frame) -> list[Move]:
        ms = self.sa_moves(s, f)
        if self.can_finish(s, f):
            ms.append(DONE)
        return ms

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            self.finish(s, f, log)
            pop(s)
            if s.pending and s.pending[-1]["k"].startswith("op:"):
                s.pending[-1]["sa"] = self.name
            emit(log, "4.1", f"{self.name} complete", actor=f["who"], sa=self.name,
                 locations=list(f["locs"]))
        else:
            self.sa_apply(s, f, m, log)


def _required(f: Frame, keys: tuple[str, ...]) -> None:
    for key in keys:
        if key not in f:
            fail(key, "missing field")


def _check_locs(v: Any, distinct: bool) -> None:
    """Where the Operation or Special Activity acted: spaces or tracks (each once, for an
    Operation: 3.1)."""
    locs = check_list(v, "locs")
    for j, loc in enumerate(locs):
        if type(loc) is not str or loc not in LOCATIONS or (distinct and locs.index(loc) != j):
            fail(f"locs[{j}]", "must be a space or a track" + (", each once" if distinct else ""),
                 "3.1")


def register_op(cls: type[Operation]) -> type[Operation]:
    register(cls)
    op = FRAMES[cls().kind]
    assert isinstance(op, Operation) and op.kind == "op:" + op.name, op.kind
    OPS[op.name] = op
    return cls


def register_sa(cls: type[SpecialActivity]) -> type[SpecialActivity]:
    register(cls)
    sa = FRAMES[cls().kind]
    assert isinstance(sa, SpecialActivity) and sa.kind == "sa:" + sa.name, sa.kind
    SAS[sa.name] = sa
    return cls

