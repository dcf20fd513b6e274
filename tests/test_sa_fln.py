"""4.3 FLN Special Activities: Extort (4.3.1) with every Operation, Subvert (4.3.2), Ambush
(4.3.3)."""

from __future__ import annotations



import engine
from engine.ops import op_frame, sa_frame
from engine.state import State
from tests.helpers import EXTERNAL, box, illegal, pieces, play, position, set_available

UGP, AGP = "guerrillas_underground", "guerrillas_active"


def sas(s: State) -> set[str]:
    return {m["sa"] for m in engine.legal_moves(s) if m["t"] == "sa"}


# --- which Special Activity accompanies which Operation (4.1.1) ------------------------------


def test_accompanying_operations() -> None:
    s = position(spaces={"Medea": {"ug": 3, "ap": 1}})
    assert sas(play(s, {"t": "op", "op": "rally"})) == {"extort", "subvert"}
    assert sas(play(s, {"t": "op", "op": "march"})) == {"extort", "subvert"}
    assert sas(play(s, {"t": "op", "op": "terror"})) == {"extort", "subvert"}
    assert sas(play(s, {"t": "op", "op": "attack"})) == {"extort", "ambush"}
    s = play(s, {"t": "op", "op": "attack"}, {"t": "sa", "sa": "extort"},
             {"t": "space", "space": "Medea"}, {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 2, "ag": 1, "ap": 1}
    assert s.resources["fln"] == 21


def test_no_special_activity_in_a_limited_operation() -> None:
    s = position(spaces={"Medea": {"ug": 3, "ap": 1}})
    s.pending[-1] = op_frame("rally", "fln", "first", "limited_op")
    assert sas(s) == set()


# --- 4.3.2 Subvert ---------------------------------------------------------------------------


def test_subvert_removes_up_to_two_cubes_in_up_to_two_spaces() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ap": 1, "ft": 1}, "Algiers": {"ug": 1, "at": 1},
                         "Batna": {"ug": 1, "ap": 2}, "Setif": {"ag": 1, "ap": 1},
                         "Tlemcen": {"ug": 1}},
                 resources=(10, 5))
    s = play(s, {"t": "op", "op": "terror"}, {"t": "sa", "sa": "subvert"})
    moves = engine.legal_moves(s)
    removable = {m["space"] for m in moves if m["t"] == "remove"}
    assert removable == {"Medea", "Algiers", "Batna"}  # Setif: no Underground Guerrilla
    assert {"t": "remove", "space": "Medea", "piece": "french_troops"} not in moves
    s = play(s, {"t": "remove", "space": "Medea", "piece": "algerian_police"})
    assert not any(m["t"] == "replace" for m in engine.legal_moves(s))  # one mode only
    s = play(s, {"t": "remove", "space": "Algiers", "piece": "algerian_troops"})
    assert engine.legal_moves(s) == [{"t": "done"}]  # two cubes removed
    s = play(s, {"t": "done"}, {"t": "space", "space": "Tlemcen"}, {"t": "done"})  # not Pop 0
    assert pieces(s, "Medea") == {"ug": 1, "ft": 1}
    assert pieces(s, "Algiers") == {"ug": 1}
    assert box(s, "available")["algerian_police"] == 7 - 3 - 1 + 1
    assert box(s, "available")["algerian_troops"] == 3
    assert s.resources["fln"] == 4
    assert s.sop["first_box"] == "op_plus_sa"


def test_subvert_two_spaces_at_most() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ap": 1}, "Algiers": {"ug": 1, "at": 1},
                         "Batna": {"ug": 1, "ap": 2}})
    s = play(s, {"t": "op", "op": "rally"}, {"t": "sa", "sa": "subvert"},
             {"t": "remove", "space": "Batna", "piece": "algerian_police"})
    s = play(s, {"t": "remove", "space": "Algiers", "piece": "algerian_troops"}, {"t": "done"})
    assert pieces(s, "Batna") == {"ug": 1, "ap": 1}
    s = position(spaces={"Medea": {"ug": 1, "ap": 1}, "Batna": {"ug": 1, "ap": 2}})
    s = play(s, {"t": "op", "op": "rally"}, {"t": "sa", "sa": "subvert"},
             {"t": "remove", "space": "Batna", "piece": "algerian_police"},
             {"t": "remove", "space": "Batna", "piece": "algerian_police"})
    assert pieces(s, "Batna") == {"ug": 1}
    assert engine.legal_moves(s) == [{"t": "done"}]


