"""Arena benchmark: whole games per second per core through the match runner, and the runner's
own overhead against the engine's bare playout of the same games.

    python bench/arena.py [--games 20] [--bot-games 4] [--service-games 4] [--seed 0] [--repeat 3]

In one process, per CPU second (one core): random vs random and the bots in process
(``gov-bot`` vs ``fln-bot`` when the Government bot is installed, else random vs ``fln-bot``, as
printed). Random vs random through a referee service (``ct-referee serve`` started on free
ports, gRPC), in wall-clock seconds with the client and the service each on a core, halved. The
overhead is the runner's CPU time (agents, records with their checkpoints, the forfeit checks)
over a bare loop of ``engine.legal_moves`` / ``engine.apply`` choosing the very same moves (the
same seeded generators; the benchmark checks both end in the same state), each game
timed alternately several times and the best kept. Target: overhead <= 1.2.
The last line is exactly::

    arena_games_per_s=A bots_games_per_s=B service_games_per_s=C overhead_ratio=D
"""

from __future__ import annotations

import argparse
import io
import os
import random
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "clients")]

import engine  # noqa: E402
import referee_core  # noqa: E402
from ct_referee_arena.agents import BUILTIN, derived_seed  # noqa: E402
from engine.records import checkpoint_hash, write_record  # noqa: E402
from ct_referee_arena.game import play_game  # noqa: E402
from ct_referee_arena.referee import LocalReferee, Referee, connect  # noqa: E402

OVERHEAD_TARGET = 1.2


def runner(gov: str, fln: str, seeds: list[int], url: str | None = None
           ) -> tuple[float, float, list[str]]:
    """CPU and wall seconds for the games through the runner, and each game's final checkpoint
    line."""
    ref = connect(url) if url else LocalReferee()
    ends: list[str] = []
    c0, t0 = time.process_time(), time.perf_counter()
    for seed in seeds:
        ends.append(runner_game(gov, fln, seed, ref))
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    ref.close()
    return cpu, wall, ends


def runner_game(gov: str, fln: str, seed: int, ref: Referee) -> str:
    out = play_game(gov, fln, "short", seed, referee=ref, salt="bench")
    assert out["forfeit"] is None, out["forfeit"]
    return [x for x in out["record"].splitlines() if '"checkpoint"' in x][-1]


def bare_game(seed: int, keep: bool = False
              ) -> tuple[int, engine.State, list[tuple[engine.Move, engine.State]]]:
    """A random game as the engine alone plays it, choosing the runner's moves: its length, final
    state and (``keep``: a run not timed) each move with the state after it."""
    rng = {r: random.Random(derived_seed(seed, r, "random")) for r in ("gov", "fln")}
    s = engine.new_game("short", seed)
    n = 0
    steps = []
    while (who := engine.to_move(s)) is not None:
        m = rng[who].choice(engine.legal_moves(s))
        s, _ = engine.apply(s, m)
        n += 1
        if keep:
            steps.append((m, s))
    return n, s, steps


def overhead(seeds: list[int], repeat: int) -> tuple[float, float, float, int]:
    """CPU seconds of the runner and of the bare loop over the same games, each game the best
    of ``repeat`` runs of each, alternated (so that a busy machine does not favour either); the
    part of the runner's time that is writing the record (its moves and checkpoints, from the
    bare loop's states); the number of moves."""
    ref = LocalReferee()
    run_s = bare_s = record_s = 0.0
    moves = 0
    for seed in seeds:
        best_run = best_bare = best_record = float("inf")
        for _ in range(repeat):
            t0 = time.process_time()
            n, final, _ = bare_game(seed)
            t1 = time.process_time()
            end = runner_game("random", "random", seed, ref)
            t2 = time.process_time()
            best_bare, best_run = min(best_bare, t1 - t0), min(best_run, t2 - t1)
        same = f'"hash":"{checkpoint_hash(final)}","moves":{n},' in end
        assert same, "the runner and the bare loop played different games"
        _, _, steps = bare_game(seed, keep=True)
        start = engine.new_game("short", seed)
        for _ in range(repeat):
            t0 = time.process_time()
            write_record(io.StringIO(), {"scenario": "short"}, start, steps)
            best_record = min(best_record, time.process_time() - t0)
        run_s += best_run
        bare_s += best_bare
        record_s += best_record
        moves += n
    return run_s, bare_s, record_s, moves


def serve() -> tuple[subprocess.Popen[str], str]:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "clients")])
    p = subprocess.Popen([sys.executable, "-m", "ct_referee_cli", "serve", "--http-port", "0",
                          "--grpc-port", "0", "--host", "127.0.0.1", "--no-seal"],
                         stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True, env=env, cwd=str(ROOT))
    assert p.stdout is not None
    for line in p.stdout:
        m = re.search(r"grpc=([\d.]+:\d+)", line)
        if m:
            return p, f"grpc://{m.group(1)}"
    raise RuntimeError("the referee service did not start")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--bot-games", type=int, default=4)
    ap.add_argument("--service-games", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each game for the overhead")
    a = ap.parse_args()
    seeds = list(range(a.seed, a.seed + a.games))

    arena_s, wall, ends = runner("random", "random", seeds)
    print(f"random vs random, in process: {a.games} games, {arena_s:.2f} CPU s ({wall:.2f}s"
          " wall)")
    run_cpu, bare_cpu, record_cpu, moves = overhead(seeds, a.repeat)
    ratio = run_cpu / bare_cpu
    print(f"overhead: the same {a.games} games ({moves} moves), CPU best of {a.repeat}: runner"
          f" {run_cpu:.2f}s, bare engine {bare_cpu:.2f}s, x{ratio:.3f}"
          f" (target <= {OVERHEAD_TARGET}: {'ok' if ratio <= OVERHEAD_TARGET else 'MISSED'});"
          f" of which writing the record (moves, a checkpoint hash after each card):"
          f" {record_cpu:.2f}s = x{record_cpu / bare_cpu:.3f}, the runner without it:"
          f" x{(run_cpu - record_cpu) / bare_cpu:.3f}")

    gov = "gov-bot" if "gov-bot" in BUILTIN else "random"
    bot_seeds = seeds[:a.bot_games]
    bots_s, wall, _ = runner(gov, "fln-bot", bot_seeds)
    print(f"{gov} vs fln-bot, in process: {len(bot_seeds)} games, {bots_s:.2f} CPU s"
          f" ({wall:.2f}s wall)")

    proc, url = serve()
    try:
        svc_seeds = seeds[:a.service_games]
        _, svc_s, svc_ends = runner("random", "random", svc_seeds, url)
        assert svc_ends == ends[:len(svc_seeds)], "the service played other games"
    finally:
        proc.terminate()
        proc.wait(10)
    print(f"random vs random through the service ({url}): {len(svc_seeds)} games in"
          f" {svc_s:.2f}s wall (client and service on this machine: per core, two cores)")
    print(f"arena_games_per_s={a.games / arena_s:.2f}"
          f" bots_games_per_s={len(bot_seeds) / bots_s:.2f}"
          f" service_games_per_s={len(svc_seeds) / svc_s / 2:.2f} overhead_ratio={ratio:.3f}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
