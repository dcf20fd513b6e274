"""Non-player FLN benchmark: the time of one bot decision (``engine.bot.decide``), per scenario,
against its floor measured in the same run on the same states.

    python bench/bot.py [--games 20] [--seed 0]

Plays games of each scenario (the bot against a uniformly random Government, chance managed,
option ``fln_bot``) and times every ``decide`` call. The floor of a decision is
``engine.apply_all`` of the moves the bot returned, on the state it decided on: what a referee
does to check and play them, without choosing them. Prints p50/p99 of both per scenario and
overall, and the ratios bot / floor (of the medians, and of the totals); the last line is
exactly::

    bot_ms_p50=A bot_ms_p99=B floor_ms_p50=C floor_ms_p99=D ratio_p50=E ratio_total=F

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
import referee_core  # noqa: E402
from engine.bot import decide  # noqa: E402

TARGETS = {"p50": 20.0, "p99": 100.0}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def game(scenario: str, seed: int) -> tuple[list[float], list[float]]:
    """One game; returns the ms of each bot decision and of its floor."""
    gov = random.Random(seed)
    s = engine.new_game(scenario, seed, {"fln_bot": True})
    bot: list[float] = []
    floor: list[float] = []
    steps = 0
    while engine.to_move(s) is not None and steps < 20_000:
        steps += 1
        if engine.to_move(s) == "fln":
            t0 = time.perf_counter()
            moves, after, _ = decide(s, seed * 7919 + steps)
            bot.append((time.perf_counter() - t0) * 1000)
            t0 = time.perf_counter()
            engine.apply_all(s, moves)
            floor.append((time.perf_counter() - t0) * 1000)
            s = after
        else:
            s, _ = engine.apply(s, gov.choice(engine.legal_moves(s)))
    return bot, floor


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    every: list[float] = []
    every_floor: list[float] = []
    for scenario in ("short", "medium", "full"):
        times: list[float] = []
        floors: list[float] = []
        for i in range(a.games):
            t, f = game(scenario, a.seed + i)
            times += t
            floors += f
        every += times
        every_floor += floors
        print(f"{scenario}: decisions={len(times)} p50={pct(times, 0.5):.2f} ms "
              f"p99={pct(times, 0.99):.2f} ms max={max(times):.2f} ms; floor "
              f"p50={pct(floors, 0.5):.2f} ms p99={pct(floors, 0.99):.2f} ms")
    p50, p99 = pct(every, 0.5), pct(every, 0.99)
    f50, f99 = pct(every_floor, 0.5), pct(every_floor, 0.99)
    ok = p50 <= TARGETS["p50"] and p99 <= TARGETS["p99"]
    print(f"targets p50<={TARGETS['p50']:.0f} ms p99<={TARGETS['p99']:.0f} ms: "
          + ("met" if ok else "NOT met"))
    print(f"bot_ms_p50={p50:.2f} bot_ms_p99={p99:.2f} floor_ms_p50={f50:.2f} "
          f"floor_ms_p99={f99:.2f} ratio_p50={p50 / f50:.2f} "
          f"ratio_total={sum(every) / sum(every_floor):.2f}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
