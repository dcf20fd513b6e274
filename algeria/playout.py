"""Random playouts: ``python -m algeria.playout --scenario 1954 --games N --seed S``.

Plays N games choosing uniformly among the legal moves (chance managed) and checks after every move
that the state validates through its canonical JSON (the counter mix of 120 ids, boxes, tracks,
the pending decision: docs/algeria/state.md), that both PSLs are 0-99, that the decision has a
legal move, and that the game ends within MAX_DECISIONS. Ends with one line::

    games=N completed=N violations=0 decisions=D mean_turns=T fln_wins=F gov_wins=G mean_ms_per_game=X

Exits non-zero on any violation, printing the seed and move index that reproduce it. Game ``i``
uses engine seed ``S + i`` and the same number for the move-choosing generator.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from referee_core.errors import StateError

from . import apply, from_json, legal_moves, new_game, to_json, to_move
from .data import UNIT_IDS
from .state import State

MAX_DECISIONS = 100_000


def invariants(s: State) -> list[str]:
    out = []
    try:
        back = from_json(to_json(s))
    except StateError as e:
        return [f"{e.field}: {e.reason}"]
    if to_json(back) != to_json(s):
        out.append("the state does not survive its canonical JSON")
    if tuple(s.units) != UNIT_IDS:
        out.append("the counter mix changed")
    if not all(0 <= v <= 99 for v in s.psl.values()):
        out.append(f"PSL out of range: {s.psl}")
    if to_move(s) is None and s.result is None:
        out.append("no decision pending but no result")
    if to_move(s) is not None and not legal_moves(s):
        out.append(f"no legal move at {s.pending[-1]['k']}")
    return out


def play(scenario: str, seed: int, check: bool = True) -> tuple[State, int]:
    s = new_game(scenario, seed)
    r = random.Random(seed)
    n = 0
    while to_move(s) is not None:
        if check:
            bad = invariants(s)
            if bad:
                raise AssertionError(f"seed {seed} decision {n}: {'; '.join(bad)}")
        s, _ = apply(s, r.choice(legal_moves(s)))
        n += 1
        if n > MAX_DECISIONS:
            raise AssertionError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    if check and invariants(s):
        raise AssertionError(f"seed {seed} final: {'; '.join(invariants(s))}")
    return s, n


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m algeria.playout")
    p.add_argument("--scenario", choices=("1954", "1958", "1960"), default="1954")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    done = decisions = turns = 0
    wins = {"fln": 0, "gov": 0}
    t0 = time.perf_counter()
    try:
        for i in range(a.games):
            s, n = play(a.scenario, a.seed + i)
            done += 1
            decisions += n
            turns += s.turn
            assert s.result is not None
            wins[s.result["winner"]] += 1
    except AssertionError as e:
        print(f"violation: {e}", file=sys.stderr)
        return 1
    ms = (time.perf_counter() - t0) * 1000 / max(1, a.games)
    print(f"games={a.games} completed={done} violations=0 decisions={decisions} "
          f"mean_turns={turns / max(1, done):.1f} fln_wins={wins['fln']} gov_wins={wins['gov']} "
          f"mean_ms_per_game={ms:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
