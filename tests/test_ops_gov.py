"""3.2 Government Operations: Train, Garrison, Sweep, Assault (with the rulebook's worked examples)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from engine.board import pool_total
from engine.data import (
    ALGERIA, FORCE_POOL, MOBILIZATION, MOROCCO_TUNISIA_INDEPENDENT, PROPAGANDA_CARDS, RECALL_DE_GAULLE,
)
from engine.ops import op_frame
from engine.state import State
from tests.helpers import (
    box,
    end_op,
    gov,
    illegal,
    mv,
    of_type,
    pick,
    pieces,
    play,
    set_available,
    spaces_offered,
)

INDEPENDENT = MOROCCO_TUNISIA_INDEPENDENT


def second_eligible(s: State, options: tuple[str, ...] = ("event", "limited_op", "pass")) -> State:
    """Turn a First Eligible prompt into the Government's Second Eligible prompt (FLN did Op+SA)."""
    s = s.copy()
    s.sop["first"], s.sop["first_box"] = "fln", "op_plus_sa"
    s.pending[-2]["stage"] = "adjust"
    s.pending[-1] = {"k": "eligible", "who": "gov", "role": "second", "options": list(options)}
    return s


def free_op(s: State, name: str) -> State:
    """A free Operation granted by an Event (3.1.2): pushed on top of the current prompt."""
    s = s.copy()
    s.pending.append(op_frame(name, "gov", None, None, free=True))
    return s


def box_recorded(s: State, *moves: dict[str, Any]) -> str:
    """The Initiative Track box recorded when the Operation completes (2.3.2)."""
    for m in moves:
        s, log = engine.apply(s, m)
        for e in log:
            if e.get("rule") == "2.3.2" and "box" in e:
                return str(e["box"])
    raise AssertionError("the Operation did not complete")


# --- 3.2.1 Train -----------------------------------------------------------------------------

AT, AP = "algerian_troops", "algerian_police"


def test_train_city_places_up_to_four_algerian_cubes() -> None:
    s = gov()
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"})
    assert s.resources["gov"] == 8
    assert of_type(s, "place") == [{"t": "place", "piece": AT, "space": "Algiers"},
                                   {"t": "place", "piece": AP, "space": "Algiers"}]
    s = play(s, {"t": "place", "piece": AT, "space": "Algiers"},
             {"t": "place", "piece": AT, "space": "Algiers"},
             {"t": "place", "piece": AP, "space": "Algiers"},
             {"t": "place", "piece": AP, "space": "Algiers"})
    assert of_type(s, "place") == []  # at most four
    illegal(s, {"t": "place", "piece": AP, "space": "Algiers"})
    s = end_op(s)  # the Operation, then its "post" stage (4.1: Deploy could still follow)
    assert pieces(s, "Algiers") == {"at": 2, "ap": 2}
    assert box(s, "available")[AT] == FORCE_POOL[AT] - 2
    assert box(s, "available")[AP] == FORCE_POOL[AP] - 2
    assert s.resources["gov"] == 8
    assert s.sop["first_box"] == "limited_op"


def test_train_locations_cities_sectors_with_base_and_france_track() -> None:
    s = gov({"Medea": {"gb": 1}, "Bougie": {"ft": 2, "fp": 2}, "Batna": {"gb": 1, "ug": 3}},
            france_track="C")
    s = play(s, {"t": "op", "op": "train"})
    # No Border Zone before independence (3.2.1); Bougie has no Base (no Recall De Gaulle).
    assert spaces_offered(s) == {"france_track", "Constantine", "Algiers", "Oran", "Medea", "Batna"}
    illegal(s, {"t": "space", "space": "Bougie"})
    illegal(s, {"t": "space", "space": "border_zone"})
    illegal(s, {"t": "space", "space": "Morocco"})


def test_train_france_track_one_box_toward_a_and_not_at_a() -> None:
    s = gov(france_track="E")
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "france_track"})
    assert s.france_track == "D" and s.resources["gov"] == 8
    assert of_type(s, "place") == [] and of_type(s, "pacify") == []
    s = end_op(s)
    assert s.sop["first_box"] == "limited_op"
    s = play(gov(france_track="A"), {"t": "op", "op": "train"})
    assert "france_track" not in spaces_offered(s)


def test_train_border_zone_only_when_independent_and_below_four() -> None:
    s = gov(in_effect=[MOBILIZATION, INDEPENDENT], border_zone=2, france_track="A")
    s = play(s, {"t": "op", "op": "train"})
    assert "border_zone" in spaces_offered(s)
    s = play(s, {"t": "space", "space": "border_zone"}, {"t": "space", "space": "Oran"})
    assert s.border_zone == 3 and s.resources["gov"] == 6
    assert "border_zone" not in spaces_offered(s)  # a location is selected once (3.1)
    s = play(gov(in_effect=[INDEPENDENT], border_zone=4), {"t": "op", "op": "train"})
    assert "border_zone" not in spaces_offered(s)
    s = play(gov(in_effect=[], border_zone=None), {"t": "op", "op": "train"})
    assert "border_zone" not in spaces_offered(s)


