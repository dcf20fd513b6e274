"""The Algeria mutation fuzzer (algeria.fuzz), a bounded run: mutated states are accepted or
refused by ``from_json`` with StateError, and every move of an accepted state gives a state that
``from_json`` accepts or raises StateError: 300 cases (2,000 under ``--long``, tests/long.py; the
longest run: python -m algeria.fuzz --cases 20000)."""

from __future__ import annotations

import json

from algeria import fuzz
from tests.long import sized

CASES = sized(300, 2000)


def test_mutated_states_never_crash_or_produce_invalid_states() -> None:
    states = fuzz.corpus(2, per_game=5, decisions=300)
    assert {json.loads(t)["scenario"] for t in states} == {"1954", "1958", "1960"}
    res = fuzz.run(CASES, 2, states)
    assert res.defects == []
    # as many accepted states and moves per case as 600 cases gave (> 150 and > 1000)
    assert res.cases == CASES and res.accepted > CASES // 4 and res.moves > CASES * 5 // 3
