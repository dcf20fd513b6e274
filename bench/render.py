"""Render and Positions against Apply: the cost of one request of each through the application
core (in-process, every cache off, so each request parses and checks its input as a first
request does), on states sampled from random games of the three scenarios.

    .venv/bin/python bench/render.py [--games 3] [--seed 0]

Prints per-operation medians and p90s and their ratios to Apply; the last line is exactly::

    apply_ms_p50=A render_ms_p50=R positions_ms_p50=P render_ratio=X positions_ratio=Y

Targets (reported, never asserted in unit tests): a picture within 10 Applies, a position
within 5.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "clients")]

import engine  # noqa: E402
import referee_core  # noqa: E402
from ct_referee_proto.v1 import referee_pb2 as pb  # noqa: E402
from engine.positions import from_state  # noqa: E402
from referee_core.stats import percentile  # noqa: E402
from service.config import Config  # noqa: E402
from service.core import Core  # noqa: E402
from service.moves import move_from_engine  # noqa: E402

TARGETS = {"render_ratio": 10.0, "positions_ratio": 5.0}


def sample(games: int, seed: int) -> list[engine.State]:
    """States at the start of Event cards (where a position can be taken), from random games."""
    out = []
    for g in range(games):
        for scenario in ("short", "medium", "full"):
            rng = random.Random(seed + g)
            s = engine.new_game(scenario, seed + g)
            while engine.to_move(s) is not None:
                before = s.turn
                s, _ = engine.apply(s, rng.choice(engine.legal_moves(s)))
                if s.turn != before and s.result is None and s.cards["current"] <= 60:
                    out.append(s)
    return out


def timed(fn: Callable[[], Any]) -> float:
    t = time.perf_counter()
    fn()
    return (time.perf_counter() - t) * 1000


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()
    core = Core(Config(cache_size=0, response_cache_mb=0, state_cache_size=0), bot=None)
    states = sample(args.games, args.seed)
    times: dict[str, list[float]] = {"apply": [], "render": [], "positions": []}
    for s in states:
        gs = pb.GameState(json=engine.to_json(s))
        move = move_from_engine(engine.legal_moves(s)[0])
        pos = pb.PositionsRequest(seed=1)
        pos.position.update(json.loads(json.dumps(from_state(s))))
        # each operation on a fresh copy of its request: no cache can answer it
        times["apply"].append(timed(lambda: core.apply(pb.ApplyRequest(state=gs, move=move),
                                                       core.call())))
        times["render"].append(timed(lambda: core.render(pb.RenderRequest(state=gs),
                                                         core.call())))
        times["positions"].append(timed(lambda: core.positions(pos, core.call())))
    p50 = {k: statistics.median(v) for k, v in times.items()}
    print(f"{len(states)} states (start of an Event card), each request parsed and checked")
    print(f"{'operation':<10} {'p50 ms':>8} {'p90 ms':>8} {'/ Apply':>8}")
    for k, v in times.items():
        print(f"{k:<10} {p50[k]:8.2f} {percentile(v, 0.9):8.2f} {p50[k] / p50['apply']:8.2f}")
    ratios = {"render_ratio": p50["render"] / p50["apply"],
              "positions_ratio": p50["positions"] / p50["apply"]}
    for k, target in TARGETS.items():
        verdict = "ok" if ratios[k] <= target else "OVER"
        print(f"{k}: {ratios[k]:.2f} (target <= {target}) {verdict}")
    print(f"apply_ms_p50={p50['apply']:.2f} render_ms_p50={p50['render']:.2f}"
          f" positions_ms_p50={p50['positions']:.2f} render_ratio={ratios['render_ratio']:.2f}"
          f" positions_ratio={ratios['positions_ratio']:.2f}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
