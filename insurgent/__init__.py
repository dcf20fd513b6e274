"""A pure rules engine for *INSURGENT: Algeria* (rules v1.6, Matthew Denton), the third game of
the referee beside Colonial Twilight (``engine``) and Algeria (``algeria``), sharing their
game-agnostic parts: the decision machine (``referee_core.decisions``), the die roll and its
generator (``referee_core.chance``, ``referee_core.rng``), the errors, the checks and the
canonical JSON (docs/insurgent/README.md). The card list is a deck file (``insurgent.deck``,
docs/insurgent/decks.md); the demonstration deck is the default.

Public API (docs/insurgent/)::

    new_game(deck, seed, options) -> State          # deck: None | deck file data | Deck
    legal_moves(state) -> list[Move]
    apply(state, move) -> (State, log)              # raises IllegalMove(reason, rule)
    apply_all(state, moves) -> (State, log)
    to_move(state) -> "fln" | "french" | "chance" | None (game over)
    prompt(state) -> str
    to_json(state) / from_json(text)                # "insurgent-state/1", validated
    view(state, role) -> dict                       # "fln" | "french" | "observer"
    have_i_won(state) -> bool                       # the French player's question
"""

from __future__ import annotations

from referee_core.errors import BadRequest, EngineError, IllegalMove, StateError

from . import actions, chance, records, setup, solo, turn  # noqa: F401  (frame kinds register on import)
from .board import dominating
from .deck import DEMO, Deck, load_deck, read_deck
from .machine import MACHINE, Log, Move
from .serial import from_data, from_json, to_json
from .setup import new_game
from .state import SCHEMA, State
from .view import view


# The public API is the machine's (referee_core.decisions.Machine), as engine.machine's.
legal_moves = MACHINE.legal_moves
apply = MACHINE.apply
apply_all = MACHINE.apply_all
to_move = MACHINE.to_move
prompt = MACHINE.prompt
decision_kind = MACHINE.decision_kind


def have_i_won(s: State) -> bool:
    """Winning the Game 2: "The French player may ask if they have won in this manner at any
    time. The FLN player must respond truthfully but should not reveal their cards unless they
    have indeed lost." True exactly when the French have eight more action icons than the FLN in
    one front, face-down cards counted; nothing else is revealed."""
    return dominating(s, "french")


__all__ = ["DEMO", "SCHEMA", "BadRequest", "Deck", "EngineError", "IllegalMove", "Log", "Move",
           "State", "StateError", "apply", "apply_all", "decision_kind", "from_data", "from_json",
           "have_i_won", "legal_moves", "load_deck", "new_game", "prompt", "read_deck",
           "to_json", "to_move", "view"]
