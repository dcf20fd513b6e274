"""Replay's work is bounded before it is done (``service.replay``: moves applied + checkpoints ×
what each carries, against ``CT_REFEREE_MAX_REPLAY_WORK``), and a long answer comes in pages
(``first``, ``count`` → ``next``) that together are the one answer. Over real REST and gRPC
servers on port 0, with the default limits."""

from __future__ import annotations

import random
import re
import time
from typing import Any, Iterator

import pytest

import engine
from ct_referee_client import Client, RefereeError, move_dict
from ct_referee_proto.v1 import referee_pb2 as pb
from service.config import Config
from service.replay import WORK

from .conftest import TRANSPORTS, Servers


def _game(scenario: str, seed: int) -> list[dict[str, Any]]:
    """The moves of a whole random game (a "full" one is 665 moves: 27 KB of request)."""
    rng = random.Random(seed)
    s = engine.new_game(scenario, seed)
    moves: list[dict[str, Any]] = []
    while s.result is None and len(moves) < 1000:
        m = rng.choice(engine.legal_moves(s))
        s, _ = engine.apply(s, m)
        moves.append(m)
    return moves


@pytest.fixture(scope="module")
def full_game() -> list[dict[str, Any]]:
    moves = _game("full", 1)
    assert s_over(moves)
    return moves


def s_over(moves: list[dict[str, Any]]) -> bool:
    s = engine.new_game("full", 1)
    for m in moves:
        s, _ = engine.apply(s, m)
    return s.result is not None and len(moves) > 500


@pytest.fixture(params=TRANSPORTS)
def client(request: pytest.FixtureRequest, servers: Servers) -> Iterator[Client]:
    assert servers.core.config.max_replay_work == Config().max_replay_work == 2000
    c = servers.client(request.param)
    try:
        yield c
    finally:
        c.close()


def test_a_replay_over_the_work_limit_is_refused_before_any_work(
        client: Client, full_game: list[dict[str, Any]]) -> None:
    """Every move of a whole game with its state, view and picture (before: 4-10 s of a handler
    thread and a 37-54 MB answer) is refused at once, naming the limit and the page size that
    fits. The last move is illegal: the refusal comes before any move is applied."""
    moves = [*full_game, {"t": "op", "op": "teleport"}]
    t = time.monotonic()
    with pytest.raises(RefereeError) as e:
        client.replay("full", 1, moves=moves, every="move", states=True, views=True,
                      pictures=True)
    took = time.monotonic() - t
    assert (e.value.code, e.value.field) == ("invalid_argument", "count")
    msg = e.value.message
    assert "2000" in msg and "CT_REFEREE_MAX_REPLAY_WORK" in msg and "`next`" in msg
    weight = 1 + WORK["states"] + WORK["views"] + WORK["pictures"]
    assert f"up to {len(moves) + (len(moves) + 1) * weight} units" in msg
    fits = int(re.search(r"at most (\d+) checkpoints", msg).group(1))  # type: ignore[union-attr]
    assert fits == (2000 - len(moves)) // weight
    assert took < 1.0, f"the refusal took {took:.2f} s"


def test_pages_together_are_the_one_answer(client: Client,
                                           full_game: list[dict[str, Any]]) -> None:
    """A whole game's checkpoints fit one answer without extras (the default serves a normal
    replay); fetched in pages of 100 they are the same, and each page ends at its last
    checkpoint."""
    whole = client.replay("full", 1, moves=full_game, every="move")
    assert [c.index for c in whole.checkpoints] == list(range(len(full_game) + 1))
    assert not whole.HasField("next") and whole.result
    pages: list[pb.ReplayResponse] = []
    first = 0
    while True:
        r = client.replay("full", 1, moves=full_game, every="move", first=first, count=100)
        pages.append(r)
        if not r.HasField("next"):
            break
        assert r.next == r.checkpoints[-1].index + 1
        assert r.to_move == r.checkpoints[-1].to_move and not r.result
        first = r.next
    assert len(pages) == 7
    assert [c for p in pages for c in p.checkpoints] == list(whole.checkpoints)
    last = pages[-1]
    assert (last.state, list(last.legal_moves), last.result) == \
        (whole.state, list(whole.legal_moves), whole.result)
    assert [move_dict(c.move) for c in whole.checkpoints[1:]] == full_game


def test_pages_with_pictures_at_the_named_count(client: Client) -> None:
    """The count a refusal names fetches the game with every picture, page after page; each
    page's state is the one at its last checkpoint."""
    moves = _game("short", 2)
    kw: dict[str, Any] = {"every": "move", "pictures": True, "states": True, "role": "gov"}
    with pytest.raises(RefereeError) as e:
        client.replay("short", 2, moves=moves, **kw)
    count = int(re.search(r"at most (\d+) checkpoints", e.value.message).group(1))  # type: ignore[union-attr]
    assert 0 < count < len(moves)
    got: list[pb.Checkpoint] = []
    first, pages = 0, 0
    while True:
        r = client.replay("short", 2, moves=moves, first=first, count=count, **kw)
        pages += 1
        got.extend(r.checkpoints)
        assert r.state == r.checkpoints[-1].state
        if not r.HasField("next"):
            break
        first = r.next
    assert pages == -(-(len(moves) + 1) // count)
    assert [c.index for c in got] == list(range(len(moves) + 1))
    assert all(c.svg.startswith("<svg") or "<svg" in c.svg[:200] for c in got)
    s = engine.new_game("short", 2)
    for m in moves[:50]:
        s, _ = engine.apply(s, m)
    assert got[50].state.json == engine.to_json(s)


def test_card_and_list_pages(client: Client, full_game: list[dict[str, Any]]) -> None:
    whole = client.replay("full", 1, moves=full_game, every="card", states=True)
    assert len(whole.checkpoints) > 10 and not whole.HasField("next")
    a = client.replay("full", 1, moves=full_game, every="card", states=True, count=10)
    b = client.replay("full", 1, moves=full_game, every="card", states=True, first=a.next)
    assert list(a.checkpoints) + list(b.checkpoints) == list(whole.checkpoints)
    assert a.next == a.checkpoints[-1].index + 1 and not b.HasField("next")
    # where "card" checkpoints fall is known only as the moves are applied: counted as they come
    with pytest.raises(RefereeError) as e:
        client.replay("full", 1, moves=full_game, every="card", states=True, pictures=True)
    assert (e.value.code, e.value.field) == ("invalid_argument", "count")
    assert "more than 2000 units" in e.value.message
    at = [0, 7, 300, len(full_game)]
    a = client.replay("full", 1, moves=full_game, at=at, count=2)
    b = client.replay("full", 1, moves=full_game, at=at, first=a.next, count=2)
    assert [c.index for c in a.checkpoints] == [0, 7] and a.next == 8
    assert [c.index for c in b.checkpoints] == [300, len(full_game)] and not b.HasField("next")


@pytest.mark.parametrize("kwargs,field", [({"first": -1}, "first"), ({"first": 4}, "first"),
                                          ({"count": -2}, "count")])
def test_page_errors(client: Client, kwargs: dict[str, Any], field: str) -> None:
    with pytest.raises(RefereeError) as e:
        client.replay("short", 1, moves=[{"t": "decline"}] * 3, every="move", **kwargs)
    assert (e.value.code, e.value.field) == ("invalid_argument", field)
