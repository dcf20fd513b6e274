"""The cache backends on their own: LRU eviction, and a Redis that is not there at all."""

from __future__ import annotations

from service.cache import LocalCache, RedisCache
from service.metrics import Metrics


def test_lru_evicts_the_least_recently_used() -> None:
    m = Metrics()
    c = LocalCache(size=2, stats=m)
    c.set("a", {"v": 1})
    c.set("b", {"v": 2})
    assert c.get("a") == {"v": 1}  # a is now the most recent
    c.set("c", {"v": 3})
    assert c.get("b") is None and c.get("a") == {"v": 1} and c.get("c") == {"v": 3}
    assert m.cache_hits._value.get() == 3 and m.cache_misses._value.get() == 1
    off = LocalCache(size=0)
    off.set("a", {"v": 1})
    assert off.get("a") is None


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
