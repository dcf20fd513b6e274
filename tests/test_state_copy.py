"""State.fork shares each space's data and the cards with the fork until one of them writes them
(State.space_w, State.cards_w): copy-on-write must never let a move change the state it was
applied to, nor a sibling state; State.copy stays independent."""

from __future__ import annotations

import random

import pytest

import engine
from tests.helpers import position


def test_a_copy_is_independent() -> None:
    s = position(spaces={"Medea": {"ug": 2}})
    c = s.copy()
    c.spaces["Medea"]["pieces"]["guerrillas_underground"] = 0
    c.cards["played"].append(1)
    assert s.spaces["Medea"]["pieces"]["guerrillas_underground"] == 2
    assert 1 not in s.cards["played"]


def test_a_fork_shares_spaces_until_either_side_writes() -> None:
    s = position(spaces={"Medea": {"ug": 2}})
    c = s.fork()
    assert c.spaces["Medea"] is s.spaces["Medea"]
    c.space_w("Medea")["pieces"]["guerrillas_underground"] -= 1
    assert s.spaces["Medea"]["pieces"]["guerrillas_underground"] == 2
    assert c.spaces["Medea"]["pieces"]["guerrillas_underground"] == 1
    # the original, copied before, no longer owns its space either: its write leaves the copy alone
    s.space_w("Bougie")["support"] = "oppose"
    assert c.spaces["Bougie"]["support"] == "neutral"
    d = c.fork()
    d.space_w("Medea")["terror"] = 1
    assert c.spaces["Medea"]["terror"] == 0


def test_a_fork_shares_the_cards_until_either_side_writes_them() -> None:
    s = position()
    c = s.fork()
    assert c.cards is s.cards
    c.cards_w()["played"].append(1)
    assert 1 not in s.cards["played"] and c.cards["played"][-1] == 1
    s.cards_w()["capabilities"]["13"] = "unshaded"
    assert "13" not in c.cards["capabilities"]


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_random_games_never_change_the_state_a_move_was_applied_to(scenario: str) -> None:
    """Every move of seeded random games, and a second move tried from the same state: the state
    moved from keeps its text (Propaganda resets, Events, Redeploy, Resettle, Terror all write
    spaces; card draws, Events and Pivotal Events the cards)."""
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
