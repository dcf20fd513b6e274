"""Self-play of the Algeria bots:
``python -m algeria.bots.selfplay --games N --scenario S --gov bot|random --fln bot|random --seed K``.

Game ``i`` uses engine seed ``K + i`` (managed chance); a random side chooses uniformly among the
legal moves with ``random.Random(K + i)``; a bot side decides with ``choose_move(view, seed)``,
seed = ``K + i`` + the decision's index. Prints the wins of each side with a Wilson 95 %
interval, the turns (mean, median, distribution), and the bots' decision times (p50, p99).
``--ledger`` adds the PSP each side lost and gained, by what moved them (the rule and cause of
each PSL change in the log, 12.1-12.2), a game's mean, and which cause took the loser to 0
(that last loss is counted whole, though the PSL stops at 0)."""

from __future__ import annotations

import argparse
import random
import re
import statistics
import sys
import time
from collections import Counter
from typing import Any

from referee_core.stats import percentile, wilson

from .. import apply, legal_moves, new_game, to_move, view
from ..state import State
from . import choose_move

MAX_DECISIONS = 100_000


def play(scenario: str, seed: int, agents: dict[str, str],
         times: list[float] | None = None,
         log: list[dict[str, Any]] | None = None) -> tuple[State, int]:
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
        s, entries = apply(s, m)
        if log is not None:
            log.extend(entries)
        n += 1
        if n > MAX_DECISIONS:
            raise AssertionError(f"seed {seed}: no end after {MAX_DECISIONS} decisions")
    return s, n


def cause(e: dict[str, Any]) -> str:
    """A PSL change's rule and cause, without the area or unit it names (``Propaganda in I-1``,
    ``cadre.3 reduced`` read ``Propaganda``, ``cadre reduced``)."""
    m = re.search(r"\((.*)\) = \d+$", str(e["text"]))
    why = m.group(1) if m else str(e["text"])
    why = re.sub(r" in [A-Z0-9-]+$", "", why)
    why = re.sub(r"\b([a-z_]+)\.\d+\b", r"\1", why)
    why = re.sub(r"controls \d+ areas against \d+", "controls more areas", why)
    return f"{e['rule']} {why}"


def tally(log: list[dict[str, Any]], psp: Counter[tuple[str, str, str]]) -> str | None:
    """Add the log's PSL changes to ``psp`` ((side, "lost"/"gained", cause) -> PSP); the cause
    of the last loss before a side's PSL reached 0 (12.2), if it did."""
    last = None
    for e in log:
        if "psp" in e and "side" in e:
            n, why = int(e["psp"]), cause(e)
            psp[(str(e["side"]), "lost" if n < 0 else "gained", why)] += abs(n)
            if n < 0:
                last = why
        if e.get("rule") == "12.2" and "winner" in e:
            return last
    return None


def print_ledger(psp: Counter[tuple[str, str, str]], ends: Counter[str], games: int) -> None:
    print(f"  PSP a game, by cause ({games} games):")
    for side in ("gov", "fln"):
        for way in ("lost", "gained"):
            rows = sorted(((v, c) for (sd, w, c), v in psp.items() if sd == side and w == way),
                          reverse=True)
            total = sum(v for v, _ in rows)
            print(f"    {side} {way} {total / games:.1f}: " + "; ".join(
                f"{c} {v / games:.1f}" for v, c in rows if v / games >= 0.1))
    print("  the loss that ended the game: " + "; ".join(
        f"{c} {n}" for c, n in ends.most_common()))


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m algeria.bots.selfplay")
    p.add_argument("--scenario", choices=("1954", "1958", "1960"), default="1954")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--gov", choices=("bot", "random"), default="bot")
    p.add_argument("--fln", choices=("bot", "random"), default="bot")
    p.add_argument("--ledger", action="store_true",
                   help="the PSP each side lost and gained, by cause (12.1-12.2)")
    a = p.parse_args(argv)
    agents = {"gov": a.gov, "fln": a.fln}
    wins: Counter[str] = Counter()
    turns: list[int] = []
    times: list[float] = []
    psp: Counter[tuple[str, str, str]] = Counter()
    ends: Counter[str] = Counter()
    t0 = time.perf_counter()
    for i in range(a.games):
        log: list[dict[str, Any]] | None = [] if a.ledger else None
        s, _ = play(a.scenario, a.seed + i, agents, times, log)
        assert s.result is not None
        if log is not None:
            ends[f"{s.result['winner']} won by {tally(log, psp)}"] += 1
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
    if a.ledger:
        print_ledger(psp, ends, n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
