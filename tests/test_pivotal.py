"""Pivotal Events #61-#66 (2.3.7, 5.1.4-5.1.9) and the OAS capability (5.3.1)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.board import control, independent, mobilized
from engine.machine import settle
from engine.ops import OPS, op_frame
from engine.propaganda import fln_earnings
from engine.sequence import playable_pivotals
from engine.state import State
from tests.helpers import box, pieces, play, position, set_available

CARD = 21  # an ordinary Event card revealed; the Pivotal Event replaces it
DECLINE = {"t": "decline"}


def window(scenario: str = "full", spaces: dict[str, dict[str, Any]] | None = None, *,
           held: dict[str, list[int]] | None = None, coup_played: bool | None = None,
           coup_campaign: int | None = None, capabilities: dict[str, str] | None = None,
           oop: dict[str, int] | None = None, **kw: Any) -> State:
    """A position where Event card CARD has just been revealed (external chance: the test gives
    the dice), at the Pivotal window of 2.3.7 (or the First Eligible's prompt if none is open)."""
    s = position(scenario, spaces, options={"chance": "external"}, **kw).copy()
    if held is not None:
        s.cards["held"] = held
    if coup_played is not None:
        s.cards["coup_played"] = coup_played
    s.cards["coup_campaign"] = coup_campaign
    if capabilities is not None:
        s.cards["capabilities"] = capabilities
    for key, n in (oop or {}).items():
        s = set_available(s, key, s.boxes["available"][key] - n)
    s.pending = [{"k": "game", "stage": "draw"}]
    settle(s, [])
    return play(s, {"t": "draw", "card": CARD})


def roll(*values: int) -> list[dict[str, Any]]:
    return [{"t": "roll", "value": v} for v in values]


def pivotal(card: int) -> dict[str, Any]:
    return {"t": "pivotal", "card": card}


def roundtrip(s: State) -> None:
    """The bookkeeping of the cards passes the state validator (engine.validate)."""
    assert engine.from_json(engine.to_json(s)) == s


def second_eligible_after_pivotal(s: State, player: str) -> None:
    """2.3.7: the player of the Pivotal Event is First Eligible in the Event box; the other may
    only do an Operation with a Special Activity, or Pass."""
    assert s.sop["first"] == player and s.sop["first_box"] == "event"
    if s.pending[-1]["k"] == "pivotal_window":  # the other player's window: nothing left to play
        assert engine.legal_moves(s) == [DECLINE]
        s = play(s, DECLINE)
    f = s.pending[-1]
    assert f["k"] == "eligible" and f["who"] != player and f["options"] == ["op_plus_sa", "pass"]
    assert s.cards["current"] == CARD


# --- 2.3.7: the window ----------------------------------------------------------------------


def test_second_eligible_is_asked_first_and_only_playable_cards_are_offered() -> None:
    s = window("full", first="fln")
    assert engine.to_move(s) == "gov" and s.pending[-1]["k"] == "pivotal_window"
    # 64: Opposition + Bases < 15; 65: Coup d'Etat never played; 66: free this Campaign.
    assert engine.legal_moves(s) == [pivotal(66), DECLINE]
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, pivotal(65))
    s = play(s, DECLINE)
    # 61: no Mobilization; 63: no Recall De Gaulle; 62: FLN has 20 Resources.
    assert engine.to_move(s) == "fln" and engine.legal_moves(s) == [pivotal(62), DECLINE]
    s = play(s, DECLINE)
    assert s.pending[-1]["k"] == "eligible" and s.pending[-1]["role"] == "first"


def test_no_window_when_nothing_is_playable() -> None:
    s = window("full", resources=(20, 5), coup_campaign=0)
    assert s.pending[-1]["k"] == "eligible" and s.pending[-1]["who"] == "fln"
    assert playable_pivotals(s, "gov") == [] and playable_pivotals(s, "fln") == []


# --- #66 Coup d'Etat (5.1.5) ---------------------------------------------------------------


