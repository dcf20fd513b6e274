"""Reusable decisions and steps for Event programs (5.1): pick among options, remove pieces, move
pieces, grant a free Operation (5.5). (Placing and replacing pieces:
engine/cards/frames_b.py.)

Each decision frame belongs to one actor (``who``: the executor, or the faction the text names, 5.1)
and writes its outcome into the calling ``event`` frame's ``x`` (key ``into``) when it completes.
"""

from __future__ import annotations

from typing import Any, Callable, Collection, Sequence

from referee_core.chance import roll_frame
from referee_core.errors import StateError

from .board import (
    add_commitment, add_resources, box_to_box, independent, move_piece, population, remove_to,
)
from .data import (
    AG, ALGERIA, BOXES, CARDS, CITIES, COUNTRIES, FB, FRANCE_BOXES, MAP_PIECES, SPACES, UG, box_key,
)
from .events import StepFn
from .machine import FrameType, Log, emit, find_frame, pop, push, register
from .ops import OPS, op_frame
from .ops_gov import activate
from .state import Frame, Move, State
from .words import agree

Value = str | int
PLACES = frozenset(SPACES) | frozenset(BOXES)  # where an Event takes pieces from (1.4.1)
FLN_PIECES = frozenset((UG, AG, FB))


def picked(f: Frame, key: str) -> list[str]:
    """The values chosen in a ``pick`` decision stored under ``key`` (none if never asked)."""
    return [str(v) for v in f["x"].get(key, [])]


def event_context(s: State) -> str:
    """The Event an Event step belongs to, as a prompt starts with it ("#15 Jean-Paul Sartre:
    "), or "" outside an Event."""
    ev = find_frame(s, "event", "pivotal_event")
    card = ev.get("card") if ev is not None else None
    return f"#{card} {CARDS[card]['title']}: " if isinstance(card, int) and card in CARDS else ""


def pick(who: str, prompt: str, options: Sequence[Value], into: str, lo: int = 0,
         hi: int = 1) -> Frame:
    """Choose between ``lo`` and ``hi`` distinct values among ``options`` (spaces, numbers, …)."""
    return {"k": "pick", "who": who, "prompt": prompt, "options": list(options), "min": lo,
            "max": hi, "into": into, "picked": []}


_SECTORS = frozenset(n for n in ALGERIA if n not in CITIES)
# 5.1: what the options of a pick stand for, by the entry of the Event's ``x`` they go to.
PICK_VALUES: dict[str, Callable[[State], Collection[Value]]] = {
    "wilaya": lambda s: range(1, 7),
    "space": lambda s: SPACES, "spaces": lambda s: SPACES,
    "sector": lambda s: _SECTORS,
    "city": lambda s: CITIES, "cities": lambda s: CITIES,
    "country": lambda s: COUNTRIES, "countries": lambda s: COUNTRIES,
    "box": lambda s: FRANCE_BOXES,
    "n": lambda s: range(51), "k": lambda s: range(51),
    "card": lambda s: {int(c) for c in s.cards["capabilities"]},
    "level": lambda s: ("support", "oppose"),
    "mode": lambda s: ("remove_guerrillas", "france_track"),
    "mandate": lambda s: ("commitment",) + ALGERIA,
    "choice": lambda s: ("troops", "commitment"),
    "agitate": lambda s: ("agitate",),
}


def check_who(f: Frame) -> None:
    """An Event decision's actor (5.1)."""
    if f.get("who") not in ("gov", "fln") or type(f.get("who")) is not str:
        raise StateError("who", "must be gov or fln")


def check_pairs(v: object, field: str, pieces: Collection[str], places: Collection[str]
                ) -> list[list[str]]:
    """A list of [piece, place] pairs (map piece keys; spaces or boxes)."""
    if type(v) is not list or not all(type(p) is list and len(p) == 2 and p[0] in pieces
                                      and p[1] in places for p in v):
        raise StateError(field, "must be a list of [piece, space or box] pairs")
    return v


