"""Algeria rules 7.0 (Deployment), 8.0 (the initiative and passes), 10.0 (Interphase), 11.4 (the
Coup), 12.1 and 13.3; the rulebook's worked examples; random playouts of the three scenarios."""

from __future__ import annotations

import json
from typing import Any

import pytest

import algeria as A
from algeria.data import RAW
from algeria.interphase import control_points, loss_number
from algeria.playout import invariants, play
from algeria.setup import OPTION_DEFAULTS
from tests.algeria.test_events import rolls
from tests.algeria.test_reinforce import at_reinforce, go

EXAMPLES = {e["id"]: e for e in RAW["rulebook_examples"]}


def at_deploy(scenario: str = "1954") -> A.State:
    s = at_reinforce(scenario)
    acts = [m for m in A.legal_moves(go(s, {"t": "done"})) if m["t"] == "activate"]
    s = go(s, {"t": "done"}, *acts, {"t": "done"}, {"t": "done"})
    assert A.prompt(s) == "Deploy Government units, or done"
    return s


def test_government_deployment() -> None:
    s = at_deploy("1958")
    s = go(s, {"t": "unit", "unit": "fr_bde.1"})
    here = s.units["fr_bde.1"]["area"]
    assert {"t": "area", "area": here} not in A.legal_moves(s)
    assert len(A.legal_moves(s)) == 2 + 24
    s = go(s, {"t": "patrol"})
    assert s.units["fr_bde.1"]["box"] == "PTL"
    assert {"t": "unit", "unit": "fr_bde.1"} not in A.legal_moves(s)   # once per unit
    s = go(s, {"t": "unit", "unit": "fr_bde.2"}, {"t": "area", "area": "IV-2"})
    assert s.units["fr_bde.2"]["area"] == "IV-2" and s.units["fr_bde.2"]["box"] == "OPS"
    mode = s.units["fr_div.1"]["mode"]
    other = "dispersed" if mode == "concentrated" else "concentrated"
    s = go(s, {"t": "mode", "unit": "fr_div.1", "mode": other})
    assert s.units["fr_div.1"]["mode"] == other
    assert not any(m.get("unit") == "fr_div.1" and m["t"] == "mode" for m in A.legal_moves(s))


def test_slow_reaction_forbids_dispersed_mode() -> None:
    s = at_reinforce(opts={"slow_french_reaction": True})
    s = go(s, {"t": "mobilize", "item": "fr_div"}, {"t": "area", "area": "I-1"},
           {"t": "done"}, {"t": "done"}, {"t": "done"})
    assert not any(m["t"] == "mode" for m in A.legal_moves(s))


def test_fln_deployment_and_france() -> None:
    s = go(at_deploy(), {"t": "done"})
    assert A.to_move(s) == "fln"
    front_area = s.units["front.1"]["area"]
    cadre = "cadre.1"
    s.units[cadre].update(area=front_area, box="UG")
    s = go(s, {"t": "to_france", "unit": cadre})
    assert s.units[cadre]["area"] == "FRANCE"
    assert not any(m["t"] in ("to_france", "from_france") for m in A.legal_moves(s))
    s = go(s, {"t": "deploy", "area": front_area})
    assert s.units["front.1"]["box"] == "OPS"
    s = go(s, {"t": "done"})
    assert A.to_move(s) == "fln"
    assert {"t": "mission", "mission": "propaganda", "area": front_area} in A.legal_moves(s)
    assert A.legal_moves(s)[-2:] == [{"t": "hand_over"}, {"t": "pass"}]


def test_two_passes_end_the_operations_phase() -> None:
    s = go(at_deploy(), {"t": "done"}, {"t": "done"})
    s, log = A.apply(s, {"t": "pass"})
    assert A.to_move(s) == "gov" and s.phase == "operations"
    s, log = A.apply(s, {"t": "pass"})
    assert s.phase == "interphase" and A.to_move(s) == "chance"


def test_control_points_and_worked_example() -> None:
    ex = EXAMPLES["control_mostaganem"]
    s = at_reinforce()
    for u in list(s.units):
        s.units[u].update(area=None, box=None)
    for i, k in enumerate(ex["fln"]):
        s.units[f"{k}.{10 + i}"].update(area="V-4", box="UG")
    for i, k in enumerate(ex["gov"]):
        s.units[f"{k}.{1 + i}"].update(area="V-4", box="PTL" if k == "police" else "OPS")
    assert control_points(s, "V-4") == {"fln": ex["expect"]["fln_points"],
                                        "gov": ex["expect"]["gov_points"]}
    s.units["fr_div.1"].update(area="V-4", box="OPS", mode="dispersed")
    assert control_points(s, "V-4")["gov"] == 6
    s.units["fr_div.1"]["neutralized"] = True
    assert control_points(s, "V-4")["gov"] == 3