def test_coup_example_1_fln_wins_and_removes_three_troops() -> None:
    s = window("full", {"Algiers": {"ft": 3}, "Medea": {"ft": 2}}, commitment=20,
               resources=(10, 20))
    s = play(s, pivotal(66), *roll(3, 4))
    assert engine.to_move(s) == "fln"
    assert engine.legal_moves(s) == [{"t": "pick", "value": "troops"},
                                     {"t": "pick", "value": "commitment"}]
    s = play(s, {"t": "pick", "value": "troops"})
    assert {"t": "remove", "piece": "french_troops", "box": "available"} in engine.legal_moves(s)
    s = play(s, {"t": "remove", "piece": "french_troops", "space": "Algiers"},
             {"t": "remove", "piece": "french_troops", "space": "Algiers"},
             {"t": "remove", "piece": "french_troops", "space": "Medea"})
    assert pieces(s, "Algiers") == {"ft": 1} and pieces(s, "Medea") == {"ft": 1}
    assert box(s, "out_of_play") == {"french_troops": 3}
    assert s.commitment == 20 and s.resources == {"gov": 10, "fln": 20}
    assert s.cards["held"]["gov"] == [64, 65, 66]  # retained (2.3.7)
    assert s.cards["coup_played"] and s.cards["coup_campaign"] == s.cards["propaganda_drawn"]
    assert 66 not in s.cards["played"]
    second_eligible_after_pivotal(s, "gov")
    roundtrip(s)


def test_coup_example_2_government_wins_cancels_de_gaulle_and_oas() -> None:
    s = window("short", commitment=15, resources=(20, 15))
    assert s.cards["held"] == {"gov": [66], "fln": [63]} and 65 in s.cards["in_effect"]
    s = play(s, pivotal(66), *roll(4, 2))
    assert 65 not in s.cards["in_effect"] and sorted(s.cards["removed"]) == [63, 65]
    assert s.cards["held"] == {"gov": [66], "fln": []}  # OAS removed though never played
    assert s.commitment == 17 and s.resources == {"gov": 26, "fln": 15}
    second_eligible_after_pivotal(s, "gov")
    roundtrip(s)


def test_coup_government_win_also_cancels_oas_in_effect() -> None:
    s = window("short", held={"gov": [66], "fln": []}, capabilities={"63": "unshaded"})
    s.cards["played"].append(63)
    s = play(s, pivotal(66), *roll(6, 5))
    assert s.cards["capabilities"] == {} and 63 not in s.cards["played"]
    assert sorted(s.cards["removed"]) == [63, 65]
    assert s.commitment == 25 and s.resources["gov"] == 31


def test_coup_government_win_before_de_gaulle_cancels_nothing_and_clamps() -> None:
    s = window("medium", commitment=48, resources=(45, 10), coup_played=False)
    assert engine.legal_moves(s) == [pivotal(66), DECLINE]  # 65: Coup never played yet
    s = play(s, pivotal(66), *roll(5, 4))
    assert s.cards["removed"] == [] and s.cards["held"] == {"gov": [65, 66], "fln": [63]}
    assert s.commitment == 50 and s.resources["gov"] == 50


def test_coup_fln_chooses_commitment_floor_zero() -> None:
    s = window("full", {"Algiers": {"ft": 3}}, commitment=2)
    s = play(s, pivotal(66), *roll(3, 6), {"t": "pick", "value": "commitment"})
    assert s.commitment == 0 and pieces(s, "Algiers") == {"ft": 3}
    assert box(s, "out_of_play") == {}


def test_coup_fln_troops_fewer_than_roll_takes_all_incl_available() -> None:
    s = window("full", {"Algiers": {"ft": 1}})
    s = set_available(s, "french_troops", 1)  # 1 Available, 7 Out of Play
    s = play(s, pivotal(66), *roll(5, 6), {"t": "pick", "value": "troops"})  # nothing to choose
    assert box(s, "out_of_play")["french_troops"] == 9 and pieces(s, "Algiers") == {}
    assert box(s, "available").get("french_troops", 0) == 0
    second_eligible_after_pivotal(s, "gov")


