"""The layers of docs/trust.md, each against the attack it stops: Deception moves shown only to
their holder, seats proven by tokens (strict), a secret seed revealed at the end (seal), one
successor per state (anti-fork), and records in Redis that no one else can write or read."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any, Iterator

import grpc
import pytest
import redis

import engine
from ct_referee_client import Client, RefereeError, move_dict
from ct_referee_proto.v1 import referee_pb2 as pb
from service.config import Config
from service.core import Core
from service.errors import ServiceError
from service.trust import Trust, seed_commitment

from .conftest import RedisProc, Servers, start_servers

SECRET = b"tournament-secret"


def code(fn: Any, *a: Any, **k: Any) -> str:
    with pytest.raises((RefereeError, ServiceError)) as ei:
        fn(*a, **k)
    return ei.value.code  # type: ignore[union-attr]


def to_hidden_asset(c: Client, g: pb.NewGameResponse) -> pb.ApplyResponse:
    """Short scenario, seed 0, Deception option: after two moves the FLN is to move holding a
    Hidden Asset (7.3), so its Op + SA options carry the marker."""
    state, moves = g.state, list(g.legal_moves)
    for _ in range(2):  # the players' moves (a strict referee wants their seats)
        r = c.apply(state, moves[-1], seats=g.seats.values())
        state, moves = r.state, list(r.legal_moves)
    return r


def private(moves: Any) -> list[dict[str, Any]]:
    return [m for m in map(move_dict, moves) if "deception" in m]


# ---- 7.3: a player's Deception moves are its own (every mode) ---------------------------------------

def test_deception_moves_are_listed_only_to_their_holder(client: Client) -> None:
    g = client.new_game("short", 0, {"deception": True})
    last = to_hidden_asset(client, g)
    state = last.state
    # the answer that led there lists them to no one: whoever moved last may be the opponent
    assert last.to_move == "fln" and last.legal_moves and not private(last.legal_moves)
    own = client.legal_moves(state, "fln")
    assert own.to_move == "fln" and private(own.legal_moves)
    assert private(own.view.legal_moves)
    for role in ("gov", "observer"):
        other = client.legal_moves(state, role)
        assert other.to_move == "fln" and not private(other.legal_moves), role
        assert len(other.legal_moves) == len(own.legal_moves) - len(private(own.legal_moves))
    # the holder may still play one
    hidden = private(own.legal_moves)[0]
    assert client.apply(state, hidden).log


# ---- strict: seats ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def strict(redis_url: str) -> Iterator[Servers]:
    s = start_servers(Config(redis_url=redis_url, secret=SECRET, strict=True))
    yield s
    s._stop()


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_strict_views_need_the_seat(strict: Servers, transport: str) -> None:
    c = strict.client(transport)
    g = c.new_game("short", 0, {"deception": True})
    assert set(g.seats) == {"gov", "fln"} and g.seats["gov"] != g.seats["fln"]
    assert g.state.game_id and g.state.sequence == 0
    state = to_hidden_asset(c, g).state
    assert state.game_id == g.state.game_id and state.sequence == 2
    # the FLN's view and moves: its own token only
    assert code(c.legal_moves, state, "fln") == "bad_seat"
    assert code(c.legal_moves, state, "fln", g.seats["gov"]) == "bad_seat"
    assert code(c.view, state, "fln", g.seats["gov"]) == "bad_seat"
    other = c.new_game("short", 0, {"deception": True})
    assert code(c.view, state, "fln", other.seats["fln"]) == "bad_seat"  # another game's seat
    assert code(c.render, state, "fln", g.seats["gov"]) == "bad_seat"
    assert c.render(state, "fln", g.seats["fln"]).startswith("<")
    own = c.legal_moves(state, "fln", g.seats["fln"])
    assert private(own.legal_moves)
    assert c.view(state, "fln", g.seats["fln"]).deception["fln"]["held"]
    # observers need no seat, and see no secret
    obs = c.legal_moves(state, "observer")
    assert obs.legal_moves and not private(obs.legal_moves)
    # the game id and sequence are signed: changing them breaks the signature
    forged = pb.GameState()
    forged.CopyFrom(state)
    forged.game_id = other.state.game_id
    assert code(c.view, forged, "fln", other.seats["fln"]) == "bad_signature"
    c.close()


# ---- seal: the seed is the referee's, revealed at the end ----------------------------------------

def test_sealed_games_have_a_secret_seed_revealed_at_the_end() -> None:
    core = Core(Config(secret=SECRET, seal=True, strict=True, response_cache_mb=0), bot=None)
    trust = Trust(SECRET, seal=True)

    def new(seed: int) -> pb.NewGameResponse:
        return core.new_game(pb.NewGameRequest(scenario="short", seed=seed), core.call())

    a, b = new(9), new(9)
    assert a.state.game_id != b.state.game_id
    ha = json.loads(trust.open(a.state).hidden or "")
    hb = json.loads(trust.open(b.state).hidden or "")
    # the client's seed does not give the deck: the engine seed is derived from the secret
    assert ha["rng"]["seed"] == trust.game_seed(a.state.game_id, 9) != 9
    assert ha["cards.deck"] != hb["cards.deck"]
    assert ha["cards.deck"] != engine.new_game("short", 9, {}).cards["deck"]
    assert a.state.seed_commitment == seed_commitment(a.state.game_id, ha["rng"]["seed"])

    assert not a.state.revealed_seed
    # play to the end: the seed is revealed once the game is over, and checks out
    rnd = random.Random(1)
    state, moves, played = a.state, list(a.legal_moves), []
    while moves:
        assert not state.revealed_seed and state.seed_commitment == a.state.seed_commitment
        m = rnd.choice(moves)
        played.append(move_dict(m))
        r = core.apply(pb.ApplyRequest(state=state, move=m, seats=a.seats.values()), core.call())
        state, moves = r.state, list(r.legal_moves)
    assert r.HasField("result") and state.revealed_seed
    seed = int(state.revealed_seed)
    assert hashlib.sha256(f"ct-referee seed v1\x00{state.game_id}\x00{seed}".encode()
                          ).hexdigest() == state.seed_commitment
    replay, _ = engine.apply_all(engine.new_game("short", seed, {}), played)
    assert json.loads(engine.to_json(replay))["result"] == json.loads(state.json)["result"]
    assert state.sequence == len(played)


# ---- anti-fork -------------------------------------------------------------------------------------

def anti_fork(redis_url: str, **kw: Any) -> Config:
    return Config(redis_url=redis_url, secret=SECRET, strict=True, anti_fork=True,
                  response_cache_mb=0, **kw)


def test_anti_fork_needs_strict_mode_and_redis() -> None:
    with pytest.raises(ValueError):
        Config(secret=SECRET, anti_fork=True, redis_url="redis://x").check()
    with pytest.raises(ValueError):
        Config(secret=SECRET, strict=True, anti_fork=True).check()
    Config(secret=SECRET, strict=True, anti_fork=True, anti_fork_redis_url="redis://x").check()


def test_a_game_cannot_branch_on_any_replica(redis_url: str) -> None:
    """Two replicas sharing only Redis: the first successor of a state wins everywhere; the same
    successor again (a retry) is fine; another one is ``forked_state``."""
    a, b = Core(anti_fork(redis_url), bot=None), Core(anti_fork(redis_url), bot=None)
    g = a.new_game(pb.NewGameRequest(scenario="short", seed=21), a.call())
    seat = g.seats["gov"] if g.to_move == "gov" else g.seats["fln"]
    first, second = g.legal_moves[0], g.legal_moves[-1]

    def apply(core: Core, move: pb.Move, seat: str = seat) -> pb.ApplyResponse:
        return core.apply(pb.ApplyRequest(state=g.state, move=move, seat=seat), core.call())

    assert code(apply, a, first, "") == "bad_seat"
    wrong = g.seats["fln"] if seat == g.seats["gov"] else g.seats["gov"]
    assert code(apply, a, first, wrong) == "bad_seat"
    r1 = apply(a, first)
    assert r1.state.sequence == 1 and r1.state.game_id == g.state.game_id
    r2 = apply(b, first)  # the same successor, from the other replica: a retry
    assert r2.state.json == r1.state.json
    assert code(apply, b, second) == "forked_state"
    assert code(apply, a, second) == "forked_state"
    # as a batch that starts differently: still a second successor of the same state
    batch = pb.ApplyRequest(state=g.state, moves=[second], seat=seat)
    assert code(b.apply, batch, b.call()) == "forked_state"
    # the game goes on from the one successor
    nxt = r1.legal_moves[0]
    seat1 = g.seats[r1.to_move] if r1.to_move in ("gov", "fln") else seat
    r3 = b.apply(pb.ApplyRequest(state=r1.state, move=nxt, seat=seat1), b.call())
    assert r3.state.sequence == 2


def test_the_registry_down_refuses_rather_than_lets_a_fork_through(redis_url: str) -> None:
    """The registry on a Redis of its own (the cache stays up on another): while it is down, no
    successor is issued."""
    proc = RedisProc()
    proc.start()
    core = Core(anti_fork(redis_url, anti_fork_redis_url=proc.url), bot=None)
    g = core.new_game(pb.NewGameRequest(scenario="short", seed=5), core.call())
    seat = g.seats[g.to_move]
    proc.stop()
    try:
        req = pb.ApplyRequest(state=g.state, move=g.legal_moves[0], seat=seat)
        assert code(core.apply, req, core.call()) == "unavailable"
        proc.start()
        assert core.apply(req, core.call()).state.sequence == 1
    finally:
        proc.stop()


def test_forked_state_on_the_wire(redis_url: str) -> None:
    s = start_servers(anti_fork(redis_url))
    try:
        c = s.rest_client()
        g = c.new_game("short", 77)
        seat = g.seats[g.to_move]
        c.apply(g.state, g.legal_moves[0], seat=seat)
        with pytest.raises(RefereeError) as ei:
            c.apply(g.state, g.legal_moves[-1], seat=seat)
        assert (ei.value.code, ei.value.status) == ("forked_state", 409)
        c.close()
        gc = s.grpc_client()
        with pytest.raises(RefereeError) as ei:
            gc.apply(g.state, g.legal_moves[-1], seat=seat)
        assert (ei.value.code, ei.value.status) == ("forked_state",
                                                    grpc.StatusCode.ALREADY_EXISTS.name)
        gc.close()
    finally:
        s._stop()


# ---- records in Redis ------------------------------------------------------------------------------

def test_a_record_written_into_redis_is_not_signed(redis_url: str) -> None:
    """Someone who can write to Redis replaces the cached answer of an Apply with a position of
    their own: the strict referee must not sign it (it recomputes the true answer)."""
    core = Core(Config(redis_url=redis_url, secret=SECRET, strict=True, response_cache_mb=0),
                bot=None)
    g = core.new_game(pb.NewGameRequest(scenario="short", seed=404), core.call())
    seats = g.seats.values()
    req = pb.ApplyRequest(state=g.state, move=g.legal_moves[0], seats=seats)
    true = core.apply(req, core.call())
    data = json.loads(true.state.json)
    data["resources"]["gov"] = 50  # what the attacker would like signed
    forged = engine.to_json(engine.from_json(json.dumps(data)))
    record = {"state": {"json": forged}, "log": [], "to_move": true.to_move,
              "prompt": true.prompt, "legal_moves": [move_dict(m) for m in true.legal_moves],
              "result": None}
    key = core._key("apply", core.trust.open(g.state), [move_dict(g.legal_moves[0])], False,
                    sorted(g.seats))
    r = redis.Redis.from_url(redis_url)
    assert r.exists("ct-referee:" + key)
    r.set("ct-referee:" + key, json.dumps(record))
    # and a genuine record of another request moved under this key: refused too
    again = core.apply(req, core.call())
    assert again.state.json == true.state.json
    assert json.loads(again.state.json)["resources"]["gov"] != 50
    other = core.apply(pb.ApplyRequest(state=g.state, move=g.legal_moves[-1], seats=seats),
                       core.call())
    okey = core._key("apply", core.trust.open(g.state), [move_dict(g.legal_moves[-1])], False,
                     sorted(g.seats))
    r.set("ct-referee:" + key, r.get("ct-referee:" + okey) or b"")
    assert core.apply(req, core.call()).state.json == true.state.json != other.state.json
    r.close()


def test_sealed_hidden_parts_are_not_in_redis_in_clear(redis_url: str) -> None:
    core = Core(Config(redis_url=redis_url, secret=SECRET, seal=True, response_cache_mb=0),
                bot=None)
    g = core.new_game(pb.NewGameRequest(scenario="short", seed=505), core.call())
    r1 = core.apply(pb.ApplyRequest(state=g.state, move=g.legal_moves[0]), core.call())
    hidden = json.loads(Trust(SECRET, seal=True).open(r1.state).hidden or "")
    deck = json.dumps(hidden["cards.deck"], separators=(",", ":"))
    key = core._key("apply", core.trust.open(g.state), [move_dict(g.legal_moves[0])], False)
    r = redis.Redis.from_url(redis_url)
    stored = r.get("ct-referee:" + key)
    r.close()
    assert stored is not None and deck.encode() not in stored and b'"deck"' not in stored
    assert b"cards.deck" not in stored and b"rng" not in stored


def test_a_replayed_state_is_for_reading_in_strict_mode(strict: Servers) -> None:
    """Replay sets a game up from any seed the client names: its states are signed but belong to
    no game, so a strict referee lets them be read, not played on (else a sealed tournament's
    player could play on from a seed of its own choosing)."""
    c = strict.rest_client()
    g = c.new_game("short", 3)
    r = c.replay("short", 3, moves=[move_dict(g.legal_moves[0])])
    assert r.state.signature and not r.state.game_id
    assert c.legal_moves(r.state).legal_moves  # readable
    nxt = c.legal_moves(r.state).legal_moves[0]
    for call in (lambda: c.apply(r.state, nxt), lambda: c.validate(r.state, nxt)):
        with pytest.raises(RefereeError) as ei:
            call()
        assert (ei.value.code, ei.value.field) == ("invalid_state", "state.game_id")
    c.close()


def test_a_position_from_the_table_is_for_reading_in_strict_mode(strict: Servers) -> None:
    from pathlib import Path

    example = json.loads((Path(__file__).resolve().parents[2] / "docs" /
                          "positions.example.json").read_text())
    c = strict.rest_client()
    r = c.positions(example, seed=7)
    assert r.state.signature and not r.state.game_id
    assert c.legal_moves(r.state).to_move
    with pytest.raises(RefereeError) as ei:
        c.apply(r.state, r.legal_moves[0])
    assert (ei.value.code, ei.value.field) == ("invalid_state", "state.game_id")
    c.close()


def test_a_secret_seed_fits_a_new_game_request() -> None:
    """The seed revealed at the end replays the game through NewGame, whose seed is an int64:
    half of the 64-bit seeds did not fit (a saved sealed game then failed to validate)."""
    trust = Trust(SECRET, seal=True)
    seeds = [trust.game_seed(f"game-{i}", 5) for i in range(200)]
    assert all(0 <= s < 2 ** 63 for s in seeds)
    assert max(seeds) > 2 ** 62          # 63 bits of the digest, not fewer
    pb.NewGameRequest(scenario="short", seed=max(seeds))  # accepted by the contract
