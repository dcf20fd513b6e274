"""Decision frames of the Event cards #31-#60 (engine/cards/events_b.py).

Besides the shared decisions of engine.event_steps, these cards use two decision frames:

* ``evb_place`` – place one piece type from named boxes (Available, Out of Play), with the 1.4.1
  map fallback for the executor's own pieces: ``{"t": "place", "space": S, "source": BOX}``,
  ``{"t": "place", "space": S, "source": "map"}`` then ``{"t": "take", "from": T, "piece": P}``;
* ``evb_replace`` – replace pieces by another type (5.1.1, 1.4.1): ``{"t": "replace", "space": S,
  "piece": P}``, then, when the replacement must come from the map, ``{"t": "take", "from": T,
  "piece": P}`` or ``{"t": "decline"}`` (the piece is simply removed);

and ``evb_subvert``, the free Subvert of #37 shaded (no Operation, no Underground Guerrilla
needed, 5.1.1 example). Every one of them ends with ``{"t": "done"}`` where the text says "up to".
"""

from __future__ import annotations

from typing import Sequence

from ..board import base_room, independent, map_sources
from ..data import AG, AP, AT, COUNTRIES, FB, GB, GOV_PIECES, UG, box_key
from ..machine import FrameType, Log, emit, pop, push, register
from ..sa_fln import Subvert
from ..state import Frame, Move, State


def _map_takes(s: State, piece: str, dest: str) -> list[Move]:
    """1.4.1: own pieces taken from elsewhere on the map (never from Morocco or Tunisia, never
    from the destination); a Guerrilla of either state, placed Underground."""
    kinds = (UG, AG) if piece in (UG, AG) else (piece,)
    return [{"t": "take", "from": n, "piece": k} for k in kinds
            for n in map_sources(s, k, exclude=dest)]


def has_room(s: State, piece: str, space: str) -> bool:
    """1.4.2: Bases within stacking; no Government piece in a Country; FLN pieces enter the
    Countries only once independent (5.1.8)."""
    if space in COUNTRIES and (piece in GOV_PIECES or not independent(s)):
        return False
    return piece not in (GB, FB) or base_room(s, space) > 0


def place_frame(who: str, piece: str, spaces: Sequence[str], into: str, *, n: int, must: bool,
                boxes: Sequence[str] = ("available",), fallback: bool = False) -> Frame:
    """Place up to ``n`` pieces of one type (a map key; Guerrillas arrive Underground) into
    ``spaces`` from the named ``boxes`` (5.1.1); ``fallback``: the executor places its own pieces
    and may take them from the map when none is in those boxes (1.4.1). ``must``: as many as
    possible (5.1.3)."""
    return {"k": "evb_place", "who": who, "piece": piece, "spaces": list(spaces),
            "boxes": list(boxes), "fallback": fallback, "n": n, "must": must, "into": into,
            "placed": [], "dest": None}


def push_place(s: State, f: Frame) -> None:
    """Push a placement decision only if something can be placed (no empty prompt)."""
    if PlaceFrom().options(s, f):
        push(s, f)


def can_obtain(s: State, piece: str, boxes: Sequence[str], fallback: bool, dest: str) -> bool:
    """Can one ``piece`` be obtained for ``dest`` from the boxes, or else from the map (1.4.1)?"""
    if any(s.boxes[b][box_key(piece)] > 0 for b in boxes):
        return True
    return fallback and bool(_map_takes(s, piece, dest))


@register
class PlaceFrom(FrameType):
    kind = "evb_place"
    rule = "5.1.1"

    def prompt(self, s: State, f: Frame) -> str:
        if f["dest"] is not None:
            return f"take a piece from the map to place in {f['dest']} (1.4.1)"
        return f"place up to {f['n'] - len(f['placed'])} more {f['piece']}"

    def options(self, s: State, f: Frame) -> list[Move]:
        if len(f["placed"]) >= f["n"]:
            return []
        piece = f["piece"]
        boxes = [b for b in f["boxes"] if s.boxes[b][box_key(piece)] > 0]
        out: list[Move] = []
        for sp in f["spaces"]:
            if not has_room(s, piece, sp):
                continue
            if boxes:
                out += [{"t": "place", "space": sp, "source": b} for b in boxes]
            elif f["fallback"] and _map_takes(s, piece, sp):
                out.append({"t": "place", "space": sp, "source": "map"})
        return out

    def moves(self, s: State, f: Frame) -> list[Move]:
        if f["dest"] is not None:
            return _map_takes(s, f["piece"], f["dest"])
        ms = self.options(s, f)
        if not f["must"] or not ms:
            ms.append({"t": "done"})
        return ms

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        piece = f["piece"]
        if m["t"] == "place" and m["source"] == "map":
            f["dest"] = m["space"]
            return
        if m["t"] == "place":
            sp = m["space"]
            s.boxes[m["source"]][box_key(piece)] -= 1
            s.spaces[sp]["pieces"][piece] += 1
            emit(log, self.rule, f"{piece} placed in {sp} from {m['source']}", actor=f["who"],
                 piece=piece, space=sp, source=m["source"])
        elif m["t"] == "take":
            sp = f["dest"]
            f["dest"] = None
            s.spaces[m["from"]]["pieces"][m["piece"]] -= 1
            s.spaces[sp]["pieces"][piece] += 1
            emit(log, "1.4.1", f"{piece} taken from {m['from']} and placed in {sp}",
                 actor=f["who"], piece=piece, space=sp, source=m["from"])
        if m["t"] != "done":
            f["placed"].append([piece, sp])
            if self.options(s, f):
                return
        pop(s)
        s.pending[-1]["x"][f["into"]] = [list(p) for p in f["placed"]]


