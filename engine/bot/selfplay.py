"""Self-play: ``python -m engine.bot.selfplay --scenario short --games N --seed S``.

Plays N one-player games (option ``fln_bot``, rule 8.6): the non-player FLN (``engine.bot.decide``)
against a Government choosing uniformly among its legal moves; chance managed. Every bot decision
is checked like a referee would: its moves must replay through ``engine.apply_all`` to the state it
returned. The last line is exactly::

    games=N completed=N illegal=0 fln_wins=W gov_wins=G mean_ms_per_bot_decision=X

The exit status is non-zero on any illegal move or exception. Game ``i`` uses engine seed ``S + i``;
the Government's generator and the bot's seeds derive from it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback

from ..errors import IllegalMove
from ..machine import apply, apply_all, legal_moves, to_move
from ..scenarios import new_game
from ..serial import to_json
from ..state import State
from . import decide

MAX_STEPS = 20_000


class Illegal(Exception):
    pass


def play_game(scenario: str, seed: int, check: bool = True) -> tuple[State, list[float]]:
    """One game; returns the final state and the bot's decision times (ms)."""
    gov = random.Random(seed)
    s = new_game(scenario, seed, {"fln_bot": True})
    times: list[float] = []
    steps = 0
    while to_move(s) is not None:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"seed={seed}: game did not end")
        who = to_move(s)
        if who == "fln":
            t0 = time.perf_counter()
            moves, after, _ = decide(s, seed * 1_000_003 + steps)
            times.append((time.perf_counter() - t0) * 1000)
            if not moves:
                raise Illegal(f"seed={seed} step={steps}: the bot made no move")
            if check:
                try:
                    replay, _ = apply_all(s, moves)
                except IllegalMove as e:
                    raise Illegal(f"seed={seed} step={steps}: move {e.index} illegal: "
                                  f"{e.reason} ({e.rule})") from e
                if to_json(replay) != to_json(after):
                    raise Illegal(f"seed={seed} step={steps}: moves do not replay to the state")
            s = after
        else:
            ms = legal_moves(s)
            s, _ = apply(s, gov.choice(ms))
    return s, times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.bot.selfplay",
                                 description=__doc__.split("\n")[0])
    ap.add_argument("--scenario", default="short", choices=("short", "medium", "full"))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--no-check", action="store_true", help="skip the replay check")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    completed = illegal = errors = 0
    wins = {"gov": 0, "fln": 0}
    times: list[float] = []
    for i in range(a.games):
        seed = a.seed + i
        try:
            s, t = play_game(a.scenario, seed, not a.no_check)
        except Illegal as e:
            illegal += 1
            print(f"ILLEGAL {e}", file=sys.stderr)
            continue
        except Exception as e:  # noqa: BLE001 - reported, counted, exit status non-zero
            errors += 1
            print(f"ERROR seed={seed}: {type(e).__name__}: {e}", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            continue
        completed += 1
        times += t
        if s.result:
            wins[s.result["winner"]] += 1
        if not a.quiet:
            print(f"game {i} seed={seed} bot_decisions={len(t)} result="
                  f"{(s.result or {}).get('winner')} margins={(s.result or {}).get('margins')}")
    mean = sum(times) / len(times) if times else 0.0
    print(f"games={a.games} completed={completed} illegal={illegal} fln_wins={wins['fln']} "
          f"gov_wins={wins['gov']} mean_ms_per_bot_decision={mean:.2f}")
    return 0 if illegal == 0 and errors == 0 and completed == a.games else 1


if __name__ == "__main__":
    sys.exit(main())
