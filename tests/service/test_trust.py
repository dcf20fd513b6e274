"""Strict mode accepts only signed states; a sealed state can be neither read nor altered."""

from __future__ import annotations

import json
from typing import Any, Iterator

import pytest
from google.protobuf.json_format import MessageToDict

from ct_referee_client import Client, RefereeError
from service.config import Config

from .conftest import Servers, start_servers


@pytest.fixture(scope="module")
def strict(redis_url: str) -> Iterator[Servers]:
    s = start_servers(Config(redis_url=redis_url, secret=b"tournament-secret", strict=True))
    yield s
    s._stop()


@pytest.fixture(scope="module")
def sealed(redis_url: str) -> Iterator[Servers]:
    s = start_servers(Config(redis_url=redis_url, secret=b"tournament-secret", seal=True))
    yield s
    s._stop()


def hidden_values(x: Any) -> list[str]:
    """Keys of a view that hold a deck order, set-aside cards or generator state."""
    found: list[str] = []
    if isinstance(x, dict):
        for k, v in x.items():
            if k in ("deck", "set_aside") and isinstance(v, list) or k == "rng" and v:
                found.append(k)
            found += hidden_values(v)
    elif isinstance(x, list):
        for v in x:
            found += hidden_values(v)
    return found


def code(fn: Any, *a: Any) -> str:
    with pytest.raises(RefereeError) as ei:
        fn(*a)
    return ei.value.code


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_strict_accepts_only_signed_states(strict: Servers, transport: str) -> None:
    c: Client = strict.client(transport)
    g = c.new_game("short", 5)
    assert g.state.signature.startswith("v3.")
    r = c.apply(g.state, g.legal_moves[-1], seat=g.seats[g.to_move])  # a signed state: accepted
    assert r.state.signature and r.state.signature != g.state.signature
    c.legal_moves(r.state)
    assert code(c.legal_moves, {"json": g.state.json}) == "unsigned_state"
    data = json.loads(g.state.json)
    data["resources"]["gov"] += 5  # a tampered state keeping the old signature
    forged = {"json": json.dumps(data, sort_keys=True, separators=(",", ":")),
              "signature": g.state.signature}
    assert code(c.apply, forged, g.legal_moves[-1]) == "bad_signature"
    other = {"json": g.state.json, "signature": "v1.AAAA"}
    assert code(c.view, other) == "bad_signature"
    c.close()


def test_non_strict_referee_ignores_signatures(servers: Servers) -> None:
    c = servers.rest_client()
    g = c.new_game("short", 5)
    assert g.state.signature == ""  # no secret: nothing to sign with
    c.legal_moves({"json": g.state.json, "signature": "v1.whatever"})
    c.close()


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_sealed_state_cannot_be_read_or_altered(sealed: Servers, transport: str) -> None:
    c: Client = sealed.client(transport)
    g = c.new_game("short", 9)
    data = json.loads(g.state.json)
    assert data["cards"]["deck"] == "sealed" and data["cards"]["set_aside"] == "sealed"
    assert data["rng"] == "sealed"
    assert g.state.sealed.startswith("v2.")
    # the plain engine document is not readable from the state: no card order, no generator
    import engine

    plain = engine.new_game("short", 9, {})
    assert json.dumps(plain.cards["deck"], separators=(",", ":")) not in g.state.json
    # the game goes on with sealed states
    r = c.apply(g.state, g.legal_moves[-1])
    assert json.loads(r.state.json)["cards"]["deck"] == "sealed"
    # views never contain the hidden part
    v = c.view(r.state, "observer")
    assert v.cards.set_aside_count == 24 and not hidden_values(MessageToDict(v))
    # alter the sealed part: rejected
    tok = g.state.sealed
    flipped = tok[:-3] + ("A" if tok[-3] != "A" else "B") + tok[-2:]
    assert code(c.legal_moves, {"json": g.state.json, "sealed": flipped}) == "bad_seal"
    # alter the public part: the seal no longer opens
    data["resources"]["fln"] += 1
    assert code(c.legal_moves, {"json": json.dumps(data), "sealed": tok}) == "bad_seal"
    # graft the hidden part of one game onto another: rejected. Each game's seed is drawn by the
    # referee, and two Short games have the same public part when their first card is the same
    # (the seal then legitimately fits both): take another game whose public part differs.
    others = (c.new_game("short", seed).state.json for seed in range(10, 30))
    other = next((j for j in others if j != g.state.json), None)
    assert other is not None, "twenty Short games with the same public part as the first"
    assert code(c.legal_moves, {"json": other, "sealed": tok}) == "bad_seal"
    # remove the seal: the public part alone is not a state
    assert code(c.legal_moves, {"json": g.state.json}) == "invalid_state"
    c.close()


def test_sealed_part_is_not_readable_without_the_key(sealed: Servers) -> None:
    from service.trust import Trust

    c = sealed.rest_client()
    g = c.new_game("short", 9)
    with pytest.raises(Exception):
        Trust(b"another-secret", seal=True).open(g.state)
    opened = Trust(b"tournament-secret", seal=True).open(g.state)
    assert opened.hidden is not None and json.loads(opened.hidden)["rng"]["counter"] >= 0
    c.close()
