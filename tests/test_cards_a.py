"""Event cards #1-#30 without lasting markers: position tests per text (5.1), with the exact
resulting state, plus the edge cases of the specification (ct-cards-01-35.md)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine.board import population
from engine.cards.common import SECTORS
from engine.events import EVENTS, is_effective
from engine.state import State
from tests.helpers import (
    DONE,
    EXTERNAL,
    box,
    ev,
    on_card,
    picks,
    pieces,
    pk,
    play,
    position,
    roll,
    set_available,
)


def at_second_eligible(s: State, who: str = "gov") -> bool:
    """The Event is over: the Second Eligible is at its option prompt (2.3.2)."""
    f = s.pending[-1]
    return bool(f["k"] == "eligible" and f["who"] == who and f["role"] == "second"
                and s.sop["first_box"] == "event")


def test_event_option_offered_only_for_implemented_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    s = on_card(position(spaces={"Medea": {"ug": 1}}), 21)
    assert {"t": "event", "side": "unshaded"} in engine.legal_moves(s)
    assert {"t": "event", "side": "shaded"} in engine.legal_moves(s)
    monkeypatch.delitem(EVENTS, 21)  # an unregistered card: no Event option at all
    s = on_card(s, 21)
    assert not [m for m in engine.legal_moves(s) if m["t"] == "event"]


def test_single_text_cards_offer_only_unshaded() -> None:
    for card in (4, 9, 14, 20, 25, 28, 30):
        s = on_card(position(), card)
        assert [m for m in engine.legal_moves(s) if m["t"] == "event"] == [
            {"t": "event", "side": "unshaded"}], card


# --- #1 Quadrillage ------------------------------------------------------------------------------


def test_1_unshaded_places_available_french_police_in_up_to_3_spaces() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 1}}), 1)
    s = set_available(s, "french_police", 5)
    s = ev(s)
    spaces = {m["space"] for m in engine.legal_moves(s) if m["t"] == "place"}
    assert len(spaces) == 28 and "Morocco" not in spaces and "Tunisia" not in spaces
    s = play(s, {"t": "place", "space": "Medea", "source": "available"},
             {"t": "place", "space": "Algiers", "source": "available"},
             {"t": "place", "space": "Algiers", "source": "available"},
             {"t": "place", "space": "Oran", "source": "available"})
    # three spaces used: only they remain
    assert {m.get("space") for m in engine.legal_moves(s)} == {"Medea", "Algiers", "Oran", None}
    s = play(s, {"t": "place", "space": "Medea", "source": "available"})
    assert pieces(s, "Medea") == {"fp": 2, "ug": 1} and pieces(s, "Algiers") == {"fp": 2}
    assert pieces(s, "Oran") == {"fp": 1}
    assert s.boxes["available"]["french_police"] == 0
    assert s.boxes["out_of_play"]["french_police"] == 16
    assert at_second_eligible(s)


def test_1_unshaded_may_stop_early_and_does_nothing_without_police() -> None:
    s = ev(on_card(position(), 1))
    s = play(s, {"t": "place", "space": "Setif", "source": "available"}, DONE)
    assert pieces(s, "Setif") == {"fp": 1} and box(s, "available")["french_police"] == 20
    s = set_available(on_card(position(), 1), "french_police", 0)
    assert not is_effective(s, 1, "unshaded")
    s = ev(s)
    assert at_second_eligible(s)


def test_1_shaded_two_free_limited_marches() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 2, "ag": 1}, "Tizi Ouzou": {"ug": 1}},
                         resources=(10, 0)), 1)
    assert is_effective(s, 1, "shaded")
    s = ev(s, "shaded")
    assert s.pending[-1]["k"] == "op:march" and s.pending[-1]["box"] == "limited_op"
    s = play(s, {"t": "group", "from": "Medea", "to": "Algiers"}, {"t": "add",
             "piece": "guerrillas_underground"}, {"t": "go"})
    # Limited: one destination only; no Special Activity in a free Operation (5.5)
    ms = engine.legal_moves(s)
    assert {"t": "sa", "sa": "extort"} not in ms
    assert all(m["to"] == "Algiers" for m in ms if m["t"] == "group")
    s = play(s, DONE)
    # second March: the Guerrilla that moved may move again
    assert s.pending[-1]["k"] == "op:march" and s.pending[-1]["locs"] == []
    s = play(s, {"t": "group", "from": "Algiers", "to": "Medea"},
             {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"},
             {"t": "group", "from": "Tizi Ouzou", "to": "Medea"},
             {"t": "add", "piece": "guerrillas_underground"}, {"t": "go"}, DONE)
    assert pieces(s, "Medea") == {"ug": 3, "ag": 1} and pieces(s, "Algiers") == {}
    assert pieces(s, "Tizi Ouzou") == {}
    assert s.resources == {"gov": 10, "fln": 0}
    assert at_second_eligible(s)


def test_1_shaded_executed_by_government_is_performed_by_fln() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 1}}, first="gov"), 1)
    s = ev(s, "shaded")
    assert engine.to_move(s) == "fln" and s.pending[-1]["k"] == "op:march"


def test_1_shaded_without_guerrillas_does_nothing() -> None:
    s = on_card(position(), 1)
    assert not is_effective(s, 1, "shaded")
    assert at_second_eligible(ev(s, "shaded"))


# --- #3 Leadership Snatch ------------------------------------------------------------------------


def test_3_unshaded_activates_every_underground_guerrilla_of_one_wilaya() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 2, "ag": 1}, "Algiers": {"ug": 1},
                                 "Setif": {"ug": 2}, "Morocco": {"ug": 1}}), 3)
    s = ev(s)
    assert picks(s) == [1, 2, 3, 4, 5, 6]
    s = play(s, pk(4))
    assert pieces(s, "Medea") == {"ag": 3} and pieces(s, "Algiers") == {"ag": 1}
    assert pieces(s, "Setif") == {"ug": 2} and pieces(s, "Morocco") == {"ug": 1}
    assert at_second_eligible(s)


def test_3_unshaded_not_effective_without_underground_guerrilla_in_algeria() -> None:
    s = on_card(position(spaces={"Medea": {"ag": 2}, "Morocco": {"ug": 1}}), 3)
    assert not is_effective(s, 3, "unshaded")


def test_3_shaded_sets_fln_controlled_populated_spaces_to_opposition() -> None:
    s = on_card(position(spaces={
        "Medea": {"ug": 2, "support": "support", "terror": 1},
        "Tizi Ouzou": {"ug": 1},
        "Bougie": {"ug": 1, "fp": 2, "support": "support"},  # Government Control
        "Batna": {"ug": 1},                                  # Pop 0
        "Oran": {"ug": 2, "support": "oppose"},              # already at Opposition
        "Setif": {"ug": 1, "resettled": True},               # Resettled: Pop 0
        "Tunisia": {"ug": 3}}), 3)
    s = ev(s, "shaded")
    assert sorted(picks(s)) == ["Medea", "Tizi Ouzou"]
    s = play(s, pk("Medea"), pk("Tizi Ouzou"))
    assert s.spaces["Medea"]["support"] == "oppose" and s.spaces["Medea"]["terror"] == 1
    assert s.spaces["Tizi Ouzou"]["support"] == "oppose"
    assert s.spaces["Bougie"]["support"] == "support"
    assert at_second_eligible(s)


def test_3_shaded_may_choose_no_space_and_is_ineffective_without_target() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 1}}), 3)
    s2 = play(ev(s, "shaded"), DONE)
    assert s2.spaces["Medea"]["support"] == "neutral" and at_second_eligible(s2)
    assert not is_effective(on_card(position(spaces={"Batna": {"ug": 1}}), 3), 3, "shaded")


# --- #4 Oil & Gas Discoveries --------------------------------------------------------------------


def test_4_commitment_up_and_government_picks_twice_as_many_french_cubes() -> None:
    s = on_card(position(spaces={"Medea": {"ft": 2, "ug": 1}, "Algiers": {"fp": 1}},
                         commitment=20), 4)
    s = ev(s)
    assert picks(s) == [0, 1, 2]
    s = play(s, pk(2))
    assert s.commitment == 22 and engine.to_move(s) == "gov"
    ms = engine.legal_moves(s)
    assert {"t": "remove", "piece": "french_troops", "space": "Medea"} in ms
    assert {"t": "remove", "piece": "french_police", "box": "available"} in ms
    assert {"t": "done"} not in ms  # the cubes must go (5.1.3)
    s = play(s, {"t": "remove", "piece": "french_troops", "space": "Medea"},
             {"t": "remove", "piece": "french_troops", "space": "Medea"},
             {"t": "remove", "piece": "french_police", "space": "Algiers"},
             {"t": "remove", "piece": "french_troops", "box": "available"})
    assert pieces(s, "Medea") == {"ug": 1} and pieces(s, "Algiers") == {}
    assert box(s, "out_of_play") == {"french_troops": 3, "french_police": 1}
    assert box(s, "available")["french_troops"] == 6
    assert at_second_eligible(s)


def test_4_limits_commitment_50_and_cubes_available() -> None:
    s = on_card(position(commitment=49), 4)
    s = ev(s)
    assert picks(s) == [0, 1]
    s = play(s, pk(0))
    assert s.commitment == 49 and box(s, "out_of_play") == {} and at_second_eligible(s)
    # only one French cube in all: nothing can be added
    s = position(spaces={"Medea": {"fp": 1}})
    s = set_available(set_available(s, "french_police", 0), "french_troops", 0)
    s = on_card(s, 4)
    assert not is_effective(s, 4, "unshaded")
    s = ev(s)
    assert at_second_eligible(s) and s.commitment == 20
    assert not is_effective(on_card(position(commitment=50), 4), 4, "unshaded")


def test_4_exactly_two_cubes_go_without_a_choice() -> None:
    s = position(spaces={"Medea": {"fp": 1, "ft": 1}})
    s = on_card(set_available(set_available(s, "french_police", 0), "french_troops", 0), 4)
    s = play(ev(s), pk(1))
    assert s.commitment == 21 and pieces(s, "Medea") == {}
    assert box(s, "out_of_play") == {"french_troops": 9, "french_police": 21}
    assert at_second_eligible(s)


# --- #6 Factionalism ----------------------------------------------------------------------------


def test_6_unshaded_removes_up_to_3_guerrillas_in_one_wilaya() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 2, "ag": 1}, "Algiers": {"ug": 1},
                                 "Setif": {"ug": 1}}), 6)
    s = ev(s)
    assert picks(s) == ["remove_guerrillas", "france_track"]
    s = play(s, pk("remove_guerrillas"), pk(4))
    choices = {(m["piece"], m["space"]) for m in engine.legal_moves(s) if m["t"] == "remove"}
    assert choices == {("guerrillas_underground", "Medea"), ("guerrillas_active", "Medea"),
                       ("guerrillas_underground", "Algiers")}
    s = play(s, {"t": "remove", "piece": "guerrillas_active", "space": "Medea"},
             {"t": "remove", "piece": "guerrillas_underground", "space": "Algiers"},
             {"t": "remove", "piece": "guerrillas_underground", "space": "Medea"})
    assert pieces(s, "Medea") == {"ug": 1} and pieces(s, "Algiers") == {}
    assert pieces(s, "Setif") == {"ug": 1}
    assert box(s, "available")["guerrillas"] == 30 - 5 + 3
    assert at_second_eligible(s)


def test_6_unshaded_france_track_up_to_two_boxes_toward_a() -> None:
    s = on_card(position(france_track="E"), 6)
    s = play(ev(s), pk("france_track"))
    assert picks(s) == ["C", "D", "E"]
    assert play(s, pk("C")).france_track == "C"
    s = on_card(position(france_track="B"), 6)
    s = play(ev(s), pk("france_track"))
    assert picks(s) == ["A", "B"]
    assert not is_effective(on_card(position(france_track="A"), 6), 6, "unshaded")


def test_6_shaded_free_rally_in_one_space_with_an_fln_base() -> None:
    s = on_card(position(spaces={
        "Medea": {"fb": 1, "ug": 1, "ag": 1, "support": "support"},
        "Bougie": {"ug": 2},                               # no Base: not selectable
        "Algiers": {"fb": 1, "ug": 1, "support": "support"}  # City at Support: no Rally
    }, resources=(10, 3)), 6)
    assert is_effective(s, 6, "shaded")
    s = ev(s, "shaded")
    assert s.pending[-1]["op"] == "rally" and s.pending[-1]["free"]
    assert [m for m in engine.legal_moves(s) if m["t"] == "space"] == [
        {"t": "space", "space": "Medea"}]  # never the France Track
    s = play(s, {"t": "space", "space": "Medea"})
    s = play(s, {"t": "place", "space": "Medea"}, {"t": "place", "space": "Medea"},
             {"t": "place", "space": "Medea"})  # Population 2 + 1 Base
    assert [m for m in engine.legal_moves(s) if m["t"] == "space"] == []  # one space only
    s = play(s, {"t": "agitate", "space": "Medea"}, DONE)
    assert pieces(s, "Medea") == {"fb": 1, "ug": 4, "ag": 1}
    assert s.spaces["Medea"]["support"] == "neutral"
    assert s.resources == {"gov": 10, "fln": 2}  # the Rally is free, Agitation is not (3.1.2)
    assert at_second_eligible(s)


def test_6_shaded_without_fln_base_does_nothing_and_gov_executor_lets_fln_rally() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 2}}), 6)
    assert not is_effective(s, 6, "shaded")
    assert at_second_eligible(ev(s, "shaded"))
    s = on_card(position(spaces={"Medea": {"fb": 1}}, first="gov"), 6)
    s = ev(s, "shaded")
    assert engine.to_move(s) == "fln" and s.pending[-1]["k"] == "op:rally"
    assert s.pending[-1]["x"]["base_only"]
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "place", "space": "Medea"}, DONE)
    assert pieces(s, "Medea") == {"fb": 1, "ug": 1}
    assert at_second_eligible(s, "fln")


# --- #7 5th Bureau ------------------------------------------------------------------------------


def fifth(roll_value: int) -> State:
    s = on_card(position(spaces={"Medea": {"ug": 1, "ag": 1}, "Algiers": {"ug": 1},
                                 "Setif": {"ug": 2}}, options=EXTERNAL), 7)
    s = play(ev(s), pk(4))
    assert engine.to_move(s) == "chance"
    return play(s, roll(roll_value))


def test_7_unshaded_roll_at_most_guerrillas_removes_up_to_roll() -> None:
    s = fifth(3)  # 3 Guerrillas in Wilaya IV: success (roll <= total)
    assert {(m["piece"], m["space"]) for m in engine.legal_moves(s) if m["t"] == "remove"} == {
        ("guerrillas_underground", "Medea"), ("guerrillas_active", "Medea"),
        ("guerrillas_underground", "Algiers")}
    s = play(s, {"t": "remove", "piece": "guerrillas_active", "space": "Medea"},
             {"t": "remove", "piece": "guerrillas_underground", "space": "Algiers"}, DONE)
    assert pieces(s, "Medea") == {"ug": 1} and pieces(s, "Algiers") == {}
    assert pieces(s, "Setif") == {"ug": 2}
    assert box(s, "available")["guerrillas"] == 30 - 5 + 2
    assert at_second_eligible(s)


def test_7_unshaded_roll_above_guerrillas_fails() -> None:
    s = fifth(4)
    assert pieces(s, "Medea") == {"ug": 1, "ag": 1} and at_second_eligible(s)


def test_7_unshaded_removal_capped_by_roll() -> None:
    s = fifth(1)
    s = play(s, {"t": "remove", "piece": "guerrillas_underground", "space": "Medea"})
    assert pieces(s, "Medea") == {"ag": 1} and at_second_eligible(s)


def test_7_shaded_shifts_two_sectors_toward_opposition() -> None:
    """#7 shaded: "Shift 2 Sectors 1 level each toward Opposition" – not "up to 2" (5.1.3: "An
    executed Event's text that can be implemented must be implemented")."""
    s = on_card(position(spaces={"Medea": {"support": "support"}, "Bougie": {},
                                 "Oran": {"support": "support"},          # City: not a Sector
                                 "Tizi Ouzou": {"support": "oppose"}}), 7)
    s = ev(s, "shaded")
    opts = picks(s)
    assert "Oran" not in opts and "Tizi Ouzou" not in opts and "Batna" not in opts
    assert "Medea" in opts and "Bougie" in opts and "Morocco" not in opts
    assert DONE not in engine.legal_moves(s)
    s = play(s, pk("Medea"))
    assert DONE not in engine.legal_moves(s)  # one Sector is not enough
    s = play(s, pk("Bougie"))
    assert s.spaces["Medea"]["support"] == "neutral"
    assert s.spaces["Bougie"]["support"] == "oppose"
    assert s.spaces["Oran"]["support"] == "support"
    assert at_second_eligible(s)


