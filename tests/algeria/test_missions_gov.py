"""Algeria rules 9.21-9.27 (chart B.3), 11.3 (the OAS's Suppression), 11.6, 11.7, 11.11 and 11.12:
the Government's missions, each from a position with the dice supplied (external chance)."""

from __future__ import annotations

from typing import Any

import pytest

import algeria as A
from algeria import airpower, missions_gov
from algeria.combat import firepower
from algeria.data import TABLES
from algeria.machine import MACHINE
from algeria.missions import MISSIONS, ops_start, patrol, remote
from tests.algeria.positions import edited, ops_position
from referee_core.errors import StateError

B3 = {r["mission"]: r for r in TABLES["B3_gov_missions"]}


def board(psl_gov: int = 50, psl_fln: int = 50, **units: tuple[str, str]) -> A.State:
    """An empty map in the Operations Phase (``positions.ops_position``), the Government to act,
    no Air or Helicopter Points, then ``units`` placed: ``fr_bde_1=("II-1", "OPS")``; read back
    from its JSON, as a client would send it (a state is never changed once read: the machine
    keeps its legal moves, ``State._legal``)."""
    s = ops_position(psl={"gov": psl_gov, "fln": psl_fln})
    s.pending[-1]["who"] = "gov"
    for uid, (area, box) in units.items():
        head, n = uid.rsplit("_", 1)
        s.units[f"{head}.{n}"].update(area=area, box=box)
    return edited(s)


def mission(s: A.State, name: str, area: str) -> tuple[A.State, list[dict[str, Any]]]:
    return A.apply(s, {"t": "mission", "mission": name, "area": area})


def go(s: A.State, *moves: dict[str, Any]) -> A.State:
    for m in moves:
        s, _ = A.apply(s, m)
    return s


def rolls(s: A.State, *values: int) -> A.State:
    for v in values:
        assert A.to_move(s) == "chance", A.prompt(s)
        s, _ = A.apply(s, {"t": "roll", "value": v})
    return s


def back_to_ops(s: A.State) -> None:
    assert s.pending[-1]["k"] == "operations" and A.to_move(s) == "fln", s.pending[-1]
    A.from_json(A.to_json(s))   # the state validates


def allowed(s: A.State, name: str) -> set[str]:
    return {m["area"] for m in A.legal_moves(s) if m.get("mission") == name}


# --- chart B.3 ----------------------------------------------------------------------------

def test_chart_b3_costs() -> None:
    for m in ("flush", "intelligence", "civil_affairs", "suppression", "resettlement"):
        row = B3["population_resettlement" if m == "resettlement" else m]
        assert MISSIONS[m].cost == row["psp"] and MISSIONS[m].side == "gov", m
    assert B3["patrol"]["psp"] == 0 and B3["react"]["psp"] == 0


# --- 9.21 Patrol ---------------------------------------------------------------------------

def test_patrol_drm_counts_active_units_in_ptl() -> None:
    s = board(police_1=("II-1", "PTL"), police_2=("II-1", "PTL"), fr_bde_1=("II-1", "PTL"),
              fr_div_1=("II-1", "PTL"), fr_bde_2=("II-1", "OPS"))
    s.units["fr_div.1"]["mode"] = "dispersed"        # counts once (v2.1)
    assert patrol(s, "II-1") == 4        # missions.patrol: -1 DRM each to FLN missions
    s.units["police.2"]["neutralized"] = True
    assert patrol(s, "II-1") == 3
    assert patrol(s, "II-2") == 0


# --- 11.7 / 11.12 ratings -------------------------------------------------------------------

def test_division_modes_and_airmobile_contact() -> None:
    s = board(fr_div_1=("I-1", "OPS"), elite_bde_1=("I-1", "OPS"))
    assert (airpower.contact(s, "fr_div.1"), firepower(s, "fr_div.1")) == (1, 25)
    s.units["fr_div.1"]["mode"] = "dispersed"
    assert (airpower.contact(s, "fr_div.1"), firepower(s, "fr_div.1")) == (2, 12)
    s.units["elite_bde.1"]["helo"] = True
    assert airpower.contact(s, "elite_bde.1") == 3 and firepower(s, "elite_bde.1") == 9


