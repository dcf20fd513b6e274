"""Self-play of the Algeria bots:
``python -m algeria.bots.selfplay --games N --scenario S --gov bot|random --fln bot|random --seed K``.

Game ``i`` uses engine seed ``K + i`` (managed chance); a random side chooses uniformly among the
legal moves with ``random.Random(K + i)``; a bot side decides with ``choose_move(view, seed)``,
seed = ``K + i`` + the decision's index. Prints the wins of each side with a Wilson 95 %
interval, the turns (mean, median, distribution), and the bots' decision times (p50, p99)."""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter

from referee_core.stats import percentile, wilson

from .. import apply, legal_moves, new_game, to_move, view
from ..state import State
from . import choose_move

MAX_DECISIONS = 100_000


def play(scenario: str, seed: int, agents: dict[str, str],
         times: list[float] | None = None) -> tuple[State, int]:
    s = new_game(scenario, seed)
    r = random.Random(seed)
    n = 0
    while (side := to_move(s)) is not None:
        if agents.get(side) == "bot":
            t0 = time.perf_counter()
            m, _ = choose_move(view(s, side), seed * 100_003 + n)
            if times is not None:
                times.append(time.perf_counter() - t0)
        else:
            m = r.choice(legal_moves(s))
        s, _ = apply(s, m)
        n += 1
        if n > MAX_DECISIONS:
            raise AssertionError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    return s, n



def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m algeria.bots.selfplay")
    p.add_argument("--scenario", choices=("1954", "1958", "1960"), default="1954")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--gov", choices=("bot", "random"), default="bot")
    p.add_argument("--fln", choices=("bot", "random"), default="bot")
    a = p.parse_args(argv)
    agents = {"gov": a.gov, "fln": a.fln}
    wins: Counter[str] = Counter()
    turns: list[int] = []
    times: list[float] = []
    t0 = time.perf_counter()
    for i in range(a.games):
        s, _ = play(a.scenario, a.seed + i, agents, times)
        assert s.result is not None
        wins[s.result["winner"]] += 1
        turns.append(s.turn)
    n = a.games
    print(f"scenario={a.scenario} gov={a.gov} fln={a.fln} games={n} seed={a.seed} "
          f"wall={time.perf_counter() - t0:.1f}s")
    for side in ("gov", "fln"):
        lo, hi = wilson(wins[side], n)
        print(f"  {side} wins {wins[side]}/{n} = {wins[side] / n:.1%} (95% CI {lo:.1%}-{hi:.1%})")
    dist = " ".join(f"{k}:{v}" for k, v in sorted(Counter(turns).items()))
    print(f"  turns mean {statistics.mean(turns):.1f} median {statistics.median(turns):g} "
          f"[{dist}]")
    if times:
        print(f"  decisions {len(times)} p50 {percentile(times, 0.5) * 1000:.2f} ms "
              f"p99 {percentile(times, 0.99) * 1000:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
