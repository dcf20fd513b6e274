"""The length of ``sealed`` tells nothing (docs/trust.md, "Sealed"): every sealed hidden part of a
game is padded to one fixed size (``games.Game.sealed_size``), whatever Deception markers each
player holds (7.3), whatever the deck's order and the set-aside cards (10.0)."""

from __future__ import annotations

import itertools
import json
import os
from typing import Any, Iterator

import pytest

import engine
from ct_referee_client import Client
from ct_referee_proto.v1 import referee_pb2 as pb
from engine.victory import DECEPTION_MARKERS
from service import games
from service.config import Config
from service.core import Core
from service.trust import OLD_SEAL_PREFIX, GameRef, Trust, _aad, _b64, split

from .conftest import Servers, start_servers

SECRET = b"sealed-length-secret"


@pytest.fixture(scope="module")
def sealed(redis_url: str) -> Iterator[Servers]:
    s = start_servers(Config(redis_url=redis_url, secret=SECRET, strict=True, seal=True))
    yield s
    s._stop()


def hidden_of(gs: pb.GameState) -> dict[str, Any]:
    return dict(json.loads(Trust(SECRET, seal=True).open(gs).hidden or ""))


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_sealed_games_have_one_length(sealed: Servers, transport: str) -> None:
    """Games the referee deals (its own seed each time): the Deception markers, the deck and
    the set-aside cards differ from game to game; the sealed length does not, nor as the game
    goes on."""
    c: Client = sealed.client(transport)
    lengths: set[int] = set()
    deals, decks = set(), set()
    for seed in range(24):
        g = c.new_game("short", seed, {"deception": True})
        h = hidden_of(g.state)
        deals.add(json.dumps(h["deception"]["fln"]["held"]))
        decks.add(json.dumps([h["cards.deck"], h["cards.set_aside"]]))
        lengths.add(len(g.state.sealed))
        state, moves = g.state, list(g.legal_moves)
        for _ in range(3):  # a few moves on: cards drawn, the generator's counter grown
            r = c.apply(state, moves[-1], seats=g.seats.values())
            state, moves = r.state, list(r.legal_moves)
            lengths.add(len(state.sealed))
    assert len(deals) >= 3 and len(decks) > 20  # the hidden quantities did vary
    assert len(lengths) == 1, sorted(lengths)
    c.close()


def deception_deals() -> Iterator[dict[str, Any]]:
    """Every Deception state 7.3 allows: each player's two markers from the six, each held or
    already used (revealed)."""
    seen = set()
    for gov in itertools.combinations(range(len(DECEPTION_MARKERS)), 2):
        rest = [i for i in range(len(DECEPTION_MARKERS)) if i not in gov]
        for fln in itertools.combinations(rest, 2):
            for used in itertools.product((False, True), repeat=4):
                markers = [DECEPTION_MARKERS[i] for i in gov + fln]
                deal: dict[str, Any] = {}
                for k, side in enumerate(("gov", "fln")):
                    mine = list(zip(markers[2 * k:2 * k + 2], used[2 * k:2 * k + 2]))
                    deal[side] = {"held": sorted(m for m, u in mine if not u),
                                  "used": sorted(m for m, u in mine if u)}
                key = json.dumps(deal, sort_keys=True)
                if key not in seen:
                    seen.add(key)
                    yield deal