def check_progress(f: Frame, done: str, limit: int) -> None:
    """A Batch frame still in progress: once a step is done, fewer than ``limit`` (after the
    last one the decision is over, 5.1.3)."""
    if f[done] and len(f[done]) >= limit:
        raise StateError(done, f"the decision ends after {limit} steps")


class Pick(FrameType):
    kind = "pick"
    below = ("event", "pivotal_event")
    rule = "5.1"

    def check_frame(self, s: State, f: Frame) -> None:
        """Distinct options of the kind its Event entry (``into``) expects; the picks among
        them, fewer than the maximum (else the decision is over)."""
        check_fields(f, {"k": str, "who": str, "prompt": str, "options": list, "min": int,
                         "max": int, "into": str, "picked": list}, exact=True)
        check_who(f)
        values = PICK_VALUES.get(f["into"])
        if values is None:
            raise StateError("into", "no Event asks for that")
        allowed = values(s)
        opts = f["options"]
        for j, v in enumerate(opts):
            if v not in allowed or type(v) not in (str, int) or opts.index(v) != j:
                raise StateError(f"options[{j}]", f"not a {f['into']} to choose, or twice")
        if not 0 <= f["min"] <= f["max"] <= len(SPACES):
            raise StateError("max", "0 <= min <= max")
        picked = f["picked"]
        if not all(v in opts for v in picked) or len(set(map(str, picked))) != len(picked):
            raise StateError("picked", "distinct values among the options")
        if picked and len(picked) >= min(f["max"], len(opts)):
            raise StateError("picked", "the decision ends once the maximum is picked")

    def prompt(self, s: State, f: Frame) -> str:
        return str(f["prompt"])

    def moves(self, s: State, f: Frame) -> list[Move]:
        ms: list[Move] = []
        if len(f["picked"]) < f["max"]:
            ms = [{"t": "pick", "value": v} for v in f["options"] if v not in f["picked"]]
        if len(f["picked"]) >= min(f["min"], len(f["options"])):
            ms.append({"t": "done"})
        return ms

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "pick":
            f["picked"].append(m["value"])
            if len(f["picked"]) < f["max"] and len(f["picked"]) < len(f["options"]):
                return
        pop(s)
        s.pending[-1]["x"][f["into"]] = list(f["picked"])


class Batch(FrameType):
    """A decision repeated up to a limit (place / remove / move one piece at a time), ending with
    ``done``; when the frame's ``must`` is true (5.1.3) ``done`` is offered only once nothing more
    can be done. On completion the list under ``record`` goes to the calling Event frame's
    ``x[into]``."""

    below = ("event", "pivotal_event")

    record = ""

    def options(self, s: State, f: Frame) -> list[Move]:
        return []

    def moves(self, s: State, f: Frame) -> list[Move]:
        ms = self.options(s, f)
        if not f.get("must") or not ms:
            ms.append({"t": "done"})
        return ms

    def finish_unless_more(self, s: State, f: Frame) -> None:
        """After a step: stay while more is possible, else hand the outcome back."""
        if not self.options(s, f):
            self.finish(s, f)

    def finish(self, s: State, f: Frame) -> None:
        pop(s)
        s.pending[-1]["x"][f["into"]] = [list(p) for p in f[self.record]]


def count_at(s: State, piece: str, where: str) -> int:
    """1.4.1: pieces of a map key in a space, or of its box type in a box."""
    if where in BOXES:
        return s.boxes[where][box_key(piece)]
    return s.spaces[where]["pieces"][piece]


def take_piece(s: State, who: str, piece: str, where: str, to: str, log: Log) -> None:
    """1.4.1: ``who`` moves one piece from a space or a box to box ``to``."""
    if where in BOXES:
        box_to_box(s, piece, where, to)
    else:
        remove_to(s, piece, where, to)
    emit(log, "5.1", f"{piece} from {where} to {to}", actor=who, piece=piece, source=where, box=to)