def test_7_shaded_fewer_sectors_only_when_fewer_qualify() -> None:
    """5.1.3: "If not all of its text can be carried out, implement that part which can." """
    spaces = {n: {"support": "oppose"} for n in SECTORS if population(position(), n) >= 1}
    spaces["Medea"] = {"support": "neutral"}
    s = ev(on_card(position(spaces=spaces), 7), "shaded")
    assert picks(s) == ["Medea"] and DONE not in engine.legal_moves(s)
    s = play(s, pk("Medea"))
    assert s.spaces["Medea"]["support"] == "oppose" and at_second_eligible(s)


# --- #9 Beni-Oui-Oui, #14 Protest in Paris (templates) -------------------------------------------


def test_9_beni_oui_oui_sets_each_chosen_space() -> None:
    s = on_card(position(spaces={"Medea": {"terror": 1}, "Setif": {"resettled": True},
                                 "Oran": {"support": "support"}}), 9)
    s = play(s, {"t": "event", "side": "unshaded"})
    opts = picks(s)
    assert "Medea" not in opts and "Setif" not in opts and "Batna" not in opts  # Terror, Pop 0
    assert "Oran" not in opts  # not Neutral
    assert "Algiers" in opts and "Morocco" not in opts
    s = play(s, pk("Algiers"), pk("Bougie"), pk("support"), pk("oppose"))
    assert s.spaces["Algiers"]["support"] == "support"
    assert s.spaces["Bougie"]["support"] == "oppose"
    assert engine.to_move(s) == "gov" and at_second_eligible(s)


