"""The first cache tier: whole encoded responses, by the encoded request.

Every operation of the contract is deterministic, so a request whose bytes were answered before
(by this process, on the same transport and operation) gets the same bytes again without being
decoded, run or encoded. Only successful answers are kept. The tier is in-process (so everything
else that decides the answer, the engine, the secret and the modes, is fixed for it) and bounded
by the total size of the requests and responses it holds; behind it the result cache (``cache``:
Redis or the in-process LRU) still serves the same request in another encoding, or from another
replica. The request bytes themselves are the key: a dict hashes them faster than a digest would.
"""

from __future__ import annotations

from .cache import NullStats, SizedLRU, Stats

Key = tuple[str, str, bytes]  # (encoding, operation, request bytes)


class ResponseCache:
    def __init__(self, max_bytes: int, stats: Stats | None = None) -> None:
        self.stats = stats or NullStats()
        self._lru: SizedLRU[Key, bytes] = SizedLRU(
            max_bytes, lambda key, body: len(key[2]) + len(body), largest=8)

    @property
    def size(self) -> int:
        return self._lru.total

    def get(self, key: Key) -> bytes | None:
        body = self._lru.get(key)
        if body is not None:
            self.stats.cache_event("response_hit")
        return body

    def put(self, key: Key, body: bytes) -> None:
        self._lru.put(key, body)

    def __len__(self) -> int:
        return len(self._lru)
