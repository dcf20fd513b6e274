"""Algeria ``algeria-state/1``: canonical JSON, validation of untrusted states field by field,
per-role views, and the shared decision machine."""

from __future__ import annotations

import json
import random
from typing import Any, Callable

import pytest

import algeria as A
from tests.algeria.test_setup import play_setup


def doc(scenario: str = "1958") -> dict[str, Any]:
    s = A.new_game(scenario, 8)
    for _ in range(5):
        s, _ = A.apply(s, A.legal_moves(s)[0])
    d: dict[str, Any] = json.loads(A.to_json(s))
    return d


def test_round_trip_is_canonical() -> None:
    for sc in ("1954", "1958", "1960"):
        s = play_setup(A.new_game(sc, 2))
        t = A.to_json(s)
        assert A.to_json(A.from_json(t)) == t
        assert A.to_json(A.from_json(t.encode())) == t
    mid = A.new_game("1960", 2)
    assert A.to_json(A.from_json(A.to_json(mid))) == A.to_json(mid)


def test_apply_never_mutates_its_input() -> None:
    s = A.new_game("1954", 4)
    before = A.to_json(s)
    A.apply(s, A.legal_moves(s)[0])
    assert A.to_json(s) == before


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def f(d: dict[str, Any]) -> None:
        *head, last = path.split("/")
        for k in head:
            d = d[int(k)] if isinstance(d, list) else d[k]
        d[last] = value
    return f


def _move_front(d: dict[str, Any], area: str) -> None:
    d["units"]["front.1"].update(area=area, box="UG")


@pytest.mark.parametrize("change,field", [
    (_set("schema", "ct-state/1"), "schema"),
    (_set("psl/gov", 100), "psl.gov"),
    (_set("psl/fln", -1), "psl.fln"),
    (_set("ap", "3"), "ap"),
    (_set("air/available", 7), "air.available"),
    (_set("border_zone/value", -4), "border_zone.value"),
    (_set("oas/area", "ALGIERS"), "oas.area"),
    (_set("effects", ["amnesty", "amnesty"]), "effects"),
    (_set("areas/I-1/control", "france"), "areas.I-1.control"),
    (_set("areas/ORAN/resettled", True), "areas.ORAN.resettled"),
    (_set("units/police.1/box", "OPS"), "units.police.1.box"),
    (_set("units/band.1/box", "PTL"), "units.band.1.box"),
    (_set("units/fr_div.1/mode", None), "units.fr_div.1.mode"),
    (_set("units/police.1/helo", True), "units.police.1.helo"),
    (_set("units/cadre.30/area", "Nowhere"), "units.cadre.30.area"),
    (lambda d: d["units"].pop("cadre.30"), "units.cadre.30"),
    (_set("units/cadre.30/extra", 1), "units.cadre.30.extra"),
    (lambda d: _move_front(d, "I-2"), "units.front.1.area"),
    (lambda d: d["units"]["fr_bde.2"].update(area="TUNISIA", box="OPS"), "units.fr_bde.2.area"),
    (_set("pending/1/k", "nope"), "pending[1].k"),
    (_set("pending/1/x", {"d1": 9}), "pending[1].x.d1"),
    (_set("pending/3/queue", []), "pending[3].queue"),
    (_set("pending/3/who", "fln"), "pending[3].queue[0][0]"),
    (_set("pending/0/step", 9), "pending[0].step"),
    # the stack (referee_core.decisions.Machine.check_pending, shared with Colonial Twilight)
    (_set("pending", []), "pending"),
    (lambda d: d["pending"].pop(0), "pending[0].k"),
    (lambda d: d["pending"].insert(1, {"k": "turn", "step": 0}), "pending[1].k"),
    (lambda d: d["pending"].__delitem__(slice(1, None)), "pending[0]"),
    (lambda d: d["pending"].__setitem__(slice(2, None), [
        {"k": "roll", "purpose": "AP", "rule": "3.0", "into": "d0"}]), "pending[2]"),
    (_set("rng/seed", -1), "rng.seed"),
    (_set("options/slow_french_reaction", True), "options.slow_french_reaction"),
])
def test_bad_fields_are_named(change: Callable[[dict[str, Any]], None], field: str) -> None:
    d = doc()
    change(d)
    with pytest.raises(A.StateError) as e:
        A.from_json(json.dumps(d))
    assert e.value.field == field


def test_not_a_state() -> None:
    for text in (b"\xff", "[1]", "{", 3):
        with pytest.raises(A.StateError):
            A.from_json(text)  # type: ignore[arg-type]


def test_fronts_and_france() -> None:
    d = doc("1954")
    d["units"]["band.24"].update(area="MOROCCO", box="UG")
    with pytest.raises(A.StateError) as e:
        A.from_json(json.dumps(d))
    assert e.value.field == "units.band.24.area" and e.value.rule == "11.21"
    d = doc()
    d["units"]["cadre.29"].update(area="FRANCE", box="OPS")
    d["units"]["cadre.30"].update(area="FRANCE", box="OPS")
    with pytest.raises(A.StateError) as e:
        A.from_json(json.dumps(d))
    assert e.value.field == "units.cadre.30.area" and e.value.rule == "11.22"


