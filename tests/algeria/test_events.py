"""Algeria rule 5.0 / chart C.2: the Random Events Phase, one position test per event, with the
dice supplied (external chance)."""

from __future__ import annotations

from typing import Any

import pytest

import algeria as A
from algeria.data import TABLES
from algeria.events import coup_row, event_for, mst
from algeria.machine import MACHINE
from tests.algeria.test_setup import play_setup


def at_event(scenario: str = "1954", seed: int = 1, **tweak: Any) -> A.State:
    s = play_setup(A.new_game(scenario, seed, {"chance": "external", **tweak.pop("opts", {})}))
    s, _ = A.apply(s, {"t": "roll", "value": 3})
    s, _ = A.apply(s, {"t": "roll", "value": 3})
    for k, v in tweak.items():
        setattr(s, k, v)
    return s


def rolls(s: A.State, *values: int) -> tuple[A.State, list[dict[str, Any]]]:
    log: list[dict[str, Any]] = []
    for v in values:
        assert A.to_move(s) == "chance", A.prompt(s)
        s, entries = A.apply(s, {"t": "roll", "value": v})
        log += entries
    return s, log


def done(s: A.State) -> None:
    """The Random Events Phase is over: the Government's reinforcement decisions follow."""
    assert s.phase == "reinforcement" and A.to_move(s) == "gov"
    assert A.prompt(s) == "Mobilize units and points, or done"


@pytest.mark.parametrize("row", TABLES["C2_random_events"]["rows"], ids=lambda r: r["key"])
def test_chart_c2_rows(row: dict[str, Any]) -> None:
    lo, hi = row["range"]
    for roll in range(lo, hi + 1):
        if 1 <= roll % 10 <= 6:
            assert event_for(roll) == row["key"]


@pytest.mark.parametrize("row", TABLES["A3_B4_mission_success"]["rows"], ids=lambda r: str(r["roll"]))
def test_chart_mst_rows(row: dict[str, Any]) -> None:
    assert mst(row["roll"]) == (row["result"], row["effect"])


def test_mst_clamps() -> None:
    assert mst(-4) == mst(-1) and mst(11) == mst(8)


@pytest.mark.parametrize("row", TABLES["B2_coup"]["rows"], ids=lambda r: r["key"])
def test_chart_b2_rows(row: dict[str, Any]) -> None:
    for roll in range(row["range"][0], row["range"][1] + 1):
        assert coup_row(roll)["key"] == row["key"]


def test_no_event() -> None:
    s = at_event()
    before = (dict(s.psl), s.ap)
    s, log = rolls(s, 2, 6)
    assert (s.psl, s.ap) == before and log[2]["text"] == "random event 26: no event"
    done(s)


def test_foreign_arms_less_naval_points() -> None:
    s = at_event("1958")
    s.naval = 2
    s, log = rolls(s, 3, 1, 5, 6)
    assert s.ap == 6 + 11 - 2
    done(s)


def test_jealousy_and_amnesty_last_one_turn() -> None:
    s = at_event()
    s, _ = rolls(s, 3, 4)
    assert s.effects == ["jealousy_paranoia"]
    s2 = at_event()
    s2, _ = rolls(s2, 6, 3)
    assert s2.effects == ["amnesty"]


def test_elections_apply_the_coup_table_psp_only() -> None:
    s = at_event()
    s, _ = rolls(s, 4, 1, 1, 1, 2, 3, 1)   # table 2: wild success, +3d6 = 6
    assert s.psl["gov"] == 65 + 6
    s = at_event()
    s, _ = rolls(s, 4, 2, 6, 6, 1, 1, 1)   # table 12: abject failure, -3d6 = 3
    assert s.psl["gov"] == 62
    done(s)


@pytest.mark.parametrize("fln,gov,chooser", [(50, 65, "gov"), (60, 60, "fln")])
def test_un_debate(fln: int, gov: int, chooser: str) -> None:
    s = at_event()
    s.psl = {"fln": fln, "gov": gov}
    s, _ = rolls(s, 4, 3)
    assert A.to_move(s) == chooser
    s, _ = A.apply(s, {"t": "choose", "value": "lower_gov"})
    s, _ = rolls(s, 4)
    assert s.psl == {"fln": fln, "gov": gov - 4}


def test_fln_purge() -> None:
    s = at_event()
    s, _ = rolls(s, 4, 5)
    assert A.to_move(s) == "gov" and len(A.legal_moves(s)) == 6
    fln_ii = [u for u, d in s.units.items() if d["area"] and A.data.AREAS[d["area"]].wilaya == "II"
              and u.split(".")[0] in ("front", "cadre")]
    assert len(fln_ii) == 3   # 1954: wilaya II has a Front and 2 Cadres
    s, _ = A.apply(s, {"t": "pick", "value": "II"})
    s, _ = rolls(s, 2)
    assert A.to_move(s) == "fln"
    assert {m["value"] for m in A.legal_moves(s)} == set(fln_ii)
    s, _ = A.apply(s, {"t": "pick", "value": fln_ii[0]})
    s, _ = A.apply(s, {"t": "pick", "value": fln_ii[1]})
    assert [s.units[u]["neutralized"] for u in fln_ii] == [True, True, False]
    assert s.units[fln_ii[0]]["box"] == "OC"
    done(s)


