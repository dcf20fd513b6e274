"""State.copy shares each space's data with the copy until one of them writes it (State.space_w):
copy-on-write must never let a move change the state it was applied to, nor a sibling state."""

from __future__ import annotations

import random

import pytest

import engine
from tests.helpers import position


def test_a_copy_shares_spaces_until_either_side_writes() -> None:
    s = position(spaces={"Medea": {"ug": 2}})
    c = s.copy()
    assert c.spaces["Medea"] is s.spaces["Medea"]
    c.space_w("Medea")["pieces"]["guerrillas_underground"] -= 1
    assert s.spaces["Medea"]["pieces"]["guerrillas_underground"] == 2
    assert c.spaces["Medea"]["pieces"]["guerrillas_underground"] == 1
    # the original, copied before, no longer owns its space either: its write leaves the copy alone
    s.space_w("Bougie")["support"] = "oppose"
    assert c.spaces["Bougie"]["support"] == "neutral"
    d = c.copy()
    d.space_w("Medea")["terror"] = 1
    assert c.spaces["Medea"]["terror"] == 0


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_random_games_never_change_the_state_a_move_was_applied_to(scenario: str) -> None:
    """Every move of seeded random games, and a second move tried from the same state: the state
    moved from keeps its text (Propaganda resets, Events, Redeploy, Resettle, Terror all write
    spaces)."""
    for seed in range(2):
        chooser = random.Random(seed)
        s = engine.new_game(scenario, seed)
        while engine.to_move(s) is not None:
            text = engine.to_json(s)
            moves = engine.legal_moves(s)
            other, _ = engine.apply(s, chooser.choice(moves))
            other_text = engine.to_json(other)
            s2, _ = engine.apply(s, chooser.choice(moves))
            assert engine.to_json(s) == text and engine.to_json(other) == other_text
            s = s2
