"""Chapter 6: Propaganda Rounds – 6.0 exceptions, Resources and Commitment (6.2), Support (6.3),
Redeploy (6.4), Reset (6.5). Expected numbers are worked out by hand from the rules."""

from __future__ import annotations

import pytest

import engine
from engine.data import PROPAGANDA_CARDS
from engine.machine import settle
from engine.state import State
from tests.helpers import DONE, box, in_round, pieces, play, position, reveal, top

DESELECT = {"t": "deselect"}
NOT_DE_GAULLE = [61, 64]  # Morocco and Tunisia Independent, Mobilization (Short without #65)


def put(s: State, where: str, **counts: int) -> None:
    """Move pieces of the given box keys from Available to another box."""
    for k, n in counts.items():
        s.boxes["available"][k] -= n
        assert s.boxes["available"][k] >= 0
        s.boxes[where][k] += n


def at_phase(s: State, phase: str, final: bool = False) -> State:
    """Start a Round at one phase (unit tests of a single phase)."""
    s = s.copy()
    s.cards["deck"] = [n for n in s.cards["deck"] if n not in PROPAGANDA_CARDS]
    s.pending = [{"k": "game", "stage": "draw"}, {"k": "propaganda", "phase": phase,
                                                  "final": final}]
    settle(s, [])
    return s


# --- 6.0 ---------------------------------------------------------------------------------


def test_round_counts_and_marks_the_card() -> None:
    s = reveal(position(spaces={"Medea": {"ug": 1}}), rounds_before=0, drawn=1)
    assert s.cards["rounds"] == 1 and s.cards["last_propaganda"] is True
    assert in_round(s)


def test_never_two_rounds_in_a_row() -> None:
    s0 = position(spaces={"Medea": {"ag": 1, "terror": 1}}, commitment=40)
    s = reveal(s0, rounds_before=1, drawn=2, last=True)
    assert not in_round(s) and s.result is None
    assert s.cards["rounds"] == 1  # no Round conducted
    assert s.cards["current"] not in PROPAGANDA_CARDS  # the next card was revealed at once
    assert s.cards["last_propaganda"] is False  # reset by that Event card
    assert pieces(s, "Medea") == {"ag": 1} and s.spaces["Medea"]["terror"] == 1  # no Reset
    assert s.resources == {"gov": 20, "fln": 20} and s.commitment == 40  # no Resources phase


def test_final_card_after_another_propaganda_card_still_ends_the_game() -> None:
    s = reveal(position(commitment=30), rounds_before=2, drawn=3, last=True)  # Short: 3 cards
    assert s.result is not None and s.pending == [] and engine.to_move(s) is None
    assert s.result["reason"].startswith("final Propaganda card, played without a Round")
    assert s.result["margins"] == {"gov": -5, "fln": -30} and s.result["winner"] == "gov"
    assert s.cards["rounds"] == 2


def test_final_round_ends_after_the_support_phase() -> None:
    s0 = position(spaces={"Medea": {"ag": 1, "terror": 1}}, resources=(0, 0), commitment=30,
                  france_track="A", border_zone=0, first="gov")
    s = reveal(s0, rounds_before=1, drawn=3)
    assert top(s)["k"] == "prop_commitment"
    s = play(s, DONE)
    assert top(s)["k"] == "prop_agitate"  # nothing to Pacify
    assert engine.legal_moves(s) == [{"t": "agitate", "space": "Medea"}, DONE]
    s = play(s, {"t": "agitate", "space": "Medea"}, DONE)
    assert s.result is not None and s.pending == []
    assert s.result["reason"] == "final Propaganda Round (6.3.3, 7.3)"
    # no Redeploy or Reset: the Guerrilla stays Active, First Eligible unchanged
    assert pieces(s, "Medea") == {"ag": 1} and s.spaces["Medea"]["terror"] == 0
    assert s.sop["first"] == "gov"
    assert s.resources == {"gov": 30, "fln": 0}  # FLN: +0 Bases +1 France A, -1 Agitation
    assert s.result["margins"] == {"gov": -5, "fln": -30}