def test_independence_1954() -> None:
    s = at_event()
    s, log = rolls(s, 5, 2, 1, 2, 3, 4)
    assert s.independence and s.psl == {"fln": 53, "gov": 72}
    done(s)


def test_independence_again_gives_an_mst_roll_in_ap() -> None:
    s = at_event("1958")
    ap = s.ap
    s, _ = rolls(s, 5, 4, 6)   # MST 6 -> 3 AP
    assert s.ap == ap + 3
    done(s)


def test_nato_division_counts_three() -> None:
    s = at_event("1958")
    s, _ = rolls(s, 5, 5, 4)
    assert A.to_move(s) == "gov"
    assert all(m["value"].split(".")[0] in ("fr_div", "fr_bde") for m in A.legal_moves(s))
    s, _ = A.apply(s, {"t": "pick", "value": "fr_div.1"})
    assert A.to_move(s) == "gov"
    s, _ = A.apply(s, {"t": "pick", "value": "fr_bde.1"})
    assert s.units["fr_div.1"]["area"] is None and s.units["fr_div.1"]["removed"] == "nato"
    assert s.pool("fr_div") == [u for u in s.pool("fr_div") if u != "fr_div.1"]
    done(s)


def test_suez_once_and_back_next_turn() -> None:
    s = at_event()
    s, _ = rolls(s, 6, 1, 3)
    s, _ = A.apply(s, {"t": "pick", "value": "elite_bde.1"})
    assert s.suez and s.units["elite_bde.1"]["removed"] == "suez"
    done(s)
    # the next Random Events Phase brings it back (state edited to the next turn's start)
    # (an automatic step is never left pending in a state document: the copy is settled here)
    t = s.copy()
    t.pending, t.phase, t.turn = [{"k": "turn", "step": 0}], "random_events", 2
    MACHINE.settle(t, [])
    t = A.from_json(A.to_json(t))
    assert A.to_move(t) == "gov" and A.prompt(t).startswith("Suez Crisis over")
    t, _ = A.apply(t, {"t": "place", "unit": "elite_bde.1", "area": "V-3"})
    assert t.units["elite_bde.1"] == {"area": "V-3", "box": "OC", "neutralized": False,
                                      "mode": None, "helo": False, "removed": None}
    t, _ = rolls(t, 6, 2)
    done(t)
    s2 = at_event("1960")
    s2, log = rolls(s2, 6, 2)
    assert any("Suez Crisis happens once" in e["text"] for e in log) and not s2.suez


def test_sartre() -> None:
    s = at_event()
    s, _ = rolls(s, 6, 6)
    assert s.psl["gov"] == 64


def test_deterministic_independence_option() -> None:
    s = at_event(opts={"deterministic_independence": True})
    s, _ = rolls(s, 1, 3, 4, 5, 6, 1, 1)   # 1 <= turn 1: independence (+7, +11), then event 11
    assert s.independence and s.psl == {"fln": 57, "gov": 76}
    done(s)


def test_oas_control_reroll() -> None:
    s = at_event()
    s.oas = {"active": True, "controller": "gov", "area": "FRANCE"}
    s, _ = rolls(s, 1, 1, 2)
    assert s.oas["controller"] == "fln"


def test_psl_overflow_and_end() -> None:
    s = at_event()
    s.psl = {"fln": 50, "gov": 1}
    s, log = rolls(s, 6, 6)
    assert s.result == {"winner": "fln", "level": "substantial"}
    assert A.to_move(s) is None and A.legal_moves(s) == []
    with pytest.raises(A.IllegalMove) as e:
        A.apply(s, {"t": "roll", "value": 1})
    assert e.value.rule == "12.2"
    t = at_event()
    t.psl = {"fln": 98, "gov": 50}
    t, _ = rolls(t, 4, 3)
    t, _ = A.apply(t, {"t": "choose", "value": "raise_fln"})
    t, _ = rolls(t, 6)
    assert t.psl == {"fln": 99, "gov": 45}


def test_fln_purge_in_an_empty_wilaya() -> None:
    s = at_event()
    s, _ = rolls(s, 4, 6)
    s, _ = A.apply(s, {"t": "pick", "value": "VI"})   # 1954: no FLN unit in wilaya VI
    s, log = rolls(s, 3)
    assert any(e["text"] == "no active FLN unit in wilaya VI" for e in log)
    done(s)