def test_every_hidden_combination_of_a_scenario_seals_to_one_length() -> None:
    """Every combination of Deception markers, over decks and set-aside cards of many deals, in
    each scenario: issued by the referee's own path, one length (the game's), which no hidden
    part of them reaches beyond."""
    core = Core(Config(secret=SECRET, strict=True, seal=True, response_cache_mb=0), bot=None)
    size = games.COLONIAL_TWILIGHT.sealed_size
    deals = list(deception_deals())
    assert len(deals) > 100
    for scenario in ("short", "medium", "full"):
        lengths, longest = set(), 0
        for seed in range(3):  # decks and set-aside cards
            data = json.loads(engine.to_json(engine.new_game(scenario, seed * 7919 + 1,
                                                             {"deception": True})))
            data["rng"]["seed"] = 2**64 - 1 - seed  # a sealed game's seed: 64 bits
            for deal in deals if seed == 0 else deals[seed::9]:  # all with one deck
                data["deception"] = deal
                s = engine.from_json(json.dumps(data))
                rec = core._state_record(s)
                longest = max(longest, len(rec["hidden"].encode()))
                gs = core._issue(rec, GameRef("game", 1, "c"))
                lengths.add(len(gs.sealed))
                assert json.loads(core.trust.open(gs).hidden or "")["deception"] == deal
        assert len(lengths) == 1 and longest <= size, (scenario, lengths, longest, size)


def test_the_fixed_size_bounds_every_hidden_part_of_a_whole_game() -> None:
    """Playouts to the end (cards drawn, markers revealed, the counter grown): no hidden part
    passes the game's fixed size."""
    import random

    size = games.COLONIAL_TWILIGHT.sealed_size
    for seed in range(3):
        s = engine.new_game("full", seed, {"deception": True})
        rnd = random.Random(seed)
        while engine.legal_moves(s):
            _, hidden = split(s.to_data())
            assert len(hidden.encode()) <= size
            s, _ = engine.apply(s, rnd.choice(engine.legal_moves(s)))


def test_an_algeria_state_seals_to_one_length(sealed: Servers) -> None:
    c = sealed.grpc_client()
    lengths = {len(c.new_game(sc, seed, game="algeria").state.sealed)
               for sc in ("1954", "1958") for seed in range(3)}
    assert len(lengths) == 1
    c.close()


def test_a_state_sealed_in_the_unpadded_format_is_still_read(sealed: Servers) -> None:
    """States issued before padding (``v1.``, a game in progress across the upgrade) open as
    before; every state the referee issues is padded (``v2.``)."""
    c = sealed.rest_client()
    g = c.new_game("short", 4, {"deception": True})
    assert g.state.sealed.startswith("v2.")
    trust = Trust(SECRET, strict=True, seal=True)
    opened = trust.open(g.state)
    # the same state sealed as the previous format did: no padding, its own associated data
    nonce = os.urandom(12)
    assert trust._aead is not None
    token = OLD_SEAL_PREFIX + _b64(nonce + trust._aead.encrypt(
        nonce, (opened.hidden or "").encode(), _aad(g.state.json, OLD_SEAL_PREFIX)))
    game = GameRef(g.state.game_id, g.state.sequence, g.state.seed_commitment)
    old = pb.GameState(json=g.state.json, sealed=token, game_id=game.game_id,
                       sequence=game.sequence, seed_commitment=game.seed_commitment,
                       signature=trust.sign(g.state.json, token, game))
    assert len(old.sealed) < len(g.state.sealed)
    assert [move_t(m) for m in c.legal_moves(old).legal_moves] == \
        [move_t(m) for m in g.legal_moves]
    r = c.apply(old, g.legal_moves[-1], seats=g.seats.values())
    assert r.state.sealed.startswith("v2.")
    assert r.state.json == c.apply(g.state, g.legal_moves[-1], seats=g.seats.values()).state.json
    # a padded seal relabelled as the old format does not open (each is bound to its format)
    relabelled = pb.GameState()
    relabelled.CopyFrom(g.state)
    relabelled.sealed = OLD_SEAL_PREFIX + g.state.sealed[3:]
    relabelled.signature = trust.sign(g.state.json, relabelled.sealed, game)
    from ct_referee_client import RefereeError

    with pytest.raises(RefereeError) as ei:
        c.legal_moves(relabelled)
    assert ei.value.code == "bad_seal"
    c.close()


def move_t(m: pb.Move) -> str:
    return m.label or m.t
