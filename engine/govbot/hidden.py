"""Determinization: a full state built from the Government's view alone.

The Government bot never reads a ``State``'s hidden parts (2.2, 7.3, 10.0; ``engine.view``). It
decides on a *sample*: ``determinize(view, rng)`` fills what the view hides with values drawn from
the bot's own generator –

* the draw deck: the Event cards nobody has seen (every Event not played, current, beside the deck
  or removed) are shuffled and dealt into the piles the view shows (``cards.piles``: Events and
  Propaganda cards left per pile), each remaining Propaganda card shuffled into its own pile
  (10.0); what is left over is the set-aside stack;
* the FLN's Deception markers still held (7.3): drawn from the markers neither the Government holds
  nor anyone has revealed;
* the random-generator state: a fresh seed from the bot's generator.

In external chance mode the view already says which cards may come (``cards.unseen``) and nothing is
hidden but the dice; simulations resolve chance moves with the bot's generator (``play.chance``).
"""

from __future__ import annotations

from typing import Any

from referee_core import rng as erng

from ..data import EVENT_CARDS, PROPAGANDA_CARDS
from ..serial import from_data
from ..state import SCHEMA, State, blank_state
from ..validate import CARD_KEYS
from ..victory import DECEPTION_MARKERS

STATE_KEYS = tuple(blank_state().to_data())  # what a state document holds; a view holds more


def unseen_events(cards: dict[str, Any]) -> list[int]:
    """The Event cards the view does not place: in the deck or set aside (10.0)."""
    seen: set[int] = set(cards["played"]) | set(cards["removed"])
    if cards["current"] is not None:
        seen.add(cards["current"])
    seen |= {int(k) for k in cards["capabilities"]}
    seen |= {m["card"] for m in cards["momentum"]}
    return [n for n in EVENT_CARDS if n not in seen]


def deal(cards: dict[str, Any], r: dict[str, Any]) -> tuple[list[int], list[int]]:
    """A draw deck consistent with the visible piles, and the set-aside Events (10.0)."""
    pool = erng.shuffle(r, unseen_events(cards))
    piles = cards["piles"]
    first = cards["propaganda_total"] - len(piles)  # index of the top pile among all piles
    deck: list[int] = []
    for i, (events, props) in enumerate(piles):
        pile, pool = pool[:events], pool[events:]
        if props:
            pile.append(PROPAGANDA_CARDS[first + i])
        deck += erng.shuffle(r, pile)
    return deck, sorted(pool)


def determinize(view: dict[str, Any], r: dict[str, Any]) -> State:
    """A state that agrees with the Government's ``view`` in everything it shows, the hidden parts
    sampled from ``r`` (a bot generator, advanced)."""
    if view.get("role") != "gov":
        raise ValueError("determinize needs the Government's view (engine.view(state, 'gov'))")
    d = {k: view[k] for k in STATE_KEYS if k in view}
    d["schema"] = SCHEMA
    cards = {k: view["cards"][k] for k in CARD_KEYS if k in view["cards"]}
    if view["options"]["chance"] == "managed":
        cards["deck"], cards["set_aside"] = deal(cards, r)
    d["cards"] = cards
    d["rng"] = {"seed": erng.word(r["seed"], r["counter"]), "counter": 0}
    r["counter"] += 1
    if view.get("deception") is not None:
        gov, fln = view["deception"]["gov"], view["deception"]["fln"]
        left = list(DECEPTION_MARKERS)
        for m in gov["held"] + gov["used"] + fln["used"]:
            left.remove(m)
        held = erng.shuffle(r, left)[: fln["count"]]
        d["deception"] = {"gov": gov, "fln": {"held": sorted(held), "used": fln["used"]}}
    return from_data(d)
