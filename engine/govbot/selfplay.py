"""Self-play: ``python -m engine.govbot.selfplay --scenario short --games N --seed S [--fln bot]``.

Plays N games of the Government bot (``engine.govbot.decide``) against an FLN that is either the
non-player FLN of rules 8.0 (``--fln bot``: option ``fln_bot``, one-player victory, 8.6) or a
uniformly random player (``--fln random``: the two-player rules, 7.0); chance managed. Every
decision of either bot is checked as a referee would: its moves must replay, one by one through
``engine.apply``, to the state it returned; and every move of the game goes through the FLN bot's
invariants (``engine.bot.invariants``: 8.1.2 map sources, never an Event without effect, the Base,
Support and Control guards of 8.4.2, 8.4.4, 8.4.6 …), as in ``engine.bot.selfplay`` – checked on
the FLN bot's moves (a random FLN is bound by none of them). Prints each
game, then the Government's wins with a 95% Wilson interval and the Government bot's decision
time; the last line is exactly::

    fln=F scenario=S games=N completed=N illegal=0 violations=V guard_checks=C gov_wins=W \
    win_rate=R ci95=[L,H] ms_p50=A ms_p99=B

The exit status is non-zero on any illegal move, invariant violation or exception. Game ``i`` uses engine seed
``S + i``; the random FLN's generator and the bots' seeds derive from it. ``--jobs K`` plays games
in K processes (the figures do not depend on K).
"""

from __future__ import annotations

import argparse
import sys
import traceback
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Callable, TypeVar

from ..bot import decide as fln_decide  # the FLN opponent (this tool is above both bots)
from ..bot.invariants import EventInvariants
from ..bot.selfplay import Bot, Illegal, play_bots
from ..scenarios import new_game
from ..state import State
from referee_core.stats import percentile, wilson
from . import decide

T = TypeVar("T")


def play_game(scenario: str, seed: int, fln: str,
              before: Callable[[State], None] | None = None) -> dict[str, Any]:
    """One game; returns its result, the Government bot's decision times (ms), the invariant
    violations and the number of guard checks. ``before`` is shown the state at each of the
    Government's decisions (``fit`` records the evaluation's terms there)."""
    s = new_game(scenario, seed, {"fln_bot": fln == "bot"})
    inv = EventInvariants()

    def gov(s: State, step: int) -> Any:
        if before is not None:
            before(s)
        return decide(s, seed * 1_000_003 + step)

    bots: dict[str, Bot] = {"gov": gov}
    if fln == "bot":
        bots["fln"] = lambda s, step: fln_decide(s, seed * 7_919 + step)
    s, times = play_bots(s, seed, bots, inv)
    assert s.result is not None
    return {"seed": seed, "winner": s.result["winner"], "margins": s.result["margins"],
            "round": s.result.get("round"), "times": times["gov"],
            "violations": [f"seed={seed} {v}" for v in inv.violations],
            "guard_checks": inv.guard_checks}


def _one(scenario: str, seed: int, fln: str) -> dict[str, Any]:
    try:
        return play_game(scenario, seed, fln)
    except Illegal as e:
        return {"seed": seed, "illegal": str(e)}
    except Exception as e:  # noqa: BLE001 - reported, counted, exit status non-zero
        return {"seed": seed, "error": f"{type(e).__name__}: {e}\n{traceback.format_exc()}"}


def in_processes(play: Callable[..., T], tasks: list[tuple[Any, ...]], jobs: int) -> list[T]:
    """``play(*task)`` for each task, in order: in ``jobs`` processes when more than one."""
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            return list(ex.map(play, *zip(*tasks)))
    return [play(*t) for t in tasks]


def games_parser(module: str, doc: str | None, games: int) -> argparse.ArgumentParser:
    """The options of the tools that play seeded games (this one, ``fit``): ``--scenario``,
    ``--games`` (game ``i`` on seed ``--seed`` + i) and ``--jobs`` (processes)."""
    ap = argparse.ArgumentParser(prog=f"python -m {module}",
                                 description=(doc or "").split("\n")[0])
    ap.add_argument("--scenario", default="short", choices=("short", "medium", "full"))
    ap.add_argument("--games", type=int, default=games)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    return ap


def main(argv: list[str] | None = None) -> int:
    ap = games_parser("engine.govbot.selfplay", __doc__, 10)
    ap.add_argument("--fln", default="bot", choices=("bot", "random"))
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    tasks = [(a.scenario, a.seed + i, a.fln) for i in range(a.games)]
    results = in_processes(_one, tasks, a.jobs)
    completed = illegal = errors = wins = guard_checks = 0
    times: list[float] = []
    violations: list[str] = []
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
            violations += r["violations"]
            guard_checks += r["guard_checks"]
            for v in r["violations"]:
                print(f"VIOLATION {v}", file=sys.stderr)
            if not a.quiet:
                print(f"game seed={r['seed']} winner={r['winner']} margins={r['margins']} "
                      f"round={r['round']} decisions={len(r['times'])}")
    lo, hi = wilson(wins, completed)
    rate = wins / completed if completed else 0.0
    print(f"fln={a.fln} scenario={a.scenario} games={a.games} completed={completed} "
          f"illegal={illegal} violations={len(violations)} guard_checks={guard_checks} "
          f"gov_wins={wins} win_rate={rate:.3f} ci95=[{lo:.3f},{hi:.3f}] "
          f"ms_p50={percentile(times, 0.5):.1f} ms_p99={percentile(times, 0.99):.1f}")
    ok = illegal == 0 and errors == 0 and not violations and completed == a.games
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
