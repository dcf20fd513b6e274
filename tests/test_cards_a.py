"""Event cards without lasting markers: one position test per text (5.1)."""

from __future__ import annotations

import engine
from engine.events import is_effective
from engine.state import State
from tests.helpers import play, position


def on_card(s: State, card: int) -> State:
    s = s.copy()
    s.cards["current"] = card
    return s


def test_event_option_offered_only_for_implemented_cards() -> None:
    s = on_card(position(spaces={"Medea": {"ug": 1}}), 21)
    assert {"t": "event", "side": "unshaded"} in engine.legal_moves(s)
    assert {"t": "event", "side": "shaded"} in engine.legal_moves(s)
    s = on_card(s, 6)  # not implemented yet: no Event option at all
    assert not [m for m in engine.legal_moves(s) if m["t"] == "event"]


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


def test_9_beni_oui_oui_sets_each_chosen_space() -> None:
    s = on_card(position(spaces={"Medea": {"terror": 1}, "Setif": {"resettled": True}}), 9)
    s = play(s, {"t": "event", "side": "unshaded"})
    opts = [m["value"] for m in engine.legal_moves(s) if m["t"] == "pick"]
    assert "Medea" not in opts and "Setif" not in opts and "Batna" not in opts  # Terror, Pop 0
    assert "Algiers" in opts and "Morocco" not in opts
    s = play(s, {"t": "pick", "value": "Algiers"}, {"t": "pick", "value": "Bougie"},
             {"t": "pick", "value": "support"}, {"t": "pick", "value": "oppose"})
    assert s.spaces["Algiers"]["support"] == "support"
    assert s.spaces["Bougie"]["support"] == "oppose"
    assert engine.to_move(s) == "gov"


def test_14_protest_in_paris_moves_track_up_to_two_boxes() -> None:
    s = on_card(position(france_track="E"), 14)
    s = play(s, {"t": "event", "side": "unshaded"})
    assert [m["value"] for m in engine.legal_moves(s)] == ["C", "D", "E", "F"]
    s = play(s, {"t": "pick", "value": "C"})
    assert s.france_track == "C"
