#!/usr/bin/env python3
"""Service benchmark (issue 5): REST and gRPC ``Apply`` on a mid-game state at concurrency 1 and
32, with the cache hit and missed, against the floors (a bare Flask echo under the same WSGI
server and a bare gRPC echo of the same payload), and the FLN bot's cache speedup.

    .venv/bin/python bench/service.py [--requests 400] [--threads 32]

Servers run in their own processes (``ct-referee serve``; the floors via ``--floor``); the load
comes from threads of this process with one persistent connection per thread (REST) or one shared
channel (gRPC). The last line is:

    rest_p50_ms=A rest_p99_ms=B grpc_p50_ms=C rest_floor_ratio=D grpc_floor_ratio=E bot_cache_speedup=F

where A, B, C, D, E are for uncached Apply (a cache miss: what a referee sees when every state is
new) at concurrency 32, the ratios are p50 over the floor's p50 at the same concurrency, and F is
uncached / cached bot decision time ("n/a" while the bot is not part of the build).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from concurrent import futures
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "clients"))

ECHO_METHOD = "/bench.Echo/Echo"


# ---- floor servers ---------------------------------------------------------------------------

def floor_server(threads: int) -> None:
    import grpc
    from flask import Flask, Response, request
    from waitress import create_server

    app = Flask("floor")

    @app.post("/echo")
    def echo() -> Response:
        return Response(request.get_data(), mimetype="application/json")

    http = create_server(app, host="127.0.0.1", port=0, threads=threads)
    handler = grpc.method_handlers_generic_handler("bench.Echo", {
        "Echo": grpc.unary_unary_rpc_method_handler(lambda req, ctx: req)})
    g = grpc.server(futures.ThreadPoolExecutor(max_workers=threads))
    g.add_generic_rpc_handlers((handler,))
    gport = g.add_insecure_port("127.0.0.1:0")
    g.start()
    print(f"floor listening: http=127.0.0.1:{http.effective_port} grpc=127.0.0.1:{gport}",
          flush=True)
    http.run()


def spawn(args: list[str]) -> tuple[subprocess.Popen[str], str, str]:
    env = dict(os.environ)
    env.pop("REDIS_URL", None)  # the embedded cache: the benchmark measures the service itself
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "clients")])
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         env=env)
    assert p.stdout is not None
    while True:
        line = p.stdout.readline()
        m = re.search(r"http=([\d.]+):(\d+) grpc=([\d.]+:\d+)", line)
        if m:
            return p, f"http://127.0.0.1:{m.group(2)}", m.group(3)
        if not line:
            raise RuntimeError(f"server did not start: {args}")


# ---- load ------------------------------------------------------------------------------------

def run_load(fn: Callable[[int], None], n: int, concurrency: int) -> dict[str, float]:
    """``n`` calls of ``fn(i)`` from ``concurrency`` threads; latency percentiles and rate."""
    lat: list[float] = []
    lock = threading.Lock()
    counter = iter(range(n))

    def worker() -> None:
        mine = []
        while True:
            with lock:
                i = next(counter, None)
            if i is None:
                break
            t0 = time.perf_counter()
            fn(i)
            mine.append(time.perf_counter() - t0)
        with lock:
            lat.extend(mine)

    for i in range(min(20, n)):  # warm-up (connections, caches of the hit runs)
        fn(i)
    t0 = time.perf_counter()
    ts = [threading.Thread(target=worker) for _ in range(concurrency)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    wall = time.perf_counter() - t0
    lat.sort()
    return {"p50": 1000 * lat[len(lat) // 2], "p99": 1000 * lat[min(len(lat) - 1,
                                                                     int(len(lat) * 0.99))],
            "rps": len(lat) / wall}


def mid_game_states(count: int) -> list[tuple[str, dict[str, Any]]]:
    """Distinct mid-game states (JSON, one legal move each): seeded games played 25 moves in."""
    import random

    import engine

    out = []
    seed = 0
    while len(out) < count:
        seed += 1
        rnd = random.Random(seed)
        s = engine.new_game("short", seed, {})
        try:
            for _ in range(25):
                ms = engine.legal_moves(s)
                if not ms:
                    break
                s, _ = engine.apply(s, rnd.choice(ms))
            ms = engine.legal_moves(s)
            if not ms:
                continue
            m = ms[0]
            engine.apply(s, m)
        except Exception:  # noqa: BLE001 - parts of the rules may still be missing
            continue
        out.append((engine.to_json(s), m))
    return out


def engine_floor(states: list[tuple[str, dict[str, Any]]]) -> float:
    """The engine's own cost of an uncached Apply (DESIGN §8), median over the states."""
    import engine

    times = []
    for j, m in states:
        t0 = time.perf_counter()
        s = engine.from_json(j)
        s2, _ = engine.apply(s, m)
        engine.legal_moves(s2)
        engine.to_json(s2)
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=400, help="requests per measurement")
    ap.add_argument("--threads", type=int, default=32, help="the high concurrency")
    ap.add_argument("--floor", action="store_true", help=argparse.SUPPRESS)
    a = ap.parse_args()
    if a.floor:
        floor_server(a.threads)
        return 0

    import grpc

    from ct_referee_client import connect, to_move
    from ct_referee_proto.v1 import referee_pb2 as pb

    n, hi = a.requests, a.threads
    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}; "
          f"{n} requests per run; server threads {hi}; embedded cache", flush=True)
    states = mid_game_states(max(n, 64))
    payloads = [pb.ApplyRequest(state=pb.GameState(json=j), move=to_move(m)) for j, m in states]
    from google.protobuf import json_format

    rest_bodies = [json_format.MessageToJson(p, preserving_proto_field_name=True,
                                             indent=None).encode() for p in payloads]
    grpc_bodies = [p.SerializeToString() for p in payloads]
    print(f"mid-game state: {len(states[0][0])} bytes of JSON; Apply request {len(rest_bodies[0])}"
          f" bytes (REST) / {len(grpc_bodies[0])} bytes (gRPC)", flush=True)

    print(f"engine work per uncached Apply, in-process (from_json + apply + legal_moves + "
          f"to_json): {engine_floor(states):.2f} ms", flush=True)

    serve = [sys.executable, "-m", "service.cli", "serve", "--host", "127.0.0.1",
             "--http-port", "0", "--grpc-port", "0", "--threads", str(hi)]
    procs = []
    cached = spawn(serve)
    uncached = spawn(serve + ["--cache-size", "0"])
    floor = spawn([sys.executable, str(Path(__file__)), "--floor", "--threads", str(hi)])
    procs = [cached[0], uncached[0], floor[0]]
    results: dict[tuple[str, str, int], dict[str, float]] = {}
    try:
        import http.client
        from urllib.parse import urlsplit

        def rest_caller(base: str, path: str, bodies: list[bytes], vary: bool
                        ) -> Callable[[int], None]:
            u = urlsplit(base)
            local = threading.local()

            def call(i: int) -> None:
                c = getattr(local, "c", None)
                if c is None:
                    c = local.c = http.client.HTTPConnection(u.hostname, u.port)
                c.request("POST", path, body=bodies[i % len(bodies) if vary else 0],
                          headers={"Content-Type": "application/json"})
                r = c.getresponse()
                r.read()
                if r.status != 200:
                    raise RuntimeError(f"HTTP {r.status}")
            return call

        def grpc_caller(target: str, method: str, bodies: list[bytes], vary: bool
                        ) -> Callable[[int], None]:
            ch = grpc.insecure_channel(target)
            rpc = ch.unary_unary(method)

            def call(i: int) -> None:
                rpc(bodies[i % len(bodies) if vary else 0], timeout=30)
            return call

        apply_method = "/ct_referee.v1.Referee/Apply"
        for conc in (1, hi):
            for label, (proc, http_url, grpc_target), vary in (
                    ("hit", cached, False), ("miss", uncached, True)):
                results[("rest", label, conc)] = run_load(
                    rest_caller(http_url, "/v1/apply", rest_bodies, vary), n, conc)
                results[("grpc", label, conc)] = run_load(
                    grpc_caller(grpc_target, apply_method, grpc_bodies, vary), n, conc)
            results[("rest", "floor", conc)] = run_load(
                rest_caller(floor[1], "/echo", rest_bodies, False), n, conc)
            results[("grpc", "floor", conc)] = run_load(
                grpc_caller(floor[2], ECHO_METHOD, grpc_bodies, False), n, conc)
        print(f"\n{'transport':<9} {'case':<6} {'conc':>4} {'p50 ms':>8} {'p99 ms':>8} "
              f"{'req/s':>8}")
        for (t, label, conc), r in sorted(results.items()):
            print(f"{t:<9} {label:<6} {conc:>4} {r['p50']:>8.2f} {r['p99']:>8.2f} "
                  f"{r['rps']:>8.0f}")

        # the FLN bot's cache speedup: over distinct FLN decision points of one game (the
        # Government plays its first legal move), the first Decide of each state (a miss) against
        # a repeat of the same request (a hit)
        client = connect(cached[1])
        speedup = "n/a"
        try:
            misses, hits = [], []
            resp: Any = client.new_game("short", 7)
            state, to_move, moves = resp.state, resp.to_move, list(resp.legal_moves)
            while to_move and len(misses) < 30:
                if to_move == "fln":
                    s0 = time.perf_counter()
                    d = client.decide(state, 1)
                    misses.append(time.perf_counter() - s0)
                    s0 = time.perf_counter()
                    client.decide(state, 1)
                    hits.append(time.perf_counter() - s0)
                    lm = client.legal_moves(d.state)
                    state, to_move, moves = d.state, lm.to_move, list(lm.legal_moves)
                else:
                    a = client.apply(state, moves[0])
                    state, to_move, moves = a.state, a.to_move, list(a.legal_moves)
            speedup = f"{statistics.median(misses) / statistics.median(hits):.1f}"
            print(f"\nbot Decide over {len(misses)} FLN decision points: uncached p50"
                  f" {statistics.median(misses) * 1000:.2f} ms, cached p50"
                  f" {statistics.median(hits) * 1000:.2f} ms")
        except Exception as e:  # noqa: BLE001
            print(f"\nbot: the FLN bot is not part of this build yet ({e}); no bot cache"
                  " speedup to measure", flush=True)
        client.close()
    finally:
        for p in procs:
            p.terminate()
            p.wait(10)

    miss = results[("rest", "miss", hi)]
    gmiss = results[("grpc", "miss", hi)]
    rfloor = results[("rest", "floor", hi)]
    gfloor = results[("grpc", "floor", hi)]
    hit = results[("rest", "hit", hi)]
    print(f"\ncache: REST Apply p50 {hit['p50']:.2f} ms hit vs {miss['p50']:.2f} ms miss at "
          f"concurrency {hi}")
    print(f"rest_p50_ms={miss['p50']:.2f} rest_p99_ms={miss['p99']:.2f} "
          f"grpc_p50_ms={gmiss['p50']:.2f} rest_floor_ratio={miss['p50'] / rfloor['p50']:.2f} "
          f"grpc_floor_ratio={gmiss['p50'] / gfloor['p50']:.2f} bot_cache_speedup={speedup}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