def test_train_recall_de_gaulle_adds_populated_controlled_sectors_with_troops_and_police() -> None:
    spaces = {"Medea": {"ft": 1, "fp": 1},                  # Pop 2, Control, Troops+Police: yes
              "Tizi Ouzou": {"ft": 1, "fp": 1, "ug": 2},    # no Government Control
              "Bougie": {"ft": 2},                          # no Police
              "Batna": {"ft": 1, "ap": 1},                  # Pop 0
              "Setif": {"at": 1, "fp": 1, "resettled": True}}  # Resettled: Pop 0
    s = play(gov(spaces, in_effect=[RECALL_DE_GAULLE], france_track="A"), {"t": "op", "op": "train"})
    assert spaces_offered(s) == {"Constantine", "Algiers", "Oran", "Medea"}
    s = play(gov(spaces, france_track="A"), {"t": "op", "op": "train"})
    assert spaces_offered(s) == {"Constantine", "Algiers", "Oran"}


def test_train_takes_cubes_from_the_map_only_when_none_available() -> None:
    s = gov({"Oran": {"at": 2}, "Medea": {"at": 1}})
    s = set_available(s, AT, 0)
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"})
    assert of_type(s, "place") == [
        {"t": "place", "piece": AT, "space": "Algiers", "from": "Medea"},
        {"t": "place", "piece": AT, "space": "Algiers", "from": "Oran"},
        {"t": "place", "piece": AP, "space": "Algiers"}]
    illegal(s, {"t": "place", "piece": AT, "space": "Algiers"})
    s = play(s, {"t": "place", "piece": AT, "space": "Algiers", "from": "Oran"})
    assert pieces(s, "Algiers") == {"at": 1} and pieces(s, "Oran") == {"at": 1}
    assert s.boxes["available"][AT] == 0
    # Police are Available: they may not be taken from the map (1.4.1).
    s2 = play(gov({"Oran": {"ap": 2}}), {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"})
    illegal(s2, {"t": "place", "piece": AP, "space": "Algiers", "from": "Oran"})


def test_train_space_offered_only_if_a_cube_can_be_placed_or_it_can_be_pacified() -> None:
    s = set_available(set_available(gov({"Algiers": {"fp": 1}, "Oran": {"fp": 1, "ug": 1}},
                                        france_track="A"), AT, 0), AP, 0)
    s = play(s, {"t": "op", "op": "train"})
    assert spaces_offered(s) == {"Algiers"}  # no Algerian cube anywhere; Oran cannot be Pacified
    s = set_available(gov({"Algiers": {"fp": 1}}, resources=(3, 5), france_track="A"), AT, 0)
    s = set_available(s, AP, 0)
    assert {"t": "op", "op": "train"} not in engine.legal_moves(s)  # 3 Resources: 2 + 2 needed


def test_train_several_locations_is_op_only_and_pays_per_location() -> None:
    s = gov({"Medea": {"gb": 1}}, france_track="B")
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Medea"},
             {"t": "place", "piece": AP, "space": "Medea"}, {"t": "space", "space": "Oran"},
             {"t": "place", "piece": AT, "space": "Oran"})
    assert of_type(s, "place") == [{"t": "place", "piece": AT, "space": "Oran"},
                                   {"t": "place", "piece": AP, "space": "Oran"}]
    s = end_op(play(s, {"t": "space", "space": "france_track"}))
    assert pieces(s, "Medea") == {"gb": 1, "ap": 1} and pieces(s, "Oran") == {"at": 1}
    assert s.france_track == "A"
    assert s.resources["gov"] == 4
    assert s.sop["first_box"] == "op_only"


def test_train_only_offers_what_can_be_paid() -> None:
    s = gov(resources=(3, 5))
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"})
    assert s.resources["gov"] == 1
    assert spaces_offered(s) == set()
    illegal(s, {"t": "space", "space": "Oran"})
    s = gov(resources=(1, 5))
    assert {"t": "op", "op": "train"} not in engine.legal_moves(s)


def test_pacify_removes_terror_then_shifts_one_level_at_most() -> None:
    s = gov({"Algiers": {"fp": 2, "support": "oppose", "terror": 1}})
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"})
    assert of_type(s, "pacify") == [{"t": "pacify", "space": "Algiers"}]
    s = play(s, {"t": "pacify", "space": "Algiers"})
    assert s.spaces["Algiers"]["terror"] == 0 and s.spaces["Algiers"]["support"] == "oppose"
    assert s.resources["gov"] == 6
    assert of_type(s, "place") == []  # placement is over once Pacification began
    s = play(s, {"t": "pacify", "space": "Algiers"})
    assert s.spaces["Algiers"]["support"] == "neutral" and s.resources["gov"] == 4
    assert of_type(s, "pacify") == []  # one level shift per Pacify (5.1.7)
    illegal(s, {"t": "pacify", "space": "Algiers"})
    s = play(s, {"t": "done"})
    assert s.resources["gov"] == 4 and pieces(s, "Algiers") == {"fp": 2}


def test_pacify_requires_government_control() -> None:
    s = gov({"Algiers": {"fp": 1, "ug": 1, "support": "neutral"}})
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"})
    assert of_type(s, "pacify") == []
    illegal(s, {"t": "pacify", "space": "Algiers"})
    # Placing cubes first can give Control, then Pacify is possible.
    s = play(s, {"t": "place", "piece": AP, "space": "Algiers"})
    assert of_type(s, "pacify") == [{"t": "pacify", "space": "Algiers"}]
    s = play(s, {"t": "pacify", "space": "Algiers"})
    assert s.spaces["Algiers"]["support"] == "support" and s.resources["gov"] == 6


def test_pacify_costs_resources_even_in_a_free_train() -> None:
    s = free_op(gov({"Algiers": {"fp": 2, "terror": 1, "support": "neutral"}}, resources=(3, 5)),
                "train")
    s = play(s, {"t": "space", "space": "Algiers"})
    assert s.resources["gov"] == 3  # the Train itself is free (3.1.2)
    s = play(s, {"t": "space", "space": "Oran"})
    assert s.resources["gov"] == 3
    s = play(s, {"t": "pacify", "space": "Algiers"})
    assert s.resources["gov"] == 1 and s.spaces["Algiers"]["terror"] == 0
    assert of_type(s, "pacify") == []  # 1 Resource: cannot pay for the shift
    s = play(s, {"t": "done"})
    assert s.pending[-1]["k"] == "eligible"  # back at the First Eligible's prompt
    assert s.spaces["Algiers"]["support"] == "neutral"


def test_pacify_in_one_space_only() -> None:
    s = gov({"Algiers": {"fp": 1}, "Oran": {"fp": 1}})
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"},
             {"t": "space", "space": "Oran"})
    assert spaces_offered(s, "pacify") == {"Algiers", "Oran"}
    s = play(s, {"t": "pacify", "space": "Oran"})
    assert s.spaces["Oran"]["support"] == "support"
    assert of_type(s, "pacify") == [] and spaces_offered(s) == set()
    illegal(s, {"t": "pacify", "space": "Algiers"})