def test_9_beni_oui_oui_one_space_only() -> None:
    s = play(ev(on_card(position(), 9)), pk("Medea"), DONE, pk("oppose"))
    assert s.spaces["Medea"]["support"] == "oppose" and at_second_eligible(s)


def test_14_protest_in_paris_moves_track_up_to_two_boxes() -> None:
    s = on_card(position(france_track="E"), 14)
    s = play(s, {"t": "event", "side": "unshaded"})
    assert [m["value"] for m in engine.legal_moves(s)] == ["C", "D", "E", "F"]
    s = play(s, {"t": "pick", "value": "C"})
    assert s.france_track == "C"
    s = ev(on_card(position(france_track="A"), 14))
    assert picks(s) == ["A", "B", "C"]
    assert not is_effective(on_card(position(france_track="F"), 14), 14, "unshaded")


# --- #15 Jean-Paul Sartre -----------------------------------------------------------------------


def test_15_sartre_both_texts_and_limits() -> None:
    s = on_card(position(resources=(5, 49), commitment=3), 15)
    a = ev(s)
    assert a.resources == {"gov": 5, "fln": 50} and a.commitment == 3
    b = ev(s, "shaded")
    assert b.resources == {"gov": 5, "fln": 49} and b.commitment == 2
    s = on_card(position(resources=(5, 50), commitment=0), 15)
    assert not is_effective(s, 15, "unshaded") and not is_effective(s, 15, "shaded")
    assert ev(s, "shaded").commitment == 0