def test_views_hide_the_generator_only() -> None:
    s = A.new_game("1954", 4)
    g, f, o = (A.view(s, r) for r in ("gov", "fln", "observer"))
    for v in (g, f, o):
        assert "rng" not in v and v["units"] == s.units and v["to_move"] == "gov"
    assert g["legal_moves"] == A.legal_moves(s) and f["legal_moves"] == [] == o["legal_moves"]
    with pytest.raises(A.BadRequest):
        A.view(s, "chance")


def test_bad_move_shapes() -> None:
    s = A.new_game("1954", 4)
    with pytest.raises(A.BadRequest):
        A.apply(s, ["place"])
    with pytest.raises(A.IllegalMove) as e:
        A.apply(s, {"t": "place", "unit": "fr_bde.1", "area": "ORAN"})
    assert e.value.rule == "3.0"
    # the explanation of the one machine: where the game is, who is to move at which prompt, the
    # legal moves summed up
    assert e.value.reason.startswith(
        "turn 1, setup phase, gov to move at 'Set up French brigade 1 in an area of wilaya II':"
        " {t: place, area: ORAN, unit: fr_bde.1} is not a legal move here; the legal moves:"
        " place (fr_bde.1 CONSTANTINE, ")
    # a move lacking a field every legal move of its kind has is malformed, not illegal
    with pytest.raises(A.BadRequest) as b:
        A.apply(s, {"t": "place", "unit": "fr_bde.1"})
    assert b.value.field == "move.area"
    # in a turn of moves, the bad one is named by its index
    with pytest.raises(A.BadRequest) as b:
        A.apply_all(s, [A.legal_moves(s)[0], {"t": "place", "area": 1.5}])
    assert b.value.field == "moves[1].area"
    with pytest.raises(A.IllegalMove) as e:
        A.apply_all(s, [A.legal_moves(s)[0], {"t": "place", "unit": "fr_bde.1", "area": "ORAN"}])
    assert e.value.index == 1


def test_states_share_no_container() -> None:
    """``copy``, ``to_data`` and ``from_data`` give states that share nothing with their source;
    ``from_json`` keeps what it parsed, which nothing else holds."""
    s = A.from_json(json.dumps(doc()))
    text = A.to_json(s)
    c = s.copy()
    d = s.to_data()
    kept = A.from_data(d)
    for other in (c, kept):
        other.units["fr_bde.1"]["area"] = "ORAN"
        other.areas["I-1"]["done"].append("strike")
        other.pending[-1]["x"] = {"changed": True}
        other.rng["counter"] += 1
        other.psl["gov"] = 0
    d["units"]["fr_div.1"]["mode"] = "dispersed"
    d["pending"].append({"k": "turn"})
    assert A.to_json(s) == text
    assert A.to_json(A.from_data(s.to_data())) == text


def test_a_fork_shares_units_and_areas_until_either_side_writes() -> None:
    """``fork`` (what ``apply`` works on) shares each unit's and area's data with the state it
    came from until one of the two writes it through ``unit_w`` / ``area_w``."""
    s = A.new_game("1958", 8)
    c = s.fork()
    assert c.units["fr_bde.1"] is s.units["fr_bde.1"] and c.areas["I-1"] is s.areas["I-1"]
    c.unit_w("fr_bde.1")["area"] = "ORAN"
    c.area_w("I-1")["done"].append("strike")
    assert s.units["fr_bde.1"]["area"] is None and s.areas["I-1"]["done"] == []
    # the state forked from no longer owns them either: its writes leave the fork alone
    s.unit_w("fr_bde.2")["area"] = "ALGIERS"
    s.area_w("I-2")["terror"] = True
    assert c.units["fr_bde.2"]["area"] is None and c.areas["I-2"]["terror"] is False
    assert s.copy().units["fr_bde.2"] is not s.units["fr_bde.2"]


@pytest.mark.parametrize("scenario", ["1954", "1958", "1960"])
def test_moves_never_change_the_state_they_were_applied_to(scenario: str) -> None:
    """Every move of seeded games (random, and the two bots against each other: combat, reduced
    and eliminated units, airmobile units, missions, the Interphase's recovery and redeployment,
    events), and a sibling move tried from the same state first: neither the state moved from nor
    the sibling changes."""
    from algeria.bots import choose_move

    for seed in range(2):
        r = random.Random(seed)
        s = A.new_game(scenario, seed)
        n = 0
        while (side := A.to_move(s)) is not None:
            text = A.to_json(s)
            moves = A.legal_moves(s)
            sibling, _ = A.apply(s, r.choice(moves))
            sibling_text = A.to_json(sibling)
            m = choose_move(A.view(s, side), seed * 1_000 + n)[0] if seed else r.choice(moves)
            s2, _ = A.apply(s, m)
            assert A.to_json(s) == text, f"seed {seed}, decision {n}: {m} changed its state"
            assert A.to_json(sibling) == sibling_text, f"seed {seed}, decision {n}: {m}"
            s = s2
            n += 1
