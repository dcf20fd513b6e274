"""The cache backends on their own: LRU eviction, and a Redis that is not there at all."""

from __future__ import annotations

from service.cache import LocalCache, RedisCache
from service.metrics import Metrics
from service.responses import ResponseCache


def test_lru_evicts_the_least_recently_used() -> None:
    m = Metrics()
    c = LocalCache(size=2, stats=m)
    c.set("a", {"v": 1})
    c.set("b", {"v": 2})
    assert c.get("a") == {"v": 1}  # a is now the most recent
    c.set("c", {"v": 3})
    assert c.get("b") is None and c.get("a") == {"v": 1} and c.get("c") == {"v": 3}
    assert m.cache_hits.labels("result")._value.get() == 3 and m.cache_misses._value.get() == 1
    off = LocalCache(size=0)
    off.set("a", {"v": 1})
    assert off.get("a") is None


def test_response_tier_is_bounded_by_size() -> None:
    m = Metrics()
    r = ResponseCache(max_bytes=800, stats=m)

    def k(name: str) -> tuple[str, str, bytes]:  # a request of 10 bytes
        return ("json", "apply", name.encode().ljust(10))
    r.put(k("a"), b"x" * 90)  # 100 bytes with its request
    r.put(k("b"), b"y" * 90)
    r.put(k("huge"), b"z" * 91)  # more than an eighth of the tier: never kept
    assert r.get(k("a")) == b"x" * 90 and r.get(k("huge")) is None
    assert r.get(("proto", "apply", k("a")[2])) is None  # another encoding
    assert r.get(("json", "validate", k("a")[2])) is None  # another operation
    for i in range(7):  # 900 bytes: the least recently used goes ("b": "a" was just read)
        r.put(k(str(i)), b"w" * 90)
    assert r.get(k("b")) is None and r.size == 800 and len(r) == 8
    r.put(k("last"), b"v" * 90)  # then "a"
    assert r.get(k("a")) is None and r.size == 800 and len(r) == 8
    assert m.cache_hits.labels("response")._value.get() == 1  # the one read of "a"
    off = ResponseCache(max_bytes=0)
    off.put(k("a"), b"")
    assert off.get(k("a")) is None


def test_redis_that_is_not_there_degrades_without_failing() -> None:
    m = Metrics()
    c = RedisCache("redis://127.0.0.1:1/0", timeout=0.05, retry=60, stats=m)
    assert c.get("k") is None  # fails, counts an error, never raises
    c.set("k", {"v": 1})
    assert c.get("k") is None  # skipped while degraded (no waiting on a dead server)
    assert m.cache_errors._value.get() == 1 and m.cache_bypassed._value.get() == 1
    assert c.status()["status"] == "degraded"


def test_redis_round_trip(redis_url: str) -> None:
    c = RedisCache(redis_url)
    c.set("unit-test-key", {"v": [1, "x", None]})
    assert c.get("unit-test-key") == {"v": [1, "x", None]}
    assert c.status()["status"] == "ok"
