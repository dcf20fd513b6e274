"""Non-player FLN benchmark: the time of one bot decision (``engine.bot.decide``), per scenario.

    python bench/bot.py [--games 20] [--seed 0]

Plays games of each scenario (the bot against a uniformly random Government, chance managed,
option ``fln_bot``), times every ``decide`` call, prints p50/p99 per scenario and overall; the last
line is exactly::

    bot_ms_p50=A bot_ms_p99=B

Targets (reported, never asserted in unit tests): p50 <= 20 ms, p99 <= 100 ms.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
from engine.bot import decide  # noqa: E402

TARGETS = {"p50": 20.0, "p99": 100.0}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def game(scenario: str, seed: int) -> list[float]:
    gov = random.Random(seed)
    s = engine.new_game(scenario, seed, {"fln_bot": True})
    out: list[float] = []
    steps = 0
    while engine.to_move(s) is not None and steps < 20_000:
        steps += 1
        if engine.to_move(s) == "fln":
            t0 = time.perf_counter()
            _, s, _ = decide(s, seed * 7919 + steps)
            out.append((time.perf_counter() - t0) * 1000)
        else:
            s, _ = engine.apply(s, gov.choice(engine.legal_moves(s)))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    every: list[float] = []
    for scenario in ("short", "medium", "full"):
        times: list[float] = []
        for i in range(a.games):
            times += game(scenario, a.seed + i)
        every += times
        print(f"{scenario}: decisions={len(times)} p50={pct(times, 0.5):.2f} ms "
              f"p99={pct(times, 0.99):.2f} ms max={max(times):.2f} ms")
    p50, p99 = pct(every, 0.5), pct(every, 0.99)
    ok = p50 <= TARGETS["p50"] and p99 <= TARGETS["p99"]
    print(f"targets p50<={TARGETS['p50']:.0f} ms p99<={TARGETS['p99']:.0f} ms: "
          + ("met" if ok else "NOT met"))
    print(f"bot_ms_p50={p50:.2f} bot_ms_p99={p99:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
