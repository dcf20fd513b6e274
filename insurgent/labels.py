"""The English wording a user interface shows for *INSURGENT: Algeria*: one short label for every
legal move and every log entry, cards named as the deck file names them and actions as the rules
print them (Actions). The service passes the labels through unchanged (as ``engine.labels`` does
for Colonial Twilight and ``algeria.labels`` for Algeria).

* ``move_label(state, move)`` – a legal move in the context of its decision: "Keep your hand",
  "Play FLN agent 3 face down to the military front", "Play French event 2 (an event: to the
  discard pile)", "ATTACK FLN agent 1 (in prison)", "EXPOSE the face-down card at position 2 of
  the political front", "Skip JAILBREAK", "Draw French agent 4", "Roll 3". A move of a kind this
  module does not know is named by its kind and every field, so the labels of one decision stay
  distinct.
* ``log_label(entry)`` – a log entry's text as a sentence, the faction not said twice before a
  card's name ("FLN agent 4 is turned face down", not "FLN FLN agent 4 ...").

Labels are for people: never part of a move, and a move is never read from its label. A label
names only what its reader may see: a move's label names a card the move names (a card in the
mover's hand or a face-up card); an EXPOSE names the position, never the face-down card.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from .board import locate
from .deck import FACTION_NAME
from .state import Move, State

SIDES = {**FACTION_NAME, "chance": "Chance"}


def _name(s: State, cid: Any) -> str:
    if type(cid) is int and 1 <= cid <= len(s.deck.cards):
        return s.deck.card(cid).name
    return f"card {cid}"


def _top_action(s: State) -> str | None:
    f = s.pending[-1] if s.pending else None
    return f.get("action") if isinstance(f, dict) and f.get("k") == "act" else None


def _play(s: State, m: Move) -> str:
    name = _name(s, m.get("card"))
    if "front" not in m:
        return f"Play {name} (an event: to the discard pile)"
    face = f" face {m['face']}" if "face" in m else ""
    return f"Play {name}{face} to the {m['front']} front"


def _attack(s: State, m: Move) -> str:
    cid = m.get("card")
    where = " (in prison)" if any(p.get("card") == cid for p in s.prison) else ""
    return f"ATTACK {_name(s, cid)}{where}"


def _face_up(s: State, m: Move) -> str:
    """A card the move names on the table (face up, or in prison), with its front."""
    at = locate(s, m["card"]) if type(m.get("card")) is int else None
    front = f" in the {at[1]} front" if at is not None else ""
    return f"{_name(s, m.get('card'))}{front}"


LABELS: dict[str, Callable[[State, Move], str]] = {
    "keep": lambda s, m: "Keep your hand",
    "mulligan": lambda s, m: "Reshuffle your hand into the deck and draw a new hand (once only)",
    "play": _play,
    "skip": lambda s, m: f"Skip {_top_action(s) or 'it'}",
    "attack": _attack,
    "bomb": lambda s, m: "BOMB: roll two dice",
    "remove": lambda s, m: f"Remove {_face_up(s, m)} (a BOMB hit)",
    "recruit": lambda s, m: "RECRUIT: draw two cards",
    "negotiate": lambda s, m: "NEGOTIATE: draw a card",
    "expose": lambda s, m: (f"EXPOSE the face-down card at position {int(m.get('pos', 0)) + 1}"
                            f" of the {m.get('front')} front"),
    "capture": lambda s, m: f"CAPTURE {_face_up(s, m)}",
    "hide": lambda s, m: f"HIDE {_face_up(s, m)}: turn it face down",
    "jailbreak": lambda s, m: f"JAILBREAK {_name(s, m.get('card'))}: back to the table face"
                              f" {m.get('face')}",
    "draw": lambda s, m: f"Draw {_name(s, m.get('card'))}",
    "roll": lambda s, m: f"Roll {m.get('value')}",
}


def _generic(m: Move) -> str:
    rest = ", ".join(f"{k} {v}" for k, v in sorted(m.items()) if k != "t")
    return f"{str(m.get('t', '?')).capitalize()}" + (f": {rest}" if rest else "")


def move_label(s: State, m: Move) -> str:
    label = LABELS.get(str(m.get("t")))
    if label is None:
        return _generic(m)
    try:
        return label(s, m)
    except (KeyError, TypeError, ValueError, IndexError):
        return _generic(m)


def move_labels(s: State, moves: list[Move]) -> list[str]:
    """The labels of a decision's moves, each distinct (the move's fields added where two
    labels would read the same)."""
    labels = [move_label(s, m) for m in moves]
    for i, text in enumerate(labels):
        if labels.count(text) > 1:
            labels[i] = f"{text} ({_generic(moves[i])})"
    return labels


_TWICE = re.compile(r"\b(FLN|French) (?=\1\b)")


def log_label(entry: dict[str, Any]) -> str:
    text = _TWICE.sub("", str(entry.get("text", "")))
    return text[:1].upper() + text[1:]
