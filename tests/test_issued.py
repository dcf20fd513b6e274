"""engine.validate.check_issued: an engine-made state checked without writing and parsing its
text gives exactly the State ``from_json(to_json(s))`` gives, and the same verdict."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.validate import check_issued
from tests.helpers import shape


@pytest.mark.parametrize("scenario,options", [("short", {}), ("medium", {"deception": True}),
                                              ("full", {"chance": "external"})])
def test_checked_in_memory_as_read_from_text(scenario: str, options: dict[str, Any]) -> None:
    rnd = random.Random(5)
    # read from text, so that its successors are held to the validator where frame data is
    # unproven (machine.apply), which marks them checked: both ways of check_issued are taken
    s = engine.from_json(engine.to_json(engine.new_game(scenario, 5, options)))
    ways = set()
    for _ in range(150):
        if engine.to_move(s) is None:
            break
        ways.add(s._checked)
        a, b = check_issued(s), engine.from_json(engine.to_json(s))
        assert shape(a.to_data()) == shape(b.to_data())
        assert engine.legal_moves(a) == engine.legal_moves(b)
        assert engine.to_json(a) == engine.to_json(s)
        s, _ = engine.apply(s, rnd.choice(engine.legal_moves(s)))
    assert True in ways and False in ways


def test_an_invalid_state_is_rejected_naming_its_field() -> None:
    s = engine.new_game("short", 2, {}).copy()
    s.commitment = 51
    with pytest.raises(engine.StateError) as e:
        check_issued(s)
    assert (e.value.field, e.value.rule) == ("commitment", "1.8")
    s = engine.new_game("short", 2, {}).copy()
    s.pending[-1][3] = "x"  # a key JSON cannot carry
    with pytest.raises(engine.StateError) as e:
        check_issued(s)
    assert e.value.field.startswith("pending[")