def remove(who: str, choices: Sequence[Sequence[str]], into: str, *, max_total: int,
           to: str = "available", must: bool = True, prompt: str = "") -> Frame:
    """Remove up to ``max_total`` pieces to box ``to``; ``choices`` lists the eligible
    ``[piece, where]`` pairs, ``where`` a space or a box (re-checked against the board at each
    step). ``must``: as many as possible (5.1.3)."""
    return {"k": "ev_remove", "who": who, "prompt": prompt, "choices": [list(c) for c in choices],
            "max_total": max_total, "to": to, "must": must, "into": into, "removed": []}


def remove_exactly(s: State, who: str, choices: Sequence[Sequence[str]], n: int, to: str, into: str,
                   log: Log, prompt: str = "") -> None:
    """5.1.3: ``n`` pieces among ``choices`` (all of them if fewer exist) go to box ``to``. Done at
    once when there is nothing to choose (every candidate goes, or only one kind in one place);
    otherwise ``who`` chooses them one by one."""
    live = [[p, w] for p, w in choices if count_at(s, p, w) > 0]
    if n <= 0 or not live:
        return
    if len(live) > 1 and sum(count_at(s, p, w) for p, w in live) > n:
        push(s, remove(who, live, into, max_total=n, to=to, prompt=prompt))
        return
    done: list[list[str]] = []
    for p, w in live:
        for _ in range(min(n - len(done), count_at(s, p, w))):
            take_piece(s, who, p, w, to, log)
            done.append([p, w])
    s.pending[-1]["x"][into] = done


class Remove(Batch):
    kind = "ev_remove"
    rule = "5.1"
    record = "removed"

    def check_frame(self, s: State, f: Frame) -> None:
        check_fields(f, {"k": str, "who": str, "prompt": str, "choices": list, "max_total": int,
                         "to": str, "must": bool, "into": str, "removed": list}, exact=True)
        check_who(f)
        if f["to"] not in BOXES:
            raise StateError("to", "must be a box")
        choices = check_pairs(f["choices"], "choices", MAP_PIECES, PLACES)
        removed = check_pairs(f["removed"], "removed", MAP_PIECES, PLACES)
        if not all(p in choices for p in removed):
            raise StateError("removed", "pieces among the choices")
        check_progress(f, "removed", f["max_total"])

    def prompt(self, s: State, f: Frame) -> str:
        left = f["max_total"] - len(f["removed"])
        if f.get("prompt"):
            return f"{f['prompt']} ({left} more)"
        return agree(f"{event_context(s)}remove up to {left} more pieces")

    def options(self, s: State, f: Frame) -> list[Move]:
        if len(f["removed"]) >= f["max_total"]:
            return []
        return [{"t": "remove", "piece": p, "box" if w in BOXES else "space": w}
                for p, w in f["choices"] if count_at(s, p, w) > 0]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "remove":
            piece, where = m["piece"], m.get("space") or m["box"]
            take_piece(s, f["who"], piece, where, f["to"], log)
            f["removed"].append([piece, where])
            self.finish_unless_more(s, f)
        else:
            self.finish(s, f)


def check_fields(f: Frame, fields: dict[str, type], exact: bool = False) -> None:
    """A loaded decision frame (untrusted input) has its fields, of the right types (``exact``:
    and no other)."""
    for k, kind in fields.items():
        if type(f.get(k)) is not kind:
            raise StateError(k, f"must be a {kind.__name__}")
    if exact and len(f) != len(fields):
        raise StateError(next(k for k in f if k not in fields), "unknown field")


def check_spaces(values: object, field: str) -> None:
    if type(values) is not list or not all(isinstance(n, str) and n in SPACES for n in values):
        raise StateError(field, "must be a list of space names")


def move_pieces(who: str, prompt: str, pieces: Sequence[str], routes: Sequence[Sequence[str]],
                into: str, *, n: int | None = None, once: bool = False) -> Frame:
    """Move up to ``n`` (None: any number of) pieces of the ``pieces`` map keys, one at a time,
    along ``routes`` (``[from, to]`` pairs); a moved piece keeps its state. With ``once``, a piece
    that arrived may not move on."""
    return {"k": "ev_move", "who": who, "prompt": prompt, "pieces": list(pieces),
            "routes": [list(r) for r in routes], "n": n, "into": into, "moved": [],
            "arrived": {} if once else None}


