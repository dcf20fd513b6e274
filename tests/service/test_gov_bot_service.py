"""The Government bot served (``GovBot/DecideGov``, ``POST /v1/bot/gov/decide``) beside the FLN
bot, over real REST and gRPC servers on port 0: its moves replay to its state, it explains them,
strict mode lets it move for the Government only with the Government's seat or in a game with the
``gov_bot`` option (docs/trust.md, "Seats"). A whole Short game is played as the FLN against it.
Algeria's bots: test_algeria_bots_service.py."""

from __future__ import annotations

import json
import urllib.request
from typing import Any, Iterator

import grpc
import pytest
from google.protobuf.json_format import MessageToDict
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from ct_referee_client import Client, move_dict
from ct_referee_proto.v1 import referee_pb2 as pb

from .conftest import TRANSPORTS, Servers, refused, strict_servers

SECRET = b"gov-bot-secret"


@pytest.fixture(scope="module")
def strict(redis_url: str) -> Iterator[Servers]:
    yield from strict_servers(redis_url, SECRET)


def gov_to_move(c: Client, options: dict[str, Any] | None = None) -> pb.NewGameResponse:
    """A new Short game whose first decision is the Government's."""
    for seed in range(1, 50):
        g = c.new_game("short", seed, options)
        if g.to_move == "gov":
            return g
    raise AssertionError("no Short game opens with the Government to move")


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_government_bot_moves_and_explains(servers: Servers, transport: str) -> None:
    c = servers.client(transport)
    g = gov_to_move(c)
    d = c.decide_gov(g.state, seed=3, role="fln")
    assert d.moves and all(m.label for m in d.moves)
    assert d.to_move != "gov"  # it moves until the decision passes to another actor
    assert d.trace and all("text" in MessageToDict(t) for t in d.trace)
    assert d.view.role == "fln" and d.prompt and d.legal_moves
    # its moves are legal: Apply of the same moves reaches the same state
    a = c.apply(g.state, moves=[move_dict(m) for m in d.moves])
    assert a.state.json == d.state.json
    # deterministic in its seed
    assert c.decide_gov(g.state, seed=3, role="fln").state.json == d.state.json


def test_rest_path_and_grpc_service(servers: Servers) -> None:
    """The REST route is POST /v1/bot/gov/decide; gRPC's reflection lists ct_referee.v1.GovBot."""
    c = servers.rest_client()
    g = gov_to_move(c)
    body = json.dumps({"state": MessageToDict(g.state, preserving_proto_field_name=True),
                       "seed": 1}).encode()
    req = urllib.request.Request(servers.http + "/v1/bot/gov/decide", body,
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        out = json.loads(r.read())
    assert out["moves"] and out["trace"] and out["to_move"] != "gov"
    doc = json.loads(urllib.request.urlopen(servers.http + "/openapi.json").read())
    assert doc["paths"]["/v1/bot/gov/decide"]["post"]["operationId"] == "DecideGov"

    with grpc.insecure_channel(servers.grpc) as ch:
        stub = reflection_pb2_grpc.ServerReflectionStub(ch)
        ask = reflection_pb2.ServerReflectionRequest(list_services="")
        answer = next(iter(stub.ServerReflectionInfo(iter([ask]), timeout=5)))
    assert "ct_referee.v1.GovBot" in {s.name for s in answer.list_services_response.service}


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_gov_bot_option_is_checked(servers: Servers, transport: str) -> None:
    c = servers.client(transport)
    e = refused(c.new_game, "short", 1, {"shorter_game": True})
    assert (e.code, e.field) == ("invalid_argument", "options.shorter_game")
    g = c.new_game("short", 1, {"gov_bot": True})
    assert json.loads(g.state.json)["options"]["gov_bot"] is True


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_strict_seats_for_the_government_bot(strict: Servers, transport: str) -> None:
    """A player Government (no ``gov_bot`` option): the bot moves for it only with the
    Government's seat, never with the FLN's alone; with ``gov_bot`` any seat of the game will do,
    but never no seat."""
    c = strict.client(transport)
    g = gov_to_move(c)
    e = refused(c.decide_gov, g.state, 1, "fln", g.seats["fln"])
    assert (e.code, e.field) == ("bad_seat", "seats") and "gov_bot" in e.message
    assert refused(c.decide_gov, g.state, 1).code == "bad_seat"
    assert c.decide_gov(g.state, 1, "gov", g.seats["gov"]).moves

    solo = gov_to_move(c, {"gov_bot": True})
    assert c.decide_gov(solo.state, 1, "fln", solo.seats["fln"]).moves
    assert refused(c.decide_gov, solo.state, 1).code == "bad_seat"
    # the option makes the Government the non-player, not the FLN: the FLN bot still needs the
    # FLN's seat there
    d = c.decide_gov(solo.state, 1, "fln", solo.seats["fln"])
    if d.to_move == "fln":
        assert refused(c.decide, d.state, 1, "gov", solo.seats["gov"]).code == "bad_seat"


def test_a_whole_short_game_as_the_fln_against_the_government_bot(servers: Servers) -> None:
    """Over REST: the Government bot plays every Government decision; the FLN is a scripted
    player making the FLN bot's own choices through Apply, as a person at /play would; chance is
    managed. The game reaches its end (7.3) with a result."""
    c = servers.rest_client()
    g = c.new_game("short", 11, {"gov_bot": True})
    state, to_move, result = g.state, g.to_move, None
    gov_moves = fln_moves = 0
    while to_move:
        assert gov_moves + fln_moves < 20000
        if to_move == "gov":
            d = c.decide_gov(state, seed=gov_moves, role="fln")
            assert d.moves
            gov_moves += len(d.moves)
            state, to_move, result = d.state, d.to_move, d.result
        else:
            assert to_move == "fln"
            choice = c.decide(state, seed=fln_moves, role="fln").moves
            a = c.apply(state, moves=[move_dict(m) for m in choice])
            fln_moves += len(choice)
            state, to_move, result = a.state, a.to_move, a.result
    outcome = MessageToDict(result)
    assert outcome["winner"] in ("gov", "fln")
    print(f"whole Short game, seed 11: {gov_moves} Government moves, {fln_moves} FLN moves;"
          f" result {outcome}")
