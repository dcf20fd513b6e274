"""Untrusted Algeria states whose pending decisions do not fit the board: ``from_json`` refuses
those it can tell (a unit queued twice for set-up, a phase the turn is not in, an airmobile unit
outside the Deployment Phase .. Redeployment), and ``apply`` raises StateError rather than return
a state ``from_json`` would refuse (validate.check_produced), as Colonial Twilight's engine does."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import algeria as A
from algeria.serial import check_issued, from_trusted_json
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


def test_a_state_apply_validated_is_marked_checked_and_its_copies_are_not() -> None:
    """check_produced marks the state it validated (serial.check_issued then takes it as it is);
    a copy of it, which ``apply`` changes, is not marked."""
    s = at_deploy("1958")
    n, _ = A.apply(load(data(s)), {"t": "done"})
    assert n._valid and n._checked
    assert n.copy()._valid and not n.copy()._checked
    m, _ = A.apply(s, {"t": "done"})   # an engine game: not validated, not marked
    assert not m._valid and not m._checked


def test_the_trusted_load_builds_the_state_validation_builds() -> None:
    """serial.from_trusted_json (a state this engine build signed) and serial.check_issued give
    the very State from_json gives: the same containers in the same orders, the same legal
    moves; and it keeps holding its successors to the validator (State._valid)."""
    rnd = random.Random(5)
    for scenario in ("1954", "1958", "1960"):
        s = A.new_game(scenario, 11)
        for _ in range(150):
            if A.to_move(s) is None:
                break
            text = A.to_json(s)
            a, b = A.from_json(text), from_trusted_json(text)
            for c in (b, check_issued(s), check_issued(s, always=True)):
                assert A.to_json(c) == text and c._valid
                # unsorted, the text shows every container's order
                assert json.dumps(c.document()) == json.dumps(a.document())
                assert A.legal_moves(c) == A.legal_moves(a)
            s, _ = A.apply(s, rnd.choice(A.legal_moves(s)))


def test_check_issued_validates_what_apply_did_not() -> None:
    """With ``always``, an engine-made state the validator rejects is refused unless ``apply``
    validated this very state (then it is taken as it is, already proven)."""
    s, _ = A.apply(at_deploy("1958"), {"t": "done"})
    s.psl["fln"] = 100   # past the track (12.1)
    assert A.to_json(check_issued(s)) == A.to_json(s)   # the engine's work, trusted
    with pytest.raises(A.StateError) as e:
        check_issued(s, always=True)
    assert e.value.field == "psl.fln"
    s._checked = True
    assert check_issued(s, always=True).psl["fln"] == 100
