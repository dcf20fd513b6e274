"""``ct-referee verify``: a ladder's record holds, and each way of cheating on it is caught: a
tampered result, a changed seed (with or without a matching commitment), a swapped move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from ct_referee_arena.fair import commitment, verify_record
from ct_referee_arena.game import play_game
from ct_referee_arena.referee import LocalReferee
from ct_referee_cli import main


@pytest.fixture(scope="module")
def record() -> list[dict[str, Any]]:
    out = play_game("random", "fln-bot", "short", 21, referee=LocalReferee(), salt="pepper")
    return [json.loads(x) for x in out["record"].splitlines()]


def text(lines: list[dict[str, Any]]) -> list[str]:
    return [json.dumps(x) for x in lines]


def problems(lines: list[dict[str, Any]], published: set[str] | None = None) -> str:
    v = verify_record(text(lines), published)
    assert not v.ok
    return "\n".join(v.problems)


def test_an_honest_record_verifies(record: list[dict[str, Any]]) -> None:
    v = verify_record(text(record), {record[0]["commitment"]})
    assert v.ok, v.problems
    assert record[0]["commitment"] == commitment(21, "pepper")
    assert any("among those published" in f for f in v.facts)


def test_a_tampered_result_is_caught(record: list[dict[str, Any]]) -> None:
    bad = [*record[:-1], {"result": {**record[-1]["result"], "winner": "gov"}}]
    assert "RESULT" in problems(bad)


def test_a_changed_seed_is_caught(record: list[dict[str, Any]]) -> None:
    bad = [{**record[0], "seed": 22}, *record[1:]]
    assert "do not match the commitment" in problems(bad)


def test_a_changed_seed_with_a_new_commitment_is_caught(record: list[dict[str, Any]]) -> None:
    head = {**record[0], "seed": 22, "commitment": commitment(22, "pepper")}
    got = problems([head, *record[1:]], {record[0]["commitment"]})
    assert "not among those published" in got
    # and without the published list, the draws of seed 22 are not those recorded
    assert "CHECKPOINT" in problems([head, *record[1:]]) or "ILLEGAL" in problems(
        [head, *record[1:]])


def test_a_swapped_move_is_caught(record: list[dict[str, Any]]) -> None:
    moves = [i for i, x in enumerate(record) if "t" in x]
    for a, b in zip(moves, moves[1:]):
        if record[a] != record[b]:
            break
    bad = list(record)
    bad[a], bad[b] = bad[b], bad[a]
    assert "CHECKPOINT" in problems(bad) or "ILLEGAL" in problems(bad)


def test_a_forfeit_claimed_for_the_wrong_side_is_caught(record: list[dict[str, Any]]) -> None:
    moves = [i for i, x in enumerate(record) if "t" in x]
    k = next(i for i in range(moves[40], len(record)) if "checkpoint" in record[i])
    cut = record[:k + 1]   # the game stopped at a checkpoint; who was to move?
    v = verify_record(text(cut + [{"result": {"winner": "gov", "by": "forfeit", "forfeit": {
        "side": "fln", "kind": "time", "detail": "claimed"}}}]))
    w = verify_record(text(cut + [{"result": {"winner": "fln", "by": "forfeit", "forfeit": {
        "side": "gov", "kind": "time", "detail": "claimed"}}}]))
    assert v.ok != w.ok   # exactly one side was to move there
    assert any("was to move" in p for p in (v.problems + w.problems))


def test_the_command(record: list[dict[str, Any]], tmp_path: Path,
                     capsys: pytest.CaptureFixture[str]) -> None:
    good, bad = tmp_path / "good.jsonl", tmp_path / "bad.jsonl"
    good.write_text("\n".join(text(record)) + "\n")
    bad.write_text("\n".join(text([{**record[0], "seed": 1}, *record[1:]])) + "\n")
    pub = tmp_path / "commitments.json"
    pub.write_text(json.dumps({"games": [{"id": 1, "commitment": record[0]["commitment"]}]}))
    assert main(["verify", str(good), "--commitments", str(pub)]) == 0
    assert "VERIFIED" in capsys.readouterr().out
    assert main(["verify", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}: REJECTED" in out and "FAIL: the seed and salt" in out


def test_a_record_cut_between_checkpoints_is_caught(record: list[dict[str, Any]]) -> None:
    """A ladder's record closes its last move with a checkpoint: one cut short under a forfeit
    of the side to move, without it, is refused (it verified)."""
    moves = [i for i, x in enumerate(record) if "t" in x]
    cut = [x for x in record[:moves[40]] if "result" not in x]
    got = [verify_record(text(cut + [{"result": {"winner": w, "by": "forfeit", "forfeit": {
        "side": s, "kind": "time", "detail": "claimed"}}}])) for w, s in (("gov", "fln"),
                                                                           ("fln", "gov"))]
    assert not any(v.ok for v in got)
    assert all(any("no checkpoint after the last move" in p for p in v.problems) for v in got)