def test_after_the_round_fln_is_first_and_the_next_card_is_revealed() -> None:
    # Short: Recall De Gaulle in effect, so Available French pieces earn nothing (6.2.1)
    s = reveal(position(first="gov", resources=(0, 0), commitment=0, france_track="A",
                        border_zone=0), rounds_before=0, drawn=1)
    assert top(s)["k"] == "prop_commitment"
    s = play(s, DONE)
    assert not in_round(s)  # nothing else to decide in this Round
    assert s.sop == {"first": "fln", "first_box": None, "second_box": None}
    assert s.cards["current"] not in PROPAGANDA_CARDS
    assert s.cards["played"][-1] == PROPAGANDA_CARDS[0]
    assert s.resources == {"gov": 0, "fln": 1}


# --- 6.2 Resources and Commitment ---------------------------------------------------------


def resources_board(resources: tuple[int, int] = (10, 10)) -> State:
    s = position(spaces={
        "Medea": {"gb": 1, "ft": 1},                      # Gov Control, Base, Pop 2 Sector: +2
        "Tizi Ouzou": {"gb": 1, "ft": 1, "ug": 3},        # FLN Control: nothing
        "Algiers": {"gb": 1, "fp": 1},                    # a City: nothing
        "Setif": {"gb": 1, "ft": 1, "resettled": True},   # Pop 0; one Resettled Sector: -1
        "Bougie": {"fb": 1},
        "Morocco": {"fb": 2, "ug": 1},
    }, resources=resources, commitment=20, in_effect=NOT_DE_GAULLE, border_zone=3,
        france_track="E").copy()
    # French pieces: FT 3 on the map, 4 Casualties, 2 Available; FP 1 on the map, 3 Available,
    # 17 Out of Play; Bases 4 on the map, 1 Available, 1 Out of Play.
    put(s, "casualties", french_troops=4)
    put(s, "out_of_play", french_police=17, gov_bases=1)
    return s


def test_resources_phase_government_and_fln() -> None:
    s = reveal(resources_board(), rounds_before=0, drawn=1)
    # 6.2.1: 10 + Commitment 20 + Medea 2 + French Available (2 + 3 + 1) - 1 Resettled = 37
    # 6.2.2: 10 + FLN Bases 3 + France Track E 5 - Border Zone 3 = 15
    assert s.resources == {"gov": 37, "fln": 15}
    assert top(s)["k"] == "prop_commitment" and engine.to_move(s) == "gov"
    assert engine.legal_moves(s) == [
        {"t": "oop_to_available", "piece": "french_police"},
        {"t": "oop_to_available", "piece": "gov_bases"},
        {"t": "available_to_oop", "piece": "french_troops"},
        {"t": "available_to_oop", "piece": "french_police"},
        {"t": "available_to_oop", "piece": "gov_bases"},
        DONE,
    ]
    s = play(s, DONE)
    # 6.2.3: -floor(4 French Casualties / 3) = -1, France Track E -3: 20 - 1 - 3 = 16
    assert s.commitment == 16
    assert top(s)["k"] == "prop_agitate"  # nothing to Pacify; FLN may Agitate
    assert engine.legal_moves(s) == [{"t": "agitate", "space": "Tizi Ouzou"},
                                     {"t": "agitate", "space": "Bougie"}, DONE]


def test_resources_are_clamped_at_50() -> None:
    s = reveal(resources_board((40, 48)), rounds_before=0, drawn=1)
    assert s.resources == {"gov": 50, "fln": 50}


def test_resources_under_recall_de_gaulle() -> None:
    s0 = position(spaces={
        "Algiers": {"gb": 1, "ft": 1, "fp": 1, "support": "support"},
        "Medea": {"gb": 1, "ft": 1, "support": "support"},
    }, resources=(5, 0), commitment=10, in_effect=[61, 64, 65], border_zone=1,
        france_track="B").copy()
    put(s0, "casualties", french_troops=3)
    s = reveal(s0, rounds_before=0, drawn=1)
    # 6.2.1: 5 + 10 + Medea 2 + Total Support (3 + 2) = 22 (French Available not counted)
    # 6.2.2: 0 + 0 Bases + France B 2 - Border Zone 1 = 1
    assert s.resources == {"gov": 22, "fln": 1}
    s = play(s, DONE)
    assert s.commitment == 9  # no Casualty loss under Recall De Gaulle; France B -1
    assert top(s)["k"] == "prop_redeploy"


