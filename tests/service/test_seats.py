"""Seats (docs/trust.md, "Seats"): in strict mode every move needs the seat of the player making
it, checked before the move is judged — on Apply, Validate and Decide alike, over REST and gRPC.
A player cannot move for the other (anti-fork mode: nor take the other's move from it), cannot
have the bot move for a player FLN, and learns no verdict that turns on the other's hidden
Deception markers (7.3)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any, Iterator

import pytest
from google.protobuf.json_format import MessageToDict

from ct_referee_client import Client, move_dict
from ct_referee_proto.v1 import referee_pb2 as pb
from service.config import Config

from .conftest import Servers, refused, start_servers, strict_servers

SECRET = b"seats-secret"
DECLINE = {"t": "decline"}
HIDDEN_ASSET = "hidden_asset"


@pytest.fixture(scope="module")
def anti_fork(redis_url: str) -> Iterator[Servers]:
    s = start_servers(Config(redis_url=redis_url, secret=SECRET, strict=True, anti_fork=True,
                             response_cache_mb=0))
    yield s
    s._stop()


@pytest.fixture(scope="module")
def strict(redis_url: str) -> Iterator[Servers]:
    yield from strict_servers(redis_url, SECRET)


@pytest.fixture(scope="module")
def sealed(redis_url: str) -> Iterator[Servers]:
    s = start_servers(Config(redis_url=redis_url, secret=SECRET, strict=True, seal=True))
    yield s
    s._stop()


def declines(c: Client, g: pb.NewGameResponse) -> tuple[pb.ApplyResponse, pb.ApplyResponse] | None:
    """A game that opens with both Pivotal Event windows (2.3.7: the Government's, then the
    FLN's): the positions after the Government's decline and after the FLN's, each move made
    with its own player's seat; None for a game that opens otherwise."""
    if g.to_move != "gov" or DECLINE not in map(move_dict, g.legal_moves):
        return None
    a = c.apply(g.state, DECLINE, seat=g.seats["gov"])
    if a.to_move != "fln" or DECLINE not in map(move_dict, a.legal_moves):
        return None
    return a, c.apply(a.state, DECLINE, seat=g.seats["fln"])


# ---- 5: a player's move list holds only its own moves -------------------------------------------

@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_a_player_cannot_move_for_the_other(anti_fork: Servers, transport: str) -> None:
    """Anti-fork mode: [the Government's move, the FLN's move] with the Government's seat is
    refused at the FLN's move (``bad_seat``, move_index 1), which stays the FLN's to make."""
    c = anti_fork.client(transport)
    g = c.new_game("short", 0)
    gov, fln = g.seats["gov"], g.seats["fln"]
    assert declines(c, c.new_game("short", 0)) is not None  # the game opens as the test needs
    e = refused(c.apply, g.state, moves=[DECLINE, DECLINE], seat=gov)
    assert (e.code, e.move_index, e.field) == ("bad_seat", 1, "seats")
    assert "fln" in e.message
    e = refused(c.apply, g.state, moves=[DECLINE, DECLINE], seat=fln)  # and the other way
    assert (e.code, e.move_index) == ("bad_seat", 0)
    # the Government makes its own move; the FLN's is then the FLN's, not a fork
    a = c.apply(g.state, DECLINE, seat=gov)
    assert a.to_move == "fln"
    assert c.apply(a.state, DECLINE, seat=fln).state.sequence == 2
    # a caller holding both seats (a hot-seat table) makes both players' moves in one list
    h = c.new_game("short", 0)
    both = c.apply(h.state, moves=[DECLINE, DECLINE], seat=h.seats["gov"], seats=[h.seats["fln"]])
    assert both.state.sequence == 1 and both.to_move == "fln"
    c.close()


def test_seats_on_the_rest_wire(anti_fork: Servers) -> None:
    """The REST form of the contract: ``seats`` is a list of tokens; ``bad_seat`` is 403 with
    the move's index."""
    c = anti_fork.rest_client()
    g = c.new_game("short", 0)
    c.close()
    state = {"json": g.state.json, "signature": g.state.signature, "game_id": g.state.game_id,
             "sequence": g.state.sequence}

    def post(body: dict[str, Any]) -> tuple[int, dict[str, Any]]:
        req = urllib.request.Request(anti_fork.http + "/v1/apply", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    status, body = post({"state": state, "moves": [DECLINE, DECLINE], "seat": g.seats["gov"]})
    assert status == 403 and body["error"]["code"] == "bad_seat"
    assert body["error"]["move_index"] == 1
    status, body = post({"state": state, "moves": [DECLINE, DECLINE],
                         "seats": [g.seats["gov"], g.seats["fln"]]})
    assert status == 200 and body["state"]["sequence"] == 1
    status, body = post({"state": state, "move": DECLINE, "seats": ["v1.not-a-seat"]})
    assert (status, body["error"]["code"], body["error"]["field"]) == (403, "bad_seat",
                                                                       "seats[0]")


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_strict_moves_need_their_players_seat(strict: Servers, transport: str) -> None:
    """Strict mode without anti-fork too: no seat, a token of another game, or the other
    player's seat is ``bad_seat`` naming the move; chance moves (external chance: the players
    report the physical card and dice of their common table) take a seat of either player."""
    c = strict.client(transport)
    g = c.new_game("short", 3)
    seat = g.seats[g.to_move]
    e = refused(c.apply, g.state, g.legal_moves[0])
    assert (e.code, e.move_index) == ("bad_seat", 0)
    other = c.new_game("short", 3)
    assert refused(c.apply, g.state, g.legal_moves[0], seat=other.seats[g.to_move]).field == "seat"
    assert refused(c.validate, g.state, g.legal_moves[0], seats=[seat, "x"]).field == "seats[1]"
    e = refused(c.apply, g.state, g.legal_moves[0], seats=[seat] * 3)
    assert (e.code, e.field) == ("invalid_argument", "seats")
    assert c.apply(g.state, g.legal_moves[0], seat=seat).state.sequence == 1
    assert c.validate(g.state, g.legal_moves[0], seat=seat).legal
    ext = c.new_game("short", 3, {"chance": "external"})
    assert ext.to_move == "chance"
    draw = ext.legal_moves[0]
    assert refused(c.apply, ext.state, draw).code == "bad_seat"
    for side in ("gov", "fln"):
        assert c.apply(ext.state, draw, seat=ext.seats[side]).state.sequence == 1
    c.close()


# ---- 6: the bot moves for a player FLN only with the FLN's seat ---------------------------------

@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_the_bot_moves_for_a_player_fln_only_with_its_seat(strict: Servers, transport: str
                                                           ) -> None:
    c = strict.client(transport)
    g = c.new_game("short", 0)  # a two-player game: no fln_bot option
    a = c.apply(g.state, DECLINE, seat=g.seats["gov"])
    assert a.to_move == "fln"
    e = refused(c.decide, a.state, 1, "gov", g.seats["gov"])
    assert (e.code, e.field) == ("bad_seat", "seats") and "no fln_bot option, 8.6)" in e.message
    assert refused(c.decide, a.state, 1).code == "bad_seat"
    assert c.decide(a.state, 1, "fln", g.seats["fln"]).moves  # the FLN's own seat
    # the Government's view with the FLN bot's moves: a caller holding both seats
    assert c.decide(a.state, 1, "gov", g.seats["gov"], seats=[g.seats["fln"]]).moves
    # a one-player game (fln_bot, 8.6): the bot is the FLN; any player of the game drives it
    solo = c.new_game("short", 0, {"fln_bot": True})
    b = c.apply(solo.state, DECLINE, seat=solo.seats["gov"])
    assert b.to_move == "fln"
    assert c.decide(b.state, 1, "gov", solo.seats["gov"]).moves
    assert refused(c.decide, b.state, 1).code == "bad_seat"  # but not someone of no seat
    # nor does the option let the Government make the FLN's moves itself
    assert refused(c.apply, b.state, DECLINE, seat=solo.seats["gov"]).code == "bad_seat"
    c.close()


def test_anti_fork_decide_needs_the_fln_seat_in_a_two_player_game(anti_fork: Servers) -> None:
    c = anti_fork.grpc_client()
    g = c.new_game("short", 0)
    a = c.apply(g.state, DECLINE, seat=g.seats["gov"])
    assert refused(c.decide, a.state, 1, "gov", g.seats["gov"]).code == "bad_seat"
    # the refused request claimed nothing: the FLN still moves on from that state
    assert c.decide(a.state, 1, "fln", g.seats["fln"]).state.sequence == 2
    c.close()


# ---- 7: no verdict on the other side's hidden information ---------------------------------------

def holder_and_not(c: Client) -> tuple[Any, Any]:
    """Two sealed games at the FLN's first decision after both Pivotal windows, the FLN first
    eligible: in one the FLN holds a Hidden Asset (7.3), in the other not. Each is (the new
    game, the FLN's Hidden Asset Operation when it holds one)."""
    holder = other = None
    for seed in range(200):
        g = c.new_game("short", seed, {"deception": True})  # sealed: the referee's own seed
        opened = declines(c, g)
        if opened is None or opened[1].to_move != "fln":
            continue
        after = opened[1].state
        view = MessageToDict(c.view(after, "fln", g.seats["fln"]))
        held = view["deception"]["fln"]["held"]
        own = [move_dict(m) for m in c.legal_moves(after, "fln", g.seats["fln"]).legal_moves]
        asset = [m for m in own if m.get("deception") == HIDDEN_ASSET]
        if HIDDEN_ASSET in held and asset and holder is None:
            holder = (g, asset[0])
        elif HIDDEN_ASSET not in held and other is None:
            other = (g, None)
        if holder is not None and other is not None:
            return holder, other
    raise AssertionError("no pair of games found (the deal and the first card are the seal's)")


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_no_verdict_on_the_other_sides_hidden_asset(sealed: Servers, transport: str) -> None:
    """[the Government's move, the FLN's, an FLN Operation spending a Hidden Asset] with only
    the Government's seat: the same refusal whether or not the FLN holds one, for Validate and
    Apply alike — the FLN's first move is refused before anything after it is judged."""
    c = sealed.client(transport)
    (g, asset), (h, _) = holder_and_not(c)
    for game in (g, h):
        moves = [DECLINE, DECLINE, asset]
        for call in (c.validate, c.apply):
            e = refused(call, game.state, moves=moves, seat=game.seats["gov"])
            assert (e.code, e.move_index, e.field) == ("bad_seat", 1, "seats")
        # the FLN's seat alone: refused at the Government's move
        assert refused(c.validate, game.state, moves=moves, seat=game.seats["fln"]
                       ).move_index == 0
    # with both seats (whoever holds them may know): the verdict is the rules' again
    assert c.validate(g.state, moves=[DECLINE, DECLINE, asset], seats=g.seats.values()).legal
    assert not c.validate(h.state, moves=[DECLINE, DECLINE, asset], seats=h.seats.values()).legal
    c.close()
