"""The realistic corpus of the service benchmarks (issue 14): distinct Apply requests from random
games of the three scenarios (``bench/service.py``, ``bench/inprocess.py``)."""

from __future__ import annotations

from typing import Any


def realistic_corpus(per_scenario: int = 200) -> list[tuple[str, dict[str, Any]]]:
    """Distinct (state JSON, legal move) pairs from random games of the three scenarios: every
    position of seeded random games, until ``per_scenario`` of each."""
    import random

    import engine

    out: list[tuple[str, dict[str, Any]]] = []
    seen: set[str] = set()
    for scenario in ("short", "medium", "full"):
        n, seed = 0, 0
        while n < per_scenario:
            seed += 1
            rnd = random.Random(seed)
            s = engine.new_game(scenario, seed, {})
            for _ in range(150):
                ms = engine.legal_moves(s)
                if not ms or n >= per_scenario:
                    break
                doc = engine.to_json(s)
                if doc not in seen:
                    seen.add(doc)
                    out.append((doc, rnd.choice(ms)))
                    n += 1
                s, _ = engine.apply(s, rnd.choice(ms))
    random.Random(0).shuffle(out)
    return out
