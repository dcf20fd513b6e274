"""The catalogue of *Algeria*: the game's static facts as one plain document, derived from
``algeria/data/algeria-data.json`` (edition v2.1), for front-ends (the service's
``Referee/Catalog`` with ``game: "algeria"``):

* ``scenarios`` – 1954, 1958, 1960 (chart C.8), each with its tracks and forces per wilaya;
* ``areas`` – id, name, type (urban, rural, remote, country), wilaya, adjacency, the countries
  an area borders (11.21), its position: the town it is named after (Morocco: Oujda, Tunisia:
  Le Kef, France: Marseille) and the town's latitude and longitude in degrees
  (``algeria/data/algeria-towns.json``, approximate public coordinates); ``wilayas`` – the
  areas of each wilaya;
* ``units`` – the counter types (C.7 values, B.1 costs, count; counter ids are ``<key>.<n>``);
* ``boxes`` – UG, OPS, PTL, OC; ``tracks`` – PSL, AP, Air, Helicopter and Naval Points, Border
  Zone; ``charts`` – every chart of the v2.1 rules as data (A.1-A.4, B.1-B.4, C.2-C.7);
* ``version`` – a hash of all of it (the ETag): it changes only when the data does.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from .data import AREAS, BOXES, EDITION, RAW, SCENARIOS, TABLES, TOWNS, UNIT_TYPES, WILAYAS
from .labels import UNIT_NAMES

LAST_YEAR = 1962
TRACKS: list[dict[str, Any]] = [
    {"name": "psl.fln", "title": "FLN Political Support Level", "rule": "12.1", "min": 0,
     "max": 99, "boxes": []},
    {"name": "psl.gov", "title": "Government Political Support Level", "rule": "12.1", "min": 0,
     "max": 99, "boxes": []},
    {"name": "ap", "title": "FLN Administrative Points", "rule": "6.1", "min": 0, "max": 99,
     "boxes": []},
    {"name": "air", "title": "Air Points (maximum, available)", "rule": "11.11", "min": 0,
     "max": 99, "boxes": []},
    {"name": "helo", "title": "Helicopter Points (maximum, available)", "rule": "11.12",
     "min": 0, "max": 99, "boxes": []},
    {"name": "naval", "title": "Naval Points", "rule": "11.6", "min": 0, "max": 99, "boxes": []},
    {"name": "border_zone", "title": "Border Zone", "rule": "11.21", "min": -3, "max": 0,
     "boxes": []},
]


def _area(a: dict[str, Any]) -> dict[str, Any]:
    town = TOWNS[a["id"]]
    return {"id": a["id"], "name": a["name"], "type": a["type"], "wilaya": a["wilaya"] or "",
            "adjacent": list(AREAS[a["id"]].adjacent),
            "borders": list(a.get("borders_country") or []),
            "town": town["town"], "lat": town["lat"], "lon": town["lon"]}


def _unit(key: str) -> dict[str, Any]:
    t = UNIT_TYPES[key]
    return {"key": key, "name": UNIT_NAMES[key], "side": t.side, "mobile": t.mobile,
            "contact": t.contact, "firepower": t.firepower, "control_points": t.control_points,
            "count": t.count, "mobilize_psp": t.mobilize_psp,
            "activate_psp": float(t.activate_psp), "helo_points": t.helo_cost}


@lru_cache(maxsize=1)
def catalog() -> dict[str, Any]:
    """The catalogue document; the same object on every call: do not mutate it."""
    doc: dict[str, Any] = {
        "game": "algeria",
        "edition": EDITION,
        "scenarios": [{"name": n, "title": f"{n} (chart C.8)", "first_year": int(n),
                       "last_year": LAST_YEAR, "game": "algeria"} for n in SCENARIOS],
        "scenario_setup": {n: {k: sc[k] for k in ("tracks", "gov", "fln")}
                           for n, sc in SCENARIOS.items()},
        "areas": [_area(a) for a in RAW["areas"]],
        "wilayas": {w: ",".join(areas) for w, areas in WILAYAS.items()},
        "units": [_unit(k) for k in UNIT_TYPES],
        "boxes": {b: RAW["boxes"][b]["name"] for b in BOXES},
        "tracks": TRACKS,
        "charts": {k: v for k, v in TABLES.items() if k != "source"},
    }
    doc["version"] = "alg-" + hashlib.sha256(
        json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]
    return doc
