"""3.3.4 Terror and 4.3.1 Extort (the first Operation and Special Activity; templates for the rest)."""

from __future__ import annotations

import pytest

import engine
from tests.helpers import pieces, play, position


def test_terror_places_marker_sets_neutral_and_activates() -> None:
    s = position(spaces={"Medea": {"ug": 2, "support": "support"}}, resources=(10, 5))
    s = play(s, {"t": "op", "op": "terror"}, {"t": "space", "space": "Medea"}, {"t": "done"})
    assert engine.legal_moves(s) == [{"t": "sa", "sa": "extort"}, {"t": "done"}]  # 4.1: SA after
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 1, "ag": 1}
    assert s.spaces["Medea"]["terror"] == 1
    assert s.spaces["Medea"]["support"] == "neutral"
    assert s.resources["fln"] == 4
    assert s.sop["first_box"] == "limited_op"


def test_terror_never_in_resettled_sector() -> None:
    s = position(spaces={"Setif": {"ug": 1, "resettled": True}, "Medea": {"ug": 1}})
    s = play(s, {"t": "op", "op": "terror"})
    assert {"t": "space", "space": "Setif"} not in engine.legal_moves(s)
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, {"t": "space", "space": "Setif"})


def test_extort_needs_fln_control_and_population() -> None:
    s = position(spaces={"Medea": {"ug": 2}, "Batna": {"ug": 2}, "Bougie": {"ug": 1, "fp": 1},
                         "Tizi Ouzou": {"ug": 1, "ag": 1}}, resources=(10, 0))
    s = play(s, {"t": "op", "op": "terror"}, {"t": "sa", "sa": "extort"})
    spaces = {m["space"] for m in engine.legal_moves(s) if m["t"] == "space"}
    # Batna is Pop 0, Bougie is not FLN Controlled; the Countries are empty.
    assert spaces == {"Medea", "Tizi Ouzou"}
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "done"},
             {"t": "space", "space": "Medea"}, {"t": "done"})
    assert pieces(s, "Medea") == {"ag": 2}
    assert s.resources["fln"] == 0  # +1 Extort, -1 Terror
    assert s.sop["first_box"] == "op_plus_sa"
