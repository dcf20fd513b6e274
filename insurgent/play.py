"""Play a Turn 1, PLAY A CARD: where a card may go and what playing it does – from the hand, and
from a RECRUIT, which plays its card "as if you played it from your hand".

* Agent and Supporters cards go to one of the three fronts in front of the player: Supporters to
  any front, an Agent to the front printed on it – unless it has the RALLY action: "unlike any
  other cards in the game, cards with the Rally action can be played on any front" (RALLY).
* The FLN plays each of them face up or face down; the French always face up.
* Event cards go face up to the player's discard pile.

Move: ``{"t": "play", "card": N, "front": "military", "face": "up"}`` (``face`` for the FLN
only; an event has neither ``front`` nor ``face``). A face-up card then takes its actions (a
``card`` decision); a face-down card takes none ("The FLN player does not take the actions on
cards played face-down").
"""

from __future__ import annotations

from .board import place, who
from .deck import FRONTS
from .machine import Frame, Log, Move, State, emit

RULE = "Play a Turn 1"


def card_frame(side: str, cid: int) -> Frame:
    """Take the actions of ``cid`` left to right (Play a Turn 2); ``i``: the next icon."""
    return {"k": "card", "who": side, "card": cid, "i": 0, "live": True}


def fronts_for(s: State, cid: int) -> tuple[str, ...]:
    c = s.deck.card(cid)
    if c.type == "event":
        return ()
    if c.type == "supporters" or "RALLY" in c.actions:
        return FRONTS
    assert c.front is not None
    return (c.front,)


def play_moves(s: State, side: str, cid: int) -> list[Move]:
    if s.deck.card(cid).type == "event":
        return [{"t": "play", "card": cid}]
    if side == "french":
        return [{"t": "play", "card": cid, "front": f} for f in fronts_for(s, cid)]
    return [{"t": "play", "card": cid, "front": f, "face": face}
            for f in fronts_for(s, cid) for face in ("up", "down")]


def play_card(s: State, side: str, m: Move, log: Log, rule: str = RULE) -> None:
    """Put the card of the legal play ``m`` where it goes and, face up, start its actions."""
    cid = m["card"]
    if "front" not in m:
        s.discard[side].append(cid)
        emit(log, rule, f"{who(side)} plays the event {s.deck.card(cid).name}", side=side,
             card=cid)
        s.pending.append(card_frame(side, cid))
        return
    up = m.get("face", "up") == "up"
    place(s, side, cid, m["front"], up, log, rule)
    if up:
        s.pending.append(card_frame(side, cid))