def test_free_train_from_an_event_may_decline_when_only_the_map_could_supply() -> None:
    """1.4.1: cubes "may be taken from spaces elsewhere in Algeria" when none is Available – an
    option: a free Train granted by an Event (5.5) with nothing else to do may end with no
    location; with a Track to shift, or a cube Available, it must be carried out (5.1.3)."""
    s = gov({"Medea": {"ap": 1, "at": 1}}, france_track="A")
    s = set_available(set_available(s, "algerian_troops", 0), "algerian_police", 0)
    f = free_op(s, "train")
    assert "Algiers" in spaces_offered(f)  # a cube could come from Medea
    assert {"t": "done"} in engine.legal_moves(f)
    assert pieces(play(f, {"t": "done"}), "Medea") == {"ap": 1, "at": 1}
    g = free_op(gov({"Medea": {"ap": 1, "at": 1}}, france_track="A"), "train")
    assert {"t": "done"} not in engine.legal_moves(g)
    h = set_available(set_available(gov({"Medea": {"ap": 1, "at": 1}}, france_track="B"),
                                    "algerian_troops", 0), "algerian_police", 0)
    assert {"t": "done"} not in engine.legal_moves(free_op(h, "train"))


def test_pacify_never_at_support_or_in_a_track() -> None:
    s = gov({"Algiers": {"fp": 1, "support": "support"}}, france_track="B")
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"},
             {"t": "space", "space": "france_track"})
    assert of_type(s, "pacify") == []
    illegal(s, {"t": "pacify", "space": "Algiers"})
    illegal(s, {"t": "pacify", "space": "france_track"})


@pytest.mark.parametrize("where", [
    {"Batna": {"gb": 1, "terror": 1}},                        # printed Pop 0
    {"Tlemcen": {"gb": 1, "terror": 1, "resettled": True}},   # Resettled: Pop 0 (4.2.1)
])
def test_pacify_removes_terror_in_a_pop_0_space_but_never_shifts_it(
        where: dict[str, dict[str, Any]]) -> None:
    """3.2.1: "Pacify to remove any Terror marker or markers, and then to shift the space one
    level toward Support. The space must have Government Control." – no Population condition;
    1.6.2: "Pop 0 Sectors are always Neutral", so only the shift is impossible there."""
    n = next(iter(where))
    s = gov(where)
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": n})
    assert of_type(s, "pacify") == [{"t": "pacify", "space": n}]
    s = play(s, {"t": "pacify", "space": n})
    assert s.spaces[n]["terror"] == 0 and s.spaces[n]["support"] == "neutral"
    assert s.resources["gov"] == 6  # 2 for the location, 2 for the Terror marker
    assert of_type(s, "pacify") == []  # no shift in a Pop 0 space
    illegal(s, {"t": "pacify", "space": n})


