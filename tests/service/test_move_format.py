"""One move format on every path: REST speaks the flat form of docs/moves.md both ways (a
string-valued pick included), a listed move sent back with a ``label`` is accepted, every engine
option reaches the engine from every path, and an unknown option or a malformed move is an
``invalid_argument`` naming its field."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.error
import urllib.request
from typing import Any

import pytest

import engine
from ct_referee_client import Client, RefereeError, connect

from .conftest import Servers


def post(base: str, path: str, body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    req = urllib.request.Request(base + path, json.dumps(body).encode(),
                                 {"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def to_string_pick(seed: int = 3) -> tuple[list[dict[str, Any]], int]:
    """Moves of a Short game (Events preferred) up to and including its first pick of a string,
    and that pick's index."""
    s = engine.new_game("short", seed)
    moves: list[dict[str, Any]] = []
    while engine.to_move(s):
        legal = engine.legal_moves(s)
        picks = [m for m in legal if m["t"] == "pick" and isinstance(m.get("value"), str)]
        if picks:
            moves.append(picks[-1])
            return moves, len(moves) - 1
        events = [m for m in legal if m["t"] in ("event", "pivotal")]
        m = (events or legal)[0]
        moves.append(m)
        s, _ = engine.apply(s, m)
    raise AssertionError("no string pick")


def test_rest_lists_and_takes_the_flat_form(servers: Servers) -> None:
    moves, k = to_string_pick()
    _, g = post(servers.http, "/v1/games", {"scenario": "short", "seed": 3})
    status, v = post(servers.http, "/v1/validate", {"state": g["state"], "moves": moves[:k]})
    assert status == 200 and v["legal"], v
    listed = [{f: x for f, x in m.items() if f not in ("label", "cost", "effect")}
              for m in v["legal_moves"]]
    assert moves[k] in listed  # listed flat: {"t": "pick", "value": "...", "label": "..."}
    assert all("args" not in m and "value_str" not in m for m in v["legal_moves"])
    status, v = post(servers.http, "/v1/validate", {"state": g["state"], "moves": moves})
    assert status == 200 and v["legal"] and v["applied"] == len(moves), v


def test_a_listed_move_sent_back_with_its_label_is_accepted(servers: Servers,
                                                             client: Client) -> None:
    _, g = post(servers.http, "/v1/games", {"scenario": "short", "seed": 5})
    m = dict(g["legal_moves"][0], label="anything at all")
    status, a = post(servers.http, "/v1/apply", {"state": g["state"], "move": m})
    assert status == 200, a
    g2 = client.new_game("short", 5)
    b = client.apply(g2.state, m)  # the client too (REST and gRPC)
    assert json.loads(b.state.json) == json.loads(a["state"]["json"])


@pytest.mark.parametrize("body,field", [
    ({"move": {"t": "pick", "value": 1.5}}, "move.value"),
    ({"move": {"t": "pick", "value": True}}, "move.value"),
    ({"moves": [{"t": "pass"}, {"value": 3}]}, "moves[1].t"),
    ({"move": {"t": "space", "space": "Medaa"}}, "move.space"),
])
def test_a_malformed_move_over_rest_names_its_field(servers: Servers, body: dict[str, Any],
                                                     field: str) -> None:
    _, g = post(servers.http, "/v1/games", {"scenario": "short", "seed": 5})
    status, e = post(servers.http, "/v1/apply", {"state": g["state"], **body})
    assert status == 400 and e["error"]["code"] == "invalid_argument", e
    assert e["error"]["field"] == field, e


OPTIONS = {"reveal_capabilities": True, "reveal_torture": True}


def test_every_engine_option_reaches_the_engine(client: Client) -> None:
    want = engine.new_game("short", 9, OPTIONS)
    g = client.new_game("short", 9, OPTIONS)
    assert g.state.json == engine.to_json(want)
    assert json.loads(g.state.json)["options"]["reveal_torture"] is True


def test_an_unknown_option_is_named(client: Client, servers: Servers) -> None:
    with pytest.raises(RefereeError) as e:
        client.new_game("short", 1, {"reveal_gadgets": True})
    assert e.value.code == "invalid_argument" and e.value.field == "options.reveal_gadgets"
    assert "unknown option" in e.value.message
    status, body = post(servers.http, "/v1/games", {"scenario": "short", "options":
                                                    {"reveal_gadgets": True}})
    assert status == 400 and body["error"]["field"] == "options.reveal_gadgets", body
    with pytest.raises(RefereeError) as e:
        connect("local").new_game("short", 1, {"reveal_torture": True})  # needs the other
    assert e.value.field == "options.reveal_torture"


def test_the_command_line_takes_every_option() -> None:
    def new(options: dict[str, Any]) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "ct_referee_cli", "new", "short", "--seed",
                               "9", "--options", json.dumps(options)], capture_output=True,
                              text=True, timeout=120)

    r = new(OPTIONS)
    assert r.returncode == 0, r.stderr
    assert json.loads(json.loads(r.stdout)["state"]["json"])["options"]["reveal_capabilities"]
    r = new({"reveal_gadgets": True})
    assert r.returncode == 1 and "Traceback" not in r.stderr
    err = json.loads(r.stderr)["error"]
    assert err["code"] == "invalid_argument" and err["field"] == "options.reveal_gadgets"
