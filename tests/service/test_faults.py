"""Faults under load: `ct-referee serve --workers 2` on a real Redis, played by client threads
over REST and gRPC, while Redis is killed twice (and restarted) and a worker is killed once.
Not one request may fail: a Redis failure is a cache miss, and a request the dying worker held
is sent again by the client (ct_referee_client, "Retries")."""

from __future__ import annotations

import json
import os
import random
import signal
import threading
import time
import urllib.request

from ct_referee_client import Client, GrpcTransport, RestTransport

from .conftest import RedisProc
from .test_processes import spawn, workers

THREADS = 6
WINDOW = 150  # requests answered between one fault and the next (at least 3 Redis retry periods)


def ready(http: str) -> str:
    with urllib.request.urlopen(http + "/readyz", timeout=5) as r:
        return str(json.loads(r.read())["status"])


def test_redis_killed_twice_and_a_worker_once_under_load() -> None:
    proc = RedisProc()
    proc.start()
    p, http, grpc = spawn(proc.url, "--workers", "2", "--threads", "4",
                          env_extra={"CT_REFEREE_REDIS_RETRY": "0.2"})
    stop = threading.Event()
    done = [0] * THREADS
    failures: list[str] = []
    resent = [0] * THREADS

    def play(i: int) -> None:
        rnd = random.Random(i)
        c = Client(RestTransport(http) if i % 2 else GrpcTransport(grpc))
        k = 0
        while not stop.is_set():
            k += 1
            try:
                g = c.new_game("short", 1000 * i + k)
                done[i] += 1
                state, moves = g.state, list(g.legal_moves)
                for _ in range(25):
                    if stop.is_set() or not moves:
                        break
                    c.legal_moves(state)
                    # a strict referee: this hot-seat player holds both seats
                    r = c.apply(state, rnd.choice(moves), seats=g.seats.values())
                    done[i] += 2
                    state, moves = r.state, list(r.legal_moves)
            except Exception as e:  # noqa: BLE001 - what the test counts
                failures.append(f"{type(e).__name__}: {e}")
        if isinstance(c.transport, RestTransport):
            resent[i] = c.transport.resent
        c.close()

    def played_on() -> None:
        """Wait until the players have had ``WINDOW`` more requests answered (or one failed)."""
        target, deadline = sum(done) + WINDOW, time.monotonic() + 60
        while sum(done) < target and not failures:
            assert time.monotonic() < deadline, f"{sum(done)} of {target} requests answered"
            time.sleep(0.02)

    threads = [threading.Thread(target=play, args=(i,)) for i in range(THREADS)]
    try:
        first = workers(p.pid)
        assert len(first) == 2
        for t in threads:
            t.start()
        played_on()
        proc.stop()                           # Redis, first time
        played_on()
        proc.start()
        played_on()
        os.kill(first[0], signal.SIGKILL)     # a worker, with requests in flight
        played_on()
        proc.stop()                           # Redis, second time
        played_on()
        proc.start()
        played_on()
    finally:
        stop.set()
        for t in threads:
            t.join(30)
    try:
        total = sum(done)
        print(f"fault test: {total} requests, {len(failures)} failed, {sum(resent)} REST"
              " requests sent again")
        assert failures == [], failures[:5]
        assert total > 6 * WINDOW
        now = workers(p.pid)
        assert len(now) == 2 and first[0] not in now  # the killed worker was replaced
        deadline = time.monotonic() + 10
        while ready(http) != "ok":  # and the cache is back on Redis
            assert time.monotonic() < deadline
            time.sleep(0.2)
    finally:
        p.terminate()
        p.wait(15)
        proc.stop()
