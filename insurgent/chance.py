"""Chance in *INSURGENT: Algeria* (docs/chance.md): the two dice of BOMB (the shared roll frame of
``referee_core.chance``) and the draws from the faction decks.

A faction deck is shuffled (Setup 2, 5); the state keeps the cards not yet drawn as a set
(``decks[side].pool``) and each draw from it is a decision of ``chance``: managed, the generator
picks one of them uniformly (``rng.uniform``), which deals the cards in the order of a uniformly
shuffled deck; external, the client names the card drawn from the physical deck,
``{"t": "draw", "card": N}``. Cards a RECRUIT put on the bottom (``decks[side].bottom``) come
only after the pool is exhausted, in the order they were put there, and are drawn without a
decision (their order is known).
"""

from __future__ import annotations

from typing import Any

from referee_core import chance, rng
from referee_core.checks import check_choice, check_int, check_obj, fail

from .board import who
from .deck import SIDES
from .machine import Frame, FrameType, Log, Move, State, emit, register

DRAW_RULE = {"hand": "Play a Turn 3", "recruits": "RECRUIT", "flip": "Solo Variant"}


class Roll(chance.Roll[State]):
    """A die of BOMB, kept in the ``bomb`` decision's working data (``x.d``)."""

    below = ("bomb",)
    into_keys = ("d",)
    parent_rule = "BOMB"


def draw_frame(side: str, n: int, into: str = "hand") -> Frame:
    return {"k": "draw", "who": side, "n": n, "into": into}


class Draw(FrameType[State]):
    """Draw ``n`` cards from ``who``'s faction deck into the hand or the RECRUIT's choice."""

    kind = "draw"
    below = ("game", "mulligan", "draw", "turn", "card", "recruit", "flip")
    checked = True

    def check_frame(self, s: State, f: Frame) -> None:
        check_obj(f, "", ("k", "who", "n", "into"))
        check_choice(f["who"], "who", SIDES)
        check_int(f["n"], "n", 1, 5)
        into = check_choice(f["into"], "into", tuple(DRAW_RULE))
        if into == "flip" and (f["n"] != 1 or f["who"] != "french"
                               or s.pending[-2]["k"] != "flip"):
            fail("into", "the French flip one card at a time, for a flip", "Solo Variant")

    def actor(self, s: State, f: Frame) -> str:
        return "chance" if s.decks[f["who"]]["pool"] else "auto"

    def prompt(self, s: State, f: Frame) -> str:
        return f"draw a card from the {who(f['who'])} deck ({f['n']} to draw)"

    def moves(self, s: State, f: Frame) -> list[Move]:
        return [{"t": "draw", "card": c} for c in s.decks[f["who"]]["pool"]]

    def managed(self, s: State, f: Frame) -> Move:
        pool = s.decks[f["who"]]["pool"]
        return {"t": "draw", "card": pool[rng.uniform(s.rng, len(pool))]}

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        s.decks[f["who"]]["pool"].remove(m["card"])
        self._take(s, f, m["card"], log)

    def step(self, s: State, f: Frame, log: Log) -> None:
        bottom = s.decks[f["who"]]["bottom"]
        if not bottom:
            emit(log, DRAW_RULE[f["into"]], f"the {who(f['who'])} deck is empty:"
                 f" {f['n']} card(s) not drawn", side=f["who"])
            s.pending.pop()
            return
        self._take(s, f, bottom.pop(0), log)

    def _take(self, s: State, f: Frame, cid: int, log: Log) -> None:
        side = f["who"]
        (s.hands[side] if f["into"] == "hand" else s.recruits[side]).append(cid)
        if f["into"] == "flip":  # Solo Variant: flipped face up, seen by both
            emit(log, DRAW_RULE["flip"], f"the French flip {s.deck.card(cid).name}", side=side,
                 card=cid)
        else:
            emit(log, DRAW_RULE[f["into"]], f"{who(side)} draws a card", side=side,
                 private={side: {"card": cid}})
        f["n"] -= 1
        if f["n"] == 0:
            s.pending.pop()


def check_x(x: Any) -> None:
    """The working data of a frame that receives a die (BOMB): at most ``d``, 1-6."""
    check_obj(x, "x")
    for k, v in x.items():
        if k != "d":
            fail(f"x.{k}", "unknown working value")
        check_int(v, "x.d", 1, 6, "BOMB")


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Roll)
register(Draw)
