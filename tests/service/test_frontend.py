"""What a front-end needs, over REST and gRPC (real servers on port 0) and in-process: labels on
listed moves and log entries, the catalogue (with its ETag), history (Replay), and the FLN bot's
answer carrying what Apply answers."""

from __future__ import annotations

import json
import random
import urllib.error
import urllib.request
from typing import Any, Iterator

import pytest
from google.protobuf import json_format

import engine
from ct_referee_client import Client, RefereeError, connect, move_dict
from engine.catalog import CATALOG_VERSION
from engine.labels import log_label, move_labels
from service.jsonmap import to_dict

from .conftest import Servers

DECLINE2 = [{"t": "decline"}, {"t": "decline"}]


@pytest.fixture(params=["rest", "grpc", "local"])
def any_client(request: pytest.FixtureRequest, servers: Servers) -> Iterator[Client]:
    c = connect("local") if request.param == "local" else servers.client(request.param)
    try:
        yield c
    finally:
        c.close()


# ---- labels ------------------------------------------------------------------------------------

def test_listed_moves_and_log_entries_carry_labels(any_client: Client) -> None:
    g = any_client.new_game("short", 7)
    s = engine.new_game("short", 7)
    assert [m.label for m in g.legal_moves] == move_labels(s, engine.legal_moves(s))
    r = any_client.apply(g.state, moves=DECLINE2)
    assert "Rally" in [m.label.removeprefix("Operation: ") for m in r.legal_moves]
    assert "Event #15 Jean-Paul Sartre, shaded" in [m.label for m in r.legal_moves]
    r2 = any_client.apply(r.state, {"t": "event", "side": "shaded"})
    assert r2.log[0].label == "FLN executes card #15 Jean-Paul Sartre (shaded)"
    assert all(e.label for e in r2.log)
    view = any_client.view(r.state, "fln")
    assert view.cards.titles["15"] == "Jean-Paul Sartre"
    assert [m.label for m in view.legal_moves] == [m.label for m in r.legal_moves]


def test_a_listed_move_sent_back_with_its_label_is_accepted(any_client: Client) -> None:
    g = any_client.new_game("short", 7)
    decline = next(m for m in g.legal_moves if m.t == "decline")
    assert decline.label == "Play no Pivotal Event"
    r = any_client.apply(g.state, decline)            # the label rides along, ignored
    plain = any_client.apply(g.state, {"t": "decline"})
    assert r.state.json == plain.state.json
    assert "label" not in move_dict(decline)
    as_dict = {"t": "decline", "label": "Play no Pivotal Event"}  # a listed move as JSON
    assert any_client.apply(g.state, as_dict).state.json == plain.state.json


def test_rest_json_has_label_keys(servers: Servers) -> None:
    body = json.dumps({"scenario": "short", "seed": 7}).encode()
    with urllib.request.urlopen(servers.http + "/v1/games", body, timeout=10) as r:
        doc = json.loads(r.read())
    assert doc["legal_moves"][1]["label"] == "Play no Pivotal Event"


# ---- catalogue ---------------------------------------------------------------------------------

def test_catalog(any_client: Client) -> None:
    c = any_client.catalog()
    assert c.version == CATALOG_VERSION and not c.not_modified
    assert engine.VERSION == c.engine_version
    assert len(c.cards) == 71 and len(c.spaces) == 30 and len(c.scenarios) == 3
    card = c.cards[14]
    assert (card.number, card.title, card.kind, card.dual_use) == (15, "Jean-Paul Sartre",
                                                                  "event", True)
    assert {x.kind for x in c.cards} == {"event", "capability", "momentum", "pivotal",
                                         "propaganda"}
    tizi = next(s for s in c.spaces if s.name == "Tizi Ouzou")
    assert (tizi.kind, tizi.population, tizi.terrain, tizi.wilaya, tizi.coastal) == (
        "sector", 2, "mountain", 3, True)
    assert "Bougie" in tizi.adjacent and 0 < tizi.x < c.board.width and 0 < tizi.y < c.board.height
    assert c.force_pool["guerrillas"] == 30 and sum(c.force_pool.values()) == 91
    assert {t.name for t in c.tracks} >= {"france_track", "border_zone", "commitment",
                                          "resources"}
    assert to_dict(c) == json_format.MessageToDict(
        c, preserving_proto_field_name=True, always_print_fields_with_no_presence=True)
    same = any_client.catalog(if_none_match=c.version)
    assert same.not_modified and same.version == c.version and not same.cards
    assert len(any_client.catalog(if_none_match="stale").cards) == 71


