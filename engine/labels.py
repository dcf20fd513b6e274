"""The English wording a user interface shows: one short label for every legal move and every log
entry, and the names of pieces, boxes, tracks and cards. All wording lives here; the transports
pass the labels through unchanged.

* ``move_label(state, move)`` – a legal move of ``state`` as a person reads it, in the context of
  the pending decision (which Operation a space is selected for, which Event a removal belongs
  to): "Rally in Tizi Ouzou: place a Guerrilla", "Event #15 Jean-Paul Sartre, shaded",
  "Pass (+1 Resource)". The labels of one prompt's legal moves are distinct.
* ``log_label(entry)`` – a log entry (``machine.emit``) with cards named by number and title and
  the engine's keys (pieces, boxes, levels, actors) in the rulebook's words.
* ``card_name(n)`` – "#15 Jean-Paul Sartre".

Labels are for people: they are never part of a move, and a move is never read from its label.
"""

from __future__ import annotations

import re
from typing import Any, Callable

from .data import CARDS, SPACES
from .machine import find_frame, handler, prompt, top
from .ops import Operation
from .state import Frame, Move, State
from .words import BOXES, LEVELS, PIECES, agree, counted, piece_name

TRACKS = {"france_track": "the France Track", "border_zone": "the Border Zone"}
ACTIONS = {  # Operations (3.0) and Special Activities (4.0)
    "train": "Train", "garrison": "Garrison", "sweep": "Sweep", "assault": "Assault",
    "rally": "Rally", "march": "March", "attack": "Attack", "terror": "Terror",
    "deploy": "Deploy", "troop_lift": "Troop Lift", "neutralize": "Neutralize",
    "extort": "Extort", "subvert": "Subvert", "ambush": "Ambush", "oas": "OAS",
}
OP_BOXES = {"op_plus_sa": "Op + Special Activity", "op_only": "Op Only",
            "limited_op": "Limited Op", "event": "Event", "pass": "Pass"}
FACTIONS = {"gov": "Government", "fln": "FLN", "chance": "Chance"}
PASS_INCOME = {"gov": 2, "fln": 1}  # 2.3.3


def card_name(n: int) -> str:
    """A card by number and title, e.g. "#15 Jean-Paul Sartre"."""
    c = CARDS.get(n)
    return f"#{n} {c['title']}" if c else f"#{n}"


def where(x: str) -> str:
    """A space, a track or a box as a sentence names it."""
    return TRACKS.get(x) or BOXES.get(x) or x


def value_name(v: Any) -> str:
    """A value picked at an Event prompt (a space, a piece, a level, a number ...)."""
    if isinstance(v, str):
        return LEVELS.get(v) or PIECES.get(v) or BOXES.get(v) or TRACKS.get(v) or (
            v if v in SPACES else v.replace("_", " "))
    return str(v)


def _a(noun: str) -> str:
    """The noun with its article ("a Guerrilla", "an FLN Base"); Troops and Police take none."""
    if noun.endswith(("Troops", "Police")):
        return noun
    return ("an " if noun[:1] in "AEFIOU" else "a ") + noun


# ---- moves -------------------------------------------------------------------------------------

def move_label(s: State, m: Move) -> str:
    """The label of ``m``, a legal move of ``s`` (see the module docstring)."""
    f = top(s)
    if f is None:
        return _generic(m, "")
    kind = f["k"]
    fn = _BY_FRAME.get(kind)
    if fn is None and kind.startswith(("op:", "sa:", "evb_subvert")):
        fn = _action
    return fn(s, f, m) if fn is not None else _generic(m, _context(s, f))


def move_labels(s: State, moves: list[Move]) -> list[str]:
    return [move_label(s, m) for m in moves]


def _eligible(s: State, f: Frame, m: Move) -> str:
    who = f["who"]
    if m["t"] == "pass":
        n = PASS_INCOME.get(who, 0)
        return f"Pass (+{counted(n, 'Resource')})"
    if m["t"] == "event":
        card = s.cards.get("current")
        dual = bool(CARDS.get(card, {}).get("dual_use")) if isinstance(card, int) else True
        name = card_name(card) if isinstance(card, int) else "the current card"
        return f"Event {name}" + (f", {m['side']}" if dual else "")
    if m["t"] == "op":
        op = ACTIONS.get(m["op"], m["op"])
        return f"Operation: {op}" + (f" ({OP_BOXES.get(m['box'], m['box'])})" if "box" in m
                                     else "")
    return _generic(m, "")


def _pivotal_window(s: State, f: Frame, m: Move) -> str:
    if m["t"] == "pivotal":
        return f"Play Pivotal Event {card_name(m['card'])}"
    if m["t"] == "decline":
        return "Play no Pivotal Event"
    return _generic(m, "")


def _draw(s: State, f: Frame, m: Move) -> str:
    return f"Draw {card_name(m['card'])}" if m["t"] == "draw" else _generic(m, "")


