"""What a client sends can neither crash the referee nor make it say different things from one
replica to another: deeply nested bodies, text UTF-8 cannot carry, huge echoes, and states the
referee's own validator rejects."""

from __future__ import annotations

import json
from typing import Any

import pytest

import engine
from ct_referee_client import Client, RefereeError, to_move
from ct_referee_proto.v1 import referee_pb2 as pb
from service.config import Config
from service.core import Core
from service.errors import ServiceError

from .conftest import Servers
from .test_errors import _post


@pytest.mark.parametrize("path", ["/v1/games", "/v1/apply", "/v1/legal-moves", "/v1/view",
                                  "/v1/validate", "/v1/bot/fln/decide"])
@pytest.mark.parametrize("shape", ["list", "object", "in_state"])
def test_deeply_nested_bodies_are_malformed_requests(servers: Servers, path: str,
                                                     shape: str) -> None:
    depth = 20_000  # under the fixture's request limit, far over any recursion limit
    if shape == "list":
        body = b"[" * depth + b"]" * depth
    elif shape == "object":
        body = b'{"a":' * depth + b"1" + b"}" * depth
    else:
        body = b'{"state": {"json": "{}", "signature": ' + b"[" * depth + b"]" * depth + b"}}"
    status, data = _post(servers.http + path, body)
    assert status == 400, data
    assert data["error"]["code"] == "invalid_argument"
    assert "nested too deeply" in data["error"]["message"]


def with_surrogate() -> str:
    """A state whose text holds a lone surrogate (as a JSON escape, so the document itself is
    ASCII): a client can send it over both transports."""
    data = json.loads(engine.to_json(engine.new_game("short", 3, {})))
    data["cards"]["delayed"] = ["\ud800"]
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def test_text_utf8_cannot_carry_is_an_invalid_state(client: Client) -> None:
    doc = with_surrogate()
    g = client.new_game("short", 3)
    for call in (lambda: client.view(doc, "gov"), lambda: client.legal_moves(doc),
                 lambda: client.apply(doc, g.legal_moves[0])):
        with pytest.raises(RefereeError) as ei:
            call()
        assert ei.value.code == "invalid_state", ei.value
        assert ei.value.field.startswith("state")
    try:  # a dry run writes no state: an answer, or the same refusal, never an internal error
        client.validate(doc, g.legal_moves[0])
    except RefereeError as e:
        assert e.code == "invalid_state", e


def test_error_messages_carry_only_valid_unicode() -> None:
    e = ServiceError("invalid_argument", "bad name 'x\ud800y'", field="role\udfff")
    e.to_proto().SerializeToString()  # would raise on a lone surrogate
    assert "\\ud800" in e.message and e.field == "role\\udfff"


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_a_huge_unknown_scenario_name_is_not_echoed(transport: str, servers: Servers) -> None:
    c = servers.client(transport)
    name = "x" * 200_000  # within the request limit of the fixture (256 KiB)
    with pytest.raises(RefereeError) as ei:
        c.new_game(name, 1)
    e = ei.value
    assert (e.code, e.field) == ("invalid_argument", "scenario"), e
    assert len(e.message) < 1000 and "more characters" in e.message
    c.close()


# ---- one request, one verdict (issue 10, item 3) ---------------------------------------------------

def replica(check_issued: str = "unproven") -> Core:
    """A replica with its own caches: nothing shared with another but the request."""
    return Core(Config(cache_size=0, response_cache_mb=0, check_issued=check_issued))


def outcome(fn: Any) -> tuple[str, str]:
    try:
        r = fn()
    except ServiceError as e:
        return "error", e.code
    return "ok", r.SerializeToString().hex()[:64]


def test_replicas_agree_when_a_move_leads_to_a_state_the_validator_rejects(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A move whose result the validator rejects (an engine defect, simulated: the Government's
    Resources beyond the 1.8 track) is refused by the replica that applies it, so no replica
    can later answer 200 on a state that another answers 422: with ``--check-issued always``
    for a defect anywhere (by default, only after frame data the validator did not prove:
    tests/service/test_check_issued.py)."""
    a, b = replica("always"), replica("always")
    g = a.new_game(pb.NewGameRequest(scenario="short", seed=4), a.call())
    real = engine.apply

    def defective(s: engine.State, m: Any) -> Any:
        after, log = real(s, m)
        after = after.copy()
        after.resources["gov"] = 77
        return after, log

    monkeypatch.setattr(engine, "apply", defective)
    move = to_move(engine.legal_moves(engine.from_json(g.state.json))[0])
    first = outcome(lambda: a.apply(pb.ApplyRequest(state=g.state, move=move), a.call()))
    assert first == ("error", "invalid_state")
    assert outcome(lambda: b.apply(pb.ApplyRequest(state=g.state, move=move), b.call())) == first


def test_every_state_a_replica_returns_passes_the_validator() -> None:
    """Along a game, whatever one replica returns, the other (which never saw it) answers the
    same follow-up request identically."""
    a, b = replica(), replica()
    state = a.new_game(pb.NewGameRequest(scenario="short", seed=8), a.call()).state
    for i in range(30):
        engine.from_json(state.json)  # never a state the validator rejects
        req = pb.LegalMovesRequest(state=state, role="gov")
        la = a.legal_moves(req, a.call())
        assert la == b.legal_moves(req, b.call())
        if not la.legal_moves:
            break
        areq = pb.ApplyRequest(state=state, move=la.legal_moves[i % len(la.legal_moves)])
        ra = a.apply(areq, a.call())
        assert ra.SerializeToString() == b.apply(areq, b.call()).SerializeToString()
        state = ra.state


def test_the_parsed_state_tier_is_bounded_by_size() -> None:
    """Padded states (long but valid text) fill the tier by their size, not their number."""
    c = Core(Config(cache_size=0, response_cache_mb=0, state_cache_mb=1))
    doc = engine.to_json(engine.new_game("short", 1, {}))
    for i in range(60):
        padded = doc[:-1] + " " * (50_000 + i) + "}"
        c.legal_moves(pb.LegalMovesRequest(state=pb.GameState(json=padded)), c.call())
    assert c.states.total <= 1 << 20
    assert 10 <= len(c.states) <= 21


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_a_state_error_inside_the_engine_is_an_invalid_state(
        transport: str, servers: Servers, monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine finding an inconsistency only while it works on an accepted state (a frame
    whose data does not fit the board, simulated) is the state's fault: ``invalid_state``."""
    c = servers.client(transport)
    g = c.new_game("short", 41)

    def inconsistent(s: engine.State, m: Any) -> Any:
        raise engine.StateError("pending[0].x", "names a piece the space does not hold")

    monkeypatch.setattr(engine, "apply", inconsistent)
    with pytest.raises(RefereeError) as ei:
        c.apply(g.state, g.legal_moves[0])
    assert (ei.value.code, ei.value.field) == ("invalid_state", "state.pending[0].x")
    c.close()