# --- 9.24 Intelligence ----------------------------------------------------------------------

def test_intelligence_contacts_ug_units() -> None:
    s = board(police_1=("II-1", "PTL"), police_2=("II-1", "PTL"), band_1=("II-1", "UG"),
              cadre_1=("II-1", "UG"), front_1=("II-1", "UG"), band_2=("II-1", "OPS"))
    s, log = mission(s, "intelligence", "II-1")
    assert s.psl["gov"] == 49
    # total Contact 4 (two Police); no DRM (Rural, no Terror, no evasion above 4)
    s = rolls(s, 4, 5, 1)    # band.1 4 <= 4, cadre.1 5 > 4, front.1 1
    assert [s.units[u]["box"] for u in ("band.1", "cadre.1", "front.1", "band.2")] == \
        ["OC", "UG", "OC", "OPS"]
    assert s.units["police.1"]["box"] == "PTL"
    back_to_ops(s)


def test_intelligence_drms_and_prerequisites() -> None:
    s = board(police_1=("ALGIERS", "PTL"), cadre_1=("ALGIERS", "UG"), band_1=("ALGIERS", "UG"))
    s.areas["ALGIERS"]["terror"] = True
    s = edited(s)
    s, _ = mission(s, "intelligence", "ALGIERS")
    # total 2: band.1 +1 evasion 3 > 2, +1 Terror, -1 Urban = +1: a 1 contacts, a 2 does not
    s = rolls(s, 2)
    assert s.units["band.1"]["box"] == "UG"
    s = rolls(s, 1)          # cadre.1 evasion 4 > 2: +1: 1+1 = 2 <= 2
    assert s.units["cadre.1"]["box"] == "OC"
    s2 = board(police_1=("I-2", "PTL"), cadre_1=("I-2", "UG"))    # Remote, +1 each
    assert missions_gov.contact_drm(s2, "I-2", "cadre.1", 2) == 2
    s2.units["police.1"]["neutralized"] = True                    # needs active Police
    s2 = edited(s2)
    assert "I-2" not in allowed(s2, "intelligence")
    s3 = board(police_1=("I-2", "PTL"), cadre_1=("I-2", "OPS"))   # nobody in UG
    assert "I-2" not in allowed(s3, "intelligence")


def test_no_psp_mission_takes_the_psl_to_zero() -> None:
    s = board(psl_gov=1, police_1=("II-1", "PTL"), cadre_1=("II-1", "UG"))
    assert allowed(s, "intelligence") == allowed(s, "civil_affairs") == set()
    s.psl["gov"] = 2
    s = edited(s)
    assert allowed(s, "intelligence") == {"II-1"}


# --- 9.25 Civil Affairs ---------------------------------------------------------------------

@pytest.mark.parametrize("roll,amnesty,loss,terror_left", [
    (6, False, 3, False), (3, False, 1, True), (1, False, 1, False), (5, True, 3, False)])
def test_civil_affairs(roll: int, amnesty: bool, loss: int, terror_left: bool) -> None:
    s = board(police_1=("II-1", "PTL"))
    s.areas["II-1"]["terror"] = True
    if amnesty:
        s.effects = ["amnesty"]
    s, _ = mission(s, "civil_affairs", "II-1")
    s = rolls(s, roll)
    assert s.psl == {"gov": 49, "fln": 50 - loss}
    assert s.areas["II-1"]["terror"] is terror_left
    assert "II-1" not in allowed(s, "civil_affairs")     # once per area per turn
    back_to_ops(s)


def test_civil_affairs_not_in_remote_or_resettled_areas() -> None:
    s = board(police_1=("I-2", "PTL"), police_2=("I-1", "PTL"))
    assert allowed(s, "civil_affairs") == {"I-1"}
    s.areas["I-1"]["resettled"] = True
    s = edited(s)
    assert allowed(s, "civil_affairs") == set()


def test_option_13_1_forbids_pacification() -> None:
    s = board(police_1=("I-1", "PTL"), band_1=("I-1", "UG"))
    s.scenario = "1954"    # the option is for the 1954 scenario (13.0)
    s.options["slow_french_reaction"] = True
    s = edited(s)
    assert {m.get("mission") for m in A.legal_moves(s)} == {"intelligence", None}
    s.slow_lifted = True
    s = edited(s)
    assert {m.get("mission") for m in A.legal_moves(s)} - {None} == {
        "intelligence", "civil_affairs", "suppression", "resettlement"}