def test_pacify_in_a_pop_0_space_still_needs_government_control() -> None:
    s = gov({"Batna": {"gb": 1, "ug": 1, "ag": 1, "terror": 1}})
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Batna"})
    assert of_type(s, "pacify") == []
    s = play(s, {"t": "place", "piece": AP, "space": "Batna"},
             {"t": "place", "piece": AP, "space": "Batna"})
    assert of_type(s, "pacify") == [{"t": "pacify", "space": "Batna"}]


def test_train_selects_a_pop_0_base_sector_just_to_remove_terror() -> None:
    """3.2.1: a Sector with a Government Base may be selected; with no cube to place, the space is
    still worth selecting for its Terror marker."""
    s = set_available(set_available(gov({"Batna": {"gb": 1, "terror": 1}}),
                                    "algerian_troops", 0), "algerian_police", 0)
    s = play(s, {"t": "op", "op": "train"})
    assert "Batna" in spaces_offered(s)


def test_pacify_only_in_a_space_selected_for_the_train() -> None:
    s = gov({"Algiers": {"fp": 1}, "Oran": {"fp": 1}})
    s = play(s, {"t": "op", "op": "train"}, {"t": "space", "space": "Algiers"})
    illegal(s, {"t": "pacify", "space": "Oran"})


def test_train_limited_op_one_location_no_sa_but_pacify() -> None:
    s = second_eligible(gov({"Algiers": {"fp": 1}}))
    s = play(s, {"t": "op", "op": "train", "box": "limited_op"}, {"t": "space", "space": "Algiers"})
    assert spaces_offered(s) == set()  # 2.3.4: one location
    assert of_type(s, "sa") == []  # no Special Activity
    s = play(s, {"t": "place", "piece": AT, "space": "Algiers"}, {"t": "pacify", "space": "Algiers"})
    assert engine.legal_moves(s) == [{"t": "done"}]
    assert box_recorded(s, {"t": "done"}) == "limited_op"
    s = play(s, {"t": "done"})
    assert pieces(s, "Algiers") == {"fp": 1, "at": 1}
    assert s.spaces["Algiers"]["support"] == "support"
    assert s.resources["gov"] == 6


# --- 3.2.2 Garrison --------------------------------------------------------------------------

FP, FT = "french_police", "french_troops"


def test_garrison_moves_police_and_activates_in_a_mountain_space() -> None:
    s = gov({"Algiers": {"fp": 4}, "Oran": {"ap": 2}, "Medea": {"ug": 3}})
    s = play(s, {"t": "op", "op": "garrison"}, pick(FP, "Algiers"))
    assert of_type(s, "sa") == [] and {"t": "done"} not in engine.legal_moves(s)  # busy
    assert mv(FP, "Algiers", "Medea") in engine.legal_moves(s)
    assert mv(FP, "Algiers", "Batna") not in engine.legal_moves(s)  # Pop 0, not Resettled
    s = play(s, mv(FP, "Algiers", "Medea"))
    assert s.resources["gov"] == 8
    s = play(s, pick(FP, "Algiers"), mv(FP, "Algiers", "Medea"),
             pick("algerian_police", "Oran"), mv("algerian_police", "Oran", "Medea"))
    assert s.resources["gov"] == 8  # 2 in total, not per space
    assert spaces_offered(s, "activate") == {"Medea"}
    s = play(s, {"t": "activate", "space": "Medea"})
    assert of_type(s, "pick") == [] and of_type(s, "activate") == []  # Activation ends it
    s = play(s, {"t": "done"})
    # Mountain: three Police Activate one Guerrilla (3.2.2, round down).
    assert pieces(s, "Medea") == {"fp": 2, "ap": 1, "ug": 2, "ag": 1}
    assert pieces(s, "Algiers") == {"fp": 2} and pieces(s, "Oran") == {"ap": 1}
    assert s.resources["gov"] == 8
    assert s.sop["first_box"] == "limited_op"  # one destination, Activation there


def test_garrison_activation_one_per_police_in_plain_and_city() -> None:
    s = gov({"Algiers": {"fp": 3, "ft": 2, "ug": 5}})
    s = play(s, {"t": "op", "op": "garrison"}, {"t": "activate", "space": "Algiers"},
             {"t": "done"})
    assert pieces(s, "Algiers") == {"fp": 3, "ft": 2, "ug": 2, "ag": 3}  # Troops do not count
    assert s.resources["gov"] == 8