def routes_among(spaces: Sequence[str]) -> list[list[str]]:
    """Every route from one of ``spaces`` to another."""
    return [[a, b] for a in spaces for b in spaces if a != b]


class MovePieces(Batch):
    kind = "ev_move"
    rule = "5.1"
    record = "moved"

    def check_frame(self, s: State, f: Frame) -> None:
        check_fields(f, {"k": str, "who": str, "prompt": str, "pieces": list, "routes": list,
                         "into": str, "moved": list})
        if len(f) != 9:  # and "n", "arrived" (checked below)
            raise StateError("", "must have the fields of a move decision")
        check_who(f)
        if f.get("n") is not None and type(f["n"]) is not int:
            raise StateError("n", "must be an integer or null")
        if not all(p in MAP_PIECES for p in f["pieces"]):
            raise StateError("pieces", "must be map piece keys")
        for r in f["routes"]:
            check_spaces(r, "routes")
            if len(r) != 2 or r[0] == r[1]:
                raise StateError("routes", "must be [from, to] pairs of spaces")
            if r[1] in COUNTRIES and not (independent(s) and set(f["pieces"]) <= FLN_PIECES):
                raise StateError("routes", "only FLN pieces enter Morocco and Tunisia, once"
                                 " independent", "1.3.4")
        if not all(type(m) is list and len(m) == 3 and m[0] in f["pieces"] and m[1:] in f["routes"]
                   for m in f["moved"]):
            raise StateError("moved", "must be [piece, from, to] moves along the routes")
        if f["n"] is not None:
            check_progress(f, "moved", f["n"])
        arrived = f.get("arrived")
        if arrived is not None and (type(arrived) is not dict or any(
                n not in SPACES or type(d) is not dict or any(
                    p not in f["pieces"] or type(k) is not int
                    or not 0 <= k <= s.spaces[n]["pieces"][p] for p, k in d.items())
                for n, d in arrived.items())):
            raise StateError("arrived", "must count pieces present where they arrived")

    def prompt(self, s: State, f: Frame) -> str:
        if f["n"] is None:
            return str(f["prompt"])
        return f"{f['prompt']} ({f['n'] - len(f['moved'])} more at most)"

    def movable(self, f: Frame, s: State, n: str, piece: str) -> int:
        arrived = f["arrived"] or {}
        return int(s.spaces[n]["pieces"][piece] - arrived.get(n, {}).get(piece, 0))

    def options(self, s: State, f: Frame) -> list[Move]:
        if f["n"] is not None and len(f["moved"]) >= f["n"]:
            return []
        return [{"t": "move", "piece": p, "from": a, "to": b} for a, b in f["routes"]
                for p in f["pieces"] if self.movable(f, s, a, p) > 0]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "move":
            p, a, b = m["piece"], m["from"], m["to"]
            move_piece(s, p, a, b)
            if f["arrived"] is not None:
                arrived = f["arrived"].setdefault(b, {})
                arrived[p] = arrived.get(p, 0) + 1
            f["moved"].append([p, a, b])
            emit(log, self.rule, f"{p} moved from {a} to {b}", actor=f["who"], piece=p,
                 source=a, space=b)
            self.finish_unless_more(s, f)
        else:
            self.finish(s, f)


def free_op_frame(op: str, who: str, *, limited: bool = False, **extra: Any) -> Frame:
    """The frame of a free Operation (3.1.2, 5.5): no Resource cost (Pacify/Agitate still cost), no
    eligibility change, no Special Activity unless the text grants one. ``extra`` goes into the
    Operation's ``x`` for Event-specific restrictions (``max_locs``, ``base_only``, …)."""
    f = op_frame(op, who, None, "limited_op" if limited else None, free=True, sa_ok=False)
    f["x"].update(extra)
    return f


def free_op_possible(s: State, op: str, who: str, *, limited: bool = False, **extra: Any) -> bool:
    """Can that free Operation begin (5.1.3), judged on the very frame ``free_op`` pushes?"""
    return bool(OPS[op].op_moves(s, free_op_frame(op, who, limited=limited, **extra)))


