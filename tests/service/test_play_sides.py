"""``ct-referee play`` for either side and both games, in a real pseudo-terminal (pexpect,
80 x 24): ``--side fln`` plays the FLN against the Government bot (option ``gov_bot``) through
several cards, with the bot's reasons; ``--game algeria`` plays Algeria against its FLN bot (the
default side) or Government bot (``--side fln``, a whole game to its end) or, ``--hotseat``,
both sides, with its own board and scenarios; each record validates."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pexpect

from engine.records import check_record, read_record
from tests import cli_main

from .test_play_terminal import PROMPT, choose, menu, spawn


def last_prompt(text: str) -> str:
    """Whose decision the last menu shown is: its heading's first word."""
    heads = re.findall(r"^(Government|FLN|Chance): ", text.replace("\r", ""), re.M)
    return heads[-1] if heads else ""


def test_the_fln_against_the_government_bot(tmp_path: Path) -> None:
    child = spawn("--side", "fln", "--seed", "3", timeout=60)
    child.expect(r"You are the FLN against the Government bot\.")
    child.expect(PROMPT)
    seen = child.before
    # the bot's first decision (its Pivotal Event window, 2.3.7) is shown before the FLN's menu
    assert "── Government bot" in seen and re.search(r"did:  Play (no )?Pivotal Event", seen)
    turns_of_the_bot = seen.count("── Government bot")
    for _ in range(40):  # several cards: every menu is the FLN's, the bot moves between them
        assert last_prompt(child.before) == "FLN", child.before[-400:]
        child.sendline(choose(menu(child.before)))
        child.expect(PROMPT)
        seen += child.before
        turns_of_the_bot += child.before.count("── Government bot")
        if turns_of_the_bot >= 3 and re.search(r"Card [3-9]\d*/39|Card \d\d/39", seen):
            break  # enough seen (the game may end early: stop while it goes on)
    assert turns_of_the_bot >= 3
    assert re.search(r"Card [3-9]\d*/39|Card \d\d/39", seen), "the game went past two cards"
    child.sendline("t")  # the Government bot's reasons in full: the candidates it weighed
    child.expect(PROMPT)
    assert "among: " in child.before and "Traceback" not in child.before
    child.sendline("s")
    child.expect(r"save the record to \[")
    child.sendline(str(tmp_path / "fln.jsonl"))
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    rec = read_record((tmp_path / "fln.jsonl").open())
    assert rec.header["options"] == {"gov_bot": True}
    verdict = check_record(rec)
    assert verdict.ok, verdict.problem


def test_algeria_the_government_against_the_fln_bot() -> None:
    """The default side: the Government sets up first (3.0), then the FLN bot places its units
    and the game goes on to the Government's next decision."""
    child = spawn("--game", "algeria", "--seed", "5", timeout=60)
    child.expect(r"You are the Government against the FLN bot\.")
    child.expect(PROMPT)
    seen = child.before
    for _ in range(60):
        if "── FLN bot" in seen:
            break
        assert last_prompt(child.before) == "Government", child.before[-400:]
        child.sendline(choose(menu(child.before)))
        child.expect(PROMPT)
        seen += child.before
    assert "── FLN bot" in seen and re.search(r"did: +\S", seen), seen[-800:]
    assert last_prompt(child.before) == "Government"
    child.sendline("t")
    child.expect(PROMPT)
    assert "among: " in child.before and "Traceback" not in child.before
    child.sendline("q")
    child.expect(r"save the game record first\? \[y/N\] ")
    child.sendline("n")
    child.expect(pexpect.EOF)


def test_algeria_the_fln_against_the_government_bot_to_the_end(tmp_path: Path) -> None:
    """The keys a hurried FLN player presses, every Government decision the bot's, to the end
    of the game (12.0); the record kept by --record validates to the same result."""
    path = tmp_path / "alg-fln.jsonl"
    child = spawn("--game", "algeria", "--side", "fln", "--scenario", "1960", "--seed", "2",
                  "--record", str(path), timeout=90)
    child.expect(r"You are the FLN against the Government bot\.")
    decisions = bot_turns = 0
    while True:
        i = child.expect([PROMPT, r"THE GAME IS OVER: (\w+) wins"])
        bot_turns += child.before.count("── Government bot")
        if i == 1:
            break
        assert last_prompt(child.before) == "FLN", child.before[-400:]
        child.sendline(choose(menu(child.before)))
        decisions += 1
        assert decisions < 3000
    winner = child.match.group(1)
    child.expect(pexpect.EOF)
    assert bot_turns >= 2
    rec = read_record(path.open())
    assert rec.header["game"] == "algeria" and rec.header["options"] == {"gov_bot": True}
    assert {"Government": "gov", "FLN": "fln"}[winner] == rec.result["winner"]
    r = cli_main.run("validate", str(path))
    assert r.returncode == 0, r.stdout + r.stderr


def test_algeria_both_sides(tmp_path: Path) -> None:
    child = spawn("--game", "algeria", "--seed", "3", "--hotseat", timeout=60)
    child.expect(r"ct-referee play: 1954, seed 3")
    child.expect(r"You are both sides\.")
    child.expect(PROMPT)
    assert "Algeria 1954 · turn 1 · phase setup" in child.before
    sides = set()
    for _ in range(25):  # the set-up (the Government's units, then the FLN's) and on
        sides.add(last_prompt(child.before))
        keys = menu(child.before)
        assert keys and all("_" not in label for label in keys.values()), keys
        child.sendline(choose(keys))
        child.expect(PROMPT)
    assert sides == {"Government", "FLN"}, sides
    assert re.search(r"^Algiers +[.GF][ *] +\S", child.before.replace("\r", ""), re.M)
    child.sendline("u")  # undo works as in Colonial Twilight
    child.expect(PROMPT)
    assert "undone: " in child.before
    child.sendline("s")
    child.expect(r"save the record to \[")
    child.sendline(str(tmp_path / "algeria.jsonl"))
    child.expect(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    rec = read_record((tmp_path / "algeria.jsonl").open())
    assert rec.header["game"] == "algeria" and rec.scenario == "1954" and len(rec.moves) == 24
    r = cli_main.run("validate", str(tmp_path / "algeria.jsonl"))
    assert r.returncode == 0, r.stdout + r.stderr


def test_scenarios_are_the_games_own() -> None:
    r = subprocess.run([sys.executable, "-m", "ct_referee_cli", "play", "--game", "algeria",
                        "--scenario", "short"], capture_output=True, text=True, timeout=60,
                       stdin=subprocess.DEVNULL)
    assert r.returncode == 2
    assert "--scenario short: algeria's scenarios are 1954, 1958, 1960" in r.stdout + r.stderr
