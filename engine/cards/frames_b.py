"""The shared placement decisions of the Event cards (5.1.1), and the free Subvert of #37.

* ``evb_place`` – place one piece type from named boxes (Available, Out of Play), with the 1.4.1
  map fallback for the executor's own pieces: ``{"t": "place", "space": S, "source": BOX}`` or,
  when none is in those boxes, ``{"t": "place", "space": S, "from": T, "piece": P}`` (the shape of
  Rally, ops_fln.place_guerrilla_moves);
* ``evb_replace`` – replace pieces by another type (5.1.1, 1.4.1): ``{"t": "replace", "space": S,
  "piece": P}`` (the replacement comes from Available; when none is there the piece is simply
  removed) or, when the executor may take its own replacement from the map (1.4.1: "may"),
  ``{"t": "replace", "space": S, "piece": P, "from": T, "take": K}``;

both ending with ``{"t": "done"}`` where the text says "up to" or only the map could still supply
the piece (1.4.1 "may"); and ``evb_subvert``, the free
Subvert of #37 shaded (no Operation, no Underground Guerrilla needed, 5.1.1 example).
"""

from __future__ import annotations

from typing import Final, Sequence

from referee_core.errors import StateError

from ..board import (
    available, base_room, independent, map_sources, move_piece, place_from_available, remove_to,
)
from ..data import AG, AP, AT, BOXES, COUNTRIES, FB, GB, GOV_PIECES, MAP_PIECES, UG, box_key
from ..event_steps import event_context as _context
from ..event_steps import Batch, check_fields, check_pairs, check_progress, check_spaces, check_who
from ..machine import Log, emit, push, register
from ..ops_fln import guerrilla_sources, place_guerrilla
from ..sa_fln import Subvert
from ..state import Frame, Move, State
from ..words import agree, piece_name, plural


def map_takes(s: State, piece: str, dest: str) -> list[tuple[str, str]]:
    """1.4.1: ``(space, piece)`` the executor may take its own piece from when none is in the
    boxes – never Morocco or Tunisia, never the destination; a Guerrilla of either state."""
    if piece in (UG, AG):
        return guerrilla_sources(s, dest)
    return [(n, piece) for n in map_sources(s, piece, exclude=dest)]


def put_from_map(s: State, piece: str, dest: str, m: Move) -> None:
    """1.4.1: the piece taken (move fields ``from``, and ``piece`` or ``take``) goes to ``dest``;
    a Guerrilla arrives Underground (1.4.3)."""
    taken = m.get("take", m.get("piece"))
    if piece in (UG, AG):
        place_guerrilla(s, dest, {"from": m["from"], "piece": taken})
    else:
        move_piece(s, piece, m["from"], dest)


def has_room(s: State, piece: str, space: str) -> bool:
    """1.4.2: Bases within stacking; no Government piece in a Country; FLN pieces enter the
    Countries only once independent (5.1.8)."""
    if space in COUNTRIES and (piece in GOV_PIECES or not independent(s)):
        return False
    return piece not in (GB, FB) or base_room(s, space) > 0


def place_frame(who: str, piece: str, spaces: Sequence[str], into: str, *, n: int, must: bool,
                boxes: Sequence[str] = ("available",), fallback: bool = False,
                max_spaces: int | None = None) -> Frame:
    """Place up to ``n`` pieces of one type (a map key; Guerrillas arrive Underground) into at most
    ``max_spaces`` of ``spaces`` from the named ``boxes`` (5.1.1); ``fallback``: the executor
    places its own pieces and may take them from the map when none is in those boxes (1.4.1).
    ``must``: as many as possible (5.1.3)."""
    return {"k": "evb_place", "who": who, "piece": piece, "spaces": list(spaces),
            "boxes": list(boxes), "fallback": fallback, "n": n, "must": must,
            "max_spaces": max_spaces, "into": into, "placed": []}


