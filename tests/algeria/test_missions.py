"""Algeria rules 8.0 (the Operations Phase), 9.0 (the mission procedure), 9.11-9.15 (the FLN
missions, chart A.2), the Mission Success Table (A.3), 11.21 (the Border Zone), 11.22 (France)
and the Jealousy and Paranoia event (C.2 34-36), each as a position with exact results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import algeria as A
from algeria.data import RAW, UNIT_IDS
from algeria.fln_missions import destinations
from algeria.labels import move_labels
from algeria.missions import MISSIONS, MST_ROWS
from referee_core import rng
from referee_core.errors import IllegalMove
from tests.algeria.positions import (
    DECLINE, GO, PASS, fln_split, gov_split, mission, ops_position, play, put, unit,
)
from tests.algeria.test_turn import at_deploy


def offered(s: A.State, name: str) -> list[str]:
    return [str(m["area"]) for m in A.legal_moves(s)
            if m["t"] == "mission" and m["mission"] == name]


# --- 8.0 the initiative and the passes ---------------------------------------------------

def test_operations_initiative_hand_over_and_passes() -> None:
    s = ops_position()
    assert A.to_move(s) == "fln" and A.legal_moves(s) == [{"t": "hand_over"}, PASS]
    s, log = play(s, {"t": "hand_over"})
    assert A.to_move(s) == "gov" and log[0]["rule"] == "8.0"
    s, _ = play(s, PASS)
    # right after a Government pass the FLN may not hand over again (the phase must end)
    assert A.to_move(s) == "fln" and A.legal_moves(s) == [PASS]
    with pytest.raises(IllegalMove) as e:
        A.apply(s, {"t": "hand_over"})
    assert e.value.rule == "8.0"
    s, _ = play(s, PASS)
    assert s.phase == "interphase"


def test_two_passes_end_the_phase_and_a_mission_returns_the_initiative() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.1")
    s, _ = play(s, PASS)
    assert A.to_move(s) == "gov"
    s, _ = play(s, PASS)
    assert s.phase == "interphase"
    s = put(ops_position(), "II-2", "OPS", "cadre.1")
    s, _ = play(s, mission("propaganda", "II-2"), unit("cadre.1"), 3, fln_split(1, 0))
    assert s.pending[-1] == {"k": "operations", "who": "fln", "passes": 0, "france": False}


def test_mission_table_matches_chart_a2() -> None:
    for row in RAW["tables"]["v2.1"]["A2_fln_missions"]:
        m = MISSIONS[row["mission"]]
        assert (m.side, m.cost) == ("fln", row["ap"])
        assert m.once == ("1 per area per turn" in row["limit"]), m.name
    assert MISSIONS["strike"].must_react and MISSIONS["propaganda"].react


def test_a_mission_the_fln_cannot_afford_is_not_offered() -> None:
    s = put(ops_position(ap=2), "ALGIERS", "OPS", "front.1")
    assert offered(s, "strike") == [] and offered(s, "propaganda") == ["ALGIERS"]
    with pytest.raises(IllegalMove) as e:
        A.apply(s, mission("strike", "ALGIERS"))
    assert e.value.rule == "9.12"


# --- A.3 the Mission Success Table ---------------------------------------------------------

def test_mst_rows_match_the_chart() -> None:
    rows = RAW["tables"]["v2.1"]["A3_B4_mission_success"]["rows"]
    assert {r["roll"]: (r["result"], r["effect"]) for r in rows} == MST_ROWS


# row -> (raiders, Police on patrol, die): DRM +1 per raider after the first, -1 per patrol
RAID_ROWS = {-1: (1, 2, 1), 0: (1, 1, 1), 1: (1, 0, 1), 2: (1, 0, 2), 3: (1, 0, 3),
             4: (1, 0, 4), 5: (1, 0, 5), 6: (1, 0, 6), 7: (2, 0, 6), 8: (3, 0, 6)}
CLAMPED = {-1: (1, 4, 1), 8: (4, 0, 6)}     # -4 reads as -1, 9 as 8


@pytest.mark.parametrize("row,setup", list(RAID_ROWS.items()) + list(CLAMPED.items()))
def test_every_mst_row_through_a_raid(row: int, setup: tuple[int, int, int]) -> None:
    n, p, die = setup
    raiders = ["band.1", "band.2", "band.3", "failek.1"][:n]
    s = put(ops_position(ap=10), "II-2", "OPS", *raiders)
    s = put(s, "II-2", "PTL", *[f"police.{i}" for i in range(1, p + 1)])
    s, _ = play(s, mission("raid", "II-2"), *[unit(u) for u in raiders])
    assert A.to_move(s) == "chance"      # every raider named: the declaration closes itself
    s, log = play(s, die)
    number, effect = MST_ROWS[row]
    assert any(e.get("mst") == row for e in log)
    assert s.ap == 10 - 1 + number
    assert s.areas["II-2"]["terror"] == (effect != "")
    assert s.units["band.1"]["neutralized"] == (effect == "+")
    assert all(s.units[u]["box"] == "OC" for u in raiders)


# --- 9.11 Propaganda -----------------------------------------------------------------------

def test_propaganda_rural_with_a_patrol() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.1")
    s = put(s, "II-2", "PTL", "police.1")
    s, _ = play(s, mission("propaganda", "II-2"), unit("cadre.1"))
    assert A.to_move(s) == "chance"          # one unit: the declaration closes itself
    s, log = play(s, 4)                      # 4 - 1 patrol = 3: 1 PSP
    assert A.legal_moves(s) == [fln_split(0, 1), fln_split(1, 0)]
    s, log = play(s, fln_split(0, 1))
    assert s.psl == {"fln": 50, "gov": 49} and s.ap == 9
    assert s.units["cadre.1"]["box"] == "OC" and s.areas["II-2"]["done"] == ["propaganda"]
    s = put(s, "II-2", "OPS", "front.1")
    assert "II-2" not in offered(s, "propaganda")       # once per area per turn


def test_propaganda_in_a_city_is_doubled() -> None:
    s = put(ops_position(), "ALGIERS", "OPS", "front.1")
    s, log = play(s, mission("propaganda", "ALGIERS"), unit("front.1"), 6)
    assert len(A.legal_moves(s)) == 7                   # 3 "@" doubled: 6 PSP to split
    s, _ = play(s, fln_split(4, 2))
    assert s.psl == {"fln": 54, "gov": 48}


def test_propaganda_split_worked_example() -> None:
    ex = next(e for e in RAW["rulebook_examples"] if e["id"] == "propaganda_split")
    s = put(ops_position(), "ALGIERS", "OPS", "front.1")
    s.pending.append({"k": "split", "who": "fln", "n": ex["psp"], "rule": "9.11",
                      "why": "Propaganda"})
    splits = {(m["fln_gain"], m["gov_loss"]) for m in A.legal_moves(A.from_json(A.to_json(s)))}
    assert splits == {tuple(x) for x in ex["expect"]["allowed_splits"]}


def test_propaganda_plus_eliminates_the_cadre_under_terror() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.1")
    s.areas["II-2"]["terror"] = True
    s, _ = play(s, mission("propaganda", "II-2"), unit("cadre.1"), 2)   # 2 - 1 = 1: 1 "+"
    assert s.units["cadre.1"]["area"] is None
    assert A.to_move(s) == "fln"             # the FLN splits its PSP first
    s, _ = play(s, fln_split(1, 0))
    assert A.to_move(s) == "gov"             # the Government chooses the elimination award
    assert A.legal_moves(s) == [gov_split(0, 1), gov_split(1, 0)]
    s, _ = play(s, gov_split(1, 0))
    assert s.psl == {"fln": 51, "gov": 51} and s.pending[-1]["k"] == "operations"


def test_propaganda_plus_reduces_a_front() -> None:
    s = put(ops_position(), "II-2", "OPS", "front.1")
    s = put(s, "II-2", "PTL", "police.1", "police.2")
    s, log = play(s, mission("propaganda", "II-2"), unit("front.1"), 2)  # 2 - 2 = 0: 0 "+"
    assert s.units["front.1"]["area"] is None
    assert s.units["cadre.1"]["area"] == "II-2" and s.units["cadre.1"]["box"] == "OC"
    assert s.psl == {"fln": 49, "gov": 52}     # C.6: +2 Government and -1 FLN
    assert any(e["rule"] == "C.6" for e in log) and s.pending[-1]["k"] == "operations"


def test_propaganda_never_in_remote_or_resettled_areas() -> None:
    s = put(ops_position(), "I-2", "OPS", "cadre.1")     # Batna is Remote
    s = put(s, "II-2", "OPS", "cadre.2")
    s.areas["II-2"]["resettled"] = True
    s = A.from_json(A.to_json(s))
    assert offered(s, "propaganda") == []


def test_france_propaganda_not_doubled_no_react_once_a_turn() -> None:
    s = put(ops_position(), "FRANCE", "OPS", "cadre.1")
    s = put(s, "II-2", "PTL", "police.1")
    assert offered(s, "propaganda") == ["FRANCE"]
    s, log = play(s, mission("propaganda", "FRANCE"), unit("cadre.1"), 6)
    assert len(A.legal_moves(s)) == 4                   # 3 PSP, not doubled
    s, _ = play(s, fln_split(3, 0))
    assert s.psl["fln"] == 53 and s.pending[-1]["france"] is True
    assert not any(e["rule"] == "9.23" for e in log)
    s = put(s, "FRANCE", "OPS", "cadre.1")
    assert offered(s, "propaganda") == []


def test_propaganda_with_react() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.1", "fr_bde.1")
    s = put(s, "II-2", "PTL", "elite_bde.1", "elite_bde.2")
    s, _ = play(s, mission("propaganda", "II-2"), unit("cadre.1"), 5, fln_split(1, 0))
    assert A.to_move(s) == "gov" and A.prompt(s).startswith("React in II-2")
    units = {m["unit"] for m in A.legal_moves(s) if m["t"] == "unit"}
    assert units == {"fr_bde.1", "elite_bde.1", "elite_bde.2"}
    s, _ = play(s, unit("elite_bde.1"))
    # several units only if all are elite (no division here)
    assert [m for m in A.legal_moves(s) if m["t"] == "unit"] == [unit("elite_bde.2")]
    s, log = play(s, unit("elite_bde.2"), {"t": "react"}, 5)   # the Cadre fails to evade (4)
    # FLN 1 firepower, die 6: 1 hit; Government 18, die 3: 5 hits
    s, log = play(s, 6, 3)
    assert [e["hits"] for e in log if "hits" in e] == [1, 5]
    assert s.units["cadre.1"]["area"] is None
    s, _ = play(s, fln_split(0, 1), gov_split(1, 0))
    assert s.psl == {"fln": 51, "gov": 50}
    assert s.units["elite_bde.1"]["box"] == "OC" and not s.units["elite_bde.1"]["neutralized"]
    assert s.units["fr_bde.1"]["box"] == "OPS" and s.pending[-1]["k"] == "operations"


def test_react_evasion_and_decline() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.1", "fr_bde.1")
    s, _ = play(s, mission("propaganda", "II-2"), unit("cadre.1"), 3, fln_split(1, 0))
    s2, log = play(s, unit("fr_bde.1"), {"t": "react"}, 4)     # 4 <= evasion 4
    assert s2.units["cadre.1"]["box"] == "UG" and s2.units["fr_bde.1"]["box"] == "OC"
    assert s2.pending[-1]["k"] == "operations"
    s3, log = play(s, DECLINE)
    assert s3.units["cadre.1"]["box"] == "OC" and s3.units["fr_bde.1"]["box"] == "OPS"
    assert s3.psl == s.psl


# --- 9.12 Strike ---------------------------------------------------------------------------

def test_strike_at_with_cadres_and_no_react_possible() -> None:
    s = put(ops_position(), "ALGIERS", "OPS", "front.1", "cadre.1", "cadre.2")
    s = put(s, "ALGIERS", "PTL", "police.1")
    assert offered(s, "strike") == ["ALGIERS"]
    s, _ = play(s, mission("strike", "ALGIERS"), unit("front.1"))
    assert {m["unit"] for m in A.legal_moves(s) if m["t"] == "unit"} == {"cadre.1", "cadre.2"}
    s, log = play(s, unit("cadre.1"), unit("cadre.2"), 5)     # 5 + 2 - 1 = 6: 3 "@"
    s, log = play(s, 2, 3, 4)                                 # 3d6 = 9 PSP
    assert s.units["police.1"]["neutralized"] and s.units["police.1"]["box"] == "PTL"
    s, _ = play(s, fln_split(9, 0), fln_split(0, 1))          # the Strike, then the Police
    assert s.psl == {"fln": 59, "gov": 49}
    s, log = play(s, 4)        # no Government unit can React: -1d6
    assert s.psl["gov"] == 45 and any(e["rule"] == "9.12" for e in log)
    assert s.ap == 7 and all(s.units[u]["box"] == "OC" for u in ("front.1", "cadre.1", "cadre.2"))


def test_strike_declined_react_costs_1d6() -> None:
    s = put(ops_position(), "ORAN", "OPS", "front.1", "fr_bde.1")
    s, _ = play(s, mission("strike", "ORAN"), unit("front.1"), 3, 5, fln_split(5, 0))
    assert "at least one unit" in A.prompt(s)
    s, _ = play(s, DECLINE, 2)
    assert s.psl == {"fln": 55, "gov": 48}


def test_strike_plus_loses_every_unit() -> None:
    s = put(ops_position(), "CONSTANTINE", "OPS", "front.1", "cadre.1")
    s = put(s, "CONSTANTINE", "PTL", "police.1", "police.2")
    s, _ = play(s, mission("strike", "CONSTANTINE"), unit("front.1"), unit("cadre.1"))
    s, log = play(s, 2, 6)                # 2 + 1 - 2 = 1: 1 "+", 1d6 = 6
    assert s.units["front.1"]["area"] is None and s.units["cadre.1"]["area"] is None
    assert s.units["cadre.2"]["area"] == "CONSTANTINE"        # the reduced Front
    s, _ = play(s, fln_split(6, 0), gov_split(1, 0), 3)       # no React: -3
    assert s.psl == {"fln": 55, "gov": 50}
    assert s.units["cadre.2"]["box"] == "OC"


def test_strike_only_in_cities_with_a_front() -> None:
    s = put(ops_position(), "II-2", "OPS", "front.1")
    s = put(s, "ORAN", "OPS", "cadre.1")
    assert offered(s, "strike") == []


# --- 9.13 Move -----------------------------------------------------------------------------

def test_move_destinations() -> None:
    s = ops_position()
    assert set(destinations(s, "II-2")) == {"CONSTANTINE", "II-1", "II-3", "I-1", "I-4",
                                            "III-2", "III-3"}
    s.independence = True
    assert "TUNISIA" in destinations(s, "II-2")
    assert set(destinations(s, "TUNISIA")) == {"I-2", "I-3", "I-4", "II-3"}
    s.effects = ["jealousy_paranoia"]
    assert set(destinations(s, "II-2")) == {"CONSTANTINE", "II-1", "II-3", "TUNISIA"}
    assert set(destinations(s, "TUNISIA")) == {"I-2", "I-3", "I-4", "II-3"}


def test_move_into_a_patrolled_area_and_react_there() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1")
    s = put(s, "I-4", "PTL", "police.1", "fr_bde.1")
    s, _ = play(s, mission("move", "II-2"), unit("band.1"))
    assert A.prompt(s).endswith("choose the destination") and len(A.legal_moves(s)) == 7
    s, log = play(s, {"t": "dest", "value": "I-4"}, 4)       # 4 - 2 = 2: moves
    assert s.units["band.1"]["area"] == "I-4" and s.units["band.1"]["box"] == "OC"
    assert A.prompt(s).startswith("React in I-4")
    s, _ = play(s, DECLINE)
    assert s.pending[-1]["k"] == "operations"


def test_move_plus_eliminates() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1")
    s = put(s, "I-4", "PTL", "police.1", "police.2")
    s, log = play(s, mission("move", "II-2"), unit("band.1"), {"t": "dest", "value": "I-4"}, 3)
    assert s.units["band.1"]["area"] is None
    s, _ = play(s, gov_split(0, 1))
    assert s.psl == {"fln": 49, "gov": 50}


@pytest.mark.parametrize("active,die,arrives", [(True, 3, False), (False, 3, True),
                                                 (True, 4, True)])
def test_move_across_the_border_zone(active: bool, die: int, arrives: bool) -> None:
    s = ops_position(independence=True, border_zone={"value": -2, "active": active})
    s = put(s, "TUNISIA", "OPS", "failek.1")
    s, _ = play(s, mission("move", "TUNISIA"), unit("failek.1"),
                {"t": "dest", "value": "I-4"}, die)
    assert (s.units["failek.1"]["area"] == "I-4") == arrives
    if not arrives:      # a Failek eliminated scores nothing (C.6 names Cadres and Bands)
        assert s.psl == {"fln": 50, "gov": 50} and s.pending[-1]["k"] == "operations"


def test_move_out_to_tunisia_no_react_abroad() -> None:
    s = ops_position(independence=True, border_zone={"value": -1, "active": True})
    s = put(s, "I-4", "OPS", "cadre.1", "fr_bde.1")
    s, log = play(s, mission("move", "I-4"), unit("cadre.1"),
                  {"t": "dest", "value": "TUNISIA"}, 2)          # 2 - 1 = 1: "+"
    assert s.units["cadre.1"]["area"] is None
    s = put(ops_position(independence=True), "I-4", "OPS", "cadre.1", "fr_bde.1")
    s, log = play(s, mission("move", "I-4"), unit("cadre.1"),
                  {"t": "dest", "value": "TUNISIA"}, 2)
    assert s.units["cadre.1"]["area"] == "TUNISIA" and s.pending[-1]["k"] == "operations"


def test_jealousy_and_paranoia_forbids_crossing_a_wilaya_border() -> None:
    s = put(ops_position(effects=["jealousy_paranoia"]), "II-2", "OPS", "cadre.1")
    s, _ = play(s, mission("move", "II-2"), unit("cadre.1"))
    with pytest.raises(IllegalMove) as e:
        A.apply(s, {"t": "dest", "value": "I-4"})
    assert e.value.rule == "9.13"
    assert {m["value"] for m in A.legal_moves(s)} == {"CONSTANTINE", "II-1", "II-3"}


# --- 9.14 Raid -----------------------------------------------------------------------------

def test_raid_in_a_city_doubles_the_ap() -> None:
    s = put(ops_position(), "ORAN", "OPS", "band.1")
    s, log = play(s, mission("raid", "ORAN"), unit("band.1"), 4)
    assert s.ap == 10 - 1 + 4 and not s.areas["ORAN"]["terror"]
    assert s.areas["ORAN"]["done"] == ["raid"]


def test_raid_plus_the_fln_names_the_neutralized_raider() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1", "band.2")
    s = put(s, "II-2", "PTL", "police.1")
    s, _ = play(s, mission("raid", "II-2"), unit("band.1"), unit("band.2"), 1)   # 1: 1 "+"
    assert A.legal_moves(s) == [{"t": "lost", "value": "band.1"},
                                {"t": "lost", "value": "band.2"}]
    s, log = play(s, {"t": "lost", "value": "band.2"})
    assert s.units["band.2"]["neutralized"] and not s.units["band.1"]["neutralized"]
    assert s.areas["II-2"]["terror"] and s.ap == 10


def test_raid_at_neutralizes_a_police_unit() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1", "band.2", "band.3")
    s = put(s, "II-2", "PTL", "police.1", "police.2")
    s, _ = play(s, mission("raid", "II-2"), unit("band.1"), unit("band.2"), unit("band.3"), 6)
    s, _ = play(s, {"t": "police", "value": "police.2"}, fln_split(1, 0))
    assert s.units["police.2"]["neutralized"] and not s.units["police.1"]["neutralized"]
    assert s.areas["II-2"]["terror"] and s.ap == 12 and s.psl["fln"] == 51


def test_raid_not_in_remote_areas_nor_by_cadres() -> None:
    s = put(ops_position(), "I-2", "OPS", "band.1")
    s = put(s, "II-2", "OPS", "cadre.1")
    assert offered(s, "raid") == []


# --- 9.15 Harass ---------------------------------------------------------------------------

def test_harass_a_patrolling_brigade() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1")
    s = put(s, "II-2", "PTL", "fr_bde.1")
    s, log = play(s, mission("harass", "II-2"), unit("band.1"))
    # band 2 firepower, die 5: 1 hit; brigade 6 at half = 3, die 4: 1 hit
    s, log = play(s, 5, 4)
    assert [e["firepower"] for e in log if "firepower" in e] == [2, 3]
    assert s.units["band.1"]["area"] is None and not s.units["fr_bde.1"]["neutralized"]
    assert s.units["fr_bde.1"]["box"] == "OC"
    s, _ = play(s, fln_split(1, 0), gov_split(0, 1))
    assert s.psl == {"fln": 50, "gov": 50} and s.pending[-1]["k"] == "operations"


def test_harass_with_a_failek_others_join() -> None:
    s = put(ops_position(), "V-3", "OPS", "failek.1", "band.1", "cadre.1", "fr_div.1")
    s = put(s, "V-3", "PTL", "police.1")
    s, _ = play(s, mission("harass", "V-3"), unit("failek.1"))
    assert {m["unit"] for m in A.legal_moves(s) if m["t"] == "unit"} == {"band.1", "cadre.1"}
    s, _ = play(s, unit("band.1"), unit("cadre.1"))
    assert A.prompt(s).endswith("choose the unit to harass")
    s, log = play(s, {"t": "target", "value": "fr_div.1"})
    # FLN 7 firepower, die 6: 3 hits; division 25 at half = 13, die 2: 2 hits
    s, log = play(s, 6, 2)
    assert [e["hits"] for e in log if "hits" in e] == [3, 2]
    s, _ = play(s, {"t": "hit", "unit": "failek.1"}, {"t": "hit", "unit": "cadre.1"})
    assert s.units["band.2"]["area"] == "V-3"                  # the Failek became a Band
    assert s.units["fr_div.1"]["neutralized"] and s.units["fr_div.1"]["box"] == "OC"
    s, _ = play(s, fln_split(0, 3), gov_split(1, 0))
    assert s.psl == {"fln": 49, "gov": 50}
    assert {s.units[u]["box"] for u in ("band.1", "band.2")} == {"OC"}
    assert s.pending[-1]["k"] == "operations"      # no active mobile unit left to React


def test_harass_needs_a_band_and_a_target() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1", "cadre.1")
    assert offered(s, "harass") == []
    s = put(s, "II-2", "PTL", "police.1")
    assert offered(s, "harass") == ["II-2"]
    s, _ = play(s, mission("harass", "II-2"))
    assert A.legal_moves(s) == [unit("band.1")]            # a lone Cadre does not Harass


def test_harass_target_any_government_unit_any_box() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1")
    s = put(s, "II-2", "OC", "fr_bde.1", neutralized=True)
    s = put(s, "II-2", "PTL", "police.1")
    s, _ = play(s, mission("harass", "II-2"), unit("band.1"))
    assert A.legal_moves(s) == [{"t": "target", "value": "fr_bde.1"},
                                {"t": "target", "value": "police.1"}]
    s, log = play(s, {"t": "target", "value": "police.1"}, 6, 6)
    # band 2: 2 hits; Police 2 at half = 1: 1 hit; the Police (hit more) is neutralized
    assert [e["hits"] for e in log if "hits" in e] == [2, 1]
    assert s.units["police.1"]["neutralized"] and s.units["police.1"]["box"] == "PTL"
    s, _ = play(s, fln_split(1, 1), gov_split(1, 0))
    assert s.psl == {"fln": 51, "gov": 50}


def test_strike_react_met_even_when_every_fln_unit_evades() -> None:
    s = put(ops_position(), "ORAN", "OPS", "front.1", "fr_bde.1")
    s, _ = play(s, mission("strike", "ORAN"), unit("front.1"), 3, 5, fln_split(5, 0),
                unit("fr_bde.1"), {"t": "react"}, 2)          # the Front evades on 3 or less
    assert s.units["front.1"]["box"] == "UG" and s.units["fr_bde.1"]["box"] == "OC"
    assert s.psl == {"fln": 55, "gov": 50} and s.pending[-1]["k"] == "operations"


def test_units_abroad_only_move() -> None:
    s = put(ops_position(independence=True), "MOROCCO", "OPS", "band.1", "cadre.1")
    names = {m["mission"] for m in A.legal_moves(s) if m["t"] == "mission"}
    assert names == {"move"}


def test_managed_chance_plays_a_mission_from_the_seed() -> None:
    s = put(ops_position(), "V-3", "OPS", "band.1", "band.2")
    s.options["chance"] = "managed"
    s = A.from_json(A.to_json(s))
    die = rng.die(dict(s.rng))              # the generator's next die
    a, _ = play(s, mission("raid", "V-3"), unit("band.1"), unit("band.2"))
    b, _ = play(s, mission("raid", "V-3"), unit("band.1"), unit("band.2"))
    assert A.to_json(a) == A.to_json(b)
    number, effect = MST_ROWS[min(8, die + 1)]
    if effect == "+":
        a, _ = play(a, {"t": "lost", "value": "band.1"})
    assert a.ap == 10 - 1 + number and a.areas["V-3"]["terror"] == (effect != "")


def test_a_declaration_may_leave_units_out() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1", "band.2")
    s = put(s, "II-2", "PTL", "fr_bde.1")
    s, _ = play(s, mission("raid", "II-2"), unit("band.1"))
    assert A.legal_moves(s) == [unit("band.2"), GO]
    s, log = play(s, GO, 4)                  # one raider: 4 - 1 patrol = 3: 1 AP
    s, _ = play(s, DECLINE)
    assert s.ap == 10 and s.units["band.1"]["box"] == "OC" and s.units["band.2"]["box"] == "OPS"
    assert offered(s, "raid") == [] and offered(s, "harass") == ["II-2"]


def test_a_mission_in_a_turn_from_the_scenario_set_up() -> None:
    s = at_deploy("1958")
    s, _ = play(s, {"t": "done"})
    area = s.units["front.1"]["area"]
    s, _ = play(s, {"t": "deploy", "area": area}, {"t": "done"})
    assert A.to_move(s) == "fln" and mission("propaganda", area) in A.legal_moves(s)
    ap = s.ap
    s, log = play(s, mission("propaganda", area), unit("front.1"))
    while s.pending[-1]["k"] != "operations":       # dice, splits, a React declined
        s, _ = A.apply(s, A.legal_moves(s)[-1])
    assert s.ap == ap - 1 and s.areas[area]["done"] == ["propaganda"]
    assert s.units["front.1"]["box"] == "OC" and A.to_move(s) == "fln"
    s, log = play(s, PASS, PASS)
    assert any(e["rule"] == "10.0" for e in log)    # the Turn Interphase follows


def test_the_example_of_moves_md_plays() -> None:
    text = (Path(__file__).resolve().parents[2] / "docs/algeria/moves.md").read_text("utf-8")
    block = text.split("```json\n", 1)[1].split("```", 1)[0]
    moves = [json.loads(line) for line in block.splitlines() if line.strip()]
    s = put(ops_position(), "II-2", "OPS", "cadre.1")
    s = put(s, "II-2", "PTL", "fr_bde.1")             # a patrolling brigade, able to React
    s, log = play(s, *moves)
    assert s.psl == {"fln": 50, "gov": 49} and s.pending[-1]["k"] == "operations"
    assert s.units["cadre.1"]["box"] == "OC" and s.units["fr_bde.1"]["box"] == "PTL"


def test_raid_plus_then_react_the_lost_raider_eliminated() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1", "band.2")
    s = put(s, "II-2", "PTL", "police.1", "fr_bde.1")
    s, _ = play(s, mission("raid", "II-2"), unit("band.1"), unit("band.2"), 2,  # 2+1-2: "+"
                {"t": "lost", "value": "band.2"}, unit("fr_bde.1"), {"t": "react"}, 6)
    s, _ = play(s, 1, 6, {"t": "hit", "unit": "band.2"})    # 0 hits; brigade 6: 3 hits
    assert s.units["band.1"]["area"] is None and s.units["band.2"]["area"] is None
    assert A.to_json(A.from_json(A.to_json(s))) == A.to_json(s)   # the mission still validates
    s, _ = play(s, gov_split(2, 0))
    assert s.psl["gov"] == 52 and s.pending[-1]["k"] == "operations"


def test_labels_of_a_harass() -> None:
    s = put(ops_position(), "II-2", "OPS", "band.1", "failek.1", "fr_bde.2")
    s = put(s, "II-2", "PTL", "fr_bde.1", "police.1")
    assert move_labels(s, A.legal_moves(s)) == [
        "Move a unit from II-2 Philippeville", "Raid in II-2 Philippeville",
        "Harass in II-2 Philippeville", "Tell the Government to conduct a mission", "Pass"]
    s, _ = play(s, mission("harass", "II-2"), unit("failek.1"))
    assert move_labels(s, A.legal_moves(s)) == [
        "Band 1 takes part in the Harass", "Conduct the Harass with the units chosen"]
    s, _ = play(s, GO)
    assert move_labels(s, A.legal_moves(s)) == [
        "Harass French brigade 1", "Harass French brigade 2", "Harass Police 1"]
    s, _ = play(s, {"t": "target", "value": "fr_bde.1"}, 5, 4)    # 1 hit each
    assert move_labels(s, A.legal_moves(s)) == [
        "FLN gains 0 PSP, the Government loses 1", "FLN gains 1 PSP, the Government loses 0"]
    s, _ = play(s, fln_split(1, 0))
    assert move_labels(s, A.legal_moves(s)) == ["French brigade 2 reacts", "Do not React"]
    s, _ = play(s, unit("fr_bde.2"))
    assert move_labels(s, A.legal_moves(s)) == ["React with the units chosen", "Do not React"]


def test_a_state_read_from_its_json_offers_the_same_moves_in_the_same_order() -> None:
    s = put(ops_position(), "II-2", "OPS", "cadre.2", "cadre.10", "cadre.1")
    s, _ = play(s, mission("propaganda", "II-2"))
    back = A.from_json(A.to_json(s))
    assert tuple(back.units) == UNIT_IDS
    assert A.legal_moves(back) == A.legal_moves(s) == [
        unit("cadre.1"), unit("cadre.2"), unit("cadre.10")]
