"""Anti-fork mode (docs/trust.md): one successor per (game, sequence), kept in Redis.

Every state a referee with a secret issues carries its game id and sequence number (signed). In
anti-fork mode, before an Apply or Decide answer is issued, the digest of the state it leads to is
claimed in Redis under (game id, sequence of the state it was given) with ``SET NX``: the first
successor of a state wins; the same successor again (a retried request, another replica answering
the same request) is accepted; a different one is refused with ``forked_state``. So a game cannot
branch: a client cannot try a move, look at what follows, and go back to try another.

Unlike the cache, the registry is not optional: while Redis cannot be reached, requests that
would issue a successor fail with ``unavailable`` (503 / UNAVAILABLE, safe to retry) rather
than let a fork through.
"""

from __future__ import annotations

import hashlib

import redis

from .errors import ServiceError
from .trust import GameRef


class Successors:
    PREFIX = "ct-referee:successor:"

    def __init__(self, url: str, ttl: int, timeout: float = 0.2) -> None:
        self.ttl = ttl
        self._client = redis.Redis.from_url(url, socket_timeout=timeout,
                                            socket_connect_timeout=timeout)

    def claim(self, game: GameRef, successor: bytes) -> None:
        """Record ``successor`` (the issued state's content) as the one successor of the state
        ``game`` names; ``forked_state`` if that state already has a different one."""
        if not game.game_id:
            raise ServiceError("forked_state", "anti-fork mode: the state belongs to no game of"
                               " this referee (no game id)", field="state.game_id")
        key = f"{self.PREFIX}{game.game_id}:{game.sequence}"
        digest = hashlib.sha256(successor).hexdigest()
        try:
            if self._client.set(key, digest, nx=True, ex=self.ttl):
                return
            held = self._client.get(key)
        except Exception:  # noqa: BLE001 - any failure of the registry: fail closed
            raise ServiceError("unavailable", "anti-fork mode: the game registry (Redis) cannot"
                               " be reached; try again") from None
        if held is not None and (held.decode() if isinstance(held, bytes) else held) != digest:
            raise ServiceError("forked_state", f"state {game.sequence} of game {game.game_id}"
                               " already has a different successor: a game cannot branch",
                               field="state")

    def close(self) -> None:
        self._client.close()
