"""Unit bookkeeping shared by every chapter: neutralizing (2.3), taking units off the map
(events, 5.0), and the simple queries the rules name."""

from __future__ import annotations

from .data import AREAS, UNIT_KEY, WILAYAS, unit_type
from .state import State


def key(uid: str) -> str:
    """The type of counter ``uid`` (``cadre.17``: ``cadre``), also of an id no counter has."""
    k = UNIT_KEY.get(uid)
    return k if k is not None else uid.split(".", 1)[0]


def neutralize(s: State, uid: str) -> None:
    """2.3: a neutralized unit goes to the OC box (Police stay in PTL)."""
    u = s.unit_w(uid)
    u["neutralized"] = True
    if key(uid) != "police":
        u["box"] = "OC"


def take_off(s: State, uid: str, why: str | None) -> None:
    """Off the map: back to the pool (FLN, ``why`` None) or held out by an event (Government)."""
    u = s.unit_w(uid)
    u.update(area=None, box=None, neutralized=False, helo=False, removed=why)
    if u["mode"] is not None:
        u["mode"] = "concentrated"


def on_map(s: State, *keys: str) -> list[str]:
    return [u for u, d in s.units.items() if d["area"] is not None and key(u) in keys]


def in_wilaya(s: State, wilaya: str, side: str, active: bool = True) -> list[str]:
    areas = set(WILAYAS[wilaya])
    return [u for u, d in s.units.items() if d["area"] in areas and unit_type(u).side == side
            and not (active and d["neutralized"])]


def algerian(area: str) -> bool:
    return AREAS[area].type != "country"