def _roll(s: State, f: Frame, m: Move) -> str:
    why = prompt(s).removeprefix("roll a die").lstrip(": ")
    return f"Roll {m.get('value')}" + (f" ({why})" if why else "")


def _action(s: State, f: Frame, m: Move) -> str:
    """Inside an Operation or a Special Activity (3.0, 4.0)."""
    key = f["k"].split(":")[-1]
    name = ACTIONS.get(key) or ("Subvert" if key == "evb_subvert" else
                                key.replace("_", " ").title())
    x = f.get("x") or {}
    t = m["t"]
    sp = m.get("space")
    at = f"{name} in {where(sp)}" if isinstance(sp, str) else name
    piece = piece_name(m["piece"]) if isinstance(m.get("piece"), str) else ""
    src = f" from {where(m['from'])}" if isinstance(m.get("from"), str) else ""
    if t == "space":
        if isinstance(sp, str) and sp in TRACKS:
            return f"{name} on {TRACKS[sp]}"
        if "amnesty" in m:
            return f"{at}, removing {_a(piece_name(m['amnesty']))} (+1 Resource cost)"
        if piece:
            return f"{at}: remove {_a(piece)}"
        return at
    if t == "sa":
        return f"Special Activity: {ACTIONS.get(m['sa'], m['sa'])}"
    if t == "done":
        return _finish(s, f, name)
    if t == "place":
        if f["k"] == "op:attack":
            return f"{at}: captured goods, {_a(piece or 'Guerrilla')}{src}"
        what = _a(piece or "Guerrilla")
        return f"{at}: place {what}{src}"
    if t in ("pacify", "agitate", "flip", "activate", "resettle"):
        verb = {"pacify": "Pacify", "agitate": "Agitate",
                "flip": "flip all Guerrillas Underground",
                "activate": "end the movement and Activate", "resettle": "Resettle"}[t]
        return f"{at}: {verb}"
    if t == "base":
        ug = int(m.get("ug", 0))
        return (f"{at}: place an FLN Base{src} for 2 Guerrillas "
                f"({ug} Underground)")
    if t == "pick":
        return f"{name}: take {_a(piece)}{src}"
    if t == "move":
        return f"{name}: move {piece}{src} to {where(m['to'])}"
    if t == "remove":
        return f"{at}: remove {_a(piece)}"
    if t == "replace":
        return f"{at}: replace an Algerian cube with {_a(piece or 'Guerrilla')}{src}"
    if t == "group":
        return f"{name} from {m['from']} to {m['to']}"
    if t in ("add", "go"):
        grp = x.get("grp") or {}
        head = f"{name} from {grp.get('from', '?')} to {grp.get('to', '?')}"
        if t == "add":
            return f"{head}: add {_a(piece)}"
        n = int(grp.get("guerrillas_underground", 0)) + int(grp.get("guerrillas_active", 0))
        return f"{head}: go with {counted(n, 'Guerrilla')}"
    if t == "revenge":
        return f"Revenge!: place a Guerrilla in {sp}"
    if t == "decline":
        return "Decline Revenge!" if f["k"] == "op:assault" else f"{name}: no captured goods"
    return _generic(m, name)


def _finish(s: State, f: Frame, name: str) -> str:
    """``done`` in an Operation says which stage it ends (4.1): the Operation, when a Special
    Activity may still follow it, or the Operation without one."""
    if not f["k"].startswith("op:"):
        return f"Finish {name}"
    if f["stage"] == "post":
        return f"Finish {name} without a Special Activity"
    op = handler(f)
    if f["sa"] is None and isinstance(op, Operation) and op.sa_starts(s, f):
        return f"Finish {name}'s locations (a Special Activity may follow)"
    return f"Finish {name}"


def _pick(s: State, f: Frame, m: Move) -> str:
    ctx = str(f.get("prompt") or _context(s, f))
    if m["t"] == "pick":
        return f"Choose {value_name(m['value'])} ({ctx})"
    if m["t"] == "done":
        return f"Choose no more ({ctx})"
    return _generic(m, ctx)


def _event_step(s: State, f: Frame, m: Move) -> str:
    """The decisions of an Event text (event_steps, cards/frames_b)."""
    ctx = _context(s, f)
    t = m["t"]
    piece = piece_name(m.get("piece") or f.get("piece") or f.get("repl") or "")
    if t == "done":
        return f"{ctx}: no more" if ctx else "Done"
    if t == "remove":
        src = m.get("space") or m.get("box")
        to = f.get("to")
        return f"{ctx}: {'move' if to else 'remove'} {_a(piece)} from {where(str(src))}" + (
            f" to {where(str(to))}" if to else "")
    if t == "place":
        if "from" in m:
            src = f" from {m['from']}"
        else:
            src = f" from {where(m['source'])}" if "source" in m else ""
        return f"{ctx}: place {_a(piece)} in {m['space']}{src}"
    if t == "replace":
        repl = piece_name(f.get("repl") or "")
        take = f" (taking {_a(piece_name(m['take']))} from {m['from']})" if "take" in m else ""
        return f"{ctx}: replace {_a(piece)} in {m['space']} with {_a(repl)}{take}"
    if t == "move":
        return f"{ctx}: move {piece} from {where(m['from'])} to {where(m['to'])}"
    return _generic(m, ctx)


