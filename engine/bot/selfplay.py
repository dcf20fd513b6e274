"""Self-play: ``python -m engine.bot.selfplay --scenario short --games N --seed S``.

Plays N one-player games (option ``fln_bot``, rule 8.6): the non-player FLN (``engine.bot.decide``)
against a Government choosing uniformly among its legal moves; chance managed. Every bot decision
is checked like a referee would: its moves must replay, one by one through ``engine.apply``, to the
state it returned; and every move of the game goes through the Event invariants of
``engine.bot.invariants`` (8.1.2 map sources, never an Event without effect, #12 March guards, never
its own Opposition given up, the Base, Support and Control guards of its Operations and Special
Activities: 8.4.2, 8.4.4, 8.4.6). The last line is exactly::

    games=N completed=N illegal=0 violations=V event_decisions=D map_takes=M guard_checks=C
    fln_wins=W gov_wins=G mean_ms_per_bot_decision=X

(on one line). The exit status is non-zero on any illegal move, invariant violation or exception.
Game ``i`` uses engine seed ``S + i``; the Government's generator and the bot's seeds derive from
it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
from collections.abc import Callable
from typing import Any

from referee_core.errors import IllegalMove

from ..machine import apply, legal_moves, to_move
from ..scenarios import new_game
from ..serial import to_json
from ..state import Move, State
from . import decide
from .invariants import EventInvariants

MAX_STEPS = 20_000
# A bot of the self-play tools: (state, step) -> its moves, the state after them, its trace.
Bot = Callable[[State, int], tuple[list[Move], State, Any]]


class Illegal(Exception):
    pass


def replay(s: State, moves: list[Move], inv: EventInvariants) -> State:
    """Apply ``moves`` one by one (each must be legal), feeding the invariants."""
    for i, m in enumerate(moves):
        try:
            t, _ = apply(s, m)
        except IllegalMove as e:
            raise IllegalMove(e.reason, e.rule, i) from e
        inv.observe(s, m, t, to_move(s) or "none")
        s = t
    return s


def checked(s: State, moves: list[Move], after: State, inv: EventInvariants, who: str,
            where: str) -> State:
    """A bot's ``moves`` replayed one by one from ``s`` through the invariants: there must be
    some, they must all be legal and lead to the state ``after`` the bot returned."""
    if not moves:
        raise Illegal(f"{where}: {who} made no move")
    try:
        replayed = replay(s, moves, inv)
    except IllegalMove as e:
        raise Illegal(f"{where}: {who} move {e.index} illegal: {e.reason} ({e.rule})") from e
    if to_json(replayed) != to_json(after):
        raise Illegal(f"{where}: {who} moves do not replay to the state")
    return after


def play_bots(s: State, seed: int, bots: dict[str, Bot], inv: EventInvariants,
              check: bool = True) -> tuple[State, dict[str, list[float]]]:
    """Plays ``s`` to the end: a side in ``bots`` decides with its bot (given the step, from 1),
    every other decision is a uniformly random legal move (``random.Random(seed)``). With
    ``check`` each bot decision is ``checked`` and every move goes through the invariants
    ``inv``. Returns the final state and each bot's decision times (ms)."""
    chooser = random.Random(seed)
    times: dict[str, list[float]] = {who: [] for who in bots}
    steps = 0
    while (who := to_move(s)) is not None:
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"seed={seed}: game did not end")
        if who in bots:
            t0 = time.perf_counter()
            moves, after, _ = bots[who](s, steps)
            times[who].append((time.perf_counter() - t0) * 1000)
            if not moves or check:
                after = checked(s, moves, after, inv, who, f"seed={seed} step={steps}")
            s = after
        else:
            m = chooser.choice(legal_moves(s))
            t, _ = apply(s, m)
            if check:
                inv.observe(s, m, t, "random")  # the invariants judge the FLN bot's moves only
            s = t
    return s, times


def play_game(scenario: str, seed: int, check: bool = True,
              inv: EventInvariants | None = None) -> tuple[State, list[float]]:
    """One game of the FLN bot against a random Government; returns the final state and the
    bot's decision times (ms). With ``check`` the bot's moves are replayed and every move goes
    through the invariants ``inv``."""
    s = new_game(scenario, seed, {"fln_bot": True})
    s, times = play_bots(s, seed, {"fln": lambda s, step: decide(s, seed * 1_000_003 + step)},
                         inv if inv is not None else EventInvariants(), check)
    return s, times["fln"]


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
    inv = EventInvariants()
    for i in range(a.games):
        seed = a.seed + i
        seen = len(inv.violations)
        inv.open.clear()
        try:
            s, t = play_game(a.scenario, seed, not a.no_check, inv)
        except Illegal as e:
            illegal += 1
            print(f"ILLEGAL {e}", file=sys.stderr)
            continue
        except Exception as e:  # noqa: BLE001 - reported, counted, exit status non-zero
            errors += 1
            print(f"ERROR seed={seed}: {type(e).__name__}: {e}", file=sys.stderr)
            traceback.print_exc(file=sys.stderr)
            continue
        finally:
            for v in inv.violations[seen:]:
                print(f"VIOLATION seed={seed} {v}", file=sys.stderr)
        completed += 1
        times += t
        if s.result:
            wins[s.result["winner"]] += 1
        if not a.quiet:
            print(f"game {i} seed={seed} bot_decisions={len(t)} result="
                  f"{(s.result or {}).get('winner')} margins={(s.result or {}).get('margins')}")
    mean = sum(times) / len(times) if times else 0.0
    print(f"games={a.games} completed={completed} illegal={illegal} "
          f"violations={len(inv.violations)} event_decisions={inv.decisions} "
          f"map_takes={inv.map_takes} guard_checks={inv.guard_checks} fln_wins={wins['fln']} gov_wins={wins['gov']} "
          f"mean_ms_per_bot_decision={mean:.2f}")
    ok = illegal == 0 and errors == 0 and completed == a.games and not inv.violations
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
