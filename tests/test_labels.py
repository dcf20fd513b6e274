"""engine/labels.py: every legal move and every log entry has a short English label; the labels of
one prompt's moves are distinct; cards are named by number and title (views, logs)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.labels import card_name, log_label, move_label, move_labels
from engine.machine import top

Move = dict[str, Any]


def _play(scenario: str, seed: int, moves: list[Move], options: dict[str, Any] | None = None
          ) -> engine.State:
    s = engine.new_game(scenario, seed, options)
    for m in moves:
        s, _ = engine.apply(s, m)
    return s


DECLINE2: list[Move] = [{"t": "decline"}, {"t": "decline"}]
RALLY_TIZI: list[Move] = [*DECLINE2, {"t": "op", "op": "rally"},
                          {"t": "space", "space": "Tizi Ouzou"}]

# (scenario, seed, options, moves to the prompt, a legal move there, its exact label)
TABLE: list[tuple[str, int, dict[str, Any] | None, list[Move], Move, str]] = [
    ("short", 7, None, [], {"t": "pivotal", "card": 66}, "Play Pivotal Event #66 Coup d'Etat"),
    ("short", 7, None, [], {"t": "decline"}, "Play no Pivotal Event"),
    ("short", 7, None, DECLINE2, {"t": "pass"}, "Pass (+1 Resource)"),
    ("short", 7, None, DECLINE2, {"t": "event", "side": "shaded"},
     "Event #15 Jean-Paul Sartre, shaded"),
    ("short", 7, None, DECLINE2, {"t": "op", "op": "rally"}, "Operation: Rally"),
    ("short", 7, None, RALLY_TIZI, {"t": "place", "space": "Tizi Ouzou"},
     "Rally in Tizi Ouzou: place a Guerrilla"),
    ("short", 7, None, [*DECLINE2, {"t": "op", "op": "rally"}],
     {"t": "space", "space": "Barika"}, "Rally in Barika"),
    ("short", 7, None, [*DECLINE2, {"t": "op", "op": "rally"}], {"t": "sa", "sa": "extort"},
     "Special Activity: Extort"),
    ("short", 7, None, [*DECLINE2, {"t": "op", "op": "march"}],
     {"t": "group", "from": "Barika", "to": "Batna"}, "March from Barika to Batna"),
    ("short", 7, None, [*DECLINE2, {"t": "pass"}], {"t": "pass"}, "Pass (+2 Resources)"),
    ("short", 7, None, [*DECLINE2, {"t": "pass"}], {"t": "op", "op": "train", "box":
     "op_plus_sa"}, "Operation: Train (Op + Special Activity)"),
    ("short", 7, None, [*DECLINE2, {"t": "pass"}, {"t": "op", "op": "train", "box": "op_plus_sa"}],
     {"t": "space", "space": "france_track"}, "Train on the France Track"),
    ("short", 7, None, [*DECLINE2, {"t": "pass"}, {"t": "op", "op": "sweep", "box":
                                                   "op_plus_sa"}],
     {"t": "sa", "sa": "troop_lift"}, "Special Activity: Troop Lift"),
    ("short", 7, {"chance": "external"}, [], {"t": "draw", "card": 15},
     "Draw #15 Jean-Paul Sartre"),
]


@pytest.mark.parametrize("scenario,seed,options,path,move,label", TABLE)
def test_exact_labels(scenario: str, seed: int, options: dict[str, Any] | None,
                      path: list[Move], move: Move, label: str) -> None:
    s = _play(scenario, seed, path, options)
    assert move in engine.legal_moves(s)
    assert move_label(s, move) == label


def test_label_follows_the_operation_of_the_pending_frame() -> None:
    """The same move kind reads differently by the Operation it belongs to (the frame's op)."""
    s = _play("short", 7, [*DECLINE2, {"t": "pass"}, {"t": "op", "op": "sweep",
                                                      "box": "op_plus_sa"}])
    sweep = [move_label(s, m) for m in engine.legal_moves(s) if m["t"] == "space"]
    s = _play("short", 7, [*DECLINE2, {"t": "pass"}, {"t": "op", "op": "assault",
                                                      "box": "op_plus_sa"}])
    assault = [move_label(s, m) for m in engine.legal_moves(s) if m["t"] == "space"]
    assert sweep and all(x.startswith("Sweep in ") for x in sweep)
    assert assault and all(x.startswith("Assault in ") for x in assault)


def test_log_labels_name_cards_by_number_and_title() -> None:
    s = _play("short", 7, DECLINE2)
    s, log = engine.apply(s, {"t": "event", "side": "shaded"})
    labels = [log_label(e) for e in log]
    assert labels[0] == "FLN executes card #15 Jean-Paul Sartre (shaded)", labels
    assert log_label({"rule": "2.3.6", "text": "card 38 revealed"}) == (
        "Card #38 Economic Crisis in France revealed")
    assert log_label({"rule": "3.2.3", "text": "algerian_troops moved from Medea to Algiers"}
                     ) == "Algerian Troops moved from Medea to Algiers"
    assert log_label({"rule": "4.2.3", "text": "Neutralize in Algiers: shifted to oppose"}
                     ) == "Neutralize in Algiers: shifted to Opposition"
    assert log_label({"rule": "3.3.1", "text": "Rally: Guerrilla placed in france_track"}
                     ) == "Rally: Guerrilla placed on the France Track"
    assert card_name(66) == "#66 Coup d'Etat"


def test_views_name_cards_by_number_and_title() -> None:
    s = _play("short", 7, DECLINE2)
    v = engine.view(s, "fln")
    titles = v["cards"]["titles"]
    assert titles["15"] == "Jean-Paul Sartre"      # current
    assert titles["66"] == "Coup d'Etat"           # held by the Government
    assert titles["65"] == "Recall De Gaulle"      # in effect
    assert v["labels"] == move_labels(s, v["legal_moves"])
    assert engine.view(s, "gov")["labels"] == []   # not the Government's turn


@pytest.mark.parametrize("scenario,options", [
    ("short", None), ("medium", {"chance": "external"}), ("full", {"open_deployment": True}),
])
def test_every_legal_move_and_log_entry_of_whole_games_is_labelled(
        scenario: str, options: dict[str, Any] | None) -> None:
    """Whole random games: at every prompt, every legal move has a non-empty label and distinct
    moves have distinct labels; every log entry has a non-empty label."""
    rng = random.Random(scenario)
    prompts = entries = 0
    kinds: set[str] = set()
    for seed in range(2):
        s = engine.new_game(scenario, seed, options)
        while engine.to_move(s) is not None:
            moves = engine.legal_moves(s)
            labels = move_labels(s, moves)
            f = top(s)
            assert f is not None
            kinds.add(f["k"])
            assert all(isinstance(x, str) and x.strip() for x in labels), (f["k"], moves)
            assert len(set(labels)) == len(labels), (f["k"], list(zip(moves, labels)))
            prompts += 1
            s, log = engine.apply(s, rng.choice(moves))
            for e in log:
                assert log_label(e).strip(), e
                entries += 1
    assert prompts > 200 and entries > 200
    assert {"eligible", "op:rally", "prop_redeploy"} <= kinds


@pytest.mark.parametrize("card,move,label", [
    (51, {"t": "pick", "value": "Barika"}, "Choose Barika (Stripey Hole: a Sector)"),
    (1, {"t": "place", "space": "Batna", "source": "available"},
     "Event #1 Quadrillage, unshaded: place French Police in Batna from Available"),
])
def test_exact_labels_of_event_prompts(card: int, move: Move, label: str) -> None:
    """The decisions inside an Event name the card (5.1) or use the Event's own prompt."""
    from tests.helpers import ev, on_card

    s = ev(on_card(_play("short", 7, DECLINE2), card))
    assert move in engine.legal_moves(s)
    assert move_label(s, move) == label
