"""Algeria chart C.3 (combat) with every column and die, the C.6 awards for FLN losses, React
(9.23: who may react, combination, airmobile units) and the validation of the Operations Phase's
pending decisions."""

from __future__ import annotations

import json
from typing import Any

import pytest

import algeria as A
from algeria.combat import column, combat_frame
from algeria import validate
from algeria.machine import MACHINE
from algeria.missions import MISSIONS
from referee_core.errors import StateError
from tests.algeria.positions import (
    DECLINE, fln_split, gov_split, mission, ops_position, play, put, unit,
)

# Chart C.3 as printed (v2.1): die -> hits per column 1, 2-4, 5-8, 9-15, 16-24, 25+
C3 = {1: (0, 0, 1, 1, 2, 3), 2: (0, 0, 1, 2, 4, 5), 3: (0, 0, 2, 3, 5, 7),
      4: (0, 1, 2, 3, 5, 8), 5: (0, 1, 2, 4, 6, 10), 6: (1, 2, 3, 5, 8, 12)}
# FLN units whose firepower falls in each column: 1, 3, 6, 12, 20, 28
COLUMN_UNITS = (["cadre.1"], ["band.1", "cadre.1"], ["failek.1", "band.1"],
                [f"failek.{i}" for i in range(1, 4)], [f"failek.{i}" for i in range(1, 6)],
                [f"failek.{i}" for i in range(1, 8)])


def with_combat(s: A.State, frame: dict[str, Any]) -> A.State:
    """A combat started in the position (it asks for its first die at once)."""
    s.pending.append(frame)
    MACHINE.settle(s, [])
    return A.from_json(A.to_json(s))


