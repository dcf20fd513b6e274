"""10.0 Open Deployment option: Government then FLN place their forces one piece at a time,
within stacking and the scenario's constraints."""

from __future__ import annotations

import random

import pytest

import engine
from engine.data import ALGERIA, COUNTRIES, SCENARIOS
from engine.state import State
from tests.helpers import box, play

OD = {"open_deployment": True}
GOV_KEYS = ("gov_bases", "french_troops", "algerian_troops", "french_police", "algerian_police")


def start(scenario: str, seed: int = 1) -> State:
    return engine.new_game(scenario, seed, OD)


def place(piece: str, space: str) -> dict[str, str]:
    return {"t": "place", "piece": piece, "space": space}


def place_all(s: State, who: str, chooser: random.Random | None = None) -> State:
    """Let ``who`` place everything, taking the first (or a random) legal placement."""
    while engine.to_move(s) == who and s.pending[-1]["k"] == "deploy":
        ms = engine.legal_moves(s)
        assert ms, "dead end"
        s, _ = engine.apply(s, chooser.choice(ms) if chooser else ms[0])
    return s


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_markers_and_boxes_as_standard_and_map_empty(scenario: str) -> None:
    std = engine.new_game(scenario, 1)
    s = start(scenario)
    assert engine.to_move(s) == "gov" and s.pending[-1] == {"k": "deploy", "who": "gov"}
    assert s.pending[0] == {"k": "game", "stage": "draw"}
    assert all(v == 0 for sp in s.spaces.values() for v in sp["pieces"].values())
    for n in s.spaces:
        for k in ("support", "terror", "resettled"):
            assert s.spaces[n][k] == std.spaces[n][k]
    for b in ("available", "out_of_play", "casualties"):
        assert s.boxes[b] == std.boxes[b]
    od = SCENARIOS[scenario]["open_deployment"]
    want = {k: od["gov"][k] for k in GOV_KEYS if od["gov"][k]}
    want.update({"fln_bases": od["fln"]["fln_bases"], "guerrillas": od["fln"]["guerrillas"]})
    assert box(s, "set_aside") == want  # the forces to deploy


def test_government_places_anywhere_in_algeria_within_stacking() -> None:
    s = start("short")
    ms = engine.legal_moves(s)
    assert len(ms) == 5 * len(ALGERIA)
    assert not any(m["space"] in COUNTRIES for m in ms)
    s = play(s, place("gov_bases", "Medea"), place("gov_bases", "Medea"))
    assert place("gov_bases", "Medea") not in engine.legal_moves(s)  # two Bases (1.4.2)
    assert place("french_troops", "Medea") in engine.legal_moves(s)
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, place("french_troops", "Morocco"))
    assert s.boxes["set_aside"]["gov_bases"] == 2
    assert s.spaces["Medea"]["pieces"]["gov_bases"] == 2


def test_fln_short_constraints() -> None:
    s = place_all(start("short"), "gov")
    assert engine.to_move(s) == "fln" and s.pending[-1] == {"k": "deploy", "who": "fln"}
    # 8 Bases: exactly 2 in each Country, so at most 4 in Algeria
    for n in ("Medea", "Medea", "Bougie", "Bougie"):  # (the Government filled Barika, Batna)
        s = play(s, place("fln_bases", n))
    bases = {m["space"] for m in engine.legal_moves(s) if m["piece"] == "fln_bases"}
    assert bases == {"Morocco", "Tunisia"}
    s = play(s, place("fln_bases", "Morocco"), place("fln_bases", "Morocco"))
    bases = {m["space"] for m in engine.legal_moves(s) if m["piece"] == "fln_bases"}
    assert bases == {"Tunisia"}
    # 17 Guerrillas, at least 4 in each Country: at most 9 elsewhere
    for _ in range(9):
        s = play(s, place("guerrillas_underground", "Medea"))
    g = {m["space"] for m in engine.legal_moves(s) if m["piece"] == "guerrillas_underground"}
    assert g == {"Morocco", "Tunisia"}
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, place("guerrillas_underground", "Medea"))
    s = place_all(s, "fln")
    assert s.pending[-1]["k"] != "deploy" and box(s, "set_aside") == {}
    assert s.spaces["Morocco"]["pieces"]["fln_bases"] == 2
    assert s.spaces["Tunisia"]["pieces"]["fln_bases"] == 2
    assert s.spaces["Morocco"]["pieces"]["guerrillas_underground"] >= 4
    assert s.spaces["Tunisia"]["pieces"]["guerrillas_underground"] >= 4
    assert s.spaces["Medea"]["pieces"]["guerrillas_underground"] == 9
    assert s.cards["current"] is not None  # the game has started


