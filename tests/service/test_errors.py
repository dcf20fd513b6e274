"""Every error class, through both transports, and the REST-only HTTP cases."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest

import engine
from ct_referee_client import Client, RefereeError
from service.config import Config
from service.core import Core

from .conftest import Servers, start_servers


def err(fn: Any, *a: Any, **k: Any) -> RefereeError:
    with pytest.raises(RefereeError) as ei:
        fn(*a, **k)
    return ei.value


def test_invalid_arguments(client: Client) -> None:
    e = err(client.new_game, "no-such-scenario", 1)
    assert (e.code, e.field) == ("invalid_argument", "scenario")
    e = err(client.new_game, "short", 1, {"chance": "dice-from-the-sky"})
    assert (e.code, e.field) == ("invalid_argument", "options.chance")
    g = client.new_game("short", 1)
    e = err(client.apply, g.state)
    assert (e.code, e.field) == ("invalid_argument", "move")
    e = err(client.apply, g.state, {"t": "decline"}, moves=[{"t": "decline"}])
    assert (e.code, e.field) == ("invalid_argument", "moves")
    e = err(client.apply, g.state, {"op": "sweep"})
    assert (e.code, e.field) == ("invalid_argument", "move.t")
    e = err(client.view, g.state, "spectator")
    assert (e.code, e.field) == ("invalid_argument", "role")
    e = err(client.legal_moves, {"json": ""})
    assert e.code == "invalid_argument"


def test_invalid_states(client: Client) -> None:
    e = err(client.legal_moves, "not json at all")
    assert (e.code, e.field) == ("invalid_state", "state.json")
    g = client.new_game("short", 1)
    data = json.loads(g.state.json)
    data["spaces"]["Medea"]["terror"] = 99
    e = err(client.legal_moves, {"json": json.dumps(data)})
    assert e.code == "invalid_state"
    assert e.field == "state.spaces.Medea.terror" and e.rule == "3.3.4"
    data = json.loads(g.state.json)
    data["spaces"]["Medea"]["pieces"]["french_troops"] += 1
    e = err(client.apply, {"json": json.dumps(data)}, {"t": "decline"})
    assert e.code == "invalid_state" and e.rule == "1.4.1"


def test_illegal_move_reports_index_reason_rule(client: Client) -> None:
    g = client.new_game("short", 1)
    legal = g.legal_moves[0]
    e = err(client.apply, g.state, {"t": "pass"} if legal.t != "pass" else {"t": "nope"})
    assert e.code == "illegal_move" and e.move_index == 0 and e.rule and e.message
    s = engine.new_game("short", 1, {})
    m0 = engine.legal_moves(s)[0]
    e = err(client.apply, g.state, moves=[m0, {"t": "nope"}])
    assert e.code == "illegal_move" and e.move_index == 1
    v = client.validate(g.state, moves=[m0, {"t": "nope"}])  # a dry run answers, no error
    assert not v.legal and v.applied == 1
    assert v.error.code == "illegal_move" and v.error.move_index == 1 and v.error.rule
    assert not hasattr(v, "state")


def test_fln_bot_decides_and_its_moves_replay(client: Client, servers: Servers) -> None:
    """The non-player FLN is served: its moves replay (via Apply) to the state it returns."""
    import engine
    from ct_referee_client import move_dict

    assert servers.core.bot_available
    g = client.new_game("medium", 1)
    state, to_move = g.state, g.to_move
    if to_move == "gov":  # the Government first declines its Coup d'Etat window (2.3.7)
        a = client.apply(state, {"t": "decline"})
        state, to_move = a.state, a.to_move
    assert to_move == "fln"
    r = client.decide(state, 1)
    assert r.moves and r.trace
    s = engine.from_json(state.json)
    s, _ = engine.apply_all(s, [move_dict(m) for m in r.moves])
    assert engine.to_json(s) == r.state.json
    assert engine.to_move(s) != "fln"


def _post(url: str, body: bytes, method: str = "POST") -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(url, data=body if method == "POST" else None, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def test_rest_error_bodies(servers: Servers) -> None:
    status, body = _post(servers.http + "/v1/games", b"{not json")
    assert status == 400 and body["error"]["code"] == "invalid_argument"
    assert set(body["error"]) == {"code", "message", "rule", "move_index", "field"}
    status, body = _post(servers.http + "/v1/games", b'{"scenario": "short", "colour": 1}')
    assert status == 400 and body["error"]["field"] == "colour"
    status, body = _post(servers.http + "/v1/games", b" " * 300_000)
    assert status == 413 and body["error"]["code"] == "payload_too_large"
    status, body = _post(servers.http + "/v1/nothing-here", b"{}")
    assert status == 404 and body["error"]["code"] == "not_found"
    status, body = _post(servers.http + "/v1/apply", b"", method="GET")
    assert status == 405 and body["error"]["code"] == "method_not_allowed"
    status, body = _post(servers.http + "/v1/bot/fln/decide", b"{}")
    assert status == 400 and body["error"]["field"] == "state.json"


def test_grpc_message_too_large(servers: Servers) -> None:
    c = servers.grpc_client()
    e = err(c.legal_moves, {"json": "x" * 300_000})
    assert e.status == "RESOURCE_EXHAUSTED"
    c.close()


def test_grpc_malformed_message(servers: Servers) -> None:
    """Bytes that are not a protobuf message: INVALID_ARGUMENT with the Error detail."""
    import grpc
    from grpc_status import rpc_status

    from ct_referee_proto.v1 import referee_pb2 as pb

    with grpc.insecure_channel(servers.grpc) as ch:
        apply = ch.unary_unary("/ct_referee.v1.Referee/Apply")
        with pytest.raises(grpc.RpcError) as ei:
            apply(b"\xff\xff\xff\xff", timeout=10)
    assert ei.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    status = rpc_status.from_call(ei.value)
    assert status is not None
    detail = pb.Error()
    status.details[0].Unpack(detail)
    assert detail.code == "invalid_argument" and "malformed request" in detail.message


class Exploding(Core):
    def legal_moves(self, req: Any, call: Any) -> Any:
        raise RuntimeError("secret internal detail /etc/passwd")


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_internal_errors_reveal_nothing(transport: str) -> None:
    cfg = Config()
    s = start_servers(cfg, Exploding(cfg))
    try:
        c = s.client(transport)
        g = c.new_game("short", 1)
        e = err(c.legal_moves, g.state)
        assert e.code == "internal"
        assert "secret" not in e.message and "passwd" not in e.message
        assert e.status in (500, "INTERNAL")
        c.close()
    finally:
        s._stop()


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_per_request_time_limit(transport: str) -> None:
    cfg = Config(request_timeout=1e-9)
    s = start_servers(cfg)
    try:
        c = s.client(transport)
        e = err(c.new_game, "short", 1)
        assert e.code == "deadline_exceeded"
        assert e.status in (503, "DEADLINE_EXCEEDED")
        c.close()
    finally:
        s._stop()