def replace_frame(who: str, spaces: Sequence[str], targets: Sequence[str], repl: str, into: str,
                  *, n: int, fallback: bool) -> Frame:
    """Replace up to ``n`` pieces (map keys ``targets``, removed to Available) in ``spaces`` with
    ``repl`` from Available; when none is Available the executor's own replacement may come from
    the map (``fallback``, 1.4.1), else the piece is simply removed (1.4.1, 5.1.1)."""
    return {"k": "evb_replace", "who": who, "spaces": list(spaces), "targets": list(targets),
            "repl": repl, "fallback": fallback, "n": n, "into": into, "done": [], "busy": None}


@register
class Replace(FrameType):
    kind = "evb_replace"
    rule = "5.1.1"

    def prompt(self, s: State, f: Frame) -> str:
        if f["busy"] is not None:
            return f"take a {f['repl']} from the map to place in {f['busy']}, or decline (1.4.1)"
        return f"replace up to {f['n'] - len(f['done'])} more pieces with {f['repl']}"

    def options(self, s: State, f: Frame) -> list[Move]:
        if len(f["done"]) >= f["n"]:
            return []
        return [{"t": "replace", "space": sp, "piece": p} for sp in f["spaces"]
                for p in f["targets"] if s.spaces[sp]["pieces"][p] > 0]

    def moves(self, s: State, f: Frame) -> list[Move]:
        if f["busy"] is not None:
            return _map_takes(s, f["repl"], f["busy"]) + [{"t": "decline"}]
        return self.options(s, f) + [{"t": "done"}]

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        repl = f["repl"]
        if m["t"] == "replace":
            sp, piece = m["space"], m["piece"]
            s.spaces[sp]["pieces"][piece] -= 1
            s.boxes["available"][box_key(piece)] += 1
            f["done"].append([piece, sp])
            emit(log, self.rule, f"{piece} removed from {sp} to Available", actor=f["who"],
                 piece=piece, space=sp)
            if s.boxes["available"][box_key(repl)] > 0:
                s.boxes["available"][box_key(repl)] -= 1
                s.spaces[sp]["pieces"][repl] += 1
                emit(log, self.rule, f"{repl} placed in {sp}", piece=repl, space=sp)
            elif f["fallback"] and _map_takes(s, repl, sp):
                f["busy"] = sp
                return
        elif m["t"] == "take":
            sp, f["busy"] = f["busy"], None
            s.spaces[m["from"]]["pieces"][m["piece"]] -= 1
            s.spaces[sp]["pieces"][repl] += 1
            emit(log, "1.4.1", f"{repl} taken from {m['from']} and placed in {sp}",
                 actor=f["who"], piece=repl, space=sp, source=m["from"])
        elif m["t"] == "decline":
            f["busy"] = None
        if m["t"] != "done" and self.options(s, f):
            return
        pop(s)
        s.pending[-1]["x"][f["into"]] = [list(p) for p in f["done"]]


class IntegrationSubvert(Subvert):
    """#37 shaded (5.1.1 example): the FLN may Subvert for free with no Operation and without an
    Underground Guerrilla – any space with Algerian cubes qualifies; it may also decline."""

    def candidates(self, s: State) -> list[str]:
        return [n for n, sp in s.spaces.items() if sp["pieces"][AT] + sp["pieces"][AP] > 0]

    def can_finish(self, s: State, f: Frame) -> bool:
        return not f["x"].get("busy")


IntegrationSubvert.kind = "evb_subvert"  # set after class creation: the base names "sa:subvert"
register(IntegrationSubvert)