# --- 9.26 Suppression -----------------------------------------------------------------------

def suppression_board() -> A.State:
    return board(police_1=("II-1", "PTL"), elite_bde_1=("II-1", "OPS"),
                 elite_bde_2=("II-1", "PTL"), elite_bde_3=("II-1", "OC"),
                 elite_bde_4=("II-2", "OPS"), band_1=("II-1", "UG"), band_2=("II-1", "OPS"),
                 failek_1=("II-1", "OC"), cadre_1=("II-1", "UG"), front_1=("II-1", "UG"))


def test_suppression_elite_assist_and_fln_choice() -> None:
    s, _ = mission(suppression_board(), "suppression", "II-1")
    assert A.to_move(s) == "gov"
    assert A.legal_moves(s) == [{"t": "unit", "unit": "elite_bde.1"},
                                {"t": "unit", "unit": "elite_bde.2"}, {"t": "go"}]
    s, _ = A.apply(s, {"t": "unit", "unit": "elite_bde.1"})
    s, _ = A.apply(s, {"t": "go"})
    assert s.psl["gov"] == 49
    s = rolls(s, 3)          # 3 + 1 = 4: 2 Bands/Faileks
    assert A.to_move(s) == "fln"
    assert {m["value"] for m in A.legal_moves(s)} == {"band.1", "band.2", "failek.1"}
    s, _ = A.apply(s, {"t": "pick0", "value": "failek.1"})
    assert {m["value"] for m in A.legal_moves(s)} == {"band.1", "band.2"}
    s, _ = A.apply(s, {"t": "pick1", "value": "band.2"})
    assert [s.units[u]["neutralized"] for u in ("band.1", "band.2", "failek.1", "cadre.1")] == \
        [False, True, True, False]
    assert s.units["band.2"]["box"] == "OC"
    assert s.units["elite_bde.1"]["box"] == "OC" and s.units["elite_bde.2"]["box"] == "PTL"
    assert not s.areas["II-1"]["terror"] and s.psl["gov"] == 49
    assert "II-1" not in allowed(s, "suppression")
    back_to_ops(s)


def test_suppression_at_result() -> None:
    s, _ = mission(suppression_board(), "suppression", "II-1")
    s.effects = ["amnesty"]
    s = A.apply(s, {"t": "unit", "unit": "elite_bde.2"})[0]
    s = A.apply(s, {"t": "go"})[0]
    s = rolls(s, 6)          # 6 + 1 elite + 1 Amnesty = 8: 5@
    for u in ("band.1", "band.2", "failek.1", "cadre.1", "front.1"):
        assert s.units[u]["neutralized"] and s.units[u]["box"] == "OC"
    assert s.areas["II-1"]["terror"]
    back_to_ops(s)


def test_suppression_plus_backfires() -> None:
    s, _ = mission(suppression_board(), "suppression", "II-1")
    s = A.apply(s, {"t": "go"})[0]
    s = rolls(s, 1)          # 1: 1+ — one Band/Failek neutralized, then the backfire
    s = A.apply(s, {"t": "pick0", "value": "band.1"})[0]
    s = rolls(s, 4)
    assert s.units["band.1"]["neutralized"] and s.areas["II-1"]["terror"]
    assert s.psl["gov"] == 50 - 1 - 4
    back_to_ops(s)


def test_suppression_needs_police_and_an_fln_unit() -> None:
    s = board(police_1=("II-1", "PTL"), police_2=("II-2", "PTL"), cadre_1=("II-2", "UG"))
    assert allowed(s, "suppression") == {"II-2"}


# --- 9.27 Population Resettlement --------------------------------------------------------