# --- #16 NATO ----------------------------------------------------------------------------------


def nato(spaces: dict[str, dict[str, Any]] | None = None, first: str = "fln") -> State:
    return on_card(position(spaces=spaces, options=EXTERNAL, first=first), 16)


def test_16_unshaded_roll_french_cubes_from_out_of_play_executor_chooses() -> None:
    s = set_available(set_available(nato(), "french_troops", 7), "french_police", 18)
    s = play(ev(s), roll(4))
    assert engine.to_move(s) == "fln"
    assert engine.legal_moves(s) == [
        {"t": "remove", "piece": "french_troops", "box": "out_of_play"},
        {"t": "remove", "piece": "french_police", "box": "out_of_play"}]
    s = play(s, *[{"t": "remove", "piece": "french_police", "box": "out_of_play"}] * 3,
             {"t": "remove", "piece": "french_troops", "box": "out_of_play"})
    assert box(s, "out_of_play") == {"french_troops": 1}
    assert box(s, "available")["french_troops"] == 8
    assert box(s, "available")["french_police"] == 21
    assert s.commitment == 20 and at_second_eligible(s)


def test_16_unshaded_fewer_out_of_play_than_roll_moves_all() -> None:
    s = set_available(set_available(nato(), "french_troops", 7), "french_police", 20)
    s = play(ev(s), roll(6))
    assert box(s, "out_of_play") == {} and box(s, "available")["french_troops"] == 9
    assert box(s, "available")["french_police"] == 21 and at_second_eligible(s)
    assert not is_effective(nato(), 16, "unshaded")


