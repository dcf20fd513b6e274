"""Seeded traces of whole games through the decision machine, hashed: the regression check of
tests/test_machine_trace.py (``python -m tests.machine_trace`` prints the digests).

A trace records, decision by decision, everything a client sees of the machine: the actor, the
prompt, the legal moves, the move chosen, the log it gave, and what an illegal move and a malformed
one are told (exception type, field, reason, rule). Every few decisions the state goes through its
canonical text and back, so the checks the machine runs on states read from untrusted text
(frames whose data is not proven) are part of the trace too. The last state's canonical text ends
it. Any change in what the machine does for the game changes its digest.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Callable

import algeria
import engine
from referee_core.errors import EngineError

# (game, scenario, seed, chance mode, decisions at most). Colonial Twilight only: Algeria's rules
# are still growing (``trace`` takes "algeria" too, to compare two versions by hand).
CASES: tuple[tuple[str, str, int, str, int], ...] = (
    ("ct", "short", 1, "managed", 5000),
    ("ct", "short", 2, "managed", 5000),
    ("ct", "medium", 3, "managed", 1500),
    ("ct", "short", 4, "external", 1500),
    ("ct", "full", 5, "external", 800),
    ("ct", "short", 6, "managed", 5000),
    ("ct", "medium", 7, "external", 5000),
    ("ct", "full", 8, "managed", 1500),
)

ROUNDTRIP_EVERY = 7
BAD_MOVES: tuple[Any, ...] = (
    {"t": "pick", "value": "Nowhere"},
    {"t": "space", "space": "Algeirs"},
    {"t": "roll", "value": 7},
    {"t": "done", "x": 1.5},
    "pass",
)


def _error(e: Exception) -> list[Any]:
    return [type(e).__name__, getattr(e, "field", None), getattr(e, "reason", str(e)),
            getattr(e, "rule", None), getattr(e, "index", None)]


def trace(game: str, scenario: str, seed: int, chance: str, limit: int) -> str:
    """The sha256 of one seeded game's trace."""
    g: Any = engine if game == "ct" else algeria
    s: Any
    if game == "ct":
        s = engine.new_game(scenario, seed, {"chance": chance})
        prompt: Callable[[Any], str] = engine.prompt
    else:
        s = algeria.new_game(scenario, seed, {"chance": chance})
        prompt = algeria.prompt
    chooser = random.Random(seed)
    h = hashlib.sha256()

    def put(x: Any) -> None:
        h.update(json.dumps(x, sort_keys=True, default=repr).encode())
        h.update(b"\n")

    n = 0
    while g.to_move(s) is not None and n < limit:
        moves = g.legal_moves(s)
        put([g.to_move(s), prompt(s), moves])
        if not moves:
            break
        for bad in BAD_MOVES + (dict(moves[-1], value=10**6), dict(moves[0], t="nosuch")):
            try:
                g.apply(s, bad)
                put(["accepted", bad])
            except EngineError as e:
                put(_error(e))
        m = chooser.choice(moves)
        if n % ROUNDTRIP_EVERY == 3:  # a turn whose second move is malformed
            try:
                g.apply_all(s, [m, {"t": "done", "value": [1]}])
            except EngineError as e:
                put(_error(e))
        s, log = g.apply(s, m)
        put([m, log])
        n += 1
        if n % ROUNDTRIP_EVERY == 0:
            s = g.from_json(g.to_json(s))
    put(g.to_json(s))
    return h.hexdigest()


def digests() -> dict[str, str]:
    return {"/".join(map(str, c)): trace(*c) for c in CASES}


if __name__ == "__main__":
    print(json.dumps(digests(), indent=1))
