"""The service side of untrusted states: a state's data found inconsistent while moves are
applied is ``invalid_state`` (never a 500), and the FLN bot's work is bounded by the request's
time limit (``deadline_exceeded``)."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

import engine
from ct_referee_client import Client, RefereeError
from engine.bot import decide
from engine.data import CITIES
from service.config import Config
from service.core import Core
from tests.test_serial import SHORT, data_of, load, on_event

from .conftest import Servers, start_servers


def refugees_picking_three_cities() -> dict[str, Any]:
    """#43 Refugees executed, its pick of Cities for "+1 Pop" markers allowing 3 of the 2 markers
    (1.3.3): each pick is a legal move, the last one would leave 3 markers on the map."""
    d = data_of(SHORT)
    c = d["cards"]
    for pile in ("deck", "set_aside"):
        if 43 in c[pile]:
            c[pile][c[pile].index(43)] = c["current"]
    c["current"] = 43
    return on_event(d, {"k": "pick", "who": d["sop"]["first"], "prompt": "Refugees",
                        "options": list(CITIES), "min": 2, "max": 3, "into": "cities",
                        "picked": []})


def test_data_found_inconsistent_while_applying_is_an_invalid_state(client: Client) -> None:
    d = refugees_picking_three_cities()
    s = load(d)  # accepted: each part of it is consistent with the board
    picks = [{"t": "pick", "value": city} for city in CITIES]
    with pytest.raises(engine.StateError) as e:
        engine.apply_all(s, picks)
    assert "invalid state" in e.value.reason and "Pop +1" in e.value.reason
    with pytest.raises(RefereeError) as err:
        client.apply({"json": json.dumps(d)}, moves=picks)
    assert err.value.code == "invalid_state" and err.value.move_index == 2
    assert err.value.status in (422, "INVALID_ARGUMENT")
    assert err.value.field == f"state.pending[{len(d['pending']) - 1}]"
    v = client.validate({"json": json.dumps(d)}, moves=picks[:2])  # the first two are fine
    assert v.legal and v.applied == 2


@pytest.mark.parametrize("transport", ["rest", "grpc"])
def test_the_bot_works_within_the_request_time_limit(transport: str) -> None:
    seen: list[dict[str, Any]] = []

    def bot(s: engine.State, seed: int, **kw: Any) -> Any:
        seen.append(kw)
        return decide(s, seed, **kw)

    cfg = Config()
    servers: Servers = start_servers(cfg, Core(cfg, bot=bot))
    tight: Servers = start_servers(cfg, Core(cfg, bot=functools.partial(decide, max_steps=2)))
    try:
        g = servers.client(transport).new_game("short", 2, {"fln_bot": True})
        state = g.state
        while g.to_move != "fln":
            g = servers.client(transport).apply(state, g.legal_moves[-1])
            state = g.state
        r = servers.client(transport).decide(state, 1)
        assert r.moves and seen and isinstance(seen[0].get("deadline"), float)
        with pytest.raises(RefereeError) as err:
            tight.client(transport).decide(state, 1)
        assert err.value.code == "deadline_exceeded"
        assert err.value.status in (503, "DEADLINE_EXCEEDED")
    finally:
        servers._stop()
        tight._stop()