def test_resettlement() -> None:
    s = board(police_1=("II-1", "PTL"), front_1=("II-1", "UG"), cadre_1=("II-1", "OPS"))
    assert allowed(s, "resettlement") == {"II-1"}
    s, log = mission(s, "resettlement", "II-1")
    assert s.psl["gov"] == 49
    s = rolls(s, 6, 5, 4)
    assert s.areas["II-1"]["resettled"] and s.areas["II-1"]["terror"]
    assert s.units["front.1"]["area"] is None
    assert s.units["cadre.2"]["area"] == "II-1" and s.units["cadre.2"]["box"] == "UG"
    assert s.psl == {"gov": 50 - 1 + 2, "fln": 50 - 1 + 15}
    assert allowed(s, "resettlement") == set()          # Remote for good
    assert remote(s, "II-1")
    back_to_ops(s)


def test_resettlement_rural_only_and_overflow_example() -> None:
    s = board(police_1=("ALGIERS", "PTL"), police_2=("I-2", "PTL"), police_3=("I-1", "PTL"))
    assert allowed(s, "resettlement") == {"I-1"}
    s = board(psl_fln=98, police_3=("I-1", "PTL"))
    s, _ = mission(s, "resettlement", "I-1")
    s = rolls(s, 3, 3, 4)    # 12.1 example: 10 PSP, FLN 98 -> 99, the Government loses 9
    assert s.psl == {"fln": 99, "gov": 50 - 1 - 9}


def test_resettled_area_costs_one_psp_each_final_segment() -> None:
    from algeria.interphase import Interphase
    s = board()
    s.areas["I-1"]["resettled"] = True
    s.areas["I-1"]["terror"] = True
    s.areas["I-4"]["resettled"] = True
    s.units["band.1"].update(area="I-1", box="UG")     # an active FLN mobile unit
    s.pending = [{"k": "turn", "step": 5}, {"k": "interphase", "stage": "final", "i": 0, "x": {}}]
    log: list[dict[str, Any]] = []
    Interphase().step(s, s.pending[-1], log)
    assert s.psl["gov"] == 48


# --- 11.3 the OAS -------------------------------------------------------------------------

def test_oas_suppression_in_a_city() -> None:
    s = board(elite_bde_1=("ORAN", "OPS"), band_1=("ORAN", "OPS"), band_2=("ORAN", "UG"))
    s.oas = {"active": True, "controller": "fln", "area": "ORAN"}
    s.pending[-1] = missions_gov.phase_start()
    MACHINE.settle(s, [])
    s = edited(s)
    assert A.to_move(s) == "chance"          # no Police, no elite assistance
    s = rolls(s, 4)                          # 2: both Bands
    assert s.units["band.1"]["neutralized"] and s.units["band.2"]["neutralized"]
    assert s.areas["ORAN"]["terror"] and s.psl["gov"] == 50      # free, Terror whatever
    assert s.units["elite_bde.1"]["box"] == "OPS"
    assert "suppression" not in s.areas["ORAN"]["done"]
    back_to_ops(s)


def test_no_oas_suppression_in_france() -> None:
    s = board()
    s.oas = {"active": True, "controller": "gov", "area": "FRANCE"}
    s.pending[-1] = missions_gov.phase_start()
    log: list[dict[str, Any]] = []
    MACHINE.settle(s, log)
    assert s.pending[-1] == ops_start() and not log


# --- 9.22 Flush, 11.12 ---------------------------------------------------------------------

def test_flush_combination_condition() -> None:
    s = board(fr_bde_1=("II-1", "OPS"), alg_bde_1=("II-1", "PTL"), elite_bde_1=("II-1", "OPS"),
              elite_bde_2=("II-1", "PTL"), fr_bde_2=("II-1", "OC"), band_1=("II-1", "OPS"))
    s, _ = mission(s, "flush", "II-1")
    assert A.prompt(s) == "Flush in II-1 Setif: choose the units, then go"
    units = {m["unit"] for m in A.legal_moves(s) if m["t"] == "unit"}
    assert units == {"fr_bde.1", "alg_bde.1", "elite_bde.1", "elite_bde.2"}   # not from OC
    s1, _ = A.apply(s, {"t": "unit", "unit": "fr_bde.1"})
    assert A.to_move(s1) == "chance"     # no division: alone, the declaration closes itself
    s2, _ = A.apply(s, {"t": "unit", "unit": "elite_bde.1"})
    assert {m.get("unit") for m in A.legal_moves(s2)} == {"elite_bde.2", None}   # all elite
    s.units["fr_div.1"].update(area="II-1", box="OC", neutralized=True)   # any division there
    s3, _ = A.apply(s, {"t": "unit", "unit": "fr_bde.1"})
    assert {m.get("unit") for m in A.legal_moves(s3)} == {"alg_bde.1", "elite_bde.1",
                                                          "elite_bde.2", None}


