"""Government bot benchmark: the time of one bot decision (``engine.govbot.decide``), per
scenario, against its floor measured in the same run on the same states.

    python bench/govbot.py [--games 6] [--seed 0]

Plays games of each scenario (the Government bot against the non-player FLN, option ``fln_bot``,
chance managed) and times every ``decide`` call. The floor of a decision is ``engine.apply_all``
of the moves the bot returned, on the state it decided on: what a referee does to check and play
them, without choosing them. Prints p50/p99 of both per scenario and overall, and the ratios
bot / floor (of the medians, and of the totals). Each time is taken twice: wall-clock, and the
process's CPU time (``time.process_time``), which other work on a shared machine does not
inflate. The last line is exactly::

    govbot_ms_p50=A govbot_ms_p99=B floor_ms_p50=C floor_ms_p99=D ratio_p50=E ratio_total=F \
    govbot_cpu_ms_p50=G govbot_cpu_ms_p99=H floor_cpu_ms_p50=I ratio_cpu_total=J

Targets (reported, never asserted in unit tests): p50 <= 50 ms, p99 <= 400 ms.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import engine  # noqa: E402
import referee_core  # noqa: E402
from engine.bot import decide as fln_decide  # noqa: E402
from engine.govbot import decide  # noqa: E402

TARGETS = {"p50": 50.0, "p99": 400.0}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


Times = dict[str, list[float]]  # "bot", "floor", "bot_cpu", "floor_cpu": ms per decision


def game(scenario: str, seed: int, t: Times) -> None:
    """One game; appends the ms of each Government bot decision and of its floor to ``t``."""
    s = engine.new_game(scenario, seed, {"fln_bot": True})
    steps = 0
    while engine.to_move(s) is not None and steps < 20_000:
        steps += 1
        if engine.to_move(s) == "gov":
            w0, c0 = time.perf_counter(), time.process_time()
            moves, after, _ = decide(s, seed * 7919 + steps)
            w1, c1 = time.perf_counter(), time.process_time()
            engine.apply_all(s, moves)
            w2, c2 = time.perf_counter(), time.process_time()
            t["bot"].append((w1 - w0) * 1000)
            t["floor"].append((w2 - w1) * 1000)
            t["bot_cpu"].append((c1 - c0) * 1000)
            t["floor_cpu"].append((c2 - c1) * 1000)
            s = after
        else:
            _, s, _ = fln_decide(s, seed * 104_729 + steps)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    every: Times = {k: [] for k in ("bot", "floor", "bot_cpu", "floor_cpu")}
    for scenario in ("short", "medium", "full"):
        t: Times = {k: [] for k in every}
        for i in range(a.games):
            game(scenario, a.seed + i, t)
        for k in every:
            every[k] += t[k]
        b, f, c = t["bot"], t["floor"], t["bot_cpu"]
        print(f"{scenario}: decisions={len(b)} p50={pct(b, 0.5):.2f} ms p99={pct(b, 0.99):.2f} ms"
              f" max={max(b):.2f} ms (CPU p50={pct(c, 0.5):.2f} ms p99={pct(c, 0.99):.2f} ms);"
              f" floor p50={pct(f, 0.5):.2f} ms p99={pct(f, 0.99):.2f} ms")
    b, f, c, fc = every["bot"], every["floor"], every["bot_cpu"], every["floor_cpu"]
    p50, p99, c50, c99 = pct(b, 0.5), pct(b, 0.99), pct(c, 0.5), pct(c, 0.99)
    ok = c50 <= TARGETS["p50"] and c99 <= TARGETS["p99"]
    print(f"targets (CPU time) p50<={TARGETS['p50']:.0f} ms p99<={TARGETS['p99']:.0f} ms: "
          + ("met" if ok else "NOT met"))
    print(f"govbot_ms_p50={p50:.2f} govbot_ms_p99={p99:.2f} floor_ms_p50={pct(f, 0.5):.2f} "
          f"floor_ms_p99={pct(f, 0.99):.2f} ratio_p50={p50 / pct(f, 0.5):.2f} "
          f"ratio_total={sum(b) / sum(f):.2f} govbot_cpu_ms_p50={c50:.2f} "
          f"govbot_cpu_ms_p99={c99:.2f} floor_cpu_ms_p50={pct(fc, 0.5):.2f} "
          f"ratio_cpu_total={sum(c) / max(sum(fc), 1e-9):.2f}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
