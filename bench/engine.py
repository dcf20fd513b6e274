"""Engine benchmark: the hot path (legal_moves + apply) against its floor (to_json + from_json).

    python bench/engine.py [--games 20] [--seed 0]

Prints per-decision cost (median, p99), the floor measured on the same states in the same run, the
ratio, and per-scenario game times; the last line is exactly::

    decision_us_p50=A floor_us_p50=B ratio=R short_game_ms_p50=S full_game_ms_p50=F

Targets (checked and reported, never asserted in unit tests): ratio <= 1.5, a Short game <= 50 ms
median, a Full game <= 200 ms median.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
import referee_core  # noqa: E402

TARGETS = {"ratio": 1.5, "short_game_ms_p50": 50.0, "full_game_ms_p50": 200.0}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def play(scenario: str, seed: int, sample: list[engine.State] | None) -> tuple[float, list[float]]:
    """One random game; returns (game ms, per-decision µs); collects states into ``sample``."""
    chooser = random.Random(seed)
    s = engine.new_game(scenario, seed)
    per: list[float] = []
    t_game = time.perf_counter()
    while engine.to_move(s) is not None:
        t0 = time.perf_counter()
        moves = engine.legal_moves(s)
        s, _ = engine.apply(s, chooser.choice(moves))
        per.append((time.perf_counter() - t0) * 1e6)
        if sample is not None and len(per) % 7 == 0:
            sample.append(s)
    return (time.perf_counter() - t_game) * 1000, per


def floor(states: list[engine.State]) -> tuple[list[float], list[float]]:
    """µs for to_json + from_json (validated) and for bare json dumps + loads, per state."""
    full, bare = [], []
    for s in states:
        t0 = time.perf_counter()
        engine.from_json(engine.to_json(s))
        full.append((time.perf_counter() - t0) * 1e6)
        data = s.to_data()
        t0 = time.perf_counter()
        json.loads(json.dumps(data, sort_keys=True, separators=(",", ":")))
        bare.append((time.perf_counter() - t0) * 1e6)
    return full, bare


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args()
    decisions: list[float] = []
    sample: list[engine.State] = []
    game_ms: dict[str, list[float]] = {}
    for sc in ("short", "medium", "full"):
        game_ms[sc] = []
        for i in range(a.games):
            ms, per = play(sc, a.seed + i, sample)
            game_ms[sc].append(ms)
            decisions += per
        print(f"{sc}: games={a.games} game_ms_p50={statistics.median(game_ms[sc]):.1f}"
              f" games_per_s={1000 / statistics.mean(game_ms[sc]):.1f}")
    full, bare = floor(sample)
    d50, d99 = statistics.median(decisions), pct(decisions, 0.99)
    f50, b50 = statistics.median(full), statistics.median(bare)
    ratio = d50 / f50
    print(f"decisions={len(decisions)} decision_us_p50={d50:.1f} decision_us_p99={d99:.1f}")
    print(f"floor (to_json+from_json) us_p50={f50:.1f} p99={pct(full, 0.99):.1f};"
          f" bare json dumps+loads us_p50={b50:.1f} (states sampled: {len(sample)})")
    results = {"ratio": ratio, "short_game_ms_p50": statistics.median(game_ms["short"]),
               "full_game_ms_p50": statistics.median(game_ms["full"])}
    for k, target in TARGETS.items():
        verdict = "ok" if results[k] <= target else f"MISSED by {results[k] / target:.2f}x"
        print(f"target {k} <= {target}: {results[k]:.2f} {verdict}")
    print(f"decision_us_p50={d50:.1f} floor_us_p50={f50:.1f} ratio={ratio:.2f}"
          f" short_game_ms_p50={results['short_game_ms_p50']:.1f}"
          f" full_game_ms_p50={results['full_game_ms_p50']:.1f}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