def _context(s: State, f: Frame) -> str:
    """The Event being executed (its card by number and title), else the prompt's own words."""
    ev = find_frame(s, "event", "pivotal_event")
    if ev is not None and isinstance(ev.get("card"), int):
        side = f", {ev['side']}" if ev.get("side") and CARDS.get(ev["card"], {}).get(
            "dual_use") else ""
        return f"Event {card_name(ev['card'])}{side}"
    text = f.get("prompt")
    return str(text) if isinstance(text, str) else ""


_PROPAGANDA = {  # the Propaganda Round's moves (6.2-6.5) and Mobilization's (5.1.6)
    "oop_to_available": "Move {a_piece} from Out of Play to Available",
    "available_to_oop": "Move {a_piece} from Available to Out of Play",
    "pacify": "Pacify in {space}",
    "agitate": "Agitate in {space}",
    "select": "Redeploy {a_piece} from {space}",
    "move": "Redeploy {piece} from {from} to {to}",
    "deselect": "Put the selected piece back (it stays where it is)",
    "place": "Redeploy: place {a_piece} in {space} (Suez Crisis)",
    "out_of_play": "Put {a_piece} Casualty Out of Play",
}
_FINISH = {"prop_commitment": "Finish the Commitment adjustment",
           "prop_pacify": "Finish Pacification", "prop_agitate": "Finish Agitation",
           "prop_redeploy": "Finish the Redeploy", "piv_mobilization": "Finish Mobilization"}


def _propaganda(s: State, f: Frame, m: Move) -> str:
    if m["t"] == "done":
        return _FINISH.get(f["k"], "Done")
    template = _PROPAGANDA.get(m["t"])
    if template is None:
        return _generic(m, "")
    piece = piece_name(m.get("piece", ""))
    return template.format(**{**m, "piece": piece, "a_piece": _a(piece)})


def _deploy(s: State, f: Frame, m: Move) -> str:
    if m["t"] == "place":
        return f"Open Deployment: place {_a(piece_name(m['piece']))} in {m['space']}"
    return _generic(m, "Open Deployment")


def _generic(m: Move, ctx: str) -> str:
    """Any other move: its kind and fields in words (kept distinct: every field is named)."""
    parts = [str(m.get("t", "")).replace("_", " ").capitalize()]
    for k, v in m.items():
        if k != "t":
            parts.append(f"{k.replace('_', ' ')} {value_name(v)}")
    text = ", ".join(parts)
    return f"{ctx}: {text}" if ctx else text


_BY_FRAME: dict[str, Callable[[State, Frame, Move], str]] = {
    "eligible": _eligible, "pivotal_window": _pivotal_window, "draw": _draw, "roll": _roll,
    "pick": _pick, "ev_remove": _event_step, "ev_move": _event_step, "evb_place": _event_step,
    "evb_replace": _event_step, "prop_commitment": _propaganda, "prop_pacify": _propaganda,
    "prop_agitate": _propaganda, "prop_redeploy": _propaganda, "prop_casualties": _propaganda,
    "piv_mobilization": _propaganda, "deploy": _deploy,
}


# ---- log entries -------------------------------------------------------------------------------

_CARD_REF = re.compile(r"\b(card|Pivotal Event|Capability|Momentum|Event) #?(\d{1,2})\b")
_KEYS = {**PIECES, **BOXES, **OP_BOXES, **ACTIONS, **TRACKS, "oop": "Out of Play",
         **{f"in {k}": f"on {v}" for k, v in TRACKS.items()}}
_KEY_RE = re.compile(r"\b(" + "|".join(sorted(map(re.escape, _KEYS), key=len, reverse=True))
                     + r")\b")
_LEVEL_RE = re.compile(r"\b(to|at|set to) (support|neutral|oppose)\b")
_ACTOR_RE = re.compile(r"^(gov|fln)\b")


def log_label(entry: dict[str, Any]) -> str:
    """A log entry as a person reads it: cards named by number and title, the engine's keys in
    the rulebook's words, e.g. "FLN executes card #45 Radio Cairo (unshaded)"."""
    text = str(entry.get("text", ""))
    text = _CARD_REF.sub(lambda mo: f"{mo.group(1)} {card_name(int(mo.group(2)))}", text)
    text = _ACTOR_RE.sub(lambda mo: FACTIONS[mo.group(1)], text)
    text = _LEVEL_RE.sub(lambda mo: f"{mo.group(1)} {LEVELS[mo.group(2)]}", text)
    text = agree(_KEY_RE.sub(lambda mo: _KEYS[mo.group(1)], text))
    return text[:1].upper() + text[1:]
