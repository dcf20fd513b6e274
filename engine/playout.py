"""Random playouts: ``python -m engine.playout --scenario short --games N --seed S``.

Plays N games choosing uniformly among the legal moves (chance managed), checks the invariants after
every move, and ends with one line::

    games=N completed=N violations=0 decisions=D mean_ms_per_game=X

Exits non-zero on any violation or exception, printing the seed and move index that reproduce it.
Game ``i`` uses engine seed ``S + i`` and the same number for the move-choosing generator.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback

from .board import base_room, independent, pool_total, population
from .data import BOX_PIECES, COUNTRIES, FORCE_POOL, GOV_PIECES, TERROR_MARKERS, UG, AG, FB
from .machine import apply, legal_moves, to_move
from .scenarios import new_game
from .serial import from_json, to_json
from .state import State

MAX_DECISIONS = 50_000


def invariants(s: State) -> list[str]:
    """Every rule that must hold in any reachable state."""
    bad: list[str] = []
    for key in BOX_PIECES:
        if pool_total(s, key) != FORCE_POOL[key]:
            bad.append(f"force pool: {key} totals {pool_total(s, key)}, pool {FORCE_POOL[key]}")
    for n, sp in s.spaces.items():
        p = sp["pieces"]
        if any(v < 0 for v in p.values()):
            bad.append(f"negative pieces in {n}")
        if base_room(s, n) < 0:
            bad.append(f"stacking: too many Bases in {n} (1.4.2)")
        if n in COUNTRIES:
            if any(p[k] for k in GOV_PIECES):
                bad.append(f"Government pieces in {n} (1.4.2)")
            if not independent(s) and (p[UG] or p[AG] or p[FB]):
                bad.append(f"FLN pieces in {n} before independence (1.3.4)")
        elif population(s, n) == 0 and sp["support"] != "neutral":
            bad.append(f"{n}: Pop 0 space not Neutral (1.6.2)")
    if sum(sp["terror"] for sp in s.spaces.values()) > TERROR_MARKERS:
        bad.append("more Terror markers than exist (3.3.4)")
    for box in s.boxes.values():
        if any(v < 0 for v in box.values()):
            bad.append("negative box count")
    for who in ("gov", "fln"):
        if not 0 <= s.resources[who] <= 50:
            bad.append(f"{who} Resources {s.resources[who]} outside 0-50 (1.8)")
    if not 0 <= s.commitment <= 50:
        bad.append(f"Commitment {s.commitment} outside 0-50 (1.8)")
    if s.border_zone is not None and not 0 <= s.border_zone <= 4:
        bad.append(f"Border Zone {s.border_zone} outside 0-4")
    if s.result is None and not legal_moves(s):
        bad.append("dead end: the game is not over and no legal move exists")
    return bad


def play_game(scenario: str, seed: int, roundtrip_every: int = 0) -> tuple[State, int]:
    """One uniformly random game; raises AssertionError with the move index on a violation."""
    chooser = random.Random(seed)
    s = new_game(scenario, seed)
    n = 0
    problems = invariants(s)
    if problems:
        raise AssertionError(f"seed={seed} move=0 (setup): {problems}")
    while to_move(s) is not None:
        if n >= MAX_DECISIONS:
            raise AssertionError(f"seed={seed} move={n}: game did not end")
        m = chooser.choice(legal_moves(s))
        try:
            s, _ = apply(s, m)
        except Exception as e:
            raise AssertionError(f"seed={seed} move={n} {m}: {type(e).__name__}: {e}") from e
        n += 1
        problems = invariants(s)
        if problems:
            raise AssertionError(f"seed={seed} move={n - 1} {m}: {problems}")
        if roundtrip_every and n % roundtrip_every == 0:
            text = to_json(s)
            if to_json(from_json(text)) != text:
                raise AssertionError(f"seed={seed} move={n - 1}: JSON round trip differs")
    return s, n


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m engine.playout", description=__doc__.split("\n")[0])
    ap.add_argument("--scenario", default="short", choices=("short", "medium", "full"))
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--roundtrip-every", type=int, default=0,
                    help="also check the canonical JSON round trip every K decisions")
    ap.add_argument("--quiet", action="store_true")
    a = ap.parse_args(argv)
    completed = decisions = violations = 0
    total_ms = 0.0
    wins = {"gov": 0, "fln": 0}
    for i in range(a.games):
        seed = a.seed + i
        t0 = time.perf_counter()
        try:
            s, n = play_game(a.scenario, seed, a.roundtrip_every)
        except AssertionError as e:
            violations += 1
            print(f"VIOLATION {e}", file=sys.stderr)
            if e.__cause__ is not None:
                traceback.print_exception(e.__cause__, file=sys.stderr)
            continue
        total_ms += (time.perf_counter() - t0) * 1000
        completed += 1
        decisions += n
        if s.result:
            wins[s.result["winner"]] += 1
        if not a.quiet:
            print(f"game {i} seed={seed} decisions={n} result={s.result}")
    mean = total_ms / completed if completed else 0.0
    print(f"gov_wins={wins['gov']} fln_wins={wins['fln']}")
    print(f"games={a.games} completed={completed} violations={violations} decisions={decisions}"
          f" mean_ms_per_game={mean:.1f}")
    return 0 if violations == 0 and completed == a.games else 1


if __name__ == "__main__":
    sys.exit(main())
