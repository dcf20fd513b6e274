"""The result cache: deterministic results keyed by a hash of the state, the request and the
engine version.

* ``LocalCache`` – the embedded default: an in-process LRU (thread-safe).
* ``RedisCache`` – redis-py. A Redis failure never fails a request: any exception of a lookup or a
  store (whatever its type) counts as an error, the cache reports itself ``degraded`` and stops
  calling Redis for ``retry`` seconds; the next attempt after that reconnects (redis-py drops the
  connection that failed and its pool opens a fresh one), and the cache is ``ok`` again as soon as
  a command succeeds. The pool itself is never closed while the cache serves: other threads may be
  using its connections at that moment (closing them under a thread's feet raised ``ValueError: I/O
  operation on closed file``, which no ``RedisError`` handler catches).
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import OrderedDict
from typing import Any, Callable, Generic, Hashable, Protocol, TypeVar

import redis

log = logging.getLogger("ct_referee.cache")


class Stats(Protocol):
    def cache_event(self, kind: str) -> None: ...


Record = dict[str, Any]  # a JSON-compatible result, never mutated once cached


class Cache(Protocol):
    backend: str

    def get(self, key: str) -> Record | None: ...
    def set(self, key: str, value: Record) -> None: ...
    def status(self) -> dict[str, object]: ...
    def close(self) -> None: ...


class NullStats:
    def cache_event(self, kind: str) -> None:
        pass


class Codec(Protocol):
    """How records are stored in Redis (``trust.Trust``: sealed to their key with a secret)."""

    def seal_record(self, key: str, data: bytes) -> bytes: ...
    def open_record(self, key: str, stored: bytes) -> bytes | None: ...


class PlainRecords:
    """Records stored as they are (no secret)."""

    def seal_record(self, key: str, data: bytes) -> bytes:
        return data

    def open_record(self, key: str, stored: bytes) -> bytes | None:
        return stored


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class SizedLRU(Generic[K, V]):
    """A thread-safe least-recently-used map bounded by the total ``cost(key, value)`` of its
    entries (``max_cost`` <= 0 keeps nothing). An entry costing more than ``max_cost //
    largest`` is not kept, so one huge entry cannot flush all the others."""

    def __init__(self, max_cost: int, cost: Callable[[K, V], int], largest: int = 1) -> None:
        self.max_cost = max_cost
        self.cost = cost
        self.largest = largest
        self.total = 0
        self._data: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        if self.max_cost <= 0:
            return None
        with self._lock:
            hit = self._data.get(key)
            if hit is None:
                return None
            self._data.move_to_end(key)
        return hit[0]

    def put(self, key: K, value: V) -> None:
        if self.max_cost <= 0:
            return
        c = self.cost(key, value)
        if c > self.max_cost // self.largest:
            return
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.total -= old[1]
            self._data[key] = (value, c)
            self.total += c
            while self.total > self.max_cost:
                _, (_, dropped) = self._data.popitem(last=False)
                self.total -= dropped

    def __len__(self) -> int:
        return len(self._data)


class LocalCache:
    """Keeps the records themselves (no serialization): a hit costs a dict lookup."""

    backend = "local"

    def __init__(self, size: int = 4096, stats: Stats | None = None) -> None:
        self.stats = stats or NullStats()
        self._lru: SizedLRU[str, Record] = SizedLRU(size, lambda k, v: 1)  # by count

    def get(self, key: str) -> Record | None:
        v = self._lru.get(key)
        self.stats.cache_event("hit" if v is not None else "miss")
        return v

    def set(self, key: str, value: Record) -> None:
        self._lru.put(key, value)

    def status(self) -> dict[str, object]:
        return {"backend": self.backend, "status": "ok", "entries": len(self._lru)}

    def close(self) -> None:
        pass


class RedisCache:
    backend = "redis"
    PREFIX = "ct-referee:"

    def __init__(self, url: str, ttl: int = 86400, timeout: float = 0.2, retry: float = 1.0,
                 stats: Stats | None = None, codec: Codec | None = None) -> None:
        self.ttl = ttl
        self.codec = codec or PlainRecords()
        self.retry = retry
        self.stats = stats or NullStats()
        self._client = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout, health_check_interval=0,
            retry_on_timeout=False)
        self._lock = threading.Lock()
        self._down_since: float | None = None
        self._next_try = 0.0
        self._last_error = ""

    # -- state of the connection -----------------------------------------------------------------

    def _usable(self) -> bool:
        if self._down_since is None:
            return True
        with self._lock:
            now = time.monotonic()
            if now >= self._next_try:
                self._next_try = now + self.retry  # one caller probes; others skip meanwhile
                return True
        return False

    def _failed(self, e: Exception) -> None:
        self.stats.cache_event("error")
        with self._lock:
            if self._down_since is None:
                self._down_since = time.monotonic()
                log.warning("Redis cache unavailable, serving uncached: %s", e)
            self._next_try = time.monotonic() + self.retry
            self._last_error = type(e).__name__

    def _worked(self) -> None:
        if self._down_since is not None:
            with self._lock:
                if self._down_since is not None:
                    log.warning("Redis cache is back after %.1fs",
                                time.monotonic() - self._down_since)
                self._down_since = None

    # -- cache -----------------------------------------------------------------------------------

    def get(self, key: str) -> Record | None:
        if not self._usable():
            self.stats.cache_event("bypass")
            return None
        try:
            v = self._client.get(self.PREFIX + key)
        except Exception as e:  # noqa: BLE001 - a cache failure is never the request's
            self._failed(e)
            return None
        self._worked()
        if v is None:
            self.stats.cache_event("miss")
            return None
        try:
            plain = self.codec.open_record(key, v if isinstance(v, bytes) else str(v).encode())
            if plain is None:
                raise ValueError("not a record of this referee")
            rec: Record = json.loads(plain)
        except ValueError:  # not ours, altered or damaged: recompute
            self.stats.cache_event("error")
            return None
        self.stats.cache_event("hit")
        return rec

    def set(self, key: str, value: Record) -> None:
        if not self._usable():
            return
        try:
            data = json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()
            self._client.set(self.PREFIX + key, self.codec.seal_record(key, data), ex=self.ttl)
        except Exception as e:  # noqa: BLE001 - a cache failure is never the request's
            self._failed(e)
            return
        self._worked()

    def ping(self) -> bool:
        """A readiness probe: tries Redis now (also while degraded) and updates the status."""
        try:
            self._client.ping()
        except Exception as e:  # noqa: BLE001
            self._failed(e)
            return False
        self._worked()
        return True

    def status(self) -> dict[str, object]:
        ok = self.ping() if self._down_since is None or self._usable() else False
        st: dict[str, object] = {"backend": self.backend, "status": "ok" if ok else "degraded"}
        if not ok:
            st["error"] = self._last_error
            st["down_for_s"] = round(time.monotonic() - (self._down_since or time.monotonic()), 1)
        return st

    def close(self) -> None:
        self._client.close()


def make_cache(redis_url: str | None, size: int = 4096, ttl: int = 86400, timeout: float = 0.2,
               retry: float = 1.0, stats: Stats | None = None, codec: Codec | None = None
               ) -> Cache:
    if redis_url:
        return RedisCache(redis_url, ttl=ttl, timeout=timeout, retry=retry, stats=stats,
                          codec=codec)
    return LocalCache(size, stats=stats)
