"""The parsed-state tier of the core: a state the referee returned (or parsed) is not parsed again,
and keeping it changes nothing about any answer."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from ct_referee_client import to_move
from ct_referee_proto.v1 import referee_pb2 as pb
from service.config import Config
from service.core import Core


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The documents engine.from_json is asked to parse."""
    seen: list[str] = []
    real = engine.from_json

    def counting(doc: str) -> Any:
        seen.append(doc)
        return real(doc)
    monkeypatch.setattr(engine, "from_json", counting)
    return seen


def core(states: int, seal: bool = False) -> Core:
    # no result or response cache: every request runs, so only the state tier can skip a parse
    return Core(Config(cache_size=0, response_cache_mb=0, state_cache_mb=states,
                       secret=b"s" if seal else None, seal=seal))


def apply(c: Core, state: pb.GameState, move: dict[str, Any]) -> pb.ApplyResponse:
    return c.apply(pb.ApplyRequest(state=state, move=to_move(move)), c.call())


@pytest.mark.parametrize("seal", [False, True])
def test_returned_states_are_not_parsed_again(parses: list[str], seal: bool) -> None:
    c = core(16, seal)
    g = c.new_game(pb.NewGameRequest(scenario="short", seed=3), c.call())
    r = c.apply(pb.ApplyRequest(state=g.state, move=g.legal_moves[0]), c.call())
    parses.clear()
    nxt = c.legal_moves(pb.LegalMovesRequest(state=r.state), c.call())
    assert parses == [] and nxt.legal_moves


def test_a_client_state_is_parsed_once(parses: list[str]) -> None:
    c = core(16)
    doc = engine.to_json(engine.new_game("short", 5, {}))
    ms = engine.legal_moves(engine.from_json(doc))
    parses.clear()
    first = apply(c, pb.GameState(json=doc), ms[0])
    second = apply(c, pb.GameState(json=doc), ms[-1])
    # the client's state once; each state returned is checked before it is issued, without
    # parsing its text (engine.validate.check_issued)
    assert parses == [doc]
    # the same answers as a core that parses every time
    plain = core(0)
    assert apply(plain, pb.GameState(json=doc), ms[0]) == first
    assert apply(plain, pb.GameState(json=doc), ms[-1]) == second
    assert parses.count(doc) == 3
    # and a returned state, read again from its text, is the one the tier keeps
    for r in (first, second):
        kept = c.states.get((r.state.json, None))
        assert kept is not None and kept.to_data() == engine.from_json(r.state.json).to_data()
        assert engine.legal_moves(kept) == engine.legal_moves(engine.from_json(r.state.json))


def test_kept_states_are_never_changed() -> None:
    """The bot and the engine get the kept object itself: it must read the same afterwards."""
    c = core(64)
    g = c.new_game(pb.NewGameRequest(scenario="short", seed=11), c.call())
    state = g.state
    for _ in range(40):
        lm = c.legal_moves(pb.LegalMovesRequest(state=state), c.call())
        if not lm.to_move:
            break
        before = state.json
        kept = c.states.get((before, None))
        assert kept is not None and engine.to_json(kept) == before
        if lm.to_move == "fln":
            state = c.decide(pb.DecideRequest(state=state, seed=2), c.call()).state
        else:
            state = c.apply(pb.ApplyRequest(state=state, move=lm.legal_moves[-1]),
                            c.call()).state
        assert engine.to_json(kept) == before
