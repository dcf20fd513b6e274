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

import threading
from collections import OrderedDict

from .cache import NullStats, Stats

Key = tuple[str, str, bytes]  # (encoding, operation, request bytes)


class ResponseCache:
    def __init__(self, max_bytes: int, stats: Stats | None = None) -> None:
        self.max_bytes = max_bytes
        self.stats = stats or NullStats()
        self.size = 0
        self._data: OrderedDict[Key, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Key) -> bytes | None:
        if self.max_bytes <= 0:
            return None
        with self._lock:
            body = self._data.get(key)
            if body is not None:
                self._data.move_to_end(key)
        if body is not None:
            self.stats.cache_event("response_hit")
        return body

    def put(self, key: Key, body: bytes) -> None:
        cost = len(key[2]) + len(body)
        if self.max_bytes <= 0 or cost > self.max_bytes // 8:
            return
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.size -= len(key[2]) + len(old)
            self._data[key] = body
            self.size += cost
            while self.size > self.max_bytes:
                (_, _, raw), dropped = self._data.popitem(last=False)
                self.size -= len(raw) + len(dropped)

    def __len__(self) -> int:
        return len(self._data)