def test_coup_fln_chooses_troops_on_the_map_or_available() -> None:
    s = window("full", {"Algiers": {"ft": 2}})
    s = set_available(s, "french_troops", 1)  # 1 Available, 6 Out of Play
    s = play(s, pivotal(66), *roll(2, 3), {"t": "pick", "value": "troops"})
    assert engine.legal_moves(s) == [{"t": "remove", "piece": "french_troops", "space": "Algiers"},
                                     {"t": "remove", "piece": "french_troops", "box": "available"}]
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, {"t": "remove", "piece": "french_troops", "space": "Medea"})
    s = play(s, {"t": "remove", "piece": "french_troops", "box": "available"},
             {"t": "remove", "piece": "french_troops", "space": "Algiers"})
    assert box(s, "out_of_play")["french_troops"] == 8 and pieces(s, "Algiers") == {"ft": 1}
    assert box(s, "available").get("french_troops", 0) == 0
    second_eligible_after_pivotal(s, "gov")


def test_coup_fln_troops_when_no_troop_exists_does_nothing() -> None:
    s = set_available(window("full"), "french_troops", 0)
    s = play(s, pivotal(66), *roll(1, 2), {"t": "pick", "value": "troops"})
    second_eligible_after_pivotal(s, "gov")
    assert s.commitment == 20


def test_coup_tie_changes_nothing_but_counts_as_played_once_per_campaign() -> None:
    s = window("medium", commitment=20, resources=(10, 10), coup_played=False)
    before = (s.commitment, dict(s.resources), s.boxes)
    s = play(s, pivotal(66), *roll(3, 3))
    assert (s.commitment, s.resources, s.boxes) == before
    assert s.cards["coup_played"] and s.cards["coup_campaign"] == 0
    # Same Campaign: Coup d'Etat no longer playable; Recall De Gaulle now is (5.1.5, 5.1.7).
    assert playable_pivotals(s, "gov") == [65]
    t = s.copy()
    t.cards["propaganda_drawn"] = 1  # after the next Propaganda card: a new Campaign
    assert playable_pivotals(t, "gov") == [65, 66]


def test_coup_in_managed_chance_rolls_two_dice() -> None:
    s = position("short", options={"chance": "managed"}).copy()
    deck = s.cards["deck"]
    top = next(c for c in deck if c <= 60)
    deck.remove(top)
    deck.insert(0, top)
    s.pending = [{"k": "game", "stage": "draw"}]
    settle(s, [])
    assert engine.legal_moves(s) == [pivotal(66), DECLINE]
    s2, log = engine.apply(s, pivotal(66))
    rolls = [e["roll"] for e in log if "roll" in e]
    assert len(rolls) == 2 and s2.cards["coup_campaign"] == 0
    assert engine.apply(s, pivotal(66))[0] == s2  # deterministic
    roundtrip(s2)


# --- #65 Recall De Gaulle (5.1.7) and #63 OAS (5.3.1) ---------------------------------------


def test_recall_de_gaulle_needs_coup_then_enables_oas() -> None:
    s = window("medium", coup_played=True, coup_campaign=0)
    assert engine.legal_moves(s) == [pivotal(65), DECLINE]
    s = play(s, pivotal(65))
    assert 65 in s.cards["in_effect"] and s.cards["held"]["gov"] == [66]
    assert s.cards["played"][-1] == 65 and s.sop["first"] == "gov"
    second_eligible_after_pivotal(s, "gov")
    roundtrip(s)
    # The next Event card: the FLN may now play OAS.
    assert playable_pivotals(s, "fln") == [63]


