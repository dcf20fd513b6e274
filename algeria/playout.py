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
import sys

import algeria
from referee_core import playout

from . import new_game
from .data import UNIT_IDS
from .state import State

MAX_DECISIONS = 100_000


def own_invariants(s: State) -> list[str]:
    """Algeria's own: the counter mix of 120 ids (2.0) and both PSLs 0-99."""
    out = []
    if tuple(s.units) != UNIT_IDS:
        out.append("the counter mix changed")
    if not all(0 <= v <= 99 for v in s.psl.values()):
        out.append(f"PSL out of range: {s.psl}")
    return out


def invariants(s: State) -> list[str]:
    return playout.invariants(algeria, s, own_invariants)


def play(scenario: str, seed: int, check: bool = True) -> tuple[State, int]:
    return playout.play(algeria, new_game(scenario, seed), seed, invariants if check else None,
                        MAX_DECISIONS)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m algeria.playout")
    p.add_argument("--scenario", choices=("1954", "1958", "1960"), default="1954")
    p.add_argument("--games", type=int, default=10)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args(argv)
    done = playout.run(lambda seed: play(a.scenario, seed), a.seed, a.games)
    if done is None:
        return 1
    ends, decisions, ms = done
    turns = sum(s.turn for s, _ in ends)
    wins = {"fln": 0, "gov": 0}
    for _, result in ends:
        wins[result["winner"]] += 1
    print(f"games={a.games} completed={len(ends)} violations=0 decisions={decisions} "
          f"mean_turns={turns / max(1, len(ends)):.1f} fln_wins={wins['fln']} "
          f"gov_wins={wins['gov']} mean_ms_per_game={ms:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
