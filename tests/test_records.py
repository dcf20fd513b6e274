"""Game records (engine.records, docs/records.md): written with checkpoints, read back, checked by
replaying; a deleted or altered line is caught at the next checkpoint, the header is extensible."""

from __future__ import annotations

import io
import json
import random

import pytest

import engine
from engine.records import (
    FORMAT, EngineReferee, RecordError, Verdict, check_record, checkpoint_hash, make_header, read_record,
    write_record,
)


def record_text(scenario: str = "short", seed: int = 3, n: int = 150,
                options: dict[str, object] | None = None, **extra: object) -> str:
    """``n`` random legal moves of a game, written as a record."""
    s = engine.new_game(scenario, seed, options)
    rnd = random.Random(seed)
    steps = []
    start = s
    for _ in range(n):
        if engine.to_move(s) is None:
            break
        m = rnd.choice(engine.legal_moves(s))
        s, _ = engine.apply(s, m)
        steps.append((m, s))
    out = io.StringIO()
    write_record(out, make_header(scenario, seed, options, **extra), start, steps, s.result)
    return out.getvalue()


def lines_of(text: str) -> list[str]:
    return text.splitlines()


def test_a_written_record_reads_back_and_checks() -> None:
    text = record_text(players={"gov": "alice 1.0", "fln": "bob 2"})
    rec = read_record(lines_of(text))
    assert rec.header["format"] == FORMAT
    assert rec.header["players"] == {"gov": "alice 1.0", "fln": "bob 2"}  # unknown keys kept
    assert len(rec.moves) == 150
    assert len(rec.checkpoints) >= 3
    v = check_record(rec)
    assert v.ok, v.text()
    assert v.moves == 150 and v.checkpoints == len(rec.checkpoints)
    assert v.to_move in ("gov", "fln")


def test_checkpoints_follow_each_new_card_and_the_end() -> None:
    text = record_text()
    objs = [json.loads(ln) for ln in lines_of(text)]
    seen_turns = [o["checkpoint"]["turn"] for o in objs if "checkpoint" in o]
    assert seen_turns == sorted(seen_turns)
    assert "checkpoint" in objs[-1]  # the last moves are closed by a checkpoint
    for i, o in enumerate(objs):
        if "checkpoint" in o:
            assert o["checkpoint"]["moves"] == sum(1 for p in objs[1:i] if "t" in p)


def test_a_deleted_move_line_is_caught_at_the_next_checkpoint() -> None:
    lines = lines_of(record_text())
    k = next(i for i, ln in enumerate(lines) if i > 20 and '"t"' in ln)
    cp_line = next(i for i in range(k, len(lines)) if "checkpoint" in lines[i])
    del lines[k]
    v = check_record(read_record(lines))
    assert v.kind in ("checkpoint", "illegal_move")
    if v.kind == "checkpoint":
        assert v.line == cp_line  # numbered in the edited file: the checkpoint moved up one line
        assert "deleted or added" in v.problem


def test_an_altered_move_is_caught_by_the_checkpoint_hash() -> None:
    """Swap two legal moves of one prompt: every move stays legal, the checkpoint does not."""
    s = engine.new_game("short", 5)
    moves = engine.legal_moves(s)
    assert moves[0] != moves[1]
    out = io.StringIO()
    s1, _ = engine.apply(s, moves[0])
    write_record(out, make_header("short", 5), s, [(moves[0], s1)])
    lines = lines_of(out.getvalue())
    lines[1] = json.dumps(moves[1])
    v = check_record(read_record(lines))
    assert v.kind == "checkpoint" and v.line == 3
    assert "does not match this checkpoint" in v.problem


def test_header_errors_and_extensibility() -> None:
    with pytest.raises(RecordError, match="line 1: header: format"):
        read_record(['{"format": "ct-record/9", "scenario": "short"}'])
    with pytest.raises(RecordError, match="empty record"):
        read_record(["", "# a comment"])
    with pytest.raises(RecordError, match="line 2: neither a move"):
        read_record(['{"scenario": "short"}', '{"x": 1}'])
    rec = read_record(['{"scenario": "short", "seed": 1, "options": {"reveal_gadgets": true}}'])
    v = check_record(rec)
    assert v.kind == "header" and "options.reveal_gadgets" in v.problem


def test_label_is_dropped_when_reading() -> None:
    s = engine.new_game("short", 2)
    m = engine.legal_moves(s)[0]
    rec = read_record([json.dumps(make_header("short", 2)), json.dumps({**m, "label": "x"})])
    assert rec.moves == [m]
    assert check_record(rec).ok


def test_checkpoint_hash_ignores_what_a_sealed_state_hides() -> None:
    s = engine.new_game("short", 4)
    data = s.to_data()
    sealed = dict(data, rng="sealed", deception="sealed",
                  cards=dict(data["cards"], deck="sealed", set_aside="sealed"))
    assert checkpoint_hash(s) == checkpoint_hash(sealed) == checkpoint_hash(engine.to_json(s))
    other = s.copy()
    other.resources["gov"] += 1
    assert checkpoint_hash(other) != checkpoint_hash(s)


