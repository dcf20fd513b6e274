"""Arena benchmark: whole games per second per core through the match runner, and the runner's
own overhead against the engine's bare playout of the same games.

    python bench/arena.py [--games 20] [--bot-games 4] [--service-games 4] [--seed 0]

All in one process (one core): random vs random and the bots in process (``gov-bot`` vs
``fln-bot`` when the Government bot is installed, else random vs ``fln-bot``, as printed); random
vs random through a referee service (``ct-referee serve`` started on free ports, gRPC). The
overhead is the runner's time (agents, records with their checkpoints, the forfeit checks) over a
bare loop of ``engine.legal_moves`` / ``engine.apply`` choosing the very same moves (the same
seeded generators; the benchmark checks both end in the same state). Target: overhead <= 1.2.
The last line is exactly::

    arena_games_per_s=A bots_games_per_s=B service_games_per_s=C overhead_ratio=D
"""

from __future__ import annotations

import argparse
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
from ct_referee_arena.agents import BUILTIN, derived_seed  # noqa: E402
from ct_referee_arena.game import play_game  # noqa: E402
from ct_referee_arena.referee import LocalReferee, connect  # noqa: E402

OVERHEAD_TARGET = 1.2


def runner(gov: str, fln: str, seeds: list[int], url: str | None = None) -> tuple[float, list[str]]:
    """Seconds for the games through the runner, and each game's final checkpoint line."""
    ref = connect(url) if url else LocalReferee()
    ends: list[str] = []
    t0 = time.perf_counter()
    for seed in seeds:
        out = play_game(gov, fln, "short", seed, referee=ref, salt="bench")
        assert out["forfeit"] is None, out["forfeit"]
        ends.append([x for x in out["record"].splitlines() if '"checkpoint"' in x][-1])
    took = time.perf_counter() - t0
    ref.close()
    return took, ends


def bare(seeds: list[int]) -> tuple[float, list[int]]:
    """The same random games as the engine alone plays them; their move counts."""
    counts = []
    t0 = time.perf_counter()
    for seed in seeds:
        rng = {r: random.Random(derived_seed(seed, r, "random")) for r in ("gov", "fln")}
        s = engine.new_game("short", seed)
        n = 0
        while (who := engine.to_move(s)) is not None:
            s, _ = engine.apply(s, rng[who].choice(engine.legal_moves(s)))
            n += 1
        counts.append(n)
    return time.perf_counter() - t0, counts


def serve() -> tuple[subprocess.Popen[str], str]:
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "clients")])
    p = subprocess.Popen([sys.executable, "-m", "ct_referee_cli", "serve", "--http-port", "0",
                          "--grpc-port", "0", "--host", "127.0.0.1"], stdout=subprocess.PIPE,
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
    a = ap.parse_args()
    seeds = list(range(a.seed, a.seed + a.games))

    bare_s, counts = bare(seeds)
    arena_s, ends = runner("random", "random", seeds)
    moves = [int(re.search(r'"moves":(\d+)', e).group(1)) for e in ends]  # type: ignore[union-attr]
    assert moves == counts, "the runner and the bare loop did not play the same games"
    overhead = arena_s / bare_s
    print(f"random vs random, in process: {a.games} games, {sum(counts)} moves;"
          f" runner {arena_s:.2f}s, bare engine {bare_s:.2f}s, overhead x{overhead:.3f}"
          f" (target <= {OVERHEAD_TARGET}: {'ok' if overhead <= OVERHEAD_TARGET else 'MISSED'})")

    gov = "gov-bot" if "gov-bot" in BUILTIN else "random"
    bot_seeds = seeds[:a.bot_games]
    bots_s, _ = runner(gov, "fln-bot", bot_seeds)
    print(f"{gov} vs fln-bot, in process: {len(bot_seeds)} games in {bots_s:.2f}s")

    proc, url = serve()
    try:
        svc_seeds = seeds[:a.service_games]
        svc_s, svc_ends = runner("random", "random", svc_seeds, url)
        assert svc_ends == ends[:len(svc_seeds)], "the service played other games"
    finally:
        proc.terminate()
        proc.wait(10)
    print(f"random vs random through the service ({url}): {len(svc_seeds)} games in"
          f" {svc_s:.2f}s (client and service on this machine)")
    print(f"arena_games_per_s={a.games / arena_s:.2f} bots_games_per_s={len(bot_seeds) / bots_s:.2f}"
          f" service_games_per_s={len(svc_seeds) / svc_s:.2f} overhead_ratio={overhead:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
