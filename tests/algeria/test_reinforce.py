"""Algeria rule 6.0 (charts A.1, A.4, B.1): Government mobilization and activation, the OAS check
(11.3), the Border Zone (11.21), option 13.1, FLN income and build/convert."""

from __future__ import annotations

from typing import Any

import pytest

import algeria as A
from algeria.reinforce import cost_psp, income
from tests.algeria.test_events import at_event, rolls


def at_reinforce(scenario: str = "1954", **tweak: Any) -> A.State:
    s = at_event(scenario, **tweak)
    s, _ = rolls(s, 1, 1)   # no event
    assert A.prompt(s) == "Mobilize units and points, or done"
    return s


def go(s: A.State, *moves: dict[str, Any]) -> A.State:
    for m in moves:
        s, _ = A.apply(s, m)
    return s


def items(s: A.State) -> set[str]:
    return {m["item"] for m in A.legal_moves(s) if m["t"] == "mobilize"}


def test_half_points_round_up() -> None:
    assert cost_psp(1, 0) == (1, 1) and cost_psp(1, 1) == (0, 0) and cost_psp(10, 0) == (5, 0)
    assert cost_psp(3, 1) == (1, 0) and cost_psp(0, 1) == (0, 1)


def test_mobilize_a_brigade_and_points() -> None:
    s = at_reinforce()
    assert items(s) == {"fr_div", "fr_bde", "elite_bde", "alg_bde", "police", "air_point",
                        "helo_point", "naval_point"}   # no Border Zone before independence
    s = go(s, {"t": "mobilize", "item": "fr_bde"})
    assert A.prompt(s) == "Mobilize a French brigade: choose an area" and len(A.legal_moves(s)) == 25
    s = go(s, {"t": "area", "area": "III-1"})
    assert s.units["fr_bde.4"]["area"] == "III-1" and s.units["fr_bde.4"]["box"] == "OPS"
    s = go(s, {"t": "mobilize", "item": "air_point"}, {"t": "mobilize", "item": "naval_point"})
    assert s.psl["gov"] == 65 - 2 - 2 - 3 and s.air == {"max": 1, "available": 1}
    assert s.naval == 1


def test_activation_and_units_left_in_oc() -> None:
    s = at_reinforce()
    s = go(s, {"t": "mobilize", "item": "fr_bde"}, {"t": "area", "area": "III-1"},
           {"t": "done"})
    acts = [m["unit"] for m in A.legal_moves(s) if m["t"] == "activate"]
    # 1954: 3 French brigades and 1 elite brigade need activation; the new one and Algerian
    # brigades do not.
    assert sorted(acts) == ["elite_bde.1", "fr_bde.1", "fr_bde.2", "fr_bde.3"]
    psl0 = s.psl["gov"]
    s = go(s, {"t": "activate", "unit": "fr_bde.1"})
    assert s.psl["gov"] == psl0 - 1
    s = go(s, {"t": "activate", "unit": "fr_bde.2"})
    assert s.psl["gov"] == psl0 - 1   # two half points: 1 PSP
    s = go(s, {"t": "done"})
    assert s.units["fr_bde.3"]["box"] == "OC" and s.units["elite_bde.1"]["box"] == "OC"
    assert s.units["fr_bde.1"]["box"] == "OPS" and s.units["fr_bde.4"]["box"] == "OPS"
    assert s.units["alg_bde.1"]["box"] == "OPS"
    assert A.to_move(s) == "fln" and A.prompt(s) == "Build and convert units, or done"


def test_no_payment_takes_the_psl_to_zero() -> None:
    s = at_reinforce()
    s.psl["gov"] = 3
    assert items(s) == {"fr_bde", "alg_bde", "police", "air_point"}


def test_border_zone_steps_and_activation() -> None:
    s = at_reinforce("1958")
    assert s.border_zone == {"value": -2, "active": False}
    assert {"t": "activate_border_zone"} in A.legal_moves(s)
    s = go(s, {"t": "activate_border_zone"}, {"t": "mobilize", "item": "border_zone"})
    assert s.border_zone == {"value": -3, "active": True} and s.psl["gov"] == 50 - 1 - 6
    assert "border_zone" not in items(s)
    t = at_reinforce(independence=True)
    t = go(t, {"t": "mobilize", "item": "border_zone"})
    assert t.border_zone == {"value": 0, "active": False}
    assert {"t": "activate_border_zone"} not in A.legal_moves(t)   # 0 does nothing (A05)


def test_police_removed_without_refund() -> None:
    s = at_reinforce()
    s = go(s, {"t": "remove_police", "unit": "police.1"})
    assert s.units["police.1"]["area"] is None and s.psl["gov"] == 65


