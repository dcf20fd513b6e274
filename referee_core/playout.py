"""Random playouts, the same for every game: a game chooses uniformly among the legal moves
(chance managed) from a new state until the end, and after every move its invariants are checked.

A game's playout (``algeria.playout``, ``insurgent.playout``) passes its public API module
(``Game``), its new state and its own invariants; the checks every game shares are here
(``invariants``): the state survives its canonical JSON through the validator of untrusted
states, a pending decision has a legal move and a game with none pending has a result. Game
``i`` of a run uses engine seed ``S + i`` and the same number for the move-choosing generator.
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from .decisions import DecisionState, Log, Move
from .errors import StateError


class PlayedState(DecisionState, Protocol):
    result: dict[str, Any] | None  # set when the game ends


P = TypeVar("P", bound=PlayedState)


class Game(Protocol[P]):
    """What a playout needs of a game: its public API (the game's package is one)."""

    def to_move(self, s: P) -> str | None: ...
    def legal_moves(self, s: P) -> list[Move]: ...
    def apply(self, s: P, m: Any) -> tuple[P, Log]: ...
    def to_json(self, s: P) -> str: ...
    def from_json(self, text: str) -> P: ...


def invariants(game: Game[P], s: P, own: Callable[[P], list[str]]) -> list[str]:
    """The problems found in ``s``: its canonical JSON read back through the validator must give
    the same text, the game's ``own`` invariants must hold, a pending decision must have a legal
    move, and a game with no decision pending must have a result."""
    try:
        back = game.from_json(game.to_json(s))
    except StateError as e:
        return [f"{e.field}: {e.reason}"]
    out = []
    if game.to_json(back) != game.to_json(s):
        out.append("the state does not survive its canonical JSON")
    out += own(s)
    if game.to_move(s) is None and s.result is None:
        out.append("no decision pending but no result")
    if game.to_move(s) is not None and not game.legal_moves(s):
        out.append(f"no legal move at {s.pending[-1]['k']}")
    return out


def play(game: Game[P], s: P, seed: int, check: Callable[[P], list[str]] | None,
         max_decisions: int) -> tuple[P, int]:
    """Plays ``s`` to the end with uniformly random moves (``random.Random(seed)``), checking
    ``check`` before every move and at the end, and that no move changes the state it was
    applied to (with ``check``); returns the final state and the number of
    decisions. Raises AssertionError naming the seed and the decision on a violation or when
    the game does not end within ``max_decisions``."""
    r = random.Random(seed)
    n = 0
    while game.to_move(s) is not None:
        if check:
            bad = check(s)
            if bad:
                raise AssertionError(f"seed {seed} decision {n}: {'; '.join(bad)}")
        before = game.to_json(s) if check else ""
        after, _ = game.apply(s, r.choice(game.legal_moves(s)))
        if check and game.to_json(s) != before:
            raise AssertionError(f"seed {seed} decision {n}: the move changed the state it was"
                                 " applied to")
        s = after
        n += 1
        if n > max_decisions:
            raise AssertionError(f"seed {seed}: no end after {max_decisions} decisions")
    bad = check(s) if check else []
    if bad:
        raise AssertionError(f"seed {seed} final: {'; '.join(bad)}")
    return s, n


def run(play_one: Callable[[int], tuple[P, int]], seed: int,
        games: int) -> tuple[list[tuple[P, dict[str, Any]]], int, float] | None:
    """Plays games of seeds ``seed`` … ``seed + games - 1``; returns their final states with
    their results, the decisions and the mean milliseconds per game, or None after printing the
    first violation (a game that ends without a result is one)."""
    ends: list[tuple[P, dict[str, Any]]] = []
    decisions = 0
    t0 = time.perf_counter()
    try:
        for i in range(games):
            s, n = play_one(seed + i)
            if s.result is None:
                raise AssertionError(f"seed {seed + i}: the game ended without a result")
            ends.append((s, s.result))
            decisions += n
    except AssertionError as e:
        print(f"violation: {e}", file=sys.stderr)
        return None
    return ends, decisions, (time.perf_counter() - t0) * 1000 / max(1, games)
