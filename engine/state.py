"""The game state: plain data only, documented field by field in docs/state.md.

A ``State`` is never mutated by the public API: ``engine.apply`` forks it first and works on the
fork (``State.fork``: the spaces' data and the cards are shared with the state moved from until
written, so a rules module changes them only through ``State.space_w`` / ``State.cards_w``; a
caller's ``State.copy`` is independent). Everything derivable (Control, Total
Support/Opposition, margins) lives in ``engine.board``.
"""

from __future__ import annotations

from typing import Any, TypedDict

from referee_core.jsontext import state_text
from referee_core.plain import copy_plain as _deep

from .data import BOX_PIECES, BOXES, MAP_PIECES, SPACE_NAMES

SCHEMA = "ct-state/1"

Frame = dict[str, Any]
Move = dict[str, Any]


class SpaceData(TypedDict):
    """One map space: pieces by map key, Support level, Terror markers, Resettled (Pop 0 marker,
    4.2.1), City Pop +1 marker (1.3.3), Country Base marker (1.4.2)."""

    pieces: dict[str, int]
    support: str
    terror: int
    resettled: bool
    pop_bonus: int
    base_marker: bool


def empty_pieces() -> dict[str, int]:
    return {k: 0 for k in MAP_PIECES}


def empty_box() -> dict[str, int]:
    return {k: 0 for k in BOX_PIECES}


def new_space() -> SpaceData:
    return {
        "pieces": empty_pieces(),
        "support": "neutral",
        "terror": 0,
        "resettled": False,
        "pop_bonus": 0,
        "base_marker": False,
    }


