"""The first cache tier: whole encoded responses, by a hash of the encoded request.

Every operation of the contract is deterministic, so a request whose bytes were answered before
(by this process, on the same transport) gets the same bytes again without being decoded, run or
encoded. Only successful answers are kept. The tier is in-process and bounded by the total size
of what it holds; behind it the result cache (``cache``: Redis or the in-process LRU) still
serves the same request in another encoding, or from another replica.
"""

from __future__ import annotations

import threading
from collections import OrderedDict

from .cache import NullStats, Stats


class ResponseCache:
    def __init__(self, max_bytes: int, stats: Stats | None = None) -> None:
        self.max_bytes = max_bytes
        self.stats = stats or NullStats()
        self.size = 0
        self._data: OrderedDict[bytes, bytes] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: bytes) -> bytes | None:
        with self._lock:
            body = self._data.get(key)
            if body is not None:
                self._data.move_to_end(key)
        if body is not None:
            self.stats.cache_event("response_hit")
        return body

    def put(self, key: bytes, body: bytes) -> None:
        if self.max_bytes <= 0 or len(body) > self.max_bytes // 8:
            return
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self.size -= len(old)
            self._data[key] = body
            self.size += len(body)
            while self.size > self.max_bytes:
                _, dropped = self._data.popitem(last=False)
                self.size -= len(dropped)

    def __len__(self) -> int:
        return len(self._data)