@pytest.mark.parametrize("points,loss", [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3), (15, 3),
                                         (16, 4), (17, 4), (20, 4), (21, 5), (24, 5), (25, 6),
                                         (99, 6), (0, 0)])
def test_chart_c4_loss_numbers(points: int, loss: int) -> None:
    assert loss_number(points) == loss
    assert loss_number(EXAMPLES["depreciation_17"]["points"]) == \
        EXAMPLES["depreciation_17"]["expect"]["loss_number"]


def test_psl_overflow_worked_example() -> None:
    from algeria import psl
    ex = EXAMPLES["psl_overflow"]
    s = at_reinforce()
    s.psl = {"fln": ex["fln_psl"], "gov": ex["gov_psl"]}
    log: list[dict[str, Any]] = []
    psl.gain(s, "fln", ex["gain"], log, "12.1", "test")
    assert s.psl == {"fln": ex["expect"]["fln_psl"], "gov": ex["expect"]["gov_psl"]}


def interphase(s: A.State) -> A.State:
    """From the Deployment Phase (external chance) to the first Interphase die."""
    s = go(s, {"t": "done"}, {"t": "done"}, {"t": "pass"}, {"t": "pass"})
    assert s.phase == "interphase"
    return s


def test_interphase_sequence() -> None:
    s = at_deploy()
    for a in s.areas.values():
        a["control"] = None
    s.areas["ALGIERS"]["terror"] = True
    s.units["cadre.1"]["neutralized"] = True
    s.units["cadre.1"]["box"] = "OC"
    s.air = {"max": 3, "available": 1}
    s.ap = 17
    # keep the control step short: clear the map but for a few units
    for u in list(s.units):
        if u not in ("cadre.1", "front.1", "police.1", "alg_bde.1", "fr_bde.1"):
            s.units[u].update(area=None, box=None, neutralized=False)
    s.units["front.1"].update(area="I-1", box="UG")          # 3 v 0: FLN control, no roll
    s.units["cadre.1"].update(area="I-4")                     # neutralized: 0 v 0
    s.units["police.1"].update(area="ALGIERS", box="PTL")     # 1 v 0: Government, no roll
    s.units["alg_bde.1"].update(area="II-1", box="OPS")       # 1 v 0
    s.units["fr_bde.1"].update(area="II-1", box="OPS")        # 2 v 0
    psl0 = dict(s.psl)
    s = interphase(s)
    # depreciation: Air max 3 (loss 1) roll 1 -> lose 1; AP 17 (loss 4) roll 5 -> keep
    s, _ = rolls(s, 1, 5)
    assert s.air == {"max": 2, "available": 1} and s.ap == 17
    assert s.areas["I-1"]["control"] == "fln" and s.areas["ALGIERS"]["control"] == "gov"
    assert s.areas["I-4"]["control"] is None and s.areas["II-1"]["control"] == "gov"
    # recovery: cadre.1 rolls 5 -> recovers; Terror in Algiers: 4 + 1 (no FLN unit) -> goes
    s, _ = rolls(s, 5, 4)
    assert not s.units["cadre.1"]["neutralized"] and not s.areas["ALGIERS"]["terror"]
    # redeployment, then the final PSL adjustment: FLN controls 1 area, Government 2: +0
    assert s.units["cadre.1"]["box"] == "UG" and s.air["available"] == 2
    assert s.units["fr_bde.1"]["box"] == "OPS"
    assert s.turn == 2 and s.phase == "random_events" and s.psl == psl0


def test_control_roll_off() -> None:
    s = at_deploy()
    for u in list(s.units):
        s.units[u].update(area=None, box=None, neutralized=False)
    ex = EXAMPLES["control_mostaganem"]
    for i, k in enumerate(ex["fln"]):
        s.units[f"{k}.{10 + i}"].update(area="V-4", box="UG")
    for i, k in enumerate(ex["gov"]):
        s.units[f"{k}.{1 + i}"].update(area="V-4", box="PTL" if k == "police" else "OPS")
    s = interphase(s)
    s, _ = rolls(s, 2, 3)   # FLN needs <= 2: success; Government fails -> FLN control
    assert s.areas["V-4"]["control"] == "fln"


