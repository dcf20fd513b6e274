"""Algeria's non-player sides served (docs/algeria/bots.md): ``Decide`` (``POST
/v1/bot/fln/decide``) and ``DecideGov`` (``POST /v1/bot/gov/decide``) answer an Algeria state
with ``algeria.bots`` (the game's bots: ``service.games.Game.bots``) in the shape they answer
Colonial Twilight's, over real REST and gRPC servers on port 0; the options ``gov_bot`` and
``fln_bot`` make a side the non-player, whom strict mode lets any seat of the game have the bot
move for (docs/trust.md, "Seats"). A whole game is played by the two bots through the service."""

from __future__ import annotations

import json
import urllib.request
from typing import Iterator

import pytest
from google.protobuf.json_format import MessageToDict

import algeria
from algeria.labels import move_label
from ct_referee_client import move_dict

from .conftest import TRANSPORTS, Servers, refused, strict_servers

SECRET = b"algeria-bots-secret"


@pytest.fixture(scope="module")
def strict(redis_url: str) -> Iterator[Servers]:
    yield from strict_servers(redis_url, SECRET)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_both_bots_move_explain_and_replay(servers: Servers, transport: str) -> None:
    """3.0: the Government sets up first, then the FLN; each bot makes its side's moves until
    the other decides, labelled and explained, and Apply of the same moves reaches its state."""
    c = servers.client(transport)
    g = c.new_game("1958", 4, game="algeria")
    assert g.to_move == "gov"
    d = c.decide_gov(g.state, seed=3, role="fln")
    assert d.moves and all(m.label for m in d.moves)
    assert d.to_move == "fln" and d.view.role == "fln" and d.prompt and d.legal_moves
    entry = MessageToDict(d.trace[0])
    assert entry["box"] and entry["text"] and entry["candidates"]
    assert json.loads(d.state.json)["schema"].startswith("algeria-state/")
    a = c.apply(g.state, moves=[move_dict(m) for m in d.moves])
    assert a.state.json == d.state.json
    # each move is labelled as it reads in the position it is played in
    s, labels = algeria.from_json(g.state.json), []
    for m in map(move_dict, d.moves):
        labels.append(move_label(s, m))
        s, _ = algeria.apply(s, m)
    assert [m.label for m in d.moves] == labels and len(set(labels)) > 1
    assert c.decide_gov(g.state, seed=3, role="fln").state.json == d.state.json

    f = c.decide(d.state, seed=5, role="gov")
    assert f.moves and f.to_move != "fln"
    assert c.apply(d.state, moves=[move_dict(m) for m in f.moves]).state.json == f.state.json
    # the FLN is not to act in the first state: its bot makes no move and says why
    idle = c.decide(g.state, seed=1)
    assert not idle.moves and "not to act" in MessageToDict(idle.trace[0])["text"]


def test_rest_paths_answer_an_algeria_state(servers: Servers) -> None:
    c = servers.rest_client()
    g = c.new_game("1960", 2, game="algeria")
    body = json.dumps({"state": MessageToDict(g.state, preserving_proto_field_name=True),
                       "seed": 1}).encode()
    req = urllib.request.Request(servers.http + "/v1/bot/gov/decide", body,
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        out = json.loads(r.read())
    assert out["moves"] and out["trace"] and out["to_move"] == "fln"
    body = json.dumps({"state": out["state"], "seed": 1}).encode()
    req = urllib.request.Request(servers.http + "/v1/bot/fln/decide", body,
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r:
        fln = json.loads(r.read())
    assert fln["moves"] and fln["to_move"] != "fln"


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_the_non_player_options(servers: Servers, transport: str) -> None:
    c = servers.client(transport)
    g = c.new_game("1954", 1, {"gov_bot": True, "fln_bot": False}, game="algeria")
    options = json.loads(g.state.json)["options"]
    assert options["gov_bot"] is True and options["fln_bot"] is False
    e = refused(c.new_game, "1954", 1, {"open_deployment": True}, game="algeria")
    assert (e.code, e.field) == ("invalid_argument", "options.open_deployment")
    assert "Colonial Twilight" in e.message


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_strict_seats_for_algeria_bots(strict: Servers, transport: str) -> None:
    """A player side: the bot moves for it only with its seat. The ``fln_bot`` option makes the
    FLN the non-player: any seat of the game will do for it, never none; the Government's bot
    still needs the Government's seat."""
    c = strict.client(transport)
    g = c.new_game("1954", 6, game="algeria")
    e = refused(c.decide_gov, g.state, 1, "fln", g.seats["fln"])
    assert (e.code, e.field) == ("bad_seat", "seats") and "gov_bot" in e.message
    assert refused(c.decide_gov, g.state, 1).code == "bad_seat"
    d = c.decide_gov(g.state, 1, "gov", g.seats["gov"])
    assert d.moves and d.to_move == "fln"
    e = refused(c.decide, d.state, 1, "gov", g.seats["gov"])
    # Algeria's FLN option is its own (docs/algeria/bots.md), not Colonial Twilight's rule 8.6
    assert e.code == "bad_seat" and e.message.endswith("(no fln_bot option): the bot moves for"
                                                      " it only with the fln seat token")

    solo = c.new_game("1954", 6, {"fln_bot": True}, game="algeria")
    e = refused(c.decide_gov, solo.state, 1, "fln", solo.seats["fln"])
    assert e.code == "bad_seat"
    d = c.decide_gov(solo.state, 1, "gov", solo.seats["gov"])
    f = c.decide(d.state, 1, "gov", solo.seats["gov"])
    assert f.moves and f.to_move != "fln"
    assert refused(c.decide, d.state, 1).code == "bad_seat"


def test_a_whole_game_between_the_two_bots(servers: Servers) -> None:
    """Over gRPC: every decision is a bot's through Decide / DecideGov; the game ends (12.0)
    with a winner, and every state the service issued is valid (its validator read each)."""
    c = servers.grpc_client()
    g = c.new_game("1960", 9, {"gov_bot": True, "fln_bot": True}, game="algeria")
    state, to_move, result, calls = g.state, g.to_move, None, 0
    while to_move:
        assert calls < 2000
        ask = c.decide_gov if to_move == "gov" else c.decide
        d = ask(state, seed=calls, role=to_move)
        assert d.moves
        state, to_move, result, calls = d.state, d.to_move, d.result, calls + 1
    outcome = MessageToDict(result)
    assert outcome["winner"] in ("gov", "fln")
    assert algeria.from_json(state.json).result == outcome
