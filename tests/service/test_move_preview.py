"""The listed moves' cost and effect (engine.preview) over REST and gRPC: an Assault space where no
enemy piece would go says so, with its price, before it is chosen; a listed move sent back with
them is taken as the move itself (they are display data, like its label)."""

from __future__ import annotations

from typing import Any

from ct_referee_client import Client, move_dict

from .conftest import Servers
from .test_move_format import post

TO_ASSAULT = [{"t": "decline"}, {"t": "decline"}, {"t": "pass"},
              {"t": "op", "op": "assault", "box": "op_plus_sa"}]


def test_rest_lists_cost_and_effect(servers: Servers) -> None:
    _, g = post(servers.http, "/v1/games", {"scenario": "short", "seed": 7})
    status, r = post(servers.http, "/v1/apply", {"state": g["state"], "moves": TO_ASSAULT})
    assert status == 200, r
    barika = next(m for m in r["legal_moves"] if m.get("space") == "Barika")
    assert barika == {"t": "space", "space": "Barika", "label": "Assault in Barika",
                      "cost": {"resources": 2, "commitment": 0}, "effect": "removes nothing"}
    troop_lift = next(m for m in r["legal_moves"] if m["t"] == "sa")
    assert "cost" not in troop_lift and "effect" not in troop_lift
    # sent back as listed: the move itself
    status, after = post(servers.http, "/v1/apply", {"state": r["state"], "move": barika})
    assert status == 200, after
    assert after["state"] != r["state"]
    # display data of another shape is named
    status, bad = post(servers.http, "/v1/apply", {"state": r["state"],
                                                    "move": {**barika, "cost": 2}})
    assert status == 400 and bad["error"]["field"] == "move.cost", bad


def test_both_transports_carry_them(client: Client) -> None:
    g = client.new_game("short", 7)
    r = client.apply(g.state, TO_ASSAULT)
    listed = {m.space: m for m in r.legal_moves if m.t == "space"}
    assert len(listed) >= 6
    for m in listed.values():
        assert (m.cost.resources, m.cost.commitment, m.effect) == (2, 0, "removes nothing")
    v = client.legal_moves(r.state, "gov")
    assert [(m.label, m.cost.resources, m.effect) for m in v.legal_moves] == [
        (m.label, m.cost.resources, m.effect) for m in r.legal_moves]
    # Train: Pacify shifts Medea toward Support (3.2.1)
    r = client.apply(g.state, TO_ASSAULT[:3] + [{"t": "op", "op": "train", "box": "op_plus_sa"},
                                                {"t": "space", "space": "Medea"}])
    pacify: Any = next(m for m in r.legal_moves if m.t == "pacify")
    assert pacify.effect == "Medea: Neutral → Support" and pacify.cost.resources == 2
    r2 = client.apply(r.state, pacify)  # the listed Move itself, its preview ignored
    assert r2.state.json != r.state.json
    assert "cost" not in move_dict(pacify) and "effect" not in move_dict(pacify)
