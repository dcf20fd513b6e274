#!/usr/bin/env python3
"""Front-end endpoints against ``Apply`` on the same machine, in the same run: ``Catalog`` (the
whole document, and the 304 / not_modified answer to a client holding the current version) and
``Replay`` of 100 moves, next to ``Apply`` of one move on a mid-game state, over REST and gRPC at
concurrency 1, and in-process (the application core without a transport).

    .venv/bin/python bench/frontend.py [--n 300]

Two ``ct-referee serve`` processes (one worker each): one as it runs (its caches on: a repeated
request is answered from the response cache), one with every cache off. Each figure is the median
(and p99) of ``n`` sequential requests, in ms. The last line compares the served catalogue with
the uncached Apply (floor: the catalogue, a static document, costs no more than one move):

    catalog_rest_ms=A catalog_grpc_ms=B apply_uncached_rest_ms=C apply_uncached_grpc_ms=D ok=E
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "clients")]

import engine  # noqa: E402
import referee_core  # noqa: E402
from ct_referee_client import Client, GrpcTransport, to_move  # noqa: E402
from ct_referee_proto.v1 import referee_pb2 as pb  # noqa: E402
from service.rest import to_json_body  # noqa: E402


def spawn(args: list[str]) -> tuple[subprocess.Popen[str], str, str]:
    env = dict(os.environ)
    env.pop("REDIS_URL", None)
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         env=env, cwd=str(ROOT))
    assert p.stdout is not None
    while True:
        line = p.stdout.readline()
        m = re.search(r"http=[\d.]+:(\d+) grpc=([\d.]+:\d+)", line)
        if m:
            return p, m.group(1), m.group(2)
        if not line:
            raise RuntimeError(f"server did not start: {args}")


def timed(fn: Callable[[], Any], n: int) -> tuple[float, float]:
    for _ in range(5):
        fn()
    ts = []
    for _ in range(n):
        t0 = time.perf_counter()
        fn()
        ts.append((time.perf_counter() - t0) * 1000)
    ts.sort()
    return statistics.median(ts), ts[min(len(ts) - 1, int(len(ts) * 0.99))]


def rest(port: str, method: str, path: str, body: bytes | None = None,
         headers: dict[str, str] | None = None, status: int = 200) -> Callable[[], Any]:
    conn = http.client.HTTPConnection("127.0.0.1", int(port), timeout=30)

    def call() -> None:
        conn.request(method, path, body=body, headers=headers or {})
        r = conn.getresponse()
        r.read()
        assert r.status == status, (path, r.status)
    return call


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=300)
    a = ap.parse_args()
    rnd = random.Random(1)
    s = engine.new_game("short", 1)
    moves: list[dict[str, Any]] = []
    for _ in range(100):
        m = rnd.choice(engine.legal_moves(s))
        moves.append(m)
        s, _ = engine.apply(s, m)
        if len(moves) == 25:
            mid, mid_move = engine.to_json(s), engine.legal_moves(s)[0]
    apply_req = pb.ApplyRequest(state=pb.GameState(json=mid), move=to_move(mid_move))
    replay_req = pb.ReplayRequest(game=pb.NewGameRequest(scenario="short", seed=1),
                                  moves=[to_move(m) for m in moves], every="card")
    as_json: Callable[[Any], bytes] = to_json_body  # the REST form: moves flat (docs/moves.md)

    py = sys.executable
    serve = [py, "-m", "ct_referee_cli", "serve", "--host", "127.0.0.1", "--http-port", "0",
             "--grpc-port", "0", "--workers", "1", "--no-seal"]
    procs = {"cached": spawn(serve),
             "uncached": spawn(serve + ["--cache-size", "0", "--response-cache-mb", "0",
                                        "--state-cache-mb", "0"])}
    from service.core import Core
    core = Core()
    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}; n={a.n} sequential"
          f" requests per figure; median / p99 in ms")
    out: dict[tuple[str, str, str], float] = {}
    try:
        version = core.catalog(pb.CatalogRequest(), core.call()).version
        for mode, (_, port, target) in procs.items():
            g = Client(GrpcTransport(target))
            cases: dict[str, dict[str, Callable[[], Any]]] = {
                "catalog": {
                    "rest": rest(port, "GET", "/v1/catalog"),
                    "grpc": lambda: g.catalog()},
                "catalog 304": {
                    "rest": rest(port, "GET", "/v1/catalog",
                                 headers={"If-None-Match": f'"{version}"'}, status=304),
                    "grpc": lambda: g.catalog(if_none_match=version)},
                "apply": {
                    "rest": rest(port, "POST", "/v1/apply", as_json(apply_req),
                                 {"Content-Type": "application/json"}),
                    "grpc": lambda: g.transport.call("Apply", apply_req, pb.ApplyResponse)},
                "replay 100 moves": {
                    "rest": rest(port, "POST", "/v1/replay", as_json(replay_req),
                                 {"Content-Type": "application/json"}),
                    "grpc": lambda: g.transport.call("Replay", replay_req,
                                                     pb.ReplayResponse)},
            }
            for case, by in cases.items():
                n = a.n if not case.startswith("replay") else max(10, a.n // 10)
                row = []
                for t, fn in by.items():
                    p50, p99 = timed(fn, n)
                    out[(mode, case, t)] = p50
                    row.append(f"{t} {p50:.3f} / {p99:.3f}")
                print(f"{mode:9} {case:17} " + "   ".join(row), flush=True)
            g.close()
        for case, fn in (("catalog", lambda: core.catalog(pb.CatalogRequest(), core.call())),
                         ("apply", lambda: engine.apply(engine.from_json(mid), mid_move))):
            p50, p99 = timed(fn, a.n)
            print(f"in-process {case:16} {p50:.3f} / {p99:.3f}  (no transport, no cache)")
    finally:
        for p, _, _ in procs.values():
            p.terminate()
            p.wait(10)
    cat_r, cat_g = out[("cached", "catalog", "rest")], out[("cached", "catalog", "grpc")]
    app_r, app_g = out[("uncached", "apply", "rest")], out[("uncached", "apply", "grpc")]
    ok = cat_r <= app_r and cat_g <= app_g
    print(f"catalog_rest_ms={cat_r:.3f} catalog_grpc_ms={cat_g:.3f} "
          f"apply_uncached_rest_ms={app_r:.3f} apply_uncached_grpc_ms={app_g:.3f} ok={ok}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