def test_garrison_up_to_six_police() -> None:
    s = gov({"Algiers": {"fp": 8}})
    s = play(s, {"t": "op", "op": "garrison"})
    for _ in range(6):
        s = play(s, pick(FP, "Algiers"), mv(FP, "Algiers", "Oran"))
    assert of_type(s, "pick") == []
    illegal(s, pick(FP, "Algiers"))
    assert pieces(s, "Oran") == {"fp": 6}


def test_garrison_between_populated_and_resettled_spaces_only() -> None:
    s = gov({"Batna": {"fp": 2}, "Setif": {"resettled": True}, "Algiers": {"fp": 1}})
    s = play(s, {"t": "op", "op": "garrison"})
    assert of_type(s, "pick") == [pick(FP, "Algiers")]  # not from Pop 0 Batna
    s = play(s, pick(FP, "Algiers"))
    dests = {m["to"] for m in of_type(s, "move")}
    assert "Setif" in dests and "Batna" not in dests and "Morocco" not in dests
    assert "Algiers" not in dests
    s = play(s, mv(FP, "Algiers", "Setif"), {"t": "done"})
    assert pieces(s, "Setif") == {"fp": 1}


def test_garrison_several_destinations_cost_two_in_total() -> None:
    s = gov({"Algiers": {"fp": 4}, "Tizi Ouzou": {"ug": 2, "fp": 1}})
    s = play(s, {"t": "op", "op": "garrison"}, pick(FP, "Algiers"), mv(FP, "Algiers", "Oran"),
             pick(FP, "Algiers"), mv(FP, "Algiers", "Constantine"),
             pick(FP, "Algiers"), mv(FP, "Algiers", "Tizi Ouzou"),
             {"t": "activate", "space": "Tizi Ouzou"}, {"t": "done"})
    assert pieces(s, "Tizi Ouzou") == {"fp": 2, "ug": 1, "ag": 1}
    assert s.resources["gov"] == 8
    assert s.sop["first_box"] == "op_only"


def test_garrison_activation_space_counts_as_a_location() -> None:
    s = gov({"Algiers": {"fp": 2}, "Medea": {"fp": 2, "ug": 1}})
    s = play(s, {"t": "op", "op": "garrison"}, pick(FP, "Algiers"), mv(FP, "Algiers", "Oran"),
             {"t": "activate", "space": "Medea"}, {"t": "done"})
    assert pieces(s, "Medea") == {"fp": 2, "ag": 1}
    assert s.sop["first_box"] == "op_only"


def test_garrison_a_moved_cube_moves_once() -> None:
    s = gov({"Algiers": {"fp": 1}})
    s = play(s, {"t": "op", "op": "garrison"}, pick(FP, "Algiers"), mv(FP, "Algiers", "Oran"))
    assert of_type(s, "pick") == []
    illegal(s, pick(FP, "Oran"))


def test_garrison_limited_op_single_destination() -> None:
    s = second_eligible(gov({"Algiers": {"fp": 2}, "Oran": {"fp": 2}, "Medea": {"fp": 2, "ug": 2}}))
    s = play(s, {"t": "op", "op": "garrison", "box": "limited_op"}, pick(FP, "Algiers"),
             mv(FP, "Algiers", "Constantine"), pick(FP, "Oran"))
    assert of_type(s, "move") == [mv(FP, "Oran", "Constantine")]
    s = play(s, mv(FP, "Oran", "Constantine"))
    assert of_type(s, "pick") == [pick(FP, "Algiers"), pick(FP, "Medea"), pick(FP, "Oran")]
    assert of_type(s, "activate") == []  # only in the destination (none to find there)
    illegal(s, {"t": "activate", "space": "Medea"})
    assert of_type(s, "sa") == []
    assert box_recorded(s, {"t": "done"}) == "limited_op"
    s = play(s, {"t": "done"})
    assert pieces(s, "Constantine") == {"fp": 2}
    assert s.resources["gov"] == 8


def test_garrison_needs_two_resources_unless_free() -> None:
    s = gov({"Algiers": {"fp": 2, "ug": 1}}, resources=(1, 5))
    assert {"t": "op", "op": "garrison"} not in engine.legal_moves(s)
    s = play(free_op(s, "garrison"), {"t": "activate", "space": "Algiers"}, {"t": "done"})
    assert pieces(s, "Algiers") == {"fp": 2, "ag": 1} and s.resources["gov"] == 1


# --- 3.2.3 Sweep -----------------------------------------------------------------------------


