"""Algeria rule 3.0 / chart C.8: the three scenarios' set-ups against the data, the set-up
decisions, options, and chance (managed and external)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

import algeria as A
from algeria.data import AREAS, RAW, SCENARIOS, UNIT_IDS, UNIT_TYPES, WILAYAS, unit_type
from algeria.setup import forces


def play_setup(s: A.State, seed: int = 1) -> A.State:
    """Random placements; with external chance, stops at the starting-AP dice."""
    r = random.Random(seed)
    while s.phase == "setup" and A.to_move(s) in ("gov", "fln"):
        s, _ = A.apply(s, r.choice(A.legal_moves(s)))
    return s


def wilaya_of(area: str) -> str:
    w = AREAS[area].wilaya
    assert w is not None
    return w


def placed(s: A.State, side: str) -> dict[str, dict[str, int]]:
    out: dict[str, Counter[str]] = {}
    for uid, u in s.units.items():
        if u["area"] is not None and unit_type(uid).side == side:
            out.setdefault(wilaya_of(u["area"]), Counter())[unit_type(uid).key] += 1
    return {w: dict(c) for w, c in out.items()}


def test_data_counter_mix_and_map() -> None:
    assert len(UNIT_IDS) == 120 == RAW["units"]["totals"]["units"]
    assert sum(t.count for t in UNIT_TYPES.values() if t.side == "gov") == 40
    assert len(AREAS) == 28
    for a, v in AREAS.items():
        for b in v.adjacent:
            assert a in AREAS[b].adjacent, (a, b)
    for w, areas in WILAYAS.items():
        assert all(AREAS[a].wilaya == w for a in areas)


@pytest.mark.parametrize("scenario", ["1954", "1958", "1960"])
def test_setup_matches_chart_c8(scenario: str) -> None:
    s = A.new_game(scenario, 11, {"chance": "external"})
    assert A.to_move(s) == "gov" and s.phase == "setup"
    s = play_setup(s, int(scenario))
    assert A.to_move(s) == "chance" and A.prompt(s).startswith("Roll a die: FLN starting AP")
    s, _ = A.apply(s, {"t": "roll", "value": 2})
    s, _ = A.apply(s, {"t": "roll", "value": 5})
    tr = SCENARIOS[scenario]["tracks"]
    assert s.psl == {"fln": tr["fln_psl"], "gov": tr["gov_psl"]}
    assert s.air == {"max": tr["air_max"], "available": tr["air_max"]}
    assert s.helo == {"max": tr["helo_max"], "available": tr["helo_max"]}
    assert s.naval == tr["naval"] and s.border_zone == {"value": tr["border_zone"],
                                                        "active": False}
    assert s.independence is tr["morocco_tunisia_independent"]
    assert s.ap == 7 and s.phase == "random_events" and s.turn == 1
    for side in ("gov", "fln"):
        want = {w: v for w, v in forces(scenario, side).items() if v}
        assert placed(s, side) == want
    for uid, u in s.units.items():
        if u["area"] is None:
            continue
        t = unit_type(uid)
        assert u["box"] == ("UG" if t.side == "fln" else "OPS" if t.mobile else "PTL")
        if t.key == "front":
            assert AREAS[u["area"]].type in ("urban", "rural")
    fronts = [u["area"] for uid, u in s.units.items() if uid.startswith("front.") and u["area"]]
    assert len(fronts) == len(set(fronts))
    assert all(a["control"] is None for a in s.areas.values())
    assert A.to_move(s) == "chance" and "random event" in A.prompt(s)


def test_1960_algerian_brigades_follow_the_counter_mix() -> None:
    # Chart C.8 lists 7 Algerian brigades for 1960; there are 6 counters (2.0).
    charted = sum(v.get("alg_bde", 0) for v in SCENARIOS["1960"]["gov"].values())
    assert charted == 7
    assert sum(v.get("alg_bde", 0) for v in forces("1960", "gov").values()) == 6
    assert forces("1960", "gov")["II"]["alg_bde"] == 1


def test_setup_prompt_offers_the_wilaya_and_modes() -> None:
    s = A.new_game("1958", 3)
    moves = A.legal_moves(s)
    assert {m["area"] for m in moves} == set(WILAYAS["I"])
    assert {m["mode"] for m in moves} == {"concentrated", "dispersed"}
    s, log = A.apply(s, {"t": "place", "unit": "fr_div.1", "area": "I-2", "mode": "dispersed"})
    assert s.units["fr_div.1"] == {"area": "I-2", "box": "OPS", "neutralized": False,
                                   "mode": "dispersed", "helo": False, "removed": None}
    assert log[0]["rule"] == "3.0"


def test_front_never_remote_nor_beside_another_front() -> None:
    s = A.new_game("1958", 3)
    while A.to_move(s) == "gov":
        s, _ = A.apply(s, A.legal_moves(s)[0])
    # FLN places its Fronts first; wilaya I: I-2 and I-3 are Remote.
    assert A.prompt(s) == "Set up Front 1 in an area of wilaya I"
    assert [m["area"] for m in A.legal_moves(s)] == ["I-1", "I-4"]
    with pytest.raises(A.IllegalMove) as e:
        A.apply(s, {"t": "place", "unit": "front.1", "area": "I-2"})
    assert e.value.rule == "3.0"
    # wilaya IV has two Fronts: the second may not join the first.
    while A.prompt(s) != "Set up Front 5 in an area of wilaya IV":
        s, _ = A.apply(s, A.legal_moves(s)[0])
    first = s.units["front.4"]["area"]
    assert first in WILAYAS["IV"]
    assert first not in [m["area"] for m in A.legal_moves(s)]


def test_external_chance_takes_the_clients_dice() -> None:
    s = A.new_game("1954", 5, {"chance": "external"})
    while A.to_move(s) in ("gov", "fln"):
        s, _ = A.apply(s, A.legal_moves(s)[-1])
    assert A.to_move(s) == "chance"
    assert A.legal_moves(s) == [{"t": "roll", "value": v} for v in range(1, 7)]
    with pytest.raises(A.IllegalMove) as e:
        A.apply(s, {"t": "roll", "value": 7})
    assert e.value.rule == "C.8"
    s, _ = A.apply(s, {"t": "roll", "value": 6})
    s, log = A.apply(s, {"t": "roll", "value": 3})
    assert s.ap == 9 and "the FLN starts with 9 AP" in [e["text"] for e in log]


def test_managed_chance_is_reproducible() -> None:
    a = play_setup(A.new_game("1954", 42), 9)
    b = play_setup(A.new_game("1954", 42), 9)
    assert A.to_json(a) == A.to_json(b)


@pytest.mark.parametrize("options,field", [
    ({"bogus": True}, "options.bogus"),
    ({"chance": "dice"}, "options.chance"),
    ({"shorter_game": 1}, "options.shorter_game"),
])
def test_bad_options(options: dict[str, Any], field: str) -> None:
    with pytest.raises(A.BadRequest) as e:
        A.new_game("1954", 1, options)
    assert e.value.field == field


def test_1954_only_options() -> None:
    A.new_game("1954", 1, {"slow_french_reaction": True, "deterministic_independence": True})
    with pytest.raises(A.BadRequest) as e:
        A.new_game("1958", 1, {"slow_french_reaction": True})
    assert e.value.field == "options.slow_french_reaction"
    with pytest.raises(A.BadRequest):
        A.new_game("1962", 1)