def test_16_shaded_government_picks_cubes_from_map_or_available() -> None:
    s = nato({"Medea": {"ft": 1, "ug": 1}, "Algiers": {"fp": 2}})
    s = play(ev(s, "shaded"), roll(3))
    assert engine.to_move(s) == "gov"
    s = play(s, {"t": "remove", "piece": "french_police", "space": "Algiers"},
             {"t": "remove", "piece": "french_troops", "box": "available"},
             {"t": "remove", "piece": "french_troops", "box": "available"})
    assert pieces(s, "Algiers") == {"fp": 1} and pieces(s, "Medea") == {"ft": 1, "ug": 1}
    assert box(s, "out_of_play") == {"french_troops": 2, "french_police": 1}
    assert s.commitment == 20 and at_second_eligible(s)


def test_16_shaded_fewer_cubes_than_roll_all_go() -> None:
    s = nato({"Medea": {"ft": 1}, "Algiers": {"fp": 1}})
    s = set_available(set_available(s, "french_troops", 0), "french_police", 0)
    s = play(ev(s, "shaded"), roll(5))
    assert pieces(s, "Medea") == {} and pieces(s, "Algiers") == {}
    assert box(s, "out_of_play") == {"french_troops": 9, "french_police": 21}
    assert at_second_eligible(s)


# --- #19 General Strike -------------------------------------------------------------------------


def test_19_unshaded_city_to_neutral_and_commitment_plus_population() -> None:
    s = on_card(position(spaces={"Algiers": {"support": "support", "terror": 1, "pop_bonus": 1}},
                         commitment=20), 19)
    s = ev(s)
    assert picks(s) == ["Constantine", "Algiers", "Oran"]
    s = play(s, pk("Algiers"))
    assert s.spaces["Algiers"]["support"] == "neutral" and s.spaces["Algiers"]["terror"] == 1
    assert s.commitment == 24 and at_second_eligible(s)


def test_19_unshaded_neutral_city_still_adds_commitment_capped_at_50() -> None:
    s = play(ev(on_card(position(commitment=49), 19)), pk("Oran"))
    assert s.commitment == 50 and s.spaces["Oran"]["support"] == "neutral"
    assert not is_effective(on_card(position(commitment=50), 19), 19, "unshaded")


def test_19_shaded_fln_resources_plus_2() -> None:
    s = ev(on_card(position(resources=(3, 49)), 19), "shaded")
    assert s.resources == {"gov": 3, "fln": 50}


# --- #20 Sauve Qui Peut -------------------------------------------------------------------------


def test_20_fln_removes_algerian_police_paying_one_each() -> None:
    s = on_card(position(spaces={"Medea": {"ap": 2, "ug": 1}, "Morocco": {"ag": 1}},
                         resources=(10, 2)), 20)
    s = ev(s)
    assert {(m["piece"], m["space"]) for m in engine.legal_moves(s) if m["t"] == "remove"} == {
        ("algerian_police", "Medea"), ("guerrillas_underground", "Medea"),
        ("guerrillas_active", "Morocco")}
    s = play(s, {"t": "remove", "piece": "algerian_police", "space": "Medea"},
             {"t": "remove", "piece": "guerrillas_active", "space": "Morocco"})
    assert pieces(s, "Medea") == {"ap": 1, "ug": 1} and pieces(s, "Morocco") == {}
    assert box(s, "available")["algerian_police"] == 6 and box(s, "available")["guerrillas"] == 29
    assert s.resources == {"gov": 10, "fln": 0} and at_second_eligible(s)


def test_20_government_may_stop_and_pays_only_for_pieces_removed() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 3}}, resources=(10, 2), first="gov"), 20)
    s = play(ev(s), {"t": "remove", "piece": "guerrillas_underground", "space": "Medea"}, DONE)
    assert pieces(s, "Medea") == {"ug": 2} and s.resources == {"gov": 9, "fln": 2}
    assert at_second_eligible(s, "fln")


def test_20_no_resources_no_removal() -> None:
    s = on_card(position(spaces={"Medea": {"ap": 2}}, resources=(10, 0)), 20)
    assert not is_effective(s, 20, "unshaded")
    s = ev(s)
    assert pieces(s, "Medea") == {"ap": 2} and at_second_eligible(s)


# --- #21, #22 (templates) -----------------------------------------------------------------------


def test_21_united_nations_resolution_both_texts() -> None:
    s = on_card(position(commitment=20), 21)
    a = play(s, {"t": "event", "side": "unshaded"})
    assert a.commitment == 21 and a.sop["first_box"] == "event"
    b = play(s, {"t": "event", "side": "shaded"})
    assert b.commitment == 19
    assert engine.legal_moves(b)[-1] == {"t": "pass"} and b.pending[-1]["options"] == [
        "op_plus_sa", "pass"]  # 2.3.2: after an Event, Op + SA or Pass


