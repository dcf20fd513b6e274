"""The facts of *Algeria* v2.1 (map, counter mix, charts, scenarios), loaded from
``algeria/data/algeria-data.json`` – data only; the rules that use it live in the chapter modules.

Names follow the 2015 rules: areas are ``I-1`` … ``VI-2`` plus the cities ``ALGIERS``, ``ORAN``,
``CONSTANTINE`` and the boxes ``FRANCE``, ``MOROCCO``, ``TUNISIA``; unit types are the ``key`` of
``units.types`` (``fr_div``, ``fr_bde``, ``elite_bde``, ``alg_bde``, ``police``, ``front``, ``cadre``,
``band``, ``failek``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

RAW: dict[str, Any] = json.loads(
    resources.files("algeria").joinpath("data/algeria-data.json").read_text("utf-8"))

EDITION: Final = "v2.1"
SIDES: Final = ("gov", "fln")
BOXES: Final = ("UG", "OPS", "PTL", "OC")
COUNTRIES: Final = ("FRANCE", "MOROCCO", "TUNISIA")
NEIGHBOURS: Final = ("MOROCCO", "TUNISIA")   # independent sanctuaries (11.21)


@dataclass(frozen=True)
class Area:
    id: str
    type: str            # "urban" | "rural" | "remote" | "country"
    wilaya: str | None   # "I".."VI", "MOROCCO", "TUNISIA"; None for France
    adjacent: tuple[str, ...]


@dataclass(frozen=True)
class UnitType:
    key: str
    side: str
    mobile: bool
    contact: int         # Government contact / FLN evasion
    firepower: int
    control_points: int
    count: int
    mobilize_psp: int
    activate_psp: float
    helo_cost: int       # Helicopter Points to airmobilize (11.12); 0 = never airmobile


AREAS: Final[dict[str, Area]] = {
    a["id"]: Area(a["id"], a["type"], a["wilaya"], tuple(a["adjacent"])) for a in RAW["areas"]}
ALGERIAN: Final[tuple[str, ...]] = tuple(a for a, v in AREAS.items() if v.type != "country")
WILAYAS: dict[str, tuple[str, ...]] = {w: tuple(v["areas"]) for w, v in RAW["wilayas"].items()}
# Each area's town and its latitude and longitude (algeria/data/algeria-towns.json: approximate
# public coordinates of the towns, degrees)
TOWNS: dict[str, dict[str, Any]] = json.loads(
    resources.files("algeria").joinpath("data/algeria-towns.json").read_text("utf-8"))["areas"]
assert set(TOWNS) == set(AREAS), "algeria-towns.json names every area once"

UNIT_TYPES: Final[dict[str, UnitType]] = {
    u["key"]: UnitType(
        u["key"], u["side"], u["mobility"] == "mobile",
        u.get("contact", u.get("evasion", 0)), u["firepower"], u["control_points"], u["count"],
        u.get("mobilize_psp", 0), u.get("activate_psp", 0),
        u.get("helo_points_to_airmobilize", 0) if u.get("airmobile") else 0)
    for u in RAW["units"]["types"]}
DISPERSED: dict[str, int] = {
    k: v for k, v in RAW["units"]["types"][0]["dispersed"].items()}  # fr_div back side (11.7)
assert RAW["units"]["types"][0]["key"] == "fr_div"

# Every counter has a fixed id "<type>.<n>", n = 1..count: the counter mix is a hard limit (2.0).
UNITS_OF_TYPE: Final[dict[str, tuple[str, ...]]] = {
    k: tuple(f"{k}.{n}" for n in range(1, t.count + 1)) for k, t in UNIT_TYPES.items()}
UNIT_IDS: Final[tuple[str, ...]] = tuple(u for ids in UNITS_OF_TYPE.values() for u in ids)
# a counter's id -> its type
UNIT_KEY: Final[dict[str, str]] = {u: k for k, ids in UNITS_OF_TYPE.items() for u in ids}
UNIT_TYPE_OF: Final[dict[str, UnitType]] = {u: UNIT_TYPES[k] for u, k in UNIT_KEY.items()}


def unit_type(uid: str) -> UnitType:
    t = UNIT_TYPE_OF.get(uid)
    return t if t is not None else UNIT_TYPES[uid.split(".", 1)[0]]


SCENARIOS: dict[str, dict[str, Any]] = {
    k: v for k, v in RAW["scenarios"].items() if k in ("1954", "1958", "1960")}
TABLES: dict[str, Any] = RAW["tables"]["v2.1"]
