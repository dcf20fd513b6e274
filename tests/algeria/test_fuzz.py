"""The Algeria mutation fuzzer (algeria.fuzz), a bounded run: mutated states are accepted or
refused by ``from_json`` with StateError, and every move of an accepted state gives a state that
``from_json`` accepts or raises StateError (the long run: python -m algeria.fuzz --cases 20000)."""

from __future__ import annotations

import json

from algeria import fuzz


def test_mutated_states_never_crash_or_produce_invalid_states() -> None:
    states = fuzz.corpus(2, per_game=5, decisions=300)
    assert {json.loads(t)["scenario"] for t in states} == {"1954", "1958", "1960"}
    res = fuzz.run(600, 2, states)
    assert res.defects == []
    assert res.cases == 600 and res.accepted > 150 and res.moves > 1000