def push_place(s: State, f: Frame) -> None:
    """Push a placement decision only if something can be placed (no empty prompt)."""
    if PlaceFrom().options(s, f):
        push(s, f)


def can_obtain(s: State, piece: str, boxes: Sequence[str], fallback: bool, dest: str) -> bool:
    """Can one ``piece`` be obtained for ``dest`` from the boxes, or else from the map (1.4.1)?"""
    if any(s.boxes[b][box_key(piece)] > 0 for b in boxes):
        return True
    return fallback and bool(map_takes(s, piece, dest))


class PlaceFrom(Batch):
    kind = "evb_place"
    rule = "5.1.1"
    record = "placed"

    def check_frame(self, s: State, f: Frame) -> None:
        check_fields(f, {"k": str, "who": str, "piece": str, "spaces": list, "boxes": list,
                         "fallback": bool, "n": int, "must": bool, "into": str, "placed": list})
        if len(f) != 11 or (f["max_spaces"] is not None and type(f["max_spaces"]) is not int):
            raise StateError("max_spaces", "must be an integer or null")
        check_who(f)
        if f["piece"] not in MAP_PIECES:
            raise StateError("piece", "must be a map piece key")
        check_spaces(f["spaces"], "spaces")
        if not set(f["boxes"]) <= set(BOXES):
            raise StateError("boxes", "must be boxes")
        placed = check_pairs(f["placed"], "placed", (f["piece"],), f["spaces"])
        check_progress(f, "placed", f["n"])
        if f["max_spaces"] is not None and len({sp for _, sp in placed}) > f["max_spaces"]:
            raise StateError("placed", "in more spaces than allowed")

    def prompt(self, s: State, f: Frame) -> str:
        return agree(f"{_context(s)}place up to {f['n'] - len(f['placed'])} more "
                     f"{plural(piece_name(f['piece']))}")

    def options(self, s: State, f: Frame) -> list[Move]:
        if len(f["placed"]) >= f["n"]:
            return []
        piece = f["piece"]
        boxes = [b for b in f["boxes"] if s.boxes[b][box_key(piece)] > 0]
        used = {sp for _, sp in f["placed"]}
        out: list[Move] = []
        for sp in f["spaces"]:
            if not has_room(s, piece, sp) or (f["max_spaces"] is not None and sp not in used
                                              and len(used) >= f["max_spaces"]):
                continue
            if boxes:
                out += [{"t": "place", "space": sp, "source": b} for b in boxes]
            elif f["fallback"]:
                out += [{"t": "place", "space": sp, "from": a, "piece": k}
                        for a, k in map_takes(s, piece, sp)]
        return out

    def moves(self, s: State, f: Frame) -> list[Move]:
        """``must`` (5.1.3) binds only the pieces in the named boxes: taking one's own piece from
        the map is an option (1.4.1 "may … take them from spaces elsewhere"), never an obligation,
        so ``done`` is offered whenever only map sources remain."""
        ms = self.options(s, f)
        if not f.get("must") or not any("source" in m for m in ms):
            ms.append({"t": "done"})
        return ms

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            self.finish(s, f)
            return
        piece, sp = f["piece"], m["space"]
        if "from" in m:
            put_from_map(s, piece, sp, m)
            emit(log, "1.4.1", f"{piece} taken from {m['from']} and placed in {sp}",
                 actor=f["who"], piece=piece, space=sp, source=m["from"])
        else:
            place_from_available(s, piece, sp, box=m["source"])
            emit(log, self.rule, f"{piece} placed in {sp} from {m['source']}", actor=f["who"],
                 piece=piece, space=sp, source=m["source"])
        f["placed"].append([piece, sp])
        self.finish_unless_more(s, f)


