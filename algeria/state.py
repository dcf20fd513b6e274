"""The Algeria state, ``algeria-state/1`` (docs/algeria/state.md): plain data, no object graph.

Every one of the 120 unit counters is always present under its fixed id (``fr_div.3``,
``cadre.17`` …), with ``area`` = null while it is off the map (Government: not mobilized or
removed by an event; FLN: in the pool, 2.0). Anything derivable (control points, income) is
derived; ``control`` is stored because the rules fix it in the Interphase until the next (10.1).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee_core.plain import copy_plain

from .data import ALGERIAN, UNIT_IDS, UNIT_KEY, UNITS_OF_TYPE, unit_type

SCHEMA = "algeria-state/1"
Frame = dict[str, Any]
Move = dict[str, Any]


def new_area() -> dict[str, Any]:
    # control: None (Contested) | "gov" | "fln" (10.1); terror (11.5); resettled (9.27);
    # done: the once-per-area-per-turn missions already conducted there this turn (9.0).
    return {"control": None, "terror": False, "resettled": False, "done": []}


def new_unit(uid: str) -> dict[str, Any]:
    # mode: fr_div only, "concentrated" | "dispersed" (11.7); helo: airmobile (11.12);
    # removed: why an off-map Government unit may not be mobilized now ("nato", "suez", "coup").
    return {"area": None, "box": None, "neutralized": False,
            "mode": "concentrated" if unit_type(uid).key == "fr_div" else None,
            "helo": False, "removed": None}


# the document's fields, in order (``State.document``)
FIELDS: tuple[str, ...] = (
    "scenario", "options", "rng", "turn", "phase", "psl", "ap", "air", "helo", "naval",
    "border_zone", "independence", "oas", "effects", "suez", "slow_lifted", "short_lead",
    "areas", "units", "pending", "result")


@dataclass
class State:
    scenario: str
    options: dict[str, Any]
    rng: dict[str, int]
    turn: int = 1
    phase: str = "setup"
    psl: dict[str, int] = field(default_factory=lambda: {"fln": 50, "gov": 65})
    ap: int = 0
    air: dict[str, int] = field(default_factory=lambda: {"max": 0, "available": 0})
    helo: dict[str, int] = field(default_factory=lambda: {"max": 0, "available": 0})
    naval: int = 0
    border_zone: dict[str, Any] = field(default_factory=lambda: {"value": None, "active": False})
    independence: bool = False
    oas: dict[str, Any] = field(
        default_factory=lambda: {"active": False, "controller": None, "area": None})
    effects: list[str] = field(default_factory=list)   # this turn's event effects (5.0)
    suez: bool = False      # the Suez Crisis has happened (it happens once, C.2 61-62)
    slow_lifted: bool = False   # option 13.1 no longer restricts mobilization
    short_lead: str | None = None   # option 13.3: the side 26+ ahead at the last check
    areas: dict[str, dict[str, Any]] = field(
        default_factory=lambda: {a: new_area() for a in ALGERIAN})
    units: dict[str, dict[str, Any]] = field(
        default_factory=lambda: {u: new_unit(u) for u in UNIT_IDS})
    pending: list[Frame] = field(default_factory=list)
    result: dict[str, Any] | None = None

    # read from untrusted text by the validator, or made by ``apply`` from such a state: each
    # state ``apply`` produces from it is held to the validator (validate.check_produced)
    _valid = False
    # this very state's data passed the validator (serial.check_issued need not check it
    # again); not carried by ``copy``
    _checked = False
    # the legal moves, once listed (the machine's ``cache_legal``: a state is never changed once
    # shared, and ``apply`` changes only the copy it makes); not carried by ``copy``
    _legal: list[Move] | None = field(default=None, init=False, repr=False, compare=False)
    # while the missions are listed (``missions.Operations.moves``, which changes nothing): the
    # non-neutralized units by (area, box) and (area, None), in the order of ``units``, for
    # ``active``; not carried by ``copy``
    _active_at: dict[tuple[str, str | None], list[str]] | None = field(
        default=None, init=False, repr=False, compare=False)
    # the same while they are listed: every unit on the map by area, for ``units_in``
    _in_area: dict[str, list[str]] | None = field(
        default=None, init=False, repr=False, compare=False)

    # copy-on-write (``fork``): the units and areas whose data this state alone holds (None:
    # all of them); any other it shares with a fork, and a rules module changes it only through
    # ``unit_w`` / ``area_w``
    _own_units: set[str] | None = field(default=None, init=False, repr=False, compare=False)
    _own_areas: set[str] | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:   # the fields the constructor does not take
        self._legal = None
        self._active_at = None
        self._in_area = None
        self._own_units = None
        self._own_areas = None

    def unit_w(self, uid: str) -> dict[str, Any]:
        """Unit ``uid``'s data, to be changed: this state's own (copied first if it is shared)."""
        own = self._own_units
        d = self.units[uid]
        if own is None or uid in own:
            return d
        d = self.units[uid] = d.copy()  # a unit holds scalars only
        own.add(uid)
        return d

    def area_w(self, area: str) -> dict[str, Any]:
        """Area ``area``'s data, to be changed: this state's own (copied first if it is
        shared)."""
        own = self._own_areas
        a = self.areas[area]
        if own is None or area in own:
            return a
        a = self.areas[area] = {**a, "done": list(a["done"])}  # scalars and the list ``done``
        own.add(area)
        return a

    def copy(self) -> State:
        """A copy sharing no container with this state (callers may change it as they like)."""
        s = self._copy_rest()
        s.areas = copy_plain(self.areas)
        s.units = {u: v.copy() for u, v in self.units.items()}  # a unit holds scalars only
        s._own_units = s._own_areas = None
        return s

    def fork(self) -> State:
        """A copy for ``apply``: the units' and areas' data shared with this state until one of
        the two changes them, through ``unit_w`` / ``area_w`` (the rules modules change them only
        so)."""
        s = self._copy_rest()
        s.areas = dict(self.areas)
        s.units = dict(self.units)
        s._own_units, s._own_areas = set(), set()
        self._own_units, self._own_areas = set(), set()
        return s

    def _copy_rest(self) -> State:
        """A copy of every field but the units and the areas (which ``copy`` and ``fork`` set)."""
        s = State.__new__(State)  # every field is set below: no default is built
        s.scenario = self.scenario
        s.options = copy_plain(self.options)
        s.rng = dict(self.rng)
        s.turn = self.turn
        s.phase = self.phase
        s.psl = dict(self.psl)
        s.ap = self.ap
        s.air = dict(self.air)
        s.helo = dict(self.helo)
        s.naval = self.naval
        s.border_zone = copy_plain(self.border_zone)
        s.independence = self.independence
        s.oas = copy_plain(self.oas)
        s.effects = list(self.effects)
        s.suez = self.suez
        s.slow_lifted = self.slow_lifted
        s.short_lead = self.short_lead
        s.pending = copy_plain(self.pending)
        s.result = copy_plain(self.result)
        s._valid = self._valid
        s._checked = False
        s._legal = None
        s._active_at = None
        s._in_area = None
        return s

    def document(self) -> dict[str, Any]:
        """The ``algeria-state/1`` document of this state, holding its containers (for reading
        only: ``to_json``, the validator)."""
        d = {k: getattr(self, k) for k in FIELDS}
        d["schema"] = SCHEMA
        return d

    def to_data(self) -> dict[str, Any]:
        """The ``algeria-state/1`` document of a copy of this state (the caller may keep it)."""
        return self.copy().document()

    # --- queries used by every chapter ------------------------------------------------------

    def units_in(self, area: str, box: str | None = None, side: str | None = None) -> list[str]:
        units = self.units
        at = self._in_area
        here = at.get(area, []) if at is not None else [u for u, d in units.items()
                                                          if d["area"] == area]
        return [u for u in here if (box is None or units[u]["box"] == box)
                and (side is None or unit_type(u).side == side)]

    def active(self, area: str, box: str | None, keys: tuple[str, ...]) -> list[str]:
        """Non-neutralized units of the types ``keys`` in ``area`` (and ``box``)."""
        at = self._active_at
        if at is not None:
            return [u for u in at.get((area, box), ()) if UNIT_KEY[u] in keys]
        return [u for u, d in self.units.items()
                if d["area"] == area and (box is None or d["box"] == box)
                and not d["neutralized"] and UNIT_KEY[u] in keys]

    def index_active(self) -> None:
        """Index the units by area for ``units_in``, and the non-neutralized ones for ``active``,
        until ``unindex_active``: only while nothing changes this state."""
        at: dict[tuple[str, str | None], list[str]] = {}
        in_area: dict[str, list[str]] = {}
        for u, d in self.units.items():
            area = d["area"]
            if area is None:
                continue
            in_area.setdefault(area, []).append(u)
            if not d["neutralized"]:
                at.setdefault((area, None), []).append(u)
                if d["box"] is not None:
                    at.setdefault((area, d["box"]), []).append(u)
        self._active_at = at
        self._in_area = in_area

    def unindex_active(self) -> None:
        """``units_in`` and ``active`` read the units again (``index_active``'s index dropped)."""
        self._active_at = None
        self._in_area = None

    def pool(self, key: str) -> list[str]:
        """Counters of type ``key`` off the map and not held out by an event, in counter-number
        order (the same whatever order the units came in: a state read from its canonical JSON
        has them sorted as text)."""
        units = self.units
        return [u for u in UNITS_OF_TYPE.get(key, ())
                if units[u]["area"] is None and units[u]["removed"] is None]
