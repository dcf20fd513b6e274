"""Which states the referee validates again before it returns them (``--check-issued``,
docs/trust.md "The states the referee issues"): a state made from frame data the validator did
not prove is always validated (``engine.apply``: ``validate.check_produced``), so an engine
fault there never reaches a client; with ``always`` every state is, so a fault anywhere is
caught."""

from __future__ import annotations

import random
from typing import Any

import pytest

import algeria
import algeria.serial
import algeria.validate
import engine
import referee_core
from ct_referee_client import to_move
from ct_referee_proto.v1 import referee_pb2 as pb
from engine.machine import handler
from service.config import Config
from service.core import Core
from service.errors import ServiceError


def core(check_issued: str) -> Core:
    return Core(Config(cache_size=0, response_cache_mb=0, state_cache_mb=0,
                       check_issued=check_issued), bot=None)


def faulty(monkeypatch: pytest.MonkeyPatch, s: engine.State) -> None:
    """An engine fault: the handler of ``s``'s decision leaves commitment past 50 (1.8)."""
    h = handler(s.pending[-1])
    real = h.apply

    def apply(n: engine.State, f: Any, m: Any, log: Any) -> None:
        real(n, f, m, log)
        n.commitment = 51
    monkeypatch.setattr(h, "apply", apply)


def apply(c: Core, s: engine.State, move: dict[str, Any]) -> pb.ApplyResponse:
    req = pb.ApplyRequest(state=pb.GameState(json=engine.to_json(s)), move=to_move(move))
    return c.apply(req, c.call())


def proven(s: engine.State) -> bool:
    return all(handler(f).proven(s, f) for f in s.pending)


def test_a_fault_after_unproven_frame_data_is_never_issued(
        monkeypatch: pytest.MonkeyPatch) -> None:
    s, rnd = engine.new_game("short", 2, {}), random.Random(2)
    while proven(s):  # a pick of a Pivotal Event: its data is checked only in part
        s, _ = engine.apply(s, rnd.choice(engine.legal_moves(s)))
    assert s.pending[-1]["k"] == "pick"
    move = engine.legal_moves(s)[0]
    assert apply(core("unproven"), s, move).state.json  # sound engine: issued
    faulty(monkeypatch, s)
    for mode in ("unproven", "always"):
        with pytest.raises(ServiceError) as e:
            apply(core(mode), s, move)
        assert e.value.code == "invalid_state" and "commitment" in e.value.message


@pytest.mark.skipif(referee_core.compiled(),
                    reason="replaces the handler of the Eligible decision (engine.sequence), "
                           "which compiled callers do not look up: tests/test_compiled.py runs "
                           "it on the interpreted engines")
def test_always_validates_states_made_from_proven_data(monkeypatch: pytest.MonkeyPatch) -> None:
    s = engine.new_game("short", 2, {})
    assert proven(s)
    move = engine.legal_moves(s)[0]
    faulty(monkeypatch, s)
    with pytest.raises(ServiceError) as e:
        apply(core("always"), s, move)
    assert e.value.code == "invalid_state" and "commitment" in e.value.message
    # what the default trusts: the engine's own work on data it proved (here the fault passes)
    assert '"commitment":51' in apply(core("unproven"), s, move).state.json


def test_the_setting_is_checked() -> None:
    with pytest.raises(ValueError, match="check_issued"):
        Config(check_issued="sometimes").check()


def algeria_core(check_issued: str, secret: bytes | None = None) -> Core:
    return Core(Config(cache_size=0, response_cache_mb=0, state_cache_mb=0, secret=secret,
                       check_issued=check_issued), bot=None)


@pytest.mark.skipif(referee_core.compiled(),
                    reason="counts the validator's calls by replacing algeria.validate.validate, "
                           "which compiled callers do not look up: tests/test_compiled.py runs "
                           "it on the interpreted engines")
@pytest.mark.parametrize(("signed", "expected"), [(False, 2), (True, 1)])
def test_an_algeria_apply_validates_each_state_once(
        monkeypatch: pytest.MonkeyPatch, signed: bool, expected: int) -> None:
    """Algeria's apply validates every state it makes from a state read from a request (its
    frames are not all proven: algeria.validate.check_produced); the service takes that proof
    (algeria.serial.check_issued) rather than validating the same state again, and reads a state
    this build signed without validating it (algeria.serial.from_trusted_json)."""
    checked: list[str] = []
    real = algeria.validate.validate

    def validate(d: Any) -> algeria.State:
        checked.append(d["phase"])
        return real(d)
    monkeypatch.setattr(algeria.validate, "validate", validate)
    monkeypatch.setattr(algeria.serial, "validate", validate)
    c = algeria_core("always", b"k" * 32 if signed else None)
    s = algeria.new_game("1958", 3)
    assert not algeria.validate.MACHINE.proven(s)
    gs = c.trust.issue(algeria.to_json(s))
    move = to_move(algeria.legal_moves(s)[0])
    assert c.apply(pb.ApplyRequest(state=gs, move=move), c.call()).state.json
    assert len(checked) == expected   # the request's state (unsigned), the move's outcome


def test_an_algeria_fault_is_never_issued(monkeypatch: pytest.MonkeyPatch) -> None:
    """An engine fault in Algeria (the handler of the set-up leaves the FLN's PSL past the
    track, 12.1) is refused in either mode: the state was validated by apply."""
    s = algeria.new_game("1958", 3)
    h = algeria.validate.MACHINE.frames[s.pending[-1]["k"]]
    real = h.apply

    def apply(n: algeria.State, f: Any, m: Any, log: Any) -> None:
        real(n, f, m, log)
        n.psl["fln"] = 100
    monkeypatch.setattr(h, "apply", apply)
    gs = pb.GameState(json=algeria.to_json(s))
    move = to_move(algeria.legal_moves(s)[0])
    for mode in ("unproven", "always"):
        c = algeria_core(mode)
        with pytest.raises(ServiceError) as e:
            c.apply(pb.ApplyRequest(state=gs, move=move), c.call())
        assert e.value.code == "invalid_state" and "psl.fln" in e.value.message