def test_22_usa_convinced_limits_at_0_and_50() -> None:
    s = on_card(position(commitment=49), 22)
    assert play(s, {"t": "event", "side": "unshaded"}).commitment == 50
    s = on_card(position(commitment=1), 22)
    assert play(s, {"t": "event", "side": "shaded"}).commitment == 0
    s = on_card(position(commitment=0), 22)
    assert not is_effective(s, 22, "shaded") and is_effective(s, 22, "unshaded")


# --- #23 Diplomatic Leanings --------------------------------------------------------------------


def test_23_unshaded_one_base_from_each_country_without_commitment() -> None:
    s = on_card(position(spaces={"Morocco": {"fb": 2, "ug": 1}, "Tunisia": {"fb": 1}}), 23)
    s = ev(s)
    assert picks(s) == ["Morocco", "Tunisia"]
    s = play(s, pk("Morocco"), pk("Tunisia"))
    assert pieces(s, "Morocco") == {"fb": 1, "ug": 1} and pieces(s, "Tunisia") == {}
    assert box(s, "available")["fln_bases"] == 14 and s.commitment == 20
    assert at_second_eligible(s)


def test_23_unshaded_one_country_or_none() -> None:
    s = on_card(position(spaces={"Morocco": {"fb": 1}, "Tunisia": {"fb": 1}}), 23)
    s = play(ev(s), pk("Tunisia"), DONE)
    assert pieces(s, "Morocco") == {"fb": 1} and pieces(s, "Tunisia") == {}
    s = on_card(position(spaces={"Medea": {"fb": 1}}, in_effect=[64, 65]), 23)
    assert not is_effective(s, 23, "unshaded")  # not independent (and no Base there anyway)
    assert at_second_eligible(ev(s))


def test_23_shaded_fln_resources_plus_6_capped() -> None:
    assert ev(on_card(position(resources=(1, 47)), 23), "shaded").resources == {"gov": 1,
                                                                               "fln": 50}
    assert not is_effective(on_card(position(resources=(1, 50)), 23), 23, "shaded")


# --- #24 Economic Development -------------------------------------------------------------------


def test_24_unshaded_government_controlled_spaces_to_support() -> None:
    s = on_card(position(spaces={
        "Medea": {"fp": 2, "ug": 1, "support": "oppose", "terror": 1},
        "Algiers": {"ft": 1},
        "Batna": {"ft": 2},                                   # Pop 0
        "Bougie": {"ft": 1, "ug": 1},                         # not controlled
        "Oran": {"ap": 1, "support": "support"}}), 24)      # already at Support
    s = ev(s)
    assert sorted(picks(s)) == ["Algiers", "Medea"]
    s = play(s, pk("Medea"), pk("Algiers"))
    assert s.spaces["Medea"]["support"] == "support" and s.spaces["Medea"]["terror"] == 1
    assert s.spaces["Algiers"]["support"] == "support" and at_second_eligible(s)


def test_24_shaded_government_resources_minus_6_floor_0() -> None:
    assert ev(on_card(position(resources=(4, 5)), 24), "shaded").resources == {"gov": 0,
                                                                              "fln": 5}
    assert not is_effective(on_card(position(resources=(0, 5)), 24), 24, "shaded")


# --- #25 Purge ---------------------------------------------------------------------------------


def test_25_fln_executor_removes_government_cubes_then_resources() -> None:
    s = on_card(position(spaces={"Medea": {"ft": 1, "ap": 1, "gb": 1}, "Algiers": {"fp": 2}},
                         options=EXTERNAL, resources=(20, 5)), 25)
    s = play(ev(s), roll(5))  # 3 pieces
    ms = engine.legal_moves(s)
    assert {"t": "done"} not in ms  # must remove (5.1.3)
    assert {"t": "remove", "piece": "gov_bases", "space": "Medea"} not in ms
    s = play(s, {"t": "remove", "piece": "french_troops", "space": "Medea"},
             {"t": "remove", "piece": "algerian_police", "space": "Medea"},
             {"t": "remove", "piece": "french_police", "space": "Algiers"})
    assert engine.to_move(s) == "chance"
    s = play(s, roll(4))
    assert pieces(s, "Medea") == {"gb": 1} and pieces(s, "Algiers") == {"fp": 1}
    assert box(s, "available")["french_troops"] == 9 and box(s, "casualties") == {}
    assert s.resources == {"gov": 16, "fln": 5} and at_second_eligible(s)


def test_25_government_executor_fewer_guerrillas_than_n_and_resources_floor() -> None:
    s = on_card(position(spaces={"Morocco": {"ag": 1}, "Medea": {"fb": 1}},
                         options=EXTERNAL, resources=(20, 3), first="gov"), 25)
    s = play(ev(s), roll(6))  # 3 pieces but only 1 Guerrilla: removed without a choice
    assert engine.to_move(s) == "chance"
    s = play(s, roll(6))
    assert pieces(s, "Morocco") == {} and pieces(s, "Medea") == {"fb": 1}
    assert s.resources == {"gov": 20, "fln": 0} and at_second_eligible(s, "fln")


