"""Colonial Twilight's pending-decision machine (docs/state.md, "pending"; docs/chance.md): the one
driver of ``referee_core.decisions``, with this game's registry of frame kinds and its hooks.

Every rules module registers its prompt frames here with ``@register`` (subclassing ``FrameType`` or
``AutoFrame``) and drives the stack with ``push`` / ``pop`` / ``find_frame``; the public functions
(``apply``, ``legal_moves``, ``is_legal``, ``to_move``, ``prompt``, ``settle``, ``apply_all``) are
the machine's.
The hooks:

* an illegal move's message starts with where the game is (``where``: turn and card; then the
  actor and the prompt) and a move naming a place that does not exist is malformed
  (``check_names``);
* the game is over when the stack is empty (2.4.1);
* the game loop is the bottom of every stack, and each kind lies only on the kinds its ``below``
  names (the validator's ``check_pending``);
* a state read from untrusted text (``State._valid``) whose frames are not all proven has each
  state its moves produce checked by the validator (``engine.validate`` installs that check:
  ``MACHINE.check_result``);
* the legal moves are cached on the state (a State is never mutated once shared);
* a move is applied to a fork of the state (``State.fork``: the spaces and the cards shared until
  written, through ``State.space_w`` / ``State.cards_w``).

The die roll is the shared roll frame of ``referee_core.chance``, registered here with this game's stack
rules and the entries of ``x`` a roll may go to.
"""

from __future__ import annotations

from difflib import get_close_matches

from referee_core import chance
from referee_core.checks import show
from referee_core.decisions import (
    AutoFrame as _AutoFrame, FrameType as _FrameType, Log, Machine, check_move_shape, emit,
    find_frame, pop, push, top,
)
from referee_core.errors import BadRequest

from .data import BOXES, CARDS, SPACE_NAMES
from .frame_checks import FACTIONS
from .state import Move, State

__all__ = ["FRAMES", "MACHINE", "ROLLS", "SETTLE_LIMIT", "AutoFrame", "FrameType", "Log", "apply",
           "apply_all", "check_move_shape", "emit", "find_frame", "handler", "is_legal",
           "legal_moves", "pop", "prompt", "push", "register", "settle", "to_move", "top"]

FrameType = _FrameType[State]
AutoFrame = _AutoFrame[State]

SETTLE_LIMIT = 1000  # automatic steps of one settle; a real one takes at most a dozen


def where(s: State) -> str:
    """Where a decision is: turn and card (number and title)."""
    card = s.cards.get("current")
    title = CARDS.get(card, {}).get("title") if isinstance(card, int) else None
    return f"turn {s.turn}" + (f", card #{card}" + (f" {title}" if title else "")
                               if card is not None else "")


# Fields whose values name a place: a space, a Track, a box.
PLACE_FIELDS = ("space", "from", "to")


def check_names(m: Move) -> None:
    """A move naming a place that does not exist is malformed: BadRequest naming the field, with
    the nearest names (difflib)."""
    known = (*SPACE_NAMES, "france_track", "border_zone", *BOXES)
    for k in PLACE_FIELDS:
        v = m.get(k)
        if isinstance(v, str) and v not in known:
            near = get_close_matches(v, known, n=3, cutoff=0.6)
            hint = f"; did you mean {' or '.join(repr(n) for n in near)}?" if near else ""
            raise BadRequest(f"move.{k}", f"unknown space {_short(v)}{hint}")
        if isinstance(v, int):
            raise BadRequest(f"move.{k}", "a space is named by a string")


def _short(v: str) -> str:
    return repr(v) if len(v) <= 40 else show(v)


MACHINE: Machine[State] = Machine("2.4.1", where=where, malformed=check_names, cache_legal=True,
                                  settle_limit=SETTLE_LIMIT, bottom=("game", "game loop"),
                                  sides=FACTIONS, stack_rules=True, fork=State.fork)
FRAMES = MACHINE.frames
register = MACHINE.register
handler = MACHINE.handler
to_move = MACHINE.to_move
prompt = MACHINE.prompt
decision_kind = MACHINE.decision_kind
legal_moves = MACHINE.legal_moves
is_legal = MACHINE.is_legal
apply = MACHINE.apply
settle = MACHINE.settle
apply_all = MACHINE.apply_all


# --- die rolls (the shared roll frame) -------------------------------------------------------

ROLLS = ("roll", "roll2", "gov_die", "fln_die")  # the entries of x a die roll may go to


class Roll(chance.Roll[State]):
    checked = True
    below = ("event", "pivotal_event", "op:attack")
    into_keys = ROLLS
    parent_rule = "3.3.3"


# --- registration ---------------------------------------------------------------------------------
# This module's kinds, in the order they are defined above (Machine.register: why a list).

register(Roll)
