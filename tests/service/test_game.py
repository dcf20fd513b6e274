"""A whole Short game driven through each transport by choosing legal moves; every answer is
checked against the engine called directly (byte-for-byte state, log, legal moves)."""

from __future__ import annotations

import json
import random

import pytest

import engine
from ct_referee_client import Client, RefereeError, move_dict

STEP_CAP = 3000


def drive(client: Client, seed: int) -> tuple[int, str]:
    """Play until the game ends or STEP_CAP moves; returns (moves played, how it stopped).

    While parts of the rules are still being written, the engine may fail on a position; the
    service must then answer ``internal`` (never leaking details), and the drive stops there."""
    rnd = random.Random(seed)
    g = client.new_game("short", seed)
    expected = engine.new_game("short", seed, {})
    assert g.state.json == engine.to_json(expected)
    state = g.state
    for step in range(STEP_CAP):
        lm = client.legal_moves(state)
        assert lm.to_move == (engine.to_move(expected) or "")
        assert lm.prompt == engine.prompt(expected)
        moves = [move_dict(m) for m in lm.legal_moves]
        assert moves == engine.legal_moves(expected)
        if not lm.to_move:
            assert json.loads(state.json)["result"] is not None
            return step, "game over"
        pick = rnd.randrange(len(moves))
        try:
            want, want_log = engine.apply(expected, moves[pick])
        except engine.EngineError:
            raise
        except Exception:  # the engine cannot handle this position yet
            with pytest.raises(RefereeError) as ei:
                client.apply(state, lm.legal_moves[pick])
            assert ei.value.code == "internal"
            assert "Traceback" not in ei.value.message and "engine" not in ei.value.message
            return step, "engine gap"
        r = client.apply(state, lm.legal_moves[pick])  # a legal move sent back unchanged
        assert r.state.json == engine.to_json(want)
        assert [e.rule for e in r.log] == [e["rule"] for e in want_log]
        assert [e.text for e in r.log] == [e["text"] for e in want_log]
        assert [move_dict(m) for m in r.legal_moves] == engine.legal_moves(want)
        state, expected = r.state, want
    return STEP_CAP, "step cap"


@pytest.mark.parametrize("seed", [1, 2])
def test_whole_game(client: Client, seed: int) -> None:
    played, why = drive(client, seed)
    assert played > 0, why


def test_whole_turn_as_a_list_of_moves(client: Client) -> None:
    """Apply with `moves` folds the moves in order (DESIGN §2) and equals one-by-one applies."""
    g = client.new_game("short", 11)
    s = engine.new_game("short", 11, {})
    moves = []
    for _ in range(3):
        ms = engine.legal_moves(s)
        if not ms:
            break
        m = ms[-1]
        try:
            s, _ = engine.apply(s, m)
        except engine.EngineError:
            raise
        except Exception:
            break
        moves.append(m)
    r = client.apply(g.state, moves=moves)
    assert r.state.json == engine.to_json(s)
    v = client.validate(g.state, moves=moves)
    assert v.legal and v.applied == len(moves)
    assert not v.HasField("error")
