"""Self-play: ``python -m engine.govbot.selfplay --scenario short --games N --seed S [--fln bot]``.

Plays N games of the Government bot (``engine.govbot.decide``) against an FLN that is either the
non-player FLN of rules 8.0 (``--fln bot``: option ``fln_bot``, one-player victory, 8.6) or a
uniformly random player (``--fln random``: the two-player rules, 7.0); chance managed. Every bot
decision is checked as a referee would: its moves must replay through ``engine.apply_all`` to the
state it returned. Prints each game, then the Government's wins with a 95% Wilson interval and
the bot's decision time; the last line is exactly::

    fln=F scenario=S games=N completed=N illegal=0 gov_wins=W win_rate=R ci95=[L,H] \
    ms_p50=A ms_p99=B

The exit status is non-zero on any illegal move or exception. Game ``i`` uses engine seed
``S + i``; the random FLN's generator and the bots' seeds derive from it. ``--jobs K`` plays games
in K processes (the figures do not depend on K).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from referee_core.errors import IllegalMove

from ..bot import decide as fln_decide  # the FLN opponent (this tool is above both bots)
from ..machine import apply, apply_all, legal_moves, to_move
from ..scenarios import new_game
from ..serial import to_json
from ..stats import wilson
from . import decide

MAX_STEPS = 20_000


class Illegal(Exception):
    pass


def play_game(scenario: str, seed: int, fln: str) -> dict[str, Any]:
    """One game; returns its result, the Government bot's decision times (ms) and move count."""
    chooser = random.Random(seed)
    s = new_game(scenario, seed, {"fln_bot": fln == "bot"})
    times: list[float] = []
    steps = 0
    while to_move(s) is not None:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"seed={seed}: game did not end")
        if to_move(s) == "gov":
            t0 = time.perf_counter()
            moves, after, _ = decide(s, seed * 1_000_003 + steps)
            times.append((time.perf_counter() - t0) * 1000)
            try:
                replay, _ = apply_all(s, moves)
            except IllegalMove as e:
                raise Illegal(f"seed={seed} step={steps}: move {e.index} illegal: {e.reason}"
                              f" ({e.rule})") from e
            if not moves or to_json(replay) != to_json(after):
                raise Illegal(f"seed={seed} step={steps}: moves do not replay to the state")
            s = after
        elif to_move(s) == "fln" and fln == "bot":
            _, s, _ = fln_decide(s, seed * 7_919 + steps)
        else:
            s, _ = apply(s, chooser.choice(legal_moves(s)))
    assert s.result is not None
    return {"seed": seed, "winner": s.result["winner"], "margins": s.result["margins"],
            "round": s.result.get("round"), "times": times}


def _one(args: tuple[str, int, str]) -> dict[str, Any]:
    scenario, seed, fln = args
    try:
        return play_game(scenario, seed, fln)
    except Illegal as e:
        return {"seed": seed, "illegal": str(e)}
    except Exception as e:  # noqa: BLE001 - reported, counted, exit status non-zero
        return {"seed": seed, "error": f"{type(e).__name__}: {e}\n{traceback.format_exc()}"}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.govbot.selfplay",
                                 description=(__doc__ or "").split("\n")[0])
    ap.add_argument("--scenario", default="short", choices=("short", "medium", "full"))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--fln", default="bot", choices=("bot", "random"))
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    tasks = [(a.scenario, a.seed + i, a.fln) for i in range(a.games)]
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as ex:
            results = list(ex.map(_one, tasks))
    else:
        results = [_one(t) for t in tasks]
    completed = illegal = errors = wins = 0
    times: list[float] = []
    for r in results:
        if "illegal" in r:
            illegal += 1
            print(f"ILLEGAL {r['illegal']}", file=sys.stderr)
        elif "error" in r:
            errors += 1
            print(f"ERROR seed={r['seed']}: {r['error']}", file=sys.stderr)
        else:
            completed += 1
            wins += r["winner"] == "gov"
            times += r["times"]
            if not a.quiet:
                print(f"game seed={r['seed']} winner={r['winner']} margins={r['margins']} "
                      f"round={r['round']} decisions={len(r['times'])}")
    lo, hi = wilson(wins, completed)
    rate = wins / completed if completed else 0.0
    print(f"fln={a.fln} scenario={a.scenario} games={a.games} completed={completed} "
          f"illegal={illegal} gov_wins={wins} win_rate={rate:.3f} ci95=[{lo:.3f},{hi:.3f}] "
          f"ms_p50={pct(times, 0.5):.1f} ms_p99={pct(times, 0.99):.1f}")
    return 0 if illegal == 0 and errors == 0 and completed == a.games else 1


if __name__ == "__main__":
    sys.exit(main())