def test_catalog_etag_over_http(servers: Servers) -> None:
    url = servers.http + "/v1/catalog"
    with urllib.request.urlopen(url, timeout=10) as r:
        etag = r.headers["ETag"]
        doc = json.loads(r.read())
    assert etag == f'"{doc["version"]}"' and r.headers["Cache-Control"] == "no-cache"
    req = urllib.request.Request(url, headers={"If-None-Match": etag})
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(req, timeout=10)
    assert e.value.code == 304 and e.value.headers["ETag"] == etag
    req = urllib.request.Request(url, headers={"If-None-Match": '"other"'})
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 200 and json.loads(r.read())["version"] == doc["version"]


# ---- history -----------------------------------------------------------------------------------

def _random_moves(seed: int, n: int) -> tuple[list[dict[str, Any]], list[engine.State],
                                               list[list[dict[str, Any]]]]:
    rng = random.Random(seed)
    s = engine.new_game("short", seed)
    moves, states, logs = [], [s], []
    for _ in range(n):
        m = rng.choice(engine.legal_moves(s))
        s, log = engine.apply(s, m)
        moves.append(m)
        states.append(s)
        logs.append(log)
    return moves, states, logs


def test_replay_every_move(any_client: Client) -> None:
    moves, states, logs = _random_moves(3, 40)
    r = any_client.replay("short", 3, moves=moves, every="move", states=True, views=True,
                          role="gov")
    assert [c.index for c in r.checkpoints] == list(range(41))
    assert not r.checkpoints[0].HasField("move")
    for i, cp in enumerate(r.checkpoints):
        assert cp.state.json == engine.to_json(states[i])
        assert cp.to_move == (engine.to_move(states[i]) or "")
        assert cp.view.role == "gov" and cp.card == states[i].cards["current"]
        if i:
            assert move_dict(cp.move) == moves[i - 1]
            assert cp.move.label == move_labels(states[i - 1], [moves[i - 1]])[0]
            assert [e.label for e in cp.log] == [log_label(e) for e in logs[i - 1]]
    assert r.state.json == engine.to_json(states[-1])
    assert [move_dict(m) for m in r.legal_moves] == engine.legal_moves(states[-1])


def test_replay_every_card_and_listed(any_client: Client) -> None:
    moves, states, logs = _random_moves(4, 60)
    r = any_client.replay("short", 4, moves=moves, every="card")
    idx = [c.index for c in r.checkpoints]
    changes = [i for i in range(1, 61)
               if states[i].cards["current"] != states[i - 1].cards["current"]]
    assert idx == [0, *changes, *([60] if 60 not in changes else [])] and len(changes) >= 2
    # the checkpoints' logs together are the whole log
    assert sum(len(c.log) for c in r.checkpoints) == sum(len(x) for x in logs)
    assert not any(c.HasField("state") or c.HasField("view") for c in r.checkpoints)
    r = any_client.replay("short", 4, moves=moves, at=[0, 10, 60], states=True)
    assert [c.index for c in r.checkpoints] == [0, 10, 60]
    assert r.checkpoints[1].state.json == engine.to_json(states[10])
    assert len(r.checkpoints[1].log) == sum(len(x) for x in logs[:10])
    r = any_client.replay("short", 4, moves=moves[:5])  # default: the end only
    assert [c.index for c in r.checkpoints] == [5]