def test_suez_crisis_payback_hook() -> None:
    s0 = position(spaces={"Medea": {"gb": 1}}, resources=(0, 0), commitment=0,
                  in_effect=NOT_DE_GAULLE, border_zone=0, france_track="A").copy()
    put(s0, "set_aside", french_troops=2)
    put(s0, "out_of_play", french_troops=7, french_police=21, gov_bases=5)
    s0.cards["delayed"] = ["suez_crisis"]
    s = reveal(s0, rounds_before=0, drawn=1)  # no Commitment move is possible: no prompt
    assert s.resources == {"gov": 2, "fln": 1 + 6}  # FLN: France A +1, Suez Crisis +6 (5.1.9)
    assert top(s)["k"] == "prop_redeploy" and top(s)["who"] == "gov"
    assert DONE not in engine.legal_moves(s)  # the Troops must come back first
    assert engine.legal_moves(s) == [
        {"t": "place", "piece": "french_troops", "space": n}
        for n in ("Constantine", "Algiers", "Medea", "Oran")]
    s = play(s, {"t": "place", "piece": "french_troops", "space": "Medea"},
             {"t": "place", "piece": "french_troops", "space": "Oran"})
    assert pieces(s, "Medea") == {"gb": 1, "ft": 1} and pieces(s, "Oran") == {"ft": 1}
    assert engine.legal_moves(s)[-1] == DONE
    s = play(s, DONE)
    assert s.cards["delayed"] == [] and box(s, "set_aside") == {}


def commitment_board(commitment: int) -> State:
    s = position(resources=(0, 0), commitment=commitment, in_effect=NOT_DE_GAULLE,
                 france_track="A").copy()
    put(s, "out_of_play", french_police=5)
    return s


def test_commitment_adjustment_costs_and_order() -> None:
    s = reveal(commitment_board(1), rounds_before=0, drawn=1)
    oop_fp = {"t": "oop_to_available", "piece": "french_police"}
    s = play(s, oop_fp)
    assert s.commitment == 0  # 1 piece: ceil(1/3) = 1
    s = play(s, oop_fp, oop_fp)
    assert s.commitment == 0  # 3 pieces still cost 1
    assert oop_fp not in engine.legal_moves(s)  # a 4th would cost 2 in all: not payable (1.8)
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, oop_fp)
    out_gb = {"t": "available_to_oop", "piece": "gov_bases"}
    s = play(s, out_gb, out_gb)
    assert s.commitment == 0  # 2 pieces: floor(2/3) = 0
    s = play(s, out_gb)
    assert s.commitment == 1  # 3 pieces: +1
    assert oop_fp not in engine.legal_moves(s)  # Out of Play -> Available comes first
    s = play(s, DONE)
    assert s.commitment == 1  # no Casualties, France Track A -0
    assert s.boxes["out_of_play"]["french_police"] == 2
    assert s.boxes["available"]["french_police"] == 21 - 2
    assert s.boxes["out_of_play"]["gov_bases"] == 3 and s.boxes["available"]["gov_bases"] == 3


def test_commitment_adjustment_clamped_at_50() -> None:
    s = reveal(commitment_board(49), rounds_before=0, drawn=1)
    out_ft = {"t": "available_to_oop", "piece": "french_troops"}
    s = play(s, *[out_ft] * 6)
    assert s.commitment == 50  # 49 + floor(6/3), kept within 0-50 (1.8)
    assert s.boxes["out_of_play"]["french_troops"] == 6


