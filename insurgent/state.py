"""The *INSURGENT: Algeria* state, ``insurgent-state/1`` (docs/insurgent/state.md): plain data
beside the deck (immutable, shared between copies; written out as its deck file).

Zones (every one of the 42 faction cards is in exactly one of them at every moment):

* ``hands[side]`` – the cards in each hand (Setup 5);
* ``decks[side]`` – each faction deck as ``{"pool", "bottom"}``: ``pool`` the cards not yet
  drawn, in no order (sorted; a draw takes one at random: a shuffled deck), ``bottom`` the cards a
  RECRUIT put on the bottom, the first drawn first (drawn only once ``pool`` is empty);
* ``recruits[side]`` – the cards a RECRUIT drew while its player chooses which to play;
* ``fronts[side][front]`` – the cards in each front, splayed bottom first, each
  ``{"card", "up"}`` (only the FLN plays face-down, Play a Turn 1);
* ``prison`` – ``{"card", "front"}``: captured FLN cards and the front each was taken from;
* ``graveyard``; ``discard[side]`` – each player's personal discard pile of events.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee_core.plain import copy_plain

from .deck import FRONTS, SIDES, Deck

SCHEMA = "insurgent-state/1"
Frame = dict[str, Any]
Move = dict[str, Any]


def other(side: str) -> str:
    return "french" if side == "fln" else "fln"


def empty_fronts() -> dict[str, dict[str, list[dict[str, Any]]]]:
    return {side: {f: [] for f in FRONTS} for side in SIDES}


# the document's fields, in order (``State.document``)
FIELDS: tuple[str, ...] = (
    "options", "rng", "deck", "turn", "active", "final_turn", "mulligan", "hands",
    "decks", "recruits", "fronts", "prison", "graveyard", "discard", "pending",
    "result")


@dataclass
class State:
    options: dict[str, Any]
    rng: dict[str, int]
    deck: Deck
    turn: int = 0                    # turns begun (the FLN's first is turn 1)
    active: str | None = None        # whose turn it is (None during set-up)
    final_turn: str | None = None    # attrition: the side that takes the last turn
    mulligan: dict[str, bool] = field(default_factory=lambda: {s: False for s in SIDES})
    hands: dict[str, list[int]] = field(default_factory=lambda: {s: [] for s in SIDES})
    decks: dict[str, dict[str, list[int]]] = field(
        default_factory=lambda: {s: {"pool": [], "bottom": []} for s in SIDES})
    recruits: dict[str, list[int]] = field(default_factory=lambda: {s: [] for s in SIDES})
    fronts: dict[str, dict[str, list[dict[str, Any]]]] = field(default_factory=empty_fronts)
    prison: list[dict[str, Any]] = field(default_factory=list)
    graveyard: list[int] = field(default_factory=list)
    discard: dict[str, list[int]] = field(default_factory=lambda: {s: [] for s in SIDES})
    pending: list[Frame] = field(default_factory=list)
    result: dict[str, Any] | None = None

    # read from untrusted text by the validator, or made by ``apply`` from such a state: each
    # state ``apply`` produces from it is held to the validator (validate.check_produced)
    _valid = False

    def copy(self) -> State:
        """A copy sharing no mutable container with this state (the deck is immutable)."""
        s = State.__new__(State)
        s.options = copy_plain(self.options)
        s.rng = dict(self.rng)
        s.deck = self.deck
        s.turn = self.turn
        s.active = self.active
        s.final_turn = self.final_turn
        s.mulligan = dict(self.mulligan)
        s.hands = copy_plain(self.hands)
        s.decks = copy_plain(self.decks)
        s.recruits = copy_plain(self.recruits)
        s.fronts = copy_plain(self.fronts)
        s.prison = copy_plain(self.prison)
        s.graveyard = list(self.graveyard)
        s.discard = copy_plain(self.discard)
        s.pending = copy_plain(self.pending)
        s.result = copy_plain(self.result)
        s._valid = self._valid
        return s

    def document(self) -> dict[str, Any]:
        """The ``insurgent-state/1`` document (holding this state's containers: read only)."""
        d = {k: getattr(self, k) for k in FIELDS}
        d["deck"] = self.deck.document()
        d["schema"] = SCHEMA
        return d

    def to_data(self) -> dict[str, Any]:
        return self.copy().document()
