"""3.3.4 Terror and 4.3.1 Extort (the first Operation and Special Activity; templates for the rest)."""

from __future__ import annotations

import pytest

import engine
from tests.helpers import pieces, play, position, spaces_offered


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


@pytest.mark.parametrize("space,extra", [
    ("Setif", {"resettled": True}),  # Resettled: "treated as a Pop 0 Sector" (4.2.1)
    ("Batna", {}), ("Biskra", {}), ("Laghouat", {}),  # printed Pop 0 Sectors
])
def test_terror_never_in_a_pop_0_space(space: str, extra: dict[str, object]) -> None:
    """4.2.1: a Resettled Sector "is now treated as a Pop 0 Sector in all respects but one … The
    FLN player may not Extort or conduct Terror there"; the player aid's Terror: "spaces with
    Underground Guerrillas (not Pop 0)"."""
    s = position(spaces={space: {"ug": 2, **extra}, "Medea": {"ug": 1}})
    s = play(s, {"t": "op", "op": "terror"})
    assert spaces_offered(s) == {"Medea"}
    with pytest.raises(engine.IllegalMove):
        engine.apply(s, {"t": "space", "space": space})


def test_no_terror_operation_when_only_pop_0_spaces_hold_underground_guerrillas() -> None:
    s = position(spaces={"Batna": {"ug": 2}, "Laghouat": {"ug": 1}})
    assert {"t": "op", "op": "terror"} not in engine.legal_moves(s)


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