def test_airmobile_units_from_any_distance() -> None:
    s = board(band_1=("II-1", "OPS"), elite_bde_1=("V-3", "OPS"), fr_bde_1=("IV-1", "PTL"),
              alg_bde_1=("I-1", "OPS"), elite_bde_2=("I-1", "OC"))
    s.helo = {"max": 3, "available": 3}
    s = edited(s)
    s, _ = mission(s, "flush", "II-1")
    assert A.legal_moves(s) == [{"t": "unit", "unit": "elite_bde.1"}]   # an elite unit alone
    s0 = s
    s, log = A.apply(s, {"t": "unit", "unit": "elite_bde.1"})    # nobody else: it starts
    assert s.helo["available"] == 2 and s.units["elite_bde.1"]["helo"]   # 1 point, paid now
    assert s.units["elite_bde.1"]["area"] == "II-1"
    assert [e["rule"] for e in log if e["rule"] == "11.12"] == ["11.12", "11.12"]
    s = rolls(s, 4)          # band.1: 4 against Contact 3 (2 + 1 airmobile): not contacted
    assert s.units["elite_bde.1"]["box"] == "OC"
    back_to_ops(s)
    s = s0                                                # with a division: anyone may come
    s.units["fr_div.1"].update(area="II-1", box="OPS")
    s = edited(s)
    assert {m.get("unit") for m in A.legal_moves(s)} == {
        "fr_div.1", "elite_bde.1", "fr_bde.1", "alg_bde.1"}
    s = go(s, {"t": "unit", "unit": "fr_bde.1"})          # 2 points reserved: 1 left
    assert {m.get("unit") for m in A.legal_moves(s)} == {"fr_div.1", "elite_bde.1", None}
    s = go(s, {"t": "unit", "unit": "elite_bde.1"})
    assert {m.get("unit") for m in A.legal_moves(s)} == {"fr_div.1", None}
    s = go(s, {"t": "go"})
    assert s.helo["available"] == 0


def test_flush_contact_rolls_and_no_contact() -> None:
    s = board(fr_bde_1=("I-2", "OPS"), band_1=("I-2", "OPS"), cadre_1=("I-2", "OC"),
              cadre_2=("I-2", "UG"))
    s.units["fr_bde.1"]["helo"] = True        # Contact 2
    s, _ = mission(s, "flush", "I-2")
    s, _ = A.apply(s, {"t": "unit", "unit": "fr_bde.1"})
    # Remote +1, each Evasion (3, 4) above the total Contact 2 +1: a 1 reads 3 and fails
    s, log = A.apply(rolls(s, 1), {"t": "roll", "value": 1})
    assert [e["contacted"] for e in log if "contacted" in e] == [False, False]
    assert s.units["fr_bde.1"]["box"] == "OC"
    assert s.units["band.1"]["box"] == "OPS" and s.units["cadre.1"]["box"] == "OC"
    back_to_ops(s)


def test_flush_combat_with_air_points() -> None:
    s = board(fr_div_1=("I-1", "OPS"), fr_bde_1=("I-1", "PTL"), band_1=("I-1", "OPS"),
              cadre_1=("I-1", "OC"))
    s.air = {"max": 2, "available": 2}
    s, _ = mission(s, "flush", "I-1")
    s = go(s, {"t": "unit", "unit": "fr_div.1"}, {"t": "unit", "unit": "fr_bde.1"})
    s = rolls(s, 1, 2)       # Contact 2, Evasion above it +1: band.1 1+1 <= 2, cadre.1 2+1 > 2
    assert A.to_move(s) == "gov" and A.legal_moves(s) == [
        {"t": "air", "value": n} for n in range(3)]
    s, log = A.apply(s, {"t": "air", "value": 1})
    assert s.air == {"max": 2, "available": 1} and log[0]["rule"] == "11.11"
    assert s.pending[-2]["k"] == "combat" and s.pending[-2]["air"] == 1
    s = rolls(s, 6, 1, 5)    # FLN 2 firepower, die 6: 2 hits; Government 31 + 5, die 1: 3 hits
    assert s.units["band.1"]["area"] is None and s.units["cadre.1"]["box"] == "OC"
    assert not s.units["fr_div.1"]["neutralized"]        # the FLN received more hits
    assert s.units["fr_div.1"]["box"] == s.units["fr_bde.1"]["box"] == "OC"
    s = go(s, {"t": "split", "fln_gain": 2, "gov_loss": 0},
           {"t": "split", "gov_gain": 1, "fln_loss": 0})
    assert s.psl == {"fln": 52, "gov": 51}
    back_to_ops(s)