def free_op(s: State, op: str, who: str, *, limited: bool = False, **extra: Any) -> None:
    """Push a free Operation if any of it can be implemented (5.1.3, 5.5)."""
    f = free_op_frame(op, who, limited=limited, **extra)
    if OPS[op].op_moves(s, f):
        push(s, f)


def wilaya_spaces(w: int) -> list[str]:
    """1.3.2, 1.3.3: the Sectors of a Wilaya and the City located in it (never the Countries)."""
    return [n for n, sp in SPACES.items() if sp.wilaya == w]


def activate_all(s: State, spaces: Sequence[str], log: Log) -> None:
    """Flip every Underground Guerrilla in ``spaces`` Active (1.4.3)."""
    for n in spaces:
        activate(s, n, s.spaces[n]["pieces"][UG], log, "5.1")


def hide_all(s: State, spaces: Sequence[str], log: Log) -> None:
    """Flip every Active Guerrilla in ``spaces`` Underground (1.4.3)."""
    for n in spaces:
        p = s.spaces[n]["pieces"]
        if p[AG]:
            p = s.space_w(n)["pieces"]
            emit(log, "5.1", f"{p[AG]} Guerrilla(s) flipped Underground in {n}", space=n,
                 flipped=p[AG])
            p[UG] += p[AG]
            p[AG] = 0


# --- small steps shared by the Event texts ------------------------------------------------------


def commitment_change(s: State, n: int, log: Log) -> None:
    """Commitment +/- n, kept within 0-50 (1.8)."""
    add_commitment(s, n)
    emit(log, "5.1", f"Commitment {n:+d} (now {s.commitment})", commitment=s.commitment)


def commitment_step(n: int) -> StepFn:
    def step(s: State, f: Frame, log: Log) -> None:
        commitment_change(s, n, log)
    return step


def resources_change(s: State, who: str, n: int, log: Log) -> None:
    """``who``'s Resources +/- n, kept within 0-50 (1.8, 5.1.1)."""
    add_resources(s, who, n)
    emit(log, "5.1", f"{who} Resources {n:+d} (now {s.resources[who]})", faction=who,
         resources=s.resources[who])


def resources_step(who: str, n: int) -> StepFn:
    def step(s: State, f: Frame, log: Log) -> None:
        resources_change(s, who, n, log)
    return step


def roll_step(purpose: str, into: str = "roll",
              needed: Callable[[State], bool] | None = None) -> StepFn:
    """Roll 1d6 (a chance decision); the next step reads ``f["x"][into]`` – absent when
    ``needed`` says the result cannot matter (interpretation: a roll whose every outcome leaves
    the state unchanged is not asked for)."""
    def step(s: State, f: Frame, log: Log) -> None:
        f["x"].pop(into, None)
        if needed is None or needed(s):
            push(s, roll_frame(purpose, "5.1", into))
    return step


def france_boxes(s: State, toward_a: int, toward_f: int, *, stay: bool) -> list[str]:
    """1.3.8: the France Track boxes (A to F order) at most ``toward_a`` boxes toward A and
    ``toward_f`` toward F of the marker; the marker's own box only with ``stay``."""
    i = FRANCE_BOXES.index(s.france_track)
    return [b for j, b in enumerate(FRANCE_BOXES)
            if i - toward_a <= j <= i + toward_f and (stay or j != i)]


def set_france_track(s: State, box: str, log: Log) -> None:
    s.france_track = box
    emit(log, "5.1", f"France Track to {box}", france_track=box)


def set_support(s: State, space: str, level: str, log: Log) -> None:
    """1.6: set a space's Support/Opposition level; Pop 0 spaces stay Neutral (1.6.2, 4.2.1)."""
    if population(s, space) < 1:
        return
    s.space_w(space)["support"] = level
    emit(log, "5.1", f"{space} set to {level}", space=space, support=level)


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Pick)
register(Remove)
register(MovePieces)