def test_oas_activates_at_30_and_is_placed() -> None:
    s = at_event()
    s.psl["gov"] = 30
    s, _ = rolls(s, 1, 1, 2)       # no event; OAS control die 2: FLN
    assert s.oas == {"active": True, "controller": "fln", "area": None}
    assert A.to_move(s) == "fln" and {"t": "place_oas", "area": "FRANCE"} in A.legal_moves(s)
    s = go(s, {"t": "place_oas", "area": "ORAN"})
    assert s.oas["area"] == "ORAN" and A.to_move(s) == "gov"


def test_oas_may_be_removed_above_70() -> None:
    s = at_event()
    s.psl["gov"] = 71
    s.oas = {"active": True, "controller": "gov", "area": "FRANCE"}
    s, _ = rolls(s, 1, 1, 5)
    assert A.legal_moves(s) == [{"t": "choose", "value": "remove_oas"},
                                {"t": "choose", "value": "keep_oas"}]
    s = go(s, {"t": "choose", "value": "remove_oas"})
    assert s.oas == {"active": False, "controller": None, "area": None}


def test_slow_french_reaction() -> None:
    s = at_reinforce(opts={"slow_french_reaction": True})
    s = go(s, {"t": "mobilize", "item": "air_point"})
    assert items(s) == {"police"}
    t = at_event(opts={"slow_french_reaction": True})
    t.psl = {"fln": 66, "gov": 65}
    t, log = rolls(t, 1, 1)
    assert t.slow_lifted and any(e["rule"] == "13.1" for e in log)


def test_fln_income_chart_a4() -> None:
    s = at_reinforce()
    for a in s.areas.values():
        a["control"] = "gov"
    s.areas["ALGIERS"]["control"] = "fln"                      # 5
    s.areas["II-1"]["control"] = "fln"                         # 2
    s.areas["II-2"].update(control=None)                      # contested, FLN there: 1
    s.areas["ORAN"].update(control="fln", terror=True)         # 5 - 1
    s.areas["V-1"]["control"] = "fln"                          # remote: 0
    s.units["cadre.9"].update(area="II-2", box="UG")
    assert income(s) == (5 + 2 + 1 + 4, 5)
    s.units["cadre.9"]["neutralized"] = True
    assert income(s)[0] == 11
    s.naval = 6
    assert income(s)[1] == 0


def fln_turn(scenario: str = "1954") -> A.State:
    s = at_reinforce(scenario)
    s = go(s, {"t": "done"}, {"t": "done"})
    assert A.to_move(s) == "fln"
    return s


def test_fln_build_and_convert() -> None:
    s = fln_turn()
    ap = s.ap   # 6 at the start + 0 from areas (all Contested, FLN units in 5 areas) + 5
    front_areas = [d["area"] for u, d in s.units.items() if u.startswith("front.") and d["area"]]
    builds = [m for m in A.legal_moves(s) if m["t"] == "build"]
    assert {m["area"] for m in builds} == set(front_areas)
    s = go(s, {"t": "build", "unit": "band", "area": front_areas[0]})
    new = [u for u, d in s.units.items() if u.startswith("band.") and d["area"]]
    assert new == ["band.1"] and s.units["band.1"]["box"] == "UG" and s.ap == ap - 3
    cadre = next(u for u, d in s.units.items() if u.startswith("cadre.") and d["area"]
                 and d["area"] not in front_areas)
    s = go(s, {"t": "convert", "unit": cadre, "to": "band"})
    assert s.units[cadre]["area"] is None and s.ap == ap - 4
    s = go(s, {"t": "convert", "unit": "front.1", "to": "cadre"})
    assert s.units["front.1"]["area"] is None and s.ap == ap - 4
    assert not any(m["t"] == "convert" and m["to"] == "front" and
                   s.units[m["unit"]]["area"] in front_areas[1:] for m in A.legal_moves(s))
    s = go(s, {"t": "done"})
    assert s.phase == "deployment" and A.to_move(s) == "gov"
    assert A.prompt(s) == "Deploy Government units, or done"


def test_fln_abroad_costs_two_and_faileks() -> None:
    s = fln_turn("1958")
    ap = s.ap
    assert {"t": "build", "unit": "cadre", "area": "MOROCCO"} in A.legal_moves(s)
    s = go(s, {"t": "build", "unit": "cadre", "area": "TUNISIA"})
    assert s.ap == ap - 2
    band = next(u for u, d in s.units.items() if u.startswith("band.") and d["area"] == "TUNISIA")
    s = go(s, {"t": "convert", "unit": band, "to": "failek"})
    assert s.ap == ap - 4 and sum(1 for u, d in s.units.items()
                                  if u.startswith("failek.") and d["area"] == "TUNISIA") == 2


@pytest.mark.parametrize("scenario", ["1954", "1958", "1960"])
def test_reinforcement_states_validate(scenario: str) -> None:
    s = at_reinforce(scenario)
    s = go(s, {"t": "mobilize", "item": "police"})
    assert A.to_json(A.from_json(A.to_json(s))) == A.to_json(s)
