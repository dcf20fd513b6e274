"""The engine benchmark of a game whose public API is ``to_move``, ``legal_moves``, ``apply``,
``to_json``, ``from_json`` (``algeria``, ``insurgent``): the hot path (legal_moves + apply)
against its floor (to_json + from_json of the same states, measured in the same run), and whole
random games. ``bench/algeria.py`` and ``bench/insurgent.py`` run it; the last two lines are::

    NAME_floor_us_p50=F ratio=R      (the decision's p50 over the floor's)
    NAME_decision_us_p50=A NAME_game_ms_p50=G
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from types import ModuleType
from typing import Any, Callable

import referee_core


def run(name: str, rules: ModuleType, new_game: Callable[[int], Any], default_games: int) -> int:
    """Plays ``--games`` random games from ``new_game(seed)`` (seeds ``--seed`` on) twice: once
    timing each decision and its floor, once timing whole games; prints the three lines."""
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=default_games)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    decision: list[float] = []
    floor: list[float] = []
    games: list[float] = []
    for i in range(a.games):
        s = new_game(a.seed + i)
        r = random.Random(a.seed + i)
        while rules.to_move(s) is not None:
            t0 = time.perf_counter()
            s2, _ = rules.apply(s, r.choice(rules.legal_moves(s)))
            t1 = time.perf_counter()
            rules.from_json(rules.to_json(s))
            t2 = time.perf_counter()
            decision.append(t1 - t0)
            floor.append(t2 - t1)
            s = s2
    # whole games, without the floor measurements
    for i in range(a.games):
        s = new_game(a.seed + i)
        r = random.Random(a.seed + i)
        g0 = time.perf_counter()
        while rules.to_move(s) is not None:
            s, _ = rules.apply(s, r.choice(rules.legal_moves(s)))
        games.append(time.perf_counter() - g0)
    d = statistics.median(decision) * 1e6
    f = statistics.median(floor) * 1e6
    g = statistics.median(games) * 1e3
    print(f"decisions={len(decision)} games={a.games}")
    print(f"{name}_floor_us_p50={f:.0f} ratio={d / f:.2f}")
    print(f"{name}_decision_us_p50={d:.0f} {name}_game_ms_p50={g:.0f}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0