def test_oas_card_puts_capability_in_effect() -> None:
    s = window("short", first="gov", coup_campaign=0)
    assert engine.to_move(s) == "fln" and engine.legal_moves(s) == [pivotal(63), DECLINE]
    s = play(s, pivotal(63))
    assert s.cards["capabilities"] == {"63": "unshaded"} and s.cards["held"]["fln"] == []
    assert s.cards["played"][-1] == 63
    second_eligible_after_pivotal(s, "fln")  # the FLN takes the initiative
    roundtrip(s)


def test_oas_not_playable_without_de_gaulle() -> None:
    s = window("medium", coup_campaign=0)
    assert 63 not in playable_pivotals(s, "fln")


def oas_position(spaces: dict[str, dict[str, Any]], **kw: Any) -> State:
    s = position("short", spaces, **kw).copy()
    s.cards["capabilities"] = {"63": "unshaded"}
    s.cards["held"]["fln"] = []
    s.pending[-1]["options"] = ["event", "op_plus_sa", "op_only", "limited_op", "pass"]
    return s


def test_oas_used_by_the_fln_in_place_of_a_special_activity() -> None:
    s = oas_position({"Medea": {"ug": 1}, "Algiers": {"support": "support"},
                      "Oran": {"terror": 1}, "Tlemcen": {"resettled": True}},
                     resources=(10, 7), commitment=10)
    s = play(s, {"t": "op", "op": "terror"})
    assert {"t": "sa", "sa": "oas"} in engine.legal_moves(s)
    s = play(s, {"t": "sa", "sa": "oas"})
    spaces = {m["space"] for m in engine.legal_moves(s)}
    # Populated Algerian spaces without Terror, 2 x Pop <= 7 FLN Resources.
    assert "Algiers" in spaces and "Medea" in spaces
    assert not spaces & {"Oran", "Tlemcen", "Batna", "Morocco", "Tunisia"}
    s = play(s, {"t": "space", "space": "Algiers"})
    assert engine.legal_moves(s) == [{"t": "done"}]  # one space only
    s = play(s, {"t": "done"})
    assert s.spaces["Algiers"]["terror"] == 1 and s.spaces["Algiers"]["support"] == "neutral"
    assert s.commitment == 7 and s.resources["fln"] == 1
    assert {"t": "sa", "sa": "oas"} not in engine.legal_moves(s)  # once per Operation
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "done"})
    assert s.sop["first_box"] == "op_plus_sa" and s.resources["fln"] == 0


def test_oas_fln_cannot_afford_a_big_space() -> None:
    s = oas_position({"Medea": {"ug": 1}}, resources=(10, 5))
    s = play(s, {"t": "op", "op": "terror"}, {"t": "sa", "sa": "oas"})
    spaces = {m["space"] for m in engine.legal_moves(s)}
    assert "Algiers" not in spaces and "Medea" in spaces  # 6 > 5, 4 <= 5


def test_oas_used_by_the_government_pays_commitment_fln_floor_zero() -> None:
    s = oas_position({"Oran": {"support": "oppose"}}, first="gov", resources=(10, 3),
                     commitment=2)
    s = play(s, {"t": "op", "op": "train"}, {"t": "sa", "sa": "oas"})
    spaces = {m["space"] for m in engine.legal_moves(s)}
    assert "Oran" in spaces and "Algiers" not in spaces  # Commitment 2 < Pop 3
    s = play(s, {"t": "space", "space": "Oran"}, {"t": "done"})
    assert (s.spaces["Oran"]["terror"], s.spaces["Oran"]["support"]) == (1, "neutral")
    assert s.commitment == 0 and s.resources == {"gov": 10, "fln": 0}
    assert s.pending[-1]["k"] == "op:train" and s.pending[-1]["sa"] == "oas"


