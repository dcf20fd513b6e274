"""Random playouts: ``python -m engine.playout --scenario short --games N --seed S``.

Plays N games choosing uniformly among the legal moves (chance managed), checks the invariants after
every move, and ends with one line::

    games=N completed=N violations=0 decisions=D mean_ms_per_game=X

Exits non-zero on any violation or exception, printing the seed and move index that reproduce it.
Game ``i`` uses engine seed ``S + i`` and the same number for the move-choosing generator.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback

from referee_core.errors import StateError

from .machine import apply, legal_moves, to_move
from .scenarios import new_game
from .serial import from_json, to_json
from .state import State
from .validate import validate

MAX_DECISIONS = 50_000


def invariants(s: State) -> list[str]:
    """Every rule that must hold in any reachable state: the state validator accepts it (force
    pool, stacking, Countries, Pop 0 Neutral, Terror markers, tracks 0-50, the cards, the Sequence
    of Play, a legal move at the pending decision: docs/state.md). The legal moves the validator
    computes are kept for ``s``. Returns the problem found, if any."""
    try:
        checked = validate(s.to_data())  # reads the state's containers, changes none of them
    except StateError as e:
        return [f"{e.field}: {e.reason}" + (f" ({e.rule})" if e.rule else "")]
    if s._legal is None:
        s._legal = checked._legal
    return []


def play_game(scenario: str, seed: int, roundtrip_every: int = 0) -> tuple[State, int]:
    """One uniformly random game; raises AssertionError with the move index on a violation (an
    invariant broken, or a move that changed the state it was applied to)."""
    chooser = random.Random(seed)
    s = new_game(scenario, seed)
    n = 0
    problems = invariants(s)
    if problems:
        raise AssertionError(f"seed={seed} move=0 (setup): {problems}")
    while to_move(s) is not None:
        if n >= MAX_DECISIONS:
            raise AssertionError(f"seed={seed} move={n}: game did not end")
        m = chooser.choice(legal_moves(s))
        before = to_json(s)
        try:
            after, _ = apply(s, m)
        except Exception as e:
            raise AssertionError(f"seed={seed} move={n} {m}: {type(e).__name__}: {e}") from e
        if to_json(s) != before:  # apply works on a fork sharing data until written (State.fork)
            raise AssertionError(f"seed={seed} move={n} {m}: the move changed the state it was"
                                 " applied to")
        s = after
        n += 1
        problems = invariants(s)
        if problems:
            raise AssertionError(f"seed={seed} move={n - 1} {m}: {problems}")
        if roundtrip_every and n % roundtrip_every == 0:
            text = to_json(s)
            if to_json(from_json(text)) != text:
                raise AssertionError(f"seed={seed} move={n - 1}: JSON round trip differs")
    return s, n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.playout", description=__doc__.split("\n")[0])
    ap.add_argument("--scenario", default="short", choices=("short", "medium", "full"))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--roundtrip-every", type=int, default=0,
                    help="also check the canonical JSON round trip every K decisions")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    completed = decisions = violations = 0
    total_ms = 0.0
    wins = {"gov": 0, "fln": 0}
    for i in range(a.games):
        seed = a.seed + i
        t0 = time.perf_counter()
        try:
            s, n = play_game(a.scenario, seed, a.roundtrip_every)
        except AssertionError as e:
            violations += 1
            print(f"VIOLATION {e}", file=sys.stderr)
            if e.__cause__ is not None:
                traceback.print_exception(e.__cause__, file=sys.stderr)
            continue
        total_ms += (time.perf_counter() - t0) * 1000
        completed += 1
        decisions += n
        if s.result:
            wins[s.result["winner"]] += 1
        if not a.quiet:
            print(f"game {i} seed={seed} decisions={n} result={s.result}")
    mean = total_ms / completed if completed else 0.0
    print(f"gov_wins={wins['gov']} fln_wins={wins['fln']}")
    print(f"games={a.games} completed={completed} violations={violations} decisions={decisions}"
          f" mean_ms_per_game={mean:.1f}")
    return 0 if violations == 0 and completed == a.games else 1


if __name__ == "__main__":
    sys.exit(main())