def test_commitment_loss_from_casualties_and_france_track_stops_at_zero() -> None:
    s0 = position(resources=(0, 0), commitment=2, in_effect=NOT_DE_GAULLE,
                  france_track="F").copy()
    put(s0, "casualties", french_troops=6, french_police=3)
    s = reveal(s0, rounds_before=0, drawn=1)
    s = play(s, DONE)
    assert s.commitment == 0  # 2 - floor(9/3) - 3 stops at 0


# --- 6.3 Support ---------------------------------------------------------------------------


def test_pacification_terror_first_then_two_levels_and_commitment_cap() -> None:
    s0 = position(spaces={
        "Algiers": {"ft": 1, "fp": 1, "support": "oppose", "terror": 2},
        "Medea": {"at": 1, "ap": 1},
        "Bougie": {"ft": 2},                             # no Police
        "Tizi Ouzou": {"ft": 1, "fp": 1, "ug": 3},       # FLN Control
        "Batna": {"ft": 1, "ap": 1, "terror": 1},        # Pop 0: Terror only
    }, resources=(20, 0), commitment=9)
    s = at_phase(s0, "support")
    assert top(s)["k"] == "prop_pacify"
    assert engine.legal_moves(s) == [{"t": "pacify", "space": n} for n in
                                     ("Batna", "Algiers", "Medea")] + [DONE]
    a = {"t": "pacify", "space": "Algiers"}
    s = play(s, a, a)
    assert s.spaces["Algiers"]["terror"] == 0 and s.spaces["Algiers"]["support"] == "oppose"
    s = play(s, a)
    assert s.spaces["Algiers"]["support"] == "neutral"
    s = play(s, a)  # 8 spent; Commitment 9 allows no more
    assert s.spaces["Algiers"]["support"] == "support" and s.resources["gov"] == 12
    assert engine.legal_moves(s) == [DONE]


def test_pacification_in_pop_zero_removes_terror_but_never_shifts() -> None:
    s0 = position(spaces={"Batna": {"ft": 1, "ap": 1, "terror": 1}}, resources=(20, 0),
                  commitment=20)
    s = at_phase(s0, "support")
    s = play(s, {"t": "pacify", "space": "Batna"})
    assert s.spaces["Batna"]["terror"] == 0 and s.spaces["Batna"]["support"] == "neutral"
    assert engine.legal_moves(s) == [DONE]


def test_no_pacification_without_two_resources() -> None:
    s0 = position(spaces={"Algiers": {"ft": 1, "fp": 1}, "Medea": {"ug": 1}},
                  resources=(1, 5), commitment=20)
    s = at_phase(s0, "support")
    assert top(s)["k"] == "prop_agitate"


def test_agitation_spaces_costs_and_two_level_limit() -> None:
    s0 = position(spaces={
        "Tizi Ouzou": {"ug": 2, "terror": 1},
        "Bougie": {"fb": 1, "support": "support"},
        "Algiers": {"ft": 2, "ug": 1},         # Government Control
        "Medea": {"ft": 1, "ug": 1},           # no Control: allowed
        "Batna": {"ug": 1},                    # Pop 0, no Terror: nothing to do
        "Morocco": {"ug": 3},                  # Countries carry no marker
    }, resources=(0, 10))
    s = at_phase(s0, "support")
    assert top(s)["k"] == "prop_agitate"
    assert engine.legal_moves(s) == [{"t": "agitate", "space": n} for n in
                                     ("Tizi Ouzou", "Bougie", "Medea")] + [DONE]
    t, b = {"t": "agitate", "space": "Tizi Ouzou"}, {"t": "agitate", "space": "Bougie"}
    s = play(s, t, t, b, b)
    assert s.spaces["Tizi Ouzou"]["terror"] == 0
    assert s.spaces["Tizi Ouzou"]["support"] == "oppose"
    assert s.spaces["Bougie"]["support"] == "oppose"
    assert s.resources["fln"] == 6
    assert engine.legal_moves(s) == [{"t": "agitate", "space": "Medea"}, DONE]


# --- 6.4 Redeploy --------------------------------------------------------------------------