def test_oas_without_terror_markers_left_still_neutralizes() -> None:
    full = {n: {"terror": 1} for n in ("Batna", "Barika", "Setif", "Tebessa", "Negrine",
                                       "Souk Ahras", "Bordj Bou Arreridj", "Saida",
                                       "Mascara", "Tiaret", "Ain Sefra", "Laghouat")}
    s = oas_position({**full, "Medea": {"ug": 1, "support": "support"}}, resources=(10, 10))
    s = play(s, {"t": "op", "op": "terror"}, {"t": "sa", "sa": "oas"},
             {"t": "space", "space": "Medea"}, {"t": "done"})
    assert s.spaces["Medea"]["terror"] == 0 and s.spaces["Medea"]["support"] == "neutral"
    assert s.resources["fln"] == 6 and s.commitment == 18


def test_oas_not_with_a_limited_operation_or_without_capability() -> None:
    s = oas_position({"Medea": {"ug": 1}})
    terror = OPS["terror"]
    assert {"t": "sa", "sa": "oas"} in terror.sa_starts(
        s, op_frame("terror", "fln", "second", "op_plus_sa"))
    assert terror.sa_starts(s, op_frame("terror", "fln", "second", "limited_op")) == []
    assert terror.sa_starts(s, op_frame("terror", "fln", None, None, free=True)) == []
    s.cards["capabilities"] = {}
    assert {"t": "sa", "sa": "oas"} not in terror.sa_starts(
        s, op_frame("terror", "fln", "first", None))


# --- #64 Mobilization (5.1.6) and #61 Morocco and Tunisia Independent (5.1.8) ---------------

OPPOSITION_13 = {n: {"support": "oppose"} for n in (
    "Algiers", "Oran", "Constantine", "Medea", "Bougie", "Tizi Ouzou")}


def test_mobilization_needs_opposition_plus_bases_15() -> None:
    s = window("full", {**OPPOSITION_13, "Batna": {"fb": 1}}, coup_campaign=0,
               resources=(20, 0))
    assert 64 not in playable_pivotals(s, "gov")  # 13 + 1 = 14
    s = window("full", {**OPPOSITION_13, "Batna": {"fb": 2}}, coup_campaign=0,
               resources=(20, 0))
    assert engine.legal_moves(s) == [pivotal(64), DECLINE]  # 13 + 2 = 15


def test_mobilization_moves_pieces_out_of_play_up_to_half_commitment() -> None:
    s = window("full", {**OPPOSITION_13, "Batna": {"fb": 2}}, coup_campaign=0,
               resources=(20, 0), commitment=7, oop={"french_troops": 5, "french_police": 6})
    s = play(s, pivotal(64))
    assert engine.to_move(s) == "gov"
    assert engine.legal_moves(s) == [{"t": "oop_to_available", "piece": "french_troops"},
                                     {"t": "oop_to_available", "piece": "french_police"},
                                     {"t": "done"}]
    s = play(s, *[{"t": "oop_to_available", "piece": "french_troops"}] * 3,
             {"t": "oop_to_available", "piece": "french_police"})  # 4 = ceil(7 / 2): ends
    assert box(s, "out_of_play") == {"french_troops": 2, "french_police": 5}
    assert box(s, "available")["french_troops"] == 7 and s.commitment == 7
    assert s.cards["in_effect"] == [64] and mobilized(s) and s.cards["held"]["gov"] == [65, 66]
    second_eligible_after_pivotal(s, "gov")
    roundtrip(s)
    assert 61 in playable_pivotals(s, "fln")


def test_mobilization_may_stop_early_or_have_nothing_to_move() -> None:
    s = window("full", {**OPPOSITION_13, "Batna": {"fb": 2}}, coup_campaign=0,
               resources=(20, 0), oop={"gov_bases": 2})
    s = play(s, pivotal(64), {"t": "done"})
    assert box(s, "out_of_play") == {"gov_bases": 2} and mobilized(s)
    s = window("full", {**OPPOSITION_13, "Batna": {"fb": 2}}, coup_campaign=0,
               resources=(20, 0))
    s = play(s, pivotal(64))  # nothing Out of Play: no decision
    assert mobilized(s)
    second_eligible_after_pivotal(s, "gov")


