"""``ct-referee play --game insurgent`` in a real pseudo-terminal (pexpect, 80 x 24): the FLN
against the Solo Variant's automated French (``--side fln``: option ``french_bot``), a face-down
play among its moves and the automaton's priorities under ``t``; and both sides at one screen,
where each board shows the hand of the player to move only. Each record validates."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pexpect

from engine.records import read_record

from .test_play_terminal import PROMPT, choose, menu, spawn


def last_prompt(text: str) -> str:
    heads = re.findall(r"^(FLN|French|Chance): ", text.replace("\r", ""), re.M)
    return heads[-1] if heads else ""


def quit_game(child: Any) -> None:
    """q: the record kept by --record is saved after each turn (asked only when it is not)."""
    child.sendline("q")
    if child.expect([r"save the game record first\? \[y/N\] ", pexpect.EOF]) == 0:
        child.sendline("n")
        child.expect(pexpect.EOF)


def validate(path: Path) -> None:
    r = subprocess.run([sys.executable, "-m", "ct_referee_cli", "validate", str(path)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_fln_against_the_french_automaton(tmp_path: Path) -> None:
    path = tmp_path / "solo.jsonl"
    child = spawn("--game", "insurgent", "--side", "fln", "--seed", "8", "--record", str(path),
                  timeout=60)
    child.expect(r"You are the FLN against the French automaton\.")
    child.expect(PROMPT)
    seen = child.before
    face_down = False
    for _ in range(60):
        if seen.count("── French automaton") >= 2:
            break
        assert last_prompt(child.before) == "FLN", child.before[-400:]
        keys = menu(child.before)
        down = [k for k, label in keys.items() if "face down" in label]
        face_down = face_down or bool(down)
        child.sendline(down[0] if down else choose(keys))
        child.expect(PROMPT)
        seen += child.before
    assert face_down and seen.count("── French automaton") >= 2, seen[-800:]
    assert "Your hand (FLN)" in seen and "Your hand (French)" not in seen
    assert "FLN agent" in seen and "[face down]" in seen
    child.sendline("t")   # the automaton's reasons: the priority of the solo lists
    child.expect(PROMPT)
    assert re.search(r"FRENCH TURNS|PLAYING SUPPORTERS|CHOOSING RECRUITS|TARGETS",
                     child.before) and "Traceback" not in child.before
    quit_game(child)
    rec = read_record(path.open())
    assert rec.header["game"] == "insurgent" and rec.header["options"] == {"french_bot": True}
    validate(path)


def test_both_sides_each_sees_its_own_hand(tmp_path: Path) -> None:
    path = tmp_path / "hot.jsonl"
    child = spawn("--game", "insurgent", "--seed", "5", "--record", str(path), timeout=60)
    child.expect(r"You are both sides \(each sees only its own hand")
    child.expect(PROMPT)
    sides = set()
    shown: set[str] = set()
    for _ in range(40):
        who = last_prompt(child.before)
        assert who in ("FLN", "French"), child.before[-400:]
        sides.add(who)
        hands = re.findall(r"Your hand \((FLN|French)\)", child.before)
        assert set(hands) <= {who}, child.before[-600:]   # never the other player's hand
        shown |= set(hands)
        child.sendline(choose(menu(child.before)))
        child.expect(PROMPT)
    assert sides == {"FLN", "French"} and shown == sides   # each its own hand, in turn
    quit_game(child)
    rec = read_record(path.open())
    assert rec.header["options"] == {} and len(rec.moves) >= 40
    validate(path)