def redeploy_board() -> State:
    return position(spaces={
        "Medea": {"ft": 2, "ug": 1},           # Government Control
        "Bougie": {"fp": 1, "ug": 1},          # no Control
        "Tizi Ouzou": {"gb": 1},               # Government Control, Government Base
        "Orleansville": {"ap": 1, "ug": 3},    # FLN Control
        "Algiers": {"fp": 1},
        "Bordj Bou Arreridj": {"fb": 1},
        "Morocco": {"ug": 2, "fb": 1},
    })


def test_government_redeploy_destinations_and_frozen_control() -> None:
    s = at_phase(redeploy_board(), "redeploy")
    f = top(s)
    assert f["k"] == "prop_redeploy" and f["who"] == "gov"
    assert f["controlled"] == ["Tizi Ouzou", "Algiers", "Medea"]
    assert engine.legal_moves(s) == [
        {"t": "select", "piece": "french_police", "space": "Bougie"},
        {"t": "select", "piece": "french_police", "space": "Algiers"},
        {"t": "select", "piece": "french_troops", "space": "Medea"},
        {"t": "select", "piece": "algerian_police", "space": "Orleansville"},
        DONE,
    ]
    s = play(s, {"t": "select", "piece": "french_troops", "space": "Medea"})
    assert engine.legal_moves(s) == [
        {"t": "move", "piece": "french_troops", "from": "Medea", "to": d}
        for d in ("Constantine", "Tizi Ouzou", "Algiers", "Oran")] + [DESELECT, DONE]
    s = play(s, {"t": "move", "piece": "french_troops", "from": "Medea", "to": "Algiers"},
             {"t": "select", "piece": "french_troops", "space": "Medea"},
             {"t": "move", "piece": "french_troops", "from": "Medea", "to": "Oran"})
    # Medea is now FLN-Controlled, but Control is judged as at the start of the phase (6.4)
    s = play(s, {"t": "select", "piece": "algerian_police", "space": "Orleansville"})
    assert [m["to"] for m in engine.legal_moves(s) if m["t"] == "move"] == ["Tizi Ouzou",
                                                                        "Algiers", "Medea"]
    s = play(s, {"t": "move", "piece": "algerian_police", "from": "Orleansville", "to": "Medea"})
    # Redeployed pieces do not move again: the Troops in Algiers and Oran are not selectable.
    sel = {(m["piece"], m["space"]) for m in engine.legal_moves(s) if m["t"] == "select"}
    assert sel == {("french_police", "Bougie"), ("french_police", "Algiers")}
    s = play(s, DONE)
    assert top(s)["who"] == "fln"
    assert pieces(s, "Medea") == {"ap": 1, "ug": 1}
    assert pieces(s, "Algiers") == {"ft": 1, "fp": 1} and pieces(s, "Oran") == {"ft": 1}
    assert pieces(s, "Orleansville") == {"ug": 3}


def test_fln_redeploy_within_a_wilaya_to_base_spaces() -> None:
    s = at_phase(redeploy_board(), "redeploy")
    s = play(s, DONE)
    assert top(s)["who"] == "fln"
    # Wilaya III has a Base (Bordj Bou Arreridj); Wilaya IV has none; the Countries have no Wilaya
    assert engine.legal_moves(s) == [
        {"t": "select", "piece": "guerrillas_underground", "space": "Bougie"}, DONE]
    s = play(s, {"t": "select", "piece": "guerrillas_underground", "space": "Bougie"})
    assert engine.legal_moves(s) == [{"t": "move", "piece": "guerrillas_underground",
                                      "from": "Bougie", "to": "Bordj Bou Arreridj"},
                                     DESELECT, DONE]
    s = play(s, engine.legal_moves(s)[0])
    assert engine.legal_moves(s) == [DONE]
    s = play(s, DONE)
    assert pieces(s, "Bordj Bou Arreridj") == {"fb": 1, "ug": 1}
    assert not in_round(s)