def test_subvert_replace_police_with_guerrilla() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ap": 2, "at": 1}, "Batna": {"ug": 1, "at": 1}})
    s = play(s, {"t": "op", "op": "march"}, {"t": "sa", "sa": "subvert"})
    assert {"t": "replace", "space": "Medea"} in engine.legal_moves(s)
    assert {"t": "replace", "space": "Batna"} not in engine.legal_moves(s)  # no Algerian Police
    s = play(s, {"t": "replace", "space": "Medea"})
    assert engine.legal_moves(s) == [{"t": "done"}]  # in one space only, and nothing else
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 2, "ap": 1, "at": 1}  # not Activated
    assert box(s, "available")["algerian_police"] == 7 - 2 + 1
    assert box(s, "available")["guerrillas"] == 30 - 2 - 1


def test_subvert_replace_from_the_map() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ap": 1}, "Batna": {"ag": 1}, "Morocco": {"ug": 2}})
    s = set_available(s, "guerrillas", 0)
    s = play(s, {"t": "op", "op": "rally"}, {"t": "sa", "sa": "subvert"})
    assert [m for m in engine.legal_moves(s) if m["t"] == "replace"] == [
        {"t": "replace", "space": "Medea", "from": "Batna", "piece": AGP}]
    s = play(s, {"t": "replace", "space": "Medea", "from": "Batna", "piece": AGP})
    assert pieces(s, "Medea") == {"ug": 2} and pieces(s, "Batna") == {}
    assert box(s, "available")["algerian_police"] == 7


def test_free_subvert_without_operation() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ap": 1}}, resources=(10, 0))
    s.pending.append(sa_frame("subvert", None, who="fln", free=True))
    s = play(s, {"t": "remove", "space": "Medea", "piece": "algerian_police"}, {"t": "done"})
    assert pieces(s, "Medea") == {"ug": 1}
    assert s.pending[-1]["k"] == "eligible"  # back at the option prompt
    assert s.resources["fln"] == 0


# --- 4.3.3 Ambush ----------------------------------------------------------------------------


def test_ambush_replaces_the_attack_procedure() -> None:
    s = position(spaces={"Medea": {"ug": 2, "ag": 1, "fp": 2, "ft": 1}}, resources=(10, 5),
                 options=EXTERNAL)
    s = play(s, {"t": "op", "op": "attack"})
    assert sas(s) == {"ambush"}  # no FLN Control in Medea: no Extort
    s = play(s, {"t": "sa", "sa": "ambush"})
    assert engine.legal_moves(s) == [{"t": "space", "space": "Medea", "piece": "french_police"}]
    s = play(s, {"t": "space", "space": "Medea", "piece": "french_police"})
    assert engine.to_move(s) == "fln"  # no roll
    s = play(s, {"t": "done"})
    # The Attack location is paid for; one Underground Guerrilla Activated; no Attrition.
    assert pieces(s, "Medea") == {"ug": 1, "ag": 2, "fp": 1, "ft": 1}
    assert box(s, "casualties") == {"french_police": 1}
    assert s.resources["fln"] == 4
    assert {"t": "space", "space": "Medea"} not in engine.legal_moves(s)  # already resolved
    s = play(s, {"t": "done"})
    assert s.sop["first_box"] == "op_plus_sa"


