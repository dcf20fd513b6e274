"""The catalogue of *INSURGENT: Algeria* (``Referee/Catalog`` with ``game: "insurgent"``): the
game's static facts, with a version (a hash of the document, the REST ETag): the demonstration
deck's cards by id (a game on another deck carries its own deck file in its state), the fronts,
the nine actions and which faction takes each (Actions), the counts of a faction deck
(Components), and the rules' single game, named ``standard`` where the other games name their
scenarios."""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from typing import Any

from .deck import ACTIONS, COUNTS, DEMO, FACTION_NAME, FRONTS, ONLY, SIDES, Deck

EDITION = "INSURGENT: Algeria, rules v1.6"
SCENARIO = "standard"


def cards(deck: Deck) -> list[dict[str, Any]]:
    """A deck's cards by id, as the catalogue and a user interface list them."""
    return [{"id": c.id, "faction": c.faction, "type": c.type, "name": c.name,
             "front": c.front, "actions": list(c.actions), "icons": c.icons, "rally": c.rally}
            for c in deck.cards]


def _sides(action: str) -> list[str]:
    only = [side for side in SIDES if action in ONLY[side]]
    return only or list(SIDES)


@lru_cache(maxsize=1)
def catalog() -> dict[str, Any]:
    """The catalogue document; the same object on every call: do not mutate it."""
    doc: dict[str, Any] = {
        "game": "insurgent",
        "edition": EDITION,
        "scenarios": [{"name": SCENARIO, "title": "INSURGENT: Algeria (two players)",
                       "game": "insurgent"}],
        "deck": {"name": DEMO.name, "note": DEMO.note, "cards": cards(DEMO)},
        "fronts": list(FRONTS),
        "factions": dict(FACTION_NAME),
        "actions": [{"name": a, "sides": _sides(a)} for a in ACTIONS],
        "counts": dict(COUNTS),
    }
    doc["version"] = "ins-" + hashlib.sha256(
        json.dumps(doc, sort_keys=True).encode()).hexdigest()[:16]
    return doc
