"""Chapter 7: Victory – the Victory Phase (6.1, 7.2), final margins (7.3), ties (7.1), the
one-player victory (8.6, option fln_bot) and the Victory Deception option (7.3)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.state import State
from engine.victory import (
    DECEPTION_MARKERS, final_result, holds, use_hidden_asset, victory_check,
)
from tests.helpers import DONE, in_round, play, position, reveal, top

# Total Opposition 21 (every Pop 2+ space at Opposition) and 10 FLN Bases in Pop 0 Sectors: 31.
OPPOSE = {n: {"support": "oppose"} for n in (
    "Algiers", "Constantine", "Oran", "Philippeville", "Souk Ahras", "Tizi Ouzou", "Bougie",
    "Medea", "Orleansville", "Mostaganem")}
BASES = {n: {"fb": 2} for n in ("Batna", "Biskra", "Oum el Bouaghi", "Negrine", "Mecheria")}


def board(commitment: int, fln31: bool, **kw: Any) -> State:
    spaces: dict[str, dict[str, Any]] = {}
    if fln31:
        spaces.update(OPPOSE)
        spaces.update(BASES)
    return position(spaces=spaces, commitment=commitment, **kw)


def test_scores_of_the_board() -> None:
    s = board(36, True)
    assert engine.board.fln_score(s) == 31 and engine.board.gov_score(s) == 36


def test_no_victory_phase_in_the_first_round() -> None:
    s = reveal(board(40, False), rounds_before=0, drawn=1)
    assert s.result is None and in_round(s)


def test_government_wins_in_the_victory_phase() -> None:
    s = reveal(board(36, False), rounds_before=1, drawn=2)
    assert s.pending == [] and engine.to_move(s) is None
    assert s.result == {"winner": "gov", "margins": {"gov": 1, "fln": -30},
                        "reason": "victory phase (7.2)", "gov_score": 36, "fln_score": 0,
                        "round": 2, "met": {"gov": True, "fln": False}}
    assert s.resources == {"gov": 20, "fln": 20}  # the Round stopped before Resources


def test_exactly_35_is_not_a_win() -> None:
    s = reveal(board(35, False), rounds_before=1, drawn=2)
    assert s.result is None and in_round(s)


def test_fln_wins_in_the_victory_phase() -> None:
    s = reveal(board(20, True), rounds_before=1, drawn=2)
    assert s.result is not None
    assert s.result["winner"] == "fln" and s.result["margins"] == {"gov": -15, "fln": 1}


def test_both_win_tie_goes_to_fln() -> None:
    s = reveal(board(36, True), rounds_before=1, drawn=2)
    assert s.result is not None
    assert s.result["met"] == {"gov": True, "fln": True}
    assert s.result["margins"] == {"gov": 1, "fln": 1} and s.result["winner"] == "fln"


def test_both_win_higher_margin_wins() -> None:
    s = reveal(board(37, True), rounds_before=1, drawn=2)
    assert s.result is not None
    assert s.result["margins"] == {"gov": 2, "fln": 1} and s.result["winner"] == "gov"


def test_hidden_agenda_counts_in_the_both_win_tie_break() -> None:
    s = board(37, True).copy()
    s.deception = {"gov": {"held": ["empty_threat", "hidden_asset"], "used": []},
                   "fln": {"held": ["empty_threat", "hidden_agenda"], "used": []}}
    s = reveal(s, rounds_before=1, drawn=2)
    assert s.result is not None
    assert s.result["margins"] == {"gov": 2, "fln": 2} and s.result["winner"] == "fln"
    assert s.result["deception"] == {"gov": ["empty_threat", "hidden_asset"],
                                     "fln": ["empty_threat", "hidden_agenda"]}


def test_hidden_agenda_does_not_meet_the_threshold() -> None:
    s = board(35, False).copy()
    s.deception = {"gov": {"held": ["hidden_agenda", "hidden_agenda"], "used": []},
                   "fln": {"held": [], "used": []}}
    assert victory_check(s) is None  # 7.2 compares Support + Commitment with 35
    assert final_result(s, "test")["margins"] == {"gov": 2, "fln": -30}


def test_final_result_ties_go_to_fln() -> None:
    s = position(spaces={"Algiers": {"support": "support"}, "Medea": {"support": "oppose"},
                         "Batna": {"fb": 1}}, commitment=28)
    r = final_result(s, "final")
    assert r["margins"] == {"gov": -4, "fln": -27} and r["winner"] == "gov"
    s = position(spaces={"Medea": {"support": "oppose"}, "Batna": {"fb": 1}}, commitment=2)
    r = final_result(s, "final")
    assert r["margins"] == {"gov": -33, "fln": -27} and r["winner"] == "fln"
    s = position(spaces={"Medea": {"support": "oppose"}, "Batna": {"fb": 1}}, commitment=8)
    assert final_result(s, "final")["margins"] == {"gov": -27, "fln": -27}
    assert final_result(s, "final")["winner"] == "fln"


# --- 8.6 one-player victory ----------------------------------------------------------------

BOT = {"fln_bot": True}


def test_one_player_game_goes_on_when_only_the_government_meets_its_condition() -> None:
    s = reveal(board(40, False, options=BOT), rounds_before=1, drawn=2)
    assert s.result is None and in_round(s)


def test_one_player_game_ends_when_the_fln_margin_is_positive() -> None:
    s = reveal(board(37, True, options=BOT), rounds_before=1, drawn=2)
    assert s.result is not None and s.result["winner"] == "fln"  # even with the higher margin


def example_86(commitment: int) -> State:
    """8.6 example: Support 3 + Commitment; Opposition 18 + 6 FLN Bases = 24."""
    spaces: dict[str, dict[str, Any]] = {"Algiers": {"support": "support"}}
    for n in ("Constantine", "Oran", "Medea", "Bougie", "Tizi Ouzou", "Orleansville",
              "Mostaganem", "Philippeville", "Souk Ahras"):
        spaces[n] = {"support": "oppose"}
    for n in ("Batna", "Biskra", "Negrine"):
        spaces[n] = {"fb": 2}
    return position(spaces=spaces, commitment=commitment, france_track="A", border_zone=0,
                    options=BOT)


def test_worked_example_86_negotiated_future() -> None:
    r = final_result(example_86(27), "final")
    assert r["margins"] == {"gov": -5, "fln": -6}
    assert r["winner"] == "gov" and r["difference"] == 1 and r["grade"] == "Negotiated Future"


def test_one_player_final_round_ends_after_resources_phase() -> None:
    s = reveal(example_86(27), rounds_before=2, drawn=3)
    assert top(s)["k"] == "prop_commitment"  # Victory Phase: the FLN margin is -6
    s = play(s, DONE)
    assert s.pending == [] and s.result is not None
    assert s.result["reason"] == "final Propaganda Round, one-player game (8.5.1, 8.6)"
    assert s.result["margins"] == {"gov": -5, "fln": -6}
    assert s.result["grade"] == "Negotiated Future" and s.result["winner"] == "gov"


def test_one_player_vive_la_france_and_loss() -> None:
    r = final_result(example_86(34), "final")
    assert r["margins"] == {"gov": 2, "fln": -6} and r["difference"] == 8
    assert r["grade"] == "Vive la France!"
    r = final_result(example_86(32), "final")
    assert r["difference"] == 6 and r["grade"] == "Vive la France!"
    r = final_result(example_86(31), "final")
    assert r["difference"] == 5 and r["grade"] == "Negotiated Future"
    r = final_result(example_86(26), "final")  # -6 against -6: the FLN wins
    assert r["winner"] == "fln" and "grade" not in r


# --- Deception option (7.3) ----------------------------------------------------------------


def test_deception_draw_is_deterministic_and_hidden() -> None:
    a = engine.new_game("short", 7, {"deception": True})
    b = engine.new_game("short", 7, {"deception": True})
    assert a.deception == b.deception and a.deception is not None
    drawn = a.deception["gov"]["held"] + a.deception["fln"]["held"]
    assert len(a.deception["gov"]["held"]) == 2 and len(a.deception["fln"]["held"]) == 2
    assert all(drawn.count(m) <= DECEPTION_MARKERS.count(m) for m in drawn)
    assert a.deception["gov"]["used"] == [] and a.deception["fln"]["used"] == []
    deals = {str(engine.new_game("short", seed, {"deception": True}).deception)
             for seed in range(12)}
    assert len(deals) > 1
    hidden = engine.view(a, "gov")["deception"]["fln"]
    assert hidden["count"] == 2 and "held" not in hidden
    assert engine.view(a, "fln")["deception"]["fln"] == a.deception["fln"]
    assert engine.new_game("short", 7).deception is None


def test_deception_needs_managed_chance() -> None:
    with pytest.raises(engine.BadRequest):
        engine.new_game("short", 7, {"deception": True, "chance": "external"})


def test_deception_state_round_trips() -> None:
    s = engine.new_game("medium", 3, {"deception": True})
    assert engine.from_json(engine.to_json(s)).deception == s.deception


def test_hidden_asset_is_revealed_and_discarded() -> None:
    s = position().copy()
    s.deception = {"gov": {"held": ["hidden_asset", "hidden_asset"], "used": []},
                   "fln": {"held": ["empty_threat", "hidden_agenda"], "used": []}}
    assert holds(s, "gov", "hidden_asset") and not holds(s, "fln", "hidden_asset")
    log: list[dict[str, Any]] = []
    use_hidden_asset(s, "gov", log)
    assert s.deception["gov"] == {"held": ["hidden_asset"], "used": ["hidden_asset"]}
    assert log[0]["rule"] == "7.3"
    r = final_result(s, "final")
    assert r["deception"]["gov"] == ["hidden_asset", "hidden_asset"]
    assert r["margins"]["fln"] == engine.board.scores(s).margins["fln"] + 1  # Hidden Agenda