def test_final_psl_adjustment() -> None:
    s = at_deploy("1958")
    s.oas = {"active": True, "controller": "gov", "area": "FRANCE"}
    s.areas["III-1"]["resettled"] = True
    s.areas["III-1"]["terror"] = True   # one area, one PSP (Terrorized or resettled)
    for u in list(s.units):
        if s.units[u]["area"] not in (None, "MOROCCO", "TUNISIA") and u[0] in "cbf" and \
                not u.startswith("fr_"):
            s.units[u].update(area=None, box=None)   # no FLN unit left in Algeria
    d = json.loads(A.to_json(s))
    s = A.from_json(json.dumps(d))
    s = interphase(s)
    while s.phase == "interphase" and "no active FLN mobile unit" not in A.prompt(s):
        s, _ = A.apply(s, {"t": "roll", "value": 6})
    s, log = rolls(s, 1, 1, 1)
    psp = {e["text"].split("(")[1].split(")")[0]: (e["side"], e["psp"])
           for e in log if "psp" in e}
    assert psp["OAS"] == ("gov", -2)
    assert psp["areas Terrorized or resettled"] == ("gov", -1)
    assert psp["no active mobile unit in Algeria"] == ("fln", -3)
    # 1958 abroad: Morocco 1 Band (2), Tunisia 4 Bands (8) and 1 Failek (4): 14 -> +1
    assert psp["external army"] == ("fln", 1)


def test_coup_attempt_and_free_mobilization() -> None:
    s = at_deploy()
    s.psl["gov"] = 29
    for u in list(s.units):
        s.units[u].update(area=None, box=None, neutralized=False)
    s.units["band.1"].update(area="I-1", box="UG")   # an FLN mobile unit stays in Algeria
    s = interphase(s)
    # control I-1: 1 v 0 -> FLN, no roll; nothing to depreciate but AP (6): roll 6 keeps
    s, _ = rolls(s, 6)
    s, _ = rolls(s, 6, 1, 1, 2, 2, 2, 2, 2)   # attempt; table 2 wild success: +3d6 = 6; 2d6 = 4
    assert s.psl["gov"] == 35 and A.prompt(s) == "Free mobilization: 4 PSP left"
    s = go(s, {"t": "mobilize", "item": "fr_bde"}, {"t": "area", "area": "I-1"})
    assert [m["item"] for m in A.legal_moves(s) if m["t"] == "mobilize"] == [
        "fr_bde", "alg_bde", "police"]
    s = go(s, {"t": "done"})
    assert s.units["fr_bde.1"]["area"] == "I-1" and s.turn == 2


def test_coup_failure_removes_an_elite_unit() -> None:
    s = at_deploy()
    s.psl["gov"] = 20
    s = interphase(s)
    while "coup attempt" not in A.prompt(s):
        s, _ = A.apply(s, {"t": "roll", "value": 6})
    s, _ = rolls(s, 6, 4, 4, 1, 1)   # table 8: failure, -2d6 = 2, remove 1 elite unit
    assert s.psl["gov"] == 18 and A.to_move(s) == "gov"
    s = go(s, {"t": "pick", "value": "elite_bde.1"})
    assert s.units["elite_bde.1"]["removed"] == "coup"
    assert "elite_bde.1" not in s.pool("elite_bde")


def bare_interphase(scenario: str = "1954", chance: str = "external", **tracks: Any) -> A.State:
    """The Deployment Phase with no unit on the map but one Band in I-1 (so the FLN has an active
    mobile unit in Algeria and no area changes control), no area controlled; ``tracks`` set state
    fields; then on to the Interphase (the position read back as a client sends it)."""
    s = at_deploy(scenario)
    for u in list(s.units):
        s.units[u].update(area=None, box=None, neutralized=False)
    s.units["band.1"].update(area="I-1", box="UG")
    for a in s.areas.values():
        a["control"] = None
    for k, v in tracks.items():
        setattr(s, k, v)
    d = json.loads(A.to_json(s))
    d["options"]["chance"] = chance
    return interphase(A.from_json(json.dumps(d)))


def roll_through(s: A.State) -> A.State:
    """Roll 6 for every Interphase die (no depreciation, no Recovery needed) until it is over."""
    while A.to_move(s) == "chance":
        s, _ = A.apply(s, {"t": "roll", "value": 6})
    return s


@pytest.mark.parametrize("psl, lead, result", [
    # 13.3 "at least a Substantial Victory (that is, his PSL is 26 or more points ahead)": the
    # level is the lead's (12.2 levels: 1-25 Marginal, 26-50 Substantial, 51+ Decisive)
    ({"fln": 80, "gov": 50}, "fln", {"winner": "fln", "level": "substantial"}),
    ({"fln": 30, "gov": 60}, "gov", {"winner": "gov", "level": "substantial"}),
    ({"fln": 30, "gov": 80}, "gov", {"winner": "gov", "level": "substantial"}),
    ({"fln": 29, "gov": 80}, "gov", {"winner": "gov", "level": "decisive"}),
    ({"fln": 99, "gov": 31}, "fln", {"winner": "fln", "level": "decisive"}),
])
def test_shorter_game_victory_level_is_the_lead(psl: dict[str, int], lead: str,
                                               result: dict[str, str]) -> None:
    s = bare_interphase(options={**OPTIONS, "shorter_game": True}, turn=6, short_lead=lead,
                        psl=dict(psl))
    s = roll_through(s)
    assert s.psl == psl    # the Interphase changed no PSL here
    assert s.result == result and A.to_move(s) is None