def test_morocco_tunisia_independent_after_mobilization() -> None:
    s = window("full", coup_campaign=0, resources=(20, 0), in_effect=[64],
               held={"gov": [65, 66], "fln": [61, 62, 63]})
    assert engine.legal_moves(s) == [pivotal(61), DECLINE]
    assert control(s, "Morocco") is None and not independent(s)
    s = play(s, pivotal(61))
    assert s.cards["in_effect"] == [61, 64] and s.border_zone == 0 and independent(s)
    assert control(s, "Morocco") == "fln" and s.cards["held"]["fln"] == [62, 63]
    second_eligible_after_pivotal(s, "fln")
    roundtrip(s)


# --- #62 Suez Crisis (5.1.9) ------------------------------------------------------------------


def test_suez_needs_six_fln_resources() -> None:
    s = window("full", resources=(20, 5), coup_campaign=0)
    assert 62 not in playable_pivotals(s, "fln")
    s = window("full", resources=(20, 6), coup_campaign=0)
    assert engine.legal_moves(s) == [pivotal(62), DECLINE]


def test_suez_government_sets_aside_troops_both_pay_six() -> None:
    s = window("full", {"Algiers": {"ft": 2}, "Oran": {"ft": 1}}, resources=(4, 6),
               coup_campaign=0)
    s = set_available(s, "french_troops", 2)
    income = fln_earnings(s)
    s = play(s, pivotal(62), *roll(4))
    assert engine.to_move(s) == "gov"
    s = play(s, {"t": "remove", "piece": "french_troops", "space": "Algiers"},
             {"t": "remove", "piece": "french_troops", "box": "available"},
             {"t": "remove", "piece": "french_troops", "space": "Oran"},
             {"t": "remove", "piece": "french_troops", "box": "available"})
    assert box(s, "set_aside") == {"french_troops": 4}
    assert pieces(s, "Algiers") == {"ft": 1} and pieces(s, "Oran") == {}
    assert box(s, "available").get("french_troops", 0) == 0
    assert s.resources == {"gov": 0, "fln": 0}
    assert s.cards["delayed"] == ["suez_crisis"] and s.cards["played"][-1] == 62
    assert 62 not in s.cards["in_effect"] and s.cards["held"]["fln"] == [61, 63]
    assert fln_earnings(s) == income + 6  # the payback hook of engine/propaganda.py
    second_eligible_after_pivotal(s, "fln")
    roundtrip(s)


def test_suez_fewer_troops_than_the_roll() -> None:
    s = window("full", {"Algiers": {"ft": 1}}, resources=(20, 10), coup_campaign=0)
    s = set_available(s, "french_troops", 0)
    s = play(s, pivotal(62), *roll(6))  # the only one goes: nothing to choose
    assert box(s, "set_aside") == {"french_troops": 1}
    assert s.resources == {"gov": 14, "fln": 4}
    second_eligible_after_pivotal(s, "fln")


def test_suez_priority_to_the_second_eligible() -> None:
    s = window("full", resources=(20, 10), first="gov")
    assert engine.to_move(s) == "fln"
    s = play(s, pivotal(62), *roll(1))  # from Available, the only source: nothing to choose
    # The Government (First Eligible) keeps Coup d'Etat for later; it cannot play it now.
    assert s.cards["held"]["gov"] == [64, 65, 66]
    assert {"t": "pivotal", "card": 66} not in engine.legal_moves(s)
    second_eligible_after_pivotal(s, "fln")


def test_an_illegal_die_roll_cites_the_rule_that_called_for_it() -> None:
    s = play(window("full"), pivotal(66))
    assert s.pending[-1]["k"] == "roll" and engine.to_move(s) == "chance"
    with pytest.raises(engine.IllegalMove) as e:
        engine.apply(s, {"t": "roll", "value": 7})
    assert e.value.rule == "5.1.5"  # Coup d'Etat
