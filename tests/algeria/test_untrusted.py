"""Untrusted Algeria states whose pending decisions do not fit the board: ``from_json`` refuses
those it can tell (a unit queued twice for set-up, a phase the turn is not in, an airmobile unit
outside the Deployment Phase .. Redeployment), and ``apply`` raises StateError rather than return
a state ``from_json`` would refuse (validate.check_produced), as Colonial Twilight's engine does."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import algeria as A
from tests.algeria.test_turn import at_deploy, interphase


def load(d: dict[str, Any]) -> A.State:
    return A.from_json(json.dumps(d))


def data(s: A.State) -> dict[str, Any]:
    d: dict[str, Any] = json.loads(A.to_json(s))
    return d


def test_a_unit_queued_twice_for_set_up_is_refused() -> None:
    d = data(A.new_game("1958", 3))
    gov = d["pending"][3]
    assert gov["k"] == "setup" and gov["who"] == "gov"
    gov["queue"].insert(1, list(gov["queue"][0]))   # placed first, then stale
    with pytest.raises(A.StateError) as e:
        load(d)
    assert e.value.field == "pending[3].queue[1][0]" and e.value.rule == "3.0"


def test_the_phase_is_the_turns() -> None:
    d = data(at_deploy("1958"))
    assert d["pending"][0] == {"k": "turn", "step": 3} and d["phase"] == "deployment"
    for phase in ("setup", "random_events", "reinforcement", "operations", "interphase"):
        d["phase"] = phase
        with pytest.raises(A.StateError) as e:
            load(d)
        assert e.value.field == "phase" and e.value.rule == "4.0"


@pytest.mark.parametrize("phase", ["setup", "random_events", "reinforcement"])
def test_no_airmobile_unit_before_the_deployment_phase(phase: str) -> None:
    s = at_deploy("1958")
    uid = next(m["unit"] for m in A.legal_moves(s) if m["t"] == "airmobilize")
    d = data(s)
    d["units"][uid]["helo"] = True
    load(d)   # in the Deployment Phase: fine
    d["phase"] = phase
    d["pending"][0]["step"] = 0 if phase == "setup" else 1 + ("random_events",
                                                              "reinforcement").index(phase)
    with pytest.raises(A.StateError) as e:
        load(d)
    assert e.value.field == f"units.{uid}.helo" and e.value.rule == "11.12"


def test_no_airmobile_unit_after_redeployment() -> None:
    s = interphase(at_deploy("1958"))   # the first Interphase die: before Redeployment
    uid = next(u for u, v in s.units.items() if u.startswith("fr_bde") and v["area"])
    d = data(s)
    d["units"][uid]["helo"] = True
    load(d)
    d["pending"][1].update(stage="final", i=0, x={})   # after Redeployment (10.3)
    with pytest.raises(A.StateError) as e:
        load(d)
    assert e.value.field == f"units.{uid}.helo" and e.value.rule == "11.12"


def test_apply_refuses_to_produce_a_state_from_json_refuses() -> None:
    """Two Government deployment decisions for one unit (each frame is fine on its own): once the
    unit patrols, the lower one names a unit that may no longer deploy."""
    s = at_deploy("1958")
    uid = next(m["unit"] for m in A.legal_moves(s) if m["t"] == "unit")
    s, _ = A.apply(s, {"t": "unit", "unit": uid})
    d = data(s)
    d["pending"].insert(1, copy.deepcopy(d["pending"][1]))
    bad = load(d)
    assert {"t": "patrol"} in A.legal_moves(bad)
    with pytest.raises(A.StateError) as e:
        A.apply(bad, {"t": "patrol"})
    assert e.value.field == "pending[2]"
    assert "leads to an invalid state (pending[1].unit" in e.value.reason


def test_engine_games_are_not_checked_again() -> None:
    """Only states read from untrusted text, and their successors, are held to the validator."""
    s = at_deploy("1958")
    assert not s._valid
    n, _ = A.apply(load(data(s)), {"t": "done"})
    assert n._valid
