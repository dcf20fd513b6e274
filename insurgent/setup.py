"""Setup: "The French player shuffles all French agent, event, and public opinion cards together
to form a deck of 21 cards ... The FLN player does the same with FLN cards" (2); "Each player
draws a hand of 5 cards. Each player may choose to reshuffle and draw a new hand of 5 if they are
unsatisfied with their initial hand (each player may only do this once)" (5).

After both hands are dealt, the FLN and then the French answer ``{"t": "keep"}`` or
``{"t": "mulligan"}`` (the hand goes back into the deck, which is shuffled, and five cards are
drawn again).
"""

from __future__ import annotations

from typing import Any

from referee_core import rng
from referee_core.checks import check_choice, check_obj
from referee_core.errors import BadRequest
from referee_core.options import options_from

from .board import who
from .chance import draw_frame
from .deck import DEMO, SIDES, Deck, load_deck
from .machine import MACHINE, Frame, FrameType, Log, Move, State, emit, register

RULE = "Setup 5"
HAND = 5
# french_bot: the French side is the automaton of the Solo Variant (insurgent.solo)
OPTION_DEFAULTS: dict[str, Any] = {"chance": "managed", "french_bot": False}


def new_game(deck: Any = None, seed: int = 0, options: Any = None) -> State:
    """A new game on ``deck`` (a Deck, a deck file's data, or None: the demonstration deck)."""
    if type(seed) is not int:
        raise BadRequest("seed", "must be an integer")
    d = DEMO if deck is None else deck if isinstance(deck, Deck) else load_deck(deck)
    s = State(options=options_from(options, OPTION_DEFAULTS),
              rng={"seed": rng.seed_from(seed), "counter": 0}, deck=d)
    for side in SIDES:
        s.decks[side]["pool"] = d.ids(side)
    s.pending = [{"k": "game", "stage": "setup"}]
    MACHINE.settle(s, [])
    return s


def deal(s: State, log: Log) -> None:
    """Setup 5: hands of five, then each player's one chance to reshuffle (the FLN first). In
    the Solo Variant the French have no hand: their turns flip the top card of their deck."""
    emit(log, "Setup 2", "both faction decks are shuffled")
    if s.options.get("french_bot"):
        s.pending += [{"k": "mulligan", "who": "fln"}, draw_frame("fln", HAND)]
        return
    s.pending += [{"k": "mulligan", "who": "french"}, {"k": "mulligan", "who": "fln"},
                  draw_frame("french", HAND), draw_frame("fln", HAND)]


class Mulligan(FrameType[State]):
    kind = "mulligan"
    below = ("game", "mulligan")
    rule = RULE
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who"))
        check_choice(f["who"], "who", SIDES)

    def prompt(self, s: State, f: Frame) -> str:
        return "keep your hand of five, or reshuffle and draw a new hand (once only)"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "keep"}, {"t": "mulligan"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        side = f["who"]
        s.pending.pop()
        if m["t"] == "keep":
            emit(log, RULE, f"{who(side)} keeps their hand", side=side)
            return
        d = s.decks[side]
        d["pool"] = sorted(d["pool"] + d["bottom"] + s.hands[side])
        d["bottom"] = []
        s.hands[side] = []
        s.mulligan[side] = True
        emit(log, RULE, f"{who(side)} reshuffles their hand into the deck and draws a new hand",
             side=side)
        s.pending.append(draw_frame(side, HAND))


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Mulligan)
