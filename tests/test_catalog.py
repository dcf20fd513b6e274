"""engine/catalog.py and engine/layout.py: the catalogue is derived from the engine's data, and
the board positions are the projection of the spaces' real towns."""

from __future__ import annotations

import collections
import copy
import math
import re
from pathlib import Path

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


# ---- card summaries (docs/cards.md) -----------------------------------------------------------


def test_every_event_card_has_a_summary_of_each_text() -> None:
    """A dual-use card has both summaries, any other card (single text, Pivotal Event,
    Propaganda) its single text; a Capability or Momentum text says how long it lasts (5.3,
    5.4)."""

    from engine.data import CARDS
    cards = catalog()["cards"]
    assert [c["number"] for c in cards] == sorted(CARDS)
    for c in cards:
        assert len(c["unshaded_summary"]) > 15, c["name"]
        assert bool(c["shaded_summary"]) == c["dual_use"], c["name"]
        assert c["unshaded_summary"] != c["shaded_summary"], c["name"]
        for side in ("unshaded", "shaded"):
            flag = c[side]
            assert bool(c[side + "_duration"]) == bool(flag), (c["name"], side)
            if "capability" in flag:
                assert "rest of the game" in c[side + "_duration"]
            if "momentum" in flag:
                assert "Propaganda Round" in c[side + "_duration"]
    sartre = next(c for c in cards if c["number"] == 15)
    assert "FLN Resources +2" in sartre["unshaded_summary"]
    assert "Commitment -1" in sartre["shaded_summary"]


def test_summaries_cite_rules_or_describe_an_effect() -> None:
    """Each summary is the project's paraphrase: no card-text quotation marks left over from a
    printed text, and every Capability / Momentum summary names the rule it changes."""

    for c in catalog()["cards"]:
        for side in ("unshaded", "shaded"):
            text = c[side + "_summary"]
            if c[side + "_duration"]:
                assert re.search(r"\(\d\.\d", text), (c["name"], side, text)


def test_docs_cards_md_is_generated_from_the_summaries() -> None:
    from engine.catalog import cards_markdown
    doc = (Path(__file__).resolve().parent.parent / "docs" / "cards.md").read_text("utf-8")
    assert doc == cards_markdown(), "docs/cards.md is stale: run scripts/cards_doc.py"
    assert doc.count("\n## #") == 71
