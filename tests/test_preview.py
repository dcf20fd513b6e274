"""engine.preview: each listed move's cost and certain effect, from the move applied to the
position and the two compared (docs/moves.md, "Cost and effect"). Short scenario, seed 7: the
Pivotal window declined by both, the FLN passes, the Government (2nd Eligible) operates."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.labels import move_label
from engine.preview import move_preview, move_previews

START = [{"t": "decline"}, {"t": "decline"}, {"t": "pass"}]
CASES = [
    # (moves after START, the listed move, its label, cost, effect)
    # 3.2.4: Assault removes Active Guerrillas only; Barika's one is Underground: 2 Resources
    # (3.1) for nothing, said before
    ([{"t": "op", "op": "assault", "box": "op_plus_sa"}], {"t": "space", "space": "Barika"},
     "Assault in Barika", {"resources": 2, "commitment": 0}, "removes nothing"),
    # 3.2.1: Pacify in a Train space shifts it one level toward Support for 2 Resources
    ([{"t": "op", "op": "train", "box": "op_plus_sa"}, {"t": "space", "space": "Medea"}],
     {"t": "pacify", "space": "Medea"}, "Train in Medea: Pacify",
     {"resources": 2, "commitment": 0}, "Medea: Neutral → Support"),
    # 3.2.1: Train places cubes (here from the map: none are Available in the Short scenario)
    ([{"t": "op", "op": "train", "box": "op_plus_sa"}, {"t": "space", "space": "Algiers"}],
     {"t": "place", "piece": "algerian_police", "space": "Algiers", "from": "Barika"},
     "Train in Algiers: place Algerian Police from Barika", None,
     "Barika: -1 Algerian Police; Algiers: +1 Algerian Police"),
    # a Train space selected: its cost paid (3.1); the cubes come with later moves
    ([{"t": "op", "op": "train", "box": "op_plus_sa"}], {"t": "space", "space": "Oran"},
     "Train in Oran", {"resources": 2, "commitment": 0}, None),
    # Train on the France Track (3.2.1): the track shifts
    ([{"t": "op", "op": "train", "box": "op_plus_sa"}], {"t": "space", "space": "france_track"},
     "Train on the France Track", {"resources": 2, "commitment": 0}, "France Track E → D"),
]


def _position(moves: list[dict[str, Any]]) -> engine.State:
    s = engine.new_game("short", 7, {})
    s, _ = engine.apply_all(s, START + moves)
    return s


@pytest.mark.parametrize("moves, move, label, cost, effect", CASES)
def test_cost_and_effect(moves: list[dict[str, Any]], move: dict[str, Any], label: str,
                         cost: dict[str, int] | None, effect: str | None) -> None:
    s = _position(moves)
    assert move in engine.legal_moves(s)
    assert move_label(s, move) == label
    p = move_preview(s, move) or {}
    assert p.get("cost") == cost and p.get("effect") == effect
    # the preview is what the move then does: the Resources as said, the position unchanged
    before = engine.to_json(s)
    after, _ = engine.apply(s, move)
    assert engine.to_json(s) == before
    spent = (cost or {}).get("resources", 0)
    assert s.resources["gov"] - after.resources["gov"] == spent


def test_six_assaults_that_remove_nothing_are_said_before() -> None:
    s = _position([{"t": "op", "op": "assault", "box": "op_plus_sa"}])
    ms = [m for m in engine.legal_moves(s) if m["t"] == "space"]
    previews = [move_preview(s, m) for m in ms]
    assert len(ms) >= 6
    assert all(p == {"cost": {"resources": 2, "commitment": 0}, "effect": "removes nothing"}
               for p in previews), previews


def test_choices_of_what_comes_next_have_no_preview() -> None:
    s = _position([])
    ms = engine.legal_moves(s)
    assert {m["t"] for m in ms} >= {"op", "pass", "event"}
    by_t = dict(zip((m["t"] + str(m.get("op", m.get("side", ""))) for m in ms),
                    move_previews(s, ms)))
    assert by_t["optrain"] is None and by_t["pass"] is None
    # the 2nd Eligible's Event ends the card (2.3.6): what follows (the next card) is not its own
    assert by_t["eventshaded"] is None


def test_a_move_drawing_on_chance_has_no_effect() -> None:
    """Attack (3.3.3) rolls a die: its cost is known, what it removes is not."""
    s = engine.new_game("short", 7, {})
    for _ in range(40):  # play on until the FLN may Attack
        attack = [m for m in engine.legal_moves(s) if m.get("op") == "attack"]
        if attack:
            break
        s, _ = engine.apply(s, engine.legal_moves(s)[-1])
    else:
        pytest.fail("no Attack within 40 moves: the position this test needs was not reached")
    s, _ = engine.apply(s, attack[0])
    spaces = [m for m in engine.legal_moves(s) if m["t"] == "space"]
    rolled = 0
    for m in spaces:
        after, _ = engine.apply(s, m)
        p = move_preview(s, m) or {}
        if after.rng != s.rng:
            rolled += 1
            assert "effect" not in p and p.get("cost", {}).get("resources") == 1, p  # 3.3.3
    assert rolled, "an Attack space rolls its die"