def test_fln_medium_needs_one_base_and_two_guerrillas_per_country() -> None:
    s = place_all(start("medium"), "gov")
    for _ in range(8):  # 10 Bases: 8 may go elsewhere, then one to each Country
        n = next(m["space"] for m in engine.legal_moves(s)
                 if m["piece"] == "fln_bases" and m["space"] not in COUNTRIES)
        s = play(s, place("fln_bases", n))
    bases = {m["space"] for m in engine.legal_moves(s) if m["piece"] == "fln_bases"}
    assert bases == {"Morocco", "Tunisia"}
    s = play(s, place("fln_bases", "Tunisia"))
    bases = {m["space"] for m in engine.legal_moves(s) if m["piece"] == "fln_bases"}
    assert bases == {"Morocco"}
    for _ in range(22 - 4):
        s = play(s, place("guerrillas_underground", "Algiers"))
    g = {m["space"] for m in engine.legal_moves(s) if m["piece"] == "guerrillas_underground"}
    assert g == {"Morocco", "Tunisia"}


def test_fln_full_not_in_the_countries() -> None:
    s = place_all(start("full"), "gov")
    assert engine.to_move(s) == "fln"
    ms = engine.legal_moves(s)
    assert not any(m["space"] in COUNTRIES for m in ms)
    assert len(ms) == 2 * len(ALGERIA)


def test_government_bases_share_stacking_with_fln_bases() -> None:
    s = play(start("short"), place("gov_bases", "Medea"))
    s = place_all(s, "gov")
    assert place("fln_bases", "Medea") in engine.legal_moves(s)
    s = play(s, place("fln_bases", "Medea"))
    assert place("fln_bases", "Medea") not in engine.legal_moves(s)


@pytest.mark.parametrize("scenario", ["short", "medium", "full"])
def test_random_deployments_always_finish_within_the_rules(scenario: str) -> None:
    for seed in range(3):
        rnd = random.Random(seed)
        s = place_all(place_all(start(scenario, seed), "gov", rnd), "fln", rnd)
        assert box(s, "set_aside") == {}
        assert all(sp["pieces"]["guerrillas_active"] == 0 for sp in s.spaces.values())
        assert all(engine.board.base_room(s, n) >= 0 for n in s.spaces)
        if scenario == "short":
            assert all(s.spaces[c]["pieces"]["fln_bases"] == 2 for c in COUNTRIES)
            assert all(s.spaces[c]["pieces"]["guerrillas_underground"] >= 4 for c in COUNTRIES)
        elif scenario == "medium":
            assert all(s.spaces[c]["pieces"]["fln_bases"] >= 1 for c in COUNTRIES)
            assert all(s.spaces[c]["pieces"]["guerrillas_underground"] >= 2 for c in COUNTRIES)
        else:
            assert all(not any(s.spaces[c]["pieces"].values()) for c in COUNTRIES)
        assert engine.from_json(engine.to_json(s)) == s


def test_deployment_state_round_trips_mid_way() -> None:
    s = play(start("medium"), place("french_troops", "Algiers"))
    assert engine.from_json(engine.to_json(s)) == s