def test_no_air_points_in_a_city() -> None:
    s = board(fr_bde_1=("ALGIERS", "OPS"), cadre_1=("ALGIERS", "OPS"))
    s.air = {"max": 2, "available": 2}
    s, _ = mission(s, "flush", "ALGIERS")
    s = rolls(go(s, {"t": "unit", "unit": "fr_bde.1"}), 1)   # 1 + 1 - 1 <= 1
    assert A.to_move(s) == "chance" and s.pending[-1]["k"] == "roll"
    assert s.pending[-2]["k"] == "combat" and s.pending[-2]["air"] == 0


def test_air_points_on_react_and_harass_return_fire() -> None:
    """11.11: any time the Government rolls on the CRT (outside a city): React and Harass too."""
    s = board(fr_bde_1=("I-1", "OPS"), fr_bde_2=("I-1", "PTL"), band_1=("I-1", "OPS"))
    s.air = {"max": 1, "available": 1}
    s.pending[-1]["who"] = "fln"
    s = edited(s)
    s, _ = mission(s, "harass", "I-1")
    s = go(s, {"t": "unit", "unit": "band.1"}, {"t": "target", "value": "fr_bde.1"})
    assert A.to_move(s) == "gov" and A.prompt(s).startswith("Combat in I-1 Barika: spend Air Points")
    s = go(s, {"t": "air", "value": 1})
    s = rolls(s, 1, 1, 1)    # no hits either way (FLN 2: die 1; Government 3 + 1: die 1)
    assert s.units["band.1"]["box"] == "OC" and s.air["available"] == 0
    s = go(s, {"t": "unit", "unit": "fr_bde.2"}, {"t": "react"})    # React: band.1 evades?
    s = rolls(s, 6)          # 6 > 3: it fights; no Air Point left: no question
    assert s.pending[-1]["k"] == "roll" and s.pending[-2]["k"] == "combat"


def test_frames_validate() -> None:
    s, _ = mission(suppression_board(), "suppression", "II-1")
    A.from_json(A.to_json(s))
    for units, data, field in ((["elite_bde.4"], {}, "pending[2].units[0]"),
                               ([], {"pick0": "cadre.1"}, "pending[2].data.pick0")):
        bad = s.to_data()
        bad["pending"][-1].update(units=units, data=data, stage="resolve")
        with pytest.raises(StateError) as e:
            A.from_data(bad)
        assert e.value.field == field and e.value.rule == "9.26"
    s = go(s, {"t": "go"}, {"t": "roll", "value": 2})     # 1: the FLN names one of three
    assert s.pending[-1]["ask"] == {"q": "pick0", "who": "fln"}
    bad = s.to_data()
    bad["pending"][-1]["ask"]["who"] = "gov"
    with pytest.raises(StateError) as e:
        A.from_data(bad)
    assert e.value.field == "pending[2].ask.who" and e.value.rule == "9.26"


def test_airmobilize_in_deployment() -> None:
    s = board(elite_bde_1=("I-1", "OPS"), fr_bde_1=("I-1", "PTL"), fr_bde_2=("I-1", "OC"),
              fr_div_1=("I-1", "OPS"))
    s.phase = "deployment"
    s.helo = {"max": 2, "available": 2}
    s.pending = [{"k": "turn", "step": 3}, {"k": "gov_deploy", "unit": None, "deployed": [],
                                            "moded": []}]
    s = edited(s)
    air = {m["unit"] for m in A.legal_moves(s) if m["t"] == "airmobilize"}
    assert air == {"fr_bde.1", "elite_bde.1"}     # not in OC, never a division
    s, log = A.apply(s, {"t": "airmobilize", "unit": "elite_bde.1"})
    assert s.units["elite_bde.1"]["helo"] and s.helo == {"max": 2, "available": 1}
    assert log[0]["rule"] == "11.12"
    assert not any(m["t"] == "airmobilize" for m in A.legal_moves(s))   # a brigade needs 2


