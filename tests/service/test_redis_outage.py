"""Redis killed mid-run then restarted: no request fails, /readyz reports the cache degraded and
then ok again, and the cache works again after the reconnection."""

from __future__ import annotations

import json
import time
import urllib.request

import redis

from ct_referee_client import RestTransport
from service.config import Config

from .conftest import RedisProc, start_servers


def ready(http: str) -> dict[str, object]:
    with urllib.request.urlopen(http + "/readyz") as r:
        assert r.status == 200
        return json.loads(r.read())  # type: ignore[no-any-return]


def metric(http: str, name: str) -> float:
    """The value of one sample of /metrics (0 when it is not there yet)."""
    with urllib.request.urlopen(http + "/metrics") as r:
        for ln in r.read().decode().splitlines():
            if ln.startswith(name + " "):
                return float(ln.split()[-1])
    return 0.0


def redis_keys(proc: RedisProc) -> int:
    client = redis.Redis.from_url(proc.url)
    try:
        return len(client.keys("ct-referee:*"))
    finally:
        client.close()


def test_redis_killed_then_restarted() -> None:
    redis = RedisProc()
    redis.start()
    # no in-process response cache: a hit can then only come from Redis
    s = start_servers(Config(redis_url=redis.url, redis_retry=0.2, redis_timeout=0.2,
                             response_cache_mb=0))
    rest, grpc = s.rest_client(), s.grpc_client()
    try:
        g = rest.new_game("short", 31)
        state, moves = g.state, list(g.legal_moves)
        assert ready(s.http)["status"] == "ok"

        def play(n: int) -> None:
            nonlocal state, moves
            for i in range(n):
                c = rest if i % 2 else grpc
                r = c.apply(state, moves[-1])  # must never fail
                c.legal_moves(state)
                if r.legal_moves:
                    state, moves = r.state, list(r.legal_moves)

        play(4)
        redis.stop()  # Redis disappears mid-run
        play(6)
        st = ready(s.http)
        cache = st["cache"]
        assert st["status"] == "degraded"
        assert isinstance(cache, dict) and cache["status"] == "degraded"
        redis.start()  # and comes back (empty)
        deadline = time.monotonic() + 10
        while ready(s.http)["status"] != "ok":
            assert time.monotonic() < deadline, "the service did not reconnect to Redis"
            time.sleep(0.1)
        play(4)
        assert redis_keys(redis) > 0  # results are stored in the restarted Redis
        hits = metric(s.http, 'ct_referee_cache_hits_total{tier="result"}')
        assert isinstance(rest.transport, RestTransport)
        rest.legal_moves(state, "fln")
        assert rest.transport.last_headers["x-cache"] == "miss"
        rest.legal_moves(state, "fln")
        assert rest.transport.last_headers["x-cache"] == "hit"  # the cache works again
        assert metric(s.http, 'ct_referee_cache_hits_total{tier="result"}') == hits + 1
        assert metric(s.http, 'ct_referee_cache_hits_total{tier="response"}') == 0
        with urllib.request.urlopen(s.http + "/metrics") as r:
            text = r.read().decode()
        errors = [ln for ln in text.splitlines() if ln.startswith("ct_referee_cache_errors_total")]
        assert errors and float(errors[0].split()[-1]) >= 1
        failed = [ln for ln in text.splitlines() if ln.startswith("ct_referee_requests_total")
                  and 'code="ok"' not in ln]
        assert failed == []
    finally:
        rest.close()
        grpc.close()
        s._stop()
        redis.stop()


def test_redis_killed_under_load_fails_no_cache_call() -> None:
    """16 threads storing and looking up as fast as they can while Redis is killed and restarted
    four times: no call of the cache raises (a failure is a miss), and the cache is ok again at
    the end. (Closing the connection pool on a failure, as the cache once did, pulled sockets
    from under other threads: ~100 of ~30,000 calls raised ``ValueError`` here.)"""
    import threading

    from service.cache import RedisCache

    proc = RedisProc()
    proc.start()
    cache = RedisCache(proc.url, timeout=0.2, retry=0.0)  # retry at once: the most reconnects
    errors: list[str] = []
    calls = [0] * 16
    stop = threading.Event()

    def work(i: int) -> None:
        k = 0
        while not stop.is_set():
            k += 1
            try:
                cache.set(f"t{i}-{k % 50}", {"v": k})
                cache.get(f"t{i}-{k % 50}")
            except Exception as e:  # noqa: BLE001 - what the test counts
                errors.append(repr(e))
            calls[i] += 2

    threads = [threading.Thread(target=work, args=(i,)) for i in range(16)]
    try:
        for t in threads:
            t.start()
        for _ in range(4):
            time.sleep(0.5)
            proc.stop()
            time.sleep(0.3)
            proc.start()
        time.sleep(0.3)
    finally:
        stop.set()
        for t in threads:
            t.join()
    try:
        assert sum(calls) > 5000
        assert errors == []
        assert cache.status()["status"] == "ok"
        cache.set("after", {"v": 1})
        assert cache.get("after") == {"v": 1}
    finally:
        cache.close()
        proc.stop()