def test_shorter_game_needs_two_checks_running() -> None:
    s = roll_through(bare_interphase(options={**OPTIONS, "shorter_game": True}, turn=6,
                                     psl={"fln": 80, "gov": 50}))
    assert s.result is None and s.short_lead == "fln" and s.turn == 7


def test_sudden_death_level_is_the_winners_psl() -> None:
    """12.2: the Government's PSL reaches 0 in the final adjustment (the OAS in France, -2); the
    FLN at 40 is 40 ahead: a Substantial Victory."""
    s = bare_interphase(psl={"fln": 40, "gov": 31},
                        oas={"active": True, "controller": "gov", "area": "FRANCE"})
    s.psl["gov"] = 2
    s = roll_through(A.from_json(A.to_json(s)))
    assert s.psl == {"fln": 40, "gov": 0}
    assert s.result == {"winner": "fln", "level": "substantial"} and A.to_move(s) is None


OPTIONS = {**OPTION_DEFAULTS, "chance": "external"}


def no_fln_in_algeria(scenario: str, chance: str) -> A.State:
    """The Deployment Phase, Government and FLN at 50, the OAS in France, one area Terrorized and
    one resettled, no FLN unit in Algeria (the FLN rolls 3d6) and none abroad (no external army),
    no area controlled."""
    s = at_deploy(scenario)
    for u in list(s.units):
        s.units[u].update(area=None, box=None, neutralized=False)
    s.units["police.1"].update(area="ALGIERS", box="PTL")
    for a in s.areas.values():
        a.update(control=None, terror=False, resettled=False)
    s.areas["I-1"]["terror"] = True
    s.areas["III-1"]["resettled"] = True
    s.psl = {"fln": 50, "gov": 50}
    s.oas = {"active": True, "controller": "gov", "area": "FRANCE"}
    d = json.loads(A.to_json(s))
    d["options"]["chance"] = chance
    return A.from_json(json.dumps(d))


def test_final_adjustment_applies_each_penalty_once() -> None:
    """C.6 / 10.4: the OAS in France (-2) and two marked areas (-2) cost the Government 4 PSP,
    once, and the FLN loses the 3d6 once (the step is run again after each die)."""
    s = interphase(no_fln_in_algeria("1958", "external"))
    log: list[dict[str, Any]] = []
    while "no active FLN mobile unit" not in A.prompt(s):
        # the Terror marker stays (a 1), nothing depreciates (6s)
        s, entries = A.apply(s, {"t": "roll", "value": 1 if "Terror" in A.prompt(s) else 6})
        log += entries
    assert s.psl == {"fln": 50, "gov": 50} and s.areas["I-1"]["terror"]
    s, entries = rolls(s, 2, 3, 4)
    log += entries
    assert s.psl == {"fln": 41, "gov": 46}
    assert s.turn == 2 and s.phase == "random_events"
    psp = [(e["side"], e["psp"]) for e in log if "psp" in e]
    assert psp == [("gov", -2), ("gov", -2), ("fln", -9)]


def test_final_adjustment_once_in_managed_chance() -> None:
    """The same with the engine rolling: each adjustment of 10.4 is made once."""
    s = no_fln_in_algeria("1958", "managed")
    log: list[dict[str, Any]] = []
    for m in ({"t": "done"}, {"t": "done"}, {"t": "pass"}, {"t": "pass"}):
        s, entries = A.apply(s, m)
        log += entries
    assert s.turn == 2
    final = [(e["side"], e["psp"]) for e in log if e["rule"] == "10.4" and "psp" in e]
    left = any(e["rule"] == "10.2" and "Terror marker leaves" in e["text"] for e in log)
    marked = 1 if left else 2   # III-1 resettled, I-1 unless its Terror marker left (10.2)
    assert final[:2] == [("gov", -2), ("gov", -marked)]
    assert len(final) == 3 and final[2][0] == "fln" and -18 <= final[2][1] <= -3


@pytest.mark.parametrize("scenario", ["1954", "1958", "1960"])
def test_random_playouts_end_with_invariants(scenario: str) -> None:
    for seed in (1, 2):
        s, n = play(scenario, seed)
        assert s.result is not None and not invariants(s) and n > 50