def test_airmobile_units_are_checked_on_load() -> None:
    s = board(elite_bde_1=("I-1", "OPS"))
    s.units["elite_bde.1"]["helo"] = True
    A.from_json(A.to_json(s))
    d = s.to_data()
    d["phase"] = "reinforcement"
    d["pending"] = [{"k": "turn", "step": 2}, {"k": "fln_reinforce", "stage": "build"}]
    with pytest.raises(StateError) as e:
        A.from_data(d)
    assert e.value.field == "units.elite_bde.1.helo" and e.value.rule == "11.12"


def test_naval_points_never_depreciate() -> None:
    from algeria.interphase import start_frame
    s = board()
    s.naval, s.air, s.ap = 4, {"max": 17, "available": 17}, 0
    s.phase = "interphase"
    s.pending = [{"k": "turn", "step": 5}, {**start_frame(), "stage": "deprec"}]
    s.options["chance"] = "external"
    MACHINE.settle(s, [])
    s = edited(s)
    s = rolls(s, 1)          # Air: loss number 4, lost
    assert s.air["max"] == 13 and s.naval == 4


def test_flush_by_a_dispersed_division() -> None:
    """11.7: a Dispersed division has Contact 2 and fires 12; it may Flush with any unit."""
    s = board(fr_div_1=("V-3", "PTL"), alg_bde_1=("V-3", "OPS"), failek_1=("V-3", "OPS"))
    s.units["fr_div.1"]["mode"] = "dispersed"
    s, _ = mission(s, "flush", "V-3")
    s = go(s, {"t": "unit", "unit": "fr_div.1"}, {"t": "unit", "unit": "alg_bde.1"})
    s = rolls(s, 3)          # Contact 3, the Failek's Evasion 2: no DRM; 3 <= 3
    s, log = A.apply(s, {"t": "roll", "value": 2})   # FLN fires 4: die 2, 0 hits
    s, log = A.apply(s, {"t": "roll", "value": 4})   # Government 17: die 4, 5 hits
    fire = [e for e in log if e.get("firepower") is not None]
    assert fire[-1]["firepower"] == 12 + 5 and fire[-1]["hits"] == 5
    # the Failek is reduced to band.1 (+2 Government, -1 FLN), which takes the next hit
    assert s.units["failek.1"]["area"] is None and s.units["band.1"]["area"] is None
    assert s.psl == {"gov": 52, "fln": 49}
    s = go(s, {"t": "split", "gov_gain": 1, "fln_loss": 0})
    assert s.psl == {"gov": 53, "fln": 49}
    assert s.units["fr_div.1"]["box"] == "OC" and not s.units["fr_div.1"]["neutralized"]
    back_to_ops(s)


def test_air_points_decision_validates() -> None:
    s = board()
    d = s.to_data()
    d["pending"].append({"k": "air_points", "area": "I-1"})    # no combat below it
    with pytest.raises(StateError) as e:
        A.from_data(d)
    assert e.value.field == "pending[2]" and e.value.rule == "11.11"
    d["pending"][-1]["area"] = "ORAN"
    with pytest.raises(StateError) as e:
        A.from_data(d)
    assert e.value.field == "pending[2].area" and e.value.rule == "11.11"


def test_illegal_declarations_name_the_rule() -> None:
    s = board(police_1=("I-2", "PTL"), cadre_1=("I-2", "OPS"))
    for name, rule in (("civil_affairs", "9.25"), ("resettlement", "9.27"),
                       ("intelligence", "9.24"), ("flush", "9.22")):
        with pytest.raises(A.IllegalMove) as e:
            mission(s, name, "I-2")
        assert e.value.rule == rule, name


