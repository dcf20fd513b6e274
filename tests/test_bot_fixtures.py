"""Positions for the non-player FLN tests (ct-fln-bot §18 conventions): #61 and #64 in effect,
Border Zone 0, no Recall De Gaulle, no Capability or Momentum, 3 Propaganda cards; France Track C,
Commitment 15, Government Resources 10, 12 Terror markers off the map, 5 FLN Bases and 10
Guerrillas Available (the rest of the pool in Casualties); every space not given Neutral and empty.
Not the final Campaign unless ``final``. The current card is named."""

from __future__ import annotations

from typing import Any

import engine
from engine.bot import decide
from engine.data import COUNTRIES, SECOND_OPTIONS, SPACES
from engine.machine import settle
from engine.state import Move, State
from tests.helpers import position, set_available

CONVENTION_IN_EFFECT = [61, 64]


def bot_position(spaces: dict[str, dict[str, Any]] | None = None, *, card: int = 29,
                 fln: int = 10, gov: int = 10, commitment: int = 15, france: str = "C",
                 after: str | None = None, final: bool = False, bases: int = 5,
                 guerrillas: int = 10, in_effect: list[int] | None = None,
                 capabilities: dict[str, str] | None = None,
                 momentum: list[dict[str, Any]] | None = None, border_zone: int = 0,
                 options: dict[str, Any] | None = None, others: str | None = None,
                 scenario: str = "short") -> State:
    """The FLN's option prompt: First Eligible, or Second Eligible after the Government's box
    ``after`` (``pass``, ``event``, ``op_plus_sa``, ``op_only``, ``limited_op``)."""
    s = position(scenario, spaces or {}, resources=(gov, fln), commitment=commitment,
                 first="fln" if after is None else "gov", border_zone=border_zone,
                 in_effect=CONVENTION_IN_EFFECT if in_effect is None else in_effect,
                 france_track=france, options=options)
    for key, n in (("fln_bases", bases), ("guerrillas", guerrillas)):
        s = set_available(s, key, n, to="casualties")
    s.cards["current"] = card
    if others is not None:  # every other populated Algerian space set to this level
        for n, space in s.spaces.items():
            if (n not in (spaces or {}) and n not in COUNTRIES
                    and SPACES[n].population > 0):
                space["support"] = others
    s.cards["capabilities"] = dict(capabilities or {})
    s.cards["momentum"] = list(momentum or [])
    if final:
        s.cards["propaganda_drawn"] = s.cards["propaganda_total"] - 1
    else:
        s.cards["propaganda_drawn"] = 0
    if after is not None:
        s.sop = {"first": "gov", "first_box": after, "second_box": None}
        s.pending = [{"k": "game", "stage": "draw"}, {"k": "card", "stage": "adjust"},
                     {"k": "eligible", "who": "fln", "role": "second",
                      "options": list(SECOND_OPTIONS[after])}]
    s._legal = None
    settle(s, [])
    return s


def run(s: State, seed: int = 1) -> tuple[list[Move], State, list[dict[str, Any]]]:
    """The bot's decision, checked like the referee does: the moves replay to the state."""
    moves, after, trace = decide(s, seed)
    replay, _ = engine.apply_all(s, moves)
    assert engine.to_json(replay) == engine.to_json(after)
    return moves, after, trace


def texts(trace: list[dict[str, Any]]) -> str:
    return "\n".join(f"[{e['box']}] {e['text']}" for e in trace)


def sp(t: str, n: str) -> Move:
    return {"t": t, "space": n}


OP = {"terror": {"t": "op", "op": "terror"}, "rally": {"t": "op", "op": "rally"},
      "march": {"t": "op", "op": "march"}, "attack": {"t": "op", "op": "attack"}}
DONE: Move = {"t": "done"}
PASS: Move = {"t": "pass"}


def this_card(s: State, moves: list[Move]) -> list[Move]:
    """The moves made on the current card (the bot goes on if it is also to act next card)."""
    out = []
    turn = s.turn
    for m in moves:
        if s.turn != turn:
            break
        out.append(m)
        s, _ = engine.apply(s, m)
    return out
