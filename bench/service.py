#!/usr/bin/env python3
"""Service benchmark (issue 5): REST and gRPC ``Apply`` on a mid-game state at concurrency 1 and
32, cache hit and miss, against the floors (a bare Flask echo and a bare gRPC echo of the same
payload, served the same way: ``bench/floor.py``), and the FLN bot's cache speedup.

    .venv/bin/python bench/service.py [--seconds 4] [--repeat 5] [--workers N] [--threads 4]

The servers are ``ct-referee serve`` processes with ``--workers`` = the machine's cores: one with
its caches (the hit runs: the same request again and again), one with every cache off (the miss
runs: each request parsed, applied and encoded from nothing). The load comes from wrk (REST) and
h2load (gRPC), in C, so that the load generator takes little of the machine it shares. Each
request is checked once before the load. The last two lines are

    uncached: rest_p50_ms=A rest_p99_ms=B grpc_p50_ms=C rest_floor_ratio=D grpc_floor_ratio=E
    rest_p50_ms=A rest_p99_ms=B grpc_p50_ms=C rest_floor_ratio=D grpc_floor_ratio=E \
        bot_cache_speedup=F

at concurrency 32: the one before for the service as it runs (the cache on: a repeated mid-game
Apply is a hit), the one before that for the same request with every cache off. A ratio is the p50
over the floor's p50; F is uncached over cached bot decision time.

The realistic case (issue 14): a corpus of distinct Apply requests from random games of all three
scenarios (a state and one of its legal moves), each request a different one, sent to a server
with a secret and every cache off (so no request is answered from a cache), each state signed as
that referee signs the states it returns (a client sends back the state it was given; docs/trust.md:
such a state is not validated again), at concurrency 1 and 32, against the echo floors of the same
corpus measured in the same run: REST with wrk cycling through the corpus, gRPC with a small
asyncio client (h2load sends one body only) used alike for the echo. The same corpus unsigned
(every state validated in full) is measured too, and so is the engine's work alone on the signed
corpus, served by the echo's servers (``bench/floor.py``'s engine floor: what any referee keeping
this state format and ``--check-issued`` does for an Apply, without labels, signatures, protobuf
answers or caches), so that the referee's distance from the echo splits into the engine's share
and the service's. Plus the in-process state round trip:
``engine.to_json(engine.from_json(text))`` over the corpus (and the same for a signed state,
``from_trusted_json`` for ``from_json``). The last line is

    realistic_rest_ratio=A realistic_grpc_ratio=B realistic_rest_p50_ms=C realistic_grpc_p50_ms=D \
        cached_rest_ratio=E cached_grpc_ratio=F state_roundtrip_us_p50=G bot_cache_speedup=H

(ratios and p50s at concurrency 32; "cached" is the repeated mid-game request above).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench"), str(ROOT / "clients")]

import referee_core  # noqa: E402
from corpus import realistic_corpus  # noqa: E402
from floor import ECHO_METHOD, ENGINE_METHOD  # noqa: E402 - the floor serves them

APPLY = "/ct_referee.v1.Referee/Apply"
SECRET = "bench-secret"
TARGETS = (("REST p50 at 32 (ms)", "rest_p50_ms", 2.0),
           ("REST p99 at 32 (ms)", "rest_p99_ms", 10.0),
           ("gRPC p50 at 32 (ms)", "grpc_p50_ms", 1.0),
           ("REST / floor", "rest_floor_ratio", 1.5),
           ("gRPC / floor", "grpc_floor_ratio", 1.5))


# ---- servers ---------------------------------------------------------------------------------

def spawn(args: list[str]) -> tuple[subprocess.Popen[str], str, str]:
    env = dict(os.environ)
    env.pop("REDIS_URL", None)  # the embedded cache: the benchmark measures the service itself
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "bench"), str(ROOT), str(ROOT / "clients")])
    p = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                         env=env, cwd=str(ROOT))
    assert p.stdout is not None
    while True:
        line = p.stdout.readline()
        m = re.search(r"http=([\d.]+):(\d+) grpc=([\d.]+:\d+)", line)
        if m:
            return p, f"http://127.0.0.1:{m.group(2)}", m.group(3)
        if not line:
            raise RuntimeError(f"server did not start: {args}")


# ---- load ------------------------------------------------------------------------------------

WRK_LUA = """
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local f = io.open("%s", "rb"); wrk.body = f:read("*a"); f:close()
"""


def wrk(url: str, body: Path, conc: int, seconds: float, tmp: Path, lua: Path | None = None
        ) -> dict[str, float]:
    if lua is None:
        lua = tmp / f"{body.stem}.lua"
        lua.write_text(WRK_LUA % body)
    out = subprocess.run(["wrk", "-t1", f"-c{conc}", f"-d{seconds:g}s", "--latency", "-s", str(lua),
                          url], capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out or "Socket errors" in out:
        raise RuntimeError(f"wrk saw failed requests:\n{out}")

    def ms(label: str) -> float:
        m = re.search(rf"^\s+{label}\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        assert m, out
        return float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]
    rps = re.search(r"Requests/sec:\s+([\d.]+)", out)
    n = re.search(r"(\d+) requests in", out)
    assert rps and n, out
    return {"p50": ms("50%"), "p99": ms("99%"), "rps": float(rps.group(1)), "n": int(n.group(1))}


WRK_CORPUS_LUA = """
local bodies = {}
for line in io.lines("%s") do bodies[#bodies + 1] = line end
local i = 0
local headers = {["Content-Type"] = "application/json"}
request = function()
  i = i %% #bodies + 1
  return wrk.format("POST", nil, headers, bodies[i])
end
"""


def wrk_corpus(url: str, corpus: Path, conc: int, seconds: float, tmp: Path) -> dict[str, float]:
    """wrk sending the corpus's bodies (one a line) in turn."""
    lua = tmp / "corpus.lua"
    lua.write_text(WRK_CORPUS_LUA % corpus)
    return wrk(url, corpus, conc, seconds, tmp, lua)


def grpc_load(target: str, method: str, bodies: list[bytes], conc: int, seconds: float
              ) -> dict[str, float]:
    """``conc`` asyncio clients, each on a connection of its own as h2load's are (the server's
    workers share the port: one connection would keep all the load on one of them), sending
    the serialized requests in turn (unary, bytes in and out, nothing decoded): p50/p99 latency
    (ms) and requests/s."""
    import asyncio

    import grpc

    async def run() -> tuple[list[float], float]:
        lat: list[float] = []
        channels = [grpc.aio.insecure_channel(target,
                                              options=[("grpc.use_local_subchannel_pool", 1)])
                    for _ in range(conc)]
        try:
            nxt = 0
            end = time.perf_counter() + seconds

            async def client(ch: Any) -> None:
                nonlocal nxt
                call = ch.unary_unary(method)
                while time.perf_counter() < end:
                    body = bodies[nxt % len(bodies)]
                    nxt += 1
                    t0 = time.perf_counter()
                    await call(body)
                    lat.append(time.perf_counter() - t0)
            await asyncio.gather(*(ch.channel_ready() for ch in channels))
            t0 = time.perf_counter()
            await asyncio.gather(*(client(ch) for ch in channels))
            return lat, time.perf_counter() - t0
        finally:
            await asyncio.gather(*(ch.close() for ch in channels))

    lat, wall = asyncio.run(run())
    lat.sort()
    return {"p50": 1000 * lat[len(lat) // 2], "p99": 1000 * lat[min(len(lat) - 1,
                                                                 int(len(lat) * 0.99))],
            "rps": len(lat) / wall, "n": len(lat)}


