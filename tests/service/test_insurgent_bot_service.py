"""INSURGENT's automated French (the Solo Variant, docs/insurgent/solo.md) served as a bot:
``GovBot/DecideGov`` (``POST /v1/bot/gov/decide``) is the bot of the side fighting the FLN
(``service.games.Game.counter``), which in INSURGENT is the French; the option ``french_bot``
makes them the non-player (strict mode: any seat of the game may have the automaton move). Over
real REST and gRPC servers on port 0, against ``insurgent.bots.decide`` in this process: the
same moves, state and trace (the priority that decided each choice)."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any, Iterator

import pytest
from google.protobuf.json_format import MessageToDict

import insurgent
import insurgent.bots
from ct_referee_client import Client, move_dict

from .conftest import TRANSPORTS, Servers, refused, strict_servers

SECRET = b"insurgent-bot-secret"
SOLO = {"french_bot": True}
LISTS = ("PLAYING SUPPORTERS", "CHOOSING RECRUITS", "ATTACKING/CAPTURING/BOMBING TARGETS",
         "TARGETS FOR EXPOSING FLN CARDS")


@pytest.fixture(scope="module")
def strict(redis_url: str) -> Iterator[Servers]:
    yield from strict_servers(redis_url, SECRET)


def fln_moves(c: Client, r: Any, rng: random.Random, **seat: Any) -> Any:
    """Random FLN moves (the FLN is a player) until the French or the end are to move."""
    while r.to_move == "fln":
        lm = c.legal_moves(r.state, role="fln", **seat).legal_moves
        r = c.apply(r.state, move=move_dict(rng.choice(lm)), **seat)
    return r


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_solo_game_against_the_served_automaton(servers: Servers, transport: str) -> None:
    """A whole solo game: the FLN random, every French turn the automaton's through DecideGov;
    each answer is the in-process bot's (moves, state, trace), its moves replay through Apply
    to its state, and the trace names the priority of the solo lists behind each choice."""
    c = servers.client(transport)
    rng = random.Random(7)
    r: Any = c.new_game(seed=7, game="insurgent", options=SOLO)
    assert json.loads(r.state.json)["options"]["french_bot"] is True
    boxes: list[str] = []
    turns = 0
    while r.to_move is not None and r.to_move != "":
        r = fln_moves(c, r, rng)
        if r.to_move != "french":
            continue
        d = c.decide_gov(r.state, seed=turns, role="fln")
        local = insurgent.bots.decide(insurgent.from_json(r.state.json), turns)
        assert [move_dict(m) for m in d.moves] == local.moves and d.moves
        assert d.state.json == insurgent.to_json(local.state)
        trace = [MessageToDict(t) for t in d.trace]
        assert trace == json.loads(json.dumps(local.trace))
        assert all(t["box"] and t["text"] for t in trace)
        assert all(m.label for m in d.moves) and d.to_move != "french"
        assert d.view.role == "fln"
        a = c.apply(r.state, moves=[move_dict(m) for m in d.moves])
        assert a.state.json == d.state.json
        boxes += [t["box"] for t in trace]
        r = d
        turns += 1
    assert turns > 5 and r.HasField("result")
    # the lists decided some of the French choices, not only "as printed"
    assert any(b.startswith(LISTS) for b in boxes), boxes


def test_rest_path_and_idle_answer(servers: Servers) -> None:
    """POST /v1/bot/gov/decide with an INSURGENT state; while the FLN is to move the automaton
    makes no move and says why."""
    c = servers.rest_client()
    g = c.new_game(seed=2, game="insurgent", options=SOLO)
    body = json.dumps({"state": MessageToDict(g.state, preserving_proto_field_name=True),
                       "seed": 1}).encode()
    req = urllib.request.Request(servers.http + "/v1/bot/gov/decide", body,
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as resp:
        out = json.loads(resp.read())
    assert out.get("moves", []) == [] and out["to_move"] == "fln"
    assert "not to move" in out["trace"][0]["text"]
    r = fln_moves(c, g, random.Random(2))
    body = json.dumps({"state": MessageToDict(r.state, preserving_proto_field_name=True),
                       "seed": 1}).encode()
    req = urllib.request.Request(servers.http + "/v1/bot/gov/decide", body,
                                 {"Content-Type": "application/json"})
    with urllib.request.urlopen(req) as resp:
        out = json.loads(resp.read())
    assert out["moves"] and out["trace"][0]["box"].startswith("FRENCH TURNS")


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_no_fln_bot_and_no_automaton_in_hotseat(servers: Servers, transport: str) -> None:
    """INSURGENT's FLN is always a player: Decide is ``wrong_game``; a hotseat game (no
    french_bot) has no automaton: DecideGov names the option."""
    c = servers.client(transport)
    solo = c.new_game(seed=3, game="insurgent", options=SOLO)
    e = refused(c.decide, solo.state, 1)
    assert (e.code, e.field) == ("wrong_game", "state") and "french_bot" in e.message
    hot = c.new_game(seed=3, game="insurgent")
    r = hot
    rng = random.Random(3)
    while r.to_move != "french":
        lm = c.legal_moves(r.state, role=r.to_move).legal_moves
        r = c.apply(r.state, move=move_dict(rng.choice(lm)))
    e = refused(c.decide_gov, r.state, 1)
    assert (e.code, e.field) == ("invalid_argument", "state.options.french_bot")
    assert "solo" in e.message


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_strict_seats_for_the_automaton(strict: Servers, transport: str) -> None:
    """french_bot makes the French the non-player: the FLN's seat may have the automaton move,
    no seat may not; in a hotseat game the French are a player and only their seat would do."""
    c = strict.client(transport)
    g = c.new_game(seed=4, game="insurgent", options=SOLO)
    assert set(g.seats) == {"fln", "french"}
    seat = g.seats["fln"]
    r = fln_moves(c, g, random.Random(4), seat=seat)
    assert r.to_move == "french"
    assert refused(c.decide_gov, r.state, 1).code == "bad_seat"
    d = c.decide_gov(r.state, 1, "fln", seat)
    assert d.moves and d.to_move != "french"

    hot = c.new_game(seed=4, game="insurgent")
    r = hot
    rng = random.Random(4)
    while r.to_move != "french":
        lm = c.legal_moves(r.state, role=r.to_move, seat=hot.seats[r.to_move]).legal_moves
        r = c.apply(r.state, move=move_dict(rng.choice(lm)), seat=hot.seats[r.to_move])
    e = refused(c.decide_gov, r.state, 1, "fln", hot.seats["fln"])
    assert (e.code, e.field) == ("bad_seat", "seats") and "french_bot" in e.message


def test_options_name_the_game(servers: Servers) -> None:
    """french_bot is INSURGENT's: another game refuses it naming the field and its game."""
    c = servers.grpc_client()
    e = refused(c.new_game, "short", 1, SOLO)
    assert (e.code, e.field) == ("invalid_argument", "options.french_bot")
    assert "INSURGENT" in e.message
    e = refused(servers.rest_client().new_game, "1954", 1, SOLO, game="algeria")
    assert (e.code, e.field) == ("invalid_argument", "options.french_bot")