def test_react_from_afar_airmobilizes_a_brigade() -> None:
    """11.12: Helicopter Points may be attached when a React names a brigade of another area."""
    s = board(cadre_1=("II-2", "OPS"), elite_bde_1=("IV-1", "PTL"), fr_bde_1=("IV-1", "OPS"))
    s.helo = {"max": 2, "available": 2}
    s.pending[-1]["who"] = "fln"
    s = edited(s)
    s, _ = mission(s, "propaganda", "II-2")
    s = go(rolls(go(s, {"t": "unit", "unit": "cadre.1"}), 3),
           {"t": "split", "fln_gain": 1, "gov_loss": 0})
    assert A.prompt(s).startswith("React in II-2")
    assert {m.get("unit") for m in A.legal_moves(s)} == {"elite_bde.1", None}   # elite only
    s, log = A.apply(go(s, {"t": "unit", "unit": "elite_bde.1"}), {"t": "react"})
    assert s.helo["available"] == 1 and s.units["elite_bde.1"]["helo"]
    assert s.units["elite_bde.1"]["area"] == "II-2"
    assert [e["rule"] for e in log] == ["9.23", "11.12", "11.12"]


def test_labels_of_the_government_decisions() -> None:
    from algeria.labels import move_labels
    s, _ = mission(suppression_board(), "suppression", "II-1")
    assert move_labels(s, A.legal_moves(s))[0] == (
        "French elite brigade 1 takes part in the Suppression")
    s = go(s, {"t": "go"}, {"t": "roll", "value": 2})
    assert move_labels(s, A.legal_moves(s)) == ["Neutralize Band 1", "Neutralize Band 2",
                                                "Neutralize Failek 1"]
    s = board(elite_bde_1=("I-1", "OPS"), band_1=("I-1", "OPS"))
    s.air = {"max": 2, "available": 2}
    s = rolls(go(mission(s, "flush", "I-1")[0], {"t": "unit", "unit": "elite_bde.1"}), 1)
    assert move_labels(s, A.legal_moves(s)) == [
        "Spend no Air Point", "Spend 1 Air Point", "Spend 2 Air Points"]


def test_airmobilize_in_the_operations_phase() -> None:
    """11.12: Helicopter Points attach "at any time of the turn": a brigade in the area of the
    Government's next Flush gains its +1 Contact there, and the Government keeps the decision."""
    s = board(band_1=("II-1", "OPS"), elite_bde_1=("II-1", "OPS"), fr_div_1=("IV-1", "OPS"))
    s.pending[-1]["passes"] = 1                                   # the FLN has just passed
    s.helo = {"max": 2, "available": 2}
    s = A.from_json(A.to_json(s))
    air = [m for m in A.legal_moves(s) if m["t"] == "airmobilize"]
    assert air == [{"t": "airmobilize", "unit": "elite_bde.1"}]  # divisions never (11.12)
    s, log = A.apply(s, air[0])
    assert s.units["elite_bde.1"]["helo"] and s.helo == {"max": 2, "available": 1}
    assert [e["rule"] for e in log] == ["11.12"]
    assert s.pending[-1] == {"k": "operations", "who": "gov", "passes": 1, "france": False}
    assert not any(m["t"] == "airmobilize" for m in A.legal_moves(s))   # already airmobile
    assert airpower.contact(s, "elite_bde.1") == airpower.contact(s, "elite_bde.2") + 1
    s, _ = mission(s, "flush", "II-1")
    s = go(s, {"t": "unit", "unit": "elite_bde.1"})   # nobody else may join: it starts
    s = rolls(s, 4)          # band.1: 4 against Contact 3 (2 + 1 airmobile): not contacted
    assert s.units["elite_bde.1"]["box"] == "OC" and s.units["band.1"]["box"] == "OPS"


def test_the_fln_cannot_airmobilize() -> None:
    s = board(elite_bde_1=("II-1", "OPS"))
    s.pending[-1]["who"] = "fln"
    s.helo = {"max": 2, "available": 2}
    s = A.from_json(A.to_json(s))
    assert not any(m["t"] == "airmobilize" for m in A.legal_moves(s))
    with pytest.raises(A.IllegalMove):
        A.apply(s, {"t": "airmobilize", "unit": "elite_bde.1"})