def test_a_selected_piece_is_put_back_or_left_where_it_is() -> None:
    """6.4: selecting a piece commits it to nothing – ``deselect`` puts it back (the prompt to
    select returns, the piece may still Redeploy later), ``done`` ends the Redeploy with it
    where it is."""
    s0 = at_phase(redeploy_board(), "redeploy")
    s = play(s0, {"t": "select", "piece": "french_troops", "space": "Medea"})
    back = play(s, DESELECT)
    assert top(back)["sel"] is None and engine.legal_moves(back) == engine.legal_moves(s0)
    assert back.spaces == s0.spaces
    back = play(back, {"t": "select", "piece": "french_troops", "space": "Medea"},
                {"t": "move", "piece": "french_troops", "from": "Medea", "to": "Oran"})
    assert pieces(back, "Oran") == {"ft": 1}
    left = play(s, DONE)
    assert top(left)["k"] == "prop_redeploy" and top(left)["who"] == "fln"
    assert pieces(left, "Medea") == {"ft": 2, "ug": 1}


def test_suez_troops_are_placed_before_a_selected_piece_may_finish() -> None:
    """5.1.9: while Suez Crisis Troops wait to return, a selected piece may be put back but the
    Redeploy may not end."""
    s0 = redeploy_board().copy()
    put(s0, "set_aside", french_troops=1)
    s0.cards["delayed"] = ["suez_crisis"]
    s = play(at_phase(s0, "redeploy"), {"t": "select", "piece": "french_troops", "space": "Medea"})
    assert DESELECT in engine.legal_moves(s) and DONE not in engine.legal_moves(s)
    s = play(s, DESELECT)
    assert {"t": "place", "piece": "french_troops", "space": "Algiers"} in engine.legal_moves(s)


def test_fln_redeploy_keeps_guerrilla_state_and_cross_wilaya_capability() -> None:
    s0 = redeploy_board().copy()
    s0.spaces["Medea"]["pieces"]["guerrillas_underground"] = 0
    s0.spaces["Medea"]["pieces"]["guerrillas_active"] = 1
    s0.cards["capabilities"]["27"] = "shaded"  # Cross-Wilaya Redeployment
    s = at_phase(s0, "fln_redeploy")
    sel = [(m["piece"], m["space"]) for m in engine.legal_moves(s) if m["t"] == "select"]
    assert sel == [("guerrillas_underground", "Bougie"), ("guerrillas_active", "Medea"),
                   ("guerrillas_underground", "Orleansville")]
    s = play(s, {"t": "select", "piece": "guerrillas_active", "space": "Medea"},
             {"t": "move", "piece": "guerrillas_active", "from": "Medea",
              "to": "Bordj Bou Arreridj"}, DONE)
    # moved Guerrillas keep their state (1.4.3); the Reset then flips all Underground
    assert pieces(s, "Bordj Bou Arreridj") == {"fb": 1, "ug": 1}
    assert pieces(s, "Medea") == {"ft": 2}


# --- 6.5 Reset -----------------------------------------------------------------------------


def test_reset_casualties_tracks_terror_guerrillas_momentum_eligibility() -> None:
    s0 = position(spaces={
        "Algiers": {"ft": 1, "terror": 2},
        "Medea": {"ag": 2, "ug": 1, "terror": 1},
        "Morocco": {"ag": 1},
    }, first="gov", border_zone=2, france_track="C").copy()
    put(s0, "casualties", french_troops=4, french_police=2, gov_bases=1, guerrillas=5,
        algerian_police=1)
    s0.cards["momentum"] = [{"card": 31, "side": "unshaded"}]
    played = list(s0.cards["played"])
    s = at_phase(s0, "reset")
    f = top(s)
    assert f["k"] == "prop_casualties" and f["left"] == 2  # floor(7 French / 3)
    assert engine.legal_moves(s) == [{"t": "out_of_play", "piece": p}
                                     for p in ("french_troops", "french_police", "gov_bases")]
    s = play(s, {"t": "out_of_play", "piece": "gov_bases"})
    assert engine.legal_moves(s) == [{"t": "out_of_play", "piece": p}
                                     for p in ("french_troops", "french_police")]
    s = play(s, {"t": "out_of_play", "piece": "french_police"})
    assert not in_round(s)
    assert box(s, "casualties") == {}
    assert box(s, "out_of_play") == {"gov_bases": 1, "french_police": 1, "guerrillas": 1}
    assert s.boxes["available"]["french_troops"] == 9 - 1  # 4 came back, 1 on the map
    assert s.boxes["available"]["french_police"] == 21 - 1
    assert s.boxes["available"]["algerian_police"] == 7
    assert s.boxes["available"]["guerrillas"] == 30 - 4 - 1
    assert s.france_track == "B" and s.border_zone == 1
    assert s.spaces["Algiers"]["terror"] == 1 and s.spaces["Medea"]["terror"] == 0
    assert pieces(s, "Medea") == {"ug": 3} and pieces(s, "Morocco") == {"ug": 1}
    assert s.cards["momentum"] == [] and s.cards["played"][:len(played) + 1] == played + [31]
    assert s.sop["first"] == "fln"