def h2load(target: str, method: str, frame: Path, conc: int, seconds: float, tmp: Path
           ) -> dict[str, float]:
    log = tmp / "h2load.log"
    log.unlink(missing_ok=True)
    out = subprocess.run(
        ["h2load", "-c", str(conc), "-m", "1", "-t", "1", "-D", f"{seconds:g}", "-d", str(frame),
         "-H", "content-type: application/grpc", "-H", "te: trailers", f"--log-file={log}",
         f"http://{target}{method}"], capture_output=True, text=True, check=True).stdout
    m = re.search(r"(\d+) succeeded, (\d+) failed, (\d+) errored", out)
    assert m, out
    all_2xx = re.search(r"status codes: \d+ 2xx, 0 3xx, 0 4xx, 0 5xx", out)
    if int(m.group(2)) or int(m.group(3)) or not all_2xx:
        raise RuntimeError(f"h2load saw failed requests:\n{out}")
    lat = sorted(int(line.split()[2]) / 1000 for line in log.read_text().splitlines())
    rps = re.search(r"finished in [\d.]+m?s, ([\d.]+) req/s", out)
    assert rps, out
    return {"p50": lat[len(lat) // 2], "p99": lat[min(len(lat) - 1, int(len(lat) * 0.99))],
            "rps": float(rps.group(1)), "n": len(lat)}


def tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used so far by process ``pid`` and all its descendants
    that are alive (Linux /proc; the servers' workers live as long as the run)."""
    tick = os.sysconf("SC_CLK_TCK")
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / tick
            for task in Path(f"/proc/{p}/task").iterdir():
                todo += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, IndexError, ValueError):
            continue
    return total


def measured(pid: int, load: Any) -> dict[str, float]:
    """``load()``'s figures plus the server's CPU time per request (ms: ``srv_cpu``) and the
    load generator's own in this process (``gen_cpu``; wrk and h2load run outside it)."""
    c0, g0 = tree_cpu(pid), time.process_time()
    r: dict[str, float] = load()
    c1, g1 = tree_cpu(pid), time.process_time()
    r["srv_cpu"] = 1000 * (c1 - c0) / max(r["n"], 1)
    r["gen_cpu"] = 1000 * (g1 - g0) / max(r["n"], 1)
    return r


# ---- the request -----------------------------------------------------------------------------

def mid_game_request() -> tuple[str, dict[str, Any]]:
    """A mid-game state (JSON) and a legal move: of seeded Short games played 25 random moves
    in, the one whose in-process Apply time is the median."""
    import random

    import engine

    cands = []
    for seed in range(1, 40):
        rnd = random.Random(seed)
        s = engine.new_game("short", seed, {})
        for _ in range(25):
            ms = engine.legal_moves(s)
            if not ms:
                break
            s, _ = engine.apply(s, rnd.choice(ms))
        ms = engine.legal_moves(s)
        if ms:
            cands.append((engine.to_json(s), ms[0]))
    timed = sorted((engine_work(j, m), j, m) for j, m in cands)
    _, j, m = timed[len(timed) // 2]
    return j, m


def state_roundtrip(docs: list[str], load: Any = None, rounds: int = 5) -> float:
    """The in-process state round trip, parse + validate + write
    (``engine.to_json(engine.from_json(text))``; ``load`` instead of ``from_json``), median µs
    over the corpus."""
    import engine

    load = load or engine.from_json
    times = []
    for _ in range(rounds):
        for doc in docs:
            t0 = time.perf_counter()
            engine.to_json(load(doc))
            times.append(time.perf_counter() - t0)
    return 1e6 * statistics.median(times)


def engine_work(doc: str, move: dict[str, Any], n: int = 20) -> float:
    """The engine's own cost of an uncached Apply: from_json, apply, legal_moves and
    to_json, median ms."""
    import engine

    times = []
    for _ in range(n):
        t0 = time.perf_counter()
        s = engine.from_json(doc)
        s2, _ = engine.apply(s, move)
        engine.legal_moves(s2)
        engine.to_json(s2)
        times.append(time.perf_counter() - t0)
    return 1000 * statistics.median(times)


def decision_points(http: str, count: int = 30) -> list[bytes]:
    """Decide requests (REST bodies) for distinct FLN decision points of one game, the Government
    playing its first legal move, collected from ``http``."""
    from google.protobuf import json_format

    from ct_referee_client import connect
    from ct_referee_proto.v1 import referee_pb2 as pb

    client = connect(http)
    out = []
    resp: Any = client.new_game("short", 7)
    state, to_move, moves = resp.state, resp.to_move, list(resp.legal_moves)
    while to_move and len(out) < count:
        if to_move == "fln":
            out.append(json_format.MessageToJson(pb.DecideRequest(state=state, seed=1),
                                                 indent=None).encode())
            d = client.decide(state, 1)
            lm = client.legal_moves(d.state)
            state, to_move, moves = d.state, lm.to_move, list(lm.legal_moves)
        else:
            a = client.apply(state, moves[0])
            state, to_move, moves = a.state, a.to_move, list(a.legal_moves)
    client.close()
    return out


def bot_speedup(url: str, bodies: list[bytes]) -> tuple[float, float]:
    """Each Decide request sent twice to a server that has never seen it: the first is a miss,
    the second a hit; the median times of each (the server's answer, read whole, undecoded)."""
    import http.client
    from urllib.parse import urlsplit

    u = urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port)
    times: list[list[float]] = [[], []]
    for body in bodies:
        for i in range(2):
            t0 = time.perf_counter()
            conn.request("POST", "/v1/bot/fln/decide", body=body,
                         headers={"Content-Type": "application/json"})
            r = conn.getresponse()
            r.read()
            times[i].append(time.perf_counter() - t0)
            assert r.status == 200 and r.getheader("X-Cache") == ("miss", "hit")[i]
    conn.close()
    return 1000 * statistics.median(times[0]), 1000 * statistics.median(times[1])


def sequential_play(url: str, moves: int = 300) -> float:
    """A referee's flow: one Short game driven through REST Apply, each request on the state the
    previous answer returned (the first legal move each time, new games as needed); the median
    time of a request, from sending it to having read the answer."""
    import http.client
    from urllib.parse import urlsplit

    u = urlsplit(url)
    conn = http.client.HTTPConnection(u.hostname, u.port)

    def post(path: str, doc: dict[str, Any]) -> tuple[dict[str, Any], float]:
        body = json.dumps(doc).encode()
        t0 = time.perf_counter()
        conn.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        r = conn.getresponse()
        data = r.read()
        dt = time.perf_counter() - t0
        assert r.status == 200, data[:200]
        return json.loads(data), dt

    times: list[float] = []
    seed = 0
    while len(times) < moves:
        seed += 1
        answer, _ = post("/v1/games", {"scenario": "short", "seed": seed})
        while answer["legal_moves"] and len(times) < moves:
            answer, dt = post("/v1/apply", {"state": answer["state"],
                                            "move": answer["legal_moves"][0]})
            times.append(dt)
    conn.close()
    return 1000 * statistics.median(times)


def line(r: dict[tuple[str, str, int], dict[str, float]], case: str, hi: int) -> dict[str, float]:
    rest, grpc_ = r[("rest", case, hi)], r[("grpc", case, hi)]
    return {"rest_p50_ms": rest["p50"], "rest_p99_ms": rest["p99"], "grpc_p50_ms": grpc_["p50"],
            "rest_floor_ratio": rest["p50"] / r[("rest", "floor", hi)]["p50"],
            "grpc_floor_ratio": grpc_["p50"] / r[("grpc", "floor", hi)]["p50"]}


def fmt(d: dict[str, float]) -> str:
    return " ".join(f"{k}={v:.2f}" for k, v in d.items())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=4.0, help="load per measurement")
    ap.add_argument("--repeat", type=int, default=5,
                    help="runs of each measurement (the median of each figure is reported)")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--threads", type=int, default=4)
    ap.add_argument("--concurrency", type=int, default=32, help="the high concurrency")
    ap.add_argument("--check-issued", default="always", choices=("always", "unproven"),
                    help="the referee's check of the states it issues (and the engine floor's)")
    a = ap.parse_args()
    missing = [t for t in ("wrk", "h2load") if shutil.which(t) is None]
    if missing:
        print(f"bench/service.py needs {' and '.join(missing)} (Debian/Ubuntu: apt-get install "
              "wrk nghttp2-client)", file=sys.stderr)
        return 2

    from ct_referee_client import GrpcTransport, RestTransport, Client, to_move
    from ct_referee_proto.v1 import referee_pb2 as pb
    from engine.serial import from_trusted_json
    from service.core import engine_fingerprint
    from service.rest import to_json_body
    from service.trust import Trust

    hi, secs = a.concurrency, a.seconds
    doc, move = mid_game_request()
    req = pb.ApplyRequest(state=pb.GameState(json=doc), move=to_move(move))
    tmp = Path(tempfile.mkdtemp(prefix="ct-bench-"))
    rest_body = tmp / "apply.json"
    rest_body.write_bytes(to_json_body(req))  # the REST form: the move flat (docs/moves.md)
    raw = req.SerializeToString()
    frame = tmp / "apply.grpc"
    frame.write_bytes(b"\x00" + len(raw).to_bytes(4, "big") + raw)
    corpus = realistic_corpus()
    # as a client of a referee with a secret sends them: each state as the referee signed it
    trust = Trust(SECRET.encode(), fingerprint=engine_fingerprint())
    bodies: dict[str, tuple[Path, list[bytes]]] = {}
    for kind, state in (("signed", trust.issue), ("unsigned", lambda d: pb.GameState(json=d))):
        reqs = [pb.ApplyRequest(state=state(d), move=to_move(m)) for d, m in corpus]
        path = tmp / f"corpus-{kind}.jsonl"
        path.write_bytes(b"".join(to_json_body(r) + b"\n" for r in reqs))  # the REST form
        bodies[kind] = path, [r.SerializeToString() for r in reqs]
    roundtrip_us = state_roundtrip([d for d, _ in corpus])
    trusted_us = state_roundtrip([d for d, _ in corpus], from_trusted_json)
    print(f"machine: {os.cpu_count()} CPUs, Python {sys.version.split()[0]}; servers: "
          f"{a.workers} workers x {a.threads} threads, embedded cache; {secs:g} s per run, "
          f"median of {a.repeat} runs; "
          f"load: wrk (REST), h2load (gRPC)", flush=True)
    print(f"mid-game state: {len(doc)} bytes of JSON; Apply request {rest_body.stat().st_size} "
          f"bytes (REST) / {len(raw)} bytes (gRPC); engine work of the uncached Apply, "
          f"in-process: {engine_work(doc, move, 200):.2f} ms", flush=True)
    print(f"realistic corpus: {len(corpus)} distinct Apply requests (short, medium, full), "
          f"{statistics.mean(len(d) for d, _ in corpus):.0f} bytes of state JSON on average; "
          f"in-process state round trip (parse + validate + write) p50 {roundtrip_us:.1f} us; "
          f"of a state signed by this engine build (parse + build + write) {trusted_us:.1f} us",
          flush=True)

    py = sys.executable
    serve = [py, "-m", "ct_referee_cli", "serve", "--host", "127.0.0.1", "--http-port", "0",
             "--grpc-port", "0", "--workers", str(a.workers), "--threads", str(a.threads),
             "--no-seal", "--check-issued", a.check_issued]
    uncached = ["--cache-size", "0", "--response-cache-mb", "0", "--state-cache-mb", "0"]
    servers = {"hit": spawn(serve),
               "miss": spawn(serve + uncached),
               "real": spawn(serve + uncached + ["--secret", SECRET]),
               "floor": spawn([py, str(ROOT / "bench" / "floor.py"), "--workers", str(a.workers),
                               "--threads", str(a.threads), "--check-issued", a.check_issued])}
    try:
        for case in ("hit", "miss"):  # the exact request succeeds on both transports
            _, http, target = servers[case]
            for c in (Client(RestTransport(http)), Client(GrpcTransport(target))):
                assert c.apply(pb.GameState(json=doc), move).state.json
                c.close()
        rest_c = Client(RestTransport(servers["real"][1]))
        for d, m in corpus:  # every request of the corpus is a legal Apply
            assert rest_c.apply(trust.issue(d), m).state.json
        rest_c.close()
        runs: dict[tuple[str, str, int], list[dict[str, float]]] = {}
        for _ in range(a.repeat):  # interleaved, so that a slow spell of the machine hits all
            for conc in (1, hi):
                for case in ("hit", "miss", "floor"):
                    proc, http, target = servers[case]
                    path, method = ("/echo", ECHO_METHOD) if case == "floor" else ("/v1/apply", APPLY)
                    runs.setdefault(("rest", case, conc), []).append(measured(
                        proc.pid, lambda: wrk(http + path, rest_body, conc, secs, tmp)))
                    runs.setdefault(("grpc", case, conc), []).append(measured(
                        proc.pid, lambda: h2load(target, method, frame, conc, secs, tmp)))
            for conc in (1, hi):
                for label, case, kind in (("realfloor", "floor", "signed"),
                                          ("engine", "floor", "signed"),
                                          ("realistic", "real", "signed"),
                                          ("unsigned", "miss", "unsigned")):
                    proc, http, target = servers[case]
                    path, method = (("/engine", ENGINE_METHOD) if label == "engine" else
                                    ("/echo", ECHO_METHOD) if case == "floor" else ("/v1/apply", APPLY))
                    runs.setdefault(("rest", label, conc), []).append(measured(
                        proc.pid, lambda: wrk_corpus(http + path, bodies[kind][0], conc, secs,
                                                     tmp)))
                    runs.setdefault(("grpc", label, conc), []).append(measured(
                        proc.pid, lambda: grpc_load(target, method, bodies[kind][1], conc, secs)))
        results = {k: {m: statistics.median(r[m] for r in rs)
                       for m in ("p50", "p99", "rps", "srv_cpu", "gen_cpu")}
                   for k, rs in runs.items()}
        print(f"\n{'transport':<9} {'case':<9} {'conc':>4} {'p50 ms':>8} {'p99 ms':>8} "
              f"{'req/s':>8} {'server CPU ms/req':>18} {'client CPU':>10}")
        for (t, case, conc), r in sorted(results.items()):
            gen = f"{r['gen_cpu']:>10.3f}" if t == "grpc" and case in (
                "realfloor", "engine", "realistic", "unsigned") else f"{'(C)':>10}"
            print(f"{t:<9} {case:<9} {conc:>4} {r['p50']:>8.2f} {r['p99']:>8.2f} {r['rps']:>8.0f}"
                  f" {r['srv_cpu']:>18.3f} {gen}")
        load = os.getloadavg()
        print(f"(server CPU: user + system time of the server's processes over the requests they"
              f" answered; client CPU: the Python gRPC load client's, on the same cores; load"
              f" average after the runs {load[0]:.2f} {load[1]:.2f} {load[2]:.2f})")
        seq_on, seq_off = (sequential_play(servers[c][1]) for c in ("hit", "miss"))
        print(f"\nsequential play (REST Apply on the state the last answer returned, concurrency "
              f"1): p50 {seq_on:.2f} ms with the caches (the state tier skips parsing), "
              f"{seq_off:.2f} ms without")
        bodies = decision_points(servers["miss"][1])
        miss_ms, hit_ms = bot_speedup(servers["hit"][1], bodies)
        print(f"bot Decide over {len(bodies)} FLN decision points (REST, concurrency 1): "
              f"uncached p50 {miss_ms:.2f} ms, cached p50 {hit_ms:.2f} ms")
    finally:
        for p, _, _ in servers.values():
            p.terminate()
            p.wait(15)
        shutil.rmtree(tmp, ignore_errors=True)

    for case, floor in (("hit", "floor"), ("miss", "floor"), ("realistic", "realfloor"),
                        ("unsigned", "realfloor"), ("engine", "realfloor")):
        c1 = {t: results[(t, case, 1)]["p50"] / results[(t, floor, 1)]["p50"]
              for t in ("rest", "grpc")}
        print(f"{case} at concurrency 1: REST p50 {results[('rest', case, 1)]['p50']:.2f} ms "
              f"({c1['rest']:.2f}x floor), gRPC p50 {results[('grpc', case, 1)]['p50']:.2f} ms "
              f"({c1['grpc']:.2f}x floor)")
    hit, miss = line(results, "hit", hi), line(results, "miss", hi)
    speedup = miss_ms / hit_ms
    print("\ntargets at concurrency", hi)
    for label, key, bound in TARGETS:
        print(f"  {label:<22} <= {bound:<5g} cached {hit[key]:>7.2f} "
              f"{'met' if hit[key] <= bound else 'MISSED':<7} uncached {miss[key]:>7.2f} "
              f"{'met' if miss[key] <= bound else 'MISSED'}")
    verdict = "met" if speedup >= 5 else "MISSED"
    print(f"  {'bot cache speedup':<22} >= 5     {speedup:>14.1f} {verdict}")
    real = {t: results[(t, "realistic", hi)]["p50"] for t in ("rest", "grpc")}
    real_ratio = {t: real[t] / results[(t, "realfloor", hi)]["p50"] for t in ("rest", "grpc")}
    c1 = {t: results[(t, "realistic", 1)]["p50"] / results[(t, "realfloor", 1)]["p50"]
          for t in ("rest", "grpc")}
    for t in ("rest", "grpc"):
        for label, value in ((f"realistic {t} / floor at {hi}", real_ratio[t]),
                             (f"realistic {t} / floor at 1", c1[t])):
            print(f"  {label:<28} <= 2     {value:>8.2f} {'met' if value <= 2 else 'MISSED'}")
    unsigned = {t: results[(t, "unsigned", hi)]["p50"] / results[(t, "realfloor", hi)]["p50"]
                for t in ("rest", "grpc")}
    print(f"  (realistic, unsigned states: REST {unsigned['rest']:.2f}, gRPC "
          f"{unsigned['grpc']:.2f} x floor at {hi})")
    eng = {t: results[(t, "engine", hi)]["p50"] / results[(t, "realfloor", hi)]["p50"]
           for t in ("rest", "grpc")}
    print(f"  (the engine's work alone, served the echo's way: REST {eng['rest']:.2f}, gRPC "
          f"{eng['grpc']:.2f} x floor at {hi}; check of issued states: {a.check_issued})")
    print(f"  {'state round trip (us)':<28} <= 100   {roundtrip_us:>8.1f} "
          f"{'met' if roundtrip_us <= 100 else 'MISSED'} "
          f"(signed by this build: {trusted_us:.1f})")
    cores = os.cpu_count() or 1
    for t in ("rest", "grpc"):
        r, f = results[(t, "realistic", hi)], results[(t, "realfloor", hi)]
        e = results[(t, "engine", hi)]
        print(f"where realistic {t} Apply's time goes at {hi}: server CPU {r['srv_cpu']:.3f} ms a "
              f"request against the echo's {f['srv_cpu']:.3f} ms ({r['srv_cpu'] / f['srv_cpu']:.1f}"
              f"x) and the engine floor's {e['srv_cpu']:.3f} ms; {hi} requests in flight on "
              f"{cores} cores wait for about {hi * r['srv_cpu'] / cores:.1f} ms of server CPU "
              f"(p50 {r['p50']:.1f} ms)")
    print(f"uncached: {fmt(miss)}")
    print(f"{fmt(hit)} bot_cache_speedup={speedup:.1f}")
    print(f"realistic_rest_ratio={real_ratio['rest']:.2f} "
          f"realistic_grpc_ratio={real_ratio['grpc']:.2f} "
          f"realistic_rest_p50_ms={real['rest']:.2f} realistic_grpc_p50_ms={real['grpc']:.2f} "
          f"cached_rest_ratio={hit['rest_floor_ratio']:.2f} "
          f"cached_grpc_ratio={hit['grpc_floor_ratio']:.2f} "
          f"state_roundtrip_us_p50={roundtrip_us:.1f} bot_cache_speedup={speedup:.1f}"
          f" compiled={'yes' if referee_core.compiled() else 'no'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