def replace_frame(who: str, spaces: Sequence[str], targets: Sequence[str], repl: str, into: str,
                  *, n: int, fallback: bool) -> Frame:
    """Replace up to ``n`` pieces (map keys ``targets``, removed to Available) in ``spaces`` with
    ``repl`` from Available; when none is Available the executor's own replacement may come from
    the map (``fallback``, 1.4.1), else the piece is simply removed (1.4.1, 5.1.1)."""
    return {"k": "evb_replace", "who": who, "spaces": list(spaces), "targets": list(targets),
            "repl": repl, "fallback": fallback, "n": n, "must": False, "into": into,
            "done": []}


class Replace(Batch):
    kind = "evb_replace"
    rule = "5.1.1"
    record = "done"

    def check_frame(self, s: State, f: Frame) -> None:
        """The replacement may enter every space listed (1.4.2, 1.3.4)."""
        check_fields(f, {"k": str, "who": str, "spaces": list, "targets": list, "repl": str,
                         "fallback": bool, "n": int, "must": bool, "into": str, "done": list},
                     exact=True)
        check_who(f)
        check_spaces(f["spaces"], "spaces")
        if f["repl"] not in MAP_PIECES or not set(f["targets"]) <= set(MAP_PIECES):
            raise StateError("repl", "pieces are map piece keys")
        if any(not has_room(s, f["repl"], sp) and f["repl"] not in (GB, FB)
               for sp in f["spaces"]):
            raise StateError("spaces", f"{f['repl']} may not enter every space listed", "1.4.2")
        check_pairs(f["done"], "done", f["targets"], f["spaces"])
        check_progress(f, "done", f["n"])

    def prompt(self, s: State, f: Frame) -> str:
        return agree(f"{_context(s)}replace up to {f['n'] - len(f['done'])} more pieces with "
                     f"{plural(piece_name(f['repl']))}")

    def options(self, s: State, f: Frame) -> list[Move]:
        if len(f["done"]) >= f["n"]:
            return []
        out: list[Move] = []
        for sp in f["spaces"]:
            for p in f["targets"]:
                if s.spaces[sp]["pieces"][p] <= 0:
                    continue
                base: Move = {"t": "replace", "space": sp, "piece": p}
                out.append(base)
                if f["fallback"] and available(s, f["repl"]) == 0:
                    out += [dict(base, **{"from": a, "take": k})
                            for a, k in map_takes(s, f["repl"], sp)]
        return out

    def apply(self, s: State, f: Frame, m: Move, log: Log) -> None:
        if m["t"] == "done":
            self.finish(s, f)
            return
        repl, sp, piece = f["repl"], m["space"], m["piece"]
        remove_to(s, piece, sp, "available")
        f["done"].append([piece, sp])
        emit(log, self.rule, f"{piece} removed from {sp} to Available", actor=f["who"],
             piece=piece, space=sp)
        if "from" in m:
            put_from_map(s, repl, sp, m)
            emit(log, "1.4.1", f"{repl} taken from {m['from']} and placed in {sp}",
                 actor=f["who"], piece=repl, space=sp, source=m["from"])
        elif available(s, repl) > 0:
            place_from_available(s, repl, sp)
            emit(log, self.rule, f"{repl} placed in {sp}", piece=repl, space=sp)
        self.finish_unless_more(s, f)


EVB_SUBVERT: Final = "evb_subvert"  # the frame kind of #37's free Subvert


class IntegrationSubvert(Subvert):
    """#37 shaded (5.1.1 example): the FLN may Subvert for free with no Operation and without an
    Underground Guerrilla – any space with Algerian cubes qualifies; it may also decline."""

    kind = EVB_SUBVERT  # the base's is "sa:subvert"
    below = ("event",)  # no Operation: a step of the Event

    def candidates(self, s: State) -> list[str]:
        return [n for n, sp in s.spaces.items() if sp["pieces"][AT] + sp["pieces"][AP] > 0]

    def can_finish(self, s: State, f: Frame) -> bool:
        return not f["x"].get("busy")


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(PlaceFrom)
register(Replace)
register(IntegrationSubvert)