def test_a_result_line_must_match_a_finished_game() -> None:
    text = record_text(n=100000)
    rec = read_record(lines_of(text))
    assert rec.result is not None and check_record(rec).ok
    lines = lines_of(text)
    res = json.loads(lines[-1])["result"]
    res["winner"] = "fln" if res["winner"] == "gov" else "gov"
    lines[-1] = json.dumps({"result": res})
    v = check_record(read_record(lines))
    assert v.kind == "result"


def test_engine_referee_reports_the_alternatives_and_a_chance_hint() -> None:
    rec = read_record([json.dumps(make_header("short", 1)), '{"t": "roll", "value": 3}'])
    v = check_record(rec, EngineReferee())
    assert v.kind == "illegal_move" and v.line == 2
    assert v.legal == engine.legal_moves(engine.new_game("short", 1))
    assert any('"chance": "external"' in h for h in v.hints)


def test_another_seed_in_the_header_is_hinted_at() -> None:
    """The moves are as played but the header's seed is not the game's: the verdict (an illegal
    move right after a draw, or a checkpoint) says to check the seed and options."""
    lines = lines_of(record_text(seed=3))
    for seed in (4, 5, 6):
        header = dict(json.loads(lines[0]), seed=seed)
        v = check_record(read_record([json.dumps(header)] + lines[1:]))
        assert v.kind in ("illegal_move", "checkpoint"), v.text()
        assert any(f"seed ({seed})" in h for h in v.hints), v.text()


def test_verdict_text_lists_the_alternatives() -> None:
    s = engine.new_game("short", 1)
    rec = read_record([json.dumps(make_header("short", 1)), '{"t": "teleport"}'])
    text = check_record(rec).text("g.jsonl")
    assert text.startswith('g.jsonl:2: move 1 {"t": "teleport"} is ILLEGAL: turn 1, card #')
    assert f"legal here ({len(engine.legal_moves(s))}):" in text
    assert json.dumps(engine.legal_moves(s)[0]) in text


def test_a_result_mismatch_names_the_key_that_differs() -> None:
    lines = lines_of(record_text(n=100000))
    res = json.loads(lines[-1])["result"]
    won = res["winner"]
    lost = "fln" if won == "gov" else "gov"
    lines[-1] = json.dumps({"result": {**res, "winner": lost}})
    v = check_record(read_record(lines))
    assert v.kind == "result"
    assert f'winner: the record says "{lost}", the game "{won}"' in v.problem, v.problem
    assert "RESULT MISMATCH" in v.text()


def test_a_record_cut_short_under_a_forged_result_line_says_so() -> None:
    """A game in progress with a victory claimed, or a forfeit claimed for the side not to
    move, is refused (it was "game in progress" and ok); a forfeit of the side to move is a
    ladder's result and holds."""
    lines = lines_of(record_text(n=60))
    assert "result" not in lines[-1]
    rec = read_record(lines)
    to_move = check_record(rec).to_move
    other = "fln" if to_move == "gov" else "gov"
    forged = check_record(read_record(lines + [json.dumps({"result": {"winner": "gov"}})]))
    assert forged.kind == "result" and "cut short" in forged.problem, forged.text()
    assert "game in progress" not in forged.text()
    wrong_side = check_record(read_record(lines + [json.dumps({"result": {
        "winner": to_move, "by": "forfeit", "forfeit": {"side": other, "kind": "time"}}})]))
    assert wrong_side.kind == "result" and f"{other} forfeited: {to_move} was to move" in wrong_side.problem
    fair = check_record(read_record(lines + [json.dumps({"result": {
        "winner": other, "by": "forfeit", "forfeit": {"side": to_move, "kind": "time"}}})]))
    assert fair.ok, fair.text()


def test_no_blame_on_the_seed_for_a_record_whose_chance_is_external() -> None:
    """With external chance the draws are the record's moves: a checkpoint mismatch says a line
    is not as played, not that the header's seed differs."""
    lines = lines_of(record_text(n=200, options={"chance": "external"}))
    objs = [json.loads(ln) for ln in lines]
    header = dict(objs[0], seed=objs[0].get("seed", 0) + 1)   # the seed plays no part here
    assert check_record(read_record([json.dumps(header)] + lines[1:])).ok
    # a move changed for another legal one: the checkpoint after it does not match
    s = engine.new_game("short", header["seed"], {"chance": "external"})
    got: Verdict | None = None
    for k in range(1, len(objs)):
        if "t" not in objs[k]:
            continue
        for alt in [m for m in engine.legal_moves(s) if m != objs[k]][:1]:
            got = check_record(read_record(lines[:k] + [json.dumps(alt)] + lines[k + 1:]))
        if got is not None and got.kind == "checkpoint":
            break
        got = None
        s, _ = engine.apply(s, objs[k])
    else:
        pytest.fail("no move could be changed for another legal one")
    assert got is not None and got.hints and all("seed" not in h for h in got.hints), got.text()
    assert "external chance" in got.hints[0]
