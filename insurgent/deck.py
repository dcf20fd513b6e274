"""The deck file of *INSURGENT: Algeria* (``insurgent-deck/1``, docs/insurgent/decks.md): the 42
faction cards, data kept apart from the rules that use it.

The rules are public; the printed card list is not. A deck file gives, per card, its faction, its
type (agent, event, supporters), its name, its front (agents only: "Agent cards must be played to
the front listed in the top left corner of the card", Play a Turn 1) and its action icons from left
to right (Play a Turn 2), RALLY icons among them where they are printed. ``load_deck`` checks an
untrusted document and names the card and the field of the first fault:

* Components / Setup 2: each faction has 21 cards, 12 agents, 5 events and 4 supporters;
* every action is one of the nine of the rules (Actions); CAPTURE is French-specific, HIDE and
  JAILBREAK are FLN-specific;
* an agent has a front; an event or a supporters card has none.

Card ids are the cards' positions in the file, from 1 (``Deck.cards[id - 1]``).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from referee_core.errors import BadRequest

FORMAT = "insurgent-deck/1"
SIDES = ("fln", "french")
FRONTS = ("military", "political", "diplomatic")
TYPES = ("agent", "event", "supporters")
COMMON = ("ATTACK", "BOMB", "RALLY", "RECRUIT", "NEGOTIATE", "EXPOSE")
ONLY = {"french": ("CAPTURE",), "fln": ("HIDE", "JAILBREAK")}
ACTIONS = COMMON + ONLY["french"] + ONLY["fln"]
COUNTS = {"agent": 12, "event": 5, "supporters": 4}   # per faction (Components)
PER_FACTION = sum(COUNTS.values())                      # 21 (Setup 2)
CARDS = 2 * PER_FACTION                                 # 42
MAX_ACTIONS = 8
MAX_NAME = 80
FACTION_NAME = {"fln": "FLN", "french": "French"}


@dataclass(frozen=True)
class Card:
    id: int
    faction: str
    type: str
    name: str
    front: str | None
    actions: tuple[str, ...]

    @property
    def icons(self) -> int:
        """Action icons on the card (Winning the Game 2, Final Scoring 2), RALLY included."""
        return len(self.actions)

    @property
    def rally(self) -> int:
        """RALLY icons on the card (Final Scoring 3, the tie-break)."""
        return self.actions.count("RALLY")


@dataclass(frozen=True)
class Deck:
    name: str
    note: str | None
    cards: tuple[Card, ...]

    def card(self, cid: int) -> Card:
        return self.cards[cid - 1]

    def ids(self, side: str) -> list[int]:
        return [c.id for c in self.cards if c.faction == side]

    def document(self) -> dict[str, Any]:
        """The deck file of this deck (what ``load_deck`` reads back to the same deck)."""
        d: dict[str, Any] = {"format": FORMAT, "name": self.name, "cards": [
            {"faction": c.faction, "type": c.type, "name": c.name, "actions": list(c.actions)}
            | ({"front": c.front} if c.front is not None else {}) for c in self.cards]}
        if self.note is not None:
            d["note"] = self.note
        return d


def _bad(field: str, reason: str) -> BadRequest:
    return BadRequest(field, reason)


def _text(v: Any, field: str, what: str) -> str:
    if type(v) is not str or not v.strip():
        raise _bad(field, f"{what} must be a non-empty string")
    if len(v) > MAX_NAME:
        raise _bad(field, f"{what} is longer than {MAX_NAME} characters")
    return v


def _card(i: int, c: Any, field: str) -> Card:
    at = f"{field}.cards[{i}]"
    if type(c) is not dict:
        raise _bad(at, "a card must be an object")
    label = repr(c["name"]) if type(c.get("name")) is str else f"card {i + 1}"
    for k in c:
        if k not in ("faction", "type", "name", "front", "actions"):
            raise _bad(f"{at}.{k}", f"{label}: unknown field")
    for k in ("faction", "type", "name", "actions"):
        if k not in c:
            raise _bad(f"{at}.{k}", f"{label}: missing field")
    name = _text(c["name"], f"{at}.name", "a card's name")
    if c["faction"] not in SIDES:
        raise _bad(f"{at}.faction", f"{label}: the faction must be \"fln\" or \"french\"")
    if c["type"] not in TYPES:
        raise _bad(f"{at}.type", f"{label}: the type must be one of {list(TYPES)}")
    front = c.get("front")
    if c["type"] == "agent":
        if front is None:
            raise _bad(f"{at}.front", f"{label}: an agent card has a front (Play a Turn 1:"
                       " \"the front listed in the top left corner of the card\")")
        if front not in FRONTS:
            raise _bad(f"{at}.front", f"{label}: the front must be one of {list(FRONTS)}")
    elif "front" in c:
        raise _bad(f"{at}.front", f"{label}: only agent cards have a front (a {c['type']} card"
                   " has none)")
    acts = c["actions"]
    if type(acts) is not list or not acts:
        raise _bad(f"{at}.actions", f"{label}: the actions are a non-empty list of action icons")
    if len(acts) > MAX_ACTIONS:
        raise _bad(f"{at}.actions", f"{label}: more than {MAX_ACTIONS} action icons")
    other = "french" if c["faction"] == "fln" else "fln"
    for j, a in enumerate(acts):
        if a not in ACTIONS:
            raise _bad(f"{at}.actions[{j}]", f"{label}: unknown action {str(a)[:40]!r}"
                       f" (the actions are {', '.join(ACTIONS)})")
        if a in ONLY[other]:
            raise _bad(f"{at}.actions[{j}]", f"{label}: {a} is a"
                       f" {FACTION_NAME[other]}-specific action (Actions)")
    return Card(i + 1, c["faction"], c["type"], name, front, tuple(acts))


def load_deck(d: Any, field: str = "deck") -> Deck:
    """An untrusted deck document as a Deck, or BadRequest naming the card and field."""
    if type(d) is not dict:
        raise _bad(field, "a deck file is a JSON object")
    for k in d:
        if k not in ("format", "name", "note", "cards"):
            raise _bad(f"{field}.{str(k)[:40]}", "unknown field")
    for k in ("format", "name", "cards"):
        if k not in d:
            raise _bad(f"{field}.{k}", "missing field")
    if d["format"] != FORMAT:
        raise _bad(f"{field}.format", f"must be {FORMAT!r}")
    name = _text(d["name"], f"{field}.name", "the deck's name")
    note = d.get("note")
    if note is not None and (type(note) is not str or len(note) > 1000):
        raise _bad(f"{field}.note", "must be a string of at most 1000 characters")
    raw = d["cards"]
    if type(raw) is not list:
        raise _bad(f"{field}.cards", "must be a list of cards")
    if len(raw) > 200:
        raise _bad(f"{field}.cards", f"holds {len(raw)} cards; a deck has {CARDS}")
    cards = tuple(_card(i, c, field) for i, c in enumerate(raw))
    names: dict[str, int] = {}
    for c in cards:
        if c.name in names:
            raise _bad(f"{field}.cards[{c.id - 1}].name", f"{c.name!r}: the same name as card"
                       f" {names[c.name]}")
        names[c.name] = c.id
    for side in SIDES:
        mine = [c for c in cards if c.faction == side]
        for t, n in COUNTS.items():
            have = sum(1 for c in mine if c.type == t)
            if have != n:
                raise _bad(f"{field}.cards", f"the {FACTION_NAME[side]} deck has {have} {t}"
                           f" cards; it has {n} (Components: {PER_FACTION} cards per faction,"
                           f" {COUNTS['agent']} agents, {COUNTS['event']} events,"
                           f" {COUNTS['supporters']} supporters)")
    return Deck(name, note, cards)


def read_deck(text: str | bytes) -> Deck:
    """A deck file's text (JSON) as a Deck, or BadRequest naming the field."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as e:
        raise _bad("deck", f"not valid JSON: {str(e)[:200]}") from None
    return load_deck(data)


def _demo() -> Deck:
    return read_deck(resources.files("insurgent").joinpath("data/demo_deck.json")
                     .read_text("utf-8"))


DEMO: Deck = _demo()