def test_25_roll_halved_rounded_up() -> None:
    s = on_card(position(spaces={"Medea": {"ft": 3}}, options=EXTERNAL), 25)
    s = play(ev(s), roll(1))
    assert pieces(s, "Medea") == {"ft": 2}  # one piece, removed without a choice
    s = play(s, roll(2))
    assert s.resources == {"gov": 18, "fln": 20}


# --- #26 Casbah --------------------------------------------------------------------------------

ALGIERS = {"t": "place", "space": "Algiers", "source": "available"}


def test_26_unshaded_ratonnade() -> None:
    s = on_card(position(spaces={"Algiers": {"ug": 1, "ag": 1, "fb": 1, "fp": 1}},
                         resources=(5, 10), commitment=20), 26)
    s = ev(s)
    s = play(s, {"t": "remove", "piece": "fln_bases", "space": "Algiers"},
             {"t": "remove", "piece": "guerrillas_underground", "space": "Algiers"},
             {"t": "remove", "piece": "guerrillas_active", "space": "Algiers"})
    assert pieces(s, "Algiers") == {"fp": 1}
    assert s.commitment == 21 and s.resources == {"gov": 5, "fln": 13}
    assert box(s, "available")["fln_bases"] == 15 and at_second_eligible(s)


def test_26_unshaded_partial_and_none() -> None:
    s = on_card(position(spaces={"Algiers": {"ug": 2}}, resources=(5, 49)), 26)
    s = play(ev(s), {"t": "remove", "piece": "guerrillas_underground", "space": "Algiers"},
             {"t": "remove", "piece": "guerrillas_underground", "space": "Algiers"})
    assert s.resources["fln"] == 50 and s.commitment == 20
    s = on_card(position(spaces={"Medea": {"ug": 2}}), 26)
    assert not is_effective(s, 26, "unshaded") and at_second_eligible(ev(s))


def test_26_shaded_uprising_then_free_agitation() -> None:
    s = on_card(position(spaces={"Algiers": {"fp": 2, "support": "support"}},
                         resources=(5, 0)), 26)
    s = ev(s, "shaded")
    s = play(s, *[ALGIERS] * 4)
    assert pieces(s, "Algiers") == {"fp": 2, "ug": 4}
    assert engine.legal_moves(s) == [pk("agitate"), DONE]
    s = play(s, pk("agitate"))
    assert s.spaces["Algiers"]["support"] == "neutral"
    assert s.resources == {"gov": 5, "fln": 0} and at_second_eligible(s)


def test_26_shaded_agitation_removes_terror_first_and_may_be_declined() -> None:
    s = on_card(position(spaces={"Algiers": {"support": "support", "terror": 1}}), 26)
    s = play(ev(s, "shaded"), ALGIERS, DONE, pk("agitate"))
    assert s.spaces["Algiers"]["terror"] == 0 and s.spaces["Algiers"]["support"] == "support"
    s = on_card(position(spaces={"Algiers": {"support": "support"}}), 26)
    s = play(ev(s, "shaded"), ALGIERS, DONE, DONE)
    assert s.spaces["Algiers"]["support"] == "support" and at_second_eligible(s)


def test_26_shaded_no_agitation_without_fln_control() -> None:
    s = on_card(position(spaces={"Algiers": {"ft": 3}}), 26)
    s = play(ev(s, "shaded"), *[ALGIERS] * 2, DONE)
    assert pieces(s, "Algiers") == {"ft": 3, "ug": 2} and at_second_eligible(s)


def test_26_shaded_map_fallback_only_for_the_fln() -> None:
    s = on_card(position(spaces={"Medea": {"ag": 1}, "Morocco": {"ug": 1}}), 26)
    s = set_available(s, "guerrillas", 0)
    s2 = ev(s, "shaded")
    assert engine.legal_moves(s2) == [
        {"t": "place", "space": "Algiers", "from": "Medea", "piece": "guerrillas_active"},
        DONE]  # 1.4.1: never from Morocco
    s2 = play(s2, {"t": "place", "space": "Algiers", "from": "Medea",
                   "piece": "guerrillas_active"})
    assert pieces(s2, "Algiers") == {"ug": 1} and pieces(s2, "Medea") == {}
    assert engine.legal_moves(s2) == [pk("agitate"), DONE]
    g = on_card(position(spaces={"Medea": {"ag": 1}}, first="gov"), 26)
    g = set_available(g, "guerrillas", 0)
    assert at_second_eligible(ev(g, "shaded"), "fln")  # the Government takes none from the map


# --- #28 Atrocities and Reprisals ---------------------------------------------------------------


def test_28_two_markers_same_space_pay_and_commitment() -> None:
    s = on_card(position(spaces={"Medea": {"support": "support", "terror": 1}},
                         resources=(5, 4), commitment=10), 28)
    s = ev(s)
    assert len(picks(s)) == 28 and "Morocco" not in picks(s)
    s = play(s, pk("Medea"), pk("Medea"))
    assert s.spaces["Medea"]["terror"] == 3 and s.spaces["Medea"]["support"] == "neutral"
    assert s.resources == {"gov": 5, "fln": 2} and s.commitment == 8
    assert at_second_eligible(s)