def test_ambush_up_to_two_spaces_then_normal_attacks() -> None:
    s = position(spaces={"Medea": {"ug": 1, "ap": 1}, "Batna": {"ug": 1, "at": 1, "ap": 1},
                         "Setif": {"ug": 1, "gb": 1}, "Algiers": {"ag": 2, "fp": 1}},
                 resources=(10, 5), commitment=15, options=EXTERNAL)
    s = play(s, {"t": "op", "op": "attack"}, {"t": "space", "space": "Algiers"},
             {"t": "roll", "value": 6}, {"t": "sa", "sa": "ambush"})
    offered = {m["space"] for m in engine.legal_moves(s) if m["t"] == "space"}
    assert offered == {"Medea", "Batna", "Setif"}  # Algiers: resolved, and no Underground
    s = play(s, {"t": "space", "space": "Batna", "piece": "algerian_police"},
             {"t": "space", "space": "Setif", "piece": "gov_bases"})
    assert engine.legal_moves(s) == [{"t": "done"}]  # two spaces at most
    s = play(s, {"t": "done"})
    assert pieces(s, "Batna") == {"ag": 1, "at": 1}
    assert pieces(s, "Setif") == {"ag": 1}
    assert s.commitment == 14
    assert box(s, "casualties") == {"algerian_police": 1, "gov_bases": 1}
    s = play(s, {"t": "space", "space": "Medea"}, {"t": "roll", "value": 1}, {"t": "done"})
    assert pieces(s, "Medea") == {"ag": 1, "ug": 1}  # success, Captured goods
    assert s.resources["fln"] == 1


def test_ambush_choice_of_nationality_and_needs_underground() -> None:
    s = position(spaces={"Medea": {"ug": 1, "fp": 1, "ap": 1}, "Batna": {"ag": 3, "ap": 1}},
                 options=EXTERNAL)
    s = play(s, {"t": "op", "op": "attack"}, {"t": "sa", "sa": "ambush"})
    assert engine.legal_moves(s) == [
        {"t": "space", "space": "Medea", "piece": "french_police"},
        {"t": "space", "space": "Medea", "piece": "algerian_police"},
    ]
    illegal(s, {"t": "space", "space": "Medea", "piece": "french_troops"})
    illegal(s, {"t": "space", "space": "Batna", "piece": "algerian_police"})
    illegal(s, {"t": "done"})


def test_ambush_needs_resources_for_the_attack() -> None:
    s = position(spaces={"Medea": {"ug": 1, "fp": 1}, "Batna": {"ug": 1, "ap": 1}},
                 resources=(10, 1), options=EXTERNAL)
    s = play(s, {"t": "op", "op": "attack"}, {"t": "sa", "sa": "ambush"},
             {"t": "space", "space": "Medea", "piece": "french_police"})
    assert engine.legal_moves(s) == [{"t": "done"}]  # no Resource left for a second Attack
    assert s.resources["fln"] == 0


def test_free_ambush_as_if_an_attack() -> None:
    s = position(spaces={"Medea": {"ug": 1, "gb": 1}}, resources=(10, 0), commitment=5)
    s.pending.append(sa_frame("ambush", None, who="fln", free=True))
    s = play(s, {"t": "space", "space": "Medea", "piece": "gov_bases"}, {"t": "done"})
    assert pieces(s, "Medea") == {"ag": 1}
    assert s.commitment == 4
    assert s.resources["fln"] == 0
    assert s.pending[-1]["k"] == "eligible"


# --- 4.3.1 Extort with every Operation -------------------------------------------------------


def test_extort_with_march_and_in_a_country() -> None:
    s = position(spaces={"Morocco": {"ug": 2}, "Medea": {"ug": 1}}, resources=(10, 0),
                 border_zone=1)
    s = play(s, {"t": "op", "op": "march"}, {"t": "sa", "sa": "extort"},
             {"t": "space", "space": "Morocco"}, {"t": "space", "space": "Medea"}, {"t": "done"})
    assert s.resources["fln"] == 2
    s = play(s, {"t": "group", "from": "Morocco", "to": "Tlemcen"},
             {"t": "add", "piece": UGP}, {"t": "go"}, {"t": "done"})
    assert pieces(s, "Morocco") == {"ag": 1} and pieces(s, "Tlemcen") == {"ug": 1}
    assert pieces(s, "Medea") == {"ag": 1}
    assert s.resources["fln"] == 1
