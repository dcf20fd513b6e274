"""The table: fronts, prison, graveyard (Setup 3-4), what is on them, and the few ways cards move
between them. Every change to a front goes through ``place``, ``remove`` and ``flip`` here, so
that the two consequences the rules attach to such changes are never missed:

* DOMINATION (Winning the Game 2): "Either player has eight more action icons on their cards than
  their opponent in any one front. The game ends immediately" – checked after every change,
  face-down cards counted (their owner "should reveal them to prove their victory");
* a card that leaves its front or is turned face-down takes no further actions: HIDE "used to flip
  itself over; in this case, any subsequent actions on the card are forfeited", and "if an FLN
  action taken during a French turn ... results in the elimination of the French card played that
  turn, do not take the remaining action(s) on the card" (Actions) – every ``card`` decision of
  that card on the stack is stopped (docs/insurgent/rules.md, [choice] 5).
"""

from __future__ import annotations

from typing import Any

from .deck import FACTION_NAME, FRONTS, SIDES, Card
from .machine import Log, State, emit
from .state import other

DOMINATION = 8
DOMINATION_RULE = "Winning the Game 2 (DOMINATION)"


def card(s: State, cid: int) -> Card:
    return s.deck.card(cid)


def name(s: State, cid: int) -> str:
    return s.deck.card(cid).name


def who(side: str) -> str:
    return FACTION_NAME[side]


# --- queries ---------------------------------------------------------------------------------


def locate(s: State, cid: int) -> tuple[str, str, int] | None:
    """(side, front, position from the bottom) of a card in a front, or None."""
    for side in SIDES:
        for f in FRONTS:
            for i, e in enumerate(s.fronts[side][f]):
                if e["card"] == cid:
                    return side, f, i
    return None


def face_up(s: State, side: str) -> list[int]:
    """The face-up cards in ``side``'s fronts (front by front, bottom first)."""
    return [e["card"] for f in FRONTS for e in s.fronts[side][f] if e["up"]]


def face_down(s: State) -> list[tuple[str, int]]:
    """(front, position) of each face-down FLN card (only the FLN plays face-down)."""
    return [(f, i) for f in FRONTS for i, e in enumerate(s.fronts["fln"][f]) if not e["up"]]


def icons(s: State, side: str, front: str) -> int:
    """Action icons on ``side``'s cards in ``front``, face-down ones included."""
    return sum(s.deck.card(e["card"]).icons for e in s.fronts[side][front])


def rally(s: State, side: str, front: str) -> int:
    return sum(s.deck.card(e["card"]).rally for e in s.fronts[side][front])


def deck_size(s: State, side: str) -> int:
    d = s.decks[side]
    return len(d["pool"]) + len(d["bottom"])


# --- changes ---------------------------------------------------------------------------------


def place(s: State, side: str, cid: int, front: str, up: bool, log: Log, rule: str) -> None:
    """Splay ``cid`` on top of ``side``'s cards in ``front``."""
    s.fronts[side][front].append({"card": cid, "up": up})
    if up:
        emit(log, rule, f"{who(side)} plays {name(s, cid)} face up to the {front} front",
             side=side, card=cid, front=front)
    else:
        emit(log, rule, f"FLN plays a card face down to the {front} front", side=side,
             front=front, private={"fln": {"card": cid}})
    check_domination(s, log)


def remove(s: State, cid: int) -> tuple[str, str]:
    """Take ``cid`` out of its front; its pending actions stop. Returns (side, front)."""
    where = locate(s, cid)
    assert where is not None, cid
    side, front, i = where
    del s.fronts[side][front][i]
    stop(s, cid)
    return side, front


def to_graveyard(s: State, cid: int, log: Log, rule: str) -> None:
    """ATTACK / BOMB: a card in a front or in prison goes to the graveyard."""
    for i, p in enumerate(s.prison):
        if p["card"] == cid:
            del s.prison[i]
            emit(log, rule, f"{name(s, cid)} is taken from prison to the graveyard", card=cid)
            break
    else:
        side, front = remove(s, cid)
        emit(log, rule, f"{who(side)} {name(s, cid)} is removed from the {front} front to the"
             " graveyard", card=cid, side=side, front=front)
    s.graveyard.append(cid)
    check_domination(s, log)


def to_prison(s: State, cid: int, log: Log, rule: str) -> None:
    """CAPTURE: a face-up FLN card goes to prison (remembering its front, for JAILBREAK)."""
    _, front = remove(s, cid)
    s.prison.append({"card": cid, "front": front})
    emit(log, rule, f"FLN {name(s, cid)} is captured from the {front} front", card=cid,
         front=front)
    check_domination(s, log)


def flip(s: State, cid: int, up: bool, log: Log, rule: str) -> None:
    where = locate(s, cid)
    assert where is not None, cid
    side, front, i = where
    s.fronts[side][front][i]["up"] = up
    if up:
        emit(log, rule, f"the face-down FLN card at position {i + 1} of the {front} front is"
             f" turned face up: {name(s, cid)}", card=cid, front=front, pos=i)
    else:
        stop(s, cid)
        emit(log, rule, f"FLN {name(s, cid)} is turned face down in the {front} front",
             card=cid, front=front, pos=i)


def stop(s: State, cid: int) -> None:
    """``cid`` left its front or was turned face-down: its remaining actions are not taken."""
    for f in s.pending:
        if f["k"] == "card" and f["card"] == cid:
            f["live"] = False


# --- the end ---------------------------------------------------------------------------------


def check_domination(s: State, log: Log) -> None:
    if s.result is not None:
        return
    for front in FRONTS:
        n = {side: icons(s, side, front) for side in SIDES}
        for side in SIDES:
            if n[side] - n[other(side)] >= DOMINATION:
                emit(log, DOMINATION_RULE, f"{who(side)} domination in the {front} front:"
                     f" {n[side]} action icons against {n[other(side)]}", winner=side)
                end(s, {"winner": side, "by": "domination", "front": front, "icons": n}, log)
                return


def dominating(s: State, side: str) -> bool:
    """Has ``side`` eight more action icons than its opponent in any one front (face-down
    cards counted)? The truthful answer to the French player's question (Winning the Game 2)."""
    return any(icons(s, side, f) - icons(s, other(side), f) >= DOMINATION for f in FRONTS)


def end(s: State, result: dict[str, Any], log: Log) -> None:
    """The game is over: the FLN's face-down cards are revealed (Final Scoring 1; a domination
    is proved by them, Winning the Game 2) and no decision remains."""
    for f in FRONTS:
        for e in s.fronts["fln"][f]:
            e["up"] = True
    s.result = result
    w = result["winner"]
    emit(log, "Winning the Game", "the game is a draw" if w is None else f"{who(w)} wins",
         result=result)