def test_28_government_executor_one_marker_then_declines() -> None:
    s = on_card(position(spaces={"Oran": {"support": "oppose"}}, resources=(3, 4),
                         commitment=0, first="gov"), 28)
    s = play(ev(s), pk("Oran"), DONE)
    assert s.spaces["Oran"]["terror"] == 1 and s.spaces["Oran"]["support"] == "neutral"
    assert s.resources == {"gov": 2, "fln": 4} and s.commitment == 0
    assert at_second_eligible(s, "fln")


def test_28_limited_by_resources_and_markers() -> None:
    s = on_card(position(resources=(5, 1)), 28)
    s = play(ev(s), pk("Setif"))
    assert s.resources["fln"] == 0 and s.spaces["Setif"]["terror"] == 1 and at_second_eligible(s)
    s = on_card(position(spaces={"Batna": {"terror": 11}}, resources=(5, 5)), 28)
    s = play(ev(s), pk("Setif"))
    assert s.spaces["Setif"]["terror"] == 1 and s.resources["fln"] == 4 and at_second_eligible(s)
    s = on_card(position(spaces={"Batna": {"terror": 12}}, resources=(5, 5)), 28)
    assert not is_effective(s, 28, "unshaded") and at_second_eligible(ev(s))
    assert not is_effective(on_card(position(resources=(5, 0)), 28), 28, "unshaded")


# --- #30 Change in Tactics ----------------------------------------------------------------------


def test_30_removes_one_capability() -> None:
    s = on_card(position(), 30)
    s.cards["capabilities"] = {"13": "unshaded", "18": "unshaded", "27": "shaded"}
    assert is_effective(s, 30, "unshaded")
    s = ev(s)
    assert picks(s) == [13, 18, 27] and DONE not in engine.legal_moves(s)
    s = play(s, pk(18))
    assert s.cards["capabilities"] == {"13": "unshaded", "27": "shaded"}
    assert at_second_eligible(s)


def test_30_removes_oas_and_is_ineffective_without_capability() -> None:
    s = on_card(position(), 30)
    s.cards["capabilities"] = {"63": "unshaded"}
    s = play(ev(s), pk(63))
    assert s.cards["capabilities"] == {} and 63 not in s.cards["in_effect"]
    s = on_card(position(), 30)
    assert not is_effective(s, 30, "unshaded") and at_second_eligible(ev(s))


def test_illegal_event_decisions_are_refused() -> None:
    s = ev(on_card(position(spaces={"Medea": {"ug": 1}}), 3), "shaded")
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, pk("Batna"))
    s = ev(on_card(position(resources=(5, 1)), 28))
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, pk("Morocco"))


def test_25_government_executor_chooses_among_guerrillas() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 1, "ag": 1, "fb": 1}, "Tunisia": {"ug": 2}},
                         options=EXTERNAL, resources=(20, 3), first="gov"), 25)
    s = play(ev(s), roll(3))  # 2 pieces among 4 Guerrillas: the Government chooses
    assert engine.to_move(s) == "gov"
    ms = engine.legal_moves(s)
    assert DONE not in ms and {"t": "remove", "piece": "fln_bases", "space": "Medea"} not in ms
    s = play(s, {"t": "remove", "piece": "guerrillas_underground", "space": "Tunisia"},
             {"t": "remove", "piece": "guerrillas_underground", "space": "Medea"}, roll(2))
    assert pieces(s, "Medea") == {"ag": 1, "fb": 1} and pieces(s, "Tunisia") == {"ug": 1}
    assert box(s, "available")["guerrillas"] == 28 and box(s, "casualties") == {}
    assert s.resources == {"gov": 20, "fln": 1} and at_second_eligible(s, "fln")


def test_16_unshaded_executed_by_government() -> None:
    s = set_available(nato(first="gov"), "french_troops", 6)
    s = play(ev(s), roll(2))  # only Troops Out of Play: no choice
    assert box(s, "out_of_play") == {"french_troops": 1}
    assert box(s, "available")["french_troops"] == 8 and at_second_eligible(s, "fln")


def test_event_decisions_refuse_moves_outside_the_text() -> None:
    s = ev(on_card(position(), 1))
    s = play(s, {"t": "place", "space": "Medea", "source": "available"},
             {"t": "place", "space": "Bougie", "source": "available"},
             {"t": "place", "space": "Setif", "source": "available"})
    with pytest.raises(engine.IllegalMove):  # a fourth space
        engine.apply(s, {"t": "place", "space": "Oran", "source": "available"})
    with pytest.raises(engine.IllegalMove):  # another piece type
        engine.apply(s, {"t": "place", "piece": "french_troops", "space": "Medea"})
    s = ev(on_card(position(spaces={"Medea": {"fb": 1, "ug": 1}, "Bougie": {"ug": 1}}), 6),
           "shaded")
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, {"t": "space", "space": "Bougie"})
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, {"t": "space", "space": "france_track"})
    s = play(ev(on_card(position(spaces={"Medea": {"ft": 2}}, commitment=20), 4)), pk(1))
    with pytest.raises(engine.IllegalMove):  # Algerian cubes are not French
        engine.apply(s, {"t": "remove", "piece": "algerian_troops", "box": "available"})
    with pytest.raises(engine.IllegalMove):  # the cubes must go
        engine.apply(s, DONE)