def mostaganem_sweep() -> State:
    """3.2.3 EXAMPLE: one Police, one Troop, two Underground Guerrillas and a Base in Mostaganem;
    three Troops move in from adjacent Sidi Bel Abbes."""
    s = gov({"Mostaganem": {"fp": 1, "ft": 1, "ug": 2, "fb": 1}, "Sidi Bel Abbes": {"ft": 3}},
            resources=(10, 0))
    s = play(s, {"t": "op", "op": "sweep"}, {"t": "space", "space": "Mostaganem"})
    for _ in range(3):
        s = play(s, mv(FT, "Sidi Bel Abbes", "Mostaganem"))
    return end_op(s)


def test_sweep_mostaganem_example() -> None:
    s = mostaganem_sweep()
    # Five cubes in a Mountain space: up to two Guerrillas Activated – both are.
    assert pieces(s, "Mostaganem") == {"ft": 4, "fp": 1, "ag": 2, "fb": 1}
    assert pieces(s, "Sidi Bel Abbes") == {}
    assert s.resources["gov"] == 8
    assert s.sop["first_box"] == "limited_op"


def test_assault_mostaganem_example_following_the_sweep() -> None:
    s = mostaganem_sweep()
    s = play(s, {"t": "pass"})  # the FLN does not change anything in Mostaganem
    while s.pending[-1]["k"] == "pivotal_window":  # next card: no Pivotal Event played
        s = play(s, {"t": "decline"})
    assert s.pending[-1]["k"] == "eligible" and s.pending[-1]["who"] == "gov"
    before = dict(s.boxes["available"])
    s = play(s, {"t": "op", "op": "assault"}, {"t": "space", "space": "Mostaganem"})
    # Four Troops in a Mountain space: two FLN pieces removed, the Active Guerrillas.
    assert pieces(s, "Mostaganem") == {"ft": 4, "fp": 1, "fb": 1}
    assert s.boxes["available"]["guerrillas"] == before["guerrillas"] + 1
    assert box(s, "casualties") == {"guerrillas": 1}
    assert s.resources["gov"] == 8 - 2 + 2 - 2  # Sweep 2, Pass +2, Assault 2
    assert s.commitment == 20


def test_sweep_moves_troops_not_police_from_adjacent_spaces_only() -> None:
    s = gov({"Medea": {"ug": 2}, "Algiers": {"fp": 2, "at": 1}, "Orleansville": {"ft": 1},
             "Oran": {"ft": 2}})
    s = play(s, {"t": "op", "op": "sweep"}, {"t": "space", "space": "Medea"})
    assert of_type(s, "move") == [mv("algerian_troops", "Algiers", "Medea"),
                                  mv(FT, "Orleansville", "Medea")]
    illegal(s, mv(FP, "Algiers", "Medea"))
    illegal(s, mv(FT, "Oran", "Medea"))


def test_sweep_activation_per_cube_and_mountain_halving() -> None:
    s = gov({"Medea": {"ft": 3, "ug": 3}, "Tlemcen": {"fp": 2, "at": 1, "ug": 5}})
    s = end_op(play(s, {"t": "op", "op": "sweep"}, {"t": "space", "space": "Medea"},
                    {"t": "space", "space": "Tlemcen"}))
    assert pieces(s, "Medea") == {"ft": 3, "ug": 2, "ag": 1}  # Mountain: 3 cubes -> 1
    assert pieces(s, "Tlemcen") == {"fp": 2, "at": 1, "ug": 2, "ag": 3}  # Plain: one per cube
    assert s.resources["gov"] == 6  # 2 per space
    assert s.sop["first_box"] == "op_only"


def test_sweep_activation_comes_after_all_moves() -> None:
    s = gov({"Medea": {"ft": 2, "ug": 2}, "Algiers": {"ft": 2, "ug": 2}})
    s = play(s, {"t": "op", "op": "sweep"}, {"t": "space", "space": "Algiers"},
             {"t": "space", "space": "Medea"}, mv(FT, "Algiers", "Medea"), mv(FT, "Algiers", "Medea"))
    assert pieces(s, "Medea")["ug"] == 2  # nothing Activated yet
    s = play(s, {"t": "done"})
    assert pieces(s, "Medea") == {"ft": 4, "ag": 2}
    assert pieces(s, "Algiers") == {"ug": 2}


def test_sweep_troops_move_once() -> None:
    s = gov({"Tizi Ouzou": {"ft": 2}, "Medea": {"ug": 1}, "Algiers": {"fp": 1, "ug": 1}})
    s = play(s, {"t": "op", "op": "sweep"}, {"t": "space", "space": "Medea"},
             mv(FT, "Tizi Ouzou", "Medea"), {"t": "space", "space": "Algiers"})
    assert of_type(s, "move") == [mv(FT, "Tizi Ouzou", "Medea")]
    illegal(s, mv(FT, "Medea", "Algiers"))


