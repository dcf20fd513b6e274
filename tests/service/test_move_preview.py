"""The listed moves' cost and effect (engine.preview) over REST and gRPC: an Assault space where no
enemy piece would go says so, with its price, before it is chosen; a listed move sent back with
them is taken as the move itself (they are display data, like its label). They are computed only
for a request that asks for them (``preview``), and cached apart from the answers without."""

from __future__ import annotations

from typing import Any, Callable, Iterable

from ct_referee_client import Client, move_dict, to_move
from ct_referee_proto.v1 import referee_pb2 as pb
from service.config import Config
from service.core import Core

from .conftest import Servers
from .test_move_format import post

TO_ASSAULT = [{"t": "decline"}, {"t": "decline"}, {"t": "pass"},
              {"t": "op", "op": "assault", "box": "op_plus_sa"}]


def test_rest_lists_cost_and_effect(servers: Servers) -> None:
    _, g = post(servers.http, "/v1/games", {"scenario": "short", "seed": 7})
    status, plain = post(servers.http, "/v1/apply", {"state": g["state"], "moves": TO_ASSAULT})
    assert status == 200, plain
    assert not [m for m in plain["legal_moves"] if "cost" in m or "effect" in m]  # not asked
    status, r = post(servers.http, "/v1/apply", {"state": g["state"], "moves": TO_ASSAULT,
                                                 "preview": True})
    assert status == 200, r
    assert [m["label"] for m in r["legal_moves"]] == [m["label"] for m in plain["legal_moves"]]
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
    for cost, where in (({"resources": 2, "extra": 1}, "move.cost.extra"),
                        ({"resources": "2"}, "move.cost.resources"),
                        ({"commitment": True}, "move.cost.commitment")):
        status, bad = post(servers.http, "/v1/apply", {"state": r["state"],
                                                        "move": {**barika, "cost": cost}})
        assert status == 400 and bad["error"]["field"] == where, bad


def test_both_transports_carry_them(client: Client) -> None:
    g = client.new_game("short", 7)
    r = client.apply(g.state, TO_ASSAULT, preview=True)
    listed = {m.space: m for m in r.legal_moves if m.t == "space"}
    assert len(listed) >= 6
    for m in listed.values():
        assert (m.cost.resources, m.cost.commitment, m.effect) == (2, 0, "removes nothing")
    v = client.legal_moves(r.state, "gov", preview=True)
    assert [(m.label, m.cost.resources, m.effect) for m in v.legal_moves] == [
        (m.label, m.cost.resources, m.effect) for m in r.legal_moves]
    # Train: Pacify shifts Medea toward Support (3.2.1)
    r = client.apply(g.state, TO_ASSAULT[:3] + [{"t": "op", "op": "train", "box": "op_plus_sa"},
                                                {"t": "space", "space": "Medea"}], preview=True)
    pacify: Any = next(m for m in r.legal_moves if m.t == "pacify")
    assert pacify.effect == "Medea: Neutral → Support" and pacify.cost.resources == 2
    r2 = client.apply(r.state, pacify)  # the listed Move itself, its preview ignored
    assert r2.state.json != r.state.json
    assert "cost" not in move_dict(pacify) and "effect" not in move_dict(pacify)


def previewed(moves: Iterable[pb.Move]) -> list[str]:
    """The labels of the listed moves that carry a cost or an effect."""
    return [m.label for m in moves if m.HasField("cost") or m.effect]


def test_only_a_request_that_asks_gets_them(client: Client) -> None:
    """Every call that lists legal moves computes previews only with ``preview``: the same
    answer otherwise, without any cost or effect."""
    g = client.new_game("short", 7)
    r = client.apply(g.state, TO_ASSAULT)
    calls: list[Callable[[bool], Any]] = [
        lambda p: client.apply(g.state, TO_ASSAULT, preview=p),
        lambda p: client.validate(g.state, TO_ASSAULT, preview=p),
        lambda p: client.legal_moves(r.state, "gov", preview=p),
        lambda p: client.replay("short", 7, moves=TO_ASSAULT, preview=p),
    ]
    for call in calls:
        plain, asked = call(False), call(True)
        assert previewed(plain.legal_moves) == [], plain
        assert len(previewed(asked.legal_moves)) >= 6
        assert [m.label for m in plain.legal_moves] == [m.label for m in asked.legal_moves]
    # the bot's answer, and a new game (its first moves: the eligibility choices, free)
    b = client.new_game("short", 7, {"fln_bot": True})
    fln = client.apply(b.state, {"t": "decline"})
    d0, d1 = (client.decide(fln.state, seed=5, role="gov", preview=p) for p in (False, True))
    assert previewed(d0.legal_moves) == [] and d0.state == d1.state
    assert [m.label for m in d0.legal_moves] == [m.label for m in d1.legal_moves]
    assert previewed(client.new_game("short", 7).legal_moves) == []


def test_the_flag_is_part_of_the_cache_key(redis_url: str) -> None:
    """The same request with and without ``preview`` each gets its own answer from the result
    cache (Redis), whichever came first; a repeat of either is a hit with its own answer."""
    core = Core(Config(redis_url=redis_url, response_cache_mb=0, state_cache_mb=0), bot=None)
    # a seed no other test of the session plays (their results would be in this Redis)
    g = core.new_game(pb.NewGameRequest(scenario="short", seed=1107), core.call())
    moves = [to_move(m) for m in TO_ASSAULT]

    def apply(preview: bool) -> tuple[str, list[str]]:
        call = core.call()
        r = core.apply(pb.ApplyRequest(state=g.state, moves=moves, preview=preview), call)
        return call.cache, previewed(r.legal_moves)

    def legal(preview: bool) -> tuple[str, list[str]]:
        call = core.call()
        r = core.legal_moves(pb.LegalMovesRequest(state=after, role="gov", preview=preview),
                             call)
        return call.cache, previewed(r.legal_moves)

    elsewhere = Core(Config(), bot=None)  # the same state, this Redis left untouched
    after = elsewhere.apply(pb.ApplyRequest(state=g.state, moves=moves), core.call()).state
    for ask, first in ((apply, False), (legal, True)):  # with or without first
        cache, shown = ask(first)
        assert cache == "miss" and bool(shown) == first
        cache, shown = ask(not first)
        assert cache == "miss" and bool(shown) == (not first)
        for p in (first, not first):
            cache, shown = ask(p)
            assert cache == "hit" and bool(shown) == p
    core.cache.close()

