"""Algeria records (docs/records.md): a checkpoint after every mission and at every change of
turn, phase or the phase's step, so an altered line is caught where it is, not at the end of the
turn; and verdict hints that fit the game (dice, no cards)."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import algeria
from ct_referee_arena.game import play_game
from ct_referee_arena.referee import LocalReferee
from ct_referee_cli.validate import validate_file
from ct_referee_client import connect

SEED = 3


@pytest.fixture(scope="module")
def lines() -> list[str]:
    out = play_game("random", "random", "1954", SEED, referee=LocalReferee(), game="algeria",
                    salt="s")
    return list(out["record"].splitlines())


def objs(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(x) for x in lines]


def validate(tmp_path: Path, lines: list[str]) -> tuple[int, str]:
    path = tmp_path / "GAME.jsonl"
    path.write_text("\n".join(lines) + "\n")
    out = io.StringIO()
    client = connect("local")
    try:
        return validate_file(str(path), client, out), out.getvalue()
    finally:
        client.close()


def test_every_mission_is_closed_by_a_checkpoint(lines: list[str]) -> None:
    o = objs(lines)
    missions = [i for i, x in enumerate(o) if x.get("t") == "mission"]
    assert len(missions) >= 5
    for a, b in zip(missions, missions[1:]):
        assert any("checkpoint" in x for x in o[a + 1:b]), (
            f"no checkpoint between the missions of lines {a + 1} and {b + 1}")
    assert "checkpoint" in o[-2] and "result" in o[-1]


def test_a_changed_setup_placement_is_caught_before_the_first_turn(
        tmp_path: Path, lines: list[str]) -> None:
    """The FLN's last setup placement moved to another area open to it: every later move may
    stay legal, but the checkpoint closing the setup (the phase changes) no longer matches.
    (Checkpointed once a turn, it was caught only at the end of turn 1, past line 130.)"""
    o = objs(lines)
    first = next(i for i, x in enumerate(o) if "checkpoint" in x)
    k = first - 1
    assert o[k]["t"] == "place"
    s = algeria.new_game("1954", SEED)
    for m in o[1:k]:
        s, _ = algeria.apply(s, m)
    other = next(m for m in algeria.legal_moves(s)
                 if m["t"] == "place" and m["unit"] == o[k]["unit"] and m != o[k])
    code, text = validate(tmp_path, lines[:k] + [json.dumps(other)] + lines[k + 1:])
    assert code == 1
    assert f"GAME.jsonl:{first + 1}: CHECKPOINT MISMATCH" in text, text
    assert first + 1 <= 25


def test_hints_speak_of_dice_not_cards(tmp_path: Path, lines: list[str]) -> None:
    for seed in (SEED + 1, SEED + 2, SEED + 3):
        head = dict(json.loads(lines[0]), seed=seed)
        code, text = validate(tmp_path, [json.dumps(head)] + lines[1:])
        assert code == 1, text
        if "hint:" in text:
            break
    hints = [ln for ln in text.splitlines() if "hint:" in ln]
    assert hints and f"seed ({seed})" in hints[0], text
    assert all("card" not in h for h in hints) and "die roll" in hints[0], text