def test_sweep_limited_op_one_destination() -> None:
    s = second_eligible(gov({"Sidi Bel Abbes": {"ft": 2}, "Mostaganem": {"ug": 1},
                             "Tlemcen": {"ug": 1}}))
    s = play(s, {"t": "op", "op": "sweep", "box": "limited_op"}, {"t": "space", "space": "Tlemcen"})
    assert spaces_offered(s) == set()
    assert of_type(s, "move") == [mv(FT, "Sidi Bel Abbes", "Tlemcen")]
    illegal(s, {"t": "space", "space": "Mostaganem"})
    s = play(s, mv(FT, "Sidi Bel Abbes", "Tlemcen"), mv(FT, "Sidi Bel Abbes", "Tlemcen"),
             )
    assert box_recorded(s, {"t": "done"}) == "limited_op"
    s = play(s, {"t": "done"})
    assert pieces(s, "Tlemcen") == {"ft": 2, "ag": 1}
    assert s.resources["gov"] == 8


def test_sweep_may_select_any_city_or_sector_even_where_nothing_happens() -> None:
    """3.2.3: "Sweeps may move Troops and can locate Guerrillas. Pay two Resources per space
    selected." – unlike Assault (3.2.4 "Select any spaces with Government cubes and FLN
    pieces"), Sweep sets no condition on its spaces."""
    s = gov({"Algiers": {"fp": 1, "ug": 1}, "Oran": {"ft": 1}})
    s = play(s, {"t": "op", "op": "sweep"})
    assert spaces_offered(s) == set(ALGERIA)  # never Morocco or Tunisia (5.1.8)
    # Laghouat: no cube, no Guerrilla, no Troops next door – still selected and paid for.
    s = play(s, {"t": "space", "space": "Laghouat"})
    assert s.resources["gov"] == 8 and of_type(s, "move") == []
    s = play(s, {"t": "done"})
    assert pieces(s, "Laghouat") == {}
    assert s.resources["gov"] == 8


def test_free_sweep_costs_nothing() -> None:
    s = free_op(gov({"Algiers": {"fp": 1, "ug": 1}, "Oran": {"ft": 1, "ug": 1}}, resources=(0, 5)),
                "sweep")
    s = play(s, {"t": "space", "space": "Algiers"}, {"t": "space", "space": "Oran"}, {"t": "done"})
    assert pieces(s, "Algiers") == {"fp": 1, "ag": 1} and pieces(s, "Oran") == {"ft": 1, "ag": 1}
    assert s.resources["gov"] == 0
    assert s.pending[-1]["k"] == "eligible"


# --- 3.2.4 Assault ---------------------------------------------------------------------------


def test_assault_guerrillas_first_then_bases_with_commitment() -> None:
    s = gov({"Algiers": {"ft": 2, "fp": 1, "ag": 1, "fb": 1}})  # City: Police count
    s = play(s, {"t": "op", "op": "assault"}, {"t": "space", "space": "Algiers"})
    assert pieces(s, "Algiers") == {"ft": 2, "fp": 1}
    assert s.commitment == 21
    assert s.boxes["available"]["fln_bases"] == FORCE_POOL["fln_bases"]
    assert s.boxes["available"]["guerrillas"] == FORCE_POOL["guerrillas"]
    assert s.resources["gov"] == 8


def test_assault_underground_guerrillas_protect_bases() -> None:
    s = gov({"Oran": {"ft": 3, "ug": 1, "ag": 1, "fb": 1}})
    s = play(s, {"t": "op", "op": "assault"}, {"t": "space", "space": "Oran"})
    assert pieces(s, "Oran") == {"ft": 3, "ug": 1, "fb": 1}
    assert s.commitment == 20 and s.resources["gov"] == 8


def test_assault_any_space_with_cubes_and_fln_pieces_is_selectable() -> None:
    s = gov({"Medea": {"fp": 2, "ag": 1}, "Oran": {"gb": 1, "ag": 1}, "Algiers": {"ft": 1, "ug": 1},
             "Tizi Ouzou": {"ft": 2}})
    s = play(s, {"t": "op", "op": "assault"})
    assert spaces_offered(s) == {"Medea", "Algiers"}  # a Base is not a cube; Tizi Ouzou: no FLN
    s = play(s, {"t": "space", "space": "Medea"})  # Police do not count in a Sector
    assert pieces(s, "Medea") == {"fp": 2, "ag": 1} and s.resources["gov"] == 8


def test_assault_mountain_halving() -> None:
    s = gov({"Medea": {"ft": 3, "ag": 3}})
    s = play(s, {"t": "op", "op": "assault"}, {"t": "space", "space": "Medea"})
    assert pieces(s, "Medea") == {"ft": 3, "ag": 2}
    assert box(s, "casualties") == {}