def test_reset_single_kind_of_casualty_needs_no_decision_and_tracks_stop() -> None:
    s0 = position(border_zone=0, france_track="A").copy()
    put(s0, "casualties", french_troops=5, guerrillas=2)
    s = at_phase(s0, "reset")
    assert not in_round(s)
    assert box(s, "out_of_play") == {"french_troops": 1}
    assert box(s, "casualties") == {}
    assert s.france_track == "A" and s.border_zone == 0


def test_reset_border_zone_inactive_stays_null() -> None:
    s = at_phase(position("full", france_track="B"), "reset")
    assert s.border_zone is None and s.france_track == "A"


# --- a whole Round -------------------------------------------------------------------------


def test_full_round_end_to_end() -> None:
    s0 = position(spaces={
        "Algiers": {"ft": 2, "fp": 2, "gb": 1, "support": "neutral", "terror": 1},
        "Medea": {"gb": 1, "ft": 1, "ap": 1},
        "Tizi Ouzou": {"ug": 2, "fb": 1},
        "Bougie": {"ag": 1},
    }, resources=(4, 3), commitment=12, in_effect=NOT_DE_GAULLE, border_zone=1,
        france_track="D", first="gov").copy()
    put(s0, "out_of_play", french_troops=6, french_police=19, gov_bases=4)
    s = reveal(s0, rounds_before=1, drawn=2)
    assert s.result is None  # Victory Phase: 12 + 0 and 0 + 1 meet nothing
    # Gov: 4 + 12 + Medea 2 + Available French (0 FT, 0 FP, 0 Bases) = 18
    # FLN: 3 + 1 Base + D 4 - Border Zone 1 = 7
    assert s.resources == {"gov": 18, "fln": 7}
    s = play(s, {"t": "oop_to_available", "piece": "french_police"}, DONE)
    assert s.commitment == 12 - 1 - 2  # ceil(1/3); France D -2
    assert top(s)["k"] == "prop_pacify"
    s = play(s, {"t": "pacify", "space": "Algiers"}, {"t": "pacify", "space": "Algiers"}, DONE)
    assert s.spaces["Algiers"]["support"] == "support" and s.resources["gov"] == 14
    s = play(s, {"t": "agitate", "space": "Tizi Ouzou"}, {"t": "agitate", "space": "Bougie"},
             DONE)
    assert s.spaces["Tizi Ouzou"]["support"] == "oppose"
    assert s.spaces["Bougie"]["support"] == "oppose" and s.resources["fln"] == 5
    assert top(s)["k"] == "prop_redeploy" and top(s)["who"] == "gov"
    s = play(s, DONE)
    s = play(s, {"t": "select", "piece": "guerrillas_active", "space": "Bougie"},
             {"t": "move", "piece": "guerrillas_active", "from": "Bougie", "to": "Tizi Ouzou"},
             DONE)
    assert not in_round(s) and s.result is None
    assert pieces(s, "Tizi Ouzou") == {"ug": 3, "fb": 1} and pieces(s, "Bougie") == {}
    assert s.france_track == "C" and s.border_zone == 0
    assert s.spaces["Algiers"]["terror"] == 0
    assert s.sop["first"] == "fln" and s.cards["rounds"] == 2
