"""engine/catalog.py and engine/layout.py: the catalogue is derived from the engine's data, and
the board positions are the projection of the spaces' real towns."""

from __future__ import annotations

import collections
import copy
import math

from engine.catalog import CATALOG_VERSION, card_kind, catalog
from engine.data import SPACES
from engine.layout import HEIGHT, LAYOUT, POSITIONS, WIDTH, derive


def test_cards() -> None:
    cards = catalog()["cards"]
    assert [c["number"] for c in cards] == list(range(1, 72))
    kinds = collections.Counter(c["kind"] for c in cards)
    assert kinds["pivotal"] == 6 and kinds["propaganda"] == 5          # 2.4, 5.1.4
    assert kinds["capability"] == 7  # 5.3: six Dual-Use and #18 Torture (#63 OAS is Pivotal)
    assert sum(kinds.values()) == 71
    by = {c["number"]: c for c in cards}
    assert by[15]["title"] == "Jean-Paul Sartre" and by[15]["name"] == "#15 Jean-Paul Sartre"
    assert card_kind(45) == "momentum" and card_kind(66) == "pivotal" and by[66]["owner"] == "gov"
    assert card_kind(33) == "capability" and card_kind(1) == "event"


def test_spaces_and_layout() -> None:
    spaces = catalog()["spaces"]
    assert len(spaces) == 30
    by = {s["name"]: s for s in spaces}
    assert by["Tizi Ouzou"]["wilaya"] == 3 and by["Tizi Ouzou"]["population"] == 2
    assert by["Algiers"]["kind"] == "city" and by["Morocco"]["kind"] == "country"
    for s in spaces:
        for n in s["adjacent"]:  # 1.3.5: adjacency is symmetric
            assert s["name"] in by[n]["adjacent"]
        assert 0 <= s["x"] <= WIDTH and 0 <= s["y"] <= HEIGHT
    # the real arrangement: west to east, north to south
    assert by["Morocco"]["x"] < by["Oran"]["x"] < by["Algiers"]["x"] < by["Constantine"]["x"] \
        < by["Tunisia"]["x"]
    assert by["Algiers"]["y"] < by["Medea"]["y"] < by["Laghouat"]["y"]
    pts = list(POSITIONS.values())
    assert min(math.dist(a, b) for i, a in enumerate(pts) for b in pts[i + 1:]) >= \
        LAYOUT["min_distance"] - 0.5


def test_stored_positions_are_derived_from_the_towns() -> None:
    assert derive(LAYOUT) == POSITIONS
    assert set(LAYOUT["spaces"]) == set(SPACES)
    moved = copy.deepcopy(LAYOUT)
    moved["spaces"]["Laghouat"]["lat"] -= 1.0  # a town further south is drawn lower
    assert derive(moved)["Laghouat"][1] > POSITIONS["Laghouat"][1]


def test_pieces_tracks_and_version() -> None:
    doc = catalog()
    pool = doc["force_pool"]
    assert sum(pool.values()) == 91  # 1.2
    keys = {p["key"]: p for p in doc["pieces"]}
    assert keys["guerrillas_underground"]["force_pool"] == 30 and keys["fln_bases"]["faction"] == "fln"
    tracks = {t["name"]: t for t in doc["tracks"]}
    assert tracks["france_track"]["boxes"] == list("ABCDEF")
    assert tracks["border_zone"]["max"] == 4
    assert [s["name"] for s in doc["scenarios"]] == ["short", "medium", "full"]
    assert doc["version"] == CATALOG_VERSION and len(CATALOG_VERSION) == 16
