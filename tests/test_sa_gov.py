"""4.2 Government Special Activities: Deploy (and Resettle), Troop Lift, Neutralize."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from engine import sa_gov
from engine.board import population, resettled_count
from engine.data import FORCE_POOL, MOBILIZATION, POP0_MARKERS, TERROR_MARKERS
from engine.ops import sa_frame
from engine.state import State
from tests.helpers import (
    box,
    end_op,
    illegal,
    mv,
    of_type,
    pick,
    pieces,
    play,
    position,
    spaces_offered,
)
from tests.helpers import gov as gov_first

FT, FP, GB = "french_troops", "french_police", "gov_bases"
AG, FB = "guerrillas_active", "fln_bases"


def gov(spaces: dict[str, dict[str, Any]] | None = None, *,
        in_effect: list[int] | None = None, **kw: Any) -> State:
    """The Government as First Eligible; by default only Mobilization in effect."""
    return gov_first(spaces, in_effect=[MOBILIZATION] if in_effect is None else in_effect, **kw)


def deploy(s: State, piece: str, src: str, dst: str) -> State:
    return play(s, pick(piece, src), mv(piece, src, dst))


def train_with_deploy(s: State) -> State:
    return play(s, {"t": "op", "op": "train"}, {"t": "sa", "sa": "deploy"})


# --- 4.2.1 Deploy ----------------------------------------------------------------------------


def test_deploy_moves_up_to_six_french_pieces_from_available() -> None:
    s = train_with_deploy(gov())
    assert of_type(s, "pick") == [pick(FT, "available"), pick(FP, "available"), pick(GB, "available")]
    s = play(s, pick(FT, "available"))
    assert {"t": "done"} not in engine.legal_moves(s)  # the picked piece must move
    assert {m["to"] for m in of_type(s, "move")} == {"Constantine", "Algiers", "Oran"}
    s = play(s, mv(FT, "available", "Algiers"))
    s = deploy(s, FT, "available", "Algiers")
    s = deploy(s, FP, "available", "Oran")
    s = deploy(s, GB, "available", "Oran")
    s = deploy(s, FP, "available", "Constantine")
    s = deploy(s, FT, "available", "Constantine")
    assert of_type(s, "pick") == []  # six pieces moved
    illegal(s, pick(FT, "available"))
    s = play(s, {"t": "done"})
    assert s.pending[-1]["sa"] == "deploy"
    assert pieces(s, "Algiers") == {"ft": 2}
    assert pieces(s, "Oran") == {"fp": 1, "gb": 1}
    assert pieces(s, "Constantine") == {"ft": 1, "fp": 1}
    assert s.boxes["available"][FT] == FORCE_POOL[FT] - 3
    assert s.resources["gov"] == 10  # no cost (4.1)


def test_deploy_at_most_three_spaces() -> None:
    s = train_with_deploy(gov({"Medea": {"gb": 1}}))
    s = deploy(s, FT, "available", "Algiers")
    s = deploy(s, FT, "available", "Oran")
    s = deploy(s, FT, "available", "Medea")
    s = play(s, pick(FP, "available"))
    assert {m["to"] for m in of_type(s, "move")} == {"Algiers", "Oran", "Medea"}
    illegal(s, mv(FP, "available", "Constantine"))
    s = play(s, mv(FP, "available", "Medea"))
    # Between two selected spaces, or back to Available.
    assert pick(FT, "Medea") not in engine.legal_moves(s)  # it just moved in
    s = play(s, pick(GB, "Medea"))
    assert {m["to"] for m in of_type(s, "move")} == {"available", "Algiers", "Oran"}


def test_deploy_space_qualifies_when_selected_and_stays_one_of_the_three() -> None:
    """4.2.1: "move up to six French pieces among the Available box and up to three selected
    spaces. Spaces must be Cities, or Sectors with Government Bases or Government Control." A
    space qualifies when it is selected and stays one of the Deploy's spaces, as source or
    destination, even if a piece leaving it changes its Control."""
    s = gov({"Medea": {"gb": 1, "ft": 1, "ug": 2}, "Bougie": {"fp": 2, "ug": 1},
             "Tizi Ouzou": {"fp": 1, "ug": 1}})
    s = train_with_deploy(s)
    assert {(m["piece"], m["from"]) for m in of_type(s, "pick")} == {
        (FT, "available"), (FP, "available"), (GB, "available"),
        (FT, "Medea"), (GB, "Medea"), (FP, "Bougie")}  # not Tizi Ouzou: no Control
    s = play(s, pick(FT, "available"))
    assert {m["to"] for m in of_type(s, "move")} == {"Constantine", "Algiers", "Oran", "Medea",
                                                     "Bougie"}
    s = play(s, mv(FT, "available", "Bougie"), pick(GB, "Medea"), mv(GB, "Medea", "available"))
    # Medea has lost its Base and its Control (1 Troop vs 2 Guerrillas), but it was selected
    # when it qualified: it stays one of the Deploy's spaces, as a source ...
    assert s.pending[-1]["locs"] == ["Bougie", "Medea"]
    assert pick(FT, "Medea") in engine.legal_moves(s)
    s = play(s, pick(FT, "Medea"))
    assert {m["to"] for m in of_type(s, "move")} == {"available", "Bougie", "Constantine",
                                                     "Algiers", "Oran"}
    s = play(s, mv(FT, "Medea", "Bougie"))
    # ... and as a destination.
    s = play(s, pick(FP, "available"))
    assert "Medea" in {m["to"] for m in of_type(s, "move")}
    s = play(s, mv(FP, "available", "Medea"), {"t": "done"})
    assert pieces(s, "Medea") == {"fp": 1, "ug": 2}
    assert pieces(s, "Bougie") == {"ft": 2, "fp": 2, "ug": 1}
    assert s.boxes["available"][GB] == FORCE_POOL[GB]


def test_deploy_a_space_that_does_not_qualify_is_never_selected() -> None:
    """4.2.1: Tizi Ouzou (no Government Base, no Government Control) is neither source nor
    destination, even with a French piece there."""
    s = train_with_deploy(gov({"Tizi Ouzou": {"fp": 1, "ug": 1}}))
    illegal(s, pick(FP, "Tizi Ouzou"))
    s = play(s, pick(FT, "available"))
    assert "Tizi Ouzou" not in {m["to"] for m in of_type(s, "move")}
    illegal(s, mv(FT, "available", "Tizi Ouzou"))


def test_deploy_respects_base_stacking_and_never_enters_countries() -> None:
    s = gov({"Algiers": {"gb": 1, "fb": 1}, "Oran": {"gb": 1}})
    s = play(train_with_deploy(s), pick(GB, "available"))
    assert {m["to"] for m in of_type(s, "move")} == {"Constantine", "Oran"}
    illegal(s, mv(GB, "available", "Algiers"))
    illegal(s, mv(GB, "available", "Morocco"))


def test_deploy_a_piece_moves_once() -> None:
    s = play(train_with_deploy(gov()), pick(FT, "available"), mv(FT, "available", "Algiers"))
    assert pick(FT, "Algiers") not in engine.legal_moves(s)
    s = play(s, pick(FP, "available"))
    s = play(s, mv(FP, "available", "Oran"))
    s = gov({"Algiers": {"fp": 1}})
    s = play(train_with_deploy(s), pick(FP, "Algiers"), mv(FP, "Algiers", "available"))
    assert s.boxes["available"][FP] == FORCE_POOL[FP]
    # The Police just returned to Available may not come back out; the others may.
    s = play(s, pick(FP, "available"))
    s = play(s, mv(FP, "available", "Oran"))
    assert pieces(s, "Oran") == {"fp": 1}


def test_deploy_only_accompanies_train() -> None:
    s = gov({"Algiers": {"ft": 1, "fp": 1, "ug": 1}})
    for op in ("garrison", "sweep", "assault"):
        t = play(s, {"t": "op", "op": op})
        assert {"t": "sa", "sa": "deploy"} not in engine.legal_moves(t)
    t = play(s, {"t": "op", "op": "train"})
    assert {"t": "sa", "sa": "deploy"} in engine.legal_moves(t)


def test_deploy_before_train_can_make_a_sector_trainable() -> None:
    s = gov({"Medea": {"ft": 1}})  # Government Control, no Base
    s = play(s, {"t": "op", "op": "train"})
    assert {"t": "space", "space": "Medea"} not in engine.legal_moves(s)
    s = play(s, {"t": "sa", "sa": "deploy"}, pick(GB, "available"), mv(GB, "available", "Medea"),
             {"t": "done"}, {"t": "space", "space": "Medea"},
             {"t": "place", "piece": "algerian_police", "space": "Medea"})
    assert of_type(s, "sa") == []  # one Special Activity per Operation
    s = end_op(s)
    assert pieces(s, "Medea") == {"ft": 1, "gb": 1, "ap": 1}
    assert s.sop["first_box"] == "op_plus_sa" and s.resources["gov"] == 8


def test_deploy_after_train_in_the_post_stage() -> None:
    s = play(gov(), {"t": "op", "op": "train"}, {"t": "space", "space": "Oran"}, {"t": "done"})
    assert engine.legal_moves(s) == [{"t": "sa", "sa": "deploy"}, {"t": "done"}]
    s = end_op(play(s, {"t": "sa", "sa": "deploy"}, pick(FP, "available"),
                    mv(FP, "available", "Oran")))
    assert pieces(s, "Oran") == {"fp": 1}
    assert s.sop["first_box"] == "op_plus_sa"


def test_resettle_one_pop_1_sector_with_base_or_control() -> None:
    s = gov({"Sidi Bel Abbes": {"gb": 1, "ug": 2, "support": "support"},
             "Tlemcen": {"fp": 1, "support": "oppose"},         # Government Control
             "Ain Oussera": {"fp": 1, "ug": 1},                  # no Control, no Base
             "Medea": {"gb": 1},                                 # Pop 2
             "Batna": {"gb": 1},                                 # Pop 0
             "Setif": {"gb": 1, "resettled": True}})             # already Resettled
    s = train_with_deploy(s)
    assert spaces_offered(s, "resettle") == {"Sidi Bel Abbes", "Tlemcen"}
    illegal(s, {"t": "resettle", "space": "Medea"})
    s = play(s, {"t": "resettle", "space": "Sidi Bel Abbes"})
    assert engine.legal_moves(s) == [{"t": "done"}]  # Resettle is instead of any move
    s = play(s, {"t": "done"})
    sp = s.spaces["Sidi Bel Abbes"]
    assert sp["resettled"] and sp["support"] == "neutral"
    assert population(s, "Sidi Bel Abbes") == 0 and resettled_count(s) == 2
    assert pieces(s, "Sidi Bel Abbes") == {"gb": 1, "ug": 2}


def test_resettle_not_after_a_move_and_no_move_after_resettle() -> None:
    s = play(train_with_deploy(gov({"Tlemcen": {"fp": 1}})), pick(FT, "available"),
             mv(FT, "available", "Algiers"))
    assert of_type(s, "resettle") == []
    illegal(s, {"t": "resettle", "space": "Tlemcen"})


def test_resettle_needs_mobilization_in_the_full_scenario() -> None:
    spaces = {"Tlemcen": {"fp": 1}}
    s = train_with_deploy(position("full", spaces, first="gov", resources=(10, 5), in_effect=[]))
    assert of_type(s, "resettle") == []
    s = train_with_deploy(position("full", spaces, first="gov", resources=(10, 5),
                                   in_effect=[MOBILIZATION]))
    assert spaces_offered(s, "resettle") == {"Tlemcen"}


def test_resettle_limited_by_the_pop_0_markers() -> None:
    # Seven markers (data.POP0_MARKERS); a state with all of them on the map offers no Resettle.
    assert POP0_MARKERS == 7
    used = ["Barika", "Tebessa", "Setif", "Bordj Bou Arreridj", "Sidi Bel Abbes", "Ain Oussera",
            "Batna"]  # Batna only stands for a seventh marker already used
    spaces: dict[str, dict[str, Any]] = {n: {"resettled": True} for n in used}
    spaces["Tlemcen"] = {"fp": 1}
    s = train_with_deploy(gov(spaces))
    assert of_type(s, "resettle") == []
    del spaces["Batna"]
    s = train_with_deploy(gov(spaces))
    assert spaces_offered(s, "resettle") == {"Tlemcen"}


# --- 4.2.2 Troop Lift ------------------------------------------------------------------------


def test_troop_lift_french_troops_among_three_spaces() -> None:
    s = gov({"Algiers": {"ft": 4, "at": 2, "fp": 1, "ag": 1}})
    s = play(s, {"t": "op", "op": "assault"}, {"t": "sa", "sa": "troop_lift"})
    assert of_type(s, "pick") == [pick(FT, "Algiers")]  # French Troops only
    illegal(s, pick("algerian_troops", "Algiers"))
    s = play(s, pick(FT, "Algiers"))
    dests = {m["to"] for m in of_type(s, "move")}
    assert "Tlemcen" in dests and "Morocco" not in dests and "Algiers" not in dests
    s = play(s, mv(FT, "Algiers", "Tlemcen"), pick(FT, "Algiers"), mv(FT, "Algiers", "Oran"))
    s = play(s, pick(FT, "Algiers"))
    assert {m["to"] for m in of_type(s, "move")} == {"Tlemcen", "Oran"}
    illegal(s, mv(FT, "Algiers", "Medea"))
    s = play(s, mv(FT, "Algiers", "Oran"), {"t": "done"})
    assert pieces(s, "Algiers") == {"ft": 1, "at": 2, "fp": 1, "ag": 1}
    assert pieces(s, "Tlemcen") == {"ft": 1} and pieces(s, "Oran") == {"ft": 2}
    assert s.resources["gov"] == 10


def test_troop_lift_troops_move_once() -> None:
    s = play(gov({"Algiers": {"ft": 1}}), {"t": "op", "op": "train"}, {"t": "sa", "sa": "troop_lift"},
             pick(FT, "Algiers"), mv(FT, "Algiers", "Oran"))
    assert of_type(s, "pick") == []
    assert engine.legal_moves(s) == [{"t": "done"}]


def test_troop_lift_space_limit_is_a_function() -> None:
    assert sa_gov.troop_lift_spaces(gov()) == 3
    s = gov({"Algiers": {"ft": 3}})
    s.cards["momentum"].append({"card": 8, "side": "shaded"})  # Momentum #8 shaded: 2 spaces
    assert sa_gov.troop_lift_spaces(s) == 2
    s = play(s, {"t": "op", "op": "train"}, {"t": "sa", "sa": "troop_lift"},
             pick(FT, "Algiers"), mv(FT, "Algiers", "Oran"), pick(FT, "Algiers"))
    assert of_type(s, "move") == [mv(FT, "Algiers", "Oran")]


def test_troop_lift_during_sweep_counts_for_activation_and_assault_after() -> None:
    s = gov({"Oran": {"ft": 2}, "Tlemcen": {"ug": 2, "fp": 1}})
    s = play(s, {"t": "op", "op": "sweep"}, {"t": "space", "space": "Tlemcen"},
             {"t": "sa", "sa": "troop_lift"}, pick(FT, "Oran"), mv(FT, "Oran", "Tlemcen"),
             {"t": "done"})
    assert of_type(s, "sa") == []
    s = end_op(s)
    assert pieces(s, "Tlemcen") == {"ft": 1, "fp": 1, "ag": 2}
    assert pieces(s, "Oran") == {"ft": 1}
    assert s.sop["first_box"] == "op_plus_sa" and s.resources["gov"] == 8


def test_no_special_activity_with_a_limited_operation() -> None:
    s = position(spaces={"Algiers": {"ft": 2, "fp": 1, "ag": 1}}, resources=(10, 5), first="gov",
                 in_effect=[])
    s = s.copy()
    s.sop["first"], s.sop["first_box"] = "fln", "op_plus_sa"
    s.pending[-2]["stage"] = "adjust"
    s.pending[-1] = {"k": "eligible", "who": "gov", "role": "second",
                     "options": ["event", "limited_op", "pass"]}
    for op in ("train", "garrison", "sweep", "assault"):
        t = play(s, {"t": "op", "op": op, "box": "limited_op"})
        assert of_type(t, "sa") == []
        illegal(t, {"t": "sa", "sa": "troop_lift"})


# --- 4.2.3 Neutralize ------------------------------------------------------------------------


def neutralize(s: State, op: str = "sweep") -> State:
    return play(s, {"t": "op", "op": op}, {"t": "sa", "sa": "neutralize"})


def test_neutralize_removes_two_active_pieces_and_shifts_toward_opposition() -> None:
    s = gov({"Medea": {"ft": 1, "fp": 1, "ag": 3, "ug": 1, "support": "support"}})
    s = neutralize(s)
    assert spaces_offered(s) == {"Medea"}
    s = play(s, {"t": "space", "space": "Medea"})
    assert s.spaces["Medea"]["support"] == "neutral"
    assert of_type(s, "remove") == [{"t": "remove", "piece": AG, "space": "Medea"}]
    s = play(s, {"t": "remove", "piece": AG, "space": "Medea"},
             {"t": "remove", "piece": AG, "space": "Medea"})
    assert of_type(s, "remove") == []  # two in total
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"ft": 1, "fp": 1, "ag": 1, "ug": 1}
    assert box(s, "casualties") == {"guerrillas": 1}
    assert s.boxes["available"]["guerrillas"] == FORCE_POOL["guerrillas"] - 4 + 1
    assert s.resources["gov"] == 10


def test_neutralize_needs_troops_and_police_and_at_most_two_spaces() -> None:
    s = gov({"Algiers": {"ft": 1, "fp": 1, "ag": 1}, "Oran": {"at": 1, "ap": 1, "ag": 1},
             "Constantine": {"ft": 1, "ap": 1}, "Medea": {"ft": 2, "ag": 1},
             "Tizi Ouzou": {"fp": 2, "ag": 1}})
    s = neutralize(s, "garrison")
    assert spaces_offered(s) == {"Algiers", "Oran", "Constantine"}  # Control not necessary
    illegal(s, {"t": "space", "space": "Medea"})
    s = play(s, {"t": "space", "space": "Algiers"}, {"t": "space", "space": "Oran"})
    assert spaces_offered(s) == set()
    illegal(s, {"t": "space", "space": "Constantine"})


def test_neutralize_alternation_counted_across_spaces() -> None:
    s = gov({"Algiers": {"ft": 1, "fp": 1, "ag": 1}, "Oran": {"ft": 1, "fp": 1, "ag": 1}})
    s = play(neutralize(s), {"t": "space", "space": "Algiers"}, {"t": "space", "space": "Oran"},
             {"t": "remove", "piece": AG, "space": "Oran"},
             {"t": "remove", "piece": AG, "space": "Algiers"}, {"t": "done"})
    assert pieces(s, "Algiers") == {"ft": 1, "fp": 1} and pieces(s, "Oran") == {"ft": 1, "fp": 1}
    assert box(s, "casualties") == {"guerrillas": 1}
    assert s.boxes["available"]["guerrillas"] == FORCE_POOL["guerrillas"] - 1


def test_neutralize_bases_only_where_no_other_fln_piece_remains() -> None:
    s = gov({"Algiers": {"ft": 1, "fp": 1, "ag": 1, "fb": 1},
             "Oran": {"ft": 1, "fp": 1, "ug": 1, "fb": 1}})
    s = play(neutralize(s), {"t": "space", "space": "Algiers"}, {"t": "space", "space": "Oran"})
    assert of_type(s, "remove") == [{"t": "remove", "piece": AG, "space": "Algiers"}]
    illegal(s, {"t": "remove", "piece": FB, "space": "Algiers"})
    illegal(s, {"t": "remove", "piece": FB, "space": "Oran"})  # an Underground Guerrilla remains
    s = play(s, {"t": "remove", "piece": AG, "space": "Algiers"})
    assert of_type(s, "remove") == [{"t": "remove", "piece": FB, "space": "Algiers"}]
    s = play(s, {"t": "remove", "piece": FB, "space": "Algiers"}, {"t": "done"})
    assert pieces(s, "Algiers") == {"ft": 1, "fp": 1}
    assert pieces(s, "Oran") == {"ft": 1, "fp": 1, "ug": 1, "fb": 1}
    assert s.commitment == 21
    assert s.boxes["available"][FB] == FORCE_POOL[FB] - 1


def test_neutralize_at_oppose_places_terror_once_and_pop_0_never_shifts() -> None:
    s = gov({"Algiers": {"ft": 1, "fp": 1, "support": "oppose"},
             "Oran": {"ft": 1, "fp": 1, "support": "oppose", "terror": 1}})
    s = play(neutralize(s), {"t": "space", "space": "Algiers"}, {"t": "space", "space": "Oran"},
             {"t": "done"})
    assert (s.spaces["Algiers"]["support"], s.spaces["Algiers"]["terror"]) == ("oppose", 1)
    assert (s.spaces["Oran"]["support"], s.spaces["Oran"]["terror"]) == ("oppose", 1)
    s = gov({"Batna": {"ft": 1, "fp": 1, "ag": 1}, "Setif": {"ft": 1, "fp": 1, "resettled": True}})
    s = play(neutralize(s), {"t": "space", "space": "Batna"}, {"t": "space", "space": "Setif"},
             {"t": "done"})
    for n in ("Batna", "Setif"):
        assert (s.spaces[n]["support"], s.spaces[n]["terror"]) == ("neutral", 0)


def test_neutralize_no_terror_marker_when_none_is_left() -> None:
    full: dict[str, dict[str, Any]] = {n: {"terror": 1} for n in ["Barika", "Batna", "Biskra", "Oum el Bouaghi", "Tebessa",
                                        "Negrine", "Setif", "Philippeville", "Souk Ahras",
                                        "Tizi Ouzou", "Bougie", "Medea"]}
    assert len(full) == TERROR_MARKERS
    full["Algiers"] = {"ft": 1, "fp": 1, "support": "oppose"}
    s = play(neutralize(gov(full)), {"t": "space", "space": "Algiers"})
    assert s.spaces["Algiers"]["terror"] == 0


def test_neutralize_only_with_garrison_or_sweep() -> None:
    s = gov({"Algiers": {"ft": 1, "fp": 1, "ag": 1}})
    for op, ok in (("train", False), ("assault", False), ("garrison", True), ("sweep", True)):
        t = play(s, {"t": "op", "op": op})
        assert ({"t": "sa", "sa": "neutralize"} in engine.legal_moves(t)) == ok


def test_neutralize_granted_alone_by_an_event() -> None:
    s = gov({"Algiers": {"ft": 1, "fp": 1, "ag": 1, "support": "support"}})
    s = s.copy()
    s.pending.append(sa_frame("neutralize", None, who="gov", free=True))
    s = play(s, {"t": "space", "space": "Algiers"}, {"t": "remove", "piece": AG, "space": "Algiers"},
             {"t": "done"})
    assert pieces(s, "Algiers") == {"ft": 1, "fp": 1}
    assert s.spaces["Algiers"]["support"] == "neutral"
    assert s.pending[-1]["k"] == "eligible"