def test_columns() -> None:
    assert [column(fp) for fp in (0, 1, 2, 4, 5, 8, 9, 15, 16, 24, 25, 99)] == \
        [0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


@pytest.mark.parametrize("col", range(6))
@pytest.mark.parametrize("die", range(1, 7))
def test_every_c3_entry_as_fln_fire(col: int, die: int) -> None:
    fln = COLUMN_UNITS[col]
    s = put(ops_position(), "II-2", "OPS", *fln)
    s = put(s, "II-2", "PTL", "police.1")
    s = with_combat(s, combat_frame("II-2", fln, ["police.1"]))
    s, log = play(s, die, 1)                 # Police 2 firepower, die 1: no hit
    hits = C3[die][col]
    assert [e["hits"] for e in log if "hits" in e] == [hits, 0]
    assert s.units["police.1"]["neutralized"] == (hits > 0)
    assert s.units["police.1"]["box"] == "PTL"                # Police stay in PTL
    assert all(s.units[u]["box"] == "OC" and not s.units[u]["neutralized"] for u in fln)
    if hits:
        assert A.legal_moves(s)[0] == fln_split(0, hits)
        s, _ = play(s, fln_split(hits, 0))
        assert s.psl["fln"] == 50 + hits
    assert s.pending[-1]["k"] == "operations"


@pytest.mark.parametrize("mode,half,col", [("concentrated", False, 5), ("dispersed", False, 3),
                                           ("concentrated", True, 3), ("dispersed", True, 2)])
def test_government_fire_division_modes_and_half(mode: str, half: bool, col: int) -> None:
    s = put(ops_position(), "V-3", "OPS", "cadre.1", "cadre.2", "fr_div.1")
    s.units["fr_div.1"]["mode"] = mode
    s = with_combat(s, combat_frame("V-3", ["cadre.1", "cadre.2"], ["fr_div.1"], half=half))
    s, log = play(s, 1, 6)
    fp = {"concentrated": 25, "dispersed": 12}[mode]
    assert [e["firepower"] for e in log if "firepower" in e] == [2, -(-fp // 2) if half else fp]
    assert [e["hits"] for e in log if "hits" in e] == [0, C3[6][col]]


def test_fln_losses_surplus_hits_and_neutralization_of_the_side_hit_more() -> None:
    s = put(ops_position(), "II-2", "OPS", "front.1", "cadre.1", "elite_bde.1")
    s = with_combat(s, combat_frame("II-2", ["front.1", "cadre.1"], ["elite_bde.1"]))
    s, log = play(s, 6, 6)     # FLN 4: 2 hits; elite 9: 5 hits
    assert A.legal_moves(s) == [{"t": "hit", "unit": "front.1"}, {"t": "hit", "unit": "cadre.1"}]
    s, log = play(s, {"t": "hit", "unit": "front.1"})          # Front -> Cadre (cadre.2)
    assert s.psl == {"fln": 49, "gov": 52}
    s, log = play(s, {"t": "hit", "unit": "cadre.2"})   # the last unit takes its hit itself
    # two hits are lost: no FLN unit is left; the Government scores 2 eliminations
    assert not [u for u in ("front.1", "cadre.1", "cadre.2") if s.units[u]["area"]]
    assert not s.units["elite_bde.1"]["neutralized"] and s.units["elite_bde.1"]["box"] == "OC"
    s, _ = play(s, fln_split(2, 0), gov_split(1, 1))
    assert s.psl == {"fln": 49 + 2 - 1, "gov": 53}


def test_equal_hits_neutralize_nobody_and_a_neutralized_unit_fires() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1")
    s = put(s, "II-2", "OC", "fr_bde.1", neutralized=True)
    s = with_combat(s, combat_frame("II-2", ["band.1"], ["fr_bde.1"], half=True))
    s, log = play(s, 4, 4)     # 2 firepower: 1 hit; 3 (half of 6): 1 hit
    assert [e["hits"] for e in log if "hits" in e] == [1, 1]
    assert s.units["band.1"]["area"] is None


def test_air_points_add_a_die_each() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.1", "alg_bde.1")
    s = with_combat(s, combat_frame("II-2", ["cadre.1"], ["alg_bde.1"], air=2))
    s, log = play(s, 1, 3, 6, 5)     # 5 + 6 + 5 = 16: column 16-24, die 3: 5 hits
    assert [e["firepower"] for e in log if "firepower" in e] == [1, 16]
    assert [e["hits"] for e in log if "hits" in e] == [0, 5]


def test_no_air_points_in_a_city() -> None:
    with pytest.raises(AssertionError):
        combat_frame("ALGIERS", ["cadre.1"], ["police.1"], air=1)
    s = put(ops_position(), "ALGIERS", "OPS", "cadre.1")
    s = put(s, "ALGIERS", "PTL", "police.1")
    s = with_combat(s, combat_frame("V-3", ["cadre.1"], ["police.1"], air=1))
    d = json.loads(A.to_json(s))
    d["pending"][2]["area"] = "ALGIERS"          # the combat, below its first roll
    with pytest.raises(StateError) as e:
        A.from_json(json.dumps(d))
    assert e.value.field == "pending[2].air" and e.value.rule == "11.11"


# --- React (9.23) --------------------------------------------------------------------------

def react_position(*gov: tuple[str, str, str]) -> A.State:
    s = put(ops_position(), "II-2", "OPS", "cadre.1")
    for uid, area, box in gov:
        s = put(s, area, box, uid)
    s, _ = play(s, mission("propaganda", "II-2"), unit("cadre.1"), 3, fln_split(1, 0))
    return s


def reactors(s: A.State) -> set[str]:
    return {str(m["unit"]) for m in A.legal_moves(s) if m["t"] == "unit"}


def test_a_division_in_the_area_lets_units_combine() -> None:
    s = react_position(("fr_bde.1", "II-2", "OPS"), ("alg_bde.1", "II-2", "PTL"),
                       ("fr_div.1", "II-2", "OC"), ("elite_bde.1", "II-1", "OPS"))
    assert reactors(s) == {"fr_bde.1", "alg_bde.1"}     # the division in OC does not react
    s, _ = play(s, unit("fr_bde.1"))
    assert reactors(s) == {"alg_bde.1"}


def test_no_division_one_non_elite_unit_only() -> None:
    s = react_position(("fr_bde.1", "II-2", "OPS"), ("alg_bde.1", "II-2", "PTL"))
    s, _ = play(s, unit("fr_bde.1"))
    assert reactors(s) == set() and {"t": "react"} in A.legal_moves(s)


def test_airmobile_units_react_from_afar() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.1")
    s = put(s, "IV-1", "OPS", "elite_bde.1", "fr_bde.1")
    s.units["elite_bde.1"]["helo"] = True
    s.units["fr_bde.1"]["helo"] = True
    s, _ = play(A.from_json(A.to_json(s)), mission("propaganda", "II-2"), unit("cadre.1"), 3,
                fln_split(1, 0))
    assert reactors(s) == {"elite_bde.1"}       # a brigade flies in only to a division's area
    s, log = play(s, unit("elite_bde.1"), {"t": "react"}, 6, 1, 1)
    assert s.units["elite_bde.1"]["area"] == "II-2" and s.units["elite_bde.1"]["box"] == "OC"
    s = put(ops_position(), "II-2", "OPS", "cadre.1")
    s = put(s, "II-2", "OC", "fr_div.1")
    s = put(s, "IV-1", "OPS", "fr_bde.1")
    s.units["fr_bde.1"]["helo"] = True
    s, _ = play(A.from_json(A.to_json(s)), mission("propaganda", "II-2"), unit("cadre.1"), 3,
                fln_split(1, 0))
    assert reactors(s) == {"fr_bde.1"}


def test_no_react_window_without_a_unit_able_to_react() -> None:
    s = react_position(("fr_bde.1", "II-2", "OC"), ("police.1", "II-2", "PTL"))
    assert s.pending[-1]["k"] == "operations"
    s = react_position(("fr_bde.1", "II-1", "OPS"))
    assert s.pending[-1]["k"] == "operations"


def test_react_declined_keeps_units_in_place() -> None:
    s = react_position(("fr_bde.1", "II-2", "PTL"))
    s, log = play(s, DECLINE)
    assert s.units["fr_bde.1"]["box"] == "PTL" and log[0]["rule"] == "9.23"


# --- validation of the pending decisions (untrusted states) --------------------------------

def bad(s: A.State, i: int, change: dict[str, Any]) -> StateError:
    d = json.loads(A.to_json(s))
    d["pending"][i].update(change)
    with pytest.raises(StateError) as e:
        A.from_json(json.dumps(d))
    return e.value


def test_untrusted_operations_frames_are_checked_field_by_field() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1", "band.2")
    s = put(s, "II-2", "PTL", "police.1")
    assert bad(s, 1, {"france": "no"}).field == "pending[1].france"
    s, _ = play(s, mission("raid", "II-2"), unit("band.1"))
    e = bad(s, 2, {"m": "sabotage"})
    assert (e.field, e.rule) == ("pending[2].m", "9.0")
    assert bad(s, 2, {"who": "gov"}).field == "pending[2].who"
    assert bad(s, 2, {"data": {"dest": "I-4"}}).field == "pending[2].data.dest"
    e = bad(s, 2, {"data": {"lost1": 3}})      # a repeated question has its stem's kind
    assert (e.field, e.reason) == ("pending[2].data.lost1", "not an answer of kind unit")
    assert bad(s, 2, {"units": ["band.1", "band.1"]}).field == "pending[2].units"
    assert bad(s, 2, {"x": {"m0": 7}}).field == "pending[2].x.m0"
    e = bad(s, 2, {"units": ["band.1", "cadre.1"]})
    assert (e.field, e.rule) == ("pending[2].units[1]", "9.14")
    s, _ = play(s, unit("band.2"), 1)        # "+": the FLN names the lost raider
    assert bad(s, 2, {"ask": {"q": "dest", "who": "fln"}}).field == "pending[2].ask.q"
    e = bad(s, 2, {"ask": {"q": "lost", "who": "gov"}})     # the FLN names its lost raider
    assert (e.field, e.rule) == ("pending[2].ask.who", "9.14")
    e = bad(s, 2, {"ask": None, "data": {"lost": "band.7"}})
    assert (e.field, e.rule) == ("pending[2].data.lost", "9.14")


def test_every_once_a_turn_mission_can_be_recorded() -> None:
    assert {m.name for m in MISSIONS.values() if m.once} <= set(validate.MISSIONS)


def test_untrusted_combat_hits_are_consistent() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.1", "cadre.2", "alg_bde.1")
    s = with_combat(s, combat_frame("II-2", ["cadre.1", "cadre.2"], ["alg_bde.1"]))
    assert bad(s, 2, {"received": {"fln": 0, "gov": 3}}).field == "pending[2].received"
    s, _ = play(s, 1, 6)              # FLN 2: no hit; Algerian brigade 5, die 6: 3 hits
    assert s.pending[2]["left"] == 3
    assert bad(s, 2, {"left": 4}).field == "pending[2].left"
    assert bad(s, 2, {"elim": 1}).field == "pending[2].elim"


def test_untrusted_answers_must_fit_the_position() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1")
    s = put(s, "II-2", "PTL", "fr_bde.1", "fr_bde.2")
    s, _ = play(s, mission("harass", "II-2"), unit("band.1"))
    assert s.pending[2]["ask"] == {"q": "target", "who": "fln"}
    e = bad(s, 2, {"ask": None, "data": {"target": "fr_bde.3"}})
    assert (e.field, e.rule) == ("pending[2].data.target", "9.15")
    s, _ = play(s, {"t": "target", "value": "fr_bde.2"})
    assert [f["k"] for f in s.pending[2:]] == ["mission", "combat", "roll"]
    assert s.pending[3]["gov"] == ["fr_bde.2"] and s.pending[3]["half"]


def test_untrusted_react_and_split_frames() -> None:
    s = react_position(("fr_bde.1", "II-2", "OPS"), ("alg_bde.1", "II-2", "PTL"))
    assert s.pending[3]["k"] == "react"
    e = bad(s, 3, {"units": ["fr_bde.1", "alg_bde.1"]})
    assert (e.field, e.rule) == ("pending[3].units", "9.23")
    assert bad(s, 3, {"fln": ["fr_bde.1"]}).field == "pending[3].fln[0]"
    s = put(s, "I-1", "OPS", "fr_bde.2")
    e = bad(s, 3, {"units": ["fr_bde.2"]})          # not in the area, not airmobile
    assert (e.field, e.rule) == ("pending[3].units[0]", "9.23")
    s2 = put(ops_position(), "ALGIERS", "OPS", "front.1")
    s2, _ = play(s2, mission("propaganda", "ALGIERS"), unit("front.1"), 6)
    assert s2.pending[3]["k"] == "split"
    assert bad(s2, 3, {"n": 0}).field == "pending[3].n"
    assert bad(s2, 3, {"who": "oas"}).field == "pending[3].who"