class State:
    """One position of a game. Attributes are plain JSON-compatible data (see docs/state.md)."""

    __slots__ = (
        "scenario", "options", "spaces", "boxes", "resources", "commitment", "france_track",
        "border_zone", "cards", "sop", "pending", "rng", "result", "deception", "turn", "_legal",
        "_valid", "_checked", "_own", "_own_cards",
    )

    scenario: str
    options: dict[str, Any]
    spaces: dict[str, SpaceData]
    boxes: dict[str, dict[str, int]]
    resources: dict[str, int]
    commitment: int
    france_track: str
    border_zone: int | None
    cards: dict[str, Any]
    sop: dict[str, Any]
    pending: list[Frame]
    rng: dict[str, Any]
    result: dict[str, Any] | None
    deception: dict[str, Any] | None
    turn: int
    _legal: list[Move] | None  # cache of machine.legal_moves (a State is never mutated once shared)
    # read by from_json (the validator accepted it) or descended from such a state by moves:
    # machine.apply then holds what it produces to the validator where frame data is unproven
    _valid: bool
    # this very state's data passed the validator (validate.check_issued need not check it again)
    _checked: bool
    # copy-on-write of the spaces: the names of the spaces whose data this state alone holds
    # (None: all of them). ``copy`` shares the others' data with the copy; a rules module changes
    # a space only through ``space_w``, which gives this state its own copy first.
    _own: set[str] | None
    # copy-on-write of the cards: this state alone holds its ``cards`` (else it shares them with a
    # copy, and a rules module changes them only through ``cards_w``)
    _own_cards: bool

    def space_w(self, n: str) -> SpaceData:
        """Space ``n``'s data, to be changed: this state's own (copied first if it is shared)."""
        own = self._own
        sp = self.spaces[n]
        if own is None or n in own:
            return sp
        c = self.spaces[n] = _copy_space(sp)
        own.add(n)
        return c

    def cards_w(self) -> dict[str, Any]:
        """The cards, to be changed: this state's own (copied first if they are shared)."""
        if not self._own_cards:
            self.cards = _copy_cards(self.cards)
            self._own_cards = True
        return self.cards

    def copy(self) -> State:
        """An independent copy: every container its own (callers may change it as they like)."""
        s = self._copy_rest()
        s.spaces, s._own = {n: _copy_space(sp) for n, sp in self.spaces.items()}, None
        s.cards, s._own_cards = _copy_cards(self.cards), True
        return s

    def fork(self) -> State:
        """A copy for the engine's own work (``Machine.apply``, the bots' trials): the spaces'
        data and the cards are shared with this state until one of the two writes them, through
        ``space_w`` / ``cards_w`` (the rules modules change them only so)."""
        s = self._copy_rest()
        s.spaces, s._own = self.spaces.copy(), set()
        self._own = set()
        s.cards = self.cards
        s._own_cards = self._own_cards = False
        return s

    def _copy_rest(self) -> State:
        """A copy of every field but the spaces and the cards (which ``copy`` and ``fork`` set)."""
        s = State.__new__(State)
        s.scenario = self.scenario
        s.options = self.options  # never mutated after new_game
        s.boxes = {b: dict(v) for b, v in self.boxes.items()}
        s.resources = dict(self.resources)
        s.commitment = self.commitment
        s.france_track = self.france_track
        s.border_zone = self.border_zone
        s.sop = dict(self.sop)
        s.pending = [_deep(f) for f in self.pending]
        s.rng = dict(self.rng)
        s.result = _deep(self.result) if self.result is not None else None
        s.deception = _deep(self.deception) if self.deception is not None else None
        s.turn = self.turn
        s._legal = None
        s._valid = self._valid
        s._checked = False
        return s

    def shared_copy(self) -> State:
        """A copy holding this state's very data, for reading only (e.g. legal moves with one
        field replaced, a whole new value, never changed in place): never applied to, nor kept."""
        s = State.__new__(State)
        s.scenario, s.options, s.spaces = self.scenario, self.options, self.spaces
        s.boxes, s.resources, s.commitment = self.boxes, self.resources, self.commitment
        s.france_track, s.border_zone, s.cards = self.france_track, self.border_zone, self.cards
        s.sop, s.pending, s.rng = self.sop, self.pending, self.rng
        s.result, s.deception, s.turn = self.result, self.deception, self.turn
        s._legal, s._valid, s._checked, s._own = None, self._valid, False, set()
        s._own_cards = False
        return s

    def to_data(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA,
            "scenario": self.scenario,
            "options": self.options,
            "spaces": self.spaces,
            "boxes": self.boxes,
            "resources": self.resources,
            "commitment": self.commitment,
            "france_track": self.france_track,
            "border_zone": self.border_zone,
            "cards": self.cards,
            "sop": self.sop,
            "pending": self.pending,
            "rng": self.rng,
            "result": self.result,
            "deception": self.deception,
            "turn": self.turn,
        }

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_data() == other.to_data()

    def __hash__(self) -> int:  # states are values; hashing goes through canonical JSON
        return hash(state_text(self.to_data()))

    def __repr__(self) -> str:
        return f"<State {self.scenario} turn={self.turn} pending={[f['k'] for f in self.pending]}>"


_NESTED = (dict, list)


def _copy_space(sp: SpaceData) -> SpaceData:
    """A space's data, its own: the space's fields and its pieces (all the rest is immutable)."""
    c = sp.copy()
    c["pieces"] = sp["pieces"].copy()
    return c


def _copy_cards(c: dict[str, Any]) -> dict[str, Any]:
    """``copy_plain`` of the cards, one level unrolled: most of their lists hold card numbers."""
    out = c.copy()
    for k, v in c.items():
        t = type(v)
        if t is list:
            out[k] = _deep(v) if v and type(v[0]) in _NESTED else v[:]
        elif t is dict:
            out[k] = _deep(v)
    return out


def blank_state() -> State:
    """An empty board with every field present; scenarios fill it in."""
    s = State.__new__(State)
    s.scenario = "custom"
    s.options = {}
    s.spaces = {n: new_space() for n in SPACE_NAMES}
    s.boxes = {b: empty_box() for b in BOXES}
    s.resources = {"gov": 0, "fln": 0}
    s.commitment = 0
    s.france_track = "A"
    s.border_zone = None
    s.cards = {}
    s.sop = {}
    s.pending = []
    s.rng = {"seed": 0, "counter": 0}
    s.result = None
    s.deception = None
    s.turn = 0
    s._legal = None
    s._valid = False
    s._checked = False
    s._own = None
    s._own_cards = True
    return s


__all__ = ["SCHEMA", "State", "Frame", "Move", "blank_state", "empty_box", "empty_pieces", "new_space"]
