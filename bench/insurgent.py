"""INSURGENT: Algeria engine benchmark: the hot path (legal_moves + apply) against its floor
(to_json + from_json of the same states, measured in the same run), and whole random games on
the demonstration deck (both sides random, managed chance).

    python bench/insurgent.py [--games 200] [--seed 0]

The last two lines are::

    insurgent_floor_us_p50=F ratio=R      (the decision's p50 over the floor's)
    insurgent_decision_us_p50=A insurgent_game_ms_p50=G
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import insurgent as I  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    decision: list[float] = []
    floor: list[float] = []
    games: list[float] = []
    for i in range(a.games):
        s = I.new_game(None, a.seed + i, {})
        r = random.Random(a.seed + i)
        while I.to_move(s) is not None:
            t0 = time.perf_counter()
            m = r.choice(I.legal_moves(s))
            s2, _ = I.apply(s, m)
            t1 = time.perf_counter()
            I.from_json(I.to_json(s))
            t2 = time.perf_counter()
            decision.append(t1 - t0)
            floor.append(t2 - t1)
            s = s2
    # whole games, without the floor measurements
    for i in range(a.games):
        s = I.new_game(None, a.seed + i, {})
        r = random.Random(a.seed + i)
        g0 = time.perf_counter()
        while I.to_move(s) is not None:
            s, _ = I.apply(s, r.choice(I.legal_moves(s)))
        games.append(time.perf_counter() - g0)
    d = statistics.median(decision) * 1e6
    f = statistics.median(floor) * 1e6
    g = statistics.median(games) * 1e3
    print(f"decisions={len(decision)} games={a.games}")
    print(f"insurgent_floor_us_p50={f:.0f} ratio={d / f:.2f}")
    print(f"insurgent_decision_us_p50={d:.0f} insurgent_game_ms_p50={g:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