def test_replay_from_a_position_with_pictures(any_client: Client) -> None:
    """A position on the table (the start of a card of a real game) is a start like a new game:
    the same moves from there give the same states, and each checkpoint can carry the board."""
    from engine.positions import from_state

    moves, states, _ = _random_moves(5, 80)
    k = next(i for i in range(1, 60) if states[i].cards["current"] != states[i - 1].cards[
        "current"] and engine.to_move(states[i]) != "chance")
    position = from_state(states[k])
    r = any_client.replay(position=position, moves=moves[k:k + 10], every="move",
                          pictures=True, role="gov")
    assert [c.index for c in r.checkpoints] == list(range(11))
    legal = [move_dict(m) for m in any_client.positions(position).legal_moves]
    assert legal == engine.legal_moves(states[k])
    assert [move_dict(m) for m in r.legal_moves] == engine.legal_moves(states[k + 10])
    for cp in r.checkpoints:
        assert "<svg" in cp.svg and cp.svg.count("data-space=") == 30
    assert r.checkpoints[3].svg != r.checkpoints[0].svg or not r.checkpoints[3].log
    with pytest.raises(RefereeError) as e:
        any_client.replay(position={"schema": "ct-position/1"}, moves=[])
    assert e.value.code in ("invalid_state", "invalid_argument")
    assert e.value.field.startswith("position")


@pytest.mark.parametrize("kwargs,code,field,index", [
    ({"every": "sometimes"}, "invalid_argument", "every", None),
    ({"at": [99]}, "invalid_argument", "at", None),
    ({"every": "move", "at": [1]}, "invalid_argument", "at", None),
    ({"role": "spy"}, "invalid_argument", "role", None),
    ({"moves": [{"t": "decline"}, {"t": "op", "op": "teleport"}]}, "illegal_move", "", 1),
    ({"moves": [{"t": ""}]}, "invalid_argument", "moves[0].t", None),
])
def test_replay_errors(any_client: Client, kwargs: dict[str, Any], code: str, field: str,
                       index: int | None) -> None:
    with pytest.raises(RefereeError) as e:
        any_client.replay("short", 1, **kwargs)
    assert (e.value.code, e.value.field, e.value.move_index) == (code, field, index)


def test_replay_needs_a_start_and_respects_the_move_limit(servers: Servers) -> None:
    from ct_referee_proto.v1 import referee_pb2 as pb

    c = servers.grpc_client()
    with pytest.raises(RefereeError) as e:
        c.transport.call("Replay", pb.ReplayRequest(), pb.ReplayResponse)
    assert (e.value.code, e.value.field) == ("invalid_argument", "game")
    assert "position" in e.value.message
    limit = servers.core.config.max_moves
    with pytest.raises(RefereeError) as e:
        c.replay("short", 1, moves=[{"t": "decline"}] * (limit + 1))
    assert (e.value.code, e.value.field) == ("invalid_argument", "moves")
    c.close()


# ---- the bot's answer is enough to go on -------------------------------------------------------

def test_decide_answers_like_apply(any_client: Client) -> None:
    g = any_client.new_game("short", 7, {"fln_bot": True})
    r = any_client.apply(g.state, {"t": "decline"})  # the FLN's Pivotal window comes next
    assert r.to_move == "fln"
    d = any_client.decide(r.state, seed=5, role="gov")
    after = any_client.legal_moves(d.state, "gov")
    assert (d.to_move, d.prompt) == (after.to_move, after.prompt)
    assert list(d.legal_moves) == list(after.legal_moves) and all(m.label for m in d.legal_moves)
    assert d.view == after.view and d.view.role == "gov"
    assert d.moves and all(m.label for m in d.moves)
    assert d.to_move != "fln"