def test_assault_alternation_counted_within_each_space() -> None:
    s = gov({"Algiers": {"ft": 3, "ag": 3}, "Oran": {"ft": 2, "ag": 2}})
    s = end_op(play(s, {"t": "op", "op": "assault"}, {"t": "space", "space": "Algiers"},
                    {"t": "space", "space": "Oran"}))
    assert pieces(s, "Algiers") == {"ft": 3} and pieces(s, "Oran") == {"ft": 2}
    # Algiers: Available, Casualties, Available; Oran: Available, Casualties.
    assert box(s, "casualties") == {"guerrillas": 2}
    assert s.boxes["available"]["guerrillas"] == FORCE_POOL["guerrillas"] - 2
    assert s.resources["gov"] == 6 and s.sop["first_box"] == "op_only"


def test_assault_border_sector_police_count_only_after_independence() -> None:
    spaces = {"Tlemcen": {"fp": 2, "ag": 2}, "Tebessa": {"ft": 1, "fp": 2, "ag": 3}}
    s = gov(spaces)
    s = play(s, {"t": "op", "op": "assault"}, {"t": "space", "space": "Tlemcen"},
             {"t": "space", "space": "Tebessa"})
    assert pieces(s, "Tlemcen") == {"fp": 2, "ag": 2}
    assert pieces(s, "Tebessa") == {"ft": 1, "fp": 2, "ag": 3}  # 1 Troop in Mountain: none
    s = gov(spaces, in_effect=[MOBILIZATION, INDEPENDENT], border_zone=0)
    s = play(s, {"t": "op", "op": "assault"}, {"t": "space", "space": "Tlemcen"},
             {"t": "space", "space": "Tebessa"})
    assert pieces(s, "Tlemcen") == {"fp": 2}  # Plain Border Sector: 2 Police remove 2
    assert pieces(s, "Tebessa") == {"ft": 1, "fp": 2, "ag": 2}  # Mountain: (1+2)//2 = 1


def test_assault_costs_two_per_space_and_only_what_can_be_paid() -> None:
    s = gov({"Algiers": {"ft": 1, "ag": 1}, "Oran": {"ft": 1, "ag": 1}}, resources=(3, 5))
    s = play(s, {"t": "op", "op": "assault"}, {"t": "space", "space": "Algiers"})
    assert s.resources["gov"] == 1
    assert spaces_offered(s) == set()
    illegal(s, {"t": "space", "space": "Oran"})


def test_assault_limited_op() -> None:
    s = second_eligible(gov({"Algiers": {"ft": 1, "ag": 1}, "Oran": {"ft": 1, "ag": 1}}))
    s = play(s, {"t": "op", "op": "assault", "box": "limited_op"}, {"t": "space", "space": "Oran"})
    assert engine.legal_moves(s) == [{"t": "done"}]
    s = play(s, {"t": "done"})
    assert pieces(s, "Oran") == {"ft": 1} and pieces(s, "Algiers") == {"ft": 1, "ag": 1}


# --- robustness: random legal play from the Short scenario -----------------------------------


def test_random_government_play_from_short_start_never_crashes() -> None:
    rnd = random.Random(7)
    for seed in range(4):
        s = engine.new_game("short", seed).copy()
        # Keep to Event cards: Propaganda Rounds belong to another chapter.
        s.cards["deck"] = [c for c in s.cards["deck"] if c not in PROPAGANDA_CARDS][:20]
        s.cards["deck_left"] = len(s.cards["deck"])
        for _ in range(600):
            ms = engine.legal_moves(s)
            if not ms or len(s.cards["deck"]) < 2:
                break
            top = s.pending[-1]
            ops = [m for m in ms if m["t"] == "op"]
            if top["k"] == "eligible" and top["who"] == "gov" and ops:
                ms = ops  # favour Government Operations
            elif top["k"] == "eligible":
                ms = [m for m in ms if m["t"] == "pass"] or ms
            non_done = [m for m in ms if m["t"] != "done"]
            m = rnd.choice(non_done) if non_done and rnd.random() < 0.8 else rnd.choice(ms)
            s, _ = engine.apply(s, m)
            assert engine.legal_moves(s) or s.result is not None  # never a dead end
            assert s.resources["gov"] >= 0
            assert all(pool_total(s, k) == FORCE_POOL[k] for k in FORCE_POOL)
            engine.to_json(s)  # frames stay plain JSON data


def test_operation_in_progress_survives_serialization_and_bad_frames_are_rejected() -> None:
    s = gov({"Algiers": {"fp": 4}, "Medea": {"ug": 2}})
    s = play(s, {"t": "op", "op": "garrison"}, pick(FP, "Algiers"), mv(FP, "Algiers", "Medea"),
             pick(FP, "Algiers"))
    t = engine.from_json(engine.to_json(s))
    assert t == s and engine.legal_moves(t) == engine.legal_moves(s)
    data = s.to_data()
    data["pending"][-1]["x"]["pick"] = [FP, "Oran"]  # no Police in Oran to move
    with pytest.raises(engine.StateError):
        engine.from_json(json.dumps(data))
