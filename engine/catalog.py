"""The game's static facts as one document for clients (the service's ``Catalog``): scenarios,
cards, spaces (with their place on the board picture, ``layout``), pieces and the force pool,
tracks. Everything is derived from the engine's data files, so it changes only with the engine;
``CATALOG_VERSION`` is a hash of the document (the service's ETag).

Cards (chapter 5): ``kind`` is ``pivotal`` (5.1.4), ``propaganda`` (2.4), ``capability`` or
``momentum`` when a text of the card puts a Capability (5.3) or Momentum (5.4) marker in effect,
otherwise ``event``. Each text has a summary of what the engine does (``unshaded_summary``,
``shaded_summary``: engine/data/ct-card-summaries.json, in the project's words, not the card's
printed text; a single-text card has the unshaded one only) and, for a Capability or Momentum
text, how long its marker lasts (``unshaded_duration``, ``shaded_duration``). Colonial Twilight prints no faction order on its cards (the Initiative Track
decides who is First Eligible, 2.3.1), so the catalogue lists none.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from .data import CARD_SUMMARIES, CARDS, FORCE_POOL, FRANCE_TRACK, PIVOTAL_OWNER, RAW, SCENARIOS, SPACES
from .labels import card_name
from .words import LEVELS, PIECES
from .layout import HEIGHT, LAYOUT, POSITIONS, WIDTH


def card_kind(n: int) -> str:
    c = CARDS[n]
    if c["kind"].startswith("pivotal"):
        return "pivotal"
    if c["kind"] == "propaganda":
        return "propaganda"
    flags = f"{c.get('unshaded_flag') or ''} {c.get('shaded_flag') or ''}"
    if "capability" in flags:
        return "capability"
    if "momentum" in flags:
        return "momentum"
    return "event"


DURATION = {"capability": "Capability: for the rest of the game (5.3)",
            "momentum": "Momentum: until the next Propaganda Round's Reset (5.4, 6.5)"}


def duration(flag: str | None) -> str:
    """How long the marker a text puts in effect lasts ("" for a text without one)."""
    for kind, text in DURATION.items():
        if flag and kind in flag:
            return text
    return ""


def summaries(n: int) -> tuple[str, str]:
    """The unshaded and shaded summaries of card ``n`` (a single text: the first, and "")."""
    s = CARD_SUMMARIES[n]
    return (s["unshaded"], s["shaded"]) if "shaded" in s else (s["text"], "")


def _card(n: int) -> dict[str, Any]:
    c = CARDS[n]
    unshaded, shaded = summaries(n)
    return {
        "number": n, "title": c["title"], "name": card_name(n), "kind": card_kind(n),
        "dual_use": bool(c["dual_use"]),
        "unshaded": c.get("unshaded_flag") or "", "shaded": c.get("shaded_flag") or "",
        "owner": PIVOTAL_OWNER.get(n, ""),  # the faction that holds a Pivotal Event (5.1.4)
        "fln_bot_marked": bool(c.get("fln_bot_marked")),  # 8.3
        "unshaded_summary": unshaded, "shaded_summary": shaded,
        "unshaded_duration": duration(c.get("unshaded_flag")),
        "shaded_duration": duration(c.get("shaded_flag")),
    }


def _space(name: str) -> dict[str, Any]:
    sp = SPACES[name]
    town = LAYOUT["spaces"][name]
    x, y = POSITIONS[name]
    return {
        "name": name, "code": sp.code or "", "kind": sp.kind, "population": sp.population,
        "terrain": sp.terrain or "", "wilaya": sp.wilaya or 0, "coastal": sp.coastal,
        "border": sp.border or "", "adjacent": list(sp.adjacent),
        "x": x, "y": y, "town": town["town"], "lat": town["lat"], "lon": town["lon"],
    }


def _scenario(name: str) -> dict[str, Any]:
    sc = SCENARIOS[name]
    years = sc.get("years") or [0, 0]
    deck = sc.get("deck") or {}
    return {"name": name, "title": sc.get("title", ""), "first_year": years[0],
            "last_year": years[-1], "draw_deck_size": deck.get("draw_deck_size", 0),
            "propaganda_cards": deck.get("propaganda_cards", 0)}


def _tracks() -> list[dict[str, Any]]:
    def edge(name: str, title: str, rule: str) -> dict[str, Any]:
        r = RAW.get(name) or RAW["edge_track"]
        return {"name": name, "title": title, "rule": rule, "min": r["min"], "max": r["max"],
                "boxes": []}
    bz = RAW["border_zone"]
    return [
        {"name": "france_track", "title": "France Track", "rule": "6.2.3", "min": 0,
         "max": len(FRANCE_TRACK) - 1, "boxes": list(FRANCE_TRACK)},
        {"name": "border_zone", "title": "Border Zone", "rule": "1.3.7", "min": bz["min"],
         "max": bz["max"], "boxes": []},
        edge("resources", "Resources", "1.8"),
        edge("commitment", "Commitment", "1.9"),
        {"name": "total_support", "title": "Support + Commitment (Government victory)",
         "rule": "7.2", "min": 0, "max": 50, "boxes": []},
        {"name": "total_opposition", "title": "Opposition + Bases (FLN victory)",
         "rule": "7.2", "min": 0, "max": 50, "boxes": []},
        {"name": "terror", "title": "Terror markers", "rule": "3.3.4", "min": 0,
         "max": RAW["terror_markers"], "boxes": []},
    ]


def _pieces() -> list[dict[str, Any]]:
    faction = {"guerrillas_underground": "fln", "guerrillas_active": "fln", "fln_bases": "fln",
               "guerrillas": "fln"}
    out = []
    for key, name in PIECES.items():
        box = "guerrillas" if key.startswith("guerrillas") else key
        out.append({"key": key, "name": name, "faction": faction.get(key, "gov"),
                    "force_pool": FORCE_POOL.get(box, 0),
                    "on_map": key != "guerrillas", "in_boxes": key in FORCE_POOL})
    return out


@lru_cache(maxsize=1)
def catalog() -> dict[str, Any]:
    """The catalogue document (see the module docstring); the same object on every call: do not
    mutate it."""
    doc: dict[str, Any] = {
        "scenarios": [_scenario(n) for n in SCENARIOS],
        "cards": [_card(n) for n in sorted(CARDS)],
        "spaces": [_space(n) for n in SPACES],
        "pieces": _pieces(),
        "force_pool": dict(FORCE_POOL),
        "tracks": _tracks(),
        "support_levels": [{"key": k, "name": v} for k, v in LEVELS.items()],
        "board": {"width": WIDTH, "height": HEIGHT},
    }
    doc["version"] = hashlib.sha256(json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]
    return doc


CATALOG_VERSION: str = catalog()["version"]


_KIND_NAMES = {"event": "Event", "capability": "Capability", "momentum": "Momentum",
               "pivotal": "Pivotal Event", "propaganda": "Propaganda"}


def cards_markdown() -> str:
    """docs/cards.md: every card with what the engine does for its Event(s), from the catalogue
    (``scripts/cards_doc.py`` writes it; a test holds the file to this text)."""
    out = ["# Cards", "",
           "What the referee does for each card's Event, in this project's words (not the"
           " card's printed text), with the rules it applies. Generated from",
           "`engine/data/ct-card-summaries.json` by `scripts/cards_doc.py`; the same texts are"
           " in the catalogue (`GET /v1/catalog`,",
           "`cards[].unshaded_summary` / `shaded_summary`, with `unshaded_duration` /"
           " `shaded_duration` for Capabilities and Momentum).", ""]
    for c in catalog()["cards"]:
        owner = f", {'Government' if c['owner'] == 'gov' else 'FLN'}" if c["owner"] else ""
        out += [f"## {c['name']} ({_KIND_NAMES[c['kind']]}{owner})", ""]
        texts = ([("Unshaded", "unshaded"), ("Shaded", "shaded")] if c["dual_use"]
                 else [("", "unshaded")])
        for head, side in texts:
            lasting = f" *{c[side + '_duration']}.*" if c[side + "_duration"] else ""
            lead = f"**{head}:** " if head else ""
            out += [f"- {lead}{c[side + '_summary']}{lasting}"]
        out.append("")
    return "\n".join(out)
